"""The marks a printed list starts its items with: •, ・, –, -, ▪, numbered (1. 2), (3), [4],
①) and the like; a line that starts with one is an item, and the mark is no text of it."""

from __future__ import annotations

import re

_MARKS = "•●○◦▪▫■□◆◇►▸▶‣⁃∙·・–—-*✓✔➢➤→"
_BULLET = re.compile(rf"^\s*[{re.escape(_MARKS)}]\s*")
_NUMBER = re.compile(r"^\s*(?:\[\d{1,3}\]|\(\d{1,3}\)|\d{1,3}[.)](?!\d)|[①-⑳])\s*")


def marked(text: str) -> tuple[str | None, str]:
    """The item's mark ("•", "[3]") and its text; (None, text) when it has none."""
    for pattern in (_NUMBER, _BULLET):
        if match := pattern.match(text):
            rest = text[match.end() :]
            # "- 2020" and "-5%" are no items; a mark must stand before words.
            if rest and (match.group().strip() not in "-–—" or match.group().endswith(" ")):
                return match.group().strip(), rest
    return None, text


def numbered(mark: str | None) -> bool:
    return mark is not None and bool(_NUMBER.match(mark + " "))

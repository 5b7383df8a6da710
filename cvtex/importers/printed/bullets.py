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


def alone(text: str) -> str | None:
    """The mark, when ``text`` is a mark and nothing else (a bullet set apart from its
    item's text by a gap as wide as a cell's)."""
    text = text.strip()
    if text and (_BULLET.fullmatch(text) or _NUMBER.fullmatch(text)):
        return text
    return None

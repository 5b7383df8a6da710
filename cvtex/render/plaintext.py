"""The plain-text copy of a CV (``--format txt``): what an application form takes pasted.

UTF-8, one paragraph per line, so that the form wraps it: section titles underlined, list
items after "- " (or their number), an entry's place and dates after its heading, links as
"text <url>". ``--text-width N`` wraps every line at N columns instead, a Chinese
character (East Asian Wide or Fullwidth) counting as two, continued lines indented under
their item's text. Written from the same blocks as the Word copy (blocks.py).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .blocks import Block, Blocks, Run, cv_blocks, plain
from .document import Document

if TYPE_CHECKING:
    from ..pipeline.load import Loaded
    from ..view.localize import Localized

# A line never starts with closing punctuation, nor ends with opening punctuation.
CLOSING = set("，。、；：！？）》」』】〕〉”’…%),.;:!?]}·")
OPENING = set("（《「『【〔〈“‘([{")
UNDERLINES = {"section": "=", "group": "-"}


def text_document(loaded: Loaded, item: Localized) -> Document:
    """The txt row of the renderers' table."""
    blocks = cv_blocks(item.view, item.catalog)
    text = render_text(blocks, item.catalog.punctuation.comma, loaded.request.text_width)
    return Document(item.language, "txt", loaded.stem(item.language) + ".txt", text)


def render_text(blocks: Blocks, comma: str, width: int | None = None) -> str:
    """``blocks`` as text; ``comma`` joins a line's right part to its left one."""
    lines: list[str] = []
    numbers: dict[int, int] = {}  # the next number of the numbered list at each level
    for index, block in enumerate(blocks.blocks):
        if block.kind in ("section", "entry", "group", "referee") and index > 0:
            lines.append("")
        prefix = _prefix(block, numbers)
        text = line_text(block.runs)
        if block.right:
            text += comma + line_text(block.right) if text else line_text(block.right)
        lines += wrapped(prefix + text, width, " " * columns(prefix))
        if underline := UNDERLINES.get(block.kind):
            lines.append(underline * max(columns(text), 1))
        for line in block.lines:
            lines += wrapped(line_text(line), width, "")
    if blocks.footer:
        lines += ["", *wrapped(line_text(blocks.footer), width, "")]
    return "\n".join(lines) + "\n"


def _prefix(block: Block, numbers: dict[int, int]) -> str:
    indent = "  " * max(block.level - 1, 0)
    if block.kind != "item":
        return indent
    if block.label:
        return f"{indent}{block.label} "
    if block.marker == "number":
        number = 1 if block.restart else numbers.get(block.level, 1)
        numbers[block.level] = number + 1
        return f"{indent}{number}. "
    return f"{indent}- "


def line_text(runs: Iterable[Run]) -> str:
    """Runs as text: a link's text, then its address in angle brackets (unless the text
    is the address already)."""
    out: list[str] = []
    runs = list(runs)
    for index, run in enumerate(runs):
        out.append(run.text)
        following = runs[index + 1].url if index + 1 < len(runs) else None
        if run.url and following != run.url:
            shown = plain(r for r in runs[: index + 1] if r.url == run.url)
            if _address(run.url) not in (shown.strip(), f"{shown.strip()}/"):
                out.append(f" <{run.url}>")
    return "".join(out)


def _address(url: str) -> str:
    for scheme in ("mailto:", "tel:", "https://", "http://"):
        if url.startswith(scheme):
            return url.removeprefix(scheme)
    return url


def columns(text: str) -> int:
    """How many columns ``text`` takes in a terminal: two for a wide (CJK) character."""
    return sum(_width(char) for char in text)


def _width(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def wrapped(line: str, width: int | None, indent: str) -> list[str]:
    """``line`` broken into lines of at most ``width`` columns (a word longer than that
    stands alone); after a space, or between two characters of which one is wide."""
    if width is None or columns(line) <= width:
        return [line]
    lines: list[str] = []
    current, spaced = "", False
    for token in _tokens(line):
        if token == " ":
            spaced = bool(current.strip())
            continue
        joined = current + (" " if spaced else "") + token
        if columns(joined) <= width or not current.strip():
            current = joined
        else:
            lines.append(current.rstrip())
            current = indent + token
        spaced = False
    lines.append(current.rstrip())
    return lines


def _tokens(line: str) -> list[str]:
    """Pieces that are never broken: a Latin word, a wide character; punctuation stays with
    the piece it closes or opens. A leading indent or marker is one piece."""
    stripped = line.lstrip(" ")
    tokens: list[str] = [line[: len(line) - len(stripped)]] if stripped != line else []
    for char in stripped:
        last = tokens[-1] if tokens else ""
        if char == " ":
            if last != " ":
                tokens.append(" ")
        elif last and last != " " and _joins(last, char):
            tokens[-1] = last + char
        else:
            tokens.append(char)
    return tokens


def _joins(token: str, char: str) -> bool:
    previous = token[-1]
    if char in CLOSING or previous in OPENING:
        return True
    return _width(char) < 2 and _width(previous) < 2

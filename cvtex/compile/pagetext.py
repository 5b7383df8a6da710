"""Where a PDF's text stands on its pages: each character's box and baseline, as PDFium
(Chrome's reader) gives them, gathered into lines and the lines into columns.

What the page checks measure (check/pages.py: how full each page is, how wide a word
space is) and what fitting measures (compile/pdf.py: how much of the last page holds
text). Positions are in PDF points, from the top-left corner of the page. Only text is
seen: what cvtex draws as outlines (icons, bullets, the running name and page number) is
not text to any reader, nor to this.
"""

from __future__ import annotations

import ctypes
import itertools
import statistics
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import pdfium

if TYPE_CHECKING:
    from ..look.design import Design


@dataclass(frozen=True)
class Glyph:
    char: str
    left: float
    right: float
    baseline: float  # from the top of the page
    size: float  # the font size it is set at
    placed: bool = True  # its box is where it stands (see _placed)


@dataclass(frozen=True)
class Line:
    """Characters on one baseline, left to right (a superscript with its line)."""

    glyphs: tuple[Glyph, ...]

    @property
    def baseline(self) -> float:
        return statistics.median(glyph.baseline for glyph in self.glyphs)

    @property
    def size(self) -> float:
        return max(glyph.size for glyph in self.glyphs)

    @property
    def left(self) -> float:
        return self.glyphs[0].left

    @property
    def right(self) -> float:
        return max(glyph.right for glyph in self.glyphs)

    def gaps(self) -> Iterator[tuple[int, float]]:
        """Each white between two characters whose places are known: (index of the one
        after it, its width)."""
        reach = self.glyphs[0].right  # a mark drawn over its letter ends left of the letter
        for index in range(1, len(self.glyphs)):
            if self.glyphs[index].placed and self.glyphs[index - 1].placed:
                yield index, self.glyphs[index].left - reach
            reach = max(reach, self.glyphs[index].right)

    def text(self, start: int = 0, end: int | None = None) -> str:
        """The characters from ``start`` to ``end``, a space where the white between two is
        wider than a fifth of the type's size (as readers put one)."""
        glyphs = self.glyphs[start:end]
        out = []
        for index, glyph in enumerate(glyphs):
            if index and glyph.left - glyphs[index - 1].right > 0.2 * glyph.size:
                out.append(" ")
            out.append(glyph.char)
        return "".join(out)


@dataclass(frozen=True)
class Column:
    left: float
    right: float
    lines: tuple[Line, ...]  # top to bottom


@dataclass(frozen=True)
class PageText:
    width: float
    height: float
    glyphs: tuple[Glyph, ...]

    @cached_property
    def lines(self) -> tuple[Line, ...]:
        return _lines(self.glyphs)

    @cached_property
    def columns(self) -> tuple[Column, ...]:
        """The page's columns, left to right: one, or those a gutter divides (a white band
        running down the page that no character of body size crosses, with text of some
        width on both sides: the sidebar theme's side and main columns)."""
        gutter = _gutter(self)
        if gutter is None:
            return (Column(0.0, self.width, self.lines),)
        left = tuple(glyph for glyph in self.glyphs if glyph.right <= gutter)
        right = tuple(glyph for glyph in self.glyphs if glyph.right > gutter)
        return (
            Column(0.0, gutter, _lines(left)),
            Column(gutter, self.width, _lines(right)),
        )


@dataclass(frozen=True)
class TextArea:
    """Where a page's text block is: its top and bottom margins, in points."""

    top: float
    bottom: float

    @classmethod
    def of(cls, design: Design) -> TextArea:
        return cls(design.margin("top"), design.margin("bottom"))

    def height(self, page: PageText) -> float:
        return page.height - self.top - self.bottom

    def foot(self, page: PageText) -> float:
        return page.height - self.bottom

    def filled(self, page: PageText, lines: tuple[Line, ...]) -> float:
        """How far down the text block ``lines`` reach (0 to 1), from the block's top to
        the last baseline in it: a full page ends at 1, its last baseline on the block's
        foot. Lines below the foot (the last page's "updated" line) are not counted."""
        inside = [line.baseline for line in lines if line.baseline <= self.foot(page) + 2]
        if not inside:
            return 0.0
        return (max(inside) - self.top) / self.height(page)


def page_texts(pdf: Path) -> list[PageText]:
    """Each page's characters, as PDFium places them (spaces it adds, and white space, left
    out: a word space is the white between two characters)."""
    with pdfium.opened(pdf) as document:
        return _read(document, range(len(document)))


def last_page_text(pdf: Path, boxes: bool = True) -> PageText:
    """The last page's characters, as page_texts reads them. Fitting asks only how full the
    last page is, after every compile: the pages before cost as much again, each.
    ``boxes=False``: where each character stands on its line, not across it (its left and
    right are 0): what fitting asks (the lines and their baselines), a quarter sooner."""
    with pdfium.opened(pdf) as document:
        return _read(document, [len(document) - 1], boxes)[0]


def _read(document: Any, numbers: Iterable[int], boxes: bool = True) -> list[PageText]:
    import pypdfium2.raw as raw

    pages = []
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    x, y = ctypes.c_double(), ctypes.c_double()
    for number in numbers:
        page = document[number]
        height = page.get_height()
        text = page.get_textpage()
        found = []
        for index in range(raw.FPDFText_CountChars(text)):
            if raw.FPDFText_IsGenerated(text, index):
                continue
            char = chr(raw.FPDFText_GetUnicode(text, index))
            if boxes:
                raw.FPDFText_GetCharBox(text, index, left, right, bottom, top)
            elif not _seen(char):
                continue  # (_placed, which needs every box, is not asked then)
            raw.FPDFText_GetCharOrigin(text, index, x, y)
            size = raw.FPDFText_GetFontSize(text, index)
            # (without boxes, left and right stay 0)
            found.append(Glyph(char, left.value, right.value, height - y.value, size))
        if boxes:
            glyphs = tuple(glyph for glyph in _placed(found) if _seen(glyph.char))
        else:
            glyphs = tuple(found)  # each looked at as it was read
        pages.append(PageText(page.get_width(), height, glyphs))
        text.close()
        page.close()
    return pages


def _placed(glyphs: list[Glyph]) -> list[Glyph]:
    """The characters, those of an ActualText span marked as not placed. PDFium gives them
    (a word with combining marks: \\cvmarked) equal boxes packed side by side at the span's
    left, whatever room its glyphs take: where in the line they stand is not known."""
    packed = [False] * len(glyphs)
    for index in range(1, len(glyphs)):
        before, glyph = glyphs[index - 1], glyphs[index]
        width, previous = glyph.right - glyph.left, before.right - before.left
        if (
            glyph.baseline == before.baseline
            and abs(glyph.left - before.right) < 0.01
            and width > 0
            and abs(width - previous) < 0.01
        ):
            packed[index - 1] = packed[index] = True
    return [
        replace(glyph, placed=False) if packed[index] else glyph
        for index, glyph in enumerate(glyphs)
    ]


def _seen(char: str) -> bool:
    """A character a reader shows: not white space nor a control character (an ideographic
    space is one of the text, as wide as a letter), or a combining mark."""
    return char == "\u3000" or not (char.isspace() or not char.isprintable()) or _is_mark(char)


def _is_mark(char: str) -> bool:
    import unicodedata

    return unicodedata.category(char).startswith("M")


def _lines(glyphs: tuple[Glyph, ...]) -> tuple[Line, ...]:
    """Characters whose baselines are within four tenths of their size of each other make a
    line: a raised mark (Lin*) stays in its line, the next line (a pitch of 1.2 sizes) does
    not join it."""
    rows: list[list[Glyph]] = []
    largest = 0.0  # the size of the last row's largest character, kept as the row grows
    for glyph in sorted(glyphs, key=lambda glyph: glyph.baseline):
        if rows and glyph.baseline - rows[-1][0].baseline <= 0.4 * max(glyph.size, largest):
            rows[-1].append(glyph)
            largest = max(largest, glyph.size)
        else:
            rows.append([glyph])
            largest = glyph.size
    return tuple(Line(tuple(sorted(row, key=lambda glyph: glyph.left))) for row in rows)


# A gutter is at least this wide (points), and the text on each side of it at least this
# share of the page's width: the white before a date set flush right is no gutter.
_GUTTER = 12.0
_COLUMN_SHARE = 0.15


def _gutter(page: PageText) -> float | None:
    """The middle of the white band between two columns, or None. Characters larger than
    the page's body sizes (the name, the headline over both columns) are not counted."""
    sizes = [round(glyph.size, 1) for glyph in page.glyphs]
    if not sizes:
        return None
    common = [size for size in set(sizes) if sizes.count(size) >= 0.1 * len(sizes)]
    body = [glyph for glyph in page.glyphs if glyph.size <= 1.18 * max(common)]
    spans: list[list[float]] = []
    for glyph in sorted(body, key=lambda glyph: glyph.left):
        if spans and glyph.left <= spans[-1][1] + 0.5:
            spans[-1][1] = max(spans[-1][1], glyph.right)
        else:
            spans.append([glyph.left, glyph.right])
    for before, after in itertools.pairwise(spans):
        gutter = (before[1] + after[0]) / 2
        if after[0] - before[1] < _GUTTER:
            continue
        left = [glyph for glyph in body if glyph.right <= gutter]
        right = [glyph for glyph in body if glyph.left >= gutter]
        if _is_column(left, page.width) and _is_column(right, page.width):
            return gutter
    return None


def _is_column(glyphs: list[Glyph], page_width: float) -> bool:
    """Text of some width, in lines of which most begin at its left edge (a column's lines
    do, dates set flush right do not)."""
    if not glyphs:
        return False
    edge = min(glyph.left for glyph in glyphs)
    if max(glyph.right for glyph in glyphs) - edge < _COLUMN_SHARE * page_width:
        return False
    lines = _lines(tuple(glyphs))
    aligned = [line for line in lines if line.left - edge < 2 * line.size]
    return len(lines) >= 3 and len(aligned) >= len(lines) / 2

"""A page's glyphs as lines: glyphs on one baseline, words told apart by the gaps between
them (a PDF made by TeX draws no spaces), cells by wider gaps; the lines of each column
(:mod:`.columns`) in the order a person reads them.
"""

from __future__ import annotations

import itertools
import unicodedata
from dataclasses import dataclass

from ...text.scripts import writing_system
from ..printed.bullets import alone
from ..printed.lines import Cell, Line, Span
from .columns import reading_order
from .glyphs import Glyph, Page

# Between two letters, a gap wider than this share of the font size is a space; between two
# CJK characters (which a justified line spreads), a wider one.
_SPACE = 0.16
_CJK_SPACE = 0.6
# Wider than this (of the font size): another cell (a date set at the right, a location).
_CELL = 1.4
# Wider than this, and much wider than the row's spaces: also another cell.
_APART = 0.6
# Characters that draw, not write: icons in a private use area (an icon font's envelope).
_PRIVATE = ("Co", "Cn", "Cc")
# Glyphs PDF producers use for a hyphen or a space.
_SAME = str.maketrans({"\u2010": "-", "\u2011": "-", "\u00a0": " ", "\u00ad": ""})


@dataclass
class Segment:
    """Glyphs on one baseline with no wide gap between them: a cell of a line."""

    glyphs: list[Glyph]

    @property
    def x0(self) -> float:
        return self.glyphs[0].x0

    @property
    def x1(self) -> float:
        return self.glyphs[-1].x1

    @property
    def baseline(self) -> float:
        return self.glyphs[0].baseline

    @property
    def size(self) -> float:
        return max(glyph.size for glyph in self.glyphs)


def page_lines(page: Page) -> list[Line]:
    """The page's lines, column by column, numbered in reading order."""
    glyphs = [glyph for glyph in _deduplicated(page.glyphs) if _written(glyph.text)]
    segments = [segment for row in _rows(glyphs) for segment in _segments(row)]
    lines: list[Line] = []
    for column in reading_order(segments, page.width):
        rows = _rows_of(column)
        right = _right_edge(rows)
        previous: Line | None = None
        for row in rows:
            line = _line(row, page, len(lines) + 1, right)
            if previous is not None:
                line.gap = line.top - previous.top - line.size
            lines.append(line)
            previous = line
    return lines


def _right_edge(rows: list[list[Segment]]) -> float:
    """Where the column's text ends: where most of its full lines end (a justified line
    ends there; one that runs a little over does not move it), else its rightmost end;
    but where its lines of one cell end, if none reaches that far (Word lets a date's tab
    stop lie past the margin the text wraps at)."""
    column = [segment for row in rows for segment in row]
    ends: dict[int, int] = {}
    for segment in column:
        ends[round(segment.x1)] = ends.get(round(segment.x1), 0) + 1
    rightmost = max((segment.x1 for segment in column), default=0.0)
    common = [end for end, count in ends.items() if count >= 3 and end > 0.8 * rightmost]
    edge = float(max(common, key=lambda end: (ends[end], end))) if common else rightmost
    text = [row[0].x1 for row in rows if len(row) == 1]
    return max(text) if text and max(text) < edge - 2 else edge


def _written(text: str) -> bool:
    """Whether a glyph's text is writing: not an icon (a private use character), not a
    control character."""
    return bool(text) and not all(unicodedata.category(char) in _PRIVATE for char in text)


def _deduplicated(glyphs: list[Glyph]) -> list[Glyph]:
    """Glyphs drawn twice at one place (a bold faked by drawing a letter twice) once."""
    seen: set[tuple[str, int, int]] = set()
    kept = []
    for glyph in glyphs:
        key = (glyph.text, round(glyph.x0 * 2), round(glyph.baseline * 2))
        if key not in seen:
            seen.add(key)
            kept.append(glyph)
    return kept


def _rows(glyphs: list[Glyph]) -> list[list[Glyph]]:
    """Glyphs by baseline: a glyph joins the row when its baseline is within 0.4 of its
    size of the one before it (a superscript's is higher, a subscript's lower)."""
    rows: list[list[Glyph]] = []
    for glyph in sorted(glyphs, key=lambda glyph: (glyph.baseline, glyph.x0)):
        # Within a step of the glyph before (by height): LaTeX's logo raises its A and
        # lowers its E, each a step from the T beside it, not from each other.
        if rows and glyph.baseline - rows[-1][-1].baseline <= 0.4 * max(glyph.size, 1.0):
            rows[-1].append(glyph)
        else:
            rows.append([glyph])
    return [sorted(row, key=lambda glyph: glyph.x0) for row in rows]


def _segments(row: list[Glyph]) -> list[Segment]:
    """A row's glyphs as cells: apart where the gap is wide (a right-aligned date), or much
    wider than the row's spaces between words (a rule drawn between a degree and a place)."""
    # The row's space between words: the lower middle of its gaps, those as wide as a
    # cell's left out (a line of few words and two wide gaps has no middle of its own).
    spaces = sorted(
        after.x0 - before.x1
        for before, after in itertools.pairwise(row)
        if _spaced(before, after)
        and not _cjk(before.text)
        and after.x0 - before.x1 <= _CELL * max(before.size, after.size)
    )
    word_space = spaces[(len(spaces) - 1) // 2] if spaces else 0.0
    segments = [Segment([row[0]])]
    for glyph in row[1:]:
        last = segments[-1].glyphs[-1]
        size = max(glyph.size, last.size)
        gap = glyph.x0 - last.x1
        wide = gap > _CELL * size or (gap > _APART * size and gap > 2.2 * word_space)
        # A space drawn as a glyph (Typst, Word) belongs to the words it stands between; a
        # bullet, to the text after it, however far.
        bullet = len(segments[-1].glyphs) == 1 and alone(last.text) is not None
        if (wide and not glyph.text.isspace() and not bullet) or glyph.x0 < last.x0 - 1:
            segments.append(Segment([glyph]))
        else:
            segments[-1].glyphs.append(glyph)
    return segments


def _rows_of(column: list[Segment]) -> list[list[Segment]]:
    """A column's segments as rows, top to bottom, each row's cells left to right."""
    rows: list[list[Segment]] = []
    for segment in sorted(column, key=lambda segment: (segment.baseline, segment.x0)):
        if rows and abs(segment.baseline - rows[-1][0].baseline) <= 0.4 * segment.size:
            rows[-1].append(segment)
        else:
            rows.append([segment])
    return [sorted(row, key=lambda segment: segment.x0) for row in rows]


def _line(row: list[Segment], page: Page, number: int, right: float) -> Line:
    cells = [_cell(segment) for segment in row]
    glyphs = [glyph for segment in row for glyph in segment.glyphs]
    sizes: dict[float, int] = {}
    for glyph in glyphs:
        sizes[glyph.size] = sizes.get(glyph.size, 0) + 1
    size = max(sizes, key=lambda value: sizes[value])
    top = min(segment.baseline for segment in row)
    line = Line(cells, page.number, number, size=size, top=top, right=right)
    line.first_word = _first_word(row[0].glyphs)
    links = [
        address
        for area, address in page.links
        if any(_inside((g.x0 + g.x1) / 2, g.baseline, g.size, area) for g in glyphs)
    ]
    line.links = list(dict.fromkeys(links))
    for cell, segment in zip(cells, row, strict=True):
        for span in cell.spans:
            span.link = _link_of(segment, page)
    return line


def _link_of(segment: Segment, page: Page) -> str | None:
    middle = (segment.x0 + segment.x1) / 2
    for area, address in page.links:
        if _inside(middle, segment.baseline, segment.size, area):
            return address
    return None


def _inside(x: float, baseline: float, size: float, area: tuple[float, ...]) -> bool:
    """Whether text at ``x`` on ``baseline`` lies in a link's area: its middle height
    does (a link's area may reach up to the line above's baseline)."""
    x0, y0, x1, y1 = area
    return x0 - 1 <= x <= x1 + 1 and y0 - 1 <= baseline - 0.3 * size <= y1 + 1


def _cell(segment: Segment) -> Cell:
    spans: list[Span] = []
    previous: Glyph | None = None
    for glyph in segment.glyphs:
        text = glyph.text.translate(_SAME)
        if previous is not None and _spaced(previous, glyph):
            text = " " + text.lstrip()
        if spans and (spans[-1].bold, spans[-1].italic) == (glyph.bold, glyph.italic):
            spans[-1].text += text
        else:
            spans.append(Span(text, glyph.bold, glyph.italic))
        previous = glyph
    for span in spans:
        span.text = " ".join(span.text.split(" ")) if span.text.strip() else span.text
    _squeeze(spans)
    return Cell(spans, segment.x0, segment.x1, segment.size)


def _squeeze(spans: list[Span]) -> None:
    """One space between words, whichever glyphs (drawn spaces, gaps) made them."""
    text = ""
    for span in spans:
        squeezed = " ".join(span.text.split())
        if span.text[:1].isspace() and text and not text.endswith(" "):
            squeezed = " " + squeezed
        if span.text[-1:].isspace() and squeezed:
            squeezed += " "
        if text.endswith(" "):
            squeezed = squeezed.lstrip()
        span.text = squeezed
        text += squeezed


def _spaced(before: Glyph, after: Glyph) -> bool:
    gap = after.x0 - before.x1
    size = max(before.size, after.size)
    if _cjk(before.text) and _cjk(after.text):
        return gap > _CJK_SPACE * size
    return gap > _SPACE * size


def _cjk(text: str) -> bool:
    return bool(text) and writing_system(text[0]) in ("Han", "Hiragana", "Katakana", "Hangul")


def _first_word(glyphs: list[Glyph]) -> float:
    """The width of the first word: from the first glyph to the last before a space."""
    end = glyphs[0].x1
    for before, after in itertools.pairwise(glyphs):
        if _spaced(before, after) or after.text.isspace() or _cjk(before.text):
            break
        end = after.x1
    return end - glyphs[0].x0

"""How a CV's pages are filled and its lines spaced, measured on the PDF's text positions
(compile/pagetext.py: PDFium's character boxes), against the texts its view shows.

A page other than the last ends each column that goes on to the next page at 90% of its
text area or lower, unless what the next page starts with could not have been broken.
This check knows that from the texts each line belongs to (check/expected.py), by the
rules the templates break by: titles, an entry's heading and its second line go with what
follows them; a paragraph or a list item keeps two lines on each side of a break (one line
may move back after a paragraph already begun, two begin one); a list's last item never
starts a page alone, nor a section's first item of one line ends one; a referee is one box;
beside a side column that goes on, a paragraph is never broken (readers would read the
next side column between its halves). The next page's lines up to the first place where
such a break may be are what had to move whole, counted as set again on the page before's
measure where it is narrower (the sidebar's main column beside its side column): the page
is short only if they would have fitted in the room it leaves.

A line's word spaces are at most an em wide: a wider white inside one text (not the white
before a date set flush right, which ends one text and begins another, nor the white a
Chinese punctuation mark carries) is a line TeX stretched, which readers take for the edge
of a column.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..compile.pagetext import Line, PageText, TextArea, page_texts
from .compare import comparable
from .expected import Phrase

FULL = 0.9  # a page that goes on ends its text at least this far down its text area
WIDE = 1.0  # no word space wider than this many ems
# Texts that go with what follows them, never the last lines of a page.
_KEPT_WITH_NEXT = frozenset({"section", "group", "entry", "detail"})
# How many texts after the last one found a line may be in (the texts of a page's lines
# come one after another, a heading's place and dates among them), and before it.
_AHEAD = 12
_BEHIND = 3
# A list's own label before an item's text ("[3]", "2.", a dash): no text of the view.
_LABEL = re.compile(r"^(?:\[\d+\]|\d+\.|[–-](?=\D))")


@dataclass(frozen=True)
class PageEnd:
    """Where one column of a page ends, and what the next page had to start with."""

    page: int  # counted from 1
    column: str  # "" on a page of one column; "side" or "main"
    fill: float  # how far down the text area its last line stands (0 to 1)
    goes_on: bool  # the column goes on to the next page
    room: float = 0.0  # points left under its last line
    held: float = 0.0  # points the next page's first lines needed together
    held_lines: int = 0

    @property
    def short(self) -> bool:
        return self.goes_on and self.fill < FULL and self.held <= self.room

    def describe(self) -> str:
        where = f"its {self.column} column" if self.column else "its text"
        return (
            f"page {self.page} ends {where} at {self.fill:.0%} of the text area: the next "
            f"page's first {self.held_lines} line(s), {self.held:.0f} pt together, would "
            f"have fitted in the {self.room:.0f} pt left"
        )


@dataclass(frozen=True)
class WideGap:
    page: int
    ems: float
    before: str  # the words on either side of it
    after: str

    def describe(self) -> str:
        return (
            f"page {self.page}: a word space {self.ems:.1f} em wide between "
            f"{self.before!r} and {self.after!r}"
        )


@dataclass(frozen=True)
class Layout:
    ends: tuple[PageEnd, ...]
    gaps: tuple[WideGap, ...]

    @property
    def problems(self) -> list[str]:
        return [end.describe() for end in self.ends if end.short] + [
            gap.describe() for gap in self.gaps
        ]


def layout_of(pdf: Path, area: TextArea, phrases: Sequence[Phrase]) -> Layout:
    pages = page_texts(pdf)
    return Layout(tuple(page_ends(pages, area, phrases)), tuple(wide_gaps(pages, phrases)))


# -- which text each line is ---------------------------------------------------------------


def _key(text: str) -> str:
    return comparable(text).replace(" ", "")


class _Texts:
    """Each line's text of the view, found in reading order. A line goes on the text the
    line before it in its column ended in, if that text goes on with it; else it begins a
    text near the last one found in its column, or is in one (a skill's items after its
    category on one line)."""

    def __init__(self, phrases: Sequence[Phrase]) -> None:
        self.phrases = phrases
        self.keys = [_key(phrase.text) for phrase in phrases]
        self.order = {
            column: [index for index, phrase in enumerate(phrases) if phrase.column == column]
            for column in ("head", "main", "side")
        }
        # per column of the view: its last text found (its place in the column's texts),
        # and where in that text the last line ended
        self.at = dict.fromkeys(self.order, (-1, 0))

    def of(self, line: Line, columns: tuple[str, ...]) -> Phrase | None:
        text = _LABEL.sub("", _key(line.text())).rstrip("-")
        for head in dict.fromkeys((text[:16], text[:8], text[:4], text[:2])):
            if len(head) < 2:
                return None
            if found := self._goes_on(head, text, columns) or self._begins(head, text, columns):
                return found
        # Lost (a line no text begins, or holds, near the last one found): the next text
        # that begins with its first sixteen characters, further on.
        if len(text) >= 10:
            return self._begins(text[:16], text, columns, _AHEAD * 4, contained=False)
        return None

    def _goes_on(self, head: str, text: str, columns: tuple[str, ...]) -> Phrase | None:
        for column in columns:
            place, end = self.at[column]
            if place >= 0 and self.keys[self.order[column][place]].startswith(head, end):
                return self._placed(column, place, end, text)
        return None

    def _begins(
        self,
        head: str,
        text: str,
        columns: tuple[str, ...],
        ahead: int = 0,
        contained: bool = True,
    ) -> Phrase | None:
        """The first text near the last one found (a few before it: a place set after the
        line it heads) that begins with ``head``, else one that holds it. Not further:
        a short line ("Spain", a place's second line) is in many texts further on."""
        near = [
            (column, place)
            for column in columns
            for place in range(
                max(0, self.at[column][0] - _BEHIND),
                min(len(self.order[column]), self.at[column][0] + (ahead or _AHEAD)),
            )
        ]
        near.sort(key=lambda found: self.order[found[0]][found[1]])
        for column, place in near:
            if self.keys[self.order[column][place]].startswith(head):
                return self._placed(column, place, 0, text)
        for column, place in near if contained else ():
            if (position := self.keys[self.order[column][place]].find(head)) >= 0:
                return self._placed(column, place, position, text)
        return None

    def _placed(self, column: str, place: int, start: int, text: str) -> Phrase:
        """The text at ``place`` in ``column``, the line's ``text`` found in it from
        ``start``. A line that ends it and goes on with the next text, of another block (a
        skill's category and its items on one line), is the next text's."""
        index = self.order[column][place]
        key = self.keys[index]
        end = start
        while end < len(key) and end - start < len(text) and key[end] == text[end - start]:
            end += 1
        self.at[column] = (place, end)
        rest = text[end - start :]
        if end == len(key) and rest and place + 1 < len(self.order[column]):
            following = self.order[column][place + 1]
            after = self.phrases[following]
            if after.block != self.phrases[index].block and self.keys[following].startswith(
                rest[:8]
            ):
                return self._placed(column, place + 1, 0, rest)
        return self.phrases[index]


def _column_names(page: PageText) -> list[tuple[str, ...]]:
    """Which columns of the view each column of the page may hold."""
    if len(page.columns) == 1:
        return [("head", "main", "side")]
    return [("head", "side"), ("head", "main")]


# -- how full each page is -------------------------------------------------------------------


def page_ends(
    pages: Sequence[PageText], area: TextArea, phrases: Sequence[Phrase]
) -> Iterator[PageEnd]:
    """Each column's end on each page but the last."""
    texts = _Texts(phrases)
    lists = _Lists(phrases)
    found = [
        [
            [texts.of(line, names) for line in _inside(page, column.lines, area)]
            for column, names in zip(page.columns, _column_names(page), strict=True)
        ]
        for page in pages
    ]
    for number in range(len(pages) - 1):
        page, following = pages[number], pages[number + 1]
        for index, column in enumerate(page.columns):
            lines = _inside(page, column.lines, area)
            if not lines:
                continue
            name = "" if len(page.columns) == 1 else ("side", "main")[index]
            fill = area.filled(page, lines)
            next_index = min(index, len(following.columns) - 1)
            next_lines = _inside(following, following.columns[next_index].lines, area)
            if not next_lines or not _goes_on(page, index, following):
                yield PageEnd(number + 1, name, fill, False)
                continue
            start = _Start(
                next_lines,
                found[number + 1][next_index],
                lists,
                measure=_width(lines),
                # beside a side column that goes on, a paragraph is never cut: readers
                # read the next page's side column between its two halves
                whole=len(following.columns) > 1,
            )
            count, held = start.held(found[number][index][-1])
            room = area.foot(page) - lines[-1].baseline
            yield PageEnd(number + 1, name, fill, True, room, held, count)


def _inside(page: PageText, lines: tuple[Line, ...], area: TextArea) -> tuple[Line, ...]:
    return tuple(line for line in lines if line.baseline <= area.foot(page) + 2)


def _goes_on(page: PageText, index: int, following: PageText) -> bool:
    """A column goes on to the next page when that page has as many columns; on a page of
    fewer, only the widest goes on (the sidebar theme's main column, once the side column
    has ended)."""
    if len(following.columns) >= len(page.columns):
        return True
    widths = [column.right - column.left for column in page.columns]
    return index == widths.index(max(widths))


class _Lists:
    """Where each block stands in its list: the templates keep a list's last item from
    starting a page alone, and a section's first item, when it took one line, from ending
    one alone (a short list under its title moves whole)."""

    def __init__(self, phrases: Sequence[Phrase]) -> None:
        blocks: list[Phrase] = []
        for phrase in phrases:
            if phrase.block >= 0 and (not blocks or blocks[-1].block != phrase.block):
                blocks.append(phrase)
        self.last: set[int] = set()
        self.opening: set[int] = set()  # a section's first item
        for before, block, after in zip([None, *blocks], blocks, [*blocks[1:], None], strict=False):
            if block.kind != "item":
                continue
            ends = after is None or after.kind != "item" or after.section != block.section
            if ends and before is not None and before.kind == "item":
                self.last.add(block.block)
            if before is not None and before.kind == "section":
                self.opening.add(block.block)


class _Start:
    """A page's first lines: which had to move together to the page before, by the rules
    the templates break by, and the room they need there."""

    def __init__(
        self,
        lines: tuple[Line, ...],
        texts: list[Phrase | None],
        lists: _Lists,
        measure: float,
        whole: bool,
    ) -> None:
        self.lines, self.texts, self.lists, self.whole = lines, texts, lists, whole
        # set again at the page before's measure where it is narrower (the sidebar
        # theme's main column beside the side column, full width once that has ended)
        self.narrower = measure if lines and measure < _width(lines) - 1 else 0.0

    def held(self, last: Phrase | None) -> tuple[int, float]:
        """How many lines had to move together after a page whose last line was of
        ``last``, and the height they need."""
        if not self.lines:
            return 0, 0.0
        index = needed = 0
        while index < len(self.lines) - 1 and _kept(self.texts[index]):
            needed += self._again(index, 1)
            index += 1
        begun = last is not None and _same_block(last, self.texts[index])
        index, needed = self._body(index, needed, begun)
        # a list's item alone: its last at the next page's top, its first under a title
        while index < len(self.lines) and (block := self._item(index)) is not None:
            ended = self._item(index - 1)
            if block in self.lists.last or (
                ended in self.lists.opening and self._count(index - 1, back=True) == 1
            ):
                index, needed = self._body(index, needed, begun=False)
            else:
                break
        return index, _height(self.lines[:index], needed, self.texts[0])

    def _body(self, index: int, needed: int, begun: bool) -> tuple[int, int]:
        """The lines of the block at ``index`` that move with what is above it: one line
        after a block already begun, two to begin one; all of a block that cannot leave
        two lines on each side of a break, of a box (a referee), of a line of unknown text,
        and of any paragraph beside a side column that goes on."""
        first = self.texts[index]
        if first is None:
            return index + 1, needed + self._again(index, 1)
        count = self._count(index)
        lines = self._again(index, count)
        if self.whole or first.kind == "referee" or lines <= (2 if begun else 3):
            return index + count, needed + lines
        taken = 1 if begun else 2
        return index + taken, needed + taken

    def _count(self, index: int, back: bool = False) -> int:
        """How many lines from ``index`` on (or back from it) are of its block."""
        first, step, count = self.texts[index], -1 if back else 1, 1
        while 0 <= index + step * count < len(self.texts) and first is not None:
            if not _same_block(self.texts[index + step * count], first):
                break
            count += 1
        return count

    def _item(self, index: int) -> int | None:
        """The block of the list item whose first line is at ``index``, if it is one."""
        if not 0 <= index < len(self.texts) or (text := self.texts[index]) is None:
            return None
        if text.kind != "item" or (index and _same_block(self.texts[index - 1], text)):
            return None
        return text.block

    def _again(self, index: int, count: int) -> int:
        """The lines ``count`` lines from ``index`` take at the page before's measure."""
        group = self.lines[index : index + count]
        if not self.narrower:
            return len(group)
        text = sum(_text_width(line) for line in group)
        return max(len(group), math.ceil(text / self.narrower))


def _width(lines: tuple[Line, ...]) -> float:
    return max(line.right for line in lines) - min(line.left for line in lines)


def _text_width(line: Line) -> float:
    """A line's width without the white wider than an em in it (before a date set flush
    right): what it holds, set again on a narrower measure."""
    white = sum(width for _, width in line.gaps() if width > WIDE * line.size)
    return line.right - line.left - white


def _kept(text: Phrase | None) -> bool:
    return text is not None and text.kind in _KEPT_WITH_NEXT


def _same_block(text: Phrase | None, other: Phrase | None) -> bool:
    return text is not None and other is not None and text.block == other.block >= 0


def _height(lines: tuple[Line, ...], count: int, first: Phrase | None) -> float:
    """The room ``lines``, set as ``count`` lines, take below another page's last line:
    their pitch from baseline to baseline, a line's pitch above the first, and the space a
    title or an entry has above it (taken away at the top of a page)."""
    size = lines[0].size
    pitch = (lines[-1].baseline - lines[0].baseline) / (len(lines) - 1) if len(lines) > 1 else 0
    above = {"section": 1.0, "group": 0.5, "entry": 0.4}.get(first.kind if first else "", 0.0)
    return (count - 1) * (pitch or 1.2 * size) + (1.2 + above) * size


# -- how wide each word space is -----------------------------------------------------------


def wide_gaps(pages: Sequence[PageText], phrases: Sequence[Phrase]) -> Iterator[WideGap]:
    """Each white wider than an em between two words of one text: the words before it and
    the line's text after it, up to the next such white, are found together in a text."""
    texts = [_spaced(phrase.text) for phrase in phrases]
    whole = set(texts)
    for number, page in enumerate(pages, start=1):
        for column in page.columns:
            for line in column.lines:
                wide = [
                    (index, width / max(line.glyphs[index - 1].size, line.glyphs[index].size))
                    for index, width in line.gaps()
                    if width > WIDE * max(line.glyphs[index - 1].size, line.glyphs[index].size)
                    and _between_words(line, index)
                ]
                ends = [index for index, _ in wide[1:]] + [len(line.glyphs)]
                for (index, ems), end in zip(wide, ends, strict=False):
                    before = _edge(line.text(0, index))
                    after = line.text(index, end)
                    if _spaced(after) in whole:
                        continue  # a text of its own after the white: a date, a place
                    if any(_spaced(f"{before} {after}") in text for text in texts):
                        yield WideGap(number, ems, before, after[:20])


def _between_words(line: Line, index: int) -> bool:
    """Whether the white before ``line.glyphs[index]`` is between two words: not beside
    punctuation, which in Chinese carries its own white (the right half of "），")."""
    return not any(
        unicodedata.category(glyph.char).startswith("P")
        for glyph in (line.glyphs[index - 1], line.glyphs[index])
    )


def _spaced(text: str) -> str:
    """Text as compared, an ideographic space kept: a white of an em the text holds."""
    return comparable(text.replace("\u3000", "|"))


def _edge(text: str) -> str:
    """The last two words of ``text``, at most ten characters (CJK text has no spaces to
    count words by)."""
    return " ".join(text.split()[-2:])[-10:]

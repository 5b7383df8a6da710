"""Lines a PDF prints on every page, apart from the CV's reading: a page number, a running
footer (the date, the name, "Curriculum Vitae", the page), the contacts repeated at the
foot of each page (moderncv's casual style).

A line is running when it stands in the top or bottom band of its page and the same text
(its numbers aside) stands at the same height on other pages, or when it is a page number
there. Its repeats are left out. Its first copy is read with the CV's header when it, or a
running line next to it, holds a contact (a footer of contacts gives them once, the
address above them too); any other is left out as well. Each is said in a note with its
page and line, never dropped silently.
"""

from __future__ import annotations

import re
from collections import defaultdict

from ..printed.contacts import contact_of, pieces
from ..printed.lines import LeftOut, Line

# The share of the page's height at its top and at its bottom where running lines stand.
_BAND = 0.12
# "3", "- 3 -", "3/5", "3 / 5", "Page 3", "Page 3 of 5", "第 3 页", "3 ページ", "3 쪽".
PAGE_NUMBER = re.compile(
    r"^[-–—\s]*(?:(?:page|p\.|seite|第)\s*)?\d{1,3}(?:\s*(?:/|of|von|共)\s*\d{1,3})?"
    r"\s*(?:页|頁|ページ|쪽|페이지)?[-–—\s]*$",
    re.I,
)
_DIGITS = re.compile(r"\d+")
_SAME_HEIGHT = 3.0  # points


def without_running(pages: list[tuple[float, list[Line]]]) -> tuple[list[Line], list[LeftOut]]:
    """The lines of ``pages`` (each page's height and lines, in reading order) without the
    running ones, and what was left out (one :class:`LeftOut` a running line, its
    repeats counted); the first copies of a footer of contacts kept, marked ``running``."""
    texts: dict[str, list[Line]] = defaultdict(list)
    for height, lines in pages:
        for line in lines:
            if _in_band(line, height):
                texts[_DIGITS.sub("#", line.text)].append(line)
    groups = [group for lines in texts.values() for group in _at_one_height(lines)]
    running = [lines for lines in groups if _running(lines)]
    kept = _of_contact_blocks(pages, {id(lines[0]) for lines in running})
    gone: set[int] = set()
    said: list[LeftOut] = []
    read_once: list[list[Line]] = []
    numbered = False  # a page number taken off a line read once
    for lines in running:
        first = lines[0]
        if id(first) in kept:
            first.running = True
            numbered |= _without_page_number(first)
            gone.update(id(line) for line in lines[1:])
            read_once.append(lines)
            continue
        gone.update(id(line) for line in lines)
        what = "a page number" if PAGE_NUMBER.match(first.text) else "a running header or footer"
        said.append(LeftOut(first, f"{what}{_where(lines)}: left out", len(lines)))
    said.extend(_footers(read_once, numbered))
    said.sort(key=lambda out: (out.line.page or 0, out.line.number))
    return [line for _, page in pages for line in page if id(line) not in gone], said


def _footers(read_once: list[list[Line]], numbered: bool) -> list[LeftOut]:
    """The lines of a footer of contacts, read once, said in one note: each run of them
    one after the other on a page."""
    runs: list[list[list[Line]]] = []
    for lines in sorted(read_once, key=lambda lines: (lines[0].page or 0, lines[0].number)):
        last = runs[-1][-1][0] if runs else None
        if last is not None and (last.page, last.number + 1) == (lines[0].page, lines[0].number):
            runs[-1].append(lines)
        else:
            runs.append([lines])
    return [
        LeftOut(
            run[0][0],
            f"{len(run)} line(s) from here on printed{_where(run[0])}: read once, with the "
            f"header; their repeats{' and the page numbers beside them' if numbered else ''} "
            "left out",
            sum(len(lines) - 1 for lines in run),
        )
        for run in runs
    ]


def _where(lines: list[Line]) -> str:
    return f" at the same place on pages {_pages(lines)}" if len(lines) > 1 else ""


def _at_one_height(lines: list[Line]) -> list[list[Line]]:
    """Lines of one text grouped by their height on the page (within _SAME_HEIGHT points),
    each group in page order."""
    groups: list[list[Line]] = []
    for line in sorted(lines, key=lambda line: line.top):
        if groups and line.top - groups[-1][-1].top <= _SAME_HEIGHT:
            groups[-1].append(line)
        else:
            groups.append([line])
    return [sorted(group, key=lambda line: (line.page or 0, line.number)) for group in groups]


def _running(lines: list[Line]) -> bool:
    """Whether a group of lines of one text and height is printed on every page: on two
    pages at least, or a page number."""
    return len({line.page for line in lines}) >= 2 or bool(PAGE_NUMBER.match(lines[0].text))


def _of_contact_blocks(pages: list[tuple[float, list[Line]]], firsts: set[int]) -> set[int]:
    """The first copies to read with the header: each run of them, one line after the
    other on a page, that holds a contact (its page numbers aside)."""
    kept: set[int] = set()
    for _, lines in pages:
        block: list[Line] = []
        for line in [*lines, None]:
            if line is not None and id(line) in firsts:
                block.append(line)
                continue
            if any(_holds_contact(other) for other in block):
                kept.update(id(other) for other in block if not PAGE_NUMBER.match(other.text))
            block = []
    return kept


def _without_page_number(line: Line) -> bool:
    """A footer's last cell, when it is the page's number, taken off the line; whether
    there was one."""
    if len(line.cells) > 1 and PAGE_NUMBER.match(line.cells[-1].text):
        line.cells = line.cells[:-1]
        return True
    return False


def _in_band(line: Line, height: float) -> bool:
    return line.top < _BAND * height or line.top > (1 - _BAND) * height


def _holds_contact(line: Line) -> bool:
    return any(
        contact_of(part, link)
        for cell in line.cells
        for part in pieces(cell.text)
        for link in {None, *(span.link for span in cell.spans if span.link)}
    )


def _pages(lines: list[Line]) -> str:
    """1-5, or 2, 4 and 5."""
    numbers = sorted({line.page or 0 for line in lines})
    if numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 2:
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(str(number) for number in numbers[:-1]) + f" and {numbers[-1]}"

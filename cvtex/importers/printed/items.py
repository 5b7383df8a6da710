"""A section's lines as items: a line that starts with a mark (•, 1.) or that Word lists
starts one; a line that only carries on the one above (its first word would not have
fitted there: the line above was full) joins it. What a person sees as one bullet, one
reference, one paragraph. And which of them a field took (:class:`Taking`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from .bullets import alone, marked
from .lines import Cell, Line, Span


@dataclass
class Item:
    lines: list[Line]
    mark: str | None = None
    indent: float = 0.0  # where its first line starts (a PDF's)
    spans: list[Span] = field(default_factory=list)  # its text's spans, the mark left out

    @property
    def text(self) -> str:
        return "".join(span.text for span in self.spans).strip()

    @property
    def first(self) -> Line:
        return self.lines[0]

    @property
    def cells(self) -> list[Cell]:
        return self.lines[0].cells if len(self.lines) == 1 else []

    @property
    def bold(self) -> bool:
        return all(line.bold for line in self.lines)

    @property
    def italic(self) -> bool:
        return all(line.italic for line in self.lines)


def items_of(lines: list[Line]) -> list[Item]:
    items: list[Item] = []
    for line in lines:
        mark, _ = marked(line.cells[0].text) if line.cells else (None, "")
        if mark is None and len(line.cells) > 1:
            mark = alone(line.cells[0].text)
        if line.listed and mark is None:
            mark = "•"
        if items and mark is None and not line.listed and _carries_on(items[-1], line):
            _join(items[-1], line)
            continue
        item = Item([line], mark, line.x0)
        item.spans = _spans(line, mark if not line.listed or mark != "•" else None)
        items.append(item)
    return items


def _carries_on(item: Item, line: Line) -> bool:
    """Whether ``line`` is the rest of the item's last line, wrapped: on the next line of
    the same page, one cell wide, and the line above had no room for its first word."""
    above = item.lines[-1]
    if line.page is None or above.page != line.page or len(line.cells) != 1:
        return False
    if len(above.cells) != 1 or (line.bold != above.bold and not item.mark):
        return False
    if line.top - above.top > 2.2 * max(line.size, above.size) or line.top <= above.top:
        return False
    if line.x0 < item.indent - 2:  # outdented past the item's start: a new item
        return False
    first = line.cells[0].spans[0] if line.cells[0].spans else None
    if first is not None and first.bold and first.text.rstrip().endswith((":", "：")):
        return False  # a label in bold (Mathematics:) starts a line of its own

    room = above.right - above.x1
    return line.first_word + 0.25 * line.size > room - 1


def _join(item: Item, line: Line) -> None:
    spans = _spans(line, None)
    last = item.spans[-1].text if item.spans else ""
    first = spans[0].text if spans else ""
    # A line that ends in a hyphen goes on without a space, the hyphen kept: the page
    # cannot tell a word TeX broke (effi-ciency) from a compound (fast-growing).
    if last and first and not (_wide(last[-1]) and _wide(first[0])) and not last.endswith("-"):
        spans[0] = Span(" " + first.lstrip(), spans[0].bold, spans[0].italic, spans[0].link)
    item.spans.extend(spans)
    item.lines.append(line)


def _wide(char: str) -> bool:
    """A CJK character or full-width punctuation: no space between two of them."""
    return ord(char) >= 0x2E80


def _spans(line: Line, mark: str | None) -> list[Span]:
    spans: list[Span] = []
    for index, cell in enumerate(line.cells):
        for span in cell.spans:
            spans.append(Span(span.text, span.bold, span.italic, span.link))
        if index < len(line.cells) - 1 and spans:
            spans.append(Span("   "))
    if mark and spans:
        # The mark is the start of the first spans' text: cut it out.
        rest = len(mark)
        while spans and rest > 0:
            text = spans[0].text.lstrip()
            if len(text) <= rest:
                rest -= len(text)
                spans.pop(0)
            else:
                spans[0] = Span(text[rest:].lstrip(), spans[0].bold, spans[0].italic, spans[0].link)
                rest = 0
    return spans


@dataclass
class Taking:
    """The lines whose text a field took, and the notes made on the way."""

    today: dt.date
    taken: set[int] = field(default_factory=set)  # id() of each line taken
    notes: list[tuple[Item, str]] = field(default_factory=list)

    def take(self, *items: Item) -> None:
        for item in items:
            self.taken.update(id(line) for line in item.lines)

"""A section's items grouped into entries, as a person sees them: each entry's heading
lines (its name, role, place and dates, on one line or two), its description and its
bullets. Where an entry starts: at a line in bold again, or shaped as the entry's first
line; a bullet is marked, or set in.
"""

from __future__ import annotations

import datetime as dt

from .dates import find_dates
from .items import Item

MOST_INDENT = 36  # points: a list's indent; further right is a heading's right part


def entry_blocks(items: list[Item]) -> list[tuple[list[Item], list[Item], list[Item]]]:
    """Items as entries: each its heading items, description items and bullets. A bullet
    is marked, or set in from where the page's headings start; bullets at the top of a
    page, before any heading there, go on the entry of the page before."""
    bases: dict[int | None, float] = {}
    for item in items:
        page = item.first.page
        bases[page] = min(bases.get(page, item.indent), item.indent)
    blocks: list[tuple[list[Item], list[Item], list[Item]]] = []
    for item in items:
        base = bases[item.first.page]
        # Set in a little (a bullet drawn, not written), not pushed to the right (a place
        # or a date that had no room beside the heading).
        set_in = item.first.page is not None and base + 4 < item.indent < base + MOST_INDENT
        bullet = item.mark is not None or set_in
        if bullet and blocks:
            blocks[-1][2].append(item)
            continue
        if blocks and not bullet:
            heading, description, bullets = blocks[-1]
            again = (item.bold and any(other.bold for other in heading)) or (
                len(heading) > 1 and _shape(item) == _shape(heading[0])
            )
            if not (bullets or description or again or len(heading) >= 3 or _sentence(item)):
                heading.append(item)
                continue
            if (
                not bullets
                and not again
                and not item.bold
                and (len(heading) >= 2 or _sentence(item))
            ):
                description.append(item)
                continue
        blocks.append(([item], [], []))
    return blocks


def _shape(item: Item) -> tuple:
    """How an entry's first line looks: its cells, each's run of styles (bold name, plain
    place, italic grade), and whether it has dates. A line that looks as the entry's first
    one does starts the next entry, bold or not (Awesome-CV's Kasa, Seoul; moderncv's)."""
    cells = []
    for cell in item.first.cells:
        styles = [(span.bold, span.italic) for span in cell.spans if span.text.strip()]
        cells.append(
            tuple(style for at, style in enumerate(styles) if style not in styles[:at][-1:])
        )
    dated = find_dates(item.first.text, dt.date.today()) is not None
    return (tuple(cells), dated) if len(cells) > 1 or len(cells[0]) > 1 else ("plain",)


def _sentence(item: Item) -> bool:
    """Whether an item reads as a sentence (a description), not a part of a heading: it
    ends as a sentence does, or is long."""
    text = item.text
    if len(item.first.cells) > 1:  # a name with its dates beside it
        return False
    return len(text) > 90 or (len(text.split()) >= 4 and text.endswith((".", ":", "。", "：")))

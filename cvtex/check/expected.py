"""What a CV's PDF should give back: every text it shows, in the order its layout reads.

Made from the same localized view the PDF was rendered from, through the blocks the Word
and plain-text copies are written from (render/blocks.py), so that the check and the
copies agree on what the CV says. A text is one field as the page sets it: a heading, a
degree, a bullet, a citation; the parts a theme sets flush right (places, dates) are
texts of their own, checked to be there but not for their place in the order, since a
reader may give a right-aligned date before or after the line it ends.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from ..language.catalog import Catalog
from ..render.blocks import Block, plain, section_blocks, text_of
from ..view.cv import CvView, SectionView, SkillGroup

Column = Literal["head", "main", "side"]
ORDER_MIN_LENGTH = 6  # shorter texts ("2023", "USTC") recur too often to place in order


@dataclass(frozen=True)
class Phrase:
    text: str
    column: Column  # the header, or the column of a two-column layout it is set in
    section: int  # its section's place in the view; -1: the header and page foot
    ordered: bool  # its place in the reading order is checked, not only its presence
    kind: str = ""  # what it is (render/blocks.py's BlockKind): a title, an item...
    block: int = -1  # the texts of one block (a heading and its dates) share a number


def expected_phrases(view: CvView, catalog: Catalog, side_kinds: frozenset[str]) -> list[Phrase]:
    """The view's texts in reading order: the header, then each section, the sections of a
    side column (``side_kinds``, the theme's) forming a column of their own."""
    phrases = [Phrase(text_of(view.name), "head", -1, True)]
    if view.headline:
        phrases.append(Phrase(text_of(view.headline), "head", -1, False))
    phrases += [Phrase(text_of(c.text), "head", -1, False) for c in view.contacts]
    colon = catalog.punctuation.colon
    phrases += [
        Phrase(
            text_of(f"{line.label}{colon}{line.value}" if line.label else line.value),
            "head",
            -1,
            False,
        )
        for line in view.personal
    ]
    block = 0
    for index, section in enumerate(view.sections):
        column: Column = "side" if section.kind in side_kinds else "main"
        block += 1
        phrases.append(Phrase(text_of(section.title), column, index, True, "section", block))
        for text, ordered, kind, new_block in section_texts(section, catalog):
            block += new_block
            ordered = ordered and len(text) >= ORDER_MIN_LENGTH
            phrases.append(Phrase(text, column, index, ordered, kind, block))
    if view.updated:
        phrases.append(Phrase(text_of(view.updated), "head", -1, False))
    return [phrase for phrase in phrases if phrase.text.strip()]


def section_texts(section: SectionView, catalog: Catalog) -> Iterator[tuple[str, bool, str, bool]]:
    """Each text of a section: whether it is on the left (in the reading order), what kind
    of block it is, and whether it begins a block."""
    if section.kind == "skills":
        # A category and its items are two texts: some themes set them on two lines.
        for group in section.entries:
            if isinstance(group, SkillGroup):
                yield text_of(group.category), True, "group", True
                yield text_of(group.items), True, "item", True
        return
    for block in section_blocks(section, catalog):
        yield from block_texts(block)


def block_texts(block: Block) -> Iterator[tuple[str, bool, str, bool]]:
    yield block.text, True, block.kind, True
    if block.right:
        yield plain(block.right), False, block.kind, False
    for line in block.lines:
        yield plain(line), False, block.kind, False

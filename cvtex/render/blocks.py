"""A CV as a flat list of typed blocks: the walk the Word and plain-text copies share.

The PDF, Markdown and HTML outputs walk the localized view in their templates. The Word
(word.py) and plain-text (plaintext.py) copies are written by Python instead, and both
from the blocks made here, so that they hold the same text in the same order as the PDF:
the name, the headline, the contacts and personal lines, then each section's title and
entries, with the parts a PDF sets flush right (places, dates, years) as each line's
``right`` part.

A block knows what it is (a section title, an entry's heading line, a list item) and never
how it looks: each writer turns kinds into its own styles. Its text is a tuple of runs,
the profile's light markup (bold, italic, links, small math) already parsed. Another
document kind (a letter) gets both copies by making its own blocks: the writers take any
:class:`Blocks`, not only a CV's.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Literal

from ..language.catalog import Catalog
from ..view.cv import (
    Bullet,
    Citation,
    CvView,
    Entry,
    Item,
    Link,
    Person,
    Referee,
    Row,
    SectionView,
)
from .markup import Script, Span, math_parts, parse, web_url

Tone = Literal["", "accent", "muted"]


@dataclass(frozen=True)
class Run:
    """Characters that share one look: a piece of a field, a label, a link."""

    text: str
    bold: bool = False
    italic: bool = False
    url: str | None = None  # a link a reader may follow (http, https, mailto, tel)
    script: Script = ""  # raised (sup) or lowered (sub): author marks, math
    tone: Tone = ""  # the design's accent or muted colour
    small: bool = False  # a size down: places, dates, labels, links after an entry


BlockKind = Literal[
    "name",  # the owner's name, once at the top
    "headline",  # the line under the name
    "contacts",  # the contacts, on one line
    "section",  # a section's title
    "group",  # a sub-heading inside a section (publications by type or year)
    "entry",  # an entry's heading line: heading on the left, place on the right
    "detail",  # an entry's second line: degree or role on the left, dates on the right
    "paragraph",  # running text: a summary, an entry's description
    "item",  # a list item: bulleted, numbered, or a citation with its own number
    "note",  # a small line after a list: the legend of author marks
    "referee",  # a referee: name, then lines
]
Marker = Literal["", "bullet", "number"]


@dataclass(frozen=True)
class Block:
    kind: BlockKind
    runs: tuple[Run, ...]
    right: tuple[Run, ...] = ()  # set flush right on the same line (a tab stop in Word)
    level: int = 0  # how deep in lists: 0 is the section's own level
    marker: Marker = ""  # what an item starts with: a bullet, or its number in its list
    label: str = ""  # an item's own label in place of a marker: a citation's "[3]"
    restart: bool = False  # the first item of a numbered list: its numbering starts at 1
    lines: tuple[tuple[Run, ...], ...] = ()  # a referee's lines after the runs

    @property
    def text(self) -> str:
        return plain(self.runs)


@dataclass(frozen=True)
class Blocks:
    """A document for the Word and plain-text writers."""

    language: str
    title: str  # the document's title in its properties
    author: str
    blocks: list[Block]
    footer: tuple[Run, ...] = ()  # at the foot of every page: the "updated" line
    photo: str | None = None  # the view's photo name: the writer finds its file
    centered_header: bool = True  # name, headline and contacts centred (no photo beside)


def plain(runs: Iterable[Run]) -> str:
    return "".join(run.text for run in runs)


# -- profile text as runs -----------------------------------------------------------------


def marked(text: str, **look: object) -> tuple[Run, ...]:
    """A field's text with its light markup as runs, each with ``look`` (bold=True...)."""
    if not text:
        return ()
    base = Run("", **look)  # type: ignore[arg-type]
    return tuple(_runs(parse(text), base))


def text_of(field: str) -> str:
    """A field as a reader sees it: its light markup (bold, links) taken off."""
    return plain(marked(field))


def _runs(spans: Iterable[Span], base: Run) -> Iterator[Run]:
    for span in spans:
        if span.kind == "text":
            if span.text:
                yield replace(base, text=span.text)
        elif span.kind == "bold":
            yield from _runs(span.children, replace(base, bold=True))
        elif span.kind == "italic":
            # Italics inside an italic title stand out upright, as \emph does in the PDF.
            yield from _runs(span.children, replace(base, italic=not base.italic))
        elif span.kind == "link":
            url = web_url(span.url)
            yield from _runs(span.children, replace(base, url=url) if url else base)
        else:
            for text, script in math_parts(span.text):
                yield replace(base, text=text, script=script)


def link_runs(links: Iterable[Link]) -> tuple[Run, ...]:
    """An entry's links after its text, as the PDF sets them: `` [slides]``."""
    runs: list[Run] = []
    for link in links:
        url = web_url(link.url)
        runs += [Run(" "), Run(f"[{link.label}]", url=url, tone="accent", small=True)]
    return tuple(runs)


# -- the CV's walk ---------------------------------------------------------------------------


def cv_blocks(view: CvView, catalog: Catalog) -> Blocks:
    """Everything the PDF shows of ``view``, in its order, as blocks."""
    blocks = [Block("name", marked(view.name))]
    if view.headline:
        blocks.append(Block("headline", marked(view.headline)))
    if view.contacts:
        blocks.append(Block("contacts", contact_runs(view, catalog)))
    if view.personal:
        blocks.append(Block("contacts", personal_runs(view, catalog)))
    for section in view.sections:
        blocks.append(Block("section", marked(section.title)))
        blocks.extend(section_blocks(section, catalog))
    name = text_of(view.name)
    return Blocks(
        language=view.language,
        title=catalog.document.title_for(name),
        author=name,
        blocks=blocks,
        footer=marked(view.updated, tone="muted", small=True),
        photo=view.photo,
        centered_header=view.photo is None,
    )


def contact_runs(view: CvView, catalog: Catalog) -> tuple[Run, ...]:
    """The contacts on one line, each labelled as the web pages label it (GitHub: ...)."""
    runs: list[Run] = []
    colon = catalog.punctuation.colon
    for index, contact in enumerate(view.contacts):
        if index:
            runs.append(Run("  ·  ", tone="muted"))
        if label := catalog.contact_labels.get(contact.type):
            runs.append(Run(f"{label}{colon}"))
        url = web_url(contact.url) if contact.url else None
        runs.extend(marked(contact.text, url=url) if url else marked(contact.text))
    return tuple(runs)


def personal_runs(view: CvView, catalog: Catalog) -> tuple[Run, ...]:
    """The personal lines on one line under the contacts, as the PDF sets them: each label
    muted, with its colon, before its value."""
    runs: list[Run] = []
    colon = catalog.punctuation.colon
    for index, line in enumerate(view.personal):
        if index:
            runs.append(Run("  ·  ", tone="muted"))
        if line.label:
            runs += [*marked(line.label, tone="muted"), Run(colon, tone="muted")]
        runs.extend(marked(line.value))
    return tuple(runs)


def section_blocks(section: SectionView, catalog: Catalog) -> list[Block]:
    kind, entries = section.kind, section.entries
    if kind in ("education", "experience", "teaching", "talks"):
        return [block for row in entries for block in row_blocks(row)]
    if kind == "publications":
        blocks = []
        for group in entries.groups:
            if group.heading:
                blocks.append(Block("group", marked(group.heading)))
            blocks.extend(citation_blocks(group.citations, catalog))
        if entries.legend:
            blocks.append(Block("note", marked(entries.legend, tone="muted", small=True)))
        return blocks
    if kind == "patents":
        return citation_blocks(entries, catalog)
    if kind in ("awards", "service", "languages"):
        return [noted_item(item) for item in entries]
    if kind == "skills":
        colon = catalog.punctuation.colon
        return [
            Block("item", (*_named(group.category, colon), *marked(group.items)))
            for group in entries
        ]
    if kind == "references":
        return [referee_block(referee) for referee in entries]
    if kind == "others":
        return [block for entry in entries for block in other_blocks(entry)]
    return [Block("paragraph", marked(paragraph)) for paragraph in entries]  # summary, text


def _named(category: str, colon: str) -> tuple[Run, ...]:
    """A skill group's name and the colon after it; nothing for a group left unnamed."""
    return (*marked(category, bold=True), Run(colon)) if category else ()


def row_blocks(row: Row) -> list[Block]:
    """Heading and place, detail and dates, then the description and the bullets."""
    blocks = [
        Block(
            "entry",
            (*marked(row.heading, bold=True), *link_runs(row.links)),
            marked(row.place, tone="muted", small=True),
        )
    ]
    if row.detail or row.dates:
        blocks.append(
            Block(
                "detail",
                marked(row.detail, italic=True),
                marked(row.dates, tone="muted", small=True),
            )
        )
    blocks += [Block("paragraph", marked(text), level=1) for text in row.description]
    return blocks + list(bullet_blocks(row.bullets, row.numbered))


def bullet_blocks(bullets: list[Bullet], numbered: bool, level: int = 1) -> Iterator[Block]:
    for index, bullet in enumerate(bullets):
        marker: Marker = "number" if numbered else "bullet"
        yield Block("item", marked(bullet.text), level=level, marker=marker, restart=index == 0)
        yield from bullet_blocks(bullet.items, bullet.numbered, level + 1)


def noted_item(item: Item) -> Block:
    return Block(
        "item", marked(item.text), marked(item.note, tone="muted", small=True), marker="bullet"
    )


def other_blocks(entry: Entry) -> list[Block]:
    blocks = [
        Block(
            "item",
            (*marked(entry.text), *link_runs(entry.links)),
            marked(entry.date, tone="muted", small=True),
            marker="bullet",
        )
    ]
    blocks += [Block("paragraph", marked(text), level=2) for text in entry.description]
    return blocks + list(bullet_blocks(entry.items, entry.numbered, 2))


def referee_block(referee: Referee) -> Block:
    lines = [marked(line, small=True) for line in referee.lines]
    if referee.email:
        url = web_url(f"mailto:{referee.email}")
        lines.append(marked(referee.email, small=True, url=url))
    return Block("referee", marked(referee.name, bold=True), lines=tuple(lines))


def citation_blocks(citations: list[Citation], catalog: Catalog) -> list[Block]:
    return [
        Block(
            "item",
            citation_runs(cite, catalog),
            label=f"[{cite.number}]" if cite.number else "",
            marker="" if cite.number else "bullet",
        )
        for cite in citations
    ]


def citation_runs(cite: Citation, catalog: Catalog) -> tuple[Run, ...]:
    """Authors, title, venue and tag, year, status, labels, awards and links, punctuated
    as the PDF's citation macro punctuates them."""
    p = cite.punctuation or catalog.punctuation
    runs: list[Run] = []
    for person in cite.authors:
        runs += person_runs(person)
    if cite.authors:
        runs.append(Run(p.citation_separator))
    runs += marked(cite.title, italic=not cite.upright)
    if cite.venue:
        runs += [Run(p.citation_separator), *marked(cite.venue)]
    if cite.venue_tag:
        opening = p.open_paren if cite.venue else p.citation_separator + p.open_paren.strip()
        runs += [Run(opening), *marked(cite.venue_tag, bold=True), Run(p.close_paren)]
    if cite.year:
        runs += [Run(p.citation_separator), Run(cite.year)]
    if cite.status:
        separator = cite.status_separator or p.citation_separator
        runs += [Run(separator), *marked(cite.status, italic=True)]
    for label in cite.labels:
        runs += [Run(" "), *marked(label, bold=True, tone="accent", small=True)]
    for award in cite.awards:
        runs += [Run(" "), *marked(award, bold=True, tone="accent")]
    runs += link_runs(cite.links)
    return tuple(runs)


def person_runs(person: Person) -> list[Run]:
    """An author: the owner in bold, marks raised, then the separator before the next."""
    runs = list(marked(person.name, bold=person.owner))
    if person.marks:
        runs.append(Run(person.marks, script="sup"))
    if person.separator:
        runs.append(Run(person.separator))
    return runs

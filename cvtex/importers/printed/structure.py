"""A printed CV's lines as profile data: the name (the largest text at the top), the
header's contacts, the sections by their headings, each section's entries; and every line
whose text found no field, kept in the profile's ``unplaced:`` list with its page and line.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ...errors import InputError
from ..reader import Note, T
from .bullets import numbered as numbered_mark
from .contacts import contact_of, looks_like_location, pieces
from .entries import BUILDERS
from .headings import heading_kind, key
from .items import Item, Taking, items_of
from .lines import Cell, Line
from .lists import skills

_CAPS = re.compile(r"[A-Z]")
_NOT_CAPS = re.compile(r"[a-z]")
# A heading is short: at most this many characters.
_HEADING_LENGTH = 48


@dataclass
class Section:
    heading: Line | None
    kind: str | None  # None: a heading whose words no dictionary knows
    lines: list[Line] = field(default_factory=list)

    @property
    def title(self) -> str:
        return self.heading.text.strip(" :：") if self.heading is not None else ""


@dataclass
class Printed:
    """What the lines gave: the profile's data, notes, and the count of lines placed."""

    data: dict[str, Any]
    notes: list[Note]
    placed: int
    lines: int


def read_printed(lines: list[Line], file: str, today: dt.date, titles: dict[str, str]) -> Printed:
    """The profile data of a printed CV's ``lines``. ``titles``: the section titles of the
    file's language, by kind (a title like its kind's is not written into the profile)."""
    lines = [line for line in lines if line.text.strip()]
    if not lines:
        raise InputError(f"{file}: no text in it", "is it the CV you meant?")
    taken: set[int] = set()
    notes: list[Note] = []
    body = _body_size(lines)
    name = _name(lines, body)
    headings = _headings(lines, body, name)
    if not any(kind for _, kind in headings.values()):
        raise InputError(
            f"{file}: not a CV, as far as cvtex can tell: none of its {len(lines)} lines is a "
            "section heading a CV has (Education, Experience, 教育背景, 学歴, 학력, ...)",
            "cvtex import reads a CV; if it is one, name its sections as CVs do, or start "
            "from a profile of your own (cvtex new)",
        )
    data: dict[str, Any] = {}
    leftovers: dict[int, list[str]] = {}  # id(line) -> what of it went nowhere
    if name is not None:
        named = _largest_cell(name)
        data["name"] = T(named.text)
        taken.add(id(name))
        if len(name.cells) > 1:
            leftovers[id(name)] = [cell.text for cell in name.cells if cell is not named]
    sections = _sections(lines, headings, name)
    header = sections.pop(0)
    contacts: list[dict] = []
    personal: list[dict] = []
    _header(header.lines, data, contacts, taken, leftovers)
    taking = Taking(today)
    ids: Counter[str] = Counter()
    made: list[tuple[str, Section, str]] = []  # (pool, section, id)
    for section in sections:
        taken.add(id(section.heading))
        kind = section.kind
        if kind == "contacts":
            _header(section.lines, data, contacts, taken, leftovers, headline=False)
            continue
        if kind == "personal":
            _personal(section.lines, personal, taken, leftovers)
            continue
        items = items_of(section.lines)
        if kind == "references" and _cited(items):
            kind = "publications"  # a bibliography's References: [1] Doe, J. ...
        if kind == "summary":
            text = "\n".join(_paragraphs(items))
            if text and "summary" not in data:
                data["summary"] = T(text)
                taking.take(*items)
                continue
            kind = "others"
        pool_kind = kind or "others"
        if pool_kind == "skills":
            entries = skills(items, taking, section.title or titles.get("skills", "Skills"))
        else:
            entries = BUILDERS[pool_kind](items, taking)
        ident = pool_kind if kind else _ident(section.title)
        ids[ident] += 1
        if ids[ident] > 1:
            ident = f"{ident}-{ids[ident]}"
        pool = "spoken_languages" if pool_kind == "languages" else pool_kind
        if not entries:
            continue
        for entry in entries:
            entry["_section"] = ident
        data.setdefault(pool, []).extend(entries)
        made.append((pool, section, ident))
    taken |= taking.taken
    for item, what in taking.notes:
        notes.append(Note(item.first.where(file), "", what))
    if contacts:
        data["contacts"] = contacts
    if personal:
        data["personal"] = personal
    _sections_of(data, made, titles)
    unplaced = _unplaced(lines, taken, leftovers)
    if unplaced:
        data["unplaced"] = unplaced
    not_placed = sum(id(line) not in taken or id(line) in leftovers for line in lines)
    return Printed(data, notes, len(lines) - not_placed, len(lines))


def _body_size(lines: list[Line]) -> float:
    sizes: Counter[float] = Counter()
    for line in lines:
        sizes[round(line.size, 1)] += len(line.text)
    return sizes.most_common(1)[0][0]


def _name(lines: list[Line], body: float) -> Line | None:
    """The largest text of the first page (a Word file's Title, else its largest); the
    first line when nothing is larger than the body, if it reads as a name."""
    first_page = [line for line in lines if line.page in (None, 1)]
    titled = [line for line in first_page if line.style.casefold() == "title"]
    if titled:
        return titled[0]
    # The whole first page: a header of many contact lines may stand above the name.
    largest = max(
        first_page, key=lambda line: (_cell_size(line), -line.top, -first_page.index(line))
    )
    if _cell_size(largest) > body * 1.2 and len(_largest_cell(largest).text) < 60:
        return largest
    first = first_page[0]
    words = first.cells[0].text.split()
    if (
        1 <= len(words) <= 5
        and not re.search(r"[\d@/:]", first.text)
        and not heading_kind(first.text)
    ):
        return first
    return None


def _largest_cell(line: Line) -> Cell:
    """The cell of the largest type: the name, when a column's line shares its baseline."""
    return max(line.cells, key=lambda cell: cell.size or line.size)


def _cell_size(line: Line) -> float:
    return max((cell.size for cell in line.cells), default=0.0) or line.size


def _caps(text: str) -> bool:
    return bool(_CAPS.search(text)) and not _NOT_CAPS.search(text)


def _emphasized(line: Line, body: float) -> bool:
    return (
        line.bold
        or _caps(line.text)
        or line.size > body * 1.05
        or line.style.casefold().startswith(("heading", "title"))
        or line.page is None  # a Word paragraph of its own
    )


def _headings(
    lines: list[Line], body: float, name: Line | None
) -> dict[int, tuple[Line, str | None]]:
    """The lines that head sections, by id: those whose words say which section, then
    those that look as they do (size, weight, capitals) with words no dictionary knows."""
    found: dict[int, tuple[Line, str | None]] = {}
    looks: set[tuple[float, bool, bool, str]] = set()
    for line in lines:
        if line is name or len(line.cells) != 1 or len(line.text) > _HEADING_LENGTH:
            continue
        kind = heading_kind(line.text)
        if kind and _emphasized(line, body):
            found[id(line)] = (line, kind)
            looks.add(_look(line))
    for line in lines:
        if id(line) in found or line is name or len(line.cells) != 1:
            continue
        text = line.text.strip()
        if (
            _look(line) in looks
            and len(text) <= _HEADING_LENGTH
            and len(text.split()) <= 6
            and not re.search(r"[.,;。，；]$|\d{4}|@", text)
            and (
                line.size > body * 1.1 or _caps(text) or line.style.casefold().startswith("heading")
            )
        ):
            found[id(line)] = (line, None)
    return found


def _look(line: Line) -> tuple[float, bool, bool, str]:
    return (round(line.size), line.bold, _caps(line.text), line.style.casefold())


def _sections(
    lines: list[Line], headings: dict[int, tuple[Line, str | None]], name: Line | None
) -> list[Section]:
    """The header (what stands before the first heading), then each section."""
    sections = [Section(None, "header")]
    for line in lines:
        if line is name:
            continue
        if line.running:  # printed on every page: the header's, wherever it stands
            sections[0].lines.append(line)
            continue
        if id(line) in headings:
            heading, kind = headings[id(line)]
            sections.append(Section(heading, kind))
        else:
            sections[-1].lines.append(line)
    return _under_empty(sections)


def _under_empty(sections: list[Section]) -> list[Section]:
    """A heading of a known kind with nothing under it heads the sections that follow it
    (Experience over Vocational and Miscellaneous; Honors & Awards over International
    Awards and Community): those of unknown words are its kind, until a heading that
    looks as it does."""
    parent: tuple[str, tuple] | None = None  # the empty heading's kind and look
    for section in sections[1:]:
        look = _look(section.heading) if section.heading is not None else ()
        if parent is not None and (section.kind is None or look != parent[1]):
            section.kind = section.kind or parent[0]
            continue
        empty = section.kind is not None and not section.lines
        parent = (section.kind, look) if empty else None
    return sections


def _header(
    lines: list[Line],
    data: dict,
    contacts: list[dict],
    taken: set[int],
    leftovers: dict[int, list[str]],
    headline: bool = True,
) -> None:
    """Contacts from the header's lines, piece by piece; a line of no contact under the
    name, the headline; a place, the location."""
    for line in lines:
        left: list[str] = []
        found_any = False
        for cell in line.cells:
            parts = pieces(cell.text)
            link = next((span.link for span in cell.spans if span.link), None)
            for part in parts:
                if line.running and part == str(data.get("name")):
                    continue  # the name again, in a running header: it is the name
                contact = contact_of(part, link if len(parts) == 1 else None)
                if contact is None and looks_like_location(part) and not _has(contacts, "location"):
                    contact = {"type": "location", "value": T(part)}
                if contact is not None:
                    if contact not in contacts:  # the same address twice (a page header)
                        contacts.append(contact)
                    found_any = True
                else:
                    left.append(part)
        if (
            left
            and headline
            and not found_any
            and not line.running
            and "headline" not in data
            and len(line.text) < 120
        ):
            data["headline"] = T(line.text)
            left = []
        taken.add(id(line))
        if left:
            leftovers[id(line)] = left


def _has(contacts: list[dict], kind: str) -> bool:
    return any(contact["type"] == kind for contact in contacts)


def _personal(lines: list[Line], personal: list[dict], taken: set[int], leftovers: dict) -> None:
    for line in lines:
        cells = [cell.text for cell in line.cells if cell.text]
        pairs = []
        if len(cells) % 2 == 0 and len(cells) >= 2:
            pairs = [(cells[i], cells[i + 1]) for i in range(0, len(cells), 2)]
        elif match := re.match(r"^([^:：]{1,20})[:：]\s*(.+)$", line.text):
            pairs = [(match[1], match[2])]
        taken.add(id(line))
        if not pairs:
            leftovers[id(line)] = [line.text]
        for label, value in pairs:
            personal.append({"label": T(label.strip(" :：")), "value": T(value.strip())})


def _cited(items: list[Item]) -> bool:
    """Whether most items are numbered as a bibliography numbers them ([1], 1.): works
    cited, not referees."""
    numbered = [item for item in items if item.mark and numbered_mark(item.mark)]
    return len(numbered) * 2 > len(items)


def _paragraphs(items: list[Item]) -> list[str]:
    return [item.text for item in items if item.text]


def _ident(title: str) -> str:
    return re.sub(r"[\W_]+", "-", title.lower()).strip("-") or "section"


def _sections_of(data: dict, made: list[tuple[str, Section, str]], titles: dict[str, str]) -> None:
    """The sections in the order printed, each with its title where it is not its
    kind's; a kind printed twice (项目经历, 科研经历) as sections that select their
    entries by a tag."""
    pools = Counter(pool for pool, _, _ in made)
    sections: dict[str, dict] = {"summary": {}} if "summary" in data else {}
    layout = ["summary"] if "summary" in data else []
    for pool, section, ident in made:
        kind = "languages" if pool == "spoken_languages" else pool
        entry: dict[str, Any] = {}
        if ident != kind:
            entry["kind"] = kind
        if section.title and key(section.title) != key(titles.get(kind, "")):
            entry["title"] = T(section.title)
        if pools[pool] > 1:
            entry["select"] = [ident]
        sections[ident] = entry
        layout.append(ident)
    for pool in pools:
        for entry in data.get(pool, []):
            ident = entry.pop("_section")
            if pools[pool] > 1:
                entry["tags"] = [ident]
    if sections:
        data["sections"] = sections
        data["layout"] = layout


def _unplaced(lines: list[Line], taken: set[int], leftovers: dict[int, list[str]]) -> list[dict]:
    unplaced = []
    for line in lines:
        texts = leftovers.get(id(line)) if id(line) in taken else [line.text]
        for text in texts or []:
            entry: dict[str, Any] = {"text": text}
            if line.page is not None:
                entry["page"] = line.page
            if not line.part:  # a Word file's page header has no line of the body
                entry["line"] = line.number
            unplaced.append(entry)
    return unplaced

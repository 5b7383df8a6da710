"""A section's items as the profile's entries, by the section's kind: an entry's heading
lines (its name, role, place and dates, on one line or two), its description and bullets;
a reference, an award and its years, a skill group, a language and its level.

Each builder takes the section's items and a :class:`Taking`, which records the lines
whose text went into a field; what is left is the structure reader's to keep.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..dates import an_end
from ..reader import T
from .bullets import numbered
from .contacts import contact_of, looks_like_location
from .dates import Found, find_dates, without
from .items import Item
from .lines import Span
from .publications import publication

_PIPES = re.compile(r"\s*[|｜]\s*|\s{3,}")
_DEGREE = re.compile(
    r"^(?:ph\.?\s?d\.?|d\.?phil|m\.?\s?s\.?c?\.?|m\.?a\.?|m\.?eng\.?|m\.?b\.?a\.?|b\.?\s?s\.?c?\.?"
    r"|b\.?a\.?|b\.?eng\.?|b\.?tech|m\.?tech|bachelor|master|doctor|associate|diploma|"
    r"博士|硕士|碩士|学士|學士|本科|研究生|硕博连读|直博|大专|專科|博士課程|修士|学士課程|"
    r"박사|석사|학사)(?:'?s)?(?![a-z])",  # a word of its own: not Doctoral School, Mastercard
    re.I,
)
_IN = re.compile(r"^(.{2,40}?)\s+(?:in|of)\s+(.+)$")
_YEARS = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
_MOST_INDENT = 36  # points: a list's indent; further right is a heading's right part
_LABELLED = re.compile(r"^([^:：]{1,40})[:：]\s*(.+)$")


@dataclass
class Taking:
    """The lines whose text a field took, and the notes made on the way."""

    today: dt.date
    taken: set[int] = field(default_factory=set)  # id() of each line taken
    notes: list[tuple[Item, str]] = field(default_factory=list)

    def take(self, *items: Item) -> None:
        for item in items:
            self.taken.update(id(line) for line in item.lines)


@dataclass
class Piece:
    """A part of an entry's heading lines: a cell, or a part of one between | marks."""

    text: str
    bold: bool
    italic: bool
    link: str | None = None
    row: int = 0  # the heading's line it is on: 0, the first


def _pieces(items: list[Item]) -> list[Piece]:
    pieces = []
    lines = [line for item in items for line in item.lines]
    for row, line in enumerate(lines):
        for cell in line.cells:
            link = next((span.link for span in cell.spans if span.link), None)
            for part in _PIPES.split(cell.text):
                if part.strip(" ,;"):
                    pieces.append(Piece(part.strip(" ,;"), cell.bold, cell.italic, link, row))
    if items and items[0].mark and pieces:
        pieces[0].text = items[0].text.split("   ")[0] if "   " in items[0].text else items[0].text
    return pieces


def _dated(pieces: list[Piece], today: dt.date) -> tuple[list[Piece], Found | None]:
    """The pieces without the first range of dates found (a heading has one), and it."""
    found = None
    kept = []
    for piece in pieces:
        if found is None and (dates := find_dates(piece.text, today)):
            found = dates
            rest = without(piece.text, dates)
            if rest:
                kept.append(Piece(rest, piece.bold, piece.italic, piece.link, piece.row))
            continue
        kept.append(piece)
    return kept, found


def _with_dates(entry: dict, found: Found | None, today: dt.date, single: bool = False) -> None:
    if found is None:
        return
    if found.end is None and single:
        entry["date"] = found.start
        return
    entry["start"] = found.start
    if found.end is not None:
        end = an_end(found.end, today)
        if found.expected and isinstance(end, str) and end != "present":
            end = {"expected": end}
        entry["end"] = end


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
        set_in = item.first.page is not None and base + 4 < item.indent < base + _MOST_INDENT
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


def _rest_as_description(entry: dict, pieces: list[Piece], description: list[Item]) -> None:
    texts = [piece.text for piece in pieces] + [item.text for item in description]
    if texts:
        entry["description"] = T("\n".join(texts))


def _bullets(entry: dict, bullets: list[Item], key: str = "bullets") -> None:
    if bullets:
        entry[key] = [T(_without_right_part(item)[0]) for item in bullets if item.text]
        if all(numbered(item.mark) for item in bullets):
            entry["numbered"] = True


def _without_right_part(item: Item) -> tuple[str, str | None]:
    """A bullet's text and, apart, a date or a place set at the right of its line (the
    entry's: a heading of two lines beside the bullets, as RenderCV sets it)."""
    parts = item.text.split("   ")
    if len(parts) >= 2 and (
        find_dates(parts[-1], dt.date.today()) or looks_like_location(parts[-1])
    ):
        return "   ".join(parts[:-1]).strip(), parts[-1].strip()
    return item.text, None


def _right_parts(bullets: list[Item]) -> list[Piece]:
    return [
        Piece(right, False, False)
        for item in bullets[:2]
        if (right := _without_right_part(item)[1]) is not None
    ]


def _location(pieces: list[Piece]) -> Piece | None:
    return next((piece for piece in pieces[1:] if looks_like_location(piece.text)), None)


def education(items: list[Item], taking: Taking) -> list[dict]:
    entries = []
    for heading, description, bullets in entry_blocks(items):
        pieces, found = _dated(_pieces(heading) + _right_parts(bullets), taking.today)
        if not pieces:
            continue
        first = next((piece for piece in pieces if piece.bold), pieces[0])
        if _DEGREE.match(first.text):  # BS | Boğaziçi University; Associate of Arts | a college
            first = next((piece for piece in pieces if not _DEGREE.match(piece.text)), first)
        if (lead := re.match(r"^(\S+)\s+(\S.*)$", first.text)) and _DEGREE.fullmatch(lead[1]):
            pieces.insert(pieces.index(first) + 1, Piece(lead[1], False, False))
            first.text = lead[2]
        pieces.remove(first)
        entry: dict[str, Any] = {"institution": T(first.text)}
        if location := _location([first, *pieces]):
            pieces.remove(location)
            entry["location"] = T(location.text)
        if degree := next((piece for piece in pieces if _DEGREE.match(piece.text)), None):
            pieces.remove(degree)
            cjk = re.match(r"^(\S+)\s+([\u3400-\u9fff].*)$", degree.text)
            if (split := _IN.match(degree.text) or cjk) and _DEGREE.match(split[1]):
                entry["degree"], entry["field"] = T(split[1]), T(split[2])
            else:
                entry["degree"] = T(degree.text)
        if "field" not in entry and "degree" in entry and pieces and not pieces[0].bold:
            entry["field"] = T(pieces.pop(0).text)
        _with_dates(entry, found, taking.today)
        _rest_as_description(entry, pieces, description)
        _bullets(entry, bullets)
        taking.take(*heading, *description, *bullets)
        entries.append(entry)
    return entries


def experience(items: list[Item], taking: Taking) -> list[dict]:
    entries = []
    for heading, description, bullets in entry_blocks(items):
        used = [*heading, *description, *bullets]
        pieces, found = _dated(_pieces(heading) + _right_parts(bullets), taking.today)
        if not pieces:  # a heading of dates alone: the first bullet names the entry
            pieces = [Piece(item.text, item.bold, item.italic) for item in bullets[:1]]
            bullets = bullets[1:]
        if not pieces:
            continue
        first = next((piece for piece in pieces if piece.bold), pieces[0])
        pieces.remove(first)
        entry: dict[str, Any] = {"title": T(first.text)}
        if location := _location([first, *pieces]):
            pieces.remove(location)
            entry["location"] = T(location.text)
        if role := next((piece for piece in pieces if piece.italic), None):
            pieces.remove(role)
            entry["role"] = T(role.text)
        for piece in list(pieces):
            # A second line under the entry's name says the role (Software Engineer under
            # Acme); a part beside the name, the organization (Acme, beside the title).
            order = (
                ("organization", "role", "team")
                if piece.row == 0
                else ("role", "organization", "team")
            )
            if key := next((key for key in order if key not in entry), None):
                entry[key] = T(piece.text)
                pieces.remove(piece)
        _with_dates(entry, found, taking.today)
        _rest_as_description(entry, pieces, description)
        _bullets(entry, bullets)
        taking.take(*used)
        entries.append(entry)
    return entries


def _headed(
    first_key: str, keys: tuple[str, ...], single: bool = False
) -> Callable[[list[Item], Taking], list[dict]]:
    """A builder of entries whose heading is ``first_key`` and whose other pieces fill
    ``keys`` in order (teaching: course, role, institution)."""

    def build(items: list[Item], taking: Taking) -> list[dict]:
        entries = []
        for heading, description, bullets in entry_blocks(items):
            pieces, found = _dated(_pieces(heading), taking.today)
            if not pieces:
                continue
            entry: dict[str, Any] = {first_key: T(pieces.pop(0).text)}
            for key in keys:
                if pieces:
                    entry[key] = T(pieces.pop(0).text)
            _with_dates(entry, found, taking.today, single)
            description = description + bullets
            _rest_as_description(entry, pieces, description)
            taking.take(*heading, *description)
            entries.append(entry)
        return entries

    return build


def publications(items: list[Item], taking: Taking) -> list[dict]:
    entries = []
    for item in _labels_joined(items):
        if not item.text:
            continue
        if item.mark is None and item.bold and len(item.text) < 40 and any(i.mark for i in items):
            continue  # a sub-heading (Journal Articles): left for the unplaced list
        taking.take(item)
        entry, sure = publication(item.spans, item.text)
        if not sure:
            taking.notes.append(
                (
                    item,
                    "a reference kept whole as the title: split it into authors, title and venue",
                )
            )
        entries.append(entry)
    return entries


def _labels_joined(items: list[Item]) -> list[Item]:
    """A numbered list's items with a line pushed to the right (a label, CCF A, that had no
    room at the end of its reference) joined to the item above."""
    base = min((item.indent for item in items), default=0.0)
    joined: list[Item] = []
    for item in items:
        pushed = item.first.page is not None and item.indent > base + _MOST_INDENT
        if joined and pushed and item.mark is None:
            joined[-1].lines.extend(item.lines)
            joined[-1].spans.extend([Span(" "), *item.spans])
            continue
        joined.append(item)
    return joined


def patents(items: list[Item], taking: Taking) -> list[dict]:
    entries = []
    for item in items:
        if item.text:
            taking.take(item)
            entries.append({"inventors": [], "title": T(item.text)})
    return entries


def _with_years(items: list[Item], taking: Taking, key: str) -> list[dict]:
    """Awards and services: a line and its years (a year alone on a line: the one above's)."""
    entries: list[dict] = []
    for item in items:
        text = item.text
        cells = [cell.text for cell in item.cells if cell.text]
        dated = [cell for cell in cells if _only_a_date(cell, taking.today)]
        if len(cells) > 1 and len(dated) == 1:  # a table's row: 2021 | 2nd Place | Online
            taking.take(item)
            name = ", ".join(cell for cell in cells if cell is not dated[0])
            entries.append({key: T(name), "years": [int(y) for y in _YEARS.findall(dated[0])]})
            continue
        years = [int(year) for year in _YEARS.findall(text)]
        rest = _YEARS.sub(" ", text)
        rest = " ".join(re.sub(r"[,，、\s–—-]+$|^[,，、\s–—-]+", "", rest).split())
        if not rest and entries and years:
            entries[-1].setdefault("years", []).extend(years)
            taking.take(item)
            continue
        if not rest:
            continue
        taking.take(item)
        entry: dict[str, Any] = {key: T(rest if years and _only_years_cut(text) else text)}
        if years and _only_years_cut(text):
            entry["years"] = years
        entries.append(entry)
    return entries


def _only_a_date(text: str, today: dt.date) -> bool:
    """Whether ``text`` is years or a date and nothing else: 2021, 2016 年 04 月."""
    found = find_dates(text, today)
    return found is not None and not without(text, found) and bool(_YEARS.search(text))


def _only_years_cut(text: str) -> bool:
    """Whether the years stand apart (at the end, or in a cell of their own), so that
    cutting them out leaves the award's name whole."""
    return bool(re.search(r"(?:\s{2,}|[,，(（]\s*|\s)((?:19|20)\d{2}[,，、\s–—-]*)+[)）]?$", text))


def awards(items: list[Item], taking: Taking) -> list[dict]:
    entries = _with_years(items, taking, "name")
    for entry in entries:
        if entry.get("years") and isinstance(entry["name"], str):
            entry["name"] = T(re.sub(r"[\s,，(（]+$", "", entry["name"]))
    return entries


def service(items: list[Item], taking: Taking) -> list[dict]:
    return _with_years(items, taking, "text")


def split_items(text: str) -> list[str]:
    """A list written on a line, at its commas (and 、，;) outside brackets."""
    parts, depth, current = [], 0, ""
    for char in text:
        depth += char in "([（【"
        depth -= char in ")]）】" and depth > 0
        if char in ",，、;；" and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    return [part.strip(" .。") for part in parts if part.strip(" .。")]


def skills(items: list[Item], taking: Taking, title: str) -> list[dict]:
    groups: list[dict] = []
    pending: Item | None = None  # a bold category alone on its line
    for item in items:
        text = item.text
        if not text:
            continue
        taking.take(item)
        cells = [cell.text for cell in item.cells if cell.text]
        if len(cells) >= 4 and len(cells) % 2 == 0:  # two groups side by side (moderncv)
            for category, listed in zip(cells[::2], cells[1::2], strict=True):
                groups.append({"category": T(category.rstrip(":：")), "items": _listed(listed)})
            pending = None
            continue
        if len(cells) >= 2:
            category, listed = cells[0].rstrip(":："), " , ".join(cells[1:])
        elif match := _LABELLED.match(text):
            category, listed = match[1], match[2]
        elif item.bold and not item.mark and pending is None:
            pending = item
            continue
        elif pending is not None:
            category, listed = pending.text.rstrip(":："), text
        else:
            category, listed = title, text
        pending = None
        groups.append({"category": T(category.strip()), "items": _listed(listed)})
    if pending is not None:
        groups.append({"category": T(title), "items": [T(pending.text)]})
    return groups


def _listed(text: str) -> list[str]:
    """A list of skills (Python, C++, Git) as items; a sentence (Proficient with Python,
    C++, and Git; good understanding of calculus) whole, as written."""
    parts = split_items(text)
    sentence = any(len(part.split()) > 4 or re.match(r"(?:and|or)\s", part) for part in parts)
    return [T(text.strip())] if sentence else [T(part) for part in parts]


def languages(items: list[Item], taking: Taking) -> list[dict]:
    entries = []
    for item in items:
        text = item.text
        if not text:
            continue
        taking.take(item)
        for part in [text] if _LABELLED.match(text) or len(item.cells) > 1 else split_items(text):
            cells = [cell.text for cell in item.cells if cell.text]
            if len(cells) >= 2:  # a level, and a comment beside it (moderncv)
                entries.append({"language": T(cells[0]), "level": T(", ".join(cells[1:]))})
                break
            match = _LABELLED.match(part) or re.match(r"^(.+?)\s*[(（](.+)[)）]$", part)
            if match:
                entries.append({"language": T(match[1].strip()), "level": T(match[2].strip())})
            else:
                entries.append({"language": T(part)})
    return entries


def references(items: list[Item], taking: Taking) -> list[dict]:
    entries = []
    for heading, description, bullets in entry_blocks(items):
        taking.take(*heading, *description, *bullets)
        lines = [item.text for item in heading + description + bullets if item.text]
        if not lines:
            continue
        entry: dict[str, Any] = {"name": T(lines[0])}
        rest = []
        for text in lines[1:]:
            contact = contact_of(text)
            kind = contact["type"] if contact else None
            if kind in ("email", "phone") and kind not in entry:
                entry[kind] = contact["value"]  # type: ignore[index]
            else:
                rest.append(text)
        for key in ("title", "affiliation"):
            if rest:
                entry[key] = T(rest.pop(0))
        if rest:
            entry["affiliation"] = T(
                ", ".join([str(entry.get("affiliation", "")), *rest]).strip(", ")
            )
        entries.append(entry)
    return entries


def others(items: list[Item], taking: Taking) -> list[dict]:
    entries = []
    for heading, description, bullets in entry_blocks(items):
        taking.take(*heading, *description, *bullets)
        texts = [item.text for item in heading if item.text]
        if not texts:
            entries.extend({"text": T(item.text)} for item in bullets if item.text)
            continue
        if not heading[0].mark and len(heading) == 1 and not description and not bullets:
            entries.append({"text": T(texts[0])})
            continue
        entry: dict[str, Any] = {"text": T(texts[0])}
        if more := texts[1:] + [item.text for item in description]:
            entry["description"] = T("\n".join(more))
        _bullets(entry, bullets, "items")
        entries.append(entry)
    return entries


BUILDERS: dict[str, Callable[[list[Item], Taking], list[dict]]] = {
    "education": education,
    "experience": experience,
    "volunteer": experience,
    "teaching": _headed("course", ("role", "institution")),
    "talks": _headed("title", ("event", "location")),
    "certificates": _headed("name", ("issuer",)),
    "publications": publications,
    "patents": patents,
    "awards": awards,
    "service": service,
    "languages": languages,
    "references": references,
    "others": others,
}

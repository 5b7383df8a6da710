"""A section's entries as the profile's, by the section's kind: an entry's heading pieces
(its name, role, place and dates) into the kind's fields, its description and bullets
(:mod:`.blocks` groups them); a publication, a patent, a reference. Sections of one line
an entry are :mod:`.lists`'.

Each builder takes the section's items and a :class:`Taking`, which records the lines
whose text went into a field; what is left is the structure reader's to keep.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..dates import an_end
from ..reader import T
from .blocks import MOST_INDENT, entry_blocks
from .bullets import numbered
from .contacts import contact_of, looks_like_location
from .dates import Found, find_dates, without
from .items import Item, Taking
from .lines import Span
from .lists import awards, languages, service
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
            # 学士 通信工程, or 学士通信工程 (CJK text sets no space between them)
            lead = _DEGREE.match(degree.text)
            cjk = re.match(rf"^({re.escape(lead[0])})\s*([\u3400-\u9fff].*)$", degree.text)
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
        pushed = item.first.page is not None and item.indent > base + MOST_INDENT
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

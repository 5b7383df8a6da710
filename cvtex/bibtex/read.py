"""A .bib file read as BibTeX reads it: each entry on its own, the rest going on.

BibTeX takes the first of a field written twice and skips an entry it cannot read, with
a warning; so does cvtex, with the file and line of each (``--strict`` makes them errors).
Each entry becomes a publication in the profile's own form: its text decoded from LaTeX
(bibtex/latex.py), its authors as the CV shows them (bibtex/names.py), its kind from the
entry type, and its links exactly as written.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import bibtexparser
from bibtexparser import middlewares
from bibtexparser.library import Library
from bibtexparser.model import (
    DuplicateBlockKeyBlock,
    DuplicateFieldKeyBlock,
    Entry,
    Field,
    ParsingFailedBlock,
)

from ..errors import InputError
from ..text.htmltext import title_text
from .entries import BibEntry, Bibliography
from .journals import JOURNAL_MACROS
from .latex import field_text, plain_text
from .names import read_authors

# Entry types as the profile's publication types, and the kind a CV names in words.
_TYPES = {
    "article": ("journal", None),
    "inproceedings": ("conference", None),
    "conference": ("conference", None),
    "proceedings": ("conference", None),
    "phdthesis": ("thesis", "phd-thesis"),
    "mastersthesis": ("thesis", "masters-thesis"),
    "book": ("book", None),
    "incollection": ("chapter", None),
    "inbook": ("chapter", None),
    "techreport": ("other", "report"),
    "report": ("other", "report"),
    "patent": ("other", "patent"),
    "online": ("other", "webpage"),
    "electronic": ("other", "webpage"),
    "www": ("other", "webpage"),
    "webpage": ("other", "webpage"),
    "unpublished": ("preprint", None),
    "misc": ("other", None),
    "dataset": ("other", "dataset"),
    "software": ("other", "software"),
}
# Entry types that may hold a talk or a poster, as their type, howpublished or note say.
_PRESENTED_TYPES = {"misc", "unpublished", "online", "presentation", "talk", "lecture", "speech"}
_POSTER = re.compile(r"\bposters?\b", re.I)
_TALK = re.compile(
    r"\b(?:talk|presentation|keynote|lecture|seminar|colloquium|webinar|speech)s?\b", re.I
)
_MONTHS = {name: number for number, name in enumerate(
    "jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}  # fmt: skip
# What a year field says of a paper not out yet.
_STATUSES = {
    "in press": "to-appear",
    "inpress": "to-appear",
    "to appear": "to-appear",
    "forthcoming": "to-appear",
    "accepted": "accepted",
    "submitted": "under-review",
    "under review": "under-review",
    "in preparation": "under-review",
}
_ARXIV_ID = re.compile(
    r"^(?:arXiv:)?(\d{4}\.\d{4,5}(?:v\d+)?|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})$", re.I
)
_DOI_PREFIX = re.compile(r"^(?:doi:\s*|DOI\s+|https?://(?:dx\.)?doi\.org/)", re.I)
_JOURNAL_MACRO = re.compile(r"\\([A-Za-z]+)(?![A-Za-z])")
# al-folio's fields for a paper's links, by the kind of link cvtex names them.
_LINK_FIELDS = {"pdf": "pdf", "code": "code", "slides": "slides", "poster": "poster",
                "video": "video", "blog": "blog", "html": "url", "website": "url"}  # fmt: skip


def read_bibliography(file: Path, abbreviate: bool, data: bytes | None = None) -> Bibliography:
    """``file``'s entries (``data``: its bytes, when they come from elsewhere than the file,
    such as an archive)."""
    if data is None and not file.is_file():
        raise InputError(f"{file}: no such bibliography file", "check bibliography.file")
    read = Bibliography()
    if data is None:
        data = file.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
        read.warnings.append(f"{file}: not UTF-8; read as Latin-1 (save it as UTF-8 to be sure)")
    logging.getLogger("bibtexparser").setLevel(logging.CRITICAL)  # its findings come below
    raw = bibtexparser.parse_string(text, parse_stack=[])
    entries: list[Entry] = []
    # ORCID's export gives different works one key (Sumi2024 eight times): each is kept,
    # under a key of its own until the fields are read (a library holds a key once).
    second_keys: dict[str, str] = {}
    for block in raw.blocks:
        if isinstance(block, Entry):
            entries.append(block)
        elif isinstance(block, DuplicateFieldKeyBlock):
            entry = block.ignore_error_block
            entries.append(_first_of_each(entry, file, read.warnings))
        elif isinstance(block, DuplicateBlockKeyBlock):
            entry = block.ignore_error_block
            if len({one.key.lower() for one in entry.fields}) < len(entry.fields):
                entry = _first_of_each(entry, file, read.warnings)
            own = f"{entry.key}\u0000{len(second_keys)}"
            second_keys[own] = entry.key
            entry.key = own
            entries.append(entry)
        elif isinstance(block, ParsingFailedBlock):
            where = f"{file}:{block.start_line + 1}"
            key = re.match(r"\s*@\w+\s*[{(]\s*([^,\s]+)\s*,", block.raw or "")
            if key:
                read.unread[key[1]] = block.start_line + 1
            read.warnings.append(
                f"{where}: {key[1] + ': ' if key else ''}this entry could not be read, and is "
                "left out: check its braces, quotes and commas"
            )
    library = Library([*raw.strings, *entries])
    for middleware in (
        middlewares.ResolveStringReferencesMiddleware(True),
        middlewares.RemoveEnclosingMiddleware(True),
    ):
        library = middleware.transform(library)
    # Each key's titles (folded) so far, with their lines: ORCID's export repeats a work
    # under a key that other works share too.
    titles_of_key: dict[str, dict[str, int]] = {}
    for entry in library.entries:
        key = second_keys.get(entry.key, entry.key)
        entry.key = key
        publication = _publication(entry, abbreviate, file, read)
        talk = _talk(entry, publication)
        read_entry = BibEntry(key, publication, entry.start_line + 1, talk)
        title = _folded(publication.get("title", ""))
        titles = titles_of_key.setdefault(key, {})
        if titles:
            where = f"{file}:{entry.start_line + 1}: {key}"
            if title in titles:
                read.warnings.append(f"{where}: the same work as line {titles[title]}, read once")
                continue
            first = next(iter(titles.values()))
            read.warnings.append(
                f"{where}: a second entry with this key, another work: kept (a bib: {key} "
                f"in the profile means the first, line {first})"
            )
        titles.setdefault(title, entry.start_line + 1)
        if "title" in publication:
            read.entries.append(read_entry)
        else:  # shown only where the profile gives it a title (merge.py)
            read.untitled.append(read_entry)
    return read


def _folded(title: str) -> str:
    return "".join(char for char in title.casefold() if char.isalnum())


def _first_of_each(entry: Entry, file: Path, warnings: list[str]) -> Entry:
    kept: dict[str, Field] = {}
    for one in entry.fields:
        name = one.key.lower()
        if name in kept:
            warnings.append(
                f"{file}:{one.start_line + 1}: {entry.key}: {one.key} is written twice; "
                f"the first ({_short(kept[name].value)}) is used, as BibTeX does"
            )
        else:
            kept[name] = one
    return Entry(entry.entry_type, entry.key, list(kept.values()), entry.start_line, entry.raw)


def _short(value: Any) -> str:
    text = str(value).strip('{}"')
    return text if len(text) <= 40 else text[:39] + "…"


def _publication(entry: Entry, abbreviate: bool, file: Path, read: Bibliography) -> dict:
    fields = {name.lower(): value for name, value in _values(entry).items()}

    def text(name: str) -> str | None:
        value = fields.get(name)
        return field_text(value) or None if isinstance(value, str) else None

    def plain(name: str) -> str | None:
        value = fields.get(name)
        return plain_text(value) or None if isinstance(value, str) else None

    entry_type = entry.entry_type.lower()
    kind_of, kind = _TYPES.get(entry_type, ("other", None))
    if entry_type == "thesis":  # biblatex: its type says which
        written = (plain("type") or "").lower()
        kind_of, kind = "thesis", "masters-thesis" if "master" in written else "phd-thesis"
    journal = _journal(fields.get("journal") or fields.get("journaltitle"))
    arxiv = _arxiv_id(fields, plain)
    on_arxiv_only = journal is not None and "arxiv" in journal.lower()
    if (
        entry_type == "unpublished"
        or on_arxiv_only
        or (arxiv and not journal and entry_type in ("article", "misc", "online"))
    ):
        # An @article that names its journal is an article, whatever eprint it also has.
        kind_of, kind, journal = "preprint", None, None
    if _presented(entry_type, plain) == "poster":
        kind_of, kind = "conference", "poster"
    people = read_authors(fields["author"], abbreviate) if "author" in fields else []
    if not people and "editor" in fields:
        people = read_authors(fields["editor"], abbreviate)
    read.owners.extend(p.name for p in people if p.marked and p.name not in read.owners)
    venue = (
        journal
        or text("booktitle")
        or text("school")
        or text("institution")
        or text("howpublished")
        or text("publisher")
        or text("organization")
    )
    if kind in ("report", "patent") and (number := plain("number")):
        venue = ", ".join(part for part in (venue, number) if part) if kind == "report" else number
    publication: dict[str, Any] = {
        "bib": entry.key,
        "authors": [person.name for person in people],
        "title": title_text(title) if (title := text("title")) else None,
        "venue": title_text(venue) if venue else None,
        "type": kind_of,
        "kind": kind,
    }
    year = plain("year") or (plain("date") or "")[:4]
    if status := _STATUSES.get(re.sub(r"[^a-z]+", " ", (plain("pubstate") or "").lower()).strip()):
        publication["status"] = status
    if year and year.isdigit():
        publication["year"] = int(year)
        if month := _month(plain):
            publication["month"] = month
    elif year and (status := _STATUSES.get(year.lower().strip("() "))):
        publication["status"] = status
    elif year:
        read.warnings.append(
            f"{file}:{entry.start_line + 1}: {entry.key}: year {year!r} is not a year; "
            "the entry is shown without one"
        )
    if kind_of == "preprint":
        publication["status"] = "preprint"
    numbered = kind not in ("report", "patent")  # whose number is in the venue already
    for name, key in (("volume", "volume"), ("number", "issue"), ("pages", "pages")):
        if (value := plain(name)) and (numbered or name != "number"):
            publication[key] = value
    if (abbr := plain("abbr")) and len(abbr) <= 20:
        publication["abbr"] = abbr  # al-folio's venue tag
    if award := text("award"):
        publication["awards"] = [award]
    publication["links"] = _links(fields, arxiv, entry, file, read.warnings)
    return {key: value for key, value in publication.items() if value not in (None, [], "")}


def _presented(entry_type: str, plain: Any) -> str | None:
    """What an entry records besides a work: a poster or a talk (a @misc whose howpublished
    says "Invited talk", an @inproceedings whose note says "Poster"); else None."""
    said = " ".join(plain(name) or "" for name in ("type", "howpublished", "note"))
    if _POSTER.search(said):
        posters = _PRESENTED_TYPES | {"inproceedings", "conference"}
        return "poster" if entry_type in posters else None
    if entry_type in _PRESENTED_TYPES - {"misc", "unpublished", "online"}:
        return "talk"  # @presentation, @talk: types of their own that some styles read
    return "talk" if entry_type in _PRESENTED_TYPES and _TALK.search(said) else None


def _talk(entry: Entry, publication: dict[str, Any]) -> dict[str, Any] | None:
    """The talk an entry records, as the profile's talks write one; None for a work."""
    fields = {name.lower(): value for name, value in _values(entry).items()}

    def plain(name: str) -> str | None:
        value = fields.get(name)
        return plain_text(value) or None if isinstance(value, str) else None

    if _presented(entry.entry_type.lower(), plain) != "talk" or "title" not in publication:
        return None
    talk: dict[str, Any] = {"title": publication["title"]}
    event = plain("eventtitle") or publication.get("venue")
    if event:
        talk["event"] = title_text(event)
    if place := plain("venue") or plain("location") or plain("address"):
        talk["location"] = place
    if date := _talk_date(plain):
        talk["date"] = date
    if publication.get("links"):
        talk["links"] = publication["links"]
    return talk


def _month(plain: Any) -> int | None:
    """An entry's month: biblatex's date (2024-03), else BibTeX's month (mar, 3, March)."""
    if (date := plain("date")) and re.fullmatch(r"\d{4}-\d\d(-\d\d)?", date):
        number = int(date[5:7])
    else:
        month = (plain("month") or "").strip().lower()
        number = _MONTHS.get(month[:3]) or (int(month) if month.isdigit() else None)
    return number if number and 1 <= number <= 12 else None


def _talk_date(plain: Any) -> str | None:
    """A talk's day or month (biblatex's date, else year and month), as a profile writes it."""
    if (date := plain("eventdate") or plain("date")) and re.fullmatch(r"\d{4}(-\d\d){0,2}", date):
        return date
    year = plain("year") or ""
    if not re.fullmatch(r"\d{4}", year):
        return None
    number = _month(plain)
    return f"{year}-{number:02d}" if number else year


def _values(entry: Entry) -> dict[str, Any]:
    return {one.key: one.value for one in entry.fields}


def _journal(value: Any) -> str | None:
    """A journal's name; an ADS macro (\\apj) as the name it stands for."""
    if not isinstance(value, str):
        return None
    expanded = _JOURNAL_MACRO.sub(
        lambda m: JOURNAL_MACROS.get(m[1].lower(), m[0]) if m[1] == m[1].lower() else m[0],
        value,
    )
    return field_text(expanded) or None


def _arxiv_id(fields: dict[str, Any], plain: Any) -> str | None:
    """The entry's arXiv identifier: eprint with arXiv as its archive or type, or al-folio's
    arxiv field, or an eprint that is one."""
    eprint = plain("eprint") or ""
    archive = (plain("archiveprefix") or plain("eprinttype") or "").lower()
    for candidate in (plain("arxiv") or "", eprint):
        match = _ARXIV_ID.match(candidate.strip())
        if match and (candidate != eprint or archive in ("", "arxiv")):
            return match[1]
    return eprint if eprint and archive == "arxiv" else None


def _links(
    fields: dict[str, Any], arxiv: str | None, entry: Entry, file: Path, warnings: list[str]
) -> list[dict[str, str]]:
    """The entry's links, their addresses exactly as written (only TeX's escapes undone)."""
    links = []
    if doi := _address(fields.get("doi"), prefix=_DOI_PREFIX):
        links.append({"type": "doi", "url": f"https://doi.org/{doi}"})
    if arxiv:
        links.append({"type": "arxiv", "url": f"https://arxiv.org/abs/{arxiv}"})
    if url := _address(fields.get("url")):
        links.append({"type": "pdf" if url.lower().endswith(".pdf") else "url", "url": url})
    for name, kind in _LINK_FIELDS.items():
        address = _address(fields.get(name))
        if not address:
            continue
        if re.match(r"^https?://", address):
            links.append({"type": kind, "url": address})
        else:
            warnings.append(
                f"{file}:{entry.start_line + 1}: {entry.key}: {name} = {address!r} is a file "
                "of a website, not an address: not linked (write its full https:// address)"
            )
    seen: set[str] = set()
    return [link for link in links if not (link["url"] in seen or seen.add(link["url"]))]


def _address(value: Any, prefix: re.Pattern[str] | None = None) -> str | None:
    """A link field as written: ``\\url{...}`` and TeX's escapes (``\\_``, ``\\&``) undone,
    nothing else (no dash ligatures, no spaces taken for ``&``); ``prefix`` taken off."""
    if not isinstance(value, str):
        return None
    address = value.strip()
    if prefix is not None:
        address = prefix.sub("", address)
    if match := re.fullmatch(r"\\(?:url|href)\s*\{(.*?)\}.*", address, re.S):
        address = match[1]
    address = re.sub(r"\\([_&%#$~{}])", r"\1", address)
    address = address.replace("{", "").replace("}", "")
    return "".join(address.split()) or None

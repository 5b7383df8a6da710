"""A LinkedIn data export ("Get a copy of your data", basic or full, from 2016 on): a folder
or a .zip of CSV files, read into profile data.

Only the files of the member's own profile are opened (:data:`FILES`); the export's other
files (connections, messages, invitations, recommendations: other people's data; logins,
ads, saved jobs: the account's activity) are never read, and one note names them.

Headers changed over the years (``Start Date`` became ``Started On``, ``Issue Date``
``Issued On``, ``Phone Numbers.csv`` ``PhoneNumbers.csv``): each file's columns are found
by any of their names. A description's line breaks reach the export as two spaces, and its
bullets as ``•``, ``-`` or a tab: its paragraphs become the entry's description and its
bullets its bullets. Every value not placed is named with its file, line and column.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from ..errors import InputError
from ..language.catalog import Catalog, available_languages, load_catalog
from ..text.links import link_target
from ..text.scripts import has_cjk
from .csvtable import Row, column_key, read_table
from .dates import an_end, read_date
from .language import language_of_text
from .reader import Context, Note, Read, Reader, T
from .source import Source


@dataclass(frozen=True)
class File:
    """One file of the export that cvtex reads: its names over the years, the columns it
    takes (each under any of its headers), and the columns it leaves out, with why."""

    names: tuple[str, ...]
    columns: dict[str, tuple[str, ...]]
    left_out: dict[str, str] = field(default_factory=dict)
    quiet: tuple[str, ...] = ()  # the export's bookkeeping: read to choose, or not at all


_DATES = {"start": ("Started On", "Start Date"), "end": ("Finished On", "End Date")}
_NOT_SHOWN = "not imported: a CV does not show it"
_PROFILE = File(
    ("Profile.csv",),
    {
        "first": ("First Name",),
        "last": ("Last Name",),
        "headline": ("Headline",),
        "summary": ("Summary",),
        "geo": ("Geo Location",),
        "country": ("Country",),
        "websites": ("Websites",),
        "twitter": ("Twitter Handles",),
    },
    {
        "Maiden Name": "not imported: add it to owner_names if your papers use it",
        "Address": "not imported: a CV shows where you live as its place (Geo Location)",
        "Zip Code": "not imported: a CV shows the city, not the postal code",
        "Birth Date": "not imported: add it under personal: if your CV shows it",
        "Marital Status": "not imported: add it under personal: if your CV shows it",
        "Industry": _NOT_SHOWN,
        "Association": _NOT_SHOWN,
        "Contact Instructions": _NOT_SHOWN,
        "Instant Messengers": "not imported: a CV's contacts have no messenger",
    },
    ("Created Date",),
)
FILES: dict[str, File] = {
    "profile": _PROFILE,
    "summary": File(("Profile Summary.csv",), {"summary": ("Profile Summary",)}),
    "positions": File(
        ("Positions.csv",),
        {
            "company": ("Company Name", "Company"),
            "title": ("Title",),
            "description": ("Description",),
            "location": ("Location",),
            **_DATES,
        },
    ),
    "education": File(
        ("Education.csv",),
        {
            "school": ("School Name", "School"),
            "degree": ("Degree Name", "Degree"),
            "field": ("Major", "Field Of Study"),
            "location": ("Location",),
            "grade": ("Grade",),
            "notes": ("Notes", "Description"),
            "activities": ("Activities", "Activities and Societies"),
            **_DATES,
        },
    ),
    "skills": File(
        ("Skills.csv",),
        {"name": ("Name", "Skill")},
        {"Level": "not imported: a number has no scale a CV shows", "Keywords": _NOT_SHOWN},
    ),
    "languages": File(
        ("Languages.csv",), {"name": ("Name", "Language"), "level": ("Proficiency",)}
    ),
    "certifications": File(
        ("Certifications.csv",),
        {
            "name": ("Name",),
            "authority": ("Authority", "Issuer", "Issuing Organization"),
            "number": ("License Number", "Credential ID"),
            "url": ("Url", "Credential URL"),
            "start": ("Started On", "Start Date", "Issued On", "Issue Date"),
            "end": ("Finished On", "End Date", "Expires On", "Expiration Date"),
        },
    ),
    "projects": File(
        ("Projects.csv",),
        {"title": ("Title", "Name"), "description": ("Description",), "url": ("Url",), **_DATES},
    ),
    "publications": File(
        ("Publications.csv",),
        {
            "name": ("Name", "Title"),
            "date": ("Published On", "Date"),
            "publisher": ("Publisher",),
            "url": ("Url",),
            "authors": ("Authors",),
        },
        {"Description": "not imported: a CV's list of publications shows no description"},
    ),
    "honors": File(
        ("Honors.csv",),
        {
            "title": ("Title", "Name"),
            "description": ("Description",),
            "issuer": ("Issuer",),
            "date": ("Issued On", "Issue Date", "Date"),
        },
    ),
    "courses": File(("Courses.csv",), {"name": ("Name",), "number": ("Number",)}),
    "volunteering": File(
        ("Volunteering.csv", "Volunteer Experiences.csv", "Volunteer.csv"),
        {
            "company": ("Company Name", "Organization", "Organization Name"),
            "role": ("Role", "Title"),
            "description": ("Description",),
            **_DATES,
        },
        {
            "Cause": "not imported: LinkedIn's category of the work, which a CV does not show",
            "Supported Cause": "not imported: a CV does not list the causes you support",
        },
    ),
    "organizations": File(
        ("Organizations.csv",),
        {
            "name": ("Name",),
            "position": ("Position",),
            "description": ("Description",),
            **_DATES,
        },
    ),
    "patents": File(
        ("Patents.csv",),
        {
            "title": ("Title",),
            "number": ("Patent Number", "Number"),
            "application": ("Application Number",),
            "status": ("Status",),
            "date": ("Issued On", "Issue Date", "Filed On", "Filing Date", "Date"),
            "url": ("Url",),
            "inventors": ("Inventors",),
        },
        {
            "Description": "not imported: a CV's list of patents shows no description",
            "Issuer": "not imported: write the office in the number (US 9,000,000)",
            "Patent Office": "not imported: write the office in the number (US 9,000,000)",
        },
    ),
    "test_scores": File(
        ("Test Scores.csv",),
        {
            "name": ("Name",),
            "score": ("Score",),
            "date": ("Test Date", "Date", "Taken On"),
            "description": ("Description",),
        },
    ),
    "emails": File(
        ("Email Addresses.csv",),
        {"address": ("Email Address",), "confirmed": ("Confirmed",), "primary": ("Primary",)},
        quiet=("Updated On",),
    ),
    "phones": File(
        ("PhoneNumbers.csv", "Phone Numbers.csv"),
        {"number": ("Number",), "extension": ("Extension",)},
        quiet=("Type",),
    ),
}
# Files of other people's data, by their names' words: never opened.
_OTHER_PEOPLE = re.compile(
    r"connection|message|invitation|recommendation|endorsement|contact|reaction|comment|"
    r"share|vote|member.?follow|inbox|conversation|group|event",
    re.IGNORECASE,
)
# The sections of an imported profile, in the order LinkedIn shows them on a profile.
_ORDER = (
    "summary",
    "experience",
    "education",
    "certificates",
    "projects",
    "volunteer",
    "skills",
    "publications",
    "patents",
    "courses",
    "awards",
    "test_scores",
    "languages",
    "memberships",
)
# Section id -> (its pool, the tag its entries carry), for the sections that share a pool.
_TAGGED = {
    "projects": ("experience", "projects"),
    "memberships": ("experience", "memberships"),
    "courses": ("others", "courses"),
    "test_scores": ("others", "test_scores"),
}
_POOL_OF = {
    "languages": "spoken_languages",
    **{ident: pool for ident, (pool, _) in _TAGGED.items()},
}


def _basename(name: str) -> str:
    return PurePosixPath(name).name.casefold()


_KNOWN_NAMES = {name.casefold() for spec in FILES.values() for name in spec.names}


def recognizes(source: Source) -> bool:
    """A folder or archive with one of the profile's files (Positions.csv, Profile.csv, ...),
    or one such file named as LinkedIn names it."""
    if source.is_file:
        return source.path.name.casefold() in _KNOWN_NAMES
    return any(_basename(name) in _KNOWN_NAMES for name in source.names)


def read(source: Source, context: Context) -> Read:
    """The profile data of an export, and a note for each value not placed."""
    export = _Export(source, context.today)
    tables = export.tables()
    if not tables:
        why = "; ".join(str(note) for note in export.notes if "not opened" not in note.what)
        raise InputError(
            f"{source.where()}: none of LinkedIn's profile files could be read"
            + (f" ({why})" if why else ""),
            "point cvtex import at the export's .zip or its unpacked folder",
        )
    data, notes = _convert(tables, context, load_catalog("en"), export.owner)
    language = context.language or language_of_text(data)
    if language != "en" and language in available_languages():
        data, notes = _convert(tables, context, load_catalog(language), export.owner)
    return Read(READER.kind, source, data, _by_file(export.notes + notes), context.language)


def _by_file(notes: list[Note]) -> list[Note]:
    """The notes of each file together, in the order of its lines; the files in the order
    they were read."""
    files: dict[str, int] = {}

    def place(note: Note) -> tuple[int, int]:
        file, _, line = note.where.rpartition(":")
        if not line.isdigit():
            file, line = note.where, "0"
        return files.setdefault(file, len(files)), int(line)

    return sorted(notes, key=place)


@dataclass
class _Record:
    """One row of a file: its values by the reader's own names, and where it was."""

    where: str
    line: int
    values: dict[str, str]
    headers: dict[str, str]  # the reader's name of a value -> its column, as written

    def header(self, name: str) -> str:
        return self.headers.get(name, name)

    def text(self, name: str) -> str:
        """A one-line value: its spaces, tabs and line breaks as one space."""
        return " ".join(self.values.get(name, "").split())

    def raw(self, name: str) -> str:
        return self.values.get(name, "")


@dataclass
class _Table:
    kind: str
    where: str  # the file, as the person finds it
    records: list[_Record]


@dataclass
class _Export:
    source: Source
    today: dt.date
    notes: list[Note] = field(default_factory=list)
    owner: str = ""

    def tables(self) -> dict[str, list[_Table]]:
        """Each profile file read, by kind; a note for what is not opened."""
        chosen: dict[str, str] = {}  # member -> kind
        for kind, spec in FILES.items():
            for name in spec.names:
                if self.source.is_file:
                    if self.source.path.name.casefold() == name.casefold():
                        chosen[""] = kind
                elif (member := self.source.find(name)) is not None:
                    chosen.setdefault(member, kind)
        self._say_what_is_not_opened(set(chosen))
        tables: dict[str, list[_Table]] = {}
        for member, kind in chosen.items():
            table = self._table(member, kind)
            if table is not None:
                tables.setdefault(kind, []).append(table)
        return tables

    def _say_what_is_not_opened(self, opened: set[str]) -> None:
        if self.source.is_file:
            return
        others, own, copies, more = [], [], [], 0
        for name in self.source.names:
            if name in opened:
                continue
            base = PurePosixPath(name).name
            if not base.lower().endswith(".csv"):
                more += 1
            elif base.casefold() in _KNOWN_NAMES:
                copies.append(name)
            elif _OTHER_PEOPLE.search(base):
                others.append(name)
            else:
                own.append(name)
        parts = []
        if others:
            parts.append(
                f"{', '.join(others)} (other people's data: connections, messages, "
                "invitations, recommendations, endorsements)"
            )
        if own:
            parts.append(
                f"{', '.join(own)} (your account's activity and settings: logins, ads, jobs, "
                "learning; a CV shows none of it)"
            )
        if copies:
            parts.append(f"{', '.join(copies)} (a second file of a name already read)")
        if more:
            parts.append(f"{more} file(s) that are not CSV")
        if parts:
            self.notes.append(Note(self.source.where(), "", "not opened: " + "; ".join(parts)))

    def _table(self, member: str, kind: str) -> _Table | None:
        spec = FILES[kind]
        where = self.source.where(member)
        try:
            data = self.source.read(member)
        except InputError as exc:
            self.notes.append(Note(where, "", f"not read: {exc.message}"))
            return None
        known = [*(n for names in spec.columns.values() for n in names), *spec.left_out]
        table = read_table(data, [*known, *spec.quiet])
        if table.encoding == "cp1252":
            self.notes.append(Note(where, "", "not UTF-8: read as Windows-1252"))
        for line, what in table.problems:
            self.notes.append(Note(f"{where}:{line}", "", what))
        taken = {
            key: name
            for name, headers in spec.columns.items()
            for key in map(column_key, headers)
            if key in table.columns
        }
        left_out = {column_key(name) for name in spec.left_out}
        if not taken and not left_out & set(table.columns):
            if table.columns or table.rows:
                written = ", ".join(table.columns.values()) or "none"
                self.notes.append(
                    Note(where, "", f"not read: its columns ({written}) are not LinkedIn's")
                )
            return None
        headers = {name: table.columns[key] for key, name in reversed(taken.items())}
        columns = _Columns(
            table.columns,
            taken,
            headers,
            {column_key(name): why for name, why in spec.left_out.items()},
            {column_key(name) for name in spec.quiet},
        )
        records = [self._record(row, where, columns) for row in table.rows]
        if kind == "profile" and records:
            self.owner = _name(records[0])
        return _Table(kind, where, records)

    def _record(self, row: Row, where: str, columns: _Columns) -> _Record:
        at = f"{where}:{row.line}"
        values: dict[str, str] = {}
        for key, value in row.cells.items():
            value = unescaped(value).strip()
            if not value or key in columns.quiet:
                continue
            name = columns.taken.get(key)
            if name is not None and name not in values:
                values[name] = value
            elif name is not None:  # two headers of one column (Start Date, Started On)
                if " ".join(value.split()) != " ".join(values[name].split()):
                    self.notes.append(Note(at, columns.written[key], "not imported: given twice"))
            else:
                why = columns.left_out.get(key, "not imported: cvtex has no place for this column")
                self.notes.append(Note(at, columns.written[key], why))
        for value in row.beyond:
            self.notes.append(
                Note(at, "", f"not imported: {_short(value)!r} is under no column's name")
            )
        return _Record(at, row.line, values, columns.headers)


@dataclass(frozen=True)
class _Columns:
    """A file's header as the reader takes it."""

    written: dict[str, str]  # column key -> the column as the header writes it
    taken: dict[str, str]  # column key -> the reader's name of its value
    headers: dict[str, str]  # the reader's name -> the column as written
    left_out: dict[str, str]  # column key -> why its values are not imported
    quiet: set[str]  # column keys of the export's bookkeeping


_ENTITY = re.compile(r"&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


def unescaped(text: str) -> str:
    """HTML's character references as the characters they stand for (``R&amp;D``); an
    ampersand in text (``AT&T``) stays."""
    return _ENTITY.sub(lambda match: html.unescape(match[0]), text) if "&" in text else text


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:37] + "..."


def _name(profile: _Record) -> str:
    """First and last name; a name written in CJK as it is written there, family first."""
    first, last = profile.text("first"), profile.text("last")
    if has_cjk(first + last) and not re.search(r"[A-Za-z]", first + last):
        return last + first
    return " ".join(part for part in (first, last) if part)


# A description's pieces. LinkedIn keeps no line breaks: a break reaches the export as two
# spaces (or a tab), a bullet as one of these characters, or a dash or tab starting a line.
_BULLETS = "•●▪◦‣➢►■◆❖➤✓✔"
_BULLET_MARK = re.compile(rf"[{_BULLETS}]|[-–*]?\t+")
_PLAIN = re.compile(rf"[{_BULLETS}\t\n\r]|\s\s|\s[-–]\s|^[-–*+]\s")
_ENDS = ".!?:;。！？：；"  # what ends a sentence or a heading, in Latin and CJK text
_BREAK = re.compile(rf"\n|(?<=[{_ENDS})\]\"”）])\s{{2,}}|\s{{2,}}(?=[-–—*+]\s)")
_LINE_BULLET = re.compile(r"^[-–—*+]\s+")
# A dash after the end of a sentence starts an item ("... on time. - Testing: ..."): the
# line break before it reached the export as one space. In a list of dashes, so does a dash
# before a capital.
_SENTENCE_DASH = re.compile(rf"(?<=[{_ENDS}])\s+[-–]\s+(?=\w)")
_DASH_ITEM = re.compile(r"\s+[-–]\s+(?=[A-Z])")
_START = "\x00"


def pieces(text: str) -> list[tuple[bool, str]]:
    """A description as its paragraphs and bullets, in order: (is_bullet, text)."""
    if not _PLAIN.search(text):  # one paragraph, as most are
        return [(False, " ".join(text.split()))] if text.strip() else []
    text = _BULLET_MARK.sub(_START, text.replace("\r\n", "\n").replace("\r", "\n"))
    text = _SENTENCE_DASH.sub(_START, text)
    found: list[tuple[bool, str]] = []
    for line in _BREAK.split(text):
        line = line.strip()
        if _LINE_BULLET.match(line):
            line = _START + _DASH_ITEM.sub(_START, _LINE_BULLET.sub("", line))
        parts = line.split(_START)
        after_bullets = any(bullet for bullet, _ in found)
        for index, part in enumerate(parts):
            words = " ".join(part.split())
            if words:
                found.append((index > 0 or after_bullets, words))
    return found


def described(text: str) -> tuple[str | None, list[str]]:
    """An entry's description and bullets: the paragraphs before its first bullet, then every
    bullet (and any line after them, as one)."""
    found = pieces(text)
    first = next((i for i, (bullet, _) in enumerate(found) if bullet), len(found))
    description = "\n\n".join(words for _, words in found[:first])
    return description or None, [words for _, words in found[first:]]


def paragraphs(text: str) -> str:
    """A text of paragraphs only (a summary, an award's description): a bullet is a
    paragraph of its own, with its mark."""
    return "\n\n".join(f"• {words}" if bullet else words for bullet, words in pieces(text))


def _convert(
    tables: dict[str, list[_Table]], context: Context, catalog: Catalog, owner: str
) -> tuple[dict[str, Any], list[Note]]:
    converter = _Converter(context.today, catalog, owner)
    return converter.profile(tables), converter.notes


@dataclass
class _Converter:
    today: dt.date
    catalog: Catalog
    owner: str
    notes: list[Note] = field(default_factory=list)

    def note(self, record: _Record, name: str, what: str) -> None:
        """A note on a value of ``record``, named by the column it was written under."""
        self.notes.append(Note(record.where, record.header(name) if name else "", what))

    def profile(self, tables: dict[str, list[_Table]]) -> dict[str, Any]:
        def records(kind: str) -> Iterator[_Record]:
            for table in tables.get(kind, []):
                yield from table.records

        data: dict[str, Any] = {}
        contacts: list[dict[str, Any]] = []
        contacts += self.emails(list(records("emails")))
        contacts += self.phones(list(records("phones")))
        profiles = list(records("profile"))
        profile = profiles[0] if profiles else None
        for other in profiles[1:]:
            self.left_out(other, "a profile has one row: the first")
        if profile is not None:
            if self.owner:
                data["name"] = T(self.owner)
            if headline := profile.text("headline"):
                data["headline"] = T(headline)
            if summary := paragraphs(profile.raw("summary")):
                data["summary"] = T(summary)
            contacts += self.profile_contacts(profile)
        for record in records("summary"):
            summary = paragraphs(record.raw("summary"))
            if summary and "summary" not in data:
                data["summary"] = T(summary)
            elif summary and summary != data["summary"]:
                self.note(record, "summary", "not imported: Profile.csv gives a summary")
        data["contacts"] = contacts
        pools: dict[str, list[dict[str, Any]]] = {
            "experience": [self.position(r) for r in records("positions")],
            "projects": [self.project(r) for r in records("projects")],
            "memberships": [self.organization(r) for r in records("organizations")],
            "education": [self.education(r) for r in records("education")],
            "volunteer": [self.volunteer(r) for r in records("volunteering")],
            "certificates": [self.certificate(r) for r in records("certifications")],
            "publications": [self.publication(r) for r in records("publications")],
            "patents": [self.patent(r) for r in records("patents")],
            "awards": [self.award(r) for r in records("honors")],
            "courses": [self.course(r) for r in records("courses")],
            "test_scores": [self.test_score(r) for r in records("test_scores")],
            "spoken_languages": [self.language(r) for r in records("languages")],
        }
        pools = {pool: [entry for entry in entries if entry] for pool, entries in pools.items()}
        for pool in ("experience", "projects", "memberships", "education", "volunteer"):
            pools[pool] = _latest_first(pools[pool])
        if skills := self.skills(list(records("skills"))):
            pools["skills"] = [{"category": T(self.catalog.title("skills", "skills")), **skills}]
        data.update(_with_sections(pools, "summary" in data))
        return data

    # The header: contacts

    def emails(self, records: list[_Record]) -> list[dict[str, Any]]:
        """The primary address (a confirmed one before one that is not); the others named."""
        given = [r for r in records if r.text("address")]

        def rank(record: _Record) -> tuple[bool, bool]:
            yes = {"yes", "true", "1"}
            return (
                record.text("primary").lower() not in yes,
                record.text("confirmed").lower() not in yes,
            )

        chosen = min(given, key=rank, default=None)
        for record in given:
            if record is not chosen:
                self.note(
                    record,
                    "address",
                    "not imported: a CV shows one address: the one on line "
                    f"{chosen.line if chosen else 0} (the primary, else a confirmed one)",
                )
        return [{"type": "email", "value": chosen.text("address")}] if chosen else []

    def phones(self, records: list[_Record]) -> list[dict[str, Any]]:
        """One number: the first written with its country code, else the first; the same
        number written twice is one."""
        given = [r for r in records if r.text("number")]
        chosen = next((r for r in given if r.text("number").startswith("+")), None)
        chosen = chosen or (given[0] if given else None)
        for record in given:
            if record is chosen:
                continue
            same = _digits(record.text("number")) == _digits(chosen.text("number"))  # type: ignore[union-attr]
            what = (
                "not imported: the same number as the one imported"
                if same
                else "not imported: a CV shows one number"
            )
            self.note(record, "number", f"{what}: line {chosen.line}'s")  # type: ignore[union-attr]
        if chosen is None:
            return []
        if chosen.text("extension"):
            self.note(chosen, "extension", "not imported: write it after the number if you want it")
        return [{"type": "phone", "value": chosen.text("number")}]

    def profile_contacts(self, profile: _Record) -> list[dict[str, Any]]:
        contacts: list[dict[str, Any]] = []
        place, country = profile.text("geo"), profile.text("country")
        if country and country.casefold() not in place.casefold():
            place = self.catalog.punctuation.comma.join(p for p in (place, country) if p)
        if place:
            contacts.append({"type": "location", "value": T(place)})
        for url in _websites(profile.raw("websites")):
            if not _is_address(url):
                what = f"not imported: {_short(url)!r} is not a web address"
                self.note(profile, "websites", what)
            else:
                contacts.append(_site(url))
        for handle in re.split(r"[,\s]+", profile.text("twitter").strip("[]")):
            handle = handle.strip("[]@ ")
            if re.fullmatch(r"\w{1,30}", handle):
                contacts.append(
                    {
                        "type": "website",
                        "value": f"x.com/{handle}",
                        "url": f"https://x.com/{handle}",
                    }
                )
            elif handle:
                self.note(profile, "twitter", f"not imported: {handle!r} is not a handle")
        return contacts

    # Dates

    def date(self, record: _Record, name: str) -> str | None:
        text = record.text(name)
        if not text:
            return None
        date = read_date(text, self.today)
        if date is None or date == "present":
            self.note(record, name, f"not imported: {_short(text)!r} is not a date")
            return None
        return date

    def span(self, record: _Record) -> dict[str, Any]:
        """Start and end; an empty end (of what has a start) is the present, an end still
        to come expected, an end alone the entry's date."""
        start = self.date(record, "start")
        end_text = record.text("end")
        end: Any = None
        if end_text and read_date(end_text, self.today) == "present":
            end = "present"
        elif end_text:
            end = self.date(record, "end")
        dates: dict[str, Any] = {}
        if start is None:
            if end not in (None, "present"):
                dates["date"] = end
            return dates
        dates["start"] = start
        if end is None and not end_text:
            end = "present"
        if end is not None:
            dates["end"] = an_end(end, self.today)
        return dates

    def link(self, record: _Record) -> list[dict[str, str]]:
        url = record.text("url")
        if not url:
            return []
        if not _is_address(url):
            self.note(record, "url", f"not imported: {_short(url)!r} is not a web address")
            return []
        return [{"type": "url", "url": url}]

    def year(self, record: _Record, name: str) -> int | None:
        date = self.date(record, name)
        return int(date[:4]) if date else None

    # Entries

    def position(self, record: _Record) -> dict[str, Any] | None:
        title, company = record.text("title"), record.text("company")
        if not title and not company:
            return self.left_out(record, "a position needs a title or a company")
        if not title:
            self.note(record, "title", "empty: the company is the entry's heading")
        description, bullets = described(record.raw("description"))
        return {
            "title": T(title or company),
            **_texts(organization=company if title else "", location=record.text("location")),
            **self.span(record),
            **_texts(description=description),
            "bullets": [T(bullet) for bullet in bullets],
        }

    def project(self, record: _Record) -> dict[str, Any] | None:
        title = record.text("title")
        if not title:
            return self.left_out(record, "a project needs a title")
        description, bullets = described(record.raw("description"))
        return {
            "title": T(title),
            **self.span(record),
            "links": self.link(record),
            **_texts(description=description),
            "bullets": [T(bullet) for bullet in bullets],
            "tags": ["projects"],
        }

    def organization(self, record: _Record) -> dict[str, Any] | None:
        name, position = record.text("name"), record.text("position")
        if not name:
            return self.left_out(record, "an organization needs its name")
        description, bullets = described(record.raw("description"))
        return {
            "title": T(position or name),
            **_texts(organization=name if position else ""),
            **self.span(record),
            **_texts(description=description),
            "bullets": [T(bullet) for bullet in bullets],
            "tags": ["memberships"],
        }

    def volunteer(self, record: _Record) -> dict[str, Any] | None:
        role, company = record.text("role"), record.text("company")
        if not role and not company:
            return self.left_out(record, "volunteer work needs a role or an organization")
        description, bullets = described(record.raw("description"))
        return {
            "title": T(role or company),
            **_texts(organization=company if role else ""),
            **self.span(record),
            **_texts(description=description),
            "bullets": [T(bullet) for bullet in bullets],
        }

    def education(self, record: _Record) -> dict[str, Any] | None:
        school, degree = record.text("school"), record.text("degree")
        if not school and not degree:
            return self.left_out(record, "an education needs a school")
        if not school:
            self.note(record, "school", "empty: the degree is the entry's heading")
        description, bullets = described(record.raw("notes"))
        activities = [words for _, words in pieces(record.raw("activities"))]
        entry = {
            "institution": T(school or degree),
            **_texts(
                degree=degree if school else "",
                field=record.text("field"),
                location=record.text("location"),
            ),
            **self.span(record),
            **_texts(description=description),
            "bullets": [T(text) for text in [*bullets, *activities]],
        }
        if grade := record.text("grade"):
            entry["gpa"] = grade
        return entry

    def certificate(self, record: _Record) -> dict[str, Any] | None:
        name = record.text("name")
        if not name:
            return self.left_out(record, "a certification needs its name")
        # Started On is when it was issued, Finished On when it expires (none: it does not;
        # one still to come is a date it is valid until, not an expected end).
        issued, expires = self.date(record, "start"), self.date(record, "end")
        dates: dict[str, str] = {}
        if issued and expires:
            dates = {"start": issued, "end": expires}
        elif issued or expires:
            dates = {"date": issued or expires or ""}
        entry: dict[str, Any] = {
            "name": T(name),
            **_texts(issuer=record.text("authority")),
            **dates,
            "links": self.link(record),
        }
        if number := record.text("number"):
            entry["number"] = number
        return entry

    def publication(self, record: _Record) -> dict[str, Any] | None:
        name = record.text("name")
        if not name:
            return self.left_out(record, "a publication needs its title")
        entry: dict[str, Any] = {
            "title": T(name),
            "authors": [T(a) for a in _names(record.text("authors"))],
            **_texts(venue=record.text("publisher")),
            "links": self.link(record),
        }
        if (year := self.year(record, "date")) is not None:
            entry["year"] = year
        return entry

    def patent(self, record: _Record) -> dict[str, Any] | None:
        title = record.text("title")
        if not title:
            return self.left_out(record, "a patent needs its title")
        inventors = _names(record.text("inventors")) or ([self.owner] if self.owner else [])
        number = record.text("number") or record.text("application")
        entry: dict[str, Any] = {
            "title": T(title),
            "inventors": [T(name) for name in inventors],
            **_texts(status=record.text("status")),
            "links": self.link(record),
        }
        if number:
            entry["number"] = number
        if record.text("number") and record.text("application"):
            self.note(record, "application", "not imported: the patent's number is")
        if (year := self.year(record, "date")) is not None:
            entry["year"] = year
        return entry

    def award(self, record: _Record) -> dict[str, Any] | None:
        title, issuer = record.text("title"), record.text("issuer")
        if not title:
            return self.left_out(record, "an honor needs its title")
        name = self.catalog.punctuation.comma.join(part for part in (title, issuer) if part)
        year = self.year(record, "date")
        return {
            "name": T(name),
            "years": [year] if year else [],
            **_texts(description=paragraphs(record.raw("description"))),
        }

    def course(self, record: _Record) -> dict[str, Any] | None:
        name, number = record.text("name"), record.text("number")
        if not name:
            return self.left_out(record, "a course needs its name")
        marks = self.catalog.punctuation
        text = f"{name}{marks.open_paren}{number}{marks.close_paren}" if number else name
        return {"text": T(text), "tags": ["courses"]}

    def test_score(self, record: _Record) -> dict[str, Any] | None:
        name, score = record.text("name"), record.text("score")
        if not name:
            return self.left_out(record, "a test score needs the test's name")
        text = f"{name}{self.catalog.punctuation.colon}{score}" if score else name
        date = self.date(record, "date")
        return {
            "text": T(text),
            **({"date": date} if date else {}),
            **_texts(description=paragraphs(record.raw("description"))),
            "tags": ["test_scores"],
        }

    def language(self, record: _Record) -> dict[str, Any] | None:
        name = record.text("name")
        if not name:
            return self.left_out(record, "a language needs its name")
        return {"language": T(name), **_texts(level=record.text("level"))}

    def skills(self, records: list[_Record]) -> dict[str, Any] | None:
        items: dict[str, str] = {}
        for record in records:
            name = record.text("name")
            if name and name.casefold() in items:
                self.note(record, "name", "listed before: imported once")
            elif name:
                items[name.casefold()] = name
        return {"items": [T(item) for item in items.values()]} if items else None

    def left_out(self, record: _Record, why: str) -> None:
        if record.values:
            self.note(record, "", f"left out: {why}")
        return None


def _is_address(url: str) -> bool:
    """A web address a link may point at: no spaces, a dot in its host, no scheme that
    could do more than link."""
    return link_target(url) is not None and " " not in url and "." in url


def _texts(**values: str | None) -> dict[str, T]:
    return {key: T(value) for key, value in values.items() if value}


def _names(text: str) -> list[str]:
    return [name.strip() for name in re.split(r",|;| and ", text) if name.strip()]


def _digits(number: str) -> str:
    return re.sub(r"\D", "", number)[-9:]


def _latest_first(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Entries by their start, the latest first (as a CV lists them, and as exports since
    2018 do; the 2016 export's order is its own); one without dates keeps its place first."""

    def start(entry: dict[str, Any]) -> str:
        return str(entry.get("start") or entry.get("date") or "9999")

    return sorted(entries, key=start, reverse=True)


_LABEL = re.compile(r"^\s*\[?\s*([A-Z_]+)\s*:\s*(?!//)")


def _websites(text: str) -> list[str]:
    """``[PERSONAL:https://a]``, ``PORTFOLIO:http://a, PORTFOLIO:http://b``: the addresses."""
    text = text.strip().strip("[]")
    urls = []
    for part in re.split(r",\s*(?=\[?[A-Z_]+:(?!//))|,\s+(?=https?://)|\]\s*,?\s*\[", text):
        url = _LABEL.sub("", part).strip().strip("[]").strip()
        if url:
            urls.append(url)
    return urls


_NETWORKS = (
    ("github", re.compile(r"^(?:https?://)?(?:www\.)?github\.com/([\w.-]+)/?$", re.I)),
    ("gitlab", re.compile(r"^(?:https?://)?(?:www\.)?gitlab\.com/([\w.-]+)/?$", re.I)),
    ("linkedin", re.compile(r"^(?:https?://)?(?:\w+\.)?linkedin\.com/in/([^/?#]+)/?$", re.I)),
    ("orcid", re.compile(r"^(?:https?://)?orcid\.org/([\dX-]{19})/?$", re.I)),
)


def _site(url: str) -> dict[str, Any]:
    for kind, pattern in _NETWORKS:
        if match := pattern.match(url):
            return {"type": kind, "value": match[1], "url": url}
    if re.match(r"^(?:https?://)?scholar\.google\.", url, re.I):
        return {"type": "scholar", "value": "Google Scholar", "url": url}
    shown = re.sub(r"^https?://(www\.)?", "", url).rstrip("/")
    return {"type": "website", "value": shown, "url": url}


def _with_sections(pools: dict[str, list[dict[str, Any]]], summary: bool) -> dict[str, Any]:
    """The pools as the profile's lists, and its sections in LinkedIn's order: a section for
    projects, courses, test scores and organizations, whose entries carry its tag (and the
    positions theirs, when projects or organizations share their list)."""
    shared = bool(pools["projects"] or pools["memberships"])
    if shared:
        for entry in pools["experience"]:
            entry["tags"] = ["experience"]
    data: dict[str, Any] = {}
    for ident, (pool, _) in _TAGGED.items():
        data.setdefault(pool, []).extend(pools.pop(ident))
    data["experience"] = pools.pop("experience") + data["experience"]
    data.update(pools)
    sections: dict[str, Any] = {"summary": {}} if summary else {}
    for ident in _ORDER:
        pool = _POOL_OF.get(ident, ident)
        if ident in _TAGGED:
            tag = _TAGGED[ident][1]
            if any(tag in entry.get("tags", []) for entry in data.get(pool, [])):
                sections[ident] = {"kind": pool, "select": [tag]}
        elif data.get(pool) and any(
            "tags" not in entry or ident in entry["tags"] for entry in data[pool]
        ):
            sections[ident] = {"select": ["experience"]} if ident == "experience" and shared else {}
    if not sections:
        return data
    return {**data, "sections": sections}


READER = Reader("LinkedIn export", recognizes, read)

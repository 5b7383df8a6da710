"""The export's own files read as tables of records (:data:`.files.FILES`), each value
under the reader's name for its column, whichever header it was written under; a note for
each file not opened, each column not taken and each value under no column."""

from __future__ import annotations

import datetime as dt
import html
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from ...errors import InputError
from ...text.scripts import has_cjk
from ..csvtable import Row, column_key, read_table
from ..reader import Note
from ..source import Source
from .files import FILES, KNOWN_NAMES, OTHER_PEOPLE


@dataclass
class Record:
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
class Table:
    """One file's records, and which of :data:`.files.FILES` it is (``kind``)."""

    kind: str
    where: str  # the file, as the person finds it
    records: list[Record]


@dataclass
class Export:
    """An export's files as tables, with the notes on what was not opened or not taken, and
    the member's name from Profile.csv (``owner``)."""

    source: Source
    today: dt.date
    notes: list[Note] = field(default_factory=list)
    owner: str = ""

    def tables(self) -> dict[str, list[Table]]:
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
        tables: dict[str, list[Table]] = {}
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
            elif base.casefold() in KNOWN_NAMES:
                copies.append(name)
            elif OTHER_PEOPLE.search(base):
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

    def _table(self, member: str, kind: str) -> Table | None:
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
        return Table(kind, where, records)

    def _record(self, row: Row, where: str, columns: _Columns) -> Record:
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
                Note(at, "", f"not imported: {shortened(value)!r} is under no column's name")
            )
        return Record(at, row.line, values, columns.headers)


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


def shortened(text: str) -> str:
    """A value as a note quotes it: on one line, cut at 40 characters."""
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:37] + "..."


def _name(profile: Record) -> str:
    """First and last name; a name written in CJK as it is written there, family first."""
    first, last = profile.text("first"), profile.text("last")
    if has_cjk(first + last) and not re.search(r"[A-Za-z]", first + last):
        return last + first
    return " ".join(part for part in (first, last) if part)

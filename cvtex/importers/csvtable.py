"""A CSV file as other tools and people's spreadsheets write it, read into rows that know
the line they started on.

Exports are UTF-8 (with or without a byte-order mark), but a file saved again by a
spreadsheet may be UTF-16 (tab-separated, as one LinkedIn export of 2018 is) or
Windows-1252; lines end in CRLF, LF or CR; a quoted field may run over several lines. The
delimiter is the one that splits the header into the most columns the reader knows.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

_DELIMITERS = (",", "\t", ";")
_NOT_WORD = re.compile(r"[\W_]+")


def column_key(name: str) -> str:
    """A column's name as headers of different years compare: ``Started On``,
    ``started_on`` and ``STARTED ON`` are one column."""
    return _NOT_WORD.sub("", name.casefold())


@dataclass(frozen=True)
class Row:
    line: int  # the line of the file its record starts on
    cells: dict[str, str]  # by column key; every column of the header, "" when not given
    beyond: tuple[str, ...] = ()  # values under no column's name (past the header's end)


@dataclass
class Table:
    columns: dict[str, str]  # column key -> the column's name as the header writes it
    rows: list[Row]
    problems: list[tuple[int, str]] = field(default_factory=list)  # (line, what)
    encoding: str = "utf-8"


def decoded(data: bytes) -> tuple[str, str]:
    """The text of a file and the encoding it was read in: UTF-16 by its byte-order mark (or
    by the zero bytes of its ASCII letters), else UTF-8, else Windows-1252."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace"), "utf-16"
    head = data[:512]
    if head.count(b"\x00") * 4 > len(head):  # ASCII text in UTF-16 without a mark
        little = head[1::2].count(b"\x00") >= head[0::2].count(b"\x00")
        encoding = "utf-16-le" if little else "utf-16-be"
        return data.decode(encoding, errors="replace"), encoding
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace"), "cp1252"


def read_table(data: bytes, known: Iterable[str]) -> Table:
    """The rows of a CSV file whose header names some of the ``known`` columns; a record
    the csv module cannot read ends the table there, with a problem naming its line."""
    text, encoding = decoded(data)
    text = text.replace("\x00", "").replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip(" \t,;\ufeff")), None)
    if first is None:
        return Table({}, [], encoding=encoding)
    wanted = {column_key(name) for name in known}
    delimiter = max(_DELIMITERS, key=lambda d: _matches(lines[first], d, wanted))
    reader = csv.reader(io.StringIO("\n".join(lines[first:])), delimiter=delimiter)
    table = Table({}, [], encoding=encoding)
    keys: list[str] = []
    done = 0  # lines read so far, after the blank lines before the header
    try:
        for record in reader:
            start = first + done + 1
            done = reader.line_num
            if not keys:
                keys = _header(record, table)
                continue
            if not any(value.strip() for value in record):
                continue  # an empty row, or a row of empty cells (,,)
            cells = dict.fromkeys(table.columns, "")
            beyond = list(record[len(keys) :])
            for key, value in zip(keys, record, strict=False):
                if key:
                    cells[key] = value
                else:  # a column without a name, or a name written twice
                    beyond.append(value)
            table.rows.append(Row(start, cells, tuple(v for v in beyond if v.strip())))
    except csv.Error as exc:
        table.problems.append((first + done + 1, f"the file cannot be read from here on: {exc}"))
    return table


def _matches(line: str, delimiter: str, wanted: set[str]) -> int:
    try:
        header = next(csv.reader([line], delimiter=delimiter), [])
    except csv.Error:
        return 0
    return sum(column_key(name) in wanted for name in header)


def _header(record: list[str], table: Table) -> list[str]:
    keys = []
    for name in record:
        name = name.strip().strip("\ufeff").strip()
        key = column_key(name)
        if key in table.columns:  # a column written twice: its first place counts
            key = ""
        elif key:
            table.columns[key] = name
        keys.append(key)
    return keys

"""What every reader of another tool's file gives: profile data in the file's language, and a
note for each value it could not place, saying where that value was written.

A reader is one module per source (``linkedin``, ``orcid``, ``jsonresume`` ...) with a
:data:`Reader`: its kind's name, how it recognizes a source, and how it reads one. The
door (:mod:`.door`) chooses the reader; the writer (:mod:`.write`) validates and writes
what it read; :mod:`.into` adds it to a profile that exists.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .source import Source


class T(str):
    """The value of a text field, in the language of the file it came from: the import
    puts it under that language, or pairs it with the same field of another language."""


class TextMap(dict):  # type: ignore[type-arg]
    """A text written per language: {en: ..., zh: ...}, written in flow style."""


class SameMap(dict):  # type: ignore[type-arg]
    """A text the same in every language: {same: ...}, written in flow style."""


@dataclass(frozen=True)
class Note:
    """A value not placed, or placed otherwise than written: where it was, and why."""

    where: str  # the file (a member of an archive: export.zip/Positions.csv) and its line or row
    field: str  # the value's path in the file (work[0].summary), or a CSV column
    what: str

    def __str__(self) -> str:
        return (
            f"{self.where}: {self.field}: {self.what}"
            if self.field
            else f"{self.where}: {self.what}"
        )


def in_line_order(notes: list[Note]) -> list[Note]:
    """The notes file by file (in the order the files were first named), each file's in
    the order of their lines, those that name no line after them (about the file, or the
    profile written from it): a person reads them down the file, as an editor shows it."""
    files: dict[str, int] = {}
    keys = []
    for note in notes:
        file, _, line = note.where.rpartition(":")
        if not line.isdigit():
            file, line = note.where, ""
        keys.append((files.setdefault(file, len(files)), int(line) if line else math.inf))
    order = sorted(range(len(notes)), key=lambda index: keys[index])
    return [notes[index] for index in order]


@dataclass
class Read:
    """One source read: profile data (texts marked :class:`T`), its language when the file
    says it (else the door tells it from the script), and the notes."""

    kind: str
    source: Source
    data: dict[str, Any]
    notes: list[Note] = field(default_factory=list)
    language: str | None = None
    # What a printed file's reading placed ("placed 81 of 82 lines"): the header says it.
    summary: str | None = None


@dataclass(frozen=True)
class Context:
    """What a reader is told besides its source."""

    today: dt.date  # for "present", and for an end still to come (expected)
    language: str | None = None  # the source's language, when --lang gives it
    # Authors' given names as initials (J. Fang), as the profile's bibliography: shows a
    # .bib's: the profile imported into says, else its default.
    abbreviate_first_names: bool = True


@dataclass(frozen=True)
class Reader:
    kind: str  # as a person names it: "LinkedIn export", "ORCID record"
    recognizes: Callable[[Source], bool]
    read: Callable[[Source, Context], Read]

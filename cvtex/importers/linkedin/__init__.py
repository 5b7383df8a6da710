"""A LinkedIn data export ("Get a copy of your data", basic or full, from 2016 on): a folder
or a .zip of CSV files, read into profile data.

Only the files of the member's own profile are opened (:data:`.files.FILES`); the
export's other files (connections, messages, invitations, recommendations: other people's
data; logins, ads, saved jobs: the account's activity) are never read, and one note names
them. Every value not placed is named with its file, line and column.

Its parts, as an export goes through them: the files read and their columns
(:mod:`.files`), the files read as tables of records (:mod:`.export`), the records as
profile data (:mod:`.convert`), a description's paragraphs and bullets
(:mod:`.description`).
"""

from __future__ import annotations

from pathlib import PurePosixPath

from ...errors import InputError
from ...language.catalog import available_languages, load_catalog
from ..language import language_of_text
from ..reader import Context, Note, Read, Reader
from ..source import Source
from .convert import convert
from .export import Export
from .files import KNOWN_NAMES


def _basename(name: str) -> str:
    return PurePosixPath(name).name.casefold()


def recognizes(source: Source) -> bool:
    """A folder or archive with one of the profile's files (Positions.csv, Profile.csv, ...),
    or one such file named as LinkedIn names it."""
    if source.is_file:
        return source.path.name.casefold() in KNOWN_NAMES
    return any(_basename(name) in KNOWN_NAMES for name in source.names)


def read(source: Source, context: Context) -> Read:
    """The profile data of an export, and a note for each value not placed."""
    export = Export(source, context.today)
    tables = export.tables()
    if not tables:
        why = "; ".join(str(note) for note in export.notes if "not opened" not in note.what)
        raise InputError(
            f"{source.where()}: none of LinkedIn's profile files could be read"
            + (f" ({why})" if why else ""),
            "point cvtex import at the export's .zip or its unpacked folder",
        )
    data, notes = convert(tables, context, load_catalog("en"), export.owner)
    language = context.language or language_of_text(data)
    if language != "en" and language in available_languages():
        data, notes = convert(tables, context, load_catalog(language), export.owner)
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


READER = Reader("LinkedIn export", recognizes, read)

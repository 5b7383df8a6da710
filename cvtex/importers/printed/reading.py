"""A printed CV's lines as a reader's :class:`Read`: its language told, its structure read,
and what was placed said."""

from __future__ import annotations

from ...language.catalog import load_catalog
from ..reader import Context, Note, Read
from ..source import Source
from .language import language_of_lines
from .lines import Line
from .structure import read_printed


def read_lines(kind: str, source: Source, lines: list[Line], context: Context) -> Read:
    language = context.language or language_of_lines([line.text for line in lines])
    catalog = load_catalog(language)
    printed = read_printed(lines, source.where(), context.today, catalog.titles)
    left = printed.lines - printed.placed
    summary = f"placed {printed.placed} of {printed.lines} lines" + (
        f"; the {left} other(s) are kept under unplaced: at the end, with their page and line"
        if left
        else ""
    )
    notes = [*printed.notes, Note(source.where(), "", summary)]
    return Read(kind, source, printed.data, notes, language, summary)

"""The translation file as a spreadsheet: CSV, UTF-8 with a byte-order mark (so that
spreadsheets read it as UTF-8), one row per distinct text.

Columns: ``from`` (the text's language), ``text``, the target language (the translation),
``suggested`` (a suggestion to check: clear the cell to take it) and ``at`` (the places).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from ...errors import InputError
from ...profile.source import unwrapped
from ..units import Unit, where_listed
from .filled import Header, ReadUnit
from .yamlfile import block

_COLUMNS = ["from", "text"]
_AFTER = ["suggested", "at"]


def write(units: list[Unit], header: Header, profile_file: Path) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*_COLUMNS, header.language, *_AFTER])
    for unit in units:
        # Paragraphs with a blank line between, as in a | block: a line break in a cell wraps.
        writer.writerow(
            [
                unit.source,
                block(unit.text).strip(),
                block(unit.translation).strip() if unit.translation else "",
                unit.suggested or "",
                "; ".join(where_listed(unit, profile_file)),
            ]
        )
    return "\ufeff" + out.getvalue()


def read(file: Path, text: str) -> tuple[str, list[ReadUnit]]:
    reader = csv.reader(io.StringIO(text))
    header = next(reader, [])
    if len(header) != 5 or header[:2] != _COLUMNS or header[3:] != _AFTER:
        raise InputError(
            f"{file}:1: expected the columns from, text, the language, suggested and at",
            "keep the header that `cvtex translate export` wrote",
        )
    units = []
    for number, cells in enumerate(reader, start=2):
        if not any(cells):
            continue
        if len(cells) != 5:
            raise InputError(f"{file}:{number}: expected 5 columns, found {len(cells)}")
        _, original, translation, suggested, listed = cells
        units.append(
            ReadUnit(
                unwrapped(original),
                unwrapped(translation),
                checked=not suggested.strip(),
                listed=[place.split(" (")[0].strip() for place in listed.split(";") if place],
                where=f"{file}:{number}",
            )
        )
    return header[2], units

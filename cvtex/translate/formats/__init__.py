"""The files a translator fills: YAML (cvtex's own), CSV for spreadsheets, and the
translation tools' own formats, XLIFF 2 (and 1.2) and gettext PO.

Every format holds one unit per distinct text: the text, its translation, whether that
translation is still a suggestion to check (a draft, the memory's: PO's fuzzy flag, XLIFF's
needs-review state, the YAML and CSV ``suggested`` mark), and the places it stands, for the
translator to see (a merge finds the places again in the profile as it is then).
"""

from __future__ import annotations

from pathlib import Path

from ...errors import InputError
from ..units import Unit
from .filled import Header, ReadUnit

FORMATS = ("yaml", "csv", "xliff", "xliff1", "po")
SUFFIXES = {"yaml": ".yaml", "csv": ".csv", "xliff": ".xlf", "xliff1": ".xlf", "po": ".po"}


def format_of(file: Path, named: str | None = None) -> str:
    """The format asked for, else the one the file's name says (.csv, .po, .xlf, .xliff)."""
    if named:
        return named
    suffix = file.suffix.lower()
    if suffix == ".csv":
        return "csv"
    if suffix == ".po":
        return "po"
    if suffix in (".xlf", ".xliff"):
        return "xliff"
    return "yaml"


def header_of(units: list[Unit], profile_file: Path, language: str) -> Header:
    sources = [unit.source for unit in units]
    source = max(set(sources), key=sources.count) if sources else "en"
    return Header(profile_file.name, language, source)


def write_units(
    units: list[Unit], target: Path, profile_file: Path, language: str, kind: str
) -> None:
    from ... import atomic

    header = header_of(units, profile_file, language)
    if kind == "csv":
        from .csvfile import write
    elif kind == "po":
        from .po import write
    elif kind == "xliff":
        from .xliff import write2 as write
    elif kind == "xliff1":
        from .xliff import write1 as write
    else:
        from .yamlfile import write
    atomic.write_text(target, write(units, header, profile_file))


def read_units(file: Path) -> tuple[str, list[ReadUnit]]:
    """The target language and the units of a filled translation file, of any format."""
    kind = format_of(file)
    try:
        text = file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{file}: cannot read it as UTF-8 text: {exc}") from None
    if kind == "csv":
        from .csvfile import read
    elif kind == "po":
        from .po import read
    elif kind == "xliff":
        from .xliff import read
    else:
        from .yamlfile import read
    return read(file, text)

"""Trace what went wrong in the PDF back to the profile field that holds it.

XeLaTeX only knows the generated .tex; a person only knows their profile. These helpers
search the profile's text fields, with their file positions, for what the engine reported:
a character no font has, or the text on the .tex line where an error stopped it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .. import system
from ..errors import EngineError, InputError
from ..look.fonts import families_with, package_installed
from ..profile.load import LoadedProfile
from ..profile.source import Path_, Position, format_path
from ..text.scripts import font_package
from ..text.texescape import to_tex
from .engine import MissingGlyph

# Keys whose values are identifiers or link targets, not text a reader sees; owner names
# are seen where an author list repeats them.
_NOT_TEXT = frozenset("$schema languages layout only tags select kind type url owner_names".split())
MIN_TRACE_LENGTH = 3  # shorter texts occur on too many lines to point anywhere
MAX_GLYPHS_SHOWN = 5


@dataclass(frozen=True)
class Field:
    path: Path_
    position: Position
    text: str

    def __str__(self) -> str:
        return f"{self.position}: {format_path(self.path)}"


def text_fields(loaded: LoadedProfile) -> list[Field]:
    """Every text in the profile, in the order it was written, with where it was written."""
    data = loaded.profile.model_dump(by_alias=True, exclude_defaults=True)
    fields = []
    for path, text in _strings(data, ()):
        written = loaded.source.written(path)
        fields.append(Field(written, loaded.source.locate(written), text))
    return sorted(fields, key=lambda field: (field.position.line, field.position.column))


def _strings(value: Any, path: Path_) -> Iterator[tuple[Path_, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in _NOT_TEXT:
                yield from _strings(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, index))


def field_with_char(loaded: LoadedProfile, char: str) -> Field | None:
    return next((field for field in text_fields(loaded) if char in field.text), None)


def field_on_tex_line(loaded: LoadedProfile, tex_line: str) -> Field | None:
    """The field whose text, as the templates print it, is the longest found on the line."""
    found = [
        (len(printed), field)
        for field in text_fields(loaded)
        if len(printed := to_tex(field.text.strip())) >= MIN_TRACE_LENGTH and printed in tex_line
    ]
    return max(found, key=lambda item: item[0])[1] if found else None


def traced(error: EngineError, tex: str, loaded: LoadedProfile) -> EngineError:
    """``error``, naming the profile field whose text is on the failing .tex line, if any."""
    lines = tex.splitlines()
    if error.tex_line is None or not 0 < error.tex_line <= len(lines):
        return error
    field = field_on_tex_line(loaded, lines[error.tex_line - 1])
    if field is None:
        return error
    return EngineError(f"{error.message}\n  while typesetting {field}", error.hint, error.tex_line)


def missing_glyph_error(glyphs: list[MissingGlyph], loaded: LoadedProfile) -> InputError:
    """One line per character no font has: where it is, which installed fonts have it, and
    which Debian package has fonts for its script."""
    shown = glyphs[:MAX_GLYPHS_SHOWN]
    lines = [_glyph_line(glyph, loaded) for glyph in shown]
    if len(glyphs) > MAX_GLYPHS_SHOWN:
        lines.append(f"and {len(glyphs) - MAX_GLYPHS_SHOWN} more characters without a glyph")
    packages = sorted({font_package(glyph.char) for glyph in shown})
    missing = [package for package in packages if not package_installed(package)]
    commands = dict.fromkeys(filter(None, (system.install_fonts(p) for p in missing)))
    install = "".join(f"{command}, or " for command in commands)
    return InputError(
        "\n".join(lines),
        f"{install}replace the character, or name a font that has it under design.fonts "
        "(scripts: for a script other than Latin) in the profile or the theme's theme.yaml",
    )


def _glyph_line(glyph: MissingGlyph, loaded: LoadedProfile) -> str:
    char = glyph.char
    name = unicodedata.name(char, "unnamed character")
    field = field_with_char(loaded, char)
    where = str(field) if field else str(loaded.file)
    families = families_with(char)
    package = font_package(char)
    if families:
        fonts = f"installed fonts that have it: {', '.join(families[:3])}"
    elif package_installed(package):
        fonts = f"no installed font has it, not even those of {package}"
    else:
        fonts = f"no installed font has it: {package} has fonts for its script"
    return (
        f"{where}: the character {char!r} (U+{ord(char):04X} {name}) has no glyph in the "
        f"font {glyph.font}, so it would be missing from the PDF; {fonts}"
    )

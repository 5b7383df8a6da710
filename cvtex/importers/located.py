"""A JSON or YAML file read with the line of each value, and the notes a reader makes at
those lines: ``cv.yaml:12: cv.sections.education[0].gpa: not imported: ...``.

JSON is YAML's flow style, so one parser gives both their lines (as the JSON Resume
reader does); a JSON file YAML cannot parse (a tab in an odd place) still reads, its
notes at line 1.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..profile.source import MAX_DEPTH, Path_, SourceMap, format_path, load_yaml
from .reader import Note
from .source import Source


@dataclass
class Located:
    """One file's notes, each at the line its value was written on."""

    where: str
    lines: SourceMap | None
    notes: list[Note] = field(default_factory=list)
    text: str = ""  # the file's text, for a value's own characters

    def line(self, path: Path_) -> int:
        return self.lines.locate_key(path).line if self.lines is not None else 1

    def written(self, path: Path_) -> str | None:
        """The characters a scalar at ``path`` is written with, as the file has them:
        ``2025.10`` where YAML and JSON read the number 2025.1; None when unknown."""
        position = self.lines.positions.get(tuple(path)) if self.lines is not None else None
        if position is None:
            return None
        lines = self.text.splitlines()
        if position.line > len(lines):
            return None
        found = _SCALAR.match(lines[position.line - 1], position.column - 1)
        return found[1] if found else None

    def note(self, path: Path_, what: str) -> None:
        self.notes.append(Note(f"{self.where}:{self.line(path)}", format_path(path), what))


# A plain scalar as written (a number, 2025.10), or one in quotes.
_SCALAR = re.compile(r"""['"]?([^\s,#'"\]}]+)""")


def json_data(text: str, where: str, hint: str) -> Any:
    """A JSON text's data; an error at its line and column when it is not JSON, or at the
    file when lists and objects nest deeper than a YAML profile may (MAX_DEPTH): the readers
    walk the data by recursion, which hundreds of levels would exhaust. ``hint``: the way
    out of the first."""
    too_deep = InputError(
        f"{where}: nesting deeper than {MAX_DEPTH} levels",
        "a CV's data needs a handful of levels: is it the file you meant?",
    )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}", hint) from None
    except RecursionError:
        raise too_deep from None
    if _deeper_than(data, MAX_DEPTH):
        raise too_deep
    return data


def one_object(data: Any, where: str, what: str, hint: str | None = None) -> dict[str, Any]:
    """``data`` when it is one object, as every reader's file is; else an error at the file
    that says so. ``what``: the file the reader wants ("a JSON Resume file")."""
    if not isinstance(data, dict):
        raise InputError(f"{where}: {what} is one JSON object, not a list or value", hint)
    return data


def _deeper_than(data: Any, levels: int) -> bool:
    """Whether lists and objects nest more than ``levels`` deep (walked without recursion)."""
    pending = [(data, 0)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict | list):
            if depth == levels:
                return True
            children = value.values() if isinstance(value, dict) else value
            pending.extend((child, depth + 1) for child in children)
    return False


def where_written(source: Source, text: str) -> str:
    """``file:line`` of the line of ``source`` where ``text`` is first written (its start:
    a JSON file escapes what follows a quote or a line break), else the file alone."""
    where = source.where()
    start = re.split(r'["\\\n]', text.strip(), maxsplit=1)[0][:30]
    try:
        content = source.text() if start and source.is_file else ""
    except (InputError, ValueError):
        return where
    at = content.find(start) if content else -1
    return f"{where}:{content.count(chr(10), 0, at) + 1}" if at >= 0 else where


def read_located(source: Source, hint: str) -> tuple[Any, Located]:
    """The file's data (JSON by its suffix or its first character, else YAML) and its
    notes' lines; an error at the file's line when it is neither. ``hint``: what the
    file should be, for that error."""
    where = source.where()
    text = source.text()
    if source.suffix == ".json" or (source.suffix == "" and text.lstrip()[:1] in "{["):
        data = json_data(text, where, hint)
        try:
            _, lines = load_yaml(Path(where), text)
        except InputError:
            lines = None
        return data, Located(where, lines, text=text)
    data, lines = load_yaml(Path(where), text)
    return data, Located(where, lines, text=text)

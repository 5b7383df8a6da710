"""A profile changed in place by cvtex (translations merged, entries imported into it), as its
author wrote it: ruamel.yaml's round trip keeps comments, key order, quoting and layout;
the file is replaced only after a copy is kept (``cv.yaml.bak``, ``.bak2``, ...), and put
back if the changed profile does not load.
"""

from __future__ import annotations

import difflib
import io
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import atomic
from ..errors import CvtexError, InputError


def round_trip_yaml() -> Any:
    """ruamel.yaml set to write back what it read: quotes kept, long lines never folded."""
    from ruamel.yaml import YAML

    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096  # never fold a long line that was one line
    return yaml


@dataclass
class Document:
    """A YAML file loaded for editing, with the writer that reproduces its indentation."""

    yaml: Any
    document: Any
    exact: bool  # whether writing it back unchanged gives the same text

    def dump_text(self, document: Any | None = None) -> str:
        out = io.StringIO()
        self.yaml.dump(self.document if document is None else document, out)
        return out.getvalue()


def editable(text: str) -> Document:
    """The file, loaded to be written back with the indentation it was written with: the
    first of the common styles that reproduces it exactly, else the closest."""
    best: tuple[int, Document] | None = None
    for mapping, sequence, offset in _styles_likely_first(text):
        yaml = round_trip_yaml()
        yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
        try:
            document = Document(yaml, yaml.load(text), exact=False)
        except Exception as exc:  # ruamel's own errors: our loader has read it already
            raise InputError(f"cannot edit the YAML: {exc}") from None
        differing = _differing_lines(text, document.dump_text())
        if differing == 0:
            document.exact = True
            return document
        if best is None or differing < best[0]:
            best = (differing, document)
    assert best is not None
    return best[1]


_STYLES = ((2, 4, 2), (2, 2, 0), (4, 4, 2), (4, 6, 4), (4, 4, 0))  # mapping, sequence, offset
_FIRST_ITEM = re.compile(r"^( *)[^\s#-][^\n]*:[ \t]*(?:#.*)?\n(?:[ \t]*(?:#.*)?\n)*( *)- ", re.M)


def _styles_likely_first(text: str) -> list[tuple[int, int, int]]:
    """The common styles, those whose list items stand where the file's first one does
    first: each try is a load and a dump, seconds on a long profile."""
    match = _FIRST_ITEM.search(text)
    if match is None:
        return list(_STYLES)
    offset = len(match[2]) - len(match[1])
    return sorted(_STYLES, key=lambda style: style[2] != offset)


def _differing_lines(a: str, b: str) -> int:
    return sum(
        1 for line in difflib.unified_diff(a.splitlines(), b.splitlines(), n=0) if line[:1] in "+-"
    )


def write_new(out: Path, text: str) -> None:
    try:
        atomic.write_new(out, text)
    except FileExistsError:
        raise InputError(
            f"{out} already exists; cvtex never overwrites a profile",
            "choose another name for --out",
        ) from None


def replace_keeping_copies(
    edited: dict[Path, str], still_loads: Callable[[], object], what: str
) -> list[tuple[Path, Path]]:
    """Keep a copy of each file, replace it, and check with ``still_loads`` that the
    profile still loads; if it does not, put every file back. The files and their copies."""
    copies: dict[Path, Path] = {}
    for file, text in edited.items():
        copy = backup_name(file)
        with copy.open("xb") as handle:
            handle.write(file.read_bytes())
        copies[file] = copy
        atomic.write_text(file, text)
    try:
        still_loads()
    except CvtexError as exc:
        for file, copy in copies.items():
            atomic.write_text(file, copy.read_text(encoding="utf-8"))
        raise InputError(
            f"the changed profile does not load, so nothing was changed: {exc.message}",
            f"this is a bug in cvtex; please report it with {what}",
        ) from None
    return list(copies.items())


def backup_name(file: Path) -> Path:
    for candidate in _candidates(file):
        if not candidate.exists():
            return candidate
    raise AssertionError("unreachable")


def _candidates(file: Path) -> Iterator[Path]:
    yield file.with_name(file.name + ".bak")
    number = 2
    while True:
        yield file.with_name(f"{file.name}.bak{number}")
        number += 1

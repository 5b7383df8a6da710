"""A profile changed in place by cvtex (translations merged, entries imported into it), as its
author wrote it: ruamel.yaml's round trip keeps comments, key order, quoting and layout;
the file is written as every user's file is (userfile.py: a copy kept first, ``cv.yaml.bak``
or ``.bak2``, ...; its mode, link and line endings kept; never over a save made meanwhile),
and put back if the changed profile does not load.
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
from ..userfile import ChangedMeanwhile, UserFile


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


def insert_key(mapping: Any, position: int, key: Any, value: Any) -> None:
    """``key`` at ``position`` of a plain dict, or of a round-trip mapping, whose comments
    stay where they were written: what follows its last value (blank lines, a comment on
    the next entry) still follows it when the key goes last."""
    if not hasattr(mapping, "insert"):
        items = list(mapping.items())
        items.insert(position, (key, value))
        mapping.clear()
        mapping.update(items)
        return
    _keeping_what_follows(mapping, position, lambda: mapping.insert(position, key, value))


def append_item(sequence: Any, value: Any) -> None:
    """``value`` at the end of a list, or of a round-trip list, as :func:`insert_key` puts a
    key: what followed the last item follows the new one."""
    if not hasattr(sequence, "ca"):
        sequence.append(value)
        return
    _keeping_what_follows(sequence, len(sequence), lambda: sequence.append(value))


def _keeping_what_follows(node: Any, position: int, insert: Callable[[], object]) -> None:
    last = _last_comment(node) if node and position >= len(node) else None
    insert()
    if last is None:
        return
    token = last[0]
    own, newline, after = token.value.partition("\n")
    if not after:
        return  # a comment at its line's end only: it stays there
    from ruamel.yaml.tokens import CommentToken

    token.value = own + newline
    holder, place = _deepest_last(node)
    moved = CommentToken("\n" + after, token.start_mark, None)
    if isinstance(holder, list):
        holder.ca.items[place] = [moved, None]
    else:
        holder.ca.items[place] = [None, None, moved, None]


def _last_comment(mapping: Any) -> tuple[Any] | None:
    """The comment after the last value of ``mapping``, at whatever depth ruamel keeps it
    (the last scalar's, or a flow collection's key's)."""
    for holder, place in reversed(list(_lasts(mapping))):
        slots = holder.ca.items.get(place)
        token = (slots[0] if isinstance(holder, list) else slots[2]) if slots else None
        if token is not None:
            return (token,)
    return None


def _deepest_last(node: Any) -> tuple[Any, Any]:
    """The collection that holds the last value written in ``node``, and its key there."""
    return list(_lasts(node))[-1]


def _lasts(node: Any) -> Iterator[tuple[Any, Any]]:
    """Each collection down to the last value written in ``node``, with its key there."""
    holder = node
    while isinstance(holder, (list, dict)) and holder and hasattr(holder, "ca"):
        place = len(holder) - 1 if isinstance(holder, list) else list(holder)[-1]
        yield holder, place
        holder = holder[place]


def write_new(out: Path, text: str) -> None:
    try:
        atomic.write_new(out, text)
    except FileExistsError:
        raise InputError(
            f"{out} already exists; cvtex never overwrites a profile",
            "choose another name for --out",
        ) from None


def replace_keeping_copies(
    edited: list[tuple[UserFile, str]], still_loads: Callable[[], object], what: str
) -> list[tuple[Path, Path | None]]:
    """Replace each file (read as a UserFile, so written as userfile says: a copy kept
    first, its mode, link and line endings, never over a save made meanwhile), then check
    with ``still_loads`` that the profile still loads; if it does not, put every file back.
    The files and their copies."""
    for file, _ in edited:
        file.check_writable()  # all of them, before any is written
    written: list[tuple[UserFile, bytes]] = []
    try:
        for file, text in edited:
            before = file.raw
            file.write(text)
            written.append((file, before))
        still_loads()
    except CvtexError as exc:
        for file, before in written:
            atomic.write_bytes(file.real, before, durable=True)
            file.raw = before
        if isinstance(exc, ChangedMeanwhile):
            raise
        raise InputError(
            f"the changed profile does not load, so nothing was changed: {exc.message}",
            f"this is a bug in cvtex; please report it with {what}",
        ) from None
    return [(file.path, file.backup) for file, _ in edited]

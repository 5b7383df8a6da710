"""One file edited from the page: its text as last read or written, numbered revisions of its
data, the page's changes written in place, and another writer's changes seen and respected.

The page sends each change with the revision it was made on. If the file has changed since
(another editor saved it, ``git pull``, ``cvtex import --into``), a change to a value that
the other writer changed too is not made: it comes back as a conflict, with both values,
for the person to settle; the other changes are made on the file as it now is. A list
whose length changed meanwhile refuses changes below it, since its item 3 may be another
item now. A file read empty is taken so only once it has stayed empty for EMPTY_SETTLE
seconds: a program that saves in place empties the file before it writes it.

The file is written as every user's file is (userfile.py): whole, in one step, its mode,
link and line endings kept, after a copy of it is kept once per session (``cv.yaml.bak``, or
``.bak2``, ... if taken); a session that changes nothing writes nothing. Right before the
file is replaced it is read again: a save made by another program while the changes were
being made is never overwritten; the changes meet it as they meet any other writer's.

Only the latest revisions are kept (HISTORY), so that a long profile edited for hours holds
a few copies of its data, not one per keystroke.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..userfile import ChangedMeanwhile, UserFile
from . import yamltext
from .yamltext import CannotWrite, Path_

# Revisions remembered: a change made on an older one is a conflict. A page's changes are
# made on the revision it was last told of, one or two behind at most.
HISTORY = 8
EMPTY_SETTLE = 1.0  # seconds a file read empty stays so before it is taken as emptied
TRIES = 5  # the file saved by another program while changes were made: made again on it
Stamp = tuple[int, int, int] | None
_ABSENT = object()


@dataclass(frozen=True)
class Revision:
    number: int
    text: str
    data: Any  # None while the file is not YAML (then ``error`` says why)
    writer: str  # "disk" (another program), or the id of the page that wrote it
    error: str | None = None


@dataclass
class Outcome:
    """What became of a page's changes: the revision now, and those not made."""

    revision: int
    conflicts: list[dict[str, Any]] = field(default_factory=list)


class EditSession:
    def __init__(self, file: Path) -> None:
        self.file = file
        self._lock = threading.RLock()
        self.listeners: list[Callable[[Revision], None]] = []
        self._stamp = _stamp(file)
        user = _read(file)
        if user is None:
            raise InputError(f"{file}: cannot read it as UTF-8 text")
        self._user, text = user
        self._revisions: dict[int, Revision] = {}
        self._stamps: dict[Stamp, int] = {}  # the file's stamp when each revision was read
        self._emptied: tuple[Stamp, float] | None = None  # read empty: when first, at what stamp
        self.current = self._revision(1, text, "disk")
        # A value put back is written as it was written here.
        self._opened = None if self.current.error else yamltext.read(text)

    # Reading ------------------------------------------------------------------------------

    @property
    def backup(self) -> Path | None:
        """The copy kept before this session's first write."""
        return self._user.backup

    def refresh(self, force: bool = False) -> Revision | None:
        """Read the file again if it was replaced or changed (``force``: whatever its stamp
        says); the new revision, if its text changed."""
        with self._lock:
            stamp = _stamp(self.file)
            if stamp is None or (stamp == self._stamp and not force):
                return None  # unchanged, or gone for a moment while an editor saves
            read = _read(self.file)
            if read is None:
                return None
            if not read[1].strip() and self.current.text.strip() and not self._left_empty(stamp):
                return None  # emptied for a moment: a program writing it has truncated it
            backup = self._user.backup
            self._user, text = read
            self._user.backup = backup
            self._stamp = stamp
            if text == self.current.text:
                self._stamps[stamp] = self.current.number  # touched, not changed
                return None
            revision = self._revision(self.current.number + 1, text, "disk")
        self._tell(revision)
        return revision

    def _left_empty(self, stamp: Stamp) -> bool:
        """Whether the file has read empty, with this stamp, for EMPTY_SETTLE seconds: a
        program that saves in place empties the file, then writes it, and a look between
        the two would show the page an empty profile (the form emptied, then filled)."""
        now = time.monotonic()
        if self._emptied is None or self._emptied[0] != stamp:
            self._emptied = (stamp, now)
            return False
        return now - self._emptied[1] >= EMPTY_SETTLE

    def revision(self, number: int) -> Revision | None:
        with self._lock:
            return self._revisions.get(number)

    def _revision(self, number: int, text: str, writer: str) -> Revision:
        try:
            revision = Revision(number, text, yamltext.read(text).data, writer)
        except InputError as exc:
            revision = Revision(number, text, None, writer, exc.message)
        self._revisions[number] = revision
        self._revisions.pop(number - HISTORY, None)
        self._stamps[self._stamp] = number
        for old in [stamp for stamp, known in self._stamps.items() if known <= number - HISTORY]:
            del self._stamps[old]
        self.current = revision
        return revision

    def revision_stamped(self, stamp: Stamp) -> int | None:
        """The revision the file held when it had ``stamp`` (a build's, say), if known."""
        with self._lock:
            return self._stamps.get(stamp)

    def _tell(self, revision: Revision) -> None:
        for listener in list(self.listeners):
            listener(revision)

    # Writing ------------------------------------------------------------------------------

    def apply(self, base: int, changes: list[dict[str, Any]], writer: str) -> Outcome:
        """Make ``changes`` (each an operation, see :func:`change_text`), made by the page
        ``writer`` on revision ``base``, and write the file once."""
        force = False
        for _ in range(TRIES):
            self.refresh(force)
            try:
                return self._apply(base, changes, writer)
            except ChangedMeanwhile:
                force = True  # read it again, whatever its stamp says
        raise InputError(
            f"{self.file} keeps being saved by another program; nothing was written",
            "wait until the other program is done, then make the change again",
        )

    def _apply(self, base: int, changes: list[dict[str, Any]], writer: str) -> Outcome:
        with self._lock:
            current = self.current
            if current.error is not None:
                raise InputError(
                    f"the file is not valid YAML now, so the form cannot change it: "
                    f"{current.error}",
                    "correct it in the text editor; the form follows",
                )
            seen = self._revisions.get(base)
            text, data = current.text, current.data
            conflicts = []
            for change in changes:
                if not isinstance(change, dict):
                    raise CannotWrite(f"not a change: {change!r}"[:200])
                path = _path(change.get("path"))
                if base != current.number:
                    verdict = _against(change, path, seen, data)
                    if verdict == "same":
                        continue
                    if verdict is not None:
                        conflicts.append(verdict)
                        continue
                text = self._as_written(change_text(text, change), change, path)
                data = yamltext.read(text).data
            if text == current.text:
                return Outcome(current.number, conflicts)
            self._user.write(text)  # ChangedMeanwhile if another program saved it meanwhile
            self._stamp = self._written_stamp()  # the stamp the new revision is known by
            revision = self._revision(current.number + 1, text, writer)
        self._tell(revision)
        return Outcome(revision.number, conflicts)

    def _written_stamp(self) -> Stamp:
        """The file's stamp, if it still holds what this session wrote. Another program's
        save landing between the write and the look at the stamp would have its stamp taken
        for this revision's, and never be read (refresh sees nothing new): then None, which
        no file has, so that the next refresh reads it."""
        stamp = _stamp(self.file)
        try:
            ours = self.file.read_bytes() == self._user.raw
        except OSError:
            ours = False
        return stamp if ours else None

    def _as_written(self, text: str, change: dict[str, Any], path: Path_) -> str:
        """A value set back to what it was when the file was opened (Undo, or typed back),
        or an item put back, written with the bytes it had then."""
        opened = self._opened
        if opened is None or opened.text == text:
            return text
        if change.get("op") == "insert" and isinstance(change.get("index"), int):
            path = (*path, change["index"])
        elif change.get("op") != "set":
            return text
        if value_at(opened.data, path) is _ABSENT:
            return text
        return yamltext.written_as(text, path, opened)


def change_text(text: str, change: dict[str, Any]) -> str:
    """The text with one of the page's operations made on it:

    ``{op: set, path, value, order?}``, ``{op: delete, path}``,
    ``{op: insert, path, index, value}``, ``{op: move, path, from, to}``,
    ``{op: rename, path, key}``."""
    operation = change.get("op")
    path = _path(change.get("path"))
    if operation == "set":
        order = change.get("order")
        return yamltext.set_value(text, path, change.get("value"), order)
    if operation == "delete":
        return yamltext.delete(text, path)
    if operation == "insert":
        index = change.get("index")
        if not isinstance(index, int):
            raise CannotWrite("an insert needs the index of the new item")
        return yamltext.insert(text, path, index, change.get("value"))
    if operation == "move":
        source, target = change.get("from"), change.get("to")
        if not isinstance(source, int) or not isinstance(target, int):
            raise CannotWrite("a move needs the item's index and the index it goes to")
        return yamltext.move(text, path, source, target)
    if operation == "rename":
        key = change.get("key")
        if not isinstance(key, str) or not key:
            raise CannotWrite("a rename needs the new key")
        return yamltext.rename(text, path, key)
    raise CannotWrite(f"no such change: {operation!r}")


def _path(value: Any) -> Path_:
    if not isinstance(value, list) or not value:
        raise CannotWrite("a change needs the path of the value it changes")
    for part in value:
        if not isinstance(part, str | int) or isinstance(part, bool):
            raise CannotWrite(f"not a path: {value!r}")
    return tuple(value)


def value_at(data: Any, path: Path_) -> Any:
    """The value at ``path``, or _ABSENT."""
    for part in path:
        in_mapping = isinstance(data, dict) and isinstance(part, str) and part in data
        in_list = isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data)
        if not (in_mapping or in_list):
            return _ABSENT
        data = data[part]
    return data


def _against(
    change: dict[str, Any], path: Path_, seen: Revision | None, now: Any
) -> dict[str, Any] | str | None:
    """Whether a change made on revision ``seen`` may be made on the data ``now``: None if
    so, "same" if ``now`` holds it already, else the conflict to show."""
    theirs = value_at(now, path)
    conflict = {
        "path": list(path),
        "mine": change.get("value"),
        "theirs": None if theirs is _ABSENT else theirs,
        "absent": theirs is _ABSENT,
        "op": change.get("op"),
    }
    if seen is None or seen.data is None:
        return conflict  # made on a revision too old to compare with
    for size in range(len(path) + 1):
        before, after = value_at(seen.data, path[:size]), value_at(now, path[:size])
        if isinstance(before, list) != isinstance(after, list):
            return conflict
        if isinstance(before, list) and isinstance(after, list) and len(before) != len(after):
            return conflict  # the items have moved: item 3 may be another now
    if change.get("op") == "set" and _same(theirs, change.get("value")):
        return "same"
    if change.get("op") in ("set", "delete", "rename") and not _same(
        value_at(seen.data, path), theirs
    ):
        return conflict
    return None


def _same(one: Any, other: Any) -> bool:
    if one is _ABSENT or other is _ABSENT:
        return one is other
    return yamltext.same(one, other)


def _read(file: Path) -> tuple[UserFile, str] | None:
    try:
        user = UserFile.read(file)
        return user, user.text
    except (OSError, UnicodeDecodeError):
        return None


def _stamp(path: Path) -> Stamp:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_size, stat.st_ino)

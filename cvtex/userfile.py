"""A file the user wrote, changed by cvtex: the one way every writer of a user's file writes
it (``cvtex edit``, ``translate draft``/``accept``/``merge``, ``import --into``).

- It is read once, as bytes; the text to change has its line endings as ``\\n``, and the
  new text is written back with the file's own (CRLF stays CRLF, line by line where they
  are mixed), so that only the lines changed differ.
- A link is written through to the file it points to; the file keeps its mode (0600 stays
  0600) and, where cvtex may, its owner.
- A read-only file is refused with a message, never written.
- Right before the new file replaces it, the file is read again: if another program saved
  it since it was read, nothing is written (:class:`ChangedMeanwhile`), and the writer
  takes its conflict path. On Linux the new file is swapped in, and the file it displaced
  read once more: a save landing in the instant between is put back (atomic.py).
- The first write keeps a copy of the file as it was, by one policy (:func:`keep_copy`):
  ``cv.yaml.bak``, or ``cv.yaml.bak2``, ``.bak3``, ... when taken. A copy is written whole
  before it is named, so a full disk never leaves a truncated copy that passes for one,
  and an earlier session's copy is never replaced.
"""

from __future__ import annotations

import contextlib
import difflib
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from . import atomic
from .errors import InputError

MAX_COPIES = 99  # cv.yaml.bak .. cv.yaml.bak99; then the oldest numbered ones are kept


class ChangedMeanwhile(InputError):
    """Another program saved the file after cvtex read it: nothing was written."""


@dataclass
class UserFile:
    path: Path  # as the user named it
    real: Path  # the file written: the target of a link
    raw: bytes  # as last read or written
    backup: Path | None = None  # the copy kept before the first write

    @classmethod
    def read(cls, path: Path) -> UserFile:
        real = Path(os.path.realpath(path))
        return cls(path, real, real.read_bytes())

    @property
    def text(self) -> str:
        """The text, its line endings as ``\\n``; UnicodeDecodeError if it is not UTF-8."""
        return as_lf(self.raw.decode("utf-8"))

    def check_writable(self) -> None:
        refuse_read_only(self.path, self.real)

    def write(self, text: str, keep: bool = True) -> Path | None:
        """Replace the file with ``text`` (line endings ``\\n``) written in the file's own
        line endings; ChangedMeanwhile if the file is not what was read. ``keep``: a copy
        first, once (the copy, or None)."""
        data = with_line_endings(self.raw.decode("utf-8"), text).encode("utf-8")
        return self.write_bytes(data, keep)

    def write_bytes(self, data: bytes, keep: bool = True) -> Path | None:
        """Replace the file with ``data``, as :meth:`write` does (an image, say)."""
        self.check_writable()
        self._unchanged()
        if keep and self.backup is None:
            self.backup = keep_copy(self.real, self.raw)
        owner = os.stat(self.real)
        try:
            atomic.write_bytes(
                self.real,
                data,
                mode=owner.st_mode & 0o7777,
                durable=True,
                unchanged=self._unchanged,  # once more, the instant before
            )
        except OSError as exc:
            raise _not_written(self.path, exc) from None
        with contextlib.suppress(OSError):  # as root, a user's file stays theirs
            # (Windows has no owner ids: os.getuid is POSIX's.)
            if hasattr(os, "getuid") and (owner.st_uid, owner.st_gid) != (os.getuid(), os.getgid()):
                os.chown(self.real, owner.st_uid, owner.st_gid)
        self.raw = data
        return self.backup

    def _unchanged(self, path: Path | None = None) -> None:
        """ChangedMeanwhile unless the file (or ``path``, where it was put aside) holds what
        was read."""
        if (path or self.real).read_bytes() != self.raw:
            raise ChangedMeanwhile(
                f"{self.path} was saved by another program while cvtex was changing it; "
                "nothing was written",
                "run the command again: it starts from the file as it is now",
            )


def refuse_read_only(path: Path, real: Path | None = None) -> None:
    """InputError if ``path`` is read-only: by its mode (root writes any file, so the mode
    says what its owner wants), or for this user."""
    real = real or Path(os.path.realpath(path))
    try:
        mode = os.stat(real).st_mode
    except OSError:
        return  # a file not there yet is written new
    if mode & 0o222 == 0 or not os.access(real, os.W_OK):
        raise InputError(
            f"{path} is read-only; cvtex writes nothing into it",
            f"make it writable first (chmod u+w {path}), or write to a new file with --out "
            "where the command has it",
        )


def keep_copy(file: Path, data: bytes) -> Path:
    """A copy of ``data`` (the file as it was) beside ``file``: ``NAME.bak``, else the first
    free ``NAME.bakN``; the newest copy itself when it holds these very bytes already.

    The copy is written whole under a hidden name, with the file's mode, and only then
    given its name, by a link that fails if the name is taken: a copy is never replaced,
    and one that could not be written whole is never there."""
    names = [file.with_name(f"{file.name}.bak")] + [
        file.with_name(f"{file.name}.bak{number}") for number in range(2, MAX_COPIES + 1)
    ]
    taken = [name for name in names if name.exists()]
    if taken:
        with contextlib.suppress(OSError):
            if taken[-1].read_bytes() == data:
                return taken[-1]
    mode = os.stat(file).st_mode & 0o7777
    staged = file.with_name(f".{file.name}.{secrets.token_hex(4)}.cvtex-bak")
    try:
        try:
            atomic.write_bytes(staged, data, mode=mode, durable=True)
        except OSError as exc:
            raise _not_written(file, exc, "its copy") from None
        for name in names:
            try:
                os.link(staged, name)
            except FileExistsError:
                continue
            return name
    finally:
        staged.unlink(missing_ok=True)
    raise InputError(
        f"{file.name} has {MAX_COPIES} copies beside it already ({names[-1].name}); cvtex "
        "keeps a copy before it changes a file",
        f"move or delete the old copies ({file.name}.bak*) you do not need",
    )


def _not_written(file: Path, error: OSError, what: str = "") -> InputError:
    part = f"{what} of " if what else ""
    return InputError(
        f"cannot write {part}{file} ({error.strerror or error}); the file is as it was",
        "free some space on the disk, or check that its folder can be written, then run it again",
    )


def as_lf(text: str) -> str:
    return text.replace("\r\n", "\n")


def with_line_endings(original: str, new: str) -> str:
    """``new`` (line endings ``\\n``) with the line endings of ``original``: each line
    unchanged keeps its own, a new line takes the file's most common one."""
    crlf = original.count("\r\n")
    if not crlf:
        return new
    if crlf == original.count("\n"):
        return new.replace("\n", "\r\n")
    # Mixed: line by line.
    old_lines = original.splitlines(keepends=True)
    new_lines = new.splitlines(keepends=True)
    usual = "\r\n" if crlf * 2 >= original.count("\n") else "\n"
    stripped = [line.rstrip("\r\n") for line in old_lines]
    out: list[str] = []
    matcher = difflib.SequenceMatcher(
        None, stripped, [line.rstrip("\n") for line in new_lines], autojunk=False
    )
    for operation, old_start, old_end, new_start, new_end in matcher.get_opcodes():
        for offset, line in enumerate(new_lines[new_start:new_end]):
            if not line.endswith("\n"):
                out.append(line)
                continue
            ending = usual
            if operation in ("equal", "replace") and old_start + offset < old_end:
                # The same line, or the line it replaces: that line's own ending.
                kept = old_lines[old_start + offset]
                ending = kept[len(kept.rstrip("\r\n")) :] or usual
            out.append(line[:-1] + ending)
    return "".join(out)

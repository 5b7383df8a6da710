"""Files replaced whole, in one step: a reader sees the old file or the new one, never half.

Every file cvtex writes goes through here: outputs placed by a build, pages, translation
files, a profile rewritten by a merge, imported profiles, cache records. A write that fails
(a full disk, a kill) leaves the previous file as it was and no temporary file beside it.
"""

from __future__ import annotations

import errno
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

from .libc import linux_function

# Windows refuses to replace a file another program has open without sharing (a PDF
# viewer, an indexer, an antivirus scan): os.replace raises PermissionError until it lets
# go, usually within milliseconds. Tried again for about a second and a half, then given up.
_REPLACE_TRIES = 8
_FIRST_PAUSE = 0.01


def replace(source: Path, target: Path) -> None:
    """``os.replace``, tried again while the target is held (PermissionError)."""
    pause = _FIRST_PAUSE
    for _ in range(_REPLACE_TRIES - 1):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            time.sleep(pause)
            pause *= 2
    os.replace(source, target)


def _temporary(target: Path) -> Path:
    # Hidden, beside the target (one file system, so the rename is one step), and named
    # afresh each time: two writers of one file never share a temporary.
    return target.with_name(f".{target.name}.{os.urandom(4).hex()}.cvtex-tmp")


def write_bytes(
    target: Path,
    data: bytes,
    mode: int | None = None,
    durable: bool = False,
    unchanged: Callable[[Path], None] | None = None,
) -> None:
    """Write beside ``target``, then rename over it.

    The file gets ``mode``, else the mode of the file it replaces, else the usual mode of a
    new file. ``durable``: on the disk before the rename (a user's own file, a backup), so
    that a crash right after leaves the new file whole, not empty. ``unchanged(path)``
    raises unless the file at ``path`` still holds what the writer read: it is asked of
    ``target`` once the new file is whole, right before the rename, and stops it (see
    :func:`_replace_unchanged`)."""
    temporary = _temporary(target)
    if mode is None:
        mode = _mode_of(target)
    try:
        # Private until it has its final mode: a file written 0600 is never readable by
        # others, not even for the moment before the rename.
        # O_BINARY: on Windows a descriptor is opened in text mode, which writes "\n" as
        # "\r\n"; the bytes are written as they are.
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
        descriptor = os.open(temporary, flags, 0o600 if mode is not None else 0o666)
        try:
            _write_all(descriptor, data)
            if mode is not None and hasattr(os, "fchmod"):  # not on Windows before 3.13
                os.fchmod(descriptor, mode)
            if durable:
                os.fsync(descriptor)
        finally:
            os.close(descriptor)
        if unchanged is None:
            replace(temporary, target)
        else:
            unchanged(target)
            _replace_unchanged(temporary, target, unchanged)
    finally:
        temporary.unlink(missing_ok=True)


def _replace_unchanged(temporary: Path, target: Path, unchanged: Callable[[Path], None]) -> None:
    """The new file renamed over ``target``, which was found unchanged an instant before.

    Another program's save can still land in that instant (a thread of cvtex may wait for
    Python's lock between the look and the rename): where the system swaps two names in
    one step (Linux), the two files are swapped, and the file the swap put aside is asked
    again; if it is another program's save, the swap is undone and ``unchanged``'s error
    raised: their save stays, this write is dropped. Elsewhere, a plain rename."""
    if not _exchange(temporary, target):
        replace(temporary, target)
        return
    try:
        unchanged(temporary)  # what the target held at the swap
    except BaseException:
        # Theirs back under its name (by a plain rename, should the swap back fail): the
        # temporary name, removed after, then holds this write alone.
        if not _exchange(temporary, target):
            os.replace(temporary, target)
        raise


_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _exchange(one: Path, other: Path) -> bool:
    """The two names swapped in one step (``renameat2(RENAME_EXCHANGE)``, Linux 3.15,
    glibc 2.28); False where the system, its C library or the file system has no such
    step, or ``other`` is gone."""
    renameat2 = _renameat2()
    if renameat2 is None:
        return False
    if renameat2(_AT_FDCWD, os.fsencode(one), _AT_FDCWD, os.fsencode(other), _RENAME_EXCHANGE):
        import ctypes

        code = ctypes.get_errno()
        if code in (errno.EINVAL, errno.ENOSYS, errno.ENOENT, errno.EOPNOTSUPP):
            return False
        raise OSError(code, os.strerror(code), str(other))
    return True


def _renameat2() -> Callable[..., int] | None:
    import ctypes  # only for a user's file written: most commands never write one

    argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
    return linux_function("renameat2", argtypes, ctypes.c_int)


def _write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view) :]


def _mode_of(target: Path) -> int | None:
    try:
        return os.stat(target).st_mode & 0o7777
    except OSError:
        return None


def write_text(target: Path, text: str) -> None:
    """``write_bytes`` of UTF-8 text with the newlines as written (never CRLF)."""
    write_bytes(target, text.encode("utf-8"))


def write_if_changed(target: Path, text: str) -> None:
    """``write_text``, unless the file already holds exactly ``text`` (its time is kept)."""
    try:
        if target.read_text(encoding="utf-8") == text:
            return
    except (OSError, UnicodeDecodeError):
        pass
    write_text(target, text)


def move_into_place(source: Path, target: Path) -> None:
    """Replace ``target`` with ``source`` in one step, from another file system too (an
    engine started before the output folder was known works in the temporary folder)."""
    try:
        replace(source, target)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        staged = _temporary(target)
        try:
            shutil.copyfile(source, staged)
            replace(staged, target)
        finally:
            staged.unlink(missing_ok=True)


def write_new(target: Path, text: str) -> None:
    """Create ``target`` with ``text``; FileExistsError if any file (or link) has its name.

    The check and the creation are one step, so nothing written in between is replaced.
    """
    with target.open("x", encoding="utf-8", newline="\n") as handle:
        handle.write(text)

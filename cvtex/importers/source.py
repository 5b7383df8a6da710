"""What a person points ``cvtex import`` at: a file, a folder or a ``.zip``, as named members.

A reader sees a source's member names first and opens only the members it reads: a
LinkedIn export holds other people's data (connections, messages), which no reader opens.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from ..errors import InputError

# Larger than any CV export's text member; a bigger member is refused unread.
MAX_MEMBER_BYTES = 16 * 1024 * 1024
# Members a folder or archive may hold before it is taken for something else than an export.
MAX_MEMBERS = 5000


@dataclass(frozen=True)
class Source:
    """A file, or the files of a folder or archive, by their path inside it (``a/b.csv``)."""

    path: Path
    names: tuple[str, ...]  # the members, as paths inside the source ("" for a single file)
    archive: bool = False
    _cache: dict[str, bytes] = field(default_factory=dict, compare=False, repr=False)

    @property
    def is_file(self) -> bool:
        return self.names == ("",)

    @property
    def suffix(self) -> str:
        return self.path.suffix.lower() if self.is_file else ""

    def where(self, name: str = "") -> str:
        """The member as a person finds it: ``export.zip/Positions.csv``, ``cv.json``."""
        return str(self.path / name) if name else str(self.path)

    def find(self, *basenames: str) -> str | None:
        """The first member whose file name is one of ``basenames`` (any case, any folder)."""
        wanted = [name.casefold() for name in basenames]
        by_name = {PurePosixPath(name).name.casefold(): name for name in reversed(self.names)}
        return next((by_name[name] for name in wanted if name in by_name), None)

    def read(self, name: str = "") -> bytes:
        if name not in self._cache:
            self._cache[name] = self._read(name)
        return self._cache[name]

    def text(self, name: str = "") -> str:
        """A member as text: UTF-8 (a byte-order mark dropped), else UTF-16 with its mark."""
        data = self.read(name)
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            return data.decode("utf-16")
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            raise InputError(
                f"{self.where(name)}:{line}: not UTF-8 text (byte {exc.start})",
                "save the file as UTF-8",
            ) from None

    def head(self, name: str = "", size: int = 4096) -> str:
        """The start of a member as text, for telling its kind: never an error."""
        return self.read(name)[:size].decode("utf-8-sig", errors="replace")

    def _read(self, name: str) -> bytes:
        try:
            if self.archive:
                with zipfile.ZipFile(self.path) as archive:
                    info = archive.getinfo(name)
                    if info.file_size > MAX_MEMBER_BYTES:
                        raise InputError(f"{self.where(name)}: too large to be an export's file")
                    return archive.read(info)
            file = self.path / name if name else self.path
            if file.stat().st_size > MAX_MEMBER_BYTES:
                raise InputError(f"{file}: too large to be an export's file")
            return file.read_bytes()
        except (OSError, zipfile.BadZipFile, KeyError) as exc:
            raise InputError(f"{self.where(name)}: cannot be read: {exc}") from None

    def members(self, suffixes: tuple[str, ...]) -> Iterator[Source]:
        """Each member with one of ``suffixes`` as a source of its own (a folder of
        files of different kinds: a resume.json and a .bib)."""
        for name in self.names:
            if PurePosixPath(name).suffix.lower() in suffixes:
                if self.archive:
                    member = Source(self.path / name, ("",), False)
                    member._cache[""] = self.read(name)
                    yield member
                else:
                    yield Source(self.path / name, ("",))


def open_source(path: Path) -> Source:
    """``path`` as a source; an error that names it when it is none of the three."""
    if path.is_dir():
        names = []
        for file in sorted(path.rglob("*")):
            if file.is_file() and not any(part.startswith(".") for part in file.parts):
                names.append(file.relative_to(path).as_posix())
                if len(names) > MAX_MEMBERS:
                    raise InputError(
                        f"{path}: more than {MAX_MEMBERS} files: not an export",
                        "name the export's folder or file itself",
                    )
        if not names:
            raise InputError(f"{path}: an empty folder")
        return Source(path, tuple(names))
    if not path.exists():
        raise InputError(f"{path}: no such file or folder", "check the path")
    if zipfile.is_zipfile(path):
        try:
            with zipfile.ZipFile(path) as archive:
                names = [info.filename for info in archive.infolist() if not info.is_dir()]
        except (OSError, zipfile.BadZipFile) as exc:
            raise InputError(f"{path}: a damaged .zip: {exc}") from None
        if len(names) > MAX_MEMBERS:
            raise InputError(f"{path}: more than {MAX_MEMBERS} files: not an export")
        return Source(path, tuple(names), archive=True)
    if path.stat().st_size > MAX_MEMBER_BYTES:
        raise InputError(f"{path}: larger than {MAX_MEMBER_BYTES // 2**20} MiB: not an export")
    return Source(path, ("",))

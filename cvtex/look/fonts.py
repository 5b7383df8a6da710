"""Find the fonts a language asks for among those installed on this machine."""

from __future__ import annotations

import bisect
import hashlib
import os
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from .. import cachefiles

if TYPE_CHECKING:  # only a type here: importing the models would load pydantic
    from ..profile.design import FontChoice

FONTS_CACHE = "fonts.json"
CHARSETS_CACHE = "charsets.json"
# The faces a family's text may be set in (fontconfig's style names for them): a font
# covers a character when each of these faces it has draws it.
_TEXT_STYLES = frozenset(
    ("Regular", "Book", "Roman", "Bold", "Italic", "Oblique", "Bold Italic", "Bold Oblique")
)


@dataclass(frozen=True)
class ResolvedFont:
    """A font as fontspec and xeCJK take it: a name and the options that locate it."""

    name: str
    options: str = ""
    file: bool = False  # a TeX Live font, by file stem; else a fontconfig family

    def with_bold_of(self, other: ResolvedFont) -> ResolvedFont:
        """This font with ``other``'s bold as its bold face (a 宋体 whose bold is 黑体);
        itself when the two are not found the same way (a file's options would apply to
        the other's name)."""
        if other.file != self.file or other.name == self.name:
            return self
        # The face fontspec itself takes as the other's bold: XeTeX's /B of a family.
        bold = f"{other.name}-Bold" if other.file else f"{other.name}/B"
        kept = [part for part in self.options.split(", ") if part and "BoldFont=" not in part]
        return ResolvedFont(self.name, ", ".join([*kept, f"BoldFont={{{bold}}}"]), self.file)


def _font_folders() -> list[Path]:
    """Where fontconfig looks for fonts and keeps its caches, on Debian and most Linuxes."""
    home = Path.home()
    data = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    cache_home = Path(os.environ.get("XDG_CACHE_HOME") or home / ".cache")
    return [
        Path("/etc/fonts"),
        Path("/etc/fonts/conf.d"),
        Path("/var/cache/fontconfig"),
        cache_home / "fontconfig",
        Path("/usr/share/fonts"),
        Path("/usr/local/share/fonts"),
        data / "fonts",
        home / ".fonts",
    ]


@cache
def fontconfig_state() -> str:
    """A digest that changes whenever the set of installed fonts can have changed.

    Installing a font package runs fc-cache, which rewrites a file in fontconfig's cache
    folder; a font copied by hand into a font folder changes that folder's time. So the
    times of these folders, and of their subfolders two levels down, are a cheap witness
    (about 20 stat calls) for what ``fc-list`` would say.
    """
    digest = hashlib.sha256()
    for variable in ("FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT"):
        digest.update(f"{variable}={os.environ.get(variable, '')}\n".encode())
    for root in _font_folders():
        for folder in _folders_below(root, depth=2):
            try:
                digest.update(f"{folder} {folder.stat().st_mtime_ns}\n".encode())
            except OSError:
                digest.update(f"{folder} -\n".encode())
    return digest.hexdigest()


def _folders_below(root: Path, depth: int) -> list[Path]:
    found = [root]
    if depth > 0:
        try:
            children = sorted(entry.path for entry in os.scandir(root) if entry.is_dir())
        except OSError:
            return found
        for child in children:
            found.extend(_folders_below(Path(child), depth - 1))
    return found


@cache
def installed_families() -> frozenset[str]:
    """Font families fontconfig knows; from the user cache while the fonts stay the same."""
    state = fontconfig_state()
    cached = cachefiles.read_json(cachefiles.user_folder() / FONTS_CACHE)
    if isinstance(cached, dict) and cached.get("state") == state:
        return frozenset(cached.get("families", []))
    families = _list_families()
    if families:  # an empty answer may be a broken fontconfig: ask again next time
        cachefiles.write_json(
            cachefiles.user_folder() / FONTS_CACHE, {"state": state, "families": sorted(families)}
        )
    return families


def _list_families() -> frozenset[str]:
    if not shutil.which("fc-list"):
        return frozenset()
    listing = subprocess.run(
        ["fc-list", ":", "family"], capture_output=True, text=True, check=False
    ).stdout
    return frozenset(family.strip() for line in listing.splitlines() for family in line.split(","))


@cache
def in_tex_tree(file_name: str) -> bool:
    if not shutil.which("kpsewhich"):
        return False
    found = subprocess.run(["kpsewhich", file_name], capture_output=True, text=True, check=False)
    return bool(found.stdout.strip())


def resolve(choices: list[FontChoice]) -> ResolvedFont | None:
    """The first of ``choices`` that is installed, or None."""
    for choice in choices:
        if choice.family and choice.family in installed_families():
            return ResolvedFont(choice.family)
        # TeX Live's own fonts (Fandol) are not known to fontconfig: fontspec loads them
        # by file name from the TeX tree.
        if choice.file and in_tex_tree(f"{choice.file}-Regular.otf"):
            return ResolvedFont(
                choice.file, "Extension=.otf, UprightFont=*-Regular, BoldFont=*-Bold", file=True
            )
    return None


@cache
def regular_face(font: ResolvedFont) -> tuple[Path, int] | None:
    """The file of the font's regular face, and its index in a collection (.ttc): a
    fontconfig family's as fc-match finds it, a TeX Live font's from the TeX tree."""
    if font.file:
        if not shutil.which("kpsewhich"):
            return None
        found = subprocess.run(
            ["kpsewhich", f"{font.name}-Regular.otf"], capture_output=True, text=True, check=False
        ).stdout.strip()
        return (Path(found), 0) if found else None
    if not shutil.which("fc-match"):
        return None
    # In a fontconfig pattern "-" starts a size and ":" and "," separate: escaped.
    pattern = "".join("\\" + ch if ch in "-:,\\" else ch for ch in font.name)
    answer = subprocess.run(
        ["fc-match", "--format=%{family}|%{index}|%{file}", f"{pattern}:style=Regular"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    families, _, rest = answer.partition("|")
    index, _, file = rest.partition("|")
    # fc-match always answers with some font: only the family asked for will do.
    if font.name not in (name.strip() for name in families.split(",")) or not file:
        return None
    return Path(file), int(index or 0)


def describe(choices: list[FontChoice]) -> str:
    return " or ".join(choice.family or f"{choice.file} (TeX Live)" for choice in choices)


def families_with(char: str) -> list[str]:
    """The installed font families (fontconfig's) that have a glyph for ``char``."""
    return families_with_all(char)


@dataclass(frozen=True)
class Charset:
    """The characters a font has, as fontconfig writes them: sorted ranges of code points."""

    ranges: tuple[tuple[int, int], ...] = ()

    @classmethod
    def parse(cls, text: str) -> Charset:
        ranges = []
        for part in text.split():
            low, _, high = part.partition("-")
            ranges.append((int(low, 16), int(high or low, 16)))
        return cls(tuple(sorted(ranges)))

    def __str__(self) -> str:
        return " ".join(f"{lo:x}" if lo == hi else f"{lo:x}-{hi:x}" for lo, hi in self.ranges)

    def __contains__(self, char: object) -> bool:
        if not isinstance(char, str) or len(char) != 1:
            return False
        code = ord(char)
        index = bisect.bisect_right(self.ranges, (code, 0x10FFFF)) - 1
        return index >= 0 and self.ranges[index][0] <= code <= self.ranges[index][1]

    def covers(self, chars: Iterable[str]) -> bool:
        return all(char in self for char in chars)

    def missing(self, chars: Iterable[str]) -> set[str]:
        return {char for char in chars if char not in self}

    @classmethod
    def common(cls, charsets: list[Charset]) -> Charset:
        """The characters every one of ``charsets`` has."""
        if not charsets:
            return cls()
        codes = set(_codes(charsets[0]))
        for other in charsets[1:]:
            codes &= set(_codes(other))
        return cls(_ranges(sorted(codes)))


def _codes(charset: Charset) -> Iterable[int]:
    for low, high in charset.ranges:
        yield from range(low, high + 1)


def _ranges(codes: list[int]) -> tuple[tuple[int, int], ...]:
    ranges: list[tuple[int, int]] = []
    for code in codes:
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1] = (ranges[-1][0], code)
        else:
            ranges.append((code, code))
    return tuple(ranges)


@cache
def _known_charsets() -> dict[str, str]:
    """The charsets looked up before, from the user cache while the fonts stay the same."""
    cached = cachefiles.read_json(cachefiles.user_folder() / CHARSETS_CACHE)
    if isinstance(cached, dict) and cached.get("state") == fontconfig_state():
        charsets = cached.get("charsets")
        if isinstance(charsets, dict):
            return {str(family): str(text) for family, text in charsets.items()}
    return {}


@cache
def charset(family: str) -> Charset:
    """What every text face (regular, bold, italic) of an installed family has; empty for
    a family that is not installed. Learnt from fontconfig once per user, like the list of
    families, since a family's faces take ~10 ms to ask for."""
    known = _known_charsets()
    if family in known:
        return Charset.parse(known[family])
    found = _ask_charset(family)
    if family in installed_families():  # an answer worth keeping
        known[family] = str(found)
        cachefiles.write_json(
            cachefiles.user_folder() / CHARSETS_CACHE,
            {"state": fontconfig_state(), "charsets": known},
        )
    return found


def _ask_charset(family: str) -> Charset:
    if not shutil.which("fc-list") or family not in installed_families():
        return Charset()
    # In a fontconfig pattern "-" starts a size and ":" and "," separate: escaped.
    pattern = "".join("\\" + ch if ch in "-:,\\" else ch for ch in family)
    listing = subprocess.run(
        ["fc-list", pattern, "--format=%{style[0]}|%{charset}\n"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    faces = [line.partition("|") for line in listing.splitlines() if "|" in line]
    text_faces = [Charset.parse(ranges) for style, _, ranges in faces if style in _TEXT_STYLES]
    if not text_faces and faces:  # a family of other styles only: its first face speaks
        text_faces = [Charset.parse(faces[0][2])]
    return Charset.common(text_faces)


@cache
def package_installed(package: str) -> bool:
    """Whether the Debian package is installed (False where dpkg is not the package tool)."""
    if not shutil.which("dpkg-query"):
        return False
    status = subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True, check=False
    ).stdout
    return "ok installed" in status


def families_with_all(chars: Iterable[str]) -> list[str]:
    """Installed font families (fontconfig's first names) that have every one of ``chars``."""
    codes = sorted({ord(char) for char in chars})
    if not codes or not shutil.which("fc-list"):
        return []
    listing = subprocess.run(
        ["fc-list", f":charset={' '.join(f'{code:x}' for code in codes)}", "family"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    # A family line may list several names ("DejaVu Sans,DejaVu Sans Condensed"): the first
    # is the one fontspec finds it by.
    return sorted({line.split(",")[0].strip() for line in listing.splitlines() if line.strip()})

"""Find the fonts a language asks for among those installed on this machine."""

from __future__ import annotations

import bisect
import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from .. import cachefiles, system
from .tools import output

FONTS_CACHE = "fonts.json"
CHARSETS_CACHE = "charsets.json"
FACES_CACHE = "faces.json"
# The faces a family's text may be set in (fontconfig's style names for them): a font
# covers a character when each of these faces it has draws it.
_TEXT_STYLES = frozenset(
    ("Regular", "Book", "Roman", "Bold", "Italic", "Oblique", "Bold Italic", "Bold Oblique")
)


FAUX_BOLD = "FakeBold=2"  # XeTeX's emboldening, for a family with no bold face


@dataclass(frozen=True)
class ResolvedFont:
    """A font as fontspec and xeCJK take it: a name and the options that locate it."""

    name: str
    options: str = ""
    file: bool = False  # a TeX Live font, by file name; else a fontconfig family
    extension: str = ""  # a file's: .otf or .ttf
    # How another font's BoldFont names this one's bold face ("Noto Sans CJK SC/B",
    # "HiraKakuProN-W6", "FandolHei-Bold"); "" when it has none and is emboldened.
    bold: str = ""
    upright: str = ""  # its upright face, named as BoldFont would name it

    regular_file: str = ""  # where the regular face is ("" : ask fontconfig), and its
    regular_index: int = 0  # index in a collection (.ttc)
    found_by: str = ""  # how it was found, for `cvtex doctor` and `build -v`
    weights: tuple[tuple[str, str], ...] = ()  # other weights: (Light, Roboto-Light)

    def with_bold_of(self, other: ResolvedFont) -> ResolvedFont:
        """This font with ``other``'s bold as its bold face (a 宋体 whose bold is 黑体), or,
        when ``other`` has no bold face, ``other`` emboldened (SimHei, as Word does).
        Itself when ``other`` cannot be named from its options: a fontconfig family from a
        font found by file name (its Extension would be added to the family's name)."""
        if other.name == self.name and other.file == self.file:
            return self
        if self.file and (not other.file or other.extension != self.extension):
            return self
        # A file's face named from a fontconfig family: with its extension, which tells
        # fontspec it is a file.
        suffix = other.extension if other.file and not self.file else ""
        if other.bold:
            bold = [f"BoldFont={{{other.bold}{suffix}}}"]
        elif other.upright:
            bold = [f"BoldFont={{{other.upright}{suffix}}}", f"BoldFeatures={{{FAUX_BOLD}}}"]
        else:
            return self
        kept = [
            part
            for part in self.options.split(", ")
            if part and not part.startswith(("BoldFont=", "BoldFeatures="))
        ]
        return replace(self, options=", ".join([*kept, *bold]))

    def face(self, name: str) -> ResolvedFont | None:
        """Another weight of the family (Light, Medium), as a font of its own; None if the
        family has no such face."""
        face = dict(self.weights).get(name)
        if not face:
            return None
        if self.file:
            return ResolvedFont(face, f"Extension={self.extension}", True, self.extension)
        return ResolvedFont(face)


def _font_folders() -> list[Path]:
    """Where fontconfig looks for fonts and keeps its caches: on Linux, and the system's own
    font folders on macOS and Windows (a folder that does not exist costs one stat)."""
    home = Path.home()
    data = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    cache_home = Path(os.environ.get("XDG_CACHE_HOME") or home / ".cache")
    windows = Path(os.environ.get("WINDIR") or "C:/Windows")
    local = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    return [
        Path("/Library/Fonts"),
        Path("/System/Library/Fonts"),
        home / "Library" / "Fonts",
        windows / "Fonts",
        local / "Microsoft" / "Windows" / "Fonts",
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
    listing = output(["fc-list", ":", "family"])
    return frozenset(family.strip() for line in listing.splitlines() for family in line.split(","))


@dataclass(frozen=True)
class Face:
    """One face of a fontconfig family, as fc-list describes it."""

    style: str  # its first style name: Regular, Bold, W3, Semibold
    weight: int  # fontconfig's scale: 50 light, 80 regular, 100 medium, 180 semibold, 200 bold
    slant: int  # 0 upright; 100 italic, 110 oblique
    postscript: str  # the name XeLaTeX finds this one face by
    file: str
    index: int  # in a collection (.ttc)


@cache
def family_faces(family: str) -> tuple[Face, ...]:
    """The faces fontconfig has of ``family``; from the user cache while the fonts stay the
    same (a family's faces take ~10 ms to ask for)."""
    cache_file = cachefiles.user_folder() / FACES_CACHE
    cached = cachefiles.read_json(cache_file)
    if not isinstance(cached, dict) or cached.get("state") != fontconfig_state():
        cached = {"state": fontconfig_state()}
    known = cached.get(family)
    if isinstance(known, list):
        try:
            return tuple(Face(*face) for face in known)
        except TypeError:
            pass
    faces = _ask_faces(family)
    if faces:
        cached[family] = [list(vars(face).values()) for face in faces]
        cachefiles.write_json(cache_file, cached)
    return faces


def _ask_faces(family: str) -> tuple[Face, ...]:
    if family not in installed_families():
        return ()
    listing = output(
        [
            "fc-list",
            _pattern(family),
            "--format=%{style[0]}|%{weight}|%{slant}|%{postscriptname}|%{index}|%{file}\n",
        ]
    )
    faces = []
    for line in sorted(listing.splitlines()):
        parts = line.split("|", 5)
        if len(parts) == 6:
            style, weight, slant, postscript, index, file = parts
            faces.append(
                Face(style, _number(weight), _number(slant), postscript, file, _number(index))
            )
    return tuple(faces)


def _number(text: str) -> int:
    """fontconfig's number, or the lower end of a range ("[50 200]" for a variable font)."""
    try:
        return int(float(text.strip("[]").split()[0]))
    except (ValueError, IndexError):
        return 0


def _pattern(family: str) -> str:
    """A family name as a fontconfig pattern: "-" starts a size, ":" and "," separate."""
    return "".join("\\" + ch if ch in "-:,\\" else ch for ch in family)


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
    # Kept only when fontconfig answered: a family it lists has characters, and an empty
    # answer (fc-list missing from this PATH) must not stand for the family later.
    if found.ranges and family in installed_families():
        known[family] = str(found)
        cachefiles.write_json(
            cachefiles.user_folder() / CHARSETS_CACHE,
            {"state": fontconfig_state(), "charsets": known},
        )
    return found


@cache
def file_charset(path: str) -> Charset:
    """What a font file found by name (a TeX Live font) has: its first face's characters,
    as fc-query reads them (no fontconfig set-up needed); learnt once, like a family's."""
    known = _known_charsets()
    key = f"file:{path}"
    if key in known:
        return Charset.parse(known[key])
    answer = output(["fc-query", "--index=0", "--format=%{charset}", path])
    found = Charset.parse(answer)
    if found.ranges:
        known[key] = str(found)
        cachefiles.write_json(
            cachefiles.user_folder() / CHARSETS_CACHE,
            {"state": fontconfig_state(), "charsets": known},
        )
    return found


def _ask_charset(family: str) -> Charset:
    if family not in installed_families():
        return Charset()
    listing = output(["fc-list", _pattern(family), "--format=%{style[0]}|%{charset}\n"])
    faces = [line.partition("|") for line in listing.splitlines() if "|" in line]
    text_faces = [Charset.parse(ranges) for style, _, ranges in faces if style in _TEXT_STYLES]
    if not text_faces and faces:  # a family of other styles only: its first face speaks
        text_faces = [Charset.parse(faces[0][2])]
    return Charset.common(text_faces)


@cache
def package_installed(package: str) -> bool:
    """Whether the Debian package is installed (False where dpkg is not the package tool)."""
    if system.current() != "debian":
        return False
    status = output(["dpkg-query", "-W", "-f=${Status}", package])
    return "ok installed" in status


def families_with_all(chars: Iterable[str]) -> list[str]:
    """Installed font families (fontconfig's first names) that have every one of ``chars``."""
    codes = sorted({ord(char) for char in chars})
    if not codes:
        return []
    listing = output(["fc-list", f":charset={' '.join(f'{code:x}' for code in codes)}", "family"])
    # A family line may list several names ("DejaVu Sans,DejaVu Sans Condensed"): the first
    # is the one fontspec finds it by.
    return sorted({line.split(",")[0].strip() for line in listing.splitlines() if line.strip()})


def forget() -> None:
    """Forget what this process learnt of the installed fonts (see fontchoice.forget)."""
    for cached in (
        fontconfig_state,
        installed_families,
        family_faces,
        charset,
        file_charset,
        _known_charsets,
    ):
        cached.cache_clear()

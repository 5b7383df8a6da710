"""Find the fonts a language asks for among those installed on this machine."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from . import cachefiles

if TYPE_CHECKING:  # only a type here: importing the models would load pydantic
    from .model import FontChoice

FONTS_CACHE = "fonts.json"
# Han (with its extensions and compatibility forms), kana, Hangul, CJK symbols and
# punctuation, full-width forms: characters no Latin font of a theme has.
_CJK = re.compile(
    "[\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\U00020000-\U0003134f]"
)


@dataclass(frozen=True)
class ResolvedFont:
    """A font as fontspec and xeCJK take it: a name and the options that locate it."""

    name: str
    options: str = ""


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
                choice.file, "Extension=.otf, UprightFont=*-Regular, BoldFont=*-Bold"
            )
    return None


def describe(choices: list[FontChoice]) -> str:
    return " or ".join(choice.family or f"{choice.file} (TeX Live)" for choice in choices)


def families_with(char: str) -> list[str]:
    """The installed font families (fontconfig's) that have a glyph for ``char``."""
    if not shutil.which("fc-list"):
        return []
    listing = subprocess.run(
        ["fc-list", f":charset={ord(char):x}", "family"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    # A family line may list several names ("DejaVu Sans,DejaVu Sans Condensed"): the first
    # is the one fontspec finds it by.
    return sorted({line.split(",")[0].strip() for line in listing.splitlines() if line.strip()})


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None

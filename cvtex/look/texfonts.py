"""The fonts TeX Live ships, found in its tree by file name.

A theme's Latin fonts (TeX Gyre Pagella and Heros, Latin Modern, Roboto, Lato, Noto Serif)
and the last CJK fonts of every chain (Fandol) come with TeX Live. Debian also registers
them with fontconfig, MacTeX and MiKTeX do not: asked for by family name, they are found on
Debian only, and XeLaTeX sets Latin Modern instead everywhere else. Asked for by file name,
kpathsea finds them in TeX Live's tree on every system (and, on Debian, in the system's
font folders too, which TeX Live's OSFONTDIR lists), so a theme looks the same everywhere.

A family's faces are its files' usual names: ``texgyrepagella-regular.otf``,
``FandolSong-Bold.otf``, ``Roboto-Light.ttf``; one kpsewhich call finds those a family has,
and the answer is kept in the user cache while the fonts stay the same.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from functools import cache

from .. import cachefiles
from . import textree
from .fonts import fontconfig_state

TEX_FONTS_CACHE = "tex-fonts.json"
# The families TeX Live ships that cvtex's themes and catalogs name, by their file stem
# (the files are <stem>-<face>.<ext>).
SHIPPED = {
    "TeX Gyre Pagella": "texgyrepagella",
    "TeX Gyre Termes": "texgyretermes",
    "TeX Gyre Heros": "texgyreheros",
    "TeX Gyre Bonum": "texgyrebonum",
    "TeX Gyre Schola": "texgyreschola",
    "TeX Gyre Adventor": "texgyreadventor",
    "TeX Gyre Cursor": "texgyrecursor",
    "Latin Modern Roman": "lmroman10",
    "Latin Modern Sans": "lmsans10",
    "Noto Serif": "NotoSerif",
    "Noto Sans": "NotoSans",
    "Roboto": "Roboto",
    "Lato": "Lato",
    "FandolSong": "FandolSong",
    "FandolHei": "FandolHei",
    "FandolKai": "FandolKai",
    "HaranoAjiMincho": "HaranoAjiMincho",
    "HaranoAjiGothic": "HaranoAjiGothic",
    "UnBatang": "UnBatang",
    "UnDotum": "UnDotum",
}
# The faces fontspec takes, and the spellings of each after the stem in file names
# (texgyrepagella-regular, FandolSong-Bold; the Un fonts': UnBatang, UnBatangBold).
FACES = {
    "UprightFont": ("-Regular", "-regular", ""),
    "BoldFont": ("-Bold", "-bold", "Bold"),
    "ItalicFont": ("-Italic", "-italic", "-Oblique", "-oblique"),
    "BoldItalicFont": ("-BoldItalic", "-bolditalic", "-BoldOblique", "-boldoblique"),
}
# Other weights a theme may ask for by name (modern's Light name and Medium titles).
WEIGHTS = ("-Light", "-Medium")
EXTENSIONS = (".otf", ".ttf")


@dataclass(frozen=True)
class TexFamily:
    """A family's files in the TeX tree: fontspec's face keys to file names, by extension."""

    stem: str
    extension: str  # ".otf": every face has it (fontspec's Extension applies to all)
    faces: tuple[tuple[str, str], ...]  # (UprightFont, texgyrepagella-regular), ...
    weights: tuple[tuple[str, str], ...] = ()  # (Light, Roboto-Light), ...
    regular_path: str = ""  # where the regular face is, as kpsewhich found it
    paths: tuple[str, ...] = ()  # where each of ``faces`` is

    def face(self, key: str) -> str:
        return dict(self.faces).get(key, "")


def stem_of(family: str) -> str | None:
    """The file stem of a family TeX Live ships, else None."""
    return SHIPPED.get(family)


def find(stem: str) -> TexFamily | None:
    """The family of files named ``stem-<face>`` in the TeX tree; None without a regular
    face. The faces of one extension only (.otf before .ttf): a family is one format."""
    found = _found_names(stem)
    for extension in EXTENSIONS:
        names = {name.removesuffix(extension): path for name, path in found.items()}
        faces = []
        for key, spellings in FACES.items():
            spelled = next((stem + s for s in spellings if stem + s in names), None)
            if spelled:
                faces.append((key, spelled))
        if not faces or faces[0][0] != "UprightFont":
            continue
        weights = tuple(
            (weight.lstrip("-"), stem + weight) for weight in WEIGHTS if stem + weight in names
        )
        paths = tuple(names[name] for _, name in faces)
        return TexFamily(stem, extension, tuple(faces), weights, paths[0], paths)
    return None


def _candidates(stem: str) -> list[str]:
    spellings = [s for group in FACES.values() for s in group] + list(WEIGHTS)
    return [f"{stem}{s}{ext}" for ext in EXTENSIONS for s in spellings]


@cache
def _found_names(stem: str) -> dict[str, str]:
    """The candidate file names of ``stem`` that kpsewhich finds, with their paths."""
    key = _state()
    cache_file = cachefiles.user_folder() / TEX_FONTS_CACHE
    cached = cachefiles.read_json(cache_file)
    if not isinstance(cached, dict) or cached.get("state") != key:
        cached = {"state": key}
    known = cached.get(stem)
    if isinstance(known, dict) and all(os.path.exists(path) for path in known.values()):
        return {str(name): str(path) for name, path in known.items()}
    found = textree.find(_candidates(stem))
    # Kept once found: a family not found is asked for again, so that one installed with
    # tlmgr (which changes nothing fontconfig sees) is used by the next build.
    if found:
        cachefiles.write_json(cache_file, {**cached, stem: found})
    return found


def _state() -> str:
    """What the answers depend on: the installed fonts (fontconfig's folders, where Debian
    installs TeX Live's too), kpathsea's system font folders, and which kpsewhich asks."""
    kpsewhich = shutil.which("kpsewhich") or ""
    try:
        stamp = os.stat(kpsewhich).st_mtime_ns if kpsewhich else 0
    except OSError:
        stamp = 0
    return f"{fontconfig_state()}|{os.environ.get('OSFONTDIR', '')}|{kpsewhich}|{stamp}"


def forget() -> None:
    _found_names.cache_clear()

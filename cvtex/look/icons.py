"""Icons drawn as vector paths taken from the installed icon font, not set as its text.

An icon set as a character of FontAwesome comes back from every PDF reader as a code of
Unicode's private-use area: text that no parser can read, beside the e-mail address an
applicant-tracking system is looking for. Drawn as the glyph's outline, the icon looks
the same and is no text at all. The outlines are read once from the font file fontconfig
names (outlines.py) and kept in the user cache while the installed fonts stay the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .. import cachefiles
from ..text.texescape import TexCode
from . import textree
from .fonts import family_faces, fontconfig_state
from .outlines import glyph_outlines, number

ICONS_CACHE = "icon-outlines.json"


@dataclass(frozen=True)
class IconGlyph:
    """One icon's outline, in units of the font size, from its origin on the baseline."""

    width: float  # the advance
    height: float  # above the baseline
    depth: float  # below it
    path: str  # PDF path operators

    @property
    def tex(self) -> TexCode:
        """The icon as drawn by the template's ``\\cvglyph{width}{height}{depth}{path}``."""
        numbers = (number(self.width), number(self.height), number(self.depth))
        return TexCode("\\cvglyph" + "".join(f"{{{n}}}" for n in numbers) + f"{{{self.path}}}")


def icon_glyphs(family: str, codes: list[str]) -> dict[str, IconGlyph]:
    """The outline of each code point (hex, as given) the icon font has; a code it lacks is
    left out, and the template draws nothing for it."""
    wanted = sorted({code.upper() for code in codes})
    if not wanted:
        return {}
    cache_file = cachefiles.user_folder() / ICONS_CACHE
    cached = cachefiles.read_json(cache_file)
    key = f"{family}|{fontconfig_state()}"
    known: dict[str, list | None] = {}
    if isinstance(cached, dict) and isinstance(cached.get(key), dict):
        known = cached[key]
    if any(code not in known for code in wanted):
        font_file = font_file_of(family)
        if font_file is None:
            return {}
        known = {**known, **glyph_outlines(font_file, tuple(wanted))}
        cachefiles.write_json(cache_file, {key: known})
    return {code: IconGlyph(*known[code.upper()]) for code in codes if known.get(code.upper())}


@cache
def font_file_of(family: str) -> Path | None:
    """The icon font's file: fontconfig's, else TeX Live's (its fontawesome package has
    FontAwesome.otf, which MacTeX and MiKTeX do not register with the system)."""
    upright = [face for face in family_faces(family) if face.slant == 0]
    if upright:
        return Path(upright[0].file)
    found = textree.find([f"{family}.otf", f"{family}.ttf"])
    return Path(next(iter(found.values()))) if found else None

"""Icons drawn as vector paths taken from the installed icon font, not set as its text.

An icon set as a character of FontAwesome comes back from every PDF reader as a code of
Unicode's private-use area: text that no parser can read, beside the e-mail address an
applicant-tracking system is looking for. Drawn as the glyph's outline, the icon looks
the same and is no text at all. The outlines are read once from the font file fontconfig
names (with fontTools) and kept in the user cache while the installed fonts stay the same.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .. import cachefiles
from ..render.texescape import TexCode
from .fonts import fontconfig_state

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
        numbers = (_number(self.width), _number(self.height), _number(self.depth))
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
        known = {**known, **_outlines(font_file, tuple(wanted))}
        cachefiles.write_json(cache_file, {key: known})
    return {code: IconGlyph(*known[code.upper()]) for code in codes if known.get(code.upper())}


@cache
def font_file_of(family: str) -> Path | None:
    if not shutil.which("fc-match"):
        return None
    answer = subprocess.run(
        ["fc-match", "--format=%{family}|%{file}", family],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    families, _, file = answer.partition("|")
    # fc-match always answers with some font: only the family asked for will do.
    if family not in (name.strip() for name in families.split(",")) or not file:
        return None
    return Path(file)


def _outlines(font_file: Path, codes: tuple[str, ...]) -> dict[str, list | None]:
    # fontTools is imported only here: outlines are read once, then come from the cache.
    from fontTools.pens.basePen import BasePen
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    class PathPen(BasePen):
        """A glyph's contours as PDF path operators, in units of the font size."""

        def __init__(self, glyph_set, units: int) -> None:
            super().__init__(glyph_set)
            self.units = units
            self.operators: list[str] = []

        def _point(self, point: tuple[float, float]) -> str:
            return f"{_number(point[0] / self.units)} {_number(point[1] / self.units)}"

        def _moveTo(self, point):
            self.operators.append(f"{self._point(point)} m")

        def _lineTo(self, point):
            self.operators.append(f"{self._point(point)} l")

        def _curveToOne(self, first, second, end):
            points = " ".join(self._point(p) for p in (first, second, end))
            self.operators.append(f"{points} c")

        def _qCurveToOne(self, control, end):
            # PDF has only cubic curves; a quadratic one is the cubic with these controls.
            x, y = self._getCurrentPoint()
            first = (x + 2 / 3 * (control[0] - x), y + 2 / 3 * (control[1] - y))
            second = (
                end[0] + 2 / 3 * (control[0] - end[0]),
                end[1] + 2 / 3 * (control[1] - end[1]),
            )
            self._curveToOne(first, second, end)

        def _closePath(self):
            self.operators.append("h")

    font = TTFont(str(font_file), lazy=True)
    units = font["head"].unitsPerEm
    glyphs = font.getGlyphSet()
    cmap = font.getBestCmap() or {}
    found: dict[str, list | None] = {}
    for code in codes:
        name = cmap.get(int(code, 16))
        if name is None:
            found[code] = None
            continue
        glyph = glyphs[name]
        pen = PathPen(glyphs, units)
        glyph.draw(pen)
        bounds = BoundsPen(glyphs)
        glyph.draw(bounds)
        _, low, _, high = bounds.bounds or (0, 0, 0, 0)
        found[code] = [
            glyph.width / units,
            max(high, 0) / units,
            max(-low, 0) / units,
            " ".join(pen.operators) + " f",
        ]
    return found


def _number(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text

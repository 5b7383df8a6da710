"""A font's glyphs as PDF paths: what cvtex draws instead of setting as text.

Icons (icons.py) and the page furniture (drawn.py) are drawn as the outlines of their
glyphs, read from the installed font file with fontTools: they look as the font's letters
do, and no PDF reader gives them back as text.
"""

from __future__ import annotations

import logging
from pathlib import Path


def glyph_outlines(
    font_file: Path, codes: tuple[str, ...], index: int = 0
) -> dict[str, list | None]:
    """For each code point (hex) the font has, [advance, height, depth, path]: in units of
    the font size, the path in PDF's operators from the glyph's origin on the baseline,
    filled; None for a code point it lacks. ``index``: the face in a collection (.ttc)."""
    # fontTools is imported only here: outlines are read once, then come from a cache.
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
            return f"{number(point[0] / self.units)} {number(point[1] / self.units)}"

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

    # fontTools logs what it finds odd in a font's tables (a creation date of 0): a font's
    # business, not the user's.
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    font = TTFont(str(font_file), lazy=True, fontNumber=index)
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
            " ".join([*pen.operators, "f"]) if pen.operators else "",
        ]
    return found


def number(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text

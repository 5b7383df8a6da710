"""A font's glyphs as PDF paths: what cvtex draws instead of setting as text.

Icons (icons.py) and the page furniture (drawn.py) are drawn as the outlines of their
glyphs, read from the installed font file with fontTools: they look as the font's letters
do, and no PDF reader gives them back as text.
"""

from __future__ import annotations

import logging
import struct
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
    found: dict[str, list | None] = {}
    if "CFF " in font and (ids := _glyph_ids(font, [int(code, 16) for code in codes])):
        # A CJK font's tables hold 65,000 glyphs: fontTools would read its whole cmap and
        # metrics for a few letters (two thirds of 0.2 s). The letters' own entries are
        # looked up in the tables as they are instead, and their outlines drawn from the
        # CFF charstrings, which hold no components.
        order = font.getGlyphOrder()
        charstrings = font["CFF "].cff.topDictIndex[0].CharStrings
        metrics = font.reader["hmtx"]
        count = font["hhea"].numberOfHMetrics
        drawn = {}
        for code in codes:
            glyph_id = ids.get(int(code, 16), 0)
            if glyph_id == 0 or glyph_id >= len(order):
                found[code] = None
                continue
            (advance,) = struct.unpack_from(">H", metrics, 4 * min(glyph_id, count - 1))
            drawn[code] = advance, charstrings[order[glyph_id]]
    else:
        glyphs = font.getGlyphSet()
        cmap = font.getBestCmap() or {}
        drawn = {}
        for code in codes:
            name = cmap.get(int(code, 16))
            if name is None:
                found[code] = None
            else:
                drawn[code] = glyphs[name].width, glyphs[name]
        charstrings = glyphs
    for code, (advance, glyph) in drawn.items():
        pen = PathPen(charstrings, units)
        glyph.draw(pen)
        bounds = BoundsPen(charstrings)
        glyph.draw(bounds)
        _, low, _, high = bounds.bounds or (0, 0, 0, 0)
        found[code] = [
            advance / units,
            max(high, 0) / units,
            max(-low, 0) / units,
            " ".join([*pen.operators, "f"]) if pen.operators else "",
        ]
    return {code: found[code] for code in codes}


# The cmap subtables read as they are, in fontTools' order of preference (getBestCmap):
# Unicode's full repertoire first, then its basic plane.
_CMAPS = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


def _glyph_ids(font, codes: list[int]) -> dict[int, int] | None:
    """Each code point's glyph (0: none) from the font's preferred Unicode cmap, read in
    place; None when that subtable is of a format other than 4 or 12 (fontTools reads it)."""
    data = font.reader["cmap"]
    count = struct.unpack_from(">H", data, 2)[0]
    records = {}
    for record in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, 4 + 8 * record)
        records.setdefault((platform, encoding), offset)
    offset = next((records[key] for key in _CMAPS if key in records), None)
    if offset is None:
        return None
    kind = struct.unpack_from(">H", data, offset)[0]
    if kind == 12:
        return {code: _format_12(data, offset, code) for code in codes}
    if kind == 4:
        return {code: _format_4(data, offset, code) for code in codes}
    return None


def _format_12(data: bytes, offset: int, code: int) -> int:
    groups = struct.unpack_from(">I", data, offset + 12)[0]
    low, high = 0, groups
    while low < high:  # the first group that ends at or after the code
        middle = (low + high) // 2
        if struct.unpack_from(">I", data, offset + 16 + 12 * middle + 4)[0] < code:
            low = middle + 1
        else:
            high = middle
    if low == groups:
        return 0
    start, _, glyph = struct.unpack_from(">III", data, offset + 16 + 12 * low)
    return glyph + code - start if code >= start else 0


def _format_4(data: bytes, offset: int, code: int) -> int:
    if code > 0xFFFF:
        return 0
    segments = struct.unpack_from(">H", data, offset + 6)[0] // 2
    ends = offset + 14
    starts = ends + 2 * segments + 2
    deltas = starts + 2 * segments
    range_offsets = deltas + 2 * segments
    low, high = 0, segments
    while low < high:
        middle = (low + high) // 2
        if struct.unpack_from(">H", data, ends + 2 * middle)[0] < code:
            low = middle + 1
        else:
            high = middle
    if low == segments:
        return 0
    start = struct.unpack_from(">H", data, starts + 2 * low)[0]
    if code < start:
        return 0
    delta = struct.unpack_from(">h", data, deltas + 2 * low)[0]
    where = range_offsets + 2 * low
    range_offset = struct.unpack_from(">H", data, where)[0]
    if range_offset == 0:
        return (code + delta) & 0xFFFF
    glyph = struct.unpack_from(">H", data, where + range_offset + 2 * (code - start))[0]
    return (glyph + delta) & 0xFFFF if glyph else 0


def number(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text

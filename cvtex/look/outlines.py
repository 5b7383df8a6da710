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
    glyph_set = None  # what a glyph's components are looked up in: a CFF glyph has none
    read = _read_in_place(font, codes) if "CFF " in font else None
    if read is not None:
        found, drawn = read
    else:
        glyph_set = font.getGlyphSet()
        cmap = font.getBestCmap() or {}
        found, drawn = {}, {}
        for code in codes:
            name = cmap.get(int(code, 16))
            if name is None:
                found[code] = None
            else:
                drawn[code] = glyph_set[name].width, glyph_set[name]
    for code, (advance, glyph) in drawn.items():
        pen = PathPen(glyph_set, units)
        glyph.draw(pen)
        bounds = BoundsPen(glyph_set)
        glyph.draw(bounds)
        _, low, _, high = bounds.bounds or (0, 0, 0, 0)
        found[code] = [
            advance / units,
            max(high, 0) / units,
            max(-low, 0) / units,
            " ".join([*pen.operators, "f"]) if pen.operators else "",
        ]
    return {code: found[code] for code in codes}


def _read_in_place(font, codes: tuple[str, ...]) -> tuple[dict, dict] | None:
    """The code points a CFF font lacks (None), and for the others their advance and
    charstring, read from its tables as they are. A CJK font's tables hold 65,000 glyphs:
    fontTools would read its whole cmap, metrics, charset and the offsets of every
    charstring for a few letters (0.14 to 0.21 s). None where a table is not as read here
    expects (fontTools reads the font then)."""
    try:
        ids = _glyph_ids(font, [int(code, 16) for code in codes])
        glyph_of = _charstrings(font.reader["CFF "]) if ids else None
        if not ids or not glyph_of:
            return None
        metrics = font.reader["hmtx"]
        count = font["hhea"].numberOfHMetrics
        found: dict[str, list | None] = {}
        drawn = {}
        for code in codes:
            glyph_id = ids.get(int(code, 16), 0)
            glyph = glyph_of(glyph_id) if glyph_id else None
            if glyph is None:
                found[code] = None
                continue
            (advance,) = struct.unpack_from(">H", metrics, 4 * min(glyph_id, count - 1))
            drawn[code] = advance, glyph
    except (KeyError, IndexError, ValueError, struct.error):
        return None
    return found, drawn


def _charstrings(data: bytes):
    """A CFF table's glyph by glyph id (None past the last), read as it is: only the INDEX
    entries a glyph's outline needs, its charstring, its font dict's private dict and
    subroutines. None for a font fontTools must read whole (an FDSelect of another
    format than 0 or 3)."""
    from fontTools.cffLib import PrivateDictDecompiler, TopDictDecompiler
    from fontTools.misc.psCharStrings import T2CharString

    def read_dict(decompiler, raw: bytes) -> dict:
        reader = decompiler(_NoStrings())
        reader.decompile(raw)
        return reader.getDict()

    top_index = _Index(data, data[2]).end  # after the header and the Name INDEX
    top = read_dict(TopDictDecompiler, _Index(data, top_index).raw(0))
    global_subrs = _Index(data, _Index(data, _Index(data, top_index).end).end)
    glyphs = _Index(data, top["CharStrings"])
    privates: dict[int, object] = {}

    def private(font_dict: dict) -> object:
        size, at = font_dict.get("Private", (0, 0))
        if at not in privates:
            values = read_dict(PrivateDictDecompiler, data[at : at + size]) if size else {}
            found = _Private(values.get("defaultWidthX", 0), values.get("nominalWidthX", 0))
            if "Subrs" in values:
                found.Subrs = _Index(data, at + values["Subrs"], found, global_subrs)
            privates[at] = found
        return privates[at]

    if "FDArray" in top:
        fonts = _Index(data, top["FDArray"])
        select = top["FDSelect"]
        if data[select] not in (0, 3):
            return None

        def private_of(glyph_id: int) -> object:
            font_dict = read_dict(TopDictDecompiler, fonts.raw(_fd_of(data, select, glyph_id)))
            return private(font_dict)

    else:

        def private_of(glyph_id: int) -> object:
            return private(top)

    global_subrs.global_subrs = global_subrs  # a global subroutine may call another

    def glyph(glyph_id: int) -> T2CharString | None:
        if glyph_id >= len(glyphs):
            return None
        return T2CharString(
            glyphs.raw(glyph_id), private=private_of(glyph_id), globalSubrs=global_subrs
        )

    return glyph


class _NoStrings:
    """A CFF dict's string ids read as nothing: no name in them is needed here."""

    def __getitem__(self, sid: int) -> str:
        return ""


class _Private:
    """What fontTools' charstring interpreter asks of a private dict."""

    def __init__(self, default_width: float, nominal_width: float) -> None:
        self.defaultWidthX, self.nominalWidthX = default_width, nominal_width
        self.Subrs: _Index | list = []


class _Index:
    """A CFF INDEX read in place: its item ``n`` from its offsets ``n`` and ``n + 1``, not
    from a list of them all (65,000 charstrings); subroutines made once each."""

    def __init__(self, data: bytes, at: int, private: object = None, global_subrs=None) -> None:
        self.data, self.private, self.global_subrs = data, private, global_subrs
        self.count = int.from_bytes(data[at : at + 2], "big")
        self.size = data[at + 2] if self.count else 0
        self.offsets = at + 3
        self.base = self.offsets + (self.count + 1) * self.size - 1
        self.end = self.base + self._offset(self.count) if self.count else at + 2
        self.made: dict[int, object] = {}

    def _offset(self, index: int) -> int:
        at = self.offsets + index * self.size
        return int.from_bytes(self.data[at : at + self.size], "big")

    def raw(self, index: int) -> bytes:
        return self.data[self.base + self._offset(index) : self.base + self._offset(index + 1)]

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index: int) -> object:  # a subroutine, as the interpreter asks
        if index not in self.made:
            from fontTools.misc.psCharStrings import T2CharString

            raw = self.raw(index)
            self.made[index] = T2CharString(
                raw, private=self.private, globalSubrs=self.global_subrs
            )
        return self.made[index]


def _fd_of(data: bytes, at: int, glyph_id: int) -> int:
    """The font dict of a glyph, from an FDSelect of format 0 or 3."""
    if data[at] == 0:
        return data[at + 1 + glyph_id]
    ranges = int.from_bytes(data[at + 1 : at + 3], "big")
    low, high = 0, ranges - 1
    while low < high:  # the last range that starts at or before the glyph
        middle = (low + high + 1) // 2
        if int.from_bytes(data[at + 3 + 3 * middle : at + 5 + 3 * middle], "big") <= glyph_id:
            low = middle
        else:
            high = middle - 1
    return data[at + 5 + 3 * low]


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

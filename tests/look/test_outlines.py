"""A font's glyphs as PDF paths (look/outlines.py): a CFF font's cmap and metrics are read in
place, for the few letters asked, and must give what fontTools gives reading them whole."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest
from fontTools.pens.basePen import BasePen
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

from cvtex.look.outlines import glyph_outlines


def font_face(family: str) -> tuple[Path, int]:
    """The file and face fontconfig gives for ``family`` (skipped where it is not installed:
    Debian's fonts-noto-cjk and TeX Live's TeX Gyre, which make test-system-deps installs)."""
    found = subprocess.run(
        ["fc-match", "-f", "%{family}\t%{file}\t%{index}", family],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\t")
    if family.split(":")[0] not in found[0].split(","):
        pytest.skip(f"{family} is not installed")
    return Path(found[1]), int(found[2])


class Points(BasePen):
    """A glyph's points in drawing order, in units of the font size, as the path's are."""

    def __init__(self, glyphs, units: int) -> None:
        super().__init__(glyphs)
        self.units, self.points = units, []

    def _add(self, *points):
        self.points += [round(value / self.units, 4) for point in points for value in point]

    def _moveTo(self, point):
        self._add(point)

    def _lineTo(self, point):
        self._add(point)

    def _curveToOne(self, *points):
        self._add(*points)

    def _closePath(self):
        pass


def read_whole(file: Path, codes: list[str], index: int) -> dict[str, list | None]:
    """What fontTools reads of each code point with its whole cmap and metrics: advance,
    height and depth, and the path's points, in units of the font size."""
    font = TTFont(str(file), fontNumber=index, lazy=True)
    units = font["head"].unitsPerEm
    glyphs, cmap = font.getGlyphSet(), font.getBestCmap()
    found: dict[str, list | None] = {}
    for code in codes:
        name = cmap.get(int(code, 16))
        if name is None:
            found[code] = None
            continue
        pen, bounds = Points(glyphs, units), BoundsPen(glyphs)
        glyphs[name].draw(pen)
        glyphs[name].draw(bounds)
        _, low, _, high = bounds.bounds or (0, 0, 0, 0)
        height, depth = max(high, 0) / units, max(-low, 0) / units
        found[code] = [glyphs[name].width / units, height, depth, pen.points]
    return found


def as_read(outline: list) -> list:
    """glyph_outlines' [advance, height, depth, path] with the path's numbers alone, as
    read_whole gives them."""
    *metrics, path = outline
    numbers = [float(part) for part in path.split() if part not in {"m", "l", "c", "h", "f"}]
    return [*metrics, numbers]


@pytest.mark.parametrize(
    "family",
    [
        "Noto Serif CJK SC",  # a collection's face, its cmap of format 12
        "Noto Sans CJK JP:bold",
        "TeX Gyre Pagella",  # a Latin OpenType font, its cmap of format 4
    ],
)
def test_the_letters_tables_read_in_place_are_what_fonttools_reads(family):
    file, index = font_face(family)
    assert "CFF " in TTFont(str(file), fontNumber=index, lazy=True)
    random.seed(family)
    wanted = {0x41, 0x67, 0x31, 0x2F, 0x20, 0x674E, 0x9875, 0xAC00, 0x3042, 0x1F600, 0xFFFF}
    wanted |= {random.randrange(0x20, 0x30000) for _ in range(200)}
    codes = [f"{code:04X}" for code in sorted(wanted)]
    got = glyph_outlines(file, tuple(codes), index)
    whole = read_whole(file, codes, index)
    assert sum(whole[code] is not None for code in codes) > 5
    for code in codes:
        if whole[code] is None:
            assert got[code] is None, code
            continue
        assert as_read(got[code]) == whole[code], code


def test_a_table_not_as_expected_is_read_by_fonttools(monkeypatch):
    """A CFF table the in-place reader cannot follow: the font is read whole, as before."""
    import struct

    from cvtex.look import outlines

    def unreadable(data):
        raise struct.error("unpack requires a buffer of 2 bytes")

    file, index = font_face("Noto Serif CJK SC")
    codes = ["674E", "0041", "E000"]
    monkeypatch.setattr(outlines, "_charstrings", unreadable)
    got = glyph_outlines(file, tuple(codes), index)
    whole = read_whole(file, codes, index)
    assert [code for code in codes if got[code] is None] == ["E000"]
    for code in ("674E", "0041"):
        assert as_read(got[code]) == whole[code], code

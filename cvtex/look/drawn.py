"""The page furniture drawn, not set: the running name and the page number as the outlines
of their letters.

A text that stands on every page, set as text, is read by every PDF reader on every page:
between the last line of one page and the first of the next, that is, in the middle of a
paragraph that runs over the page break ("... to DNNs Jin Fang 2 / 3 previously ...").
Where a page puts it (head or foot, first or last in the page's content) only chooses which
readers meet it there: pdftotext and pdfminer read by position, PyMuPDF and PDFium in the
order of the content. Drawn as outlines, as the icons are (icons.py), it is no text at all
for any of them, and looks the same on paper (docs/ats.md).

Each letter is drawn where TeX sets it in the current font, so that kerning and xeCJK's
spacing are TeX's; the outline comes from the regular face of the family's font file
(the Latin font, or the CJK font for a CJK character), read once with fontTools and kept in
the user cache. A name or a page number with a letter no font file gives (a font that is
not installed, a script the Latin font lacks) is set as text instead, through the escape
path, hidden by an ActualText of one space from most readers (pdftotext, PyMuPDF, PDFium;
not pdfminer).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import cachefiles
from ..text.scripts import CJK, script_of
from ..text.texescape import TexCode, to_tex
from .fontchoice import regular_face
from .fonts import ResolvedFont, fontconfig_state
from .outlines import glyph_outlines, number

if TYPE_CHECKING:
    from .settings import FontSet

DRAWN_CACHE = "drawn-outlines.json"
# The NFSS family of the text around a drawn letter (\rmfamily or \sffamily), and the font
# roles of the font plan its Latin and CJK letters come from.
FAMILIES = {"rm": ("serif", "cjk_serif"), "sf": ("sans", "cjk_sans")}
DIGITS = "0123456789"


@dataclass(frozen=True)
class DrawnGlyph:
    family: str  # "rm" or "sf"
    code: int  # the character's code point
    advance: str  # in units of the font size
    path: str  # PDF path operators, from the origin on the baseline, in units of the size

    @property
    def tex(self) -> TexCode:
        """The template's definition of it: ``\\cvdrawglyph{family}{code}{advance}{path}``."""
        parts = (self.family, str(self.code), self.advance, self.path)
        return TexCode("\\cvdrawglyph" + "".join(f"{{{part}}}" for part in parts))


@dataclass(frozen=True)
class Furniture:
    """What a template needs to draw the page furniture."""

    glyphs: tuple[DrawnGlyph, ...]  # every letter of the name, the digits, the pattern's
    name: TexCode | None  # the running name as \cvdrawn takes it; None: not every letter drawn
    page_number: TexCode | None  # the catalog's page number, the page and the total in it
    page_number_text: TexCode  # the same as text, for \cvhidden when it cannot be drawn


def drawn_codes(text: str) -> TexCode:
    """Text as \\cvdrawn takes it: its characters' code points, comma separated (no TeX
    special character has to be escaped, and none can be)."""
    return TexCode(",".join(str(ord(char)) for char in re.sub(r"\s+", " ", text)))


def page_number_codes(pattern: str) -> TexCode:
    """The catalog's ``labels.page_number`` ("{page} / {total}") for \\cvdrawn: the page
    and the total are filled in by TeX, as the digits' code points (\\cvpagecodes,
    \\cvtotalcodes)."""
    parts = []
    for piece in pattern.replace("{page}", "\0p\0").replace("{total}", "\0t\0").split("\0"):
        if piece == "p":
            parts.append("\\cvpagecodes")
        elif piece == "t":
            parts.append("\\cvtotalcodes")
        elif piece:
            parts.append(drawn_codes(piece.replace("{{", "{").replace("}}", "}")))
    return TexCode(",".join(parts))


def furniture(name: str, pattern: str, fonts: FontSet) -> Furniture:
    """The outlines of the letters the furniture draws: the name, the page number's pattern
    and the digits, in each family of the font plan."""
    literal = pattern.format(page="", total="")
    chars = {char for char in name + literal + DIGITS}
    glyphs: list[DrawnGlyph] = []
    for family, (latin_role, cjk_role) in FAMILIES.items():
        latin, cjk = getattr(fonts, latin_role), getattr(fonts, cjk_role)
        by_font: dict[ResolvedFont, list[str]] = {}
        for char in sorted(chars - {" "}):
            font = cjk if cjk is not None and script_of(char) == CJK else latin
            if font is not None:
                by_font.setdefault(font, []).append(char)
        for font, letters in by_font.items():
            outlines = _outlines(font, letters)
            for char in letters:
                if found := outlines.get(f"{ord(char):04X}"):
                    advance, _, _, path = found
                    glyphs.append(DrawnGlyph(family, ord(char), number(advance), path))
    drawn = {
        family: {chr(glyph.code) for glyph in glyphs if glyph.family == family}
        for family in FAMILIES
    }

    def drawable(text: str) -> bool:
        letters = set(text) - {" "}
        return all(letters <= found for found in drawn.values())

    return Furniture(
        tuple(glyphs),
        drawn_codes(name.strip()) if drawable(name) else None,
        page_number_codes(pattern) if drawable(literal + DIGITS) else None,
        _page_number_text(pattern),
    )


def _page_number_text(pattern: str) -> TexCode:
    """The page number as text through the escape path, TeX filling in the numbers (the
    catalog's pattern holds no brace but its placeholders' own: catalog.PagePattern)."""
    parts = pattern.split("{")
    text = to_tex(parts[0])
    for part in parts[1:]:
        field, _, rest = part.partition("}")
        text += "\\number\\value{page}" if field == "page" else "\\cvpages{}"
        text += to_tex(rest)
    return TexCode(text)


def _outlines(font: ResolvedFont, letters: list[str]) -> dict[str, list | None]:
    """The letters' outlines in the font's regular face, from the user cache while the
    installed fonts stay the same."""
    codes = [f"{ord(char):04X}" for char in letters]
    cache_file = cachefiles.user_folder() / DRAWN_CACHE
    cached = cachefiles.read_json(cache_file)
    if not isinstance(cached, dict) or cached.get("state") != fontconfig_state():
        cached = {}
    key = f"{font.name}|{font.file}"
    known = cached.get(key) if isinstance(cached.get(key), dict) else {}
    if any(code not in known for code in codes):
        face = regular_face(font)
        if face is None:
            # Not found now (fontconfig may be caching fonts being installed): asked again
            # next time, not remembered as lacking every letter while the fonts stay.
            return known
        missing = tuple(code for code in codes if code not in known)
        found = glyph_outlines(face[0], missing, face[1])
        known = {**known, **found}
        cachefiles.write_json(cache_file, {**cached, "state": fontconfig_state(), key: known})
    return known

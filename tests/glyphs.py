"""Which characters the fonts of a language's CV can draw, read from the font files.

The fuzz tests draw text from these characters: XeLaTeX can set them in every face a field
may appear in (regular, italic, bold, sans bold). A character outside them is no escaping
question but a missing glyph, which cvtex reports as an error naming it (tested apart).
"""

from __future__ import annotations

import contextlib
import re
import shutil
import subprocess
import zlib
from functools import cache
from pathlib import Path

from fontTools.ttLib import TTFont

from cvtex.language.catalog import load_catalog
from cvtex.look import texfonts
from cvtex.look.fontchoice import resolve
from cvtex.look.fonts import ResolvedFont
from cvtex.look.settings import Settings, language_settings
from cvtex.look.theme import find_theme
from cvtex.profile.load import LoadedProfile
from cvtex.profile.model import Profile
from cvtex.profile.source import SourceMap
from cvtex.resources import DEFAULT_THEME


def default_settings(language: str, theme: str = DEFAULT_THEME) -> Settings:
    """What a profile that sets no design and no fonts gets for ``language``."""
    profile = LoadedProfile(Profile(name="A. Person"), SourceMap(Path("cv.yaml")), ())
    return language_settings(find_theme(theme), load_catalog(language), profile)


# Where xeCJK sets text in the CJK font: ideographs, CJK punctuation, full-width forms
# (those of GB 2312).
CJK_RANGES = ((0x3000, 0x303F), (0x4E00, 0x9FFF), (0xFF01, 0xFF5E))


@cache
def covered(language: str) -> frozenset[str]:
    """Characters every face of the language's fonts has (printable ones and spaces)."""
    fonts = default_settings(language).fonts
    # A language without CJK fonts borrows Chinese's for CJK text (the font plan's choice).
    chinese = load_catalog("zh").fonts
    cjk_serif = fonts.cjk_serif or resolve(chinese.serif)
    cjk_sans = fonts.cjk_sans or resolve(chinese.sans) or cjk_serif
    latin = _every_face(fonts.serif) & _every_face(fonts.sans)
    chars = set(latin)
    if cjk_serif:
        cjk = _every_face(cjk_serif) & _every_face(cjk_sans) & _gb2312()
        chars |= {ch for ch in cjk if any(lo <= ord(ch) <= hi for lo, hi in CJK_RANGES)}
    return frozenset(ch for ch in chars if ch.isprintable() or ch.isspace())


@cache
def _gb2312() -> frozenset[str]:
    """The characters of GB 2312, which Chinese text is written in.

    Rarer ideographs may share a glyph with another code point in the CJK fonts, and then
    pdftotext reads the other one back: a question of text extraction, not of cvtex.
    """
    chars = set()
    for high in range(0xA1, 0xF8):
        for low in range(0xA1, 0xFF):
            with contextlib.suppress(UnicodeDecodeError):
                chars.add(bytes([high, low]).decode("gb2312"))
    return frozenset(chars)


def _every_face(font: ResolvedFont | None) -> frozenset[str]:
    assert font is not None, "the theme's fonts are not installed: run `cvtex doctor`"
    files = _files(font)
    assert files, f"no font file found for {font.name}"
    common = None
    for file in files:
        chars = _charset(file)
        common = chars if common is None else common & chars
    return frozenset(common or ())


def _files(font: ResolvedFont) -> list[str]:
    """The regular, italic, bold and bold italic files of a family (those that exist)."""
    if font.file:  # a TeX Live font found by file name (TeX Gyre, Fandol)
        family = texfonts.find(font.name)
        return list(family.paths) if family else []
    listing = subprocess.run(
        ["fc-list", font.name, "file", "style"], capture_output=True, text=True, check=True
    ).stdout
    files = []
    for line in listing.splitlines():
        file, _, style = line.partition(": :style=")
        if style.split(",")[0] in ("Regular", "Italic", "Bold", "Bold Italic"):
            files.append(file.rstrip(":"))
    return sorted(set(files))


@cache
def _charset(file: str) -> frozenset[str]:
    """The characters of a font file (the first face of a collection does for coverage)."""
    assert shutil.which("fc-query"), "fc-query (fontconfig) is needed"
    ranges = subprocess.run(
        ["fc-query", "--index=0", "--format=%{charset}", file],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    chars = set()
    for part in ranges:
        lo, _, hi = part.partition("-")
        chars.update(chr(code) for code in range(int(lo, 16), int(hi or lo, 16) + 1))
    return frozenset(chars)


# -- which glyph a character got ------------------------------------------------------------
# Debian's Noto CJK fonts are collections whose faces share one glyph set, so pdffonts
# names every region's face NotoSerifCJKjp; the region shows in which glyph a character
# gets: 直, 骨 and 海 are drawn differently in the Japanese, Korean and Chinese faces.


def glyph_ids(pdf: Path) -> dict[str, set[int]]:
    """The glyph ids a PDF uses for each character, read from its ToUnicode maps."""
    found: dict[str, set[int]] = {}
    data = pdf.read_bytes()
    for match in re.finditer(rb"stream\r?\n(.*?)endstream", data, re.S):
        try:
            stream = zlib.decompress(match.group(1)).decode("latin-1")
        except zlib.error:
            continue
        for block in re.findall(r"beginbfchar(.*?)endbfchar", stream, re.S):
            for cid, code in re.findall(r"<([0-9A-F]+)>\s*<([0-9A-F]+)>", block, re.I):
                char = bytes.fromhex(code).decode("utf-16-be")
                found.setdefault(char, set()).add(int(cid, 16))
        for block in re.findall(r"beginbfrange(.*?)endbfrange", stream, re.S):
            ranges = re.findall(r"<([0-9A-F]+)>\s*<([0-9A-F]+)>\s*<([0-9A-F]+)>", block, re.I)
            for first, last, code in ranges:
                for cid in range(int(first, 16), int(last, 16) + 1):
                    char = chr(int(code, 16) + cid - int(first, 16))
                    found.setdefault(char, set()).add(cid)
    return found


@cache
def face_glyph(family: str, char: str, style: str = "Regular") -> int:
    """The glyph id a face's own character map gives ``char``, read from the font file (a
    CJK collection's glyphs are named by their CID: cid27745)."""
    listing = subprocess.run(
        ["fc-list", f"{family}:style={style}", "file", "index"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")[0]
    assert listing, f"{family} {style} is not installed"
    file, _, index = listing.partition(": :index=")
    font = TTFont(file.rstrip(":"), fontNumber=int(index or 0), lazy=True)
    name = font.getBestCmap()[ord(char)]
    return int(name.removeprefix("cid")) if name.startswith("cid") else font.getGlyphID(name)


def uncovered(text: str, language: str) -> set[str]:
    """The characters of ``text`` that reach XeLaTeX and that the language's fonts lack."""
    from cvtex.text.texescape import clean_text

    return set(clean_text(text)) - covered(language) - {" "}


# -- other scripts -------------------------------------------------------------------------
# What the fuzz draws from each script beyond Latin and Chinese: its letters that the fonts
# cvtex falls back to have in every face, for serif and sans text alike (the plan may set a
# field in either). Symbols, emoji and mathematical letters are a realistic handful.
_LETTERS = {
    "greek": [*range(0x0386, 0x038B), 0x038C, *range(0x038E, 0x03A2), *range(0x03A3, 0x03CF)],
    "cyrillic": [*range(0x0401, 0x0460)],
    "arabic": [*range(0x0621, 0x063B), *range(0x0641, 0x064B)],
    "hebrew": [*range(0x05D0, 0x05EB)],
    "devanagari": [*range(0x0905, 0x0915), *range(0x0915, 0x093A)],
    "thai": [*range(0x0E01, 0x0E2F)],
}
# Vowel signs and tone marks, drawn only after a consonant (a syllable HarfBuzz shapes).
MARKS = {
    "devanagari": "ािीुूेैोौं्",
    "thai": "ัิีึืุู่้๊๋",
}
SYMBOLS = {
    "symbols": "✓✗★☆→←⇒∞≈≠≤≥€₹₽™№♠♥♦♣☀☎✉✈⚡",
    "emoji": "😀😂🚀👍🎉🔥💡📚🌍🏆",
    "math": "𝐀𝐁𝑥𝑦𝔘𝔄𝕏𝒜",
}
# Kana and Hangul set by the CJK fonts beside Chinese.
KANA_HANGUL = (
    "あいうえおかきくけこさしすせそアイウエオカキクケコサシスセソ"
    "가나다라마바사아자차카타파하김민준한국어"
)


@cache
def script_letters(script: str) -> str:
    """The characters the fuzz draws for ``script``, all in every face of its fallbacks."""
    from cvtex.text.scripts import SCRIPTS

    known = SCRIPTS[script]
    if script in _LETTERS:
        letters = {chr(code) for code in _LETTERS[script] if chr(code).isalpha()}
        chars = letters | set(MARKS.get(script, ""))
    else:
        chars = set(SYMBOLS[script])
    for fallback in (known.serif[0], known.sans[0]):
        chars &= _every_face(ResolvedFont(fallback.family))
    return "".join(sorted(chars))

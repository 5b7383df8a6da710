"""Writing systems, as fonts see them: which script each character of a text belongs to.

A CV is set in its theme's Latin fonts, and in CJK fonts through xeCJK; every other script
(Greek, Cyrillic, Arabic, ..., symbols and emoji, mathematical letters) needs a font of
its own. This module answers, for any text, which characters belong where, and is used
twice: by the font plan (look/fontplan.py), which chooses a font for each script a CV uses,
and by the escape path (text/texescape.py), which wraps each run of such a script in
``\\cvscript{<script>}{...}`` so that the run is set in the font the plan chose.

Nothing here reads fonts or knows a language: it is Unicode's blocks, narrowed to what
the fonts of Debian's packages cover.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Literal, get_args

# The classes that are not scripts of their own:
LATIN = "latin"  # set in the theme's Latin fonts
CJK = "cjk"  # set by xeCJK in the language's (or borrowed) CJK fonts
COMMON = "common"  # spaces, digits, punctuation: whatever script surrounds them
INHERITED = "inherited"  # combining marks and joiners: the script of the character before
OTHER = "other"  # a letter of a script cvtex has no table entry for: any font that has it


@dataclass(frozen=True)
class Fallback:
    """An installed font that can set a script, and the Latin face it was designed beside.

    Noto's fonts for each script are drawn to match Noto Serif or Noto Sans at the same
    size, so a script font is scaled as its companion would be to match the CV's Latin
    font (x-height to x-height): every script then sits at the same apparent size.
    """

    family: str
    like: str = ""  # the companion; empty: the font itself (it has Latin letters)


@dataclass(frozen=True)
class Script:
    name: str  # as written in \cvscript{name}{...} and in design.fonts.scripts
    title: str
    sample: str  # characters `cvtex doctor` checks the installed fonts with
    serif: tuple[Fallback, ...]  # fonts for text in \rmfamily, in order of preference
    sans: tuple[Fallback, ...]  # fonts for text in \sffamily
    package: str  # the Debian package with those fonts
    otf: str = ""  # fontspec's Script= (OpenType script tag): HarfBuzz shapes for it
    rtl: bool = False  # written right to left: set between \beginR and \endR
    # Shaping reorders its glyphs (Devanagari's vowel signs): the PDF carries the text as
    # written (ActualText), so that copying a name returns it in its logical order.
    actual_text: bool = False
    # Written without spaces between words (Thai): ICU finds the line breaks.
    line_break_locale: str = ""


def _noto(title: str, otf: str = "", **kwargs: object) -> Script:
    """A script Noto has a serif and a sans font for, both in fonts-noto-core."""
    sample = str(kwargs.pop("sample"))
    return Script(
        name=title.lower(),
        title=title,
        sample=sample,
        serif=(Fallback(f"Noto Serif {title}", "Noto Serif"),),
        sans=(Fallback(f"Noto Sans {title}", "Noto Sans"),),
        package="fonts-noto-core",
        otf=otf or title,
        **kwargs,  # type: ignore[arg-type]
    )


_SERIF, _SANS = Fallback("Noto Serif"), Fallback("Noto Sans")
_SYMBOL_FONTS = (Fallback("Symbola"), Fallback("Noto Sans Symbols2", "Noto Sans"))

SCRIPTS: dict[str, Script] = {
    script.name: script
    for script in (
        # ActualText: some fonts (Roboto) draw Δ with the glyph of ∆ (increment), which text
        # extraction would read back.
        Script(
            "greek",
            "Greek",
            "Ωωάί",
            (_SERIF,),
            (_SANS,),
            "fonts-noto-core",
            "Greek",
            actual_text=True,
        ),
        Script("cyrillic", "Cyrillic", "ЖжЯя", (_SERIF,), (_SANS,), "fonts-noto-core", "Cyrillic"),
        Script(
            "arabic",
            "Arabic",
            "عربي",
            (Fallback("Noto Naskh Arabic", "Noto Serif"),),
            (Fallback("Noto Sans Arabic", "Noto Sans"),),
            "fonts-noto-core",
            "Arabic",
            rtl=True,
        ),
        _noto("Hebrew", sample="עברית", rtl=True),
        _noto("Devanagari", sample="हिन्दी", actual_text=True),
        _noto("Thai", sample="ภาษาไทย", actual_text=True, line_break_locale="th"),
        _noto("Bengali", sample="বাংলা", otf="Bengali", actual_text=True),
        _noto("Gurmukhi", sample="ਪੰਜਾਬੀ", actual_text=True),
        _noto("Gujarati", sample="ગુજરાતી", actual_text=True),
        _noto("Tamil", sample="தமிழ்", actual_text=True),
        _noto("Telugu", sample="తెలుగు", actual_text=True),
        _noto("Kannada", sample="ಕನ್ನಡ", actual_text=True),
        _noto("Malayalam", sample="മലയാളം", actual_text=True),
        _noto("Sinhala", sample="සිංහල", actual_text=True),
        _noto("Khmer", sample="ខ្មែរ", actual_text=True, line_break_locale="km"),
        _noto("Lao", sample="ລາວ", actual_text=True, line_break_locale="lo"),
        _noto("Myanmar", sample="မြန်မာ", otf="Myanmar", actual_text=True, line_break_locale="my"),
        _noto("Armenian", sample="Հայերեն"),
        _noto("Georgian", sample="ქართული"),
        _noto("Ethiopic", sample="አማርኛ"),
        Script(
            "math",
            "Mathematical letters",
            "𝐀𝔘𝕏𝒜",
            (Fallback("STIX Math"), Fallback("Latin Modern Math"), Fallback("Noto Sans Math")),
            (Fallback("Noto Sans Math", "Noto Sans"), Fallback("STIX Math")),
            "fonts-stix",
        ),
        # Not a script of its own: the Latin letters a theme's Latin font lacks (Sami Ŧ, the
        # ʻokina, ȩ), set in a font that has them, of the same family (serif or sans).
        Script(
            LATIN,
            "Latin letters beyond a theme's font",
            "ŦŧȩǥʻƏɛ",
            (_SERIF, Fallback("DejaVu Serif")),
            (_SANS, Fallback("DejaVu Sans")),
            "fonts-noto-core",
            "Latin",
        ),
        Script("symbols", "Symbols", "✓★→€", _SYMBOL_FONTS, _SYMBOL_FONTS, "fonts-symbola"),
        # Monochrome: no XeTeX font format holds colour emoji.
        Script("emoji", "Emoji", "😀🚀👍", _SYMBOL_FONTS, _SYMBOL_FONTS, "fonts-symbola"),
    )
}

# The Debian package for the scripts that are not SCRIPTS entries.
PACKAGES = {CJK: "fonts-noto-cjk", LATIN: "fonts-noto-core", OTHER: "fonts-noto-extra"}

# Unicode blocks (or parts of them) by class; a code point in none is classified by its
# general category (see _by_category). Ranges must not overlap.
_BLOCKS: tuple[tuple[int, int, str], ...] = (
    (0x0000, 0x0040, COMMON),
    (0x0041, 0x005A, LATIN),
    (0x005B, 0x0060, COMMON),
    (0x0061, 0x007A, LATIN),
    (0x007B, 0x00A9, COMMON),
    (0x00AA, 0x00AA, LATIN),
    (0x00AB, 0x00B9, COMMON),
    (0x00BA, 0x00BA, LATIN),
    (0x00BB, 0x00BF, COMMON),
    (0x00C0, 0x00D6, LATIN),
    (0x00D7, 0x00D7, COMMON),
    (0x00D8, 0x00F6, LATIN),
    (0x00F7, 0x00F7, COMMON),
    (0x00F8, 0x02FF, LATIN),  # Latin Extended A and B, IPA, spacing modifier letters
    (0x0300, 0x036F, INHERITED),
    (0x0370, 0x03FF, "greek"),
    (0x0400, 0x052F, "cyrillic"),
    (0x0530, 0x058F, "armenian"),
    (0x0590, 0x05FF, "hebrew"),
    (0x0600, 0x06FF, "arabic"),
    (0x0750, 0x077F, "arabic"),
    (0x08A0, 0x08FF, "arabic"),
    (0x0900, 0x097F, "devanagari"),
    (0x0980, 0x09FF, "bengali"),
    (0x0A00, 0x0A7F, "gurmukhi"),
    (0x0A80, 0x0AFF, "gujarati"),
    (0x0B80, 0x0BFF, "tamil"),
    (0x0C00, 0x0C7F, "telugu"),
    (0x0C80, 0x0CFF, "kannada"),
    (0x0D00, 0x0D7F, "malayalam"),
    (0x0D80, 0x0DFF, "sinhala"),
    (0x0E00, 0x0E7F, "thai"),
    (0x0E80, 0x0EFF, "lao"),
    (0x1000, 0x109F, "myanmar"),
    (0x10A0, 0x10FF, "georgian"),
    (0x1100, 0x11FF, CJK),  # Hangul Jamo
    (0x1200, 0x139F, "ethiopic"),
    (0x1780, 0x17FF, "khmer"),
    (0x1AB0, 0x1AFF, INHERITED),
    (0x1C80, 0x1C8F, "cyrillic"),
    (0x1C90, 0x1CBF, "georgian"),
    (0x1D00, 0x1DBF, LATIN),  # phonetic extensions
    (0x1DC0, 0x1DFF, INHERITED),
    (0x1E00, 0x1EFF, LATIN),  # Latin Extended Additional: Vietnamese
    (0x1F00, 0x1FFF, "greek"),
    (0x2000, 0x200B, COMMON),
    (0x200C, 0x200D, INHERITED),  # zero-width (non-)joiner: part of the run it is in
    (0x200E, 0x203B, COMMON),
    (0x203C, 0x203C, "emoji"),
    (0x203D, 0x2048, COMMON),
    (0x2049, 0x2049, "emoji"),
    (0x204A, 0x206F, COMMON),
    (0x2070, 0x20CF, "symbols"),  # super- and subscripts, currency signs
    (0x20D0, 0x20FF, INHERITED),  # combining marks for symbols (the keycap)
    (0x2100, 0x2BFF, "symbols"),  # letterlike ... arrows, operators, shapes, dingbats
    (0x2C60, 0x2C7F, LATIN),
    (0x2D00, 0x2D2F, "georgian"),
    (0x2DE0, 0x2DFF, "cyrillic"),
    (0x2E00, 0x2E7F, "symbols"),
    (0x2E80, 0x2FDF, CJK),
    (0x2FF0, 0x303F, CJK),
    (0x3040, 0x33FF, CJK),  # kana, bopomofo, Hangul compatibility jamo, enclosed CJK
    (0x3400, 0x4DBF, CJK),
    (0x4DC0, 0x4DFF, CJK),
    (0x4E00, 0x9FFF, CJK),
    (0xA000, 0xA4CF, CJK),  # Yi: xeCJK's CJK class
    (0xA640, 0xA69F, "cyrillic"),
    (0xA720, 0xA7FF, LATIN),
    (0xA8E0, 0xA8FF, "devanagari"),
    (0xA960, 0xA97F, CJK),
    (0xAB30, 0xAB6F, LATIN),
    (0xAC00, 0xD7FF, CJK),  # Hangul syllables and Jamo Extended-B
    (0xF900, 0xFAFF, CJK),
    (0xFB00, 0xFB06, LATIN),
    (0xFB13, 0xFB17, "armenian"),
    (0xFB1D, 0xFB4F, "hebrew"),
    (0xFB50, 0xFDFF, "arabic"),
    (0xFE00, 0xFE0F, INHERITED),  # variation selectors
    (0xFE10, 0xFE1F, CJK),
    (0xFE20, 0xFE2F, INHERITED),
    (0xFE30, 0xFE4F, CJK),
    (0xFE50, 0xFE6F, "symbols"),
    (0xFE70, 0xFEFF, "arabic"),
    (0xFF00, 0xFFEF, CJK),
    (0xFFF0, 0xFFFF, "symbols"),
    (0x1D100, 0x1D1FF, "symbols"),  # musical symbols
    (0x1D400, 0x1D7FF, "math"),
    (0x1F000, 0x1F1FF, "emoji"),  # game pieces, enclosed alphanumerics, regional indicators
    (0x1F200, 0x1F2FF, CJK),  # enclosed ideographs: xeCJK's CJK class
    (0x1F300, 0x1FAFF, "emoji"),
    (0x1FB00, 0x1FBFF, "symbols"),
    (0x20000, 0x3134F, CJK),
    (0xE0100, 0xE01EF, INHERITED),
)
_STARTS = [start for start, _, _ in _BLOCKS]

# Text with none of these is Latin, CJK and common characters only: no run to wrap, and
# no font to choose. The common case, checked in C.
_PLAIN = re.compile(
    "[^\u0000-\u02ff\u0300-\u036f\u1d00-\u1eff\u2000-\u203b\u203d-\u2048\u204a-\u206f"
    "\u2c60-\u2c7f\ua720-\ua7ff\uab30-\uab6f\ufb00-\ufb06\u1100-\u11ff\u2e80-\u2fdf"
    "\u2ff0-\u9fff\ua000-\ua4cf\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe10-\ufe1f"
    "\ufe30-\ufe4f\uff00-\uffef\U0001f200-\U0001f2ff\U00020000-\U0003134f]"
)
_CJK_TEXT = re.compile(
    "[\u1100-\u11ff\u2e80-\u2fdf\u2ff0-\u33ff\u3400-\u9fff\ua000-\ua4cf\ua960-\ua97f"
    "\uac00-\ud7ff\uf900-\ufaff\ufe10-\ufe1f\ufe30-\ufe4f\uff00-\uffef"
    "\U0001f200-\U0001f2ff\U00020000-\U0003134f]"
)
# Presentation requests a monochrome font cannot honour (emoji or text style, skin
# tones): left out of the PDF, where they would only be missing glyphs or stray swatches.
PRESENTATION_ONLY = frozenset("\ufe0e\ufe0f" + "".join(map(chr, range(0x1F3FB, 0x1F400))))


@cache
def script_of(char: str) -> str:
    """The class of one character: a SCRIPTS name, or LATIN, CJK, COMMON, INHERITED, OTHER."""
    code = ord(char)
    index = bisect.bisect_right(_STARTS, code) - 1
    if index >= 0:
        start, end, name = _BLOCKS[index]
        if start <= code <= end:
            return name
    return _by_category(char)


def _by_category(char: str) -> str:
    category = unicodedata.category(char)
    if category[0] in "LN" and category != "Nd":
        return OTHER
    if category[0] == "M":
        return INHERITED
    if category[0] == "S":
        return "symbols"
    return COMMON


def is_plain(text: str) -> bool:
    """Only Latin, CJK and common characters: nothing that needs a font of its own."""
    return _PLAIN.search(text) is None


def has_cjk(text: str) -> bool:
    return _CJK_TEXT.search(text) is not None


def is_foreign(script: str) -> bool:
    """A script set in a font of its own, through \\cvscript."""
    return script not in (LATIN, CJK, COMMON, INHERITED)


def runs(text: str) -> Iterator[tuple[str | None, str]]:
    """``text`` cut into runs: (script, text) for a run of a script needing its own font,
    (None, text) for the rest (Latin, CJK, and the spaces and punctuation around runs).

    A run goes from its script's first character to its last, keeping the spaces, digits
    and punctuation between them: ``Иван Смирнов, Анна`` is one Cyrillic run, so that a
    name of several words is one run (one right-to-left segment for Arabic or Hebrew).
    Combining marks and joiners belong to the character before them.
    """
    if is_plain(text):
        yield None, text
        return
    classes = _classes(text)
    position = 0
    index = 0
    while index < len(text):
        script = classes[index]
        if not is_foreign(script):
            index += 1
            continue
        end = index + 1
        last = end  # just after the run's last character of its own script (or mark)
        while end < len(text) and classes[end] in (script, COMMON):
            end += 1
            if classes[end - 1] != COMMON:
                last = end
        last = _closing_brackets(text, classes, index, last)
        if index > position:
            yield None, text[position:index]
        yield script, text[index:last]
        position = index = last
    if position < len(text):
        yield None, text[position:]


_OPENING, _CLOSING = "([{<«‹", ")]}>»›"


def _closing_brackets(text: str, classes: list[str], start: int, end: int) -> int:
    """Where a run ends once the brackets it opens are closed: ``(الآية 255)`` keeps its
    number and closing bracket, as Unicode's bidi algorithm pairs them (BD16)."""
    depth = sum((c in _OPENING) - (c in _CLOSING) for c in text[start:end])
    position = end
    while depth > 0 and position < len(text) and classes[position] == COMMON:
        depth += (text[position] in _OPENING) - (text[position] in _CLOSING)
        position += 1
    return position if depth == 0 else end


# Brackets and quotes as a right-to-left run shows them (Unicode's mirrored pairs): set in
# the Latin font, which shapes left to right, they are written mirrored to look right.
MIRRORED = str.maketrans("()[]{}<>«»‹›", ")(][}{><»«›‹")


def punctuation_parts(text: str) -> Iterator[tuple[bool, str]]:
    """A run cut into its letters (False, ...) and its punctuation and digits (True, ...),
    which the fonts of many scripts lack: the template sets those in the Latin font.
    Spaces stay with the letters: the space of the script's font separates its words."""
    classes = _classes(text)
    marks = [cls == COMMON and ch not in " \u00a0" for ch, cls in zip(text, classes, strict=True)]
    start = 0
    for index in range(1, len(text) + 1):
        if index == len(text) or marks[index] != marks[start]:
            yield marks[start], text[start:index]
            start = index


def _classes(text: str) -> list[str]:
    """Each character's class, marks and joiners taking that of the character before them
    (Latin at the start of a text): never INHERITED. An accent on a space or a digit is
    set with it, in the Latin font."""
    classes = []
    previous = LATIN
    for char in text:
        script = script_of(char)
        if script == INHERITED:
            script = previous
        previous = script
        classes.append(script)
    return classes


# Latin letters beyond ASCII, and the combining marks after one: what a Latin font may lack.
_LATIN_LETTER = re.compile(
    "[\u00aa\u00ba\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u1d00-\u1dbf\u1e00-\u1eff"
    "\u2c60-\u2c7f\ua720-\ua7ff\uab30-\uab6f\ufb00-\ufb06]"
    "|(?<=[A-Za-z\u00aa\u00ba\u00c0-\u02ff\u1d00-\u1dbf\u1e00-\u1eff\u2c60-\u2c7f"
    "\ua720-\ua7ff\uab30-\uab6f])[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff]+"
)


def latin_letters(text: str) -> set[str]:
    """The Latin letters of ``text`` beyond ASCII, and the combining marks on Latin letters:
    the characters the theme's Latin fonts are checked for (font plan)."""
    return {char for match in _LATIN_LETTER.finditer(text) for char in match[0]}


def scripts_in(text: str) -> dict[str, set[str]]:
    """The scripts ``text`` uses that need fonts of their own, each with the characters
    a font for it must have; CJK, if there is any, with no characters (xeCJK's fonts have
    them all). Latin is listed with its letters beyond ASCII (:func:`latin_letters`): the
    theme's Latin fonts set those they have, a fallback the others."""
    found: dict[str, set[str]] = {CJK: set()} if has_cjk(text) else {}
    if letters := latin_letters(text):
        found[LATIN] = letters
    for match in _PLAIN.finditer(text):
        char, start = match[0], match.start()
        script = script_of(char)
        if script == INHERITED:
            if unicodedata.category(char) == "Cf" or char in PRESENTATION_ONLY:
                continue  # joiners are shaping instructions, and these are left out
            script = script_of(text[start - 1]) if start else LATIN
        if is_foreign(script):
            chars = found.setdefault(script, set())
            chars.add(char)
            # Combining marks of the Latin blocks (an accent on a Cyrillic letter) are set
            # in the script's font too: it must have them.
            end = start + 1
            while end < len(text) and script_of(text[end]) == INHERITED:
                if unicodedata.category(text[end]) != "Cf" and text[end] not in PRESENTATION_ONLY:
                    chars.add(text[end])
                end += 1
    return found


def joins(before: str, after: str) -> bool:
    """Whether a zero-width joiner or non-joiner between these two characters shapes them
    (Persian, Indic scripts, emoji sequences): it is kept there, and dropped elsewhere."""
    return is_foreign(script_of(before)) and is_foreign(script_of(after))


# Chinese and Japanese put no space between words, and xeCJK drops one written between two
# of their characters (a line break in the source, mostly); Korean puts spaces between
# words, so Hangul is not among them.
_SPACELESS = (
    "\u2e80-\u2fdf\u2ff0-\u312f\u3190-\u33ff\u3400-\u9fff\ua000-\ua4cf\uf900-\ufaff"
    "\ufe10-\ufe1f\ufe30-\ufe4f\uff00-\uff9f\U0001f200-\U0001f2ff\U00020000-\U0003134f"
)
_HANGUL = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7FF), (0xFFA0, 0xFFDC))


@cache
def _spaceless_spaces() -> re.Pattern[str]:
    # Compiled when first needed (5 ms).
    return re.compile(f"(?<=[{_SPACELESS}]) +(?=[{_SPACELESS}])")


def spaceless(before: str, after: str) -> bool:
    """Whether a space between these two characters is none to a reader (and to xeCJK):
    both are Han, kana or CJK punctuation."""
    return _spaceless_spaces().search(f"{before} {after}") is not None


def name_spaced(text: str) -> str:
    """A person's name with the space written between its Chinese or Japanese parts kept:
    a no-break space, which xeCJK sets (佐藤 陽翔, the family name apart from the given
    name, as written), where it drops a plain one."""
    return _spaceless_spaces().sub("\u00a0", text) if has_cjk(text) else text


def without_spaceless_spaces(text: str) -> str:
    """``text`` without the spaces a reader of Chinese or Japanese does not count: 佐藤 陽翔
    and 佐藤陽翔 are one name written two ways."""
    return _spaceless_spaces().sub("", text) if has_cjk(text) else text


def is_hangul(char: str) -> bool:
    code = ord(char)
    return any(start <= code <= end for start, end in _HANGUL)


# Where a space reads as xeCJK's glue between CJK and other letters in the PDF: between a
# Han or kana character and a letter or digit of another script. Not beside Hangul: Korean
# writes its spaces where they belong, and joins a word's digits and Latin letters to its
# Hangul without one (7년, Go로), as the Korean CV sets it (templates/classic/ko.tex.j2).
_CJK_LETTER = (
    "\u2e80-\u2fdf\u3040-\u30fa\u30fc-\u30ff\u3100-\u312f\u31a0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
)


@cache
def _autospace() -> re.Pattern[str]:
    # Compiled when first needed (10 ms): only the web pages use it.
    return re.compile(
        rf"(?<=[{_CJK_LETTER}])(?=[^\W_{_CJK_LETTER}])|(?<=[^\W_{_CJK_LETTER}])(?=[{_CJK_LETTER}])"
    )


def autospaced(text: str) -> str:
    """``text`` spaced as the PDF spaces it, for the web pages: a space between Chinese or
    Japanese and Latin (or other) letters and digits, none between two Chinese or Japanese
    characters (see :func:`spaceless`); Korean as written."""
    if not has_cjk(text):
        return text
    return _autospace().sub(" ", _spaceless_spaces().sub("", text))


# Letters no Japanese line starts with (W3C jlreq: the small kana and ー of cl-11, the
# iteration marks of cl-09), which xeCJK sets as any other letter; its FullRight class,
# which keeps them off a line's start, would kern them as punctuation (ュー drawn overlapping).
_LINE_START_KANA = (
    "\u3041\u3043\u3045\u3047\u3049\u3063\u3083\u3085\u3087\u308e\u3095\u3096"
    "\u30a1\u30a3\u30a5\u30a7\u30a9\u30c3\u30e3\u30e5\u30e7\u30ee\u30f5\u30f6\u30fc"
    "\u31f0-\u31ff\uff67-\uff70\u3005\u303b\u309d\u309e\u30fd\u30fe"
)
# Han and kana (letters and the prolonged sound mark).
_HAN_AND_KANA = (
    "\u3005\u3041-\u309f\u30a1-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
)


@cache
def kana_after_letters() -> re.Pattern[str]:
    """Where one of the letters no Japanese line starts with (ッ, ー, 々) follows a Han or
    kana letter: the escape path ties them there (kinsoku)."""
    return re.compile(f"(?<=[{_HAN_AND_KANA}])(?=[{_LINE_START_KANA}])")


def needs_space(before: str, after: str) -> bool:
    """Whether :func:`autospaced` would put a space between these two characters."""
    return _autospace().search(before + after) is not None


def font_package(char: str) -> str:
    """The Debian package whose fonts cvtex uses for this character's script."""
    script = script_of(char)
    if script in SCRIPTS:
        return SCRIPTS[script].package
    return PACKAGES.get(script, PACKAGES[OTHER])


# -- writing systems ------------------------------------------------------------------------

# The writing systems a locale catalog says its text is written in (its ``scripts:``), by
# which `cvtex validate` tells a translated text from one left in another language. Finer
# than the font classes above where a language is told by them (Han, kana and Hangul share
# the CJK fonts), coarser where it is not (every symbol is none of them).
WritingSystem = Literal[
    "Latin",
    "Han",
    "Hiragana",
    "Katakana",
    "Hangul",
    "Cyrillic",
    "Greek",
    "Arabic",
    "Hebrew",
    "Devanagari",
    "Thai",
]
# A letter's writing system is the first of these words in its Unicode name (LATIN SMALL
# LETTER A; CJK UNIFIED IDEOGRAPH-4E2D is Han).
_NAME_WORDS = {name.upper(): name for name in get_args(WritingSystem) if name != "Han"} | {
    "CJK": "Han"
}


@cache
def writing_system(letter: str) -> str | None:
    """The :data:`WritingSystem` of one letter; None for one of another system."""
    for word in unicodedata.name(letter, "").split():
        if word in _NAME_WORDS:
            return _NAME_WORDS[word]
    return None

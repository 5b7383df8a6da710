"""The one path from user text to LaTeX.

Every value a template prints passes through :func:`to_tex` (it is the Jinja environment's
``finalize`` hook and its ``tex`` filter), so user text is always text, never TeX code.
The light markup CVs need is recognised on the way: ``**bold**``, ``*italic*``,
``[text](url)`` and small inline math such as ``$3\\times$``. Anything else, including
a ``$`` or ``*`` that does not pair up, comes out literally.

Text in a script the Latin and CJK fonts do not set (Cyrillic, Arabic, emoji, ...) is
written ``\\cvscript{<script>}{<text>}``, one run per script (text/scripts.py): the
template's ``fonts`` block defines it from the font plan. The escape needs no state for
that: which font sets a script is the plan's business, not the text's. Latin letters are
the exception, since a font lacks them one by one: the render names the letters its plan
sets in a fallback (:func:`fallback_letters`), and each run of them is written
``\\cvscript{latin}{...}``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from urllib.parse import quote

from .finalize import finalizer
from .links import link_target
from .math import MATH_FONTS, MATH_SYMBOLS, MATH_WORD, math_as_text
from .scripts import (
    CJK,
    LATIN,
    MIRRORED,
    PRESENTATION_ONLY,
    SCRIPTS,
    has_cjk,
    is_hangul,
    joins,
    kana_after_letters,
    punctuation_parts,
    runs,
    script_of,
)


class TexCode(str):
    """A string that is already LaTeX: produced here, or written in a template."""


_MATH_COMMANDS = tuple(MATH_SYMBOLS)
_MATH_ATOM = (
    r"(?:\\(?:" + "|".join(_MATH_COMMANDS) + r")(?![A-Za-z])"
    r"|\\(?:" + "|".join(MATH_FONTS) + rf")\{{{MATH_WORD}\}}"
    r"|\\[%,{}]"
    r"|[0-9.,;+\-=<>()\[\]/|:!' ]"
    r"|(?<![A-Za-z])[A-Za-z](?![A-Za-z]))"
)
_MATH_SCRIPT = rf"[\^_](?:[0-9A-Za-z]|\{{{_MATH_ATOM}+\}})"
MATH_BODY = re.compile(rf"(?:{_MATH_ATOM}|{_MATH_SCRIPT})+")

# The same rule as pandoc's: "$" opens math only before a non-space and closes only after
# one, not followed by a digit, so "costs $5, or $10" stays prose; but math that is
# plainly TeX (a command, a script) closes before a digit too, as "$\Sigma$3" means Σ3.
# No pattern can scan past the next delimiter of its own kind (a "[" for links, a "**" for
# bold, a "$" for math), so that matching stays linear: a field full of unclosed markers
# must not hang the build.
INLINE_MARKUP = re.compile(
    r"(?P<link>\[(?P<link_text>[^\[\]\n]+)\]\((?P<link_url>[^()\s]+)\))"
    r"|(?P<bold>\*\*(?P<bold_text>\S(?:(?:[^*]|\*(?!\*))*?\S)?)\*\*)"
    r"|(?P<italic>(?<!\*)\*(?P<italic_text>[^*\s](?:[^*]*?[^*\s])?)\*(?!\*))"
    r"|(?P<math>\$(?:(?=(?P<math_tex>[^$]*?(?:\\[A-Za-z]|[\^_]))))?"
    r"(?P<math_text>[^$\s](?:[^$]*?[^$\s])?)\$(?(math_tex)|(?!\d)))"
)
# One token of a math body, for the check that no atom gets two superscripts or two
# subscripts ("$a^b^c$" is a TeX error, not math).
_MATH_TOKEN = re.compile(rf"(?P<script>{_MATH_SCRIPT})|(?P<prime>')|(?P<atom>{_MATH_ATOM})")

# Controls, surrogates, private use and unassigned code points; and invisible format
# characters (Cf: bidi overrides, zero-width spaces and joiners, a byte-order mark), since
# cvtex sets the direction of text itself and the fonts have no glyph for them, which
# would stop the build with a missing-glyph error for something nobody can see. A zero-width
# joiner or non-joiner between two letters of a script that needs it stays (_JOINERS).
_DROPPED = {"Cc", "Cf", "Cs", "Co", "Cn"}
_JOINERS = "\u200c\u200d"
# Line and paragraph separators (U+2028, U+2029) are white space to a reader, not glyphs.
_WHITE = "\t\n\r\f\v\u2028\u2029"
# ASCII white space only: an ideographic space (U+3000) is a character CJK text relies on.
_SPACES = re.compile(r"[ \t\n\r\f\v]+")
# Scripts whose lines are broken between words without spaces: CJK by xeCJK, Thai, Lao,
# Khmer and Myanmar by ICU (the template sets their line-break locale).
_CJK = (
    "\u1100-\u11ff\u2e80-\ua4cf\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff"
    "\ufe10-\ufe1f\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003ffff"
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
)
LONG_WORD = 30
# A run of this many characters without a space (a URL, a hash, an identifier) may break
# between any two of its characters: TeX could not break it otherwise, and XeTeX hangs or
# crashes on a word of about a thousand characters. Only the spaces TeX sees as spaces end
# a run (after clean_text, an ASCII space or a no-break space); a thin space is a glyph.
# The break is a penalty, not an empty discretionary: the templates forbid breaks at
# discretionaries (\exhyphenpenalty), since a line that ends at a word's own hyphen is read
# back with the hyphen taken away.
_LONG_RUN = re.compile(rf"[^ \u00a0{_CJK}]{{{LONG_WORD},}}")
_BREAK = r"\allowbreak{}"


def clean_text(text: str) -> str:
    """Collapse white space and drop characters nobody sees (controls, invisible formats).

    Leading and trailing spaces stay: templates print separators such as ", " through here.
    """
    if text.isprintable():  # the common case, checked in C: no control, format or newline
        return _SPACES.sub(" ", text)
    kept = []
    for index, ch in enumerate(text):
        if ch in _WHITE:
            kept.append(" ")
        elif ch in _JOINERS:
            if kept and index + 1 < len(text) and joins(kept[-1], text[index + 1]):
                kept.append(ch)
        elif unicodedata.category(ch) not in _DROPPED:
            kept.append(ch)
    return _SPACES.sub(" ", "".join(kept))


def _literal(text: str) -> str:
    """Text set as it is: TeX specials escaped, long runs made breakable."""
    out: list[str] = []
    position = 0
    for run in _LONG_RUN.finditer(text):
        out.append(_escape(text[position : run.start()]))
        out.append(_BREAK.join(_escape(cluster) for cluster in _clusters(run[0])))
        position = run.end()
    out.append(_escape(text[position:]))
    return "".join(out)


def _escape(text: str) -> str:
    if _LATIN_MARK in text:
        pieces = _LATIN_MARKED.split(text)  # text, a marked character, text, ...
        return "".join(
            rf"\cvlatin{{{piece}}}" if index % 2 else _escape(piece)
            for index, piece in enumerate(pieces)
        )
    if not text.isascii() and _COMBINING.search(text):
        return _with_marked_words(text)
    return text.translate(_SPECIALS)


# Combining marks a Latin letter carries: ọ̀ is o, a dot below and a grave (U+0323, U+0300).
_MARKS = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
_COMBINING = re.compile(f"[{_MARKS}]")
_LETTERS_AND_MARKS = re.compile(f"(?:[^\\W\\d_]|[{_MARKS}])+")


def _with_marked_words(text: str) -> str:
    """Text in which each Latin word with a combining mark is written
    ``\\cvmarked{word}{its UTF-16 in hex}``. Set as typed, a font may draw such a letter as
    its base and each mark apart (its ccmp feature takes ọ apart when a grave follows), and
    readers read two marks in a row apart ("ọ ̀"), or lose the space after the word: the
    template sets the word with the font's precomposed letters where it has them (ọ, then
    the grave) and gives readers the word as written (ActualText, composed: NFC), with the
    space after it when one follows, which PDFium would otherwise not see."""
    out: list[str] = []
    position = 0
    for word in _LETTERS_AND_MARKS.finditer(text):
        letters = [char for char in word[0] if not _COMBINING.match(char)]
        latin = bool(letters) and all(script_of(char) == LATIN for char in letters)
        if not latin or not _COMBINING.search(word[0]):
            continue  # a mark alone (after "@") or on another script's letter: as it is
        after = text[word.end() : word.end() + 1]
        # composed where Unicode composes it, as the font draws it (PyMuPDF pairs the
        # ActualText's characters with the glyphs one by one)
        spoken = unicodedata.normalize("NFC", word[0]) + (
            " " if after in (" ", _KEPT_SPACE) else ""
        )
        utf16 = spoken.encode("utf-16-be").hex().upper()
        out.append(text[position : word.start()].translate(_SPECIALS))
        out.append(rf"\cvmarked{{{word[0].translate(_SPECIALS)}}}{{{utf16}}}")
        position = word.end()
    out.append(text[position:].translate(_SPECIALS))
    return "".join(out)


# A space xeCJK must keep, written as a control space: a control character stands for it
# between clean_text and _escape (clean_text leaves none; it is white space to the markup).
_KEPT_SPACE = "\x1f"
# TeX's special characters as text: pylatex's table (escape_latex; importing pylatex for it
# cost every build 10-20 ms), and a grave accent in braces, so that "!`" and "?`" stay
# themselves in the PDF's metadata too (hyperref reads them as ¡ and ¿ there, as TeX fonts
# once did). tests/render/test_escape.py holds it to pylatex's, character by character.
_SPECIALS = str.maketrans(
    {
        "&": r"\&",
        "%": r"\%",
        "$": r"\$",
        "#": r"\#",
        "_": r"\_",
        "{": r"\{",
        "}": r"\}",
        "~": r"\textasciitilde{}",
        "^": r"\^{}",
        "\\": r"\textbackslash{}",
        "\n": "\\newline%\n",
        "-": "{-}",
        "\xa0": "~",
        "[": "{[}",
        "]": "{]}",
        "`": "{`}",
        _KEPT_SPACE: "\\ ",
    }
)


def _kept_spaces(text: str) -> str:
    """Spaces beside Korean text, also across the markup (``김 **민준** 씨``), marked as
    kept: xeCJK drops a space between two characters of its CJK class, right for Chinese
    and Japanese, and one before an opening quote after them ('분산'), but Korean
    separates its words by spaces."""
    if " " not in text or not has_cjk(text):
        return text
    chars = list(text)
    for index, char in enumerate(chars):
        if char != " ":
            continue
        before, after = _letter_beside(text, index, -1), _letter_beside(text, index, 1)
        if before and after and (is_hangul(before) or is_hangul(after)):
            chars[index] = _KEPT_SPACE
    return "".join(chars)


# Dashes, quotes, the ellipsis and the middle dot: Latin text uses them, and xeCJK takes
# them for CJK punctuation (its default classes; the templates' \cvlatin and the English
# CV's xeCJK set-up name the same eight). Beside Latin text they are written \cvlatin{–}:
# set in the Latin font, with the spaces typed around them kept ("RedSync – a", not
# "RedSync –a"). A mark precedes each such character between _latin_punctuation and _escape:
# a control character, which clean_text leaves none of, and neither space nor a script.
LATIN_PUNCTUATION = "\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u00b7"
_DASHES = "\u2013\u2014"
_LATIN_MARK = "\x01"
_LATIN_MARKED = re.compile(f"{_LATIN_MARK}(.)", re.S)


def _latin_punctuation(text: str) -> str:
    """Each run of LATIN_PUNCTUATION that belongs to Latin text, marked. A dash is Chinese
    only between CJK text on both sides ("研究——方法"); a quote or an ellipsis is Chinese
    beside CJK text on either side ("他说“Hello”"). The middle dot is always the Latin
    font's: the CJK sans fonts' bold draws U+00B7 with the glyph of the katakana middle
    dot, and readers give "埃莱娜・加西亚" back for "埃莱娜·加西亚". A side with no text (the
    field's start or end) takes the other side's script; a field that is only punctuation
    is left alone."""
    if not any(char in LATIN_PUNCTUATION for char in text):
        return text
    out: list[str] = []
    index = 0
    while index < len(text):
        if text[index] not in LATIN_PUNCTUATION:
            out.append(text[index])
            index += 1
            continue
        end = index
        while end < len(text) and text[end] in LATIN_PUNCTUATION:
            end += 1
        before, after = _text_beside(text, index, -1), _text_beside(text, end - 1, 1)
        run = text[index:end]
        middle_dot = run == "\u00b7" and bool(before or after)
        if middle_dot or _latin_side(before, after, dash=run[0] in _DASHES):
            run = "".join(_LATIN_MARK + char for char in run)
        out.append(run)
        index = end
    return "".join(out)


def _latin_side(before: str, after: str, dash: bool) -> bool:
    cjk = [script_of(char) == CJK for char in (before, after) if char]
    if not cjk:
        return False
    return not all(cjk) if dash else not any(cjk)


def _text_beside(text: str, index: int, step: int) -> str:
    """The nearest character of text from ``text[index]`` in the direction ``step``, past
    spaces and emphasis marks; "" at the field's edge."""
    index += step
    while 0 <= index < len(text) and text[index] in " *":
        index += step
    return text[index] if 0 <= index < len(text) else ""


def _letter_beside(text: str, index: int, step: int) -> str:
    """The character next to ``text[index]`` in the direction ``step``, past emphasis marks."""
    index += step
    while 0 <= index < len(text) and text[index] == "*":
        index += step
    return text[index] if 0 <= index < len(text) else ""


def _clusters(run: str) -> list[str]:
    """Split where a break cannot separate a letter from its accents."""
    clusters: list[str] = []
    for ch in run:
        if clusters and (unicodedata.category(ch).startswith("M") or clusters[-1] == _LATIN_MARK):
            clusters[-1] += ch
        else:
            clusters.append(ch)
    return clusters


def escape_text(text: str) -> TexCode:
    """Plain text, no markup: every TeX special character is made literal."""
    # Without ligatures from the font's TeX mapping (the templates turn it off), the table
    # of specials is all there is to escape; "-" becomes "{-}" there, which is harmless.
    return TexCode(_literal(_kept_spaces(clean_text(text))))


def _marked_up(text: str) -> str:
    """Text as LaTeX, its light markup rendered."""
    return _marked_up_with(text, _FALLBACK_LETTERS.get())


# A CV prints the same texts many times (its authors' names on every paper, a venue, a
# date form) and a watch renders it again at each save: each distinct text is escaped
# once per set of fallback letters, the only state the escape reads.
@lru_cache(maxsize=1 << 14)
def _marked_up_with(text: str, letters: frozenset[str]) -> str:
    return _tie_last_letters(_markup(_latin_punctuation(_kept_spaces(clean_text(text)))))


to_tex = finalizer(TexCode, _marked_up)
"""Turn a value from the localized profile into LaTeX, rendering the light markup."""


# What may follow a text's last letter and still end its line: closing punctuation.
_CLOSING = "。，、；：？！）」』】》〉”’)]."


def _tie_last_letters(tex: str) -> str:
    """A text that ends in two or more CJK letters (before closing punctuation: "... Pytorch
    实现。", "最佳论文奖") never breaks between the last two, so that no line holds its last
    character alone (W3C clreq's 孤字). xeCJK's CheckSingle keeps that rule only where
    plain CJK text ends a paragraph: it does not look past a Latin word, nor into the
    group a template sets a field in (an award in the accent colour)."""
    end = len(tex)
    while end and tex[end - 1] in _CLOSING:
        end -= 1
    if end < 2 or not (_cjk_letter(tex[end - 1]) and _cjk_letter(tex[end - 2])):
        return tex
    return f"{tex[: end - 1]}\\nobreak {tex[end - 1 :]}"


def _cjk_letter(char: str) -> bool:
    return script_of(char) == CJK and unicodedata.category(char) == "Lo"


def _kinsoku(tex: str) -> str:
    """No line starts with a small kana, the prolonged sound mark or an iteration mark
    (ッ, ー, 々: Japanese kinsoku, W3C jlreq cl-09 and cl-11): xeCJK sets them as letters,
    which a line may start with, so each is tied to the letter before it."""
    return kana_after_letters().sub(r"\\nobreak ", tex)


def _markup(text: str) -> str:
    out: list[str] = []
    position = 0
    for match in INLINE_MARKUP.finditer(text):
        converted = _convert(match)
        if converted is None:
            continue
        out.append(_scripted(text[position : match.start()]))
        out.append(converted)
        position = match.end()
    out.append(_scripted(text[position:]))
    return _kinsoku("".join(out))


_RTL_PIECES = re.compile(r"[0-9]+(?:[.,:][0-9]+)*|.", re.S)

# The Latin letters the render's font plan sets in a fallback face (empty: none).
_FALLBACK_LETTERS: ContextVar[frozenset[str]] = ContextVar("fallback_letters", default=frozenset())


@contextmanager
def fallback_letters(letters: frozenset[str]) -> Iterator[None]:
    """While inside, each run of ``letters`` (with its combining marks) is written
    ``\\cvscript{latin}{...}``: the Latin letters the font plan found the Latin fonts
    lack (look/fontplan.py)."""
    token = _FALLBACK_LETTERS.set(letters)
    try:
        yield
    finally:
        _FALLBACK_LETTERS.reset(token)


def _scripted(text: str) -> str:
    letters = _FALLBACK_LETTERS.get()
    if not letters or letters.isdisjoint(text):
        return _script_runs(text)
    out, position = [], 0
    for run in _letter_runs(text, letters):
        out.append(_script_runs(text[position : run.start()]))
        out.append(rf"\cvscript{{{LATIN}}}{{{_literal(run[0])}}}")
        position = run.end()
    out.append(_script_runs(text[position:]))
    return "".join(out)


def _letter_runs(text: str, letters: frozenset[str]) -> Iterator[re.Match[str]]:
    """The runs of text made of ``letters``, each letter with the marks after it, and of
    letters whose marks are among ``letters``."""
    marks = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff"
    bases = "".join(sorted(ch for ch in letters if not unicodedata.category(ch).startswith("M")))
    accents = "".join(sorted(ch for ch in letters if unicodedata.category(ch).startswith("M")))
    clusters = [rf"[{re.escape(bases)}][{marks}]*"] if bases else []
    if accents:
        clusters.append(rf"[^\W\d_][{marks}]*[{re.escape(accents)}][{marks}]*")
    return re.finditer(rf"(?:{'|'.join(clusters)})+", text)


def _script_runs(text: str) -> str:
    """Literal text, each run of a script that needs a font of its own in \\cvscript, the
    punctuation and digits inside it in \\cvcommon (the Latin font's: the fonts of many
    scripts have none), mirrored in a right-to-left run."""
    out = []
    for script, run in runs(text):
        if script is None:
            out.append(_literal(run))
            continue
        rtl = script in SCRIPTS and SCRIPTS[script].rtl
        parts = []
        for common, part in punctuation_parts(run):
            if common and rtl:
                # One box per mark (numbers whole): the run's order reverses them all.
                for piece in _RTL_PIECES.findall(part.translate(MIRRORED)):
                    parts.append(rf"\cvcommon{{{_literal(piece)}}}")
            elif common:
                parts.append(rf"\cvcommon{{{_literal(part)}}}")
            else:
                parts.append(_literal("".join(ch for ch in part if ch not in PRESENTATION_ONLY)))
        out.append(rf"\cvscript{{{script}}}{{{''.join(parts)}}}")
    return "".join(out)


def _convert(match: re.Match[str]) -> str | None:
    if match["link"]:
        target = match["link_url"].replace(_LATIN_MARK, "")  # a URL is no text to mark
        if link_target(target) is None:
            return None  # a link that could launch a program or open a file stays text
        url = tex_url(target)
        # \cvhref is the theme's styled \href (every theme defines it).
        return rf"\cvhref{{{url}}}{{{_markup(match['link_text'])}}}"
    if match["bold"]:
        return rf"\textbf{{{_markup(match['bold_text'])}}}"
    if match["italic"]:
        return rf"\emph{{{_markup(match['italic_text'])}}}"
    body = match["math_text"]
    if is_small_math(body):
        return f"${body}$"
    if looks_like_math(body):
        # Math beyond the small math is never passed on: it is set as its closest text.
        return _scripted(math_as_text(body))
    return None


def looks_like_math(body: str) -> bool:
    """Whether a ``$...$`` that is not small math was meant as TeX math (a command, a
    script), not as prose between two dollar signs."""
    return bool(re.search(r"\\[A-Za-z]|[\^_]", body))


def is_small_math(body: str) -> bool:
    """Whether ``body`` (between the dollars) is math cvtex typesets, not text."""
    return bool(MATH_BODY.fullmatch(body)) and _scripts_are_single(body)


def _scripts_are_single(body: str) -> bool:
    """No atom has two superscripts or two subscripts, which TeX refuses.

    A run of primes is a superscript that a following ^ joins (a'^2); any other second
    superscript, or a space before one, is treated as not math at all.
    """
    superscript = subscript = False
    after_prime = False
    for token in _MATH_TOKEN.finditer(body):
        text = token[0]
        if token["prime"]:
            if superscript and not after_prime:
                return False
            superscript, after_prime = True, True
            continue
        if token["script"] and text[0] == "^":
            if superscript and not after_prime:
                return False
            superscript = True
        elif token["script"]:
            if subscript:
                return False
            subscript = True
        elif text != " ":
            superscript = subscript = False
        after_prime = False
    return True


# Characters that keep their meaning in a URL and are safe in hyperref's \href argument.
_URL_SAFE = "/:?=@+,;!$'()*&-._"


def tex_url(url: str) -> TexCode:
    """A URL for \\href: percent-encode what TeX would read as code, keep what URLs mean."""
    target = link_target(clean_text(url))
    if target is None:  # the profile's validation refuses these before they get here
        raise ValueError(f"not a link cvtex makes: {url!r}")
    url = target.replace(" ", "%20")
    encoded = quote(url, safe=_URL_SAFE + "%#~")
    # A fragment cannot hold a "#" (RFC 3986, 3.5), and hyperref cuts the URL at a second one.
    address, hash_mark, fragment = encoded.partition("#")
    encoded = address + hash_mark + fragment.replace("#", "%23")
    encoded = encoded.replace("\\", "%5C").replace("%", r"\%").replace("#", r"\#")
    # "~" is active in TeX: \string makes it the character, so the link keeps it as written.
    return TexCode(encoded.replace("~", r"\string~"))

"""Property-based tests: whatever a profile holds, it is printed as text, never run as TeX.

Two levels. The escape path itself takes arbitrary Unicode, hundreds of examples a run, and
must emit only the few TeX commands it means to. Then whole profiles, with fuzzed text in
every field and URL, are compiled by real XeLaTeX (one profile, dozens of strings, per
compile), and pdftotext must show every plain string as it was written.

What the compiled fuzz draws from, and why: characters that every face of the language's
fonts has (tests/glyphs.py), words in every other script the font plan sets (Greek,
Cyrillic, Arabic, Hebrew, Devanagari, Thai, kana and Hangul, symbols, emoji, mathematical
letters), TeX specials, fragments of the nasty-string corpus, control and invisible
characters (which cvtex drops), very long words, and now and then markup. A right-to-left
word comes between two Latin letters: pdftotext gives a line's words in the order they
were typeset, which reverses those of a right-to-left run of several words. A character no
installed font has is not an escaping question: cvtex stops with an error that names it,
its field and the package that has fonts for its script, which the last test here checks
with characters drawn from outside every installed font.

The runs are deterministic (derandomized, no example database) and bounded: set
CVTEX_FUZZ_EXAMPLES to run more compiled examples locally, and CVTEX_FUZZ_RANDOM=1 to draw
new ones. (Hypothesis also draws on constants from the modules loaded, so running this file
alone draws other fixed examples than the whole suite does.)
"""

from __future__ import annotations

import os
import re
import subprocess
import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from cvtex.errors import InputError
from cvtex.language.catalog import Locales
from cvtex.profile.source import format_path
from cvtex.text.links import link_target
from cvtex.text.scripts import INHERITED, SCRIPTS, is_foreign, script_of
from cvtex.text.texescape import _MATH_COMMANDS, LONG_WORD, clean_text, tex_url, to_tex

from ..building import build
from ..conftest import normalized
from ..glyphs import CJK_RANGES, KANA_HANGUL, MARKS, covered, script_letters, uncovered
from ..profiles import fill_profile, has_markup, missing_texts, unmatched_links

CORPUS = yaml.safe_load((Path(__file__).parent.parent / "data" / "nasty.yaml").read_text("utf-8"))
COMPILES = int(os.environ.get("CVTEX_FUZZ_EXAMPLES", "10"))
# CVTEX_FUZZ_RANDOM=1 explores new examples on each run instead of the same fixed ones.
FIXED = not os.environ.get("CVTEX_FUZZ_RANDOM")

TEX_SPECIALS = [*"\\{}$&#^_~%[]<>|\"'`@!?*-", "\\\\", "^^", "^^5c", "%%", "##", "$$"]
MARKUP = ["**", "*", "$", "[", "](", ")", "$3\\times$", "**bold**", "*it*", "[a](https://x.y)"]
INVISIBLE = [chr(c) for c in (*range(0x20), 0x7F, 0x85)] + [
    "\u00ad", "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u202a", "\u202e",
    "\u2028", "\u2029", "\u2060", "\u2066", "\u2069", "\ufeff",
]  # fmt: skip
URL_CHARS = "abcxyz019/:.-_~%#&?=+@!$'()*,;[]{}\\^|`\"<> é中"


def text_strategy(language: str, long_words: bool = True) -> st.SearchStrategy[str]:
    """Text for one field: words from the fonts' characters mixed with the hard cases."""
    chars = covered(language)
    latin = sorted({ch for ch in chars if not _is_cjk(ch) and not ch.isspace()})
    cjk = sorted({ch for ch in chars if _is_cjk(ch)})
    spaces = sorted({ch for ch in chars if ch.isspace()})
    words = [st.text(st.sampled_from(latin), min_size=1, max_size=12)]
    if cjk:
        words.append(st.text(st.sampled_from(cjk), min_size=1, max_size=12))
    words.append(st.text(st.sampled_from(KANA_HANGUL), min_size=1, max_size=6))
    words.extend(script_word(script, latin) for script in SCRIPT_WORDS)
    fragments = [text for text in CORPUS if not uncovered(text, language)]
    pieces = [
        *words,
        st.sampled_from([" ", " ", *spaces]),
        st.sampled_from(TEX_SPECIALS),
        st.sampled_from(fragments),
        st.sampled_from(INVISIBLE),
        st.sampled_from(MARKUP),
    ]
    if long_words:
        pieces.append(st.text(st.sampled_from(latin), min_size=LONG_WORD, max_size=1500))
    return st.lists(st.one_of(pieces), min_size=1, max_size=10).map("".join).map(_marks_on_latin)


def _marks_on_latin(text: str) -> str:
    """``text`` with a Latin letter before each accent that would follow a letter of another
    script: an accent of the Latin blocks on an Arabic or Thai letter exists in no font
    (cvtex names it as a missing glyph), and the fuzz is about escaping, not fonts."""
    out: list[str] = []
    before = ""  # the last character cvtex keeps (it drops invisible ones)
    for ch in text:
        if before and script_of(ch) == INHERITED and is_foreign(script_of(before)):
            out.append("a")
            before = "a"
        out.append(ch)
        if clean_text(ch).strip() or ch in "\u00a0":
            before = ch
    return "".join(out)


SCRIPT_WORDS = (
    "greek",
    "cyrillic",
    "arabic",
    "hebrew",
    "devanagari",
    "thai",
    "symbols",
    "emoji",
    "math",
)


def script_word(script: str, latin: list[str]) -> st.SearchStrategy[str]:
    """A word in ``script``: syllables where it shapes, between Latin letters if it runs
    right to left."""
    chars = script_letters(script)
    marks = MARKS.get(script, "")
    if marks:
        bases = [ch for ch in chars if ch not in marks]
        syllable = st.tuples(st.sampled_from(bases), st.sampled_from(["", *marks])).map("".join)
        word = st.lists(syllable, min_size=1, max_size=5).map("".join)
    else:
        word = st.text(st.sampled_from(chars), min_size=1, max_size=8)
    if SCRIPTS[script].rtl:
        edge = st.sampled_from(latin)
        word = st.tuples(edge, word, edge).map("".join)
    return word


def short_strategy(language: str) -> st.SearchStrategy[str]:
    """Text for the fields set on one line (contacts, places): short, but just as nasty."""
    return text_strategy(language, long_words=False).map(lambda text: text[:20])


def url_strategy() -> st.SearchStrategy[str]:
    """Link targets cvtex accepts: with a web or mail scheme, or none (then https://)."""
    path = st.text(st.sampled_from(URL_CHARS), max_size=60)
    schemes = st.sampled_from(["https://", "http://", "mailto:", "tel:", ""])
    urls = st.builds(lambda scheme, rest: scheme + rest, schemes, path)
    return urls.filter(lambda url: link_target(clean_text(url)) is not None)


def _is_cjk(ch: str) -> bool:
    return any(lo <= ord(ch) <= hi for lo, hi in CJK_RANGES)


# -- the escape path, on arbitrary Unicode ----------------------------------------------

_ALLOWED_COMMANDS = {
    "textbf", "emph", "href", "cvhref", "textasciitilde", "textbackslash", "allowbreak", "cvlatin",
    "cvmarked",
    "cvscript", "cvcommon", "nobreak", " ", "^", "%", "&", "#", "_", "{", "}", "$", *_MATH_COMMANDS,
    "string", "mathrm", "mathit", ",",
}  # fmt: skip
# The names \cvscript takes: a script of cvtex's table, or "other".
_SCRIPT_NAMES = {*SCRIPTS, "other"}
_COMMAND = re.compile(r"\\([A-Za-z]+|.)")


def _unescaped(tex: str, char: str) -> bool:
    return re.search(rf"(?<!\\){re.escape(char)}", tex.replace("\\\\", "")) is not None


def assert_only_text(text: str) -> None:
    """``to_tex(text)`` is ``text`` made literal, plus only the markup cvtex means to make."""
    tex = to_tex(text)
    assert {name for name in _COMMAND.findall(tex)} <= _ALLOWED_COMMANDS
    assert "^^" not in tex.replace("\\^{}", "")
    for char in "%#&":
        assert not _unescaped(tex, char)
    # A tie (~) only where the text had a no-break space.
    assert tex.count("~") == clean_text(text).count("\u00a0")
    # Braces pair up, so no argument of a template macro can be closed early.
    depth = 0
    for token in re.findall(r"\\.|[{}]", tex):
        depth += {"{": 1, "}": -1}.get(token, 0)
        assert depth >= 0
    assert depth == 0
    # Each run of another script is named by its script, and holds characters of the text.
    for name in re.findall(r"\\cvscript\{([^{}]*)\}", tex):
        assert name in _SCRIPT_NAMES, name
    # No character the text did not have, but for the escapes' own ASCII (and a link's
    # percent-encoding), and the brackets a right-to-left run mirrors.
    own = set("".join(_ALLOWED_COMMANDS) + "".join(_SCRIPT_NAMES)) | set("\\{}$ %0123456789ABCDEF~")
    mirrored = set("()[]<>«»‹›") if set("()[]<>«»‹›") & set(clean_text(text)) else set()
    assert set(tex) - set(clean_text(text)) <= own | mirrored


@settings(max_examples=500, derandomize=True, database=None)
@given(st.text())
def test_escaping_emits_only_its_own_commands(text):
    assert_only_text(text)


@settings(max_examples=300, derandomize=True, database=None)
@given(st.text(st.sampled_from("*$[]()_^\\'ab3 {}%~"), max_size=200))
def test_escaping_of_marker_soup(text):
    # Unclosed, nested and doubled markers: the markup must still emit only safe TeX.
    assert_only_text(text)


@settings(max_examples=300, derandomize=True, database=None)
@given(st.text())
def test_urls_emit_no_tex_code(url):
    # A target whose scheme could do more than link (run:, file:, "A:") never gets here:
    # the profile's validation refuses it, and tex_url says so if it were asked.
    assume(link_target(clean_text(url)) is not None)
    tex = tex_url(url).replace(r"\string~", "")  # a "~" as the character it is
    assert not re.search(r"\\[^%#]", tex), "only \\% and \\# may be escaped"
    assert not set(tex) & set("{}~^ \n"), tex
    assert not _unescaped(tex, "%") and not _unescaped(tex, "#")


# -- whole profiles, compiled ------------------------------------------------------------

SETTINGS = settings(
    max_examples=COMPILES,
    derandomize=FIXED,
    database=None,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],  # no shrinking: each try is a compile
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_fuzzed_profiles_print_every_field_literally(language, tmp_path_factory):
    texts = st.lists(text_strategy(language), min_size=40, max_size=40)
    shorts = st.lists(short_strategy(language), min_size=5, max_size=5)
    urls = st.lists(url_strategy(), min_size=8, max_size=8)

    @SETTINGS
    @given(texts, shorts, urls)
    def compiles_literally(texts, shorts, urls):
        folder = tmp_path_factory.mktemp(f"fuzz-{language}")
        filled = fill_profile(language, texts, shorts, urls)
        (result,) = build(filled.write(folder), language, folder / "out")
        assert missing_texts(result.pdf, filled.texts) == []
        assert unmatched_links(result.pdf, filled.urls) == []
        name = filled.data["name"]
        if not has_markup(name):  # the name is in the PDF's title too, just as literally
            title = Locales().catalog(language).document.title_for(clean_text(name).strip())
            assert _title(result.pdf) == normalized(title)

    compiles_literally()


def _title(pdf: Path) -> str:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    # pdfinfo leaves the line out for an empty title.
    titles = [line for line in info.stdout.splitlines() if line.startswith("Title:")]
    return normalized(titles[0].removeprefix("Title:")) if titles else ""


# Characters no font XeLaTeX can use has: emoji of Unicode 14, newer than Symbola (a colour
# emoji font, which XeLaTeX cannot draw with, may have them).
FOREIGN = [chr(c) for c in (0x1FAE0, 0x1F979, 0x1FA7B, 0x1FAF6, 0x1F6DD, 0x1FAA9)]


@settings(
    max_examples=3,
    derandomize=True,
    database=None,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
)
@given(
    st.sampled_from(["en", "zh"]),
    st.sampled_from(FOREIGN),
    st.sampled_from([("name",), ("experience", 0, "bullets", 1), ("awards", 0, "name")]),
)
def test_a_character_no_font_has_is_an_error_naming_it_and_its_field(
    tmp_path_factory, language, char, path
):
    folder = tmp_path_factory.mktemp("glyph")
    filled = fill_profile(language, ["plain text"], ["place"], ["https://example.com"])
    node = filled.data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = f"before {char} after"
    profile = filled.write(folder)
    with pytest.raises(InputError) as error:
        build(profile, language, folder / "out")
    message = str(error.value)
    assert f"U+{ord(char):04X} {unicodedata.name(char)}" in message
    line = next(
        n for n, text in enumerate(profile.read_text("utf-8").splitlines(), 1) if char in text
    )
    assert f"{profile}:{line}:" in message
    assert f": {format_path(path)}: the character" in message
    assert "installed fonts that have it:" in message or "no installed font has it" in message
    assert not (folder / "out" / f"cv.{language}.pdf").exists()

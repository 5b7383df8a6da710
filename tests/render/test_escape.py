"""The one escape path: user text is text, and the light markup renders."""

from __future__ import annotations

import pytest

from cvtex.render.markup import parse
from cvtex.text import texescape
from cvtex.text.texescape import TexCode, tex_url, to_tex

NASTY = r"50% & C# $5 _x_ {a} ~ ^ \ "


def test_specials_are_escaped():
    assert to_tex(NASTY) == (
        r"50\% \& C\# \$5 \_x\_ \{a\} \textasciitilde{} \^{} \textbackslash{} "
    )


@pytest.mark.parametrize(
    "text",
    [r"\input{/etc/passwd}", r"\write18{ls}", "^^5c^^5c", r"\catcode`\@=11", "\\"],
)
def test_tex_commands_are_not_code(text):
    out = to_tex(text)
    assert "\\input" not in out and "\\write" not in out and "\\catcode" not in out
    assert "^^" not in out


def test_the_table_of_specials_is_pylatex_s_character_by_character():
    # The build escapes with its own table (importing pylatex cost 10-20 ms a build); it
    # is pylatex's escape_latex, with a grave accent braced and a kept space a control
    # space, for every character of the Basic Multilingual Plane (both tables name only
    # characters below U+0100).
    from pylatex.utils import escape_latex

    every = "".join(
        chr(code)
        for code in range(0x10000)
        if not 0xD800 <= code <= 0xDFFF and chr(code) != texescape._LATIN_MARK
    )
    theirs = escape_latex(every).replace("`", "{`}").replace("\x1f", "\\ ")
    assert texescape._escape(every) == theirs  # each character escaped on its own, by both
    assert texescape._escape(NASTY + "`!`\n") == (escape_latex(NASTY + "`!`\n").replace("`", "{`}"))


def test_control_characters_are_dropped_and_space_collapsed():
    assert to_tex("a\x00b\x1b c\n\n d\u0085") == "ab c d"


def test_bold_italic_and_links():
    assert to_tex("**J. Fang** and *GRID*") == r"\textbf{J. Fang} and \emph{GRID}"
    assert to_tex("see [code](https://github.com/a/b_c)") == (
        r"see \cvhref{https://github.com/a/b_c}{code}"
    )


def test_markup_inside_link_text_is_escaped():
    assert to_tex("[50% **off**](https://x.org)") == r"\cvhref{https://x.org}{50\% \textbf{off}}"


def test_small_math_is_typeset():
    assert to_tex(r"by $3\times$ and $1.5\times$") == r"by $3\times$ and $1.5\times$"
    assert to_tex("$O(n^2)$") == "$O(n^2)$"


def test_math_that_is_plainly_tex_closes_before_a_digit():
    """A profile an import wrote with a title's TeX kept ("$\\Sigma$3"): once printed as
    its source, the dollar before the 3 taken for money; a price stays a price."""
    assert to_tex(r"$\Sigma$3 twin boundaries") == r"$\Sigma$3 twin boundaries"
    assert to_tex(r"CD4$^+$8 and $x_1$0") == r"CD4\cvscript{symbols}{⁺}8 and $x_1$0"
    assert to_tex("between $5 and $10, or $x$2") == r"between \$5 and \$10, or \$x\$2"
    assert [span.kind for span in parse(r"$\Sigma$3")] == ["math", "text"]


@pytest.mark.parametrize(
    "text",
    [
        "costs $5, or $10",  # dollars, not math (pandoc's rule)
        "$and then$",  # words are prose
        "$a & b$",
    ],
)
def test_dollar_text_that_is_not_small_math_stays_literal(text):
    out = to_tex(text)
    assert r"\$" in out
    assert "$" not in out.replace(r"\$", "")


@pytest.mark.parametrize(
    ("text", "tex"),
    [
        # A command outside the safe list: its argument, never the command.
        (r"$\input{/etc/passwd}$", "/etc/passwd"),
        (r"$\sqrt{s_{NN}}=5$ TeV", r"\cvscript{symbols}{√}sNN=5 TeV"),
        (r"$\frac{a+b}{2}$", "(a+b)/2"),
        (r"$\tilde{O}(n)$", "Õ(n)"),
        (r"$x^{y^z}$", "xyz"),
    ],
)
def test_math_beyond_the_safe_list_is_set_as_its_closest_text(text, tex):
    """Before, such math printed as its source: "$\\sqrt{...}$" with a dollar and a
    backslash in the PDF's text."""
    assert to_tex(text) == tex


def test_the_safe_list_typesets_brackets_fonts_and_set_notation():
    for math in (r"$\mathrm{AC}0[\oplus]$", r"$\mathsf{NP}$", r"$x \in S$", r"$\langle x \rangle$"):
        assert to_tex(math) == math


def test_unpaired_markers_are_literal():
    assert to_tex("5 * 3 ** 2") == "5 * 3 ** 2"
    assert to_tex("[not a link]") == "{[}not a link{]}"


def test_url_is_percent_encoded_where_tex_would_read_code():
    url = tex_url(r"https://x.org/a b?q=1&r=%41#frag~{x}\y^")
    assert url == r"https://x.org/a\%20b?q=1&r=\%41\#frag\string~\%7Bx\%7D\%5Cy\%5E"


def test_texcode_passes_unchanged():
    assert to_tex(TexCode(r"\textbf{x}")) == r"\textbf{x}"


@pytest.mark.parametrize(
    ("text", "tex"),
    [
        ("the RedSync – a store", r"the RedSync \cvlatin{–} a store"),
        ("接口 – the feature", r"接口 \cvlatin{–} the feature"),  # English after Chinese
        ("2019.09–2021.06", r"2019.09\cvlatin{–}2021.06"),
        ("What’s “new”…", r"What\cvlatin{’}s \cvlatin{“}new\cvlatin{”}\cvlatin{…}"),
        ("**RedSync** — a", r"\textbf{RedSync} \cvlatin{—} a"),
        ("[data – why](https://x.org/a–b)",
         r"\cvhref{https://x.org/a\%E2\%80\%93b}{data \cvlatin{–} why}"),
    ],
)  # fmt: skip
def test_latin_punctuation_beside_latin_text_is_set_apart_from_xecjk(text, tex):
    assert to_tex(text) == tex


@pytest.mark.parametrize("text", ["研究——方法", "他说“你好”", "好……", "–"])
def test_chinese_punctuation_beside_chinese_text_stays_chinese(text):
    assert r"\cvlatin" not in to_tex(text)


def test_a_middle_dot_is_the_latin_fonts_even_between_chinese_names():
    # Read back from a CJK font's bold as the katakana middle dot (U+30FB).
    assert to_tex("埃莱娜·加西亚") == r"埃莱娜\cvlatin{·}加西\nobreak 亚"


def test_a_latin_word_with_combining_marks_is_set_under_its_actual_text():
    """ọ̀ typed as o, a dot below and a grave: the word is \\cvmarked{word}{its UTF-16},
    composed (NFC) in the ActualText, with the space after it when one follows; a letter
    already composed, and a script that needs its marks shaped (Devanagari), stay as they
    are."""
    tex = to_tex("Adébáyo\u0323\u0300 Olúwo\u0323\u0300le\u0323\u0301, Ìbàdàn")
    assert tex == (
        "\\cvmarked{Adébáyo\u0323\u0300}{0041006400E9006200E10079" + "1ECD03000020} "
        "\\cvmarked{Olúwo\u0323\u0300le\u0323\u0301}{004F006C00FA0077" + "1ECD0300006C1EB90301}"
        ", Ìbàdàn"
    )
    assert to_tex("**Ọ\u0300ṣun**") == "\\textbf{\\cvmarked{Ọ\u0300ṣun}{1ECC03001E630075006E}}"
    assert to_tex("नमस्ते") == "\\cvscript{devanagari}{नमस्ते}"
    assert to_tex("Adébáyọ") == "Adébáyọ"  # composed already: one character each


def test_an_escape_remembered_is_the_escape_made_again():
    # Each distinct text is escaped once per set of fallback letters (the one state the
    # escape reads): what is given back is what escaping it again makes.
    texts = [NASTY, "Müller **et al.** $3\\times$ 分布式训练研究", "김 **민준** 씨", "ッ"]
    for letters in (frozenset(), frozenset("ü")):
        with texescape.fallback_letters(letters):
            for text in texts:
                first = to_tex(text)
                assert first == to_tex(text) == texescape._marked_up_with.__wrapped__(text, letters)
    with texescape.fallback_letters(frozenset("ü")):
        fallback = to_tex("Müller")
    assert fallback != to_tex("Müller") and r"\cvscript{latin}{ü}" in fallback

"""The Markdown escape path and front matter, checked through a real CommonMark renderer.

markdown-it renders with raw HTML enabled, as a permissive static-site generator would: any
HTML, heading, list or link a field managed to inject would show up in its output.
"""

from __future__ import annotations

import html
import re

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from cvtex.errors import InputError
from cvtex.profile.base import YearMonth
from cvtex.profile.load import load_profile
from cvtex.profile.model import Homepage
from cvtex.render.frontmatter import front_matter
from cvtex.render.markdown import link_filter, markdown_of, math_text, to_markdown
from cvtex.render.markup import MATH_SYMBOLS, parse
from cvtex.text.texescape import _MATH_COMMANDS

COMMONMARK = MarkdownIt("commonmark", {"html": True})


def rendered(markdown: str) -> str:
    return COMMONMARK.render(markdown)


def visible_text(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


HOSTILE = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "<!-- hidden -->",
    "# not a heading",
    "## not either",
    "- not a list",
    "+ nor this",
    "1. not numbered",
    "2) nor this",
    "> not a quote",
    "---",
    "===",
    "`code` stays text",
    "a_b_c and _emph_",
    "~~not struck~~",
    "{{ site.title }} {% include x.html %} {{< shortcode >}}",
    "&lt; stays &amp;lt;",
    "50% & C# $5 | pipes | \\ backslash",
    "<https://example.com> is not an autolink",
    "2 * 3 * 4 and **unclosed",
    "[not a link] (x) [nor] [this][ref]",
    "costs $5, or $10",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_a_field_is_text_wherever_it_stands(text):
    markdown = to_markdown(text)
    for context in (f"{markdown}\n", f"- {markdown}\n", f"- first  \n  {markdown}\n"):
        out = rendered(context)
        assert "<script" not in out and "<img" not in out and "<!--" not in out
        assert not re.search(r"<(h\d|ol|blockquote|hr|code|del|a)\b", out), (text, out)
        assert visible_text(out).endswith(" ".join(text.split())), (text, out)


def test_an_exclamation_mark_before_a_link_never_makes_an_image():
    out = rendered(to_markdown("![a link, not an image](x.png)"))
    assert "<img" not in out
    assert out == '<p>!<a href="x.png">a link, not an image</a></p>\n'


@given(st.text(alphabet="ab #-+=:.1)<>&;{}%~`_|\\!\"'()]\n", max_size=40))
def test_any_text_without_markup_renders_as_itself(text):
    plain = " ".join(text.split())
    if not plain:
        return
    assert visible_text(rendered(f"- {to_markdown(text)}\n")) == plain


def test_light_markup_becomes_markdown():
    out = to_markdown("**bold** and *italic* and [a link](https://example.com/a_b?x=1&y=2)")
    assert out == "**bold** and *italic* and [a link](https://example.com/a_b?x=1&y=2)"
    page = rendered(out)
    assert "<strong>bold</strong>" in page and "<em>italic</em>" in page
    assert '<a href="https://example.com/a_b?x=1&amp;y=2">a link</a>' in page


@pytest.mark.parametrize(
    "url", ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "vbscript:x"]
)
def test_unsafe_links_are_text(url):
    out = rendered(to_markdown(f"[click]({url})"))
    assert "<a" not in out and "click" in out
    assert "<a" not in rendered(str(link_filter("click", url)))


def test_entity_in_a_link_cannot_smuggle_a_scheme():
    out = rendered(to_markdown("[x](javascript&#58;alert%281%29)"))
    assert "javascript:" not in out


def test_relative_links_stay_relative():
    assert str(link_filter("pdf", "../pdf/titan.pdf")) == "[pdf](../pdf/titan.pdf)"
    assert str(link_filter("blog", "/2022/12/02/goat/")) == "[blog](/2022/12/02/goat/)"


def test_math_becomes_unicode():
    assert to_markdown(r"speed-up by $3\times$ and $1.5\times$") == "speed-up by 3× and 1.5×"
    assert math_text("x^2 + y_{1}") == "x² + y₁"
    assert math_text(r"O(n \log n)") == "O(n log n)"
    assert math_text("a^{b}") == "a^b"  # no superscript b: still readable


def test_every_math_command_has_a_character():
    assert set(_MATH_COMMANDS) <= set(MATH_SYMBOLS)


@pytest.mark.parametrize(
    ("generator", "date_line"),
    [
        ("hexo", "date: 2021-12-23 16:55:31"),
        ("jekyll", "date: 2021-12-23 16:55:31"),
        ("hugo", "date: 2021-12-23T16:55:31"),
    ],
)
def test_front_matter_per_generator(generator, date_line):
    settings = Homepage(generator=generator, date="2021-12-23 16:55:31")
    block = front_matter(settings, "About me", None)
    assert block.startswith("---\n") and block.endswith("---\n\n")
    assert date_line in block.splitlines()
    data = yaml.safe_load(block.split("---")[1])
    assert data["title"] == "About me"
    assert ("layout" in data) == (generator == "jekyll")


def test_front_matter_title_is_only_text():
    title = "Me: a title\n---\nevil: true #"
    block = front_matter(Homepage(), title, YearMonth(2024, 12))
    assert block.count("\n---\n") == 1  # only the closing line
    data = yaml.safe_load(block.split("\n---\n")[0].removeprefix("---\n"))
    assert data == {"title": title, "updated": __import__("datetime").date(2024, 12, 1)}


def test_front_matter_takes_the_updated_day():
    data = yaml.safe_load(front_matter(Homepage(), "CV", YearMonth(2024, 3, 3)).split("---")[1])
    assert data["updated"] == __import__("datetime").date(2024, 3, 3)


def test_front_matter_extra_keys_and_none():
    settings = Homepage(generator="hugo", front_matter={"draft": False, "tags": ["cv"]})
    data = yaml.safe_load(front_matter(settings, "CV", None).split("---")[1])
    assert data == {"title": "CV", "draft": False, "tags": ["cv"]}
    assert front_matter(Homepage(generator="none"), "CV", None) == ""


def test_homepage_settings_are_checked_with_their_line(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        "name: Jin\nhomepage:\n  generator: hexo\n  front_matter: {title: x}\n", encoding="utf-8"
    )
    with pytest.raises(InputError) as error:
        load_profile(profile)
    assert f"{profile}:4:" in str(error.value)
    assert "homepage.title" in str(error.value)
    profile.write_text("name: Jin\nhomepage: {generater: hugo}\n", encoding="utf-8")
    with pytest.raises(InputError, match="did you mean 'generator'"):
        load_profile(profile)


def test_json_resume_text_is_the_same_walk_unescaped():
    text = "a_b {x} 3*4 **B** [l](https://e.org/a(1)) $3\\times$ ~"
    spans = parse(text)
    # JSON Resume's themes render the Markdown themselves: the text stays as written.
    assert markdown_of(spans, escaped=False) == "a_b {x} 3*4 **B** [l](https://e.org/a(1)) 3× ~"
    assert markdown_of(spans) == to_markdown(text)

"""The example's homepage page against the homepage it replaces (seed 000, kept by hand).

`cvtex build --variant homepage --format md` must carry every publication title and every
link of the reference page, its patents with their numbers, its services and its others.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml
from markdown_it import MarkdownIt

from cvtex.profile.load import load_profile
from cvtex.text.scripts import autospaced

from ..building import build
from ..conftest import EXAMPLE, ROOT

SEEDS = Path(os.environ.get("CVTEX_SEEDS", ROOT.parent / "shared" / "seeds"))
HOMEPAGE_SEED = SEEDS / "000_68313e9fd8b8caa2.txt"

if not HOMEPAGE_SEED.exists() and not os.environ.get("CI"):
    pytest.skip(f"reference homepage not found in {SEEDS}", allow_module_level=True)

COMMONMARK = MarkdownIt("commonmark", {"html": True})


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, str]:
    out = tmp_path_factory.mktemp("homepage")
    results = build(EXAMPLE, "en,zh", out_dir=out, variant="homepage", formats=["md"])
    assert results == []  # no PDF was asked for
    assert sorted(path.name for path in out.iterdir()) == [
        "profile.homepage.en.md",
        "profile.homepage.zh.md",
    ]
    return {lang: (out / f"profile.homepage.{lang}.md").read_text("utf-8") for lang in ("en", "zh")}


def seed() -> str:
    return HOMEPAGE_SEED.read_text(encoding="utf-8")


def seed_section(title: str) -> str:
    match = re.search(rf"^## {title}\n(.*?)(?=^## |\Z)", seed(), re.MULTILINE | re.DOTALL)
    assert match, title
    return match[1]


def seed_titles() -> list[str]:
    return re.findall(r"^- \*(.+?)\*\s*$", seed_section("Publications"), re.MULTILINE)


def seed_urls() -> list[str]:
    urls = re.findall(r"\]\(([^)\s]+)\)", seed()) + re.findall(r'href="([^"]+)"', seed())
    # The person's real address: the example profile uses a placeholder (see seeds/README).
    placeholder = load_profile(EXAMPLE).profile.contacts[0].value
    return [f"mailto:{placeholder}" if url.startswith("mailto:") else url for url in urls]


def hrefs(markdown: str) -> set[str]:
    return set(re.findall(r'href="([^"]+)"', COMMONMARK.render(markdown)))


def text_of(markdown: str) -> str:
    """What a reader sees, as one line: the rendered page without its tags."""
    import html

    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", COMMONMARK.render(markdown))).split())


def bullets(section: str) -> list[str]:
    """A seed section's list items (nested ones too), as a reader sees them."""
    return [text_of(line.strip()[2:]) for line in section.splitlines() if line.strip()[:2] == "- "]


def test_the_reference_lists_are_not_empty():
    assert len(seed_titles()) == 6
    assert len(seed_urls()) == 22


def test_front_matter_is_the_homepages(pages):
    head = yaml.safe_load(pages["en"].split("---\n")[1])
    assert head == yaml.safe_load(seed().split("---\n")[1])  # title: About me, date: ...
    assert yaml.safe_load(pages["zh"].split("---\n")[1])["title"] == "关于我"


def test_every_publication_title_of_the_homepage(pages):
    for lang in ("en", "zh"):
        shown = text_of(pages[lang])
        missing = [title for title in seed_titles() if title.strip() not in shown]
        assert not missing, f"missing from the {lang} page: {missing}"


def test_every_link_of_the_homepage(pages):
    # The English page holds every link (its introduction is written in English only);
    # the Chinese page every one but the introduction's, which falls back to English too.
    for lang in ("en", "zh"):
        missing = [url for url in seed_urls() if url not in hrefs(pages[lang])]
        assert not missing, f"missing from the {lang} page: {missing}"


def test_publication_links_in_the_homepages_shape(pages):
    assert (
        "[[pdf](../pdf/goat.pdf)] [[slides](../pdf/goat-slide.pdf)] "
        "[[video](https://youtu.be/aYkok2JVDqk)] [[blog](/2022/12/02/goat/)]"
    ) in pages["en"]
    assert "[[论文](../pdf/goat.pdf)] [[幻灯片](../pdf/goat-slide.pdf)]" in pages["zh"]


def test_owner_in_bold_in_every_author_list(pages):
    publications = pages["en"].split("## Publications")[1].split("## ")[0]
    items = [item for item in publications.split("\n- ") if item.strip()]
    assert len(items) == 8
    assert all("**J. Fang**" in item for item in items)
    assert "**方缙**" in pages["zh"]


def test_patents_with_their_numbers(pages):
    patents = re.findall(r"^- (\S+) \[(CN\w+)\]$", seed_section("Patents"), re.MULTILINE)
    assert len(patents) == 2
    for lang, heading in (("en", "Patents"), ("zh", "专利")):
        section = pages[lang].split(f"\n## {heading}\n")[1].split("\n## ")[0]
        for title, number in patents:
            # Upright (a Chinese title has no italics), spaced from its Latin letters as
            # xeCJK spaces them in the PDF.
            assert f"\n- {autospaced(title)}  \n" in section and number in section, (lang, title)


def test_services_and_others(pages):
    shown = text_of(pages["en"])
    expected = bullets(seed_section("Services")) + bullets(seed_section("Others"))
    assert len(expected) == 9
    missing = [item for item in expected if item not in shown]
    assert not missing, missing


def test_the_homepage_needs_no_raw_html(pages):
    # The reference page wrote its contact link as raw HTML; the generated page never does.
    assert "<a " in seed()
    for lang in ("en", "zh"):
        assert "<" not in pages[lang].replace("\\<", "")

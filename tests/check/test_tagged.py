"""``design: {tagged: true}``: a tagged PDF in every theme, whose structure tree (headings,
lists, paragraphs) points at the page's own marked content, once each; off by default."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject

from cvtex.cli.main import main

from ..conftest import EXAMPLE, THEMES, pdf_info
from ..letter.test_letter import letter  # noqa: F401  (a fixture)


def built(profile: Path, out_dir: Path, *options: str) -> None:
    result = CliRunner().invoke(
        main, ["build", str(profile), "--out", str(out_dir), "-q", *options]
    )
    assert result.exit_code == 0, result.output


def tree(pdf: Path) -> tuple[Counter[str], list[tuple[int, int]], list[tuple[int, int]]]:
    """The structure elements by type; the (page, MCID) each element points at; and the
    (page, MCID) of every marked-content sequence the pages' contents hold."""
    reader = PdfReader(pdf)
    page_of = {page.indirect_reference.idnum: n for n, page in enumerate(reader.pages)}
    in_content = []
    for n, page in enumerate(reader.pages):
        stream = page.get_contents().get_data().decode("latin-1")
        properties = page["/Resources"].get("/Properties")
        named = properties.get_object() if properties else {}
        for name in re.findall(r"/(\w+)\s+BDC", stream):
            if f"/{name}" in named:
                in_content.append((n, int(named[f"/{name}"].get_object()["/MCID"])))
    kinds: Counter[str] = Counter()
    pointed = []

    def walk(element: DictionaryObject, page: IndirectObject | None) -> None:
        page = element.get("/Pg", page)
        if "/S" in element:
            kinds[str(element["/S"])] += 1
        kids = element.get("/K", [])
        for kid in kids if isinstance(kids, list) else [kids]:
            kid = kid.get_object()
            if isinstance(kid, int):
                pointed.append((page_of[page.idnum], int(kid)))
            elif kid.get("/Type") == "/MCR":
                pointed.append((page_of[kid.get("/Pg", page).idnum], int(kid["/MCID"])))
            elif kid.get("/Type") != "/OBJR":
                walk(kid, page)

    walk(reader.trailer["/Root"]["/StructTreeRoot"].get_object(), None)
    return kinds, pointed, in_content


@pytest.mark.parametrize("theme", THEMES)
def test_a_tagged_cv_has_headings_lists_and_paragraphs_in_every_theme(tmp_path, theme):
    built(EXAMPLE, tmp_path, "--theme", theme, "--lang", "en,zh-TW", "--design", "tagged=true")
    for language, tag in (("en", "en-US"), ("zh-TW", "zh-TW")):
        pdf = tmp_path / f"profile.{language}.pdf"
        assert re.search(r"^Tagged:\s+yes$", pdf_info(pdf), re.MULTILINE)
        kinds, pointed, in_content = tree(pdf)
        assert kinds["/H1"] == 1  # the name
        assert kinds["/H2"] >= 5  # the section titles
        assert kinds["/H3"] >= 5  # the entries' first lines
        assert kinds["/L"] >= 5 and kinds["/LI"] == kinds["/LBody"] >= 20
        assert kinds["/P"] >= 20
        # Each piece of the pages' text belongs to one element, and no element points at
        # text that is not there (what a pass too few, or a column set twice, leaves).
        assert len(pointed) == len(set(pointed))
        assert sorted(pointed) == sorted(in_content)
        reader = PdfReader(pdf)
        assert reader.trailer["/Root"]["/Lang"] == tag
        assert reader.xmp_metadata is not None
        assert reader.metadata.title.startswith(("Jin Fang – ", "方缙 – "))


def test_a_cv_is_not_tagged_unless_asked(built_example):
    pdf = built_example.results["en"].pdf
    assert re.search(r"^Tagged:\s+no$", pdf_info(pdf), re.MULTILINE)
    assert "/StructTreeRoot" not in PdfReader(pdf).trailer["/Root"]


def test_a_tagged_letter(letter):  # noqa: F811
    built(letter, letter.parent / "out", "--lang", "en,zh", "--design", "tagged=true")
    for language in ("en", "zh"):
        pdf = letter.parent / "out" / f"acme.{language}.pdf"
        assert re.search(r"^Tagged:\s+yes$", pdf_info(pdf), re.MULTILINE)
        kinds, pointed, in_content = tree(pdf)
        assert kinds["/P"] >= 4
        assert sorted(pointed) == sorted(in_content)

"""The Word copy (--format docx): read back with python-docx, and converted to PDF by
LibreOffice (Debian's libreoffice-writer-nogui, headless), as a recruiter's Word would
show it: every phrase of the example in order, about as many pages as the PDF."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import docx
import pytest
from docx.oxml.ns import qn
from docx.text.hyperlink import Hyperlink

from cvtex.errors import InputError
from cvtex.pipeline.build import localized
from cvtex.pipeline.load import load
from cvtex.render.blocks import cv_blocks

from ..building import build, request
from ..conftest import EXAMPLE, ROOT, normalized, pdf_text

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
FULL = ROOT / "tests" / "data" / "full" / "profile.yaml"
LANGUAGES = ("en", "zh", "zh-TW")
EXPECTED_EAST_ASIAN = {
    "zh": ("zh-CN", "SimSun", "Microsoft YaHei"),
    "zh-TW": ("zh-TW", "PMingLiU", "Microsoft JhengHei"),
}


@pytest.fixture(scope="session")
def word_example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example's PDFs and Word copies in English, Chinese and Traditional Chinese."""
    out = tmp_path_factory.mktemp("word")
    build(EXAMPLE, ",".join(LANGUAGES), out_dir=out, formats=["pdf", "docx", "txt"])
    return out


@pytest.fixture(scope="session")
def libreoffice_pdfs(word_example: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Each Word copy converted to PDF by LibreOffice once, in a profile of its own."""
    assert SOFFICE, "LibreOffice is missing: `make test-system-deps` installs it"
    out = tmp_path_factory.mktemp("libreoffice")
    profile = tmp_path_factory.mktemp("libreoffice-profile")
    for language in LANGUAGES:
        run = subprocess.run(
            [
                SOFFICE,
                f"-env:UserInstallation={profile.as_uri()}",
                "--headless",
                "--convert-to",
                "pdf",
                "--outdir",
                str(out),
                str(word_example / f"profile.{language}.docx"),
            ],
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
            env={**os.environ, "HOME": str(profile)},
        )
        assert run.returncode == 0, run.stderr[-2000:]
    return out


def blocks_of(language: str, profile: Path = EXAMPLE):
    loaded = load(request(profile, language))
    item = localized(loaded, language)
    return cv_blocks(item.view, item.catalog)


def phrases(language: str) -> list[str]:
    """Every piece of text the CV shows, in its order: each line's left and right parts."""
    found = []
    for block in blocks_of(language).blocks:
        found += [
            block.label,
            block.text,
            "".join(r.text for r in block.right),
            *("".join(r.text for r in line) for line in block.lines),
        ]
    return [phrase for phrase in found if phrase.strip()]


def paragraph_text(block) -> str:
    right = "".join(run.text for run in block.right)
    return (
        (f"{block.label}\t" if block.label else "")
        + block.text
        + (f"\t{right}" if right else "")
        + "".join("\n" + "".join(run.text for run in line) for line in block.lines)
    )


def styles_used(document) -> set[str]:
    return {paragraph.style.name for paragraph in document.paragraphs}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_section_in_order(word_example, language):
    document = docx.Document(word_example / f"profile.{language}.docx")
    blocks = blocks_of(language)
    titles = [block.text for block in blocks.blocks if block.kind == "section"]
    assert len(titles) >= 5
    assert [p.text for p in document.paragraphs if p.style.name == "Heading 1"] == titles
    assert document.paragraphs[0].style.name == "Title"
    assert document.paragraphs[0].text == blocks.author  # the name, in Title style
    # Every paragraph's text is a block's, in the blocks' order: its left part, its right
    # part after a tab, a referee's lines after line breaks.
    assert [p.text for p in document.paragraphs] == [paragraph_text(b) for b in blocks.blocks]
    properties = document.core_properties
    assert properties.title == blocks.title and properties.author == blocks.author
    assert blocks.title.startswith(f"{blocks.author} – ")  # "Jin Fang – Curriculum Vitae"
    assert properties.language == {"en": "en-US", "zh": "zh-CN", "zh-TW": "zh-TW"}[language]


def test_word_styles_a_recruiter_can_edit(tmp_path):
    build(FULL, "en", out_dir=tmp_path, formats=["docx"])
    document = docx.Document(tmp_path / "profile.en.docx")
    used = styles_used(document)
    for style in (
        "Title",
        "Subtitle",
        "Heading 1",
        "Heading 2",
        "Entry Heading",
        "Entry Detail",
        "List Bullet",
        "List Number",
        "Citation",
    ):
        assert style in used, f"{style} is not used"
    # Dates and places sit on a right tab stop at the text width, not after spaces.
    section = document.sections[0]
    width = section.page_width - section.left_margin - section.right_margin
    stops = document.styles["Entry Detail"].paragraph_format.tab_stops
    assert [stop.position for stop in stops] == [width]
    details = [p for p in document.paragraphs if p.style.name == "Entry Detail"]
    assert all("  " not in p.text for p in details)
    assert any("\t" in p.text for p in details)


def test_the_design_sets_paper_margins_size_and_accent(word_example):
    document = docx.Document(word_example / "profile.en.docx")
    section = document.sections[0]
    assert round(section.page_width.mm) == 210 and round(section.page_height.mm) == 297
    assert round(section.left_margin.cm, 2) == pytest.approx(1.55, abs=0.01)  # classic's
    assert document.styles["Normal"].font.size.pt == 10
    assert str(document.styles["Heading 1"].font.color.rgb) == "1B4F72"
    assert document.styles["Normal"].font.name == "Palatino Linotype"


@pytest.mark.parametrize("language", ["zh", "zh-TW"])
def test_chinese_runs_carry_their_east_asian_font_and_language(word_example, language):
    tag, font, heading_font = EXPECTED_EAST_ASIAN[language]
    document = docx.Document(word_example / f"profile.{language}.docx")
    headings = {"Title", "Heading 1", "Heading 2"}
    chinese = [
        (paragraph.style.name in headings, run)
        for paragraph in document.paragraphs
        for item in paragraph.iter_inner_content()
        for run in (item.runs if isinstance(item, Hyperlink) else [item])
        if any("\u4e00" <= ch <= "\u9fff" for ch in run.text)
    ]
    assert len(chinese) > 50
    assert any(heading for heading, _ in chinese)
    for heading, run in chinese:
        properties = run.element.rPr
        assert properties.find(qn("w:lang")).get(qn("w:eastAsia")) == tag
        east_asian = properties.rFonts.get(qn("w:eastAsia"))
        # Titles and bold Chinese in the sans face (黑体), as in the PDF.
        assert east_asian == (heading_font if heading or run.bold else font), run.text
        assert not run.italic  # no slanted Chinese


def test_links_are_clickable_and_the_owner_is_bold(word_example):
    document = docx.Document(word_example / "profile.en.docx")
    links = [link.url for p in document.paragraphs for link in p.hyperlinks]
    assert "https://github.com/example" in links
    assert any(url.startswith("mailto:") for url in links)
    citations = [p for p in document.paragraphs if p.style.name == "Citation"]
    assert len(citations) >= 6
    for paragraph in citations:
        owner = [run for run in paragraph.runs if run.text == "J. Fang"]
        assert owner and all(run.bold for run in owner), paragraph.text


def test_the_photo_is_in_the_copy_that_shows_it(tmp_path):
    build(FULL, "en,zh", out_dir=tmp_path, formats=["docx"])  # photo: {show: [zh]}
    shown = docx.Document(tmp_path / "profile.zh.docx")
    hidden = docx.Document(tmp_path / "profile.en.docx")
    assert shown.element.body.findall(".//" + qn("wp:anchor"))
    assert len(shown.part.package.image_parts) == 1
    assert not hidden.element.body.findall(".//" + qn("wp:anchor"))


def test_a_photo_that_is_gone_fails_and_leaves_the_last_copy(tmp_path):
    folder = tmp_path / "cv"
    shutil.copytree(FULL.parent, folder)
    out = tmp_path / "out"
    build(folder / "profile.yaml", "zh", out_dir=out, formats=["docx"])
    before = (out / "profile.zh.docx").read_bytes()
    (folder / "photo.png").unlink()
    with pytest.raises(InputError) as error:
        build(folder / "profile.yaml", "zh", out_dir=out, formats=["docx", "txt"])
    assert "profile.yaml:7" in str(error.value) and "photo.file" in str(error.value)
    assert (out / "profile.zh.docx").read_bytes() == before
    assert not (out / "profile.zh.txt").exists()


@pytest.mark.parametrize("language", LANGUAGES)
def test_libreoffice_shows_every_phrase_in_order(word_example, libreoffice_pdfs, language):
    text = normalized(pdf_text(libreoffice_pdfs / f"profile.{language}.pdf"))
    position = 0
    for phrase in phrases(language):
        found = text.find(normalized(phrase), position)
        assert found >= 0, f"{phrase!r} is missing, or out of order, in LibreOffice's PDF"
        position = found + len(normalized(phrase))


@pytest.mark.parametrize("language", LANGUAGES)
def test_libreoffice_pages_about_as_many_as_the_pdf(word_example, libreoffice_pdfs, language):
    def pages(pdf: Path) -> int:
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
        return int(next(line for line in info.stdout.splitlines() if line.startswith("Pages:"))[6:])

    word = pages(libreoffice_pdfs / f"profile.{language}.pdf")
    assert abs(word - pages(word_example / f"profile.{language}.pdf")) <= 1

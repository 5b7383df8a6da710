"""`cvtex check`: every text of the example read back whole and in order by two PDF readers,
in every built-in theme and language; a split word found and located; the PDFs' metadata."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from cvtex.check.compare import comparable, misses
from cvtex.check.expected import Phrase
from cvtex.check.reading import Reading
from cvtex.cli.main import main
from cvtex.pipeline.build import build as run_build

from ..building import Built, request
from ..conftest import EXAMPLE, TINY, BuiltExample, pdf_info
from ..readers import READER_NAMES, four_readers

LANGUAGES = ("en", "zh", "zh-TW", "zh-HK")


def checked(profile: Path, out_dir: Path, theme: str | None = None) -> dict[str, Reading]:
    """The profile built with a check by cvtex's readers and PyMuPDF."""
    reporter = Built(out_dir)
    with four_readers():
        run_build(request(profile, out_dir=out_dir, theme=theme, check=True), reporter)
    return reporter.readings


@pytest.fixture(scope="session")
def example_readings(built_example: BuiltExample) -> dict[str, Reading]:
    """The example's PDFs of one theme (compiled by built_example) read back by four readers."""
    return checked(EXAMPLE, built_example.out_dir, built_example.theme)


def test_every_text_of_the_example_comes_back_whole_and_in_order(built_example, example_readings):
    assert set(example_readings) == set(LANGUAGES)
    for language, reading in example_readings.items():
        problems = [
            f"{finding.extractor}: {finding.miss.kind}: {finding.miss.text!r} at {finding.where}"
            for finding in reading.findings
        ]
        assert problems == [], f"{built_example.theme} {language}"
        assert reading.found == dict.fromkeys(READER_NAMES, reading.texts)
        assert reading.texts > 80  # every entry's texts, not a few headings


def read_by_pdftotext(pdf: Path) -> str:
    """The text as pdftotext gives it in its default mode, as a parser calls it."""
    return subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout


def test_no_icon_or_bullet_comes_back_as_a_character(built_example):
    # The contacts have icons in every theme: drawn as outlines, they are no text at all.
    for language in LANGUAGES:
        text = read_by_pdftotext(built_example.results[language].pdf)
        assert not [ch for ch in text if 0xE000 <= ord(ch) <= 0xF8FF], language
        assert "jin.fang@example.com" in text


def test_the_name_is_the_first_line_read(built_example):
    for language in LANGUAGES:
        text = read_by_pdftotext(built_example.results[language].pdf)
        first_line = text.strip().splitlines()[0]
        assert first_line.replace(" ", "") in ("JinFang", "方缙"), language


EXPECTED_METADATA = {
    "en": ("en-US", "Jin Fang – Curriculum Vitae", "Jin Fang"),
    "zh": ("zh-CN", "方缙 – 简历", "方缙"),
    "zh-TW": ("zh-TW", "方缙 – 履歷", "方缙"),  # a name is kept as written
    "zh-HK": ("zh-HK", "方缙 – 履歷", "方缙"),
}


def test_each_pdf_says_its_language_title_author_and_keywords(built_example):
    for language, (tag, title, author) in EXPECTED_METADATA.items():
        reader = PdfReader(built_example.results[language].pdf)
        assert reader.trailer["/Root"]["/Lang"] == tag
        assert reader.metadata.title == title
        assert reader.metadata.author == author
        assert "Python" in reader.metadata["/Keywords"]  # the skills
        xmp = reader.xmp_metadata
        assert xmp is not None and title in xmp.dc_title.values()
        assert xmp.dc_language == [tag]


def test_pdfinfo_shows_the_title_of_a_traditional_chinese_cv(built_example):
    assert "方缙 – 履歷" in pdf_info(built_example.results["zh-TW"].pdf)


# -- what a reader gives back, against what the CV shows ------------------------------------


def phrases(name: str, *texts: str) -> list[Phrase]:
    """The name in the header, then texts of one section in the main column."""
    return [Phrase(name, "head", -1, True), *(Phrase(text, "main", 0, True) for text in texts)]


def test_a_word_split_by_a_hyphen_at_a_line_end_is_a_split():
    found, count = misses(
        phrases("Jin Fang", "Distributed training"), ["Jin Fang\nDis-\ntributed training"]
    )
    assert count == 1
    assert [(miss.kind, miss.text) for miss in found] == [("split", "distributed")]


def test_a_hyphen_of_the_text_at_a_line_end_is_kept():
    found, count = misses(
        phrases("Ann", "In-network aggregation"), ["Ann\nIn-\nnetwork aggregation"]
    )
    assert (found, count) == ([], 2)


def test_chinese_broken_over_lines_is_one_text():
    found, count = misses(
        phrases("方缙", "分布式模型训练具有通信瓶颈"), ["方缙\n分布式模型训\n练具有通信瓶颈"]
    )
    assert (found, count) == ([], 2)


def test_chinese_running_over_a_page_break_is_one_text():
    # Each page is read apart; a Chinese sentence cut by the page break joins without a space.
    pages = ["方缙\n专利号 CN114900482A，\n", "已授权\n"]
    found, count = misses(phrases("方缙", "专利号 CN114900482A，已授权"), pages)
    assert (found, count) == ([], 2)


def test_texts_read_out_of_order_and_a_stray_character_are_reported():
    found, _ = misses(
        phrases("Ann Lee", "First entry", "Second entry"),
        ["Ann Lee \uf0e0\nSecond entry\nFirst entry"],
    )
    assert {(miss.kind, miss.text) for miss in found} == {
        ("order", "Second entry"),
        ("stray", "U+F0E0"),
    }


def test_the_name_read_after_other_text_is_out_of_order():
    found, _ = misses(phrases("Ann Lee", "Hunan University"), ["Hunan University\nAnn Lee"])
    assert [(miss.kind, miss.text) for miss in found] == [("order", "Ann Lee")]


def test_comparison_is_as_parsers_compare():
    assert comparable("“Quoted”  TEXT ,") == '"quoted" text,'
    # Lato draws "-" and "·" with the glyphs of U+2010 and U+2219, which pdfminer gives back.
    lato = comparable("Garcia\u2010Lopez 埃莱娜\u2219加西亚")
    assert lato == comparable("Garcia-Lopez 埃莱娜·加西亚")
    assert comparable("ＡＢＣ　中文 English") == "abc中文english"


# -- a PDF made to split words: the check fails, and says where -----------------------------

LONG_WORDS = (
    "Characterization of heterogeneous telecommunications infrastructure through "
    "internationalization, electroencephalography, counterrevolutionary historiography, "
    "incomprehensibility, photolithographic microfabrication and thermodynamically "
    "irreversible electrochemistry in interdisciplinary neuropharmacological collaborations"
)


def test_a_pdf_that_splits_words_fails_the_check_with_the_profile_line(tmp_path, custom_theme):
    data = {**TINY, "languages": ["en"], "name": "Ann Lee"}
    data["education"] = [{**TINY["education"][0], "bullets": [LONG_WORDS]}]
    profile = tmp_path / "cv.yaml"
    profile.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")

    # Hyphenation back on, as TeX has it by default, and lines justified (a ragged line
    # has no need to break a word): long words are split at line ends.
    def hyphenating(base: str) -> str:
        base = base.replace("\\hyphenpenalty=10000", "\\hyphenpenalty=0")
        return base.replace("\\@rightskip\\@flushglue\\rightskip\\@rightskip", "")

    theme = custom_theme("hyphenating", hyphenating)
    result = CliRunner().invoke(main, ["check", str(profile), "--theme", theme, "-q"])
    assert result.exit_code == 1, result.output
    assert "split" in result.output
    line = next(line for line in result.output.splitlines() if "split" in line)
    lines = profile.read_text(encoding="utf-8").splitlines()
    bullet = next(number for number, text in enumerate(lines, 1) if "Characterization" in text)
    assert line.strip().startswith(f"{profile}:{bullet}: pdfminer: "), line
    assert "error:" in result.output and "docs/ats.md" in result.output


def test_check_passes_and_build_check_reports_each_language(tiny):
    result = CliRunner().invoke(main, ["build", str(tiny), "--check"])
    assert result.exit_code == 0, result.output
    assert "en: read back: pdftotext" in result.output
    assert "zh: read back: pdftotext" in result.output


def test_a_check_without_pdfs_is_refused_before_building(tiny):
    result = CliRunner().invoke(main, ["build", str(tiny), "--check", "--format", "md"])
    assert result.exit_code != 0
    assert "--format" in result.output and "Traceback" not in result.output
    assert not (tiny.parent / "out" / "cv.md").exists()


FULL = Path(__file__).parent.parent / "data" / "full" / "profile.yaml"


def test_a_busy_sidebar_page_reads_column_by_column(tmp_path):
    """The full profile fills the side column with short sections beside long entries, and
    its Chinese CV has a photo: both readers must read the name, then the side column, then
    the main column. Before the side column kept one line pitch (one text block for
    Poppler), a side section at the height of a gap in the main column was read inside it."""
    readings = checked(FULL, tmp_path, "sidebar")
    for language in ("en", "zh"):
        problems = [
            f"{finding.extractor}: {finding.miss.kind}: {finding.miss.text!r}: {finding.miss.got!r}"
            for finding in readings[language].findings
        ]
        assert problems == [], language
        assert readings[language].found["pdftotext"] == readings[language].texts

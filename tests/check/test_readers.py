"""Four readers, every word whole: cvtex check's three (pdftotext, pdfminer.six, PDFium) and
PyMuPDF, on words that readers have split: compounds with hyphens, a phone number, degrees
in small capitals ("PhD", "Ph.D."), in every theme and in English and Chinese; an
ideographic space between two Chinese phrases; what the check says of two columns."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cvtex.check.compare import misses
from cvtex.check.reading import Reading
from cvtex.cli.main import main
from cvtex.pipeline.build import build as run_build

from ..building import Built, request
from ..conftest import EXAMPLE, THEMES, TINY
from ..readers import READER_NAMES, four_readers
from .test_check import checked, phrases
from .test_page_breaks import long_profile

HYPHENATED = {
    **TINY,
    "headline": {"en": "Real-time systems, PhD", "zh": "Real-time 系统"},
    "contacts": [
        {"type": "email", "value": "ann@example.com"},
        {"type": "phone", "value": "+1-415-555-0142"},
    ],
    "education": [
        {
            "institution": {"en": "ETH Zurich", "zh": "苏黎世联邦理工学院"},
            "degree": {"en": "PhD in Computer Science", "zh": "计算机科学 Ph.D."},
            "start": 2016,
            "end": 2020,
            "bullets": [
                {
                    "en": "Self-supervised, real-time and end-to-end learning with Garcia-Lopez",
                    "zh": "与 Garcia-Lopez 合作 self-supervised 与 end-to-end 学习",
                },
                {"en": "Wrote LaTeX and Python3 tools", "zh": "LaTeX 与 Python3 工具"},
            ],
        },
        {
            "institution": {"en": "Hunan University", "zh": "湖南大学　信息科学与工程学院"},
            "degree": {"en": "Ph.D. in Networks", "zh": "工学学士　计算机科学与技术"},
            "start": 2012,
            "end": 2016,
        },
    ],
}


@pytest.mark.parametrize("theme", THEMES)
def test_every_reader_reads_hyphenated_words_and_degrees_whole(tmp_path, theme):
    """Before: PyMuPDF read sidebar's hyphens as "real- time" (its ActualText) and modern's
    small-capital "PhD" as "Ph D"; pdftotext read "湖南大学　信息科学与工程学院" in modern
    as two texts with the entry's dates between them, which the check called missing."""
    profile = tmp_path / "cv.yaml"
    profile.write_text(yaml.safe_dump(HYPHENATED, allow_unicode=True), encoding="utf-8")
    readings = checked(profile, tmp_path / "out", theme)
    for language in ("en", "zh"):
        reading = readings[language]
        problems = [
            f"{finding.extractor}: {finding.miss.kind}: {finding.miss.text!r}: {finding.miss.got!r}"
            for finding in reading.findings
        ]
        assert problems == [], f"{theme} {language}"
        assert reading.found == dict.fromkeys(READER_NAMES, reading.texts)


@pytest.mark.parametrize("theme", THEMES)
def test_a_three_page_cv_reads_whole_in_four_readers(tmp_path, theme):
    """The example's experience three times over: every text of every page, whole and in
    order, in English and Chinese. Before, PyMuPDF split sidebar's hyphenated words."""
    profile = long_profile(tmp_path / "long")
    reporter_languages = checked_languages(profile, tmp_path / "out", theme)
    for language, reading in reporter_languages.items():
        problems = [
            f"{finding.extractor}: {finding.miss.kind}: {finding.miss.text!r}"
            for finding in reading.findings
        ]
        assert problems == [], f"{theme} {language}"
        assert reading.found == dict.fromkeys(READER_NAMES, reading.texts)


def checked_languages(profile: Path, out: Path, theme: str) -> dict[str, Reading]:
    """English and Chinese built with a check by four readers."""
    reporter = Built(out)
    with four_readers():
        run_build(request(profile, "en,zh", out_dir=out, theme=theme, check=True), reporter)
    assert set(reporter.readings) == {"en", "zh"}
    return reporter.readings


def test_an_ideographic_space_sets_phrases_apart_and_they_are_found_in_order():
    wanted = phrases("方缙", "湖南大学　信息科学与工程学院", "工学学士　计算机科学与技术")
    # pdftotext took the ideographic space's white for a column's edge.
    page = "方缙\n湖南大学\n工学学士\n2016–2020\n信息科学与工程学院\n计算机科学与技术"
    assert misses(wanted, [page]) == ([], 3)
    # Each phrase must still come back whole, and the second after the first.
    found, count = misses(wanted[:2], ["方缙\n信息科学与工程学院\n湖南大学"])
    assert count == 1 and [miss.kind for miss in found] == ["missing"]
    found, count = misses(wanted[:2], ["方缙\n湖南大学\n信息科学与工\n2016\n程学院"])
    assert count == 1 and [miss.kind for miss in found] == ["missing"]


def test_the_check_of_a_two_column_theme_says_how_its_columns_read(tmp_path):
    def check(theme: str) -> str:
        out = tmp_path / theme
        arguments = ["check", str(EXAMPLE), "--theme", theme, "--lang", "en", "--out", str(out)]
        result = CliRunner().invoke(main, arguments)
        assert result.exit_code == 0, result.output
        return result.output

    output = check("sidebar")
    assert "en: read back: pdftotext 100/100, pdfminer 100/100, pdfium 100/100" in output
    assert "pdftotext -layout" in output and "two columns" in output
    assert "two columns" not in check("modern")

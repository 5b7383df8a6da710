"""Long real CVs (tests/data/long/: two to four pages, English and Chinese) read back with no
problem in every theme, and their pages carry the furniture a multi-page CV needs: on each
page after the first, the name and the page's number (2 / 3, 第 2 页 / 共 3 页), drawn so
that no reader meets them inside the text; the "updated on" line once, last of all. Their
pages are full (each page but the last ends each column that goes on at 90% of its text
area, unless what follows could not break), and no line shows a word space wider than an
em: cvtex check's page checks (check/pages.py), on the PDFs compiled once for all of it.

The long CVs hold what made real ones fail: compounds written with a hyphen at line ends,
English with en dashes in the Chinese CV, paragraphs running over a page break, ideographic
spaces between Chinese phrases, nested lists, an entry longer than a third of a page."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from cvtex.check.reading import Reading

from ..conftest import ROOT, THEMES
from ..readers import READER_NAMES
from ..shared import made_once
from .test_check import checked

LONG = sorted((ROOT / "tests" / "data" / "long").glob("*.yaml"))
PAGE_NUMBER = {"en": "{page}/{total}", "zh": "第{page}页/共{total}页"}
UPDATED = {"en": "Last updated:", "zh": "更新于"}


def long_checked(factory: pytest.TempPathFactory, profile: Path, theme: str) -> dict[str, Reading]:
    """A long CV built and checked in ``theme``, once per run (test_page_breaks reads the
    researcher's too): what the check read back in each language, the PDF's path with it
    (and the .tex beside it)."""
    return made_once(
        factory, f"long-{profile.stem}-{theme}", lambda out: checked(profile, out, theme)
    )


@pytest.fixture(scope="module", params=THEMES)
def long_readings(request, tmp_path_factory):
    """Each long CV built and checked in one theme: {(profile stem, language): Reading}."""
    theme = request.param
    readings = {}
    for profile in LONG:
        for language, reading in long_checked(tmp_path_factory, profile, theme).items():
            readings[profile.stem, language] = reading
    return theme, readings


def test_long_real_cvs_read_back_with_no_problem(long_readings):
    theme, readings = long_readings
    assert len(readings) == 2 * len(LONG)
    for (stem, language), reading in readings.items():
        problems = [
            f"{finding.extractor}: {finding.miss.kind}: {finding.miss.text!r}: "
            f"{finding.miss.got!r} ({finding.where})"
            for finding in reading.findings
        ]
        assert problems == [], f"{theme} {stem} {language}"
        assert reading.found == dict.fromkeys(READER_NAMES, reading.texts)


# A drawn letter in a page's content: moved to its place, scaled to its size, its path.
_DRAWN = re.compile(r"q 1 0 0 1 ([-\d.]+) ([-\d.]+) cm q [-\d.]+ 0 0 [-\d.]+ 0 0 cm (.*?) Q Q")
_GLYPH = re.compile(r"\\cvdrawglyph\{(\w+)\}\{(\d+)\}\{[\d.]+\}\{(.*)\}")


def drawn_by_page(pdf: Path, tex: Path) -> list[str]:
    """The letters each page draws as outlines (\\cvdrawn), left to right, without spaces:
    each outline found in the page's content is looked up among the .tex's glyphs."""
    letters = {}
    for _, code, path in _GLYPH.findall(tex.read_text(encoding="utf-8")):
        letters[" ".join(path.split())] = chr(int(code))
    pages = []
    for page in PdfReader(pdf).pages:
        content = page.get_contents().get_data().decode("latin-1")
        found = [
            (round(-float(y)), float(x), letters[" ".join(path.split())])
            for x, y, path in _DRAWN.findall(content)
            if " ".join(path.split()) in letters
        ]
        pages.append("".join(letter for _, _, letter in sorted(found)))
    return pages


def test_each_page_after_the_first_shows_the_name_and_its_number_drawn(long_readings):
    theme, readings = long_readings
    for (stem, language), reading in readings.items():
        where = f"{theme} {stem} {language}"
        tex = reading.pdf.with_suffix(".tex")
        name = re.search(r"\\cvrunningname\}\{\\cvdrawn\{([\d,]+)\}", tex.read_text())[1]
        name = "".join(chr(int(code)) for code in name.split(",") if code != "32")
        drawn = drawn_by_page(reading.pdf, tex)
        total = len(drawn)
        assert total >= 2, where
        assert drawn[0] == "", f"{where}: page 1 draws {drawn[0]!r}"
        for number, letters in enumerate(drawn[1:], start=2):
            number_text = PAGE_NUMBER[language].format(page=number, total=total)
            assert letters == name + number_text, f"{where}: page {number} draws {letters!r}"
        # Drawn, neither is text; the "updated on" line is, once, the last line read.
        text = subprocess.run(
            ["pdftotext", str(reading.pdf), "-"], capture_output=True, text=True
        ).stdout
        lines = [line for line in text.splitlines() if line.strip()]
        assert f"2 / {total}" not in text and f"2/{total}" not in text, where
        assert text.count(UPDATED[language]) == 1, where
        assert lines[-1].startswith(UPDATED[language]), f"{where}: last line {lines[-1]!r}"


def test_each_page_but_the_last_is_full_in_every_column(long_readings):
    theme, readings = long_readings
    ended = 0
    for (stem, language), reading in readings.items():
        ends = reading.layout.ends
        assert ends, f"{theme} {stem} {language}: no page end measured"
        short = [end.describe() for end in ends if end.short]
        assert short == [], f"{theme} {stem} {language}"
        ended += sum(end.goes_on for end in ends)
    assert ended >= len(readings)  # every CV has a page that goes on


def test_no_line_shows_a_word_space_wider_than_an_em(long_readings):
    theme, readings = long_readings
    for (stem, language), reading in readings.items():
        gaps = [gap.describe() for gap in reading.layout.gaps]
        assert gaps == [], f"{theme} {stem} {language}"

"""Nothing runs off the page: a heading line, a place, a side column's text longer than its
line wraps within its box, in every theme (tests/data/long-values.yaml holds such values).

Measured on the PDF: every word Poppler finds lies within the text block (its left margin
mirrored on the right), and in the sidebar theme every word of the side column ends before
the main column starts."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from ..building import build
from ..conftest import ROOT, THEMES

LONG = ROOT / "tests" / "data" / "long-values.yaml"


@dataclass(frozen=True)
class Word:
    left: float
    right: float
    text: str


def words_of(pdf: Path) -> tuple[float, list[Word]]:
    """The page's width and the first page's words, with their horizontal extent."""
    xml = subprocess.run(
        ["pdftotext", "-bbox", "-f", "1", "-l", "1", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    width = float(re.search(r'<page width="([\d.]+)"', xml)[1])
    words = [
        Word(float(left), float(right), text)
        for left, right, text in re.findall(
            r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<', xml
        )
    ]
    return width, words


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("language", ["en", "zh"])
def test_long_values_stay_within_the_text_block(tmp_path, theme, language):
    (built,) = build(LONG, language, tmp_path, theme=theme)
    width, words = words_of(built.pdf)
    left = min(word.left for word in words)
    outside = [word.text for word in words if word.right > width - left + 0.5]
    assert not outside, f"{theme} {language}: runs off the page: {outside}"
    # The long place (and team) is all there, wrapped, not cut.
    assert any(word.text == "Nine" for word in words)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_side_column_keeps_its_text(tmp_path, language):
    (built,) = build(LONG, language, tmp_path, theme="sidebar")
    _, words = words_of(built.pdf)
    # The main column starts where the heading of its first section does.
    heading = "EDUCATION" if language == "en" else "教育背景"
    main_left = next(word.left for word in words if word.text.startswith(heading[:2]))
    side = [word for word in words if word.left < main_left - 1]
    assert any(word.text == "IELTS" for word in side)  # the long level is in the side column
    crossing = [word.text for word in side if word.right > main_left - 6]
    assert not crossing, f"side column text reaches the main column: {crossing}"

"""Names and titles in every script a co-author may write, through real XeLaTeX: each
language's one font plan sets every one of them, in every built-in theme.

pdftotext's default reading mode is used: it puts right-to-left runs back in logical order
(``-raw`` gives their words in visual order), and ``normalized`` folds the Arabic
presentation forms it reads back into letters.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import yaml

from ..building import build
from ..conftest import ROOT, THEMES, normalized, overfull_lines

PROFILE = ROOT / "tests" / "data" / "scripts.yaml"
# The font families pdffonts must list, by script (serif or sans, as the theme's text is).
FONTS = {
    # or the Latin font itself, if it has them (Lato, Roboto and Noto do)
    "Greek and Cyrillic": r"NotoS(erif|ans)-|Lato-|Roboto-",
    "Arabic": r"Noto(NaskhArabic|SansArabic)-",
    "Hebrew": r"NotoS(erif|ans)Hebrew-",
    "Devanagari": r"NotoS(erif|ans)Devanagari-",
    "Thai": r"NotoS(erif|ans)Thai-",
    "CJK": r"NotoS(erif|ans)CJK",
    "symbols and emoji": r"Symbola|NotoSansSymbols2",
    "mathematical letters": r"STIX|LatinModernMath|NotoSansMath",
}


def reading_text(pdf: Path) -> str:
    return subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout


def pdf_fonts(pdf: Path) -> str:
    return subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module", params=THEMES)
def built(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"scripts-{request.param}")
    return {result.language: result for result in build(PROFILE, out_dir=out, theme=request.param)}


def every_text() -> list[str]:
    profile = yaml.safe_load(PROFILE.read_text(encoding="utf-8"))
    return [
        text
        for publication in profile["publications"]
        for text in (publication["title"], *publication["authors"], publication["venue"])
    ]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_name_title_and_venue_is_in_the_pdf(built, lang):
    text = normalized(reading_text(built[lang].pdf))
    missing = [item for item in every_text() if normalized(item) not in text]
    assert not missing, missing


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_plan_chose_a_font_for_every_script(built, lang):
    fonts = pdf_fonts(built[lang].pdf)
    for script, family in FONTS.items():
        assert re.search(family, fonts), (script, fonts)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_glyph_is_set_and_no_line_runs_into_the_margin(built, lang):
    log = built[lang].log
    assert "Missing character" not in log
    assert overfull_lines(log) == []

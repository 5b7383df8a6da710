"""Any Latin letter: a letter the theme's Latin font lacks is set in an installed font that
has it, of the same family (serif or sans) and in the text's series and shape, chosen by
the font plan; the build stops only on a letter no installed font has."""

from __future__ import annotations

import re

import pytest
import yaml
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.look.fontplan import plan_scripts
from cvtex.look.fonts import ResolvedFont
from cvtex.text.texescape import fallback_letters, to_tex

from ..building import build
from ..conftest import ROOT, THEMES, normalized, overfull_lines
from .test_scripts_compile import pdf_fonts, reading_text

PROFILE = ROOT / "tests" / "data" / "latin-letters.yaml"
PAGELLA = {"serif": ResolvedFont("TeX Gyre Pagella"), "sans": ResolvedFont("TeX Gyre Heros")}
# The fallback faces pdffonts lists, by theme: classic's fonts lack most of the letters;
# sidebar's Lato lacks the saltillo; compact's Noto and modern's Roboto have them all.
FALLBACKS = {
    "classic": [r"NotoSerif-Regular", r"NotoSerif-BoldItalic", r"NotoSans-Bold"],
    "sidebar": [r"NotoSans-Regular", r"NotoSans-BoldItalic"],
}


def shown_texts() -> list[str]:
    data = yaml.safe_load(PROFILE.read_text(encoding="utf-8"))
    entry = data["education"][0]
    return [data["name"], data["headline"]["en"], entry["institution"]["en"]] + [
        text.replace("*", "") for text in (entry["degree"]["en"], entry["bullets"][0]["en"])
    ]


@pytest.mark.parametrize("theme", THEMES)
def test_a_name_full_of_rare_latin_letters_builds_in_every_theme(tmp_path, theme):
    """Before, classic stopped: TeX Gyre Pagella has no Ŧ, ȩ, ʻ, Ə, Ɓ, ..."""
    built = {result.language: result for result in build(PROFILE, out_dir=tmp_path, theme=theme)}
    for language, result in built.items():
        assert "Missing character" not in result.log, language
        assert overfull_lines(result.log) == [], language
        text = normalized(reading_text(result.pdf))
        assert normalized("Ŧȩʻokina Əliyeva-Ǥáŋŋa") in text, language
    # Case aside: modern's small capitals read back as capitals.
    english = normalized(reading_text(built["en"].pdf)).casefold()
    assert [item for item in shown_texts() if normalized(item).casefold() not in english] == []
    fonts = pdf_fonts(built["en"].pdf)
    for face in FALLBACKS.get(theme, []):
        assert re.search(face, fonts), (theme, face, fonts)


def test_the_plan_sets_only_the_letters_the_latin_fonts_lack():
    (latin,) = plan_scripts({"latin": set("éŁŦȩʻƏə")}, PAGELLA, {})
    # Pagella and Heros have é, Ł and ə: they stay in them.
    assert latin.letters == frozenset("ŦȩʻƏ")
    assert latin.serif and latin.serif.name == "Noto Serif"
    assert latin.sans and latin.sans.name == "Noto Sans"
    # Letters both fonts have plan nothing.
    assert plan_scripts({"latin": set("éŁə")}, PAGELLA, {}) == ()


def test_the_escape_wraps_runs_of_the_planned_letters_with_their_marks():
    with fallback_letters(frozenset("Ŧȩʻ\u0301")):
        tex = to_tex("Ŧȩʻokina **Ŧest** e\u0301x Hawaiʻi")
    # (the e and its mark set under the ActualText of the letter as composed: é)
    assert tex == (
        r"\cvscript{latin}{Ŧȩʻ}okina \textbf{\cvscript{latin}{Ŧ}est} "
        "\\cvscript{latin}{\\cvmarked{e\u0301}{00E9}}x Hawai\\cvscript{latin}{ʻ}i"
    )
    assert to_tex("Ŧȩʻokina") == "Ŧȩʻokina"  # outside a render's plan: as it is


def test_a_letter_no_installed_font_has_still_stops_the_build_by_name(tmp_path):
    data = {"languages": ["en"], "name": "Ann \ua7d0ee"}  # CLOSED INSULAR G, Unicode 14
    profile = tmp_path / "cv.yaml"
    profile.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(profile), "--theme", "classic"])
    assert result.exit_code != 0
    assert "U+A7D0" in result.output and "name" in result.output
    assert "Traceback" not in result.output

"""Each script's font chain on every system: real PDFs built on a simulated macOS, Windows
and Linux (tests/systems.py: this machine's Noto CJK faces under those systems' own names,
and a fontconfig shown only them), read back with pdffonts. The chain's pick sets the
text, bold comes from the family's bold or the sans font's, and the theme's Latin fonts
come from TeX Live's tree by file name: never a silent Latin Modern."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pymupdf
import pytest
import yaml

from ..conftest import pdf_text
from ..end_to_end.test_errors import CVTEX
from ..systems import embeds, pdf_fonts

NAMES = {"en": "Lin Wen", "zh": "林文", "zh-TW": "林文", "ja": "林文子", "ko": "임문자"}
SCHOOLS = {
    "en": "Tsinghua University",
    "zh": "清华大学",
    "zh-TW": "國立臺灣大學",
    "ja": "東京大学",
    "ko": "서울대학교",
}
# A bold word in a bullet: set in the language's bold (the sans font's, bold: sans).
BULLETS = {
    "en": "Led the **network** group",
    "zh": "负责**网络**研究",
    "zh-TW": "負責**網路**研究",
    "ja": "**ネットワーク**研究を担当",
    "ko": "**네트워크** 연구 담당",
}
# What each system's fonts set each language in: the regular face, and the bold one.
EXPECTED = {
    "macos": {
        "zh": ("STSongti-SC-Regular", "PingFangSC-Semibold"),
        "zh-TW": ("STSongti-TC-Regular", "PingFangTC-Semibold"),
        "ja": ("HiraMinProN-W3", "HiraKakuProN-W6"),
        "ko": ("AppleMyungjo", "AppleSDGothicNeo-Bold"),
    },
    "windows": {
        "zh": ("SimSun", "MicrosoftYaHei-Bold"),
        "zh-TW": ("PMingLiU", "MicrosoftJhengHei-Bold"),
        "ja": ("YuMincho-Regular", "YuGothic-Bold"),
        "ko": ("Batang", "MalgunGothic-Bold"),
    },
}


def write_profile(folder: Path, languages: list[str], theme: str = "classic") -> Path:
    profile = folder / "cv.yaml"
    data = {
        "languages": languages,
        "theme": theme,
        "name": {code: NAMES[code] for code in languages},
        "education": [
            {
                "institution": {code: SCHOOLS[code] for code in languages},
                "start": 2016,
                "end": 2020,
                "bullets": [{code: BULLETS[code] for code in languages}],
            }
        ],
    }
    profile.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return profile


def cvtex(*args: object, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CVTEX), *map(str, args)], capture_output=True, text=True, env=env, check=False
    )


@pytest.mark.parametrize("name", ["macos", "windows"])
def test_each_language_is_set_in_the_systems_own_fonts(simulated, tmp_path, name):
    """Before: Simplified Chinese fell back to Fandol, Traditional Chinese failed, and the
    Latin fonts became Latin Modern."""
    system = simulated(name)
    languages = ["en", "zh", "zh-TW", "ja", "ko"]
    profile = write_profile(tmp_path, languages)
    result = cvtex("build", profile, "-v", env=system.env())
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr, result.stderr
    for language, (regular, bold) in EXPECTED[name].items():
        pdf = tmp_path / "out" / f"cv.{language}.pdf"
        fonts = pdf_fonts(pdf)
        assert embeds(pdf, regular), (language, fonts)
        assert embeds(pdf, bold), (language, fonts)
        assert not any(font.startswith(("Noto", "Fandol", "LMRoman")) for font in fonts), fonts
        text = pdf_text(pdf).replace(" ", "")
        assert SCHOOLS[language] in text and NAMES[language].replace(" ", "") in text
        # `build -v` says which font and why: the family, where it is, what came before.
        line = next(
            line for line in result.stdout.splitlines() if line.startswith(f"{language}: CJK serif")
        )
        assert "fontconfig" in line and "not installed: Noto Serif CJK" in line, line
    english = pdf_fonts(tmp_path / "out" / "cv.en.pdf")
    assert "TeXGyrePagella-Regular" in english and "TeXGyreHeros-Bold" in english, english
    assert "en: serif: TeX Gyre Pagella (file: " in result.stdout


def test_hiragino_is_set_in_w3_with_w6_bold(simulated, tmp_path):
    """Hiragino's faces are W3 and W6 (no Regular, no Bold): each is named for XeLaTeX."""
    system = simulated("macos")
    profile = write_profile(tmp_path, ["ja"])
    assert cvtex("build", profile, env=system.env()).returncode == 0
    tex = (tmp_path / "out" / "cv.ja.tex").read_text(encoding="utf-8")
    serif = tex.split("\\setCJKmainfont")[1].split("\n")[0]
    sans = tex.split("\\setCJKsansfont")[1].split("\n")[0]
    assert (
        sans
        == "{Hiragino Kaku Gothic ProN}[UprightFont={HiraKakuProN-W3}, BoldFont={HiraKakuProN-W6}]"
    )
    # bold: sans: the Mincho's bold text is the Gothic's W6.
    assert (
        serif == "{Hiragino Mincho ProN}[UprightFont={HiraMinProN-W3}, BoldFont={HiraKakuProN-W6}]"
    )
    pdf = tmp_path / "out" / "cv.ja.pdf"
    assert embeds(pdf, "HiraMinProN-W3") and embeds(pdf, "HiraKakuProN-W6"), pdf_fonts(pdf)


def test_a_family_without_bold_is_emboldened(simulated, tmp_path):
    """A Windows with SimSun and SimHei alone: neither has a bold face; bold Chinese is
    SimHei emboldened by XeTeX (as Word does), not SimSun's regular passed off as bold."""
    system = simulated("windows-simsun")
    profile = write_profile(tmp_path, ["zh"])
    result = cvtex("build", profile, "-v", env=system.env())
    assert result.returncode == 0, result.stderr
    tex = (tmp_path / "out" / "cv.zh.tex").read_text(encoding="utf-8")
    serif = tex.split("\\setCJKmainfont")[1].split("\n")[0]
    assert "BoldFont={SimHei}, BoldFeatures={FakeBold=2}" in serif, serif
    pdf = tmp_path / "out" / "cv.zh.pdf"
    assert embeds(pdf, "SimSun") and embeds(pdf, "SimHei"), pdf_fonts(pdf)
    assert "bold: SimHei emboldened (no bold face)" in result.stdout
    # Emboldened text is drawn filled and stroked (text render mode 2).
    with pymupdf.open(pdf) as document:
        assert b" 2 Tr" in document[0].read_contents()


def test_latin_fonts_come_from_tex_lives_tree_where_fontconfig_lacks_them(simulated, tmp_path):
    """A Linux whose fontconfig has Noto CJK and no Latin fonts at all (as MacTeX's and
    MiKTeX's TeX Gyre are unknown to the system): the theme's fonts are TeX Live's files."""
    system = simulated("fedora")
    families = subprocess.run(
        ["fc-list", ":", "family"], env=system.env(), capture_output=True, text=True
    ).stdout
    assert "TeX Gyre" not in families and "Latin Modern" not in families
    profile = write_profile(tmp_path, ["en", "zh"])
    result = cvtex("build", profile, env=system.env())
    assert result.returncode == 0, result.stderr
    english, chinese = (pdf_fonts(tmp_path / "out" / f"cv.{code}.pdf") for code in ("en", "zh"))
    assert "TeXGyrePagella-Regular" in english and "TeXGyreHeros-Bold" in english, english
    assert "TeXGyrePagella-Regular" in chinese, chinese  # the years
    assert not any(font.startswith("LM") for font in english + chinese)
    assert any(font.startswith("NotoSerifCJK") for font in chinese), chinese


def test_a_theme_font_that_is_missing_is_named_not_replaced_silently(simulated, tmp_path):
    """modern's Roboto is not there (neither in TeX Live's tree nor fontconfig): the build
    says so, with the command that installs it on this system, and what it used."""
    system = simulated("fedora")
    profile = write_profile(tmp_path, ["en"], theme="modern")
    result = cvtex("build", profile, env=system.env())
    assert result.returncode == 0, result.stderr
    assert (
        "warning: the modern theme's sans font Roboto is not installed: the text is set in "
        "TeX Gyre Heros instead (install it: sudo dnf install texlive-roboto)"
    ) in result.stderr
    fonts = pdf_fonts(tmp_path / "out" / "cv.en.pdf")
    assert "TeXGyreHeros-Regular" in fonts and not any(f.startswith("LM") for f in fonts)


def test_tex_lives_fandol_is_the_last_chinese_font(simulated, tmp_path):
    """No CJK font at all but TeX Live's: Chinese is set in Fandol, Korean (which Fandol
    lacks) fails naming the characters, never a PDF with holes."""
    system = simulated("bare")
    profile = write_profile(tmp_path, ["zh", "ko"])
    zh = cvtex("build", profile, "--lang", "zh", env=system.env())
    assert zh.returncode == 0, zh.stderr
    assert embeds(tmp_path / "out" / "cv.zh.pdf", "FandolSong-Regular")
    ko = cvtex("build", profile, "--lang", "ko", env=system.env())
    assert ko.returncode == 1 and "has no glyph in the font" in ko.stderr
    assert "Traceback" not in ko.stderr

"""Japanese and Korean CVs, set as those languages are: their catalogs' words and forms,
their regions' glyphs, and their line breaking, measured on the PDFs real XeLaTeX makes."""

from __future__ import annotations

from pathlib import Path

import pytest

from cvtex.language.catalog import load_catalog
from cvtex.look.fontplan import texts
from cvtex.profile.load import load_profile
from cvtex.view.localize import localize

from ..building import build
from ..conftest import ROOT, THEMES
from ..glyphs import face_glyph, glyph_ids
from ..linebreaks import kinsoku_breaks, korean_word_breaks, pdf_lines, split_words

ENGINEER = ROOT / "examples" / "engineer" / "profile.yaml"


def shown_texts(profile: Path, lang: str) -> list[str]:
    """Every text the language's CV shows, as the view holds it."""
    loaded = load_profile(profile)
    return texts(localize(loaded.profile, loaded.source, load_catalog(lang)))


def write(folder: Path, text: str, name: str = "cv.yaml") -> Path:
    file = folder / name
    file.write_text(text, encoding="utf-8")
    return file


# -- the catalogs ----------------------------------------------------------------------------


def test_japanese_cv_speaks_japanese():
    loaded = load_profile(ENGINEER)
    view = localize(loaded.profile, loaded.source, load_catalog("ja"))
    titles = [section.title for section in view.sections]
    assert titles[:6] == ["職務要約", "職歴", "学歴", "資格", "受賞歴", "研究業績"]
    experience = view.sections[1].entries[0]
    assert experience.dates == "2021年4月〜現在"
    masters = view.sections[2].entries[0]
    assert masters.detail == "修士（情報理工学）"
    assert masters.dates == "2017年4月〜2019年3月"
    assert view.name == "金　珉志"


def test_korean_cv_speaks_korean():
    loaded = load_profile(ENGINEER)
    view = localize(loaded.profile, loaded.source, load_catalog("ko"))
    titles = [section.title for section in view.sections]
    assert titles[:6] == ["요약", "경력", "학력", "자격증", "수상", "논문"]
    assert view.sections[1].entries[0].dates == "2021년 4월 – 현재"
    masters = view.sections[2].entries[0]
    assert masters.detail == "정보이공학 석사"  # the field before the degree
    assert view.sections[4].entries[1].note == "2017년, 2018년"


def test_an_english_degree_in_a_japanese_or_korean_cv_keeps_english_order():
    for lang in ("ja", "ko"):
        catalog = load_catalog(lang)
        assert catalog.punctuation.latin is not None
        assert catalog.punctuation.latin.degree_field == "{degree} in {field}"


# -- regional glyphs ---------------------------------------------------------------------------
# 直 and 骨 differ between the Japanese and the Chinese faces, 海 between the Japanese and
# the Korean ones: each language's CV must use its own region's glyph, in every face a
# theme sets it in (serif, sans, their bolds).

REGION_CHARS = "直骨海"
REGIONS = {"ja": "JP", "ko": "KR", "zh": "SC"}


def region_glyphs(region: str, char: str) -> set[int]:
    return {
        face_glyph(f"Noto {kind} CJK {region}", char, style)
        for kind in ("Serif", "Sans")
        for style in ("Regular", "Bold")
    }


@pytest.mark.parametrize("theme", THEMES)
def test_each_language_sets_han_in_its_regions_glyphs(tmp_path, theme):
    profile = write(
        tmp_path,
        "languages: [ja, ko, zh]\n"
        "name: {ja: 直海 骨子, ko: 직해 直海骨, zh: 直海骨}\n"
        f"summary: 素直な海の骨{REGION_CHARS}\n"
        "education:\n"
        f"  - {{institution: 海洋大学, degree: 学士, bullets: [{REGION_CHARS}]}}\n",
    )
    results = build(profile, "ja,ko,zh", tmp_path / "out", theme=theme)
    for result in results:
        used = glyph_ids(result.pdf)
        own = REGIONS[result.language]
        for char in REGION_CHARS:
            assert used[char], (result.language, char)
            assert used[char] <= region_glyphs(own, char), (theme, result.language, char)
    # The check can tell the regions apart: each pair differs in one of the characters.
    for one, other in (("JP", "SC"), ("JP", "KR"), ("KR", "SC")):
        assert any(
            not region_glyphs(one, char) & region_glyphs(other, char) for char in REGION_CHARS
        ), (one, other)


# -- line breaking ------------------------------------------------------------------------------
# Bullets a character longer each time move every line end across the sentence, so that
# some line ends at each of its places: before ー and small kana, inside Korean words.

JAPANESE = (
    "ユーザーのデータベースをチューニングし、キャッシュのヒット率を高めて（約３割）、"
    "レイテンシを短縮しました。社内勉強会「分散システム入門」をリードし、ドキュメントを整備。"
)
KOREAN = (
    "메타데이터 서비스의 재설계를 주도하여 p99 지연 시간을 40밀리초에서 9밀리초로 줄였고, "
    "동료들과 함께 장애 대응 절차서를 만들어 운영 부담을 크게 줄였습니다."
)


def sweep(sentence: str, prefix: str, count: int = 24) -> str:
    bullets = "".join(f"      - {prefix * k}{sentence}\n" for k in range(count))
    return f"  - institution: X\n    degree: Y\n    bullets:\n{bullets}"


@pytest.mark.parametrize("theme", THEMES)
def test_japanese_lines_keep_kinsoku(tmp_path, theme):
    text = f"languages: [ja]\nname: 山田 太郎\neducation:\n{sweep(JAPANESE, '本')}"
    profile = write(tmp_path, text)
    (result,) = build(profile, out_dir=tmp_path / "out", theme=theme)
    lines = pdf_lines(result.pdf)
    assert len(lines) > 48
    assert kinsoku_breaks(lines) == []


@pytest.mark.parametrize("theme", THEMES)
def test_korean_lines_break_between_words(tmp_path, theme):
    profile = write(tmp_path, f"languages: [ko]\nname: 김민지\neducation:\n{sweep(KOREAN, '및 ')}")
    (result,) = build(profile, out_dir=tmp_path / "out", theme=theme)
    lines = pdf_lines(result.pdf)
    assert len(lines) > 48
    assert korean_word_breaks(lines, [KOREAN, "및"]) == []
    # Hangul joins the digits and Latin letters of its word without a gap: 40밀리초에서.
    assert split_words(lines, [KOREAN]) == []


@pytest.mark.parametrize("theme", THEMES)
def test_the_example_breaks_no_japanese_or_korean_rule(tmp_path, theme):
    results = build(ENGINEER, "ja,ko", tmp_path / "out", theme=theme)
    for result in results:
        lines = pdf_lines(result.pdf)
        shown = shown_texts(ENGINEER, result.language)
        assert kinsoku_breaks(lines) == [], result.language
        assert korean_word_breaks(lines, shown) == [], result.language
        assert split_words(lines, shown) == [], result.language

"""Japanese and Korean CVs, set as those languages are: their catalogs' words and forms,
their regions' glyphs, and their line breaking, measured on the PDFs real XeLaTeX makes."""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cvtex.bibtex.names import read_authors
from cvtex.check.compare import misses
from cvtex.check.expected import Phrase
from cvtex.cli.main import main
from cvtex.language.catalog import load_catalog
from cvtex.look.fontplan import texts
from cvtex.profile.load import load_profile
from cvtex.view.localize import localize

from ..building import Built, build, request
from ..conftest import ENGINEER, ROOT, THEMES, engineer_built, pdf_text
from ..glyphs import face_glyph, glyph_ids
from ..linebreaks import (
    kinsoku_breaks,
    korean_word_breaks,
    lost_spaces,
    pdf_line_boxes,
    pdf_lines,
    split_words,
)


def shown_texts(profile: Path, lang: str) -> list[str]:
    """Every text the language's CV shows, as the view holds it."""
    loaded = load_profile(profile)
    return texts(localize(loaded, load_catalog(lang)))


def write(folder: Path, text: str, name: str = "cv.yaml") -> Path:
    file = folder / name
    file.write_text(text, encoding="utf-8")
    return file


# -- the catalogs ----------------------------------------------------------------------------


def test_japanese_cv_speaks_japanese():
    loaded = load_profile(ENGINEER)
    view = localize(loaded, load_catalog("ja"))
    titles = [section.title for section in view.sections]
    assert titles[:6] == ["職務要約", "職歴", "学歴", "資格", "受賞歴", "研究業績"]
    experience = view.sections[1].entries[0]
    assert experience.dates == "2021年4月～現在"
    masters = view.sections[2].entries[0]
    assert masters.detail == "修士（情報理工学）"
    assert masters.dates == "2017年4月～2019年3月"
    assert view.name == "金　珉志"


def test_korean_cv_speaks_korean():
    loaded = load_profile(ENGINEER)
    view = localize(loaded, load_catalog("ko"))
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


def cjk_faces(pdf: Path) -> set[str]:
    """The Noto CJK faces a PDF embeds: NotoSerifCJKjp-Regular, NotoSansCJKjp-Bold..."""
    fonts = subprocess.run(["pdffonts", pdf], capture_output=True, text=True, check=True).stdout
    return set(re.findall(r"\+(Noto\w+CJK\w*-\w+)-Identity", fonts))


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
    # The same faces as the Chinese CV's (serif or sans, as the theme sets its text): Korean
    # is set by XeTeX-ko, which must follow the theme's families as xeCJK does.
    faces = {result.language: cjk_faces(result.pdf) for result in results}
    assert faces["ja"] == faces["ko"] == faces["zh"], faces
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
    "동료들과 함께 장애 대응 절차서를 만들어 운영 부담을 크게 줄였습니다. 사내 스터디 "
    "'분산 시스템 입문'을 운영했습니다."
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
    # Hangul joins the digits and Latin letters of its word without a gap: 40밀리초에서;
    # and keeps every space written between words, also before a quote.
    assert split_words(lines, [KOREAN]) == []
    assert lost_spaces(lines, [KOREAN]) == []


@pytest.fixture(scope="module", params=THEMES)
def engineer(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The engineer example in English, Japanese and Korean, built and checked, per theme."""
    return engineer_built(tmp_path_factory, request.param)


def test_the_example_breaks_no_japanese_or_korean_rule(engineer):
    for language in ("ja", "ko"):
        lines = pdf_lines(engineer.results[language].pdf)
        shown = shown_texts(ENGINEER, language)
        assert kinsoku_breaks(lines) == [], language
        assert korean_word_breaks(lines, shown) == [], language
        assert split_words(lines, shown) == [], language
        assert lost_spaces(lines, shown) == [], language


# -- reading them back -------------------------------------------------------------------------


def test_every_text_of_the_example_comes_back_in_every_language(engineer):
    assert set(engineer.readings) == {"en", "ja", "ko"}
    for language, reading in engineer.readings.items():
        problems = [f"{finding.extractor}: {finding.miss}" for finding in reading.findings]
        assert problems == [], language
        assert len(reading.found) >= 2  # every reader cvtex check has
        assert set(reading.found.values()) == {reading.texts}, reading.found
        assert reading.texts > 50


def phrases(*texts: str) -> list[Phrase]:
    return [
        Phrase(texts[0], "head", -1, True),
        *(Phrase(text, "main", 0, True) for text in texts[1:]),
    ]


def test_the_check_reads_the_spaces_between_korean_words():
    # A Korean CV that lost its spaces does not read back as it was written...
    found, count = misses(
        phrases("김민지", "장애 대응 절차서를 도입"), ["김민지\n장애대응절차서를도입"]
    )
    assert count == 1 and [miss.kind for miss in found] == ["missing"]
    # ... while a line broken at a space, and a word's digits and Latin letters read with or
    # without a gap beside its Hangul (xeCJK's glue, in another language's CV), are the same.
    found, count = misses(
        phrases("김민지", "6개월 동안 3PB를 이전했습니다"),
        ["김민지\n6 개월 동안\n3PB 를 이전했습니다"],
    )
    assert (found, count) == ([], 2)


# -- letters ---------------------------------------------------------------------------------

ENGINEER_LETTER = ROOT / "examples" / "engineer" / "letter.yaml"


@pytest.fixture(scope="module")
def letters(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out_dir = tmp_path_factory.mktemp("letters")
    results = build(ENGINEER_LETTER, "ja,ko", out_dir, formats=["pdf", "txt"])
    return {result.language: result.pdf for result in results} | {"out": out_dir}


def test_a_japanese_letter_is_laid_out_as_japanese_letters_are(letters):
    lines = pdf_line_boxes(letters["ja"])
    text_left = min(line.left for line in lines)
    text_right = max(line.right for line in lines)

    def find(start: str, after: int = 0) -> int:
        return next(i for i, line in enumerate(lines) if i > after and line.text.startswith(start))

    def at_right(i: int) -> bool:
        return abs(lines[i].right - text_right) < 1 and lines[i].left > lines[i].page_width / 2

    date, name = find("2026 年 11 月 24 日"), find("鈴木花子")
    sender = find("金 珉志", after=name)
    opening, closing, heading, end = find("拝啓"), find("敬具"), find("記"), find("以上")
    assert at_right(date) and at_right(closing) and at_right(end)
    # The recipient from the address down to the name with 様, the sender under it.
    assert [lines[i].text for i in range(date + 1, name + 1)] == [
        "東京都千代田区例町 1-1",
        "株式会社エグザンプルデータ",
        "技術本部長",
        "鈴木花子 様",
    ]
    assert sender == name + 1 and at_right(sender)
    subject = lines[sender + 1]
    assert subject.text == "ストレージ基盤シニアバックエンドエンジニア職への応募について"
    assert abs((subject.left + subject.right) - (text_left + text_right)) < 2  # centred
    # 拝啓 begins the first paragraph at the margin; the next paragraphs are indented.
    assert opening == sender + 2 and abs(lines[opening].left - text_left) < 0.1
    assert "時下ますます" in lines[opening].text
    assert lines[find("現職では")].left > text_left + 5
    assert opening < closing < heading < find("・推薦状") < end
    assert abs((lines[heading].left + lines[heading].right) - (text_left + text_right)) < 2


def test_a_korean_letter_is_laid_out_as_korean_letters_are(letters):
    lines = [line.text for line in pdf_line_boxes(letters["ko"])]
    assert lines.index("스즈키 하나코 님") == lines.index("기술본부장") + 1
    salutation = lines.index("스즈키 부장님께")
    assert lines[salutation + 1].startswith("귀사의 스토리지 플랫폼 팀")
    closing = lines.index("감사합니다.")
    assert lines[closing + 1 : closing + 3] == ["2026년 11월 24일", "김민지 드림"]
    assert lines[-1] == "첨부: 추천서"


def test_a_japanese_letters_text_lists_its_enclosures_under_ki(letters):
    text = (letters["out"] / "letter.ja.txt").read_text(encoding="utf-8")
    assert "\n拝啓　時下ますます" in text
    assert text.endswith("敬具\n\n記\n・推薦状\n以上\n")


# -- the other formats -----------------------------------------------------------------------


def test_web_pages_text_and_word_copies_are_japanese_and_korean(tmp_path):
    build(ENGINEER, "ja,ko", tmp_path, formats=["md", "html", "txt", "docx"])
    page = {
        lang: (tmp_path / f"profile.{lang}.html").read_text(encoding="utf-8")
        for lang in "ja ko".split()
    }
    assert '<html lang="ja">' in page["ja"] and '<html lang="ko">' in page["ko"]
    # The language's own CJK fonts come first: Japanese and Korean glyph forms in a browser.
    assert re.search(r'--serif: [^;]*Georgia,\s*"Noto Serif CJK JP"', page["ja"])
    assert re.search(r'--sans: [^;]*Arial,\s*"Noto Sans CJK KR"', page["ko"])
    for suffix in ("md", "html", "txt"):
        ja = (tmp_path / f"profile.ja.{suffix}").read_text(encoding="utf-8")
        ko = (tmp_path / f"profile.ko.{suffix}").read_text(encoding="utf-8")
        assert "職歴" in ja and "2021 年 4 月～現在" in ja, suffix  # spaced as the PDF
        # Korean as written: no space between Hangul and the digits of its word.
        assert "경력" in ko and "7년 동안" in ko and "7 년" not in ko, suffix
    for lang, tag, font in (("ja", "ja-JP", "Yu Mincho"), ("ko", "ko-KR", "Batang")):
        with zipfile.ZipFile(tmp_path / f"profile.{lang}.docx") as docx:
            document = docx.read("word/document.xml").decode("utf-8")
        assert f'w:eastAsia="{tag}"' in document and f'w:eastAsia="{font}"' in document


# -- starters ----------------------------------------------------------------------------------


def run(*args: object):
    return CliRunner().invoke(main, [str(arg) for arg in args])


def languages_written(data: object) -> set[str]:
    """The languages of every text mapping in a YAML document."""
    if isinstance(data, dict):
        if data and set(data) <= {"en", "zh", "zh-TW", "zh-HK", "ja", "ko"}:
            return set(data)
        return set().union(*(languages_written(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(set(), *(languages_written(value) for value in data))
    return set()


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_new_writes_a_starter_and_its_letter_in_the_languages_asked_for(tmp_path, lang):
    profile, letter = tmp_path / "cv.yaml", tmp_path / "letter.yaml"
    assert run("new", profile, "--lang", f"en,{lang}").exit_code == 0
    assert run("letter", "new", letter, "--profile", profile).exit_code == 0
    other = "ko" if lang == "ja" else "ja"
    for file in (profile, letter):
        keys = languages_written(yaml.safe_load(file.read_text(encoding="utf-8")))
        assert keys == {"en", lang}, file.name
        assert f"only: [{other}]" not in file.read_text(encoding="utf-8")
    data = yaml.safe_load(profile.read_text(encoding="utf-8"))
    assert data["languages"] == ["en", lang]
    assert "CCF A" not in profile.read_text(encoding="utf-8")  # a label of Chinese CVs
    result = run("build", profile, "--quiet")
    assert result.exit_code == 0, result.output
    title = {"ja": "学歴", "ko": "학력"}[lang]
    assert title in pdf_text(tmp_path / "out" / f"cv.{lang}.pdf")
    result = run("build", letter, "--quiet")
    assert result.exit_code == 0, result.output
    assert "Dear Dr. Wang," in pdf_text(tmp_path / "out" / "letter.en.pdf")


def test_new_keeps_its_comments_and_refuses_a_language_it_has_no_starter_for(tmp_path):
    assert run("new", tmp_path / "cv.yaml").exit_code == 0
    text = (tmp_path / "cv.yaml").read_text(encoding="utf-8")
    assert "languages: [en, zh]" in text and ", ja: " not in text
    assert "# Forms of your name in author lists" in text and "--lang zh" in text
    result = run("new", tmp_path / "other.yaml", "--lang", "en,xx")
    assert result.exit_code == 1 and "no starter for xx" in result.output
    assert not (tmp_path / "other.yaml").exists()


# -- translation and preview ---------------------------------------------------------------------


def test_texts_left_in_english_are_exported_and_merged_back_in_korean(tmp_path):
    profile = write(
        tmp_path,
        "languages: [en, ja, ko]\n"
        "name: {en: Minji Kim, ja: 金　珉志, ko: 김민지}\n"
        "summary: Backend engineer with seven years of experience.\n",
    )
    result = run("validate", profile, "--lang", "ja")
    assert "summary: 'Backend engineer" in result.output  # no Han or kana: untranslated
    assert run("translate", "export", profile, "--lang", "ko").exit_code == 0
    exported = tmp_path / "cv.ko.translation.yaml"
    filled = exported.read_text(encoding="utf-8").replace("  ko:", "  ko: 7년 경력의 개발자입니다.")
    exported.write_text(filled, encoding="utf-8")
    result = run("translate", "merge", profile, exported)
    assert result.exit_code == 0, result.output
    assert "ko: 7년 경력의 개발자입니다." in profile.read_text(encoding="utf-8")
    assert "0 fall back" in run("validate", profile, "--lang", "ko").output


def test_the_preview_shows_a_pane_per_language_under_its_own_name(tmp_path, tmp_path_factory):
    from cvtex.live.preview import PreviewState
    from cvtex.live.watch import WatchState, watch_once

    # The example's folder as a build left it: the preview's first build keeps its PDFs.
    shutil.copytree(engineer_built(tmp_path_factory).out_dir, tmp_path / "out")
    state = WatchState(request(ENGINEER, out_dir=tmp_path / "out"))
    try:
        (result,) = watch_once(state)
    finally:
        state.close()
    shown = PreviewState(ENGINEER)
    shown.update(result)
    panes = shown.snapshot()["panes"]
    assert sorted((pane["lang"], pane["title"]) for pane in panes) == [
        ("en", "English"),
        ("ja", "日本語"),
        ("ko", "한국어"),
    ]
    assert all(pane["error"] is None and pane["url"] for pane in panes)
    assert shown.pdf("/profile.ko.pdf") == tmp_path / "out" / "profile.ko.pdf"


# -- names ---------------------------------------------------------------------------------------


def test_a_bibtex_name_in_cjk_keeps_its_family_name_first_and_no_initials():
    authors = read_authors("山田, 太郎 and 김, 민준 and 鈴木 花子 and Smith, John", abbreviate=True)
    assert [author.name for author in authors] == ["山田太郎", "김민준", "鈴木 花子", "J. Smith"]

"""Languages through real XeLaTeX: Traditional Chinese, region fonts, an added language,
fallback warnings and --strict, the coverage report, and the make switch."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import ExitCode

from ..building import build
from ..conftest import EXAMPLE, GERMAN, ROOT, THEMES, normalized, pdf_text
from ..glyphs import glyph_ids


def run(*args: object):
    return CliRunner().invoke(main, [str(arg) for arg in args])


def write(folder: Path, text: str, name: str = "cv.yaml") -> Path:
    file = folder / name
    file.write_text(text, encoding="utf-8")
    return file


# -- the example in Traditional Chinese --------------------------------------------------


def test_taiwan_pdf_is_traditional_with_taiwan_phrasing(built_example):
    text = normalized(built_example.text("zh-TW"))
    assert "中國科學技術大學" in text and "中国科学技术大学" not in text
    for taiwan in ("網路", "演算法", "程式語言", "伺服器", "使用者", "資料"):
        assert taiwan in text, taiwan
    assert "學歷" in text and "專案經歷" in text  # the zh-TW catalog's titles
    assert "2020.092026.06(預計)" in text  # normalized: the dash and spaces are gone
    assert "方缙" in text and "方縉" not in text  # protected: the name as written
    assert "計算機科學與技術" in text and "電腦科學" not in text  # the profile's glossary
    assert "CCFA" in text and "梯度排程方法和裝置" in text  # zh-only entries show too


def test_hong_kong_pdf_has_hong_kong_phrasing(built_example):
    text = normalized(built_example.text("zh-HK"))
    assert "中國科學技術大學" in text and "網絡" in text and "網路" not in text
    assert "項目經驗" in text and "方缙" in text
    fonts = subprocess.run(
        ["pdffonts", str(built_example.results["zh-HK"].pdf)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert ("NotoSerifCJK" in fonts or "NotoSansCJK" in fonts) and "Fandol" not in fonts


# -- each region in its own font ---------------------------------------------------------
# Debian's Noto CJK fonts are collections whose faces share one glyph set, so pdffonts
# names every region NotoSerifCJKjp; the region shows in which glyph a character gets.
# 骨 and 真 are drawn differently in the mainland, Taiwan and Hong Kong faces.

REGION_CHARS = "骨真"


@pytest.fixture(scope="module")
def reference_glyphs(tmp_path_factory) -> dict[str, dict[str, set[int]]]:
    """The glyphs each Noto Serif CJK face gives REGION_CHARS, set directly by XeLaTeX."""
    folder = tmp_path_factory.mktemp("faces")
    return {
        region: face_glyphs(folder, f"Noto Serif CJK {region}") for region in ("SC", "TC", "HK")
    }


def face_glyphs(folder: Path, family: str, bold: bool = False) -> dict[str, set[int]]:
    """The glyphs one face gives REGION_CHARS, set directly by XeLaTeX."""
    series = "\\bfseries " if bold else ""
    tex = write(
        folder,
        "\\documentclass{article}\\usepackage{fontspec}\\begin{document}"
        f"\\fontspec{{{family}}}{series}{REGION_CHARS}\\end{{document}}\n",
        f"{family.replace(' ', '-')}{'-bold' if bold else ''}.tex",
    )
    subprocess.run(
        ["xelatex", "-interaction=nonstopmode", "-halt-on-error", tex.name],
        cwd=folder,
        check=True,
        capture_output=True,
    )
    return glyph_ids(tex.with_suffix(".pdf"))


REGION_PROFILE = f"""\
languages: [en, zh]
name: Ann
education:
  - institution: X
    degree: Y
    bullets: [{REGION_CHARS}]
fonts:
  zh-HK:
    serif: [{{family: Noto Serif CJK TC}}]   # replaced below for one build
"""


def test_each_chinese_variant_is_set_in_its_region_font(tmp_path, reference_glyphs):
    profile = write(tmp_path, REGION_PROFILE.replace("fonts:\n  zh-HK:", "fonts:\n  xx:"))
    results = build(profile, "zh,zh-TW,zh-HK", tmp_path / "out")
    region = {"zh": "SC", "zh-TW": "TC", "zh-HK": "HK"}
    for result in results:
        used = glyph_ids(result.pdf)
        expected = reference_glyphs[region[result.language]]
        for char in REGION_CHARS:
            assert used[char] == expected[char], (result.language, char)
    # Three regions, three different glyphs: the check above can tell them apart.
    assert len({min(reference_glyphs[r]["骨"]) for r in ("SC", "TC", "HK")}) == 3


def test_a_profile_names_its_own_font_for_a_language(tmp_path, reference_glyphs):
    profile = write(tmp_path, REGION_PROFILE)
    (result,) = build(profile, "zh-HK", tmp_path / "out")
    assert glyph_ids(result.pdf)["骨"] == reference_glyphs["TC"]["骨"]


def pdf_fonts(pdf: Path) -> str:
    return subprocess.run(["pdffonts", pdf], capture_output=True, text=True, check=True).stdout


BOLD_PROFILE = f"""\
languages: [en, zh]
name: Ann
education:
  - institution: {REGION_CHARS}
    degree: Y
"""


def test_chinese_bold_is_the_region_sans_bold(tmp_path):
    """Chinese sets bold text in 黑体: the sans font's bold, in each region's face."""
    results = build(write(tmp_path, BOLD_PROFILE), "zh,zh-TW,zh-HK", tmp_path / "out")
    references = tmp_path / "faces"
    references.mkdir()
    region = {"zh": "SC", "zh-TW": "TC", "zh-HK": "HK"}
    for result in results:
        expected = face_glyphs(references, f"Noto Sans CJK {region[result.language]}", bold=True)
        used = glyph_ids(result.pdf)
        for char in REGION_CHARS:
            assert used[char] == expected[char], (result.language, char)
        fonts = pdf_fonts(result.pdf)
        assert "NotoSansCJKjp-Bold" in fonts and "NotoSerifCJKjp-Bold" not in fonts
        assert "[BoldFont={Noto Sans CJK" in result.tex.read_text(encoding="utf-8")
    # The serif bold draws them with other glyphs: the check above can tell the two apart.
    serif = face_glyphs(references, "Noto Serif CJK SC", bold=True)
    assert serif["骨"] != face_glyphs(references, "Noto Sans CJK SC", bold=True)["骨"]


def test_a_profile_can_choose_the_serif_bold(tmp_path):
    text = BOLD_PROFILE + (
        "fonts:\n  zh:\n    serif: [{family: Noto Serif CJK SC}]\n"
        "    sans: [{family: Noto Sans CJK SC}]\n"
    )
    # Its own fonts keep the catalog's choice...
    (result,) = build(write(tmp_path, text), "zh", tmp_path / "own")
    assert "NotoSerifCJKjp-Bold" not in pdf_fonts(result.pdf)
    # ... unless it says otherwise.
    (result,) = build(write(tmp_path, text + "    bold: serif\n"), "zh", tmp_path / "out")
    references = tmp_path / "faces"
    references.mkdir()
    expected = face_glyphs(references, "Noto Serif CJK SC", bold=True)
    assert {char: glyph_ids(result.pdf)[char] for char in REGION_CHARS} == {
        char: expected[char] for char in REGION_CHARS
    }
    assert "NotoSerifCJKjp-Bold" in pdf_fonts(result.pdf)


def test_a_font_that_is_not_installed_is_named_with_its_line(tmp_path):
    profile = write(tmp_path, REGION_PROFILE.replace("Noto Serif CJK TC", "No Such Font HK"))
    result = run("build", profile, "--lang", "zh-HK")
    assert result.exit_code == ExitCode.TOOLCHAIN_MISSING
    assert f"{profile}:8:3: fonts.zh-HK: no font for" in result.output
    assert "No Such Font HK" in result.output and "fc-list" in result.output
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").glob("*.pdf"))


def test_font_names_reaching_tex_are_checked(tmp_path):
    profile = write(tmp_path, REGION_PROFILE.replace("Noto Serif CJK TC", '"X}\\\\input{y"'))
    result = run("validate", profile)
    assert result.exit_code == ExitCode.USER_ERROR
    assert f"{profile}:9:" in result.output and "fonts.zh-HK.serif[0].family" in result.output


# -- a language cvtex does not ship ------------------------------------------------------


def test_a_catalog_file_alone_builds_the_example_in_its_language(tmp_path):
    result = run("build", EXAMPLE, "--locale-file", GERMAN, "--lang", "de", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    text = pdf_text(tmp_path / "profile.de.pdf")
    for title in ("Ausbildung", "Publikationen", "Berufserfahrung", "Auszeichnungen"):
        assert title in text
    flat = " ".join(text.split())
    assert "Sept. 2020 – Juni 2026 (voraussichtlich)" in flat
    assert "Juni 2024 – Dez. 2024" in flat
    assert "Betreuer: Prof. Hongli Xu und Prof. Gongming Zhao" in flat
    assert "2022, 2023" in flat
    # Its text falls back to English, with a warning naming each field (ten, then a count).
    assert f"warning: {EXAMPLE}:" in result.output
    assert "education[0].degree has no de text; using en" in result.output
    assert "more in de" in result.output
    assert "Ph.D., Computer Science" in flat


def test_unknown_catalog_key_stops_the_build_with_file_and_line(tmp_path):
    lines = GERMAN.read_text(encoding="utf-8").replace("titles:", "tittles:")
    catalog = write(tmp_path, lines, "de.yaml")
    result = run("build", EXAMPLE, "--locale-file", catalog, "--lang", "de", "--out", tmp_path)
    assert result.exit_code == ExitCode.USER_ERROR
    line = lines.splitlines().index("tittles:") + 1
    assert f"{catalog}:{line}:1: tittles: unknown key 'tittles' (did you mean 'titles'?)" in (
        result.output
    )
    assert "missing key 'titles'" in result.output
    assert "Traceback" not in result.output


# -- missing translations: the report, the warning, --strict -----------------------------

PARTIAL = """\
languages: [en, zh]
name: {en: Ann Lee, zh: 李安}
education:
  - institution: {en: USTC, zh: 中国科学技术大学}
    degree: {en: Ph.D.}
    location: {zh: 合肥}
    start: 2020
"""


def test_validate_reports_coverage_and_each_fallback_by_line(tmp_path):
    profile = write(tmp_path, PARTIAL)
    result = run("validate", profile, "--lang", "all")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "  en: 3 of 4 text fields have en text, 1 fall back, 1 sections" in lines
    assert "    falls back: line 6: education[0].location has no en text; using zh" in lines
    assert "  zh: 3 of 4 text fields have zh text, 1 fall back, 1 sections" in lines
    assert "    falls back: line 5: education[0].degree has no zh text; using en" in lines

    tw = run("validate", profile, "--lang", "zh-TW").output.splitlines()
    assert tw[1] == (
        "  zh-TW: 3 of 4 text fields have zh-TW text (0 written, 3 converted from zh by "
        "OpenCC s2twp), 1 fall back, 1 sections"
    )
    assert tw[2] == "    falls back: line 5: education[0].degree has no zh-TW text; using en"


def test_build_warns_of_each_fallback_and_strict_makes_it_an_error(tmp_path):
    profile = write(tmp_path, PARTIAL)
    strict = run("build", profile, "--lang", "zh", "--strict")
    assert strict.exit_code == ExitCode.USER_ERROR
    assert f"{profile}:5: education[0].degree has no zh text; using en" in strict.output
    assert "--strict" in strict.output
    assert not (tmp_path / "out" / "cv.zh.pdf").exists()

    lenient = run("build", profile, "--lang", "zh")
    assert lenient.exit_code == 0, lenient.output
    assert f"warning: {profile}:5: education[0].degree has no zh text" in lenient.output
    assert "Ph.D." in pdf_text(tmp_path / "out" / "cv.zh.pdf")

    complete = write(tmp_path, PARTIAL.replace("{en: Ph.D.}", "{en: Ph.D., zh: 博士}"))
    result = run("build", complete, "--lang", "zh", "--strict")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output


# -- switches ------------------------------------------------------------------------------


def test_environment_selects_a_traditional_language(tmp_path, monkeypatch):
    profile = write(tmp_path, PARTIAL.replace("{en: Ph.D.}", "{en: Ph.D., zh: 博士}"))
    monkeypatch.setenv("CVTEX_LANG", "zh-HK")
    assert run("build", profile).exit_code == 0
    assert [p.name for p in (tmp_path / "out").glob("*.pdf")] == ["cv.zh-HK.pdf"]


@pytest.mark.skipif(
    not (ROOT / ".venv" / ".installed").exists() or shutil.which("make") is None,
    reason="`make venv` has not set up .venv",
)
def test_make_cv_with_cv_lang(tmp_path):
    profile = write(tmp_path, PARTIAL.replace("{en: Ph.D.}", "{en: Ph.D., zh: 博士}"))
    done = subprocess.run(
        ["make", "-s", "cv", f"PROFILE={profile}", "CV_LANG=zh-TW", f"OUT={tmp_path / 'o'}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "中國科學技術大學" in pdf_text(tmp_path / "o" / "cv.zh-TW.pdf")


def test_a_catalog_naming_a_template_the_theme_lacks(tmp_path):
    text = GERMAN.read_text(encoding="utf-8").replace("template: en", "template: fr")
    catalog = write(tmp_path, text, "de.yaml")
    result = run("build", EXAMPLE, "--locale-file", catalog, "--lang", "de", "--out", tmp_path)
    assert result.exit_code == ExitCode.USER_ERROR
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith("template:"))
    assert f"{catalog}:{line}:1: template: the theme classic has no template 'fr'" in result.output
    assert "use one of: en, ko, zh" in result.output
    missing = run("build", EXAMPLE, "--locale-file", tmp_path / "nope.yaml", "--lang", "de")
    assert missing.exit_code == ExitCode.USER_ERROR
    assert "nope.yaml: no such locale catalog" in missing.output


# -- CJK text in a CV whose language has no CJK fonts --------------------------------------

MIXED = """\
languages: [en, {chinese}]
name: {{en: Ann Lee, {chinese}: 李安}}
owner_names: [Ann Lee, 李安]
education:
  - institution: {{en: Hunan University, {chinese}: 湖南大学}}
    degree: {{en: B.Eng., {chinese}: 工学学士}}
    start: 2016
    end: 2020
publications:
  - title: {{en: "Training at scale: “quoted” — and more…", {chinese}: 大规模训练}}
    authors: [Ann Lee, 方缙]
    venue: {{en: 计算机学报 (Chinese Journal of Computers), {chinese}: 计算机学报}}
    year: 2024
"""


def fonts_of(pdf: Path) -> str:
    return subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True).stdout


def test_chinese_text_in_the_english_cv_is_set_in_a_chinese_font(tmp_path):
    profile = write(tmp_path, MIXED.format(chinese="zh"))
    (english,) = build(profile, "en", tmp_path / "out")
    text = normalized(pdf_text(english.pdf))
    for written in ("方缙", "计算机学报 (Chinese Journal of Computers)", "“quoted” — and more…"):
        assert normalized(written) in text, written
    tex = english.tex.read_text(encoding="utf-8")
    assert "\\setCJKmainfont{Noto Serif CJK SC}" in tex
    # Quotes, dashes and the ellipsis stay in the Latin font, not xeCJK's full-width ones.
    assert '\\xeCJKDeclareCharClass{Default}{"2013, "2014, "2018' in tex
    assert "NotoSerifCJK" in fonts_of(english.pdf) and "Pagella" in fonts_of(english.pdf)


def test_the_borrowed_fonts_follow_the_profiles_chinese(tmp_path):
    profile = write(tmp_path, MIXED.format(chinese="zh-TW"))
    (english,) = build(profile, "en", tmp_path / "out")
    assert "\\setCJKmainfont{Noto Serif CJK TC}" in english.tex.read_text(encoding="utf-8")


def test_an_english_cv_without_cjk_text_loads_no_cjk_fonts(tmp_path):
    profile = write(tmp_path, MIXED.format(chinese="zh").replace("方缙", "Jin Fang"))
    profile.write_text(
        profile.read_text(encoding="utf-8").replace(
            "计算机学报 (Chinese Journal of Computers)", "Chinese Journal of Computers"
        ),
        encoding="utf-8",
    )
    (english,) = build(profile, "en", tmp_path / "out")
    assert "xeCJK" not in english.tex.read_text(encoding="utf-8")
    assert "CJK" not in fonts_of(english.pdf)


def test_without_an_installed_cjk_font_nothing_is_borrowed(tmp_path):
    # Chinese's catalog naming fonts that are not installed: the English CV's CJK text
    # has no font, and the compile names the characters it lacks.
    chinese = (ROOT / "locales" / "zh.yaml").read_text(encoding="utf-8")
    chinese = chinese.replace("Noto Serif CJK SC", "No Such CJK Font").replace(
        "file: FandolSong", "family: No Such CJK Font"
    )
    profile = write(tmp_path, MIXED.format(chinese="zh"))
    result = run(
        "build", profile, "--lang", "en", "--locale-file", write(tmp_path, chinese, "zh.yaml")
    )
    assert result.exit_code == ExitCode.USER_ERROR, result.output
    assert "the character '方' (U+65B9" in result.output
    assert "installed fonts that have it: " in result.output


# Chinese line breaking (W3C clreq, 3.1.7): these never start a line, those never end one.
NOT_AT_LINE_START = "，。、：；！？）」』》〉"
NOT_AT_LINE_END = "（「『《〈"


def typeset_lines(pdf: Path) -> list[str]:
    """The lines as set on the pages: words grouped by page and baseline, in x order, cut
    where a wide gap parts two columns or a right-aligned date from its text. (pdftotext's
    own lines split a line where xeCJK squeezes two punctuation marks together.)"""
    page_words = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    word = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">')
    lines: list[list[tuple[float, float, str]]] = []
    for page in page_words.split("<page ")[1:]:
        words = []
        for match in word.finditer(page):
            text = html.unescape(page[match.end() : page.index("</word>", match.end())])
            middle = (float(match[2]) + float(match[4])) / 2
            words.append((middle, float(match[1]), float(match[3]), text))
        # CJK and Latin glyph boxes differ in height: a line is the words whose middles lie
        # within a few points of each other (lines are 12 pt and more apart).
        top = None
        for middle, x_min, x_max, text in sorted(words):
            if top is None or middle - top > 4:
                lines.append([])
                top = middle
            lines[-1].append((x_min, x_max, text))
    pieces = []
    for words in lines:
        words.sort()
        piece, end = "", None
        for x_min, x_max, word in words:
            if end is not None and x_min - end > 20:
                pieces.append(piece)
                piece = ""
            piece += word
            end = x_max
        pieces.append(piece)
    return pieces


@pytest.mark.parametrize("lang", ["zh", "zh-TW", "zh-HK"])
def test_chinese_lines_keep_the_line_breaking_prohibitions(built_example, lang):
    lines = typeset_lines(built_example.results[lang].pdf)
    assert len(lines) > 50
    starts = [line for line in lines if line[0] in NOT_AT_LINE_START]
    ends = [line for line in lines if line[-1] in NOT_AT_LINE_END]
    assert not starts and not ends, (starts, ends)


@pytest.mark.parametrize("lang", ["zh", "zh-TW", "zh-HK"])
def test_no_chinese_paragraph_ends_with_one_character_alone_on_its_line(built_example, lang):
    """No line holds one Chinese character alone (with its punctuation) under a line of
    text: the escape path ties every text's last two Chinese characters, also where xeCJK's
    CheckSingle does not look (after a Latin word: the example's "... Pytorch 实现")."""
    lines = typeset_lines(built_example.results[lang].pdf)
    alone = [
        (before, line)
        for before, line in pairwise(lines)
        if re.fullmatch(r"[\u3400-\u9fff][。，；：）]?", line) and len(before) > 10
    ]
    assert not alone, alone


def test_spaces_between_cjk_letters_read_the_same_in_the_pdf_and_the_pages(tmp_path):
    # xeCJK drops a space between two Chinese or Japanese characters (one that a YAML line
    # break left, mostly), also across emphasis; Korean separates its words by spaces, and
    # keeps them.
    profile = write(
        tmp_path,
        "languages: [en, zh]\n"
        "name: {en: Ann Lee, zh: 李安}\n"
        "summary: 在北京 上海两地，与*東京* 大学合作；김 **민준** 씨와 함께.\n"
        "publications:\n"
        "  - {title: 분산 학습 시스템의 설계, authors: [Ann Lee, 김민준], venue: K, year: 2022}\n",
    )
    build(profile, out_dir=tmp_path / "out", formats=["pdf", "md", "html"])
    expected = ("在北京上海两地，与東京大学合作；김 민준 씨와 함께.", "분산 학습 시스템의 설계")
    for lang in ("en", "zh"):
        pdf = " ".join(pdf_text(tmp_path / "out" / f"cv.{lang}.pdf").split())
        page = (tmp_path / "out" / f"cv.{lang}.md").read_text(encoding="utf-8").replace("*", "")
        web = (tmp_path / "out" / f"cv.{lang}.html").read_text(encoding="utf-8")
        web = html.unescape(re.sub(r"<[^>]+>", "", web))
        for text in expected:
            assert text in pdf and text in page and text in web, (lang, text)


@pytest.mark.parametrize("theme", THEMES)
def test_no_award_leaves_its_last_character_alone_on_a_line(tmp_path, theme):
    # Titles a word longer each time, so that lines would end at every place in the award:
    # xeCJK's CheckSingle does not look into its coloured group.
    words = "Overlapping Communication and Computation in Large Model Training at Scale".split()
    publications = "".join(
        f"  - {{title: {' '.join(words[:count])}, authors: [X. Wang, H. Li], venue: USENIX ATC,"
        f" abbr: ATC, year: 2024, awards: [{{zh: 最佳论文奖, en: Best Paper Award}}]}}\n"
        for count in range(1, len(words) + 1)
    )
    profile = write(tmp_path, f"languages: [zh]\nname: 王小明\npublications:\n{publications}")
    (result,) = build(profile, out_dir=tmp_path / "out", theme=theme)
    lines = typeset_lines(result.pdf)
    # An award is one box (\\cvwhole): a line never ends inside it, at any place.
    assert sum("最佳论文奖" in line for line in lines) == len(words)
    assert not [line for line in lines if re.fullmatch(r"[\u3400-\u9fff]", line)], lines

"""The compact theme through real XeLaTeX runs: everything the classic tests find in the
example's and the full profile's PDFs is there too, with no missing glyph, no overfull line,
and the one-page variants on one page.

The checks take the theme as a parameter (THEMES), so that they can run for every theme.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from cvtex.build import BuiltLanguage, build, render_languages
from cvtex.profile import load_profile

from .conftest import EXAMPLE, ROOT, normalized, pdf_text

THEMES = ["compact"]
FULL = ROOT / "tests" / "data" / "full" / "profile.yaml"
GOLDEN = ROOT / "tests" / "golden"
EXAMPLE_LANGUAGES = ["en", "zh", "zh-TW", "zh-HK"]
# An overfull line up to this wide is invisible; anything more runs into the margin.
OVERFULL_LIMIT_PT = 1.0


def built(results: list[BuiltLanguage]) -> dict[str, BuiltLanguage]:
    return {result.language: result for result in results}


@pytest.fixture(scope="module", params=THEMES)
def example(request, tmp_path_factory) -> dict[str, BuiltLanguage]:
    out = tmp_path_factory.mktemp(f"example-{request.param}")
    return built(build(EXAMPLE, out_dir=out, theme=request.param))


@pytest.fixture(scope="module", params=THEMES)
def full(request, tmp_path_factory) -> dict[str, BuiltLanguage]:
    out = tmp_path_factory.mktemp(f"full-{request.param}")
    return built(build(FULL, out_dir=out, theme=request.param))


def flat(result: BuiltLanguage) -> str:
    return normalized(pdf_text(result.pdf))


def spaced(result: BuiltLanguage) -> str:
    """The page's text with every run of spaces as one (right-aligned dates come closer)."""
    return " ".join(pdf_text(result.pdf).split())


def pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    return int(re.search(r"^Pages:\s+(\d+)$", info.stdout, re.MULTILINE)[1])


def pdf_urls(pdf: Path) -> str:
    return subprocess.run(
        ["pdfinfo", "-url", str(pdf)], capture_output=True, text=True, check=True
    ).stdout


def image_count(pdf: Path) -> int:
    listing = subprocess.run(
        ["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True
    ).stdout
    return len(listing.splitlines()) - 2


def overfull_lines(log: str) -> list[str]:
    return [
        line
        for line in log.splitlines()
        if (match := re.match(r"Overfull \\hbox \((\d+(?:\.\d+)?)pt too wide\)", line))
        and float(match[1]) > OVERFULL_LIMIT_PT
    ]


def check_log(result: BuiltLanguage) -> None:
    assert "Output written on" in result.log
    assert "Missing character" not in result.log, result.language
    assert overfull_lines(result.log) == [], result.language


# -- the example, in all four languages --------------------------------------------------


@pytest.mark.parametrize("lang", EXAMPLE_LANGUAGES)
def test_example_compiles_cleanly(example, lang):
    check_log(example[lang])


def test_example_english_has_everything_of_the_english_reference(example):
    from .test_example import english_items  # skips where the reference CVs are absent

    text = flat(example["en"])
    missing = [item for item in english_items() if normalized(item) not in text]
    assert not missing, "missing from the English PDF:\n" + "\n".join(missing)


def test_example_chinese_has_everything_of_the_chinese_reference(example):
    from .test_example import HOMEPAGE_ADDITIONS_IN_CHINESE_PDF, chinese_items

    text = flat(example["zh"])
    for addition in HOMEPAGE_ADDITIONS_IN_CHINESE_PDF:
        assert normalized(addition) in text
        text = text.replace(normalized(addition), "")
    missing = [item for item in chinese_items() if normalized(item) not in text]
    assert not missing, "missing from the Chinese PDF:\n" + "\n".join(missing)


def test_example_traditional_chinese_is_converted(example):
    for lang in ("zh-TW", "zh-HK"):
        text = flat(example[lang])
        assert "方缙" in text  # protected: kept as written
        assert normalized("計算機科學與技術") in text  # the profile's own glossary
        assert "项目经历" not in text and "经历" not in text  # nothing left Simplified


def test_example_languages_keep_their_own_content(example):
    en, zh = flat(example["en"]), flat(example["zh"])
    assert "CCF" not in en and "CCFA" in zh
    assert "TileLink" in en and "TileLink" not in zh
    assert "梯度调度方法和装置" in zh and "梯度调度方法和装置" not in en
    tex = example["en"].tex.read_text(encoding="utf-8")
    assert tex.count(r"\cvowner{J. Fang}") >= 8


@pytest.mark.parametrize("theme", THEMES)
def test_industry_variant_is_one_page_in_every_language(theme, tmp_path):
    results = build(EXAMPLE, out_dir=tmp_path, theme=theme, variant="industry")
    assert sorted(result.language for result in results) == sorted(EXAMPLE_LANGUAGES)
    for result in results:
        assert pages(result.pdf) == 1, result.pdf.name
        check_log(result)


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_example_tex_matches_golden(theme, lang):
    (rendered,) = render_languages(load_profile(EXAMPLE), [lang], theme)
    golden = GOLDEN / f"{theme}.academic.{lang}.tex"
    if os.environ.get("CVTEX_UPDATE_GOLDEN") == "1":
        golden.write_text(rendered.tex, encoding="utf-8")
    assert golden.exists(), f"{golden} is missing: run `make golden`"
    assert rendered.tex == golden.read_text(encoding="utf-8"), "run `make golden` and review"


# -- the full profile: every section and entry kind ----------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_full_profile_compiles_cleanly(full, lang):
    check_log(full[lang])


def test_full_header_and_photo(full):
    en, zh = flat(full["en"]), flat(full["zh"])
    for piece in (
        "Jin Fang",
        "PhD Candidate in Computer Science",
        "Google Scholar",
        "0000-0002-1825-0097",
        "jin-fang-example",
        "Hefei, China",
    ):
        assert normalized(piece) in en
    assert "方缙" in zh and "计算机科学博士研究生" in zh and "合肥" in zh
    urls = pdf_urls(full["en"].pdf)
    assert "https://scholar.google.com/citations?user=XXXX&hl=en" in urls
    assert "https://orcid.org/0000-0002-1825-0097" in urls
    assert "https://www.linkedin.com/in/jin-fang-example" in urls
    assert image_count(full["zh"].pdf) == 1 and image_count(full["en"].pdf) == 0


def test_full_personal_lines_per_language(full):
    en, zh = spaced(full["en"]), spaced(full["zh"])
    assert "Objective: Research Scientist in Machine Learning Systems" in en
    assert "Born: May 1998" in en and "Nationality: Chinese" in en
    assert "Available: July 2026" in en
    assert "政治面貌" not in en  # only: [zh]
    assert "求职意向：机器学习系统研究员" in zh and "出生年月：1998.05" in zh
    assert "政治面貌：中共党员" in zh
    assert "国籍" not in zh  # its value is null in Chinese: the line is left out


def test_full_summary_education_and_experience(full):
    en = pdf_text(full["en"].pdf)
    assert "I build collective communication libraries" in en
    assert "Second paragraph: 50% & C# $5 _x_ {a} ~ ^ \\ stay literal." in en
    assert "Last updated: Nov 2026" in en
    assert "更新于 2026.11" in pdf_text(full["zh"].pdf)
    flat_en = normalized(en)
    for piece in (
        "Dissertation: Efficient Communication for Distributed Training",
        "GPA 3.9/4.0, Rank 2/120",
        "Honors: Outstanding Graduate",
        "Advisors: Prof. Hongli Xu and Prof. Gongming Zhao",
        "Sep 2020 – Jun 2026 (expected)",
        "2016 – 2020",
        "Jun 2024 – Present",
        "Mentors: Dr. Size Zheng",
    ):
        assert normalized(piece) in flat_en
    assert "1. Dense LLMs" in en and "3. Vision transformers" in en
    assert "[code]" in en and "https://github.com/example/flux" in pdf_urls(full["en"].pdf)
    zh = flat(full["zh"])
    assert normalized("导师：徐宏力教授、赵功名教授") in zh
    assert normalized("2020.09–2026.06（预计）") in zh
    assert normalized("2024.06–至今") in zh


def test_full_publications(full):
    en, zh = pdf_text(full["en"].pdf), pdf_text(full["zh"].pdf)
    assert en.index("Conference Papers") < en.index("Journal Articles") < en.index("Preprints")
    tex = full["en"].tex.read_text(encoding="utf-8")
    numbers = [int(part.split("]")[0]) for part in tex.split(r"\item[{[")[1:]]
    assert numbers == [4, 3, 2, 1]
    assert "* Equal contribution, † Corresponding author" in en
    assert "To appear" in en and "待发表" in zh
    assert "Distinguished Artifact Award" in en and "杰出工件奖" in zh
    assert "CORE A*" in en and "CORE" not in zh
    assert "CCF A" in zh and "CCF" not in en
    for kind in ("pdf", "slides", "video", "code", "blog"):
        assert f"[{kind}]" in en
    assert "J. Müller" in en
    assert "S. Zheng, W. Bao, J. Fang, et al." in " ".join(en.split())
    assert "一篇中文期刊论文" in zh and "一篇中文期刊论文" not in en
    urls = pdf_urls(full["en"].pdf)
    assert "https://example.com/v?id=1&t=2" in urls
    assert "https://doi.org/10.1109/ICNP.2024.0001" in urls


def test_full_other_sections(full):
    en, zh = spaced(full["en"]), spaced(full["zh"])
    assert "Advanced Computer Networking (COMP6103P)" in en and "Fall 2022" in en
    assert "External reviewer of IEEE JSAC 2023, 2024" in en
    assert "IEEE JSAC 外审 2023、2024" in zh
    assert "GOAT: Gradient Scheduling [video]" in en
    assert "C/C++ (expert), Python (expert), P4" in en
    assert "C/C++（精通）、Python（精通）、P4" in zh
    assert "English fluent (IELTS 7.5)" in en
    assert "Prof. Hongli Xu" in en and "gmzhao@example.com" in en
    assert "2023.8.13: 959 lbs (S: 363 lbs, B: 220 lbs, D: 374 lbs)" in en
    assert "What's it like to be a robot?" in en
    assert "专利号 CN114900482A" in zh and "CN114900482A" not in en


@pytest.mark.parametrize("theme", THEMES)
def test_full_one_page_variant(theme, tmp_path):
    (result,) = build(FULL, "en", tmp_path, theme=theme, variant="one-page")
    assert pages(result.pdf) == 1
    check_log(result)
    text = pdf_text(result.pdf)
    assert "An academic-only detail" not in text
    assert "Kernels for three model families" in text
    assert image_count(result.pdf) == 0


def test_every_section_title_has_text_after_it_on_its_page(full, example):
    """No title is the last line of a page: under each, on the same page, comes text."""
    for result in [*full.values(), *example.values()]:
        titles = set(re.findall(r"\\cvsection\{([^}]*)\}", result.tex.read_text("utf-8")))
        assert titles
        for page in pdf_text(result.pdf).split("\f"):
            lines = [line.strip() for line in page.splitlines() if line.strip()]
            # the foot line ("Last updated: Nov 2026") is below the text
            lines = [line for line in lines if not line.startswith(("Last updated", "更新"))]
            if lines:
                assert lines[-1] not in titles, (result.pdf.name, lines[-1])

"""The sidebar theme through real XeLaTeX runs: the example in every language, the full test
profile, the one-page variant, and a side column far longer than a page.

The content checks are written over THEMES so that they can run for every built-in theme.
Pages with two columns are read in the order they were typeset (``pdftotext -raw``: the side
column, then the main one): ``-layout`` would interleave the two columns line by line.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from cvtex.build import BuiltLanguage, build, render_languages
from cvtex.profile import load_profile

from .conftest import EXAMPLE, ROOT, normalized, pdf_text

THEMES = ["sidebar"]
FULL = ROOT / "tests" / "data" / "full" / "profile.yaml"
GOLDEN = ROOT / "tests" / "golden"
SEEDS = Path(os.environ.get("CVTEX_SEEDS", ROOT.parent / "shared" / "seeds"))


def text(result: BuiltLanguage) -> str:
    return pdf_text(result.pdf, layout=False)


def pages(pdf: Path) -> list[str]:
    """Each page's text in typeset order."""
    return text_of_pdf(pdf).split("\f")[:-1]


def text_of_pdf(pdf: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-raw", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout


def page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    return int(re.search(r"^Pages:\s+(\d+)$", info.stdout, re.MULTILINE)[1])


def overfull(log: str) -> list[float]:
    """How far each overfull line runs into the margin, in points."""
    return [float(width) for width in re.findall(r"Overfull \\hbox \((\d+\.?\d*)pt too wide", log)]


def flat_spaces(value: str) -> str:
    return " ".join(value.split())


@pytest.fixture(scope="module", params=THEMES)
def example(request, tmp_path_factory) -> dict[str, BuiltLanguage]:
    out = tmp_path_factory.mktemp(f"{request.param}-example")
    return {result.language: result for result in build(EXAMPLE, out_dir=out, theme=request.param)}


@pytest.fixture(scope="module", params=THEMES)
def full(request, tmp_path_factory) -> dict[str, BuiltLanguage]:
    out = tmp_path_factory.mktemp(f"{request.param}-full")
    return {result.language: result for result in build(FULL, out_dir=out, theme=request.param)}


def reference_items():
    if not (SEEDS / "001_1e443034aa517cad.txt").exists() and not os.environ.get("CI"):
        pytest.skip(f"reference CVs not found in {SEEDS}")
    from . import test_example  # the classic theme's reading of the reference CVs

    return test_example


def test_example_has_everything_of_the_english_reference(example):
    references = reference_items()
    found = normalized(text(example["en"]))
    missing = [item for item in references.english_items() if normalized(item) not in found]
    assert not missing, "missing from the English PDF:\n" + "\n".join(missing)


def test_example_has_everything_of_the_chinese_reference(example):
    references = reference_items()
    found = normalized(text(example["zh"]))
    for addition in references.HOMEPAGE_ADDITIONS_IN_CHINESE_PDF:
        assert normalized(addition) in found
        found = found.replace(normalized(addition), "")
    missing = [item for item in references.chinese_items() if normalized(item) not in found]
    assert not missing, "missing from the Chinese PDF:\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", ["en", "zh", "zh-TW", "zh-HK"])
def test_example_compiles_cleanly(example, lang):
    log = example[lang].log
    assert "Output written on" in log
    assert "Missing character" not in log
    assert all(width <= 1 for width in overfull(log)), overfull(log)


def test_example_languages_keep_their_own_content(example):
    en, zh, tw = text(example["en"]), text(example["zh"]), text(example["zh-TW"])
    assert "TileLink" in en and "TileLink" not in zh
    assert "CCF" not in en and "CCF A" in zh
    assert "梯度调度方法和装置" in zh and "梯度调度方法和装置" not in en
    assert "學歷" in tw and "教育背景" in zh  # Traditional text, converted from zh's
    tex = example["en"].tex.read_text(encoding="utf-8")
    assert tex.count(r"\cvowner{J. Fang}") >= 8


def test_side_column_holds_contacts_and_short_sections(example):
    """Contacts and the sections of the side kinds go to the side column; the others, in the
    layout's order, to the main column (the example's layout: education, publications,
    experience, awards, skills)."""
    tex = example["en"].tex.read_text(encoding="utf-8")
    body = tex[tex.index(r"\begin{document}") :]
    side = "".join(re.findall(r"\\cvin\{side\}\{(.*?)\n\}", body, re.DOTALL))
    main = "".join(re.findall(r"\\cvin\{main\}\{(.*?)\n\}", body, re.DOTALL))
    for piece in ("jin.fang@example.com", r"\cvsection{Awards}", r"\cvsection{Skills}"):
        assert piece in side and piece not in main
    titles = re.findall(r"\\cvsection\{(.*?)\}", main)
    assert titles == ["Education", "Publications", "Experience"]
    # Page 1 reads side column first: contacts and awards come before the education.
    first = pages(example["en"].pdf)[0]
    assert first.index("Guorui scholarship") < first.index("Hunan University")


def test_industry_variant_is_one_page_in_each_language(tmp_path):
    for theme in THEMES:
        results = build(EXAMPLE, out_dir=tmp_path / theme, variant="industry", theme=theme)
        assert len(results) == 4
        for result in results:
            assert page_count(result.pdf) == 1, (theme, result.pdf.name)
            assert all(width <= 1 for width in overfull(result.log)), result.pdf.name


def test_full_profile_header_and_photo(full):
    en, zh = normalized(text(full["en"])), normalized(text(full["zh"]))
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
    urls = subprocess.run(
        ["pdfinfo", "-url", str(full["en"].pdf)], capture_output=True, text=True, check=True
    ).stdout
    assert "https://scholar.google.com/citations?user=XXXX&hl=en" in urls
    assert "https://orcid.org/0000-0002-1825-0097" in urls
    images = subprocess.run(
        ["pdfimages", "-list", str(full["zh"].pdf)], capture_output=True, text=True, check=True
    ).stdout
    assert len(images.splitlines()) - 2 == 1


def test_full_profile_every_section_kind(full):
    en_text, zh_text = text(full["en"]), text(full["zh"])
    en, zh = flat_spaces(en_text), flat_spaces(zh_text)
    flat_en, flat_zh = normalized(en_text), normalized(zh_text)
    # summary and updated date
    assert "I build collective communication libraries" in en
    assert "Second paragraph: 50% & C# $5 _x_ {a} ~ ^ \\ stay literal." in en
    assert "Last updated: Nov 2026" in en and "更新于 2026.11" in zh
    # education details
    for piece in (
        "Dissertation: Efficient Communication for Distributed Training",
        "GPA 3.9/4.0, Rank 2/120",
        "Honors: Outstanding Graduate",
        "Advisors: Prof. Hongli Xu and Prof. Gongming Zhao",
        "Sep 2020 – Jun 2026 (expected)",
        "2016 – 2020",
    ):
        assert normalized(piece) in flat_en
    assert normalized("导师：徐宏力教授、赵功名教授") in flat_zh
    # experience: mentors, nested numbered items, links, dates
    assert "1. Dense LLMs" in en_text and "3. Vision transformers" in en_text
    assert "Mentors: Dr. Size Zheng" in en and "[code]" in en
    assert "Jun 2024 – Present" in en and normalized("2024.06–至今") in flat_zh
    # publications: groups, numbering, marks, legend, status, awards, labels, links
    assert en.index("Conference Papers") < en.index("Journal Articles") < en.index("Preprints")
    assert "* Equal contribution, † Corresponding author" in en
    assert "To appear" in en and "待发表" in zh
    assert "Distinguished Artifact Award" in en and "杰出工件奖" in zh
    assert "CORE A*" in en and "CCF A" in zh and "CCF" not in en
    for kind in ("pdf", "slides", "video", "code", "blog"):
        assert f"[{kind}]" in en
    assert "一篇中文期刊论文" in zh and "一篇中文期刊论文" not in en
    assert "S. Zheng, W. Bao, J. Fang, et al." in en and "J. Müller" in en
    # the other kinds
    assert "Advanced Computer Networking (COMP6103P)" in en and "Fall 2022" in en
    assert "External reviewer of IEEE JSAC 2023, 2024" in en
    assert "IEEE JSAC 外审 2023、2024" in zh
    assert "GOAT: Gradient Scheduling [video]" in en
    assert "C/C++ (expert), Python (expert), P4" in en
    assert normalized("C/C++（精通）、Python（精通）、P4") in flat_zh
    assert "English fluent (IELTS 7.5)" in en
    assert "Prof. Hongli Xu" in en and "gmzhao@example.com" in en
    assert "2023.8.13: 959 lbs (S: 363 lbs, B: 220 lbs, D: 374 lbs)" in en
    assert "What's it like to be a robot?" in en
    assert "专利号 CN114900482A" in zh and "CN114900482A" not in en


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_full_profile_compiles_cleanly(full, lang):
    log = full[lang].log
    assert "Missing character" not in log
    assert all(width <= 1 for width in overfull(log)), overfull(log)


def section_titles(results: dict[str, BuiltLanguage]) -> dict[str, set[str]]:
    titles: dict[str, set[str]] = {}
    for lang, result in results.items():
        tex = result.tex.read_text(encoding="utf-8")
        found = re.findall(r"\\cvsection\{(.*?)\}", tex[tex.index(r"\begin{document}") :])
        titles[lang] = {title.upper() for title in found} | set(found)
    return titles


def test_no_page_ends_with_a_section_title(example, full):
    for results in (example, full):
        titles = section_titles(results)
        for lang, result in results.items():
            for number, page in enumerate(pages(result.pdf)[:-1], 1):
                lines = [line.strip() for line in page.splitlines() if line.strip()]
                # The foot line ("updated") is not part of the columns.
                lines = [
                    line
                    for line in lines
                    if not line.startswith(("Last updated", "更新於", "更新于"))
                ]
                assert lines[-1] not in titles[lang], (result.pdf.name, number, lines[-1])


def test_long_side_column_goes_on_to_the_next_pages(tmp_path):
    """Sixty awards are more than a page of side column: the rest goes on in the side column
    of the next pages, in order, with nothing lost."""
    profile = yaml.safe_load(FULL.read_text(encoding="utf-8"))
    profile["awards"] = [
        {
            "name": {
                "en": f"Award {n} for a rather long achievement",
                "zh": f"第{n}项相当长的荣誉",
            },
            "years": 2000 + n % 25,
        }
        for n in range(1, 61)
    ]
    for name in ("publications.yaml", "refs.bib", "photo.png"):
        (tmp_path / name).write_bytes((FULL.parent / name).read_bytes())
    long_profile = tmp_path / "profile.yaml"
    long_profile.write_text(yaml.safe_dump(profile, allow_unicode=True), encoding="utf-8")
    for theme in THEMES:
        results = {
            r.language: r for r in build(long_profile, out_dir=tmp_path / theme, theme=theme)
        }
        en = text(results["en"])
        found = [int(n) for n in re.findall(r"Award (\d+) for", en)]
        assert found == list(range(1, 61))
        assert page_count(results["en"].pdf) >= 3
        zh = re.sub(r"\s", "", text(results["zh"]))
        assert [int(n) for n in re.findall(r"第(\d+)项", zh)] == list(range(1, 61))
        # the main column's content is all there too, once
        assert en.count("Communication-Computation Fused Kernels") == 1
        assert normalized("Scaling Collective Communication: A Study") in normalized(en)
        for result in results.values():
            assert all(width <= 1 for width in overfull(result.log))


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_example_tex_matches_golden(theme, lang):
    (rendered,) = render_languages(load_profile(EXAMPLE), [lang], theme)
    golden = GOLDEN / f"{theme}.academic.{lang}.tex"
    if os.environ.get("CVTEX_UPDATE_GOLDEN") == "1":
        golden.write_text(rendered.tex, encoding="utf-8")
    assert golden.exists(), f"{golden} is missing: run `make golden`"
    assert rendered.tex == golden.read_text(encoding="utf-8"), "run `make golden` and review"

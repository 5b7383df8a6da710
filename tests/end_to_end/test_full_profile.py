"""A profile that uses every content feature, built in English and Chinese with XeLaTeX."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from cvtex.errors import InputError
from cvtex.profile.load import load_profile

from ..building import build, render_languages
from ..conftest import ROOT, THEMES, normalized, overfull_lines, pdf_text
from .test_golden import golden_file

FULL = ROOT / "tests" / "data" / "full" / "profile.yaml"
GOLDEN = ROOT / "tests" / "golden"


@pytest.fixture(scope="module", params=THEMES)
def full(request, tmp_path_factory):
    """The full profile in English and Chinese, once per built-in theme."""
    out = tmp_path_factory.mktemp(f"full-{request.param}")
    results = {result.language: result for result in build(FULL, out_dir=out, theme=request.param)}
    return out, results, request.param


def text_of(full, lang):
    return pdf_text(full[1][lang].pdf)


def flat(full, lang):
    return normalized(text_of(full, lang))


def pdf_urls(pdf: Path) -> str:
    return subprocess.run(
        ["pdfinfo", "-url", str(pdf)], capture_output=True, text=True, check=True
    ).stdout


def image_count(pdf: Path) -> int:
    listing = subprocess.run(
        ["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True
    ).stdout
    return len(listing.splitlines()) - 2


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_full_profile_matches_golden(lang, theme):
    (rendered,) = render_languages(load_profile(FULL), [lang], theme)
    golden = golden_file("full", theme, lang)
    if os.environ.get("CVTEX_UPDATE_GOLDEN") == "1":
        golden.write_text(rendered.tex, encoding="utf-8")
    assert rendered.tex == golden.read_text(encoding="utf-8"), "run `make golden` and review"


def test_header(full):
    en, zh = flat(full, "en"), flat(full, "zh")
    for piece in (
        "Jin Fang",
        "PhD Candidate in Computer Science",
        "Google Scholar",
        "0000-0002-1825-0097",
        "jin-fang-example",
        "Hefei, China",
    ):
        assert normalized(piece) in en  # as typed, in every theme (no small capitals)
    assert "方缙" in zh and "计算机科学博士研究生" in zh and "合肥" in zh
    urls = pdf_urls(full[1]["en"].pdf)
    assert "https://scholar.google.com/citations?user=XXXX&hl=en" in urls
    assert "https://orcid.org/0000-0002-1825-0097" in urls
    assert "https://www.linkedin.com/in/jin-fang-example" in urls


def test_photo_only_where_the_language_shows_it(full):
    out, results, _theme = full
    assert image_count(results["zh"].pdf) == 1
    assert image_count(results["en"].pdf) == 0
    assert (out / "profile.photo.png").exists()  # beside the .tex that names it


def test_summary_paragraphs_and_updated_date(full):
    en = text_of(full, "en")
    assert "I build collective communication libraries" in en
    assert "Second paragraph: 50% & C# $5 _x_ {a} ~ ^ \\ stay literal." in en
    assert "Last updated: Nov 3, 2026" in en  # updated: 2026-11-03, a day
    assert "更新于 2026.11.03" in text_of(full, "zh")


def test_education_details(full):
    en = flat(full, "en")
    for piece in (
        "Dissertation: Efficient Communication for Distributed Training",
        "GPA 3.9/4.0, Rank 2/120",
        "Honors: Outstanding Graduate",
        "Advisors: Prof. Hongli Xu and Prof. Gongming Zhao",
        "Sep 2020 – Jun 2026 (expected)",
        "2016 – 2020",
    ):
        assert normalized(piece) in en
    zh = flat(full, "zh")
    assert normalized("导师：徐宏力教授、赵功名教授") in zh
    assert normalized("2020.09–2026.06（预计）") in zh


def test_experience_with_mentors_nested_numbered_items_and_links(full):
    en = text_of(full, "en")
    assert "1. Dense LLMs" in en and "3. Vision transformers" in en
    assert "Mentor: Dr. Size Zheng" in en  # one mentor: the singular
    assert "[code]" in en and "https://github.com/example/flux" in pdf_urls(full[1]["en"].pdf)
    assert "Jun 2024 – Present" in en
    assert normalized("2024.06–至今") in flat(full, "zh")


def test_publications(full):
    en, zh = text_of(full, "en"), text_of(full, "zh")
    flat_en = normalized(en)
    # grouped by type, numbered descending over the order shown
    assert en.index("Conference Papers") < en.index("Journal Articles") < en.index("Preprints")
    tex = full[1]["en"].tex.read_text(encoding="utf-8")
    numbers = [int(part.split("]")[0]) for part in tex.split(r"\item[{[")[1:]]
    assert numbers == [4, 3, 2, 1]
    # marks, legend, status, paper award, labels per language, links
    assert r"\cvowner{J. Fang}\textsuperscript{*†}" in tex
    assert "* Equal contribution, † Corresponding author" in en
    assert "To appear" in en and "待发表" in zh
    # An English entry keeps its commas, but the Chinese status after it takes Chinese's.
    assert "2025，预印本" in "".join(zh.split()) and "2025, Preprint" in en
    assert "Distinguished Artifact Award" in " ".join(en.split()) and "杰出工件奖" in zh
    assert "CORE A*" in en and "CORE" not in zh
    assert "CCF A" in zh and "CCF" not in en
    for kind in ("pdf", "slides", "video", "code", "blog"):
        assert f"[{kind}]" in en
    assert "https://example.com/v?id=1&t=2" in pdf_urls(full[1]["en"].pdf)
    # the owner is found in the Chinese script too
    zh_tex = full[1]["zh"].tex.read_text(encoding="utf-8")
    assert r"\cvowner{林\nobreak 梅}" not in zh_tex and r"\cvowner{方\nobreak 缙}" in zh_tex
    # the included file's Chinese-only paper stays out of the English CV
    assert "一篇中文期刊论文" in zh and "一篇中文期刊论文" not in en
    assert normalized("Scaling Collective Communication: A Study") in flat_en


def test_bibtex_publications(full):
    en = text_of(full, "en")
    assert "J. Müller" in en  # {\"u} decoded
    assert "Non-Idle Machine-Aware Worker Placement" in en  # braces dropped
    assert "S. Zheng, W. Bao, J. Fang, et al." in normalized_spaces(en)
    urls = pdf_urls(full[1]["en"].pdf)
    assert "https://doi.org/10.1109/ICNP.2024.0001" in urls
    assert "https://arxiv.org/abs/2504.19442" in urls


def normalized_spaces(text: str) -> str:
    return " ".join(text.split())


def test_other_sections(full):
    en, zh = normalized_spaces(text_of(full, "en")), normalized_spaces(text_of(full, "zh"))
    assert "Advanced Computer Networking (COMP6103P)" in en and "Fall 2022" in en
    assert "External reviewer of IEEE JSAC 2023, 2024" in en
    assert "IEEE JSAC 外审 2023、2024" in zh
    assert "GOAT: Gradient Scheduling [video]" in en
    assert "C/C++ (expert), Python (expert), P4" in en
    assert normalized("C/C++（精通）、Python（精通）、P4") in normalized(zh)
    assert "English fluent (IELTS 7.5)" in en
    assert "Prof. Hongli Xu" in en and "gmzhao@example.com" in en
    assert "2023.8.13: 959 lbs (S: 363 lbs, B: 220 lbs, D: 374 lbs)" in en
    assert "What's it like to be a robot?" in en
    assert "专利号 CN114900482A" in zh and "CN114900482A" not in en


@pytest.mark.parametrize("theme", THEMES)
def test_variant_builds_one_page_without_excluded_items(tmp_path, theme):
    (result,) = build(FULL, "en", tmp_path, variant="one-page", theme=theme)
    assert result.pdf.name == "profile.one-page.en.pdf"
    info = subprocess.run(["pdfinfo", str(result.pdf)], capture_output=True, text=True).stdout
    assert re.search(r"^Pages:\s+1$", info, re.MULTILINE)
    text = pdf_text(result.pdf)
    assert "An academic-only detail" not in text
    assert "Kernels for three model families" in text  # within the first two bullets
    assert "Mentor: " in text  # structured details are not bullets
    assert "Publications" not in text
    assert image_count(result.pdf) == 0


def test_unknown_variant_is_a_clean_error(tmp_path):
    with pytest.raises(InputError, match="did you mean 'one-page'"):
        build(FULL, "en", tmp_path, variant="onepage")


def test_error_in_an_included_file_names_that_file(tmp_path):
    (tmp_path / "pubs.yaml").write_text(
        "publications:\n  - title: X\n    authors: [A]\n    yeer: 2020\n", encoding="utf-8"
    )
    (tmp_path / "cv.yaml").write_text("name: A\ninclude: [pubs.yaml]\n", encoding="utf-8")
    with pytest.raises(InputError) as error:
        load_profile(tmp_path / "cv.yaml")
    assert f"{tmp_path / 'pubs.yaml'}:4:" in str(error.value)
    assert "unknown key 'yeer' (did you mean 'year'?)" in str(error.value)


def test_bibliography_errors_point_at_their_lines(tmp_path):
    (tmp_path / "refs.bib").write_text("@article{a, title={T}, year={2020}}\n", encoding="utf-8")
    (tmp_path / "cv.yaml").write_text(
        "name: A\nbibliography: {file: refs.bib}\npublications:\n  - bib: b\n", encoding="utf-8"
    )
    with pytest.raises(InputError, match=r"cv.yaml:4:.*no entry 'b'"):
        load_profile(tmp_path / "cv.yaml")
    (tmp_path / "refs.bib").write_text("@article{a, title={T}, year={2020}}\n\n@article{b,\n")
    with pytest.raises(InputError, match=r"cv.yaml:4:.*the entry 'b' \(.*refs.bib:3\) could not"):
        load_profile(tmp_path / "cv.yaml")


def test_bibliography_additions_survive_a_changed_bib(tmp_path):
    bib = tmp_path / "refs.bib"
    bib.write_text("@article{a, author={Fang, Jin}, title={Old}, year={2020}}\n")
    (tmp_path / "cv.yaml").write_text(
        "name: Jin Fang\nbibliography: {file: refs.bib}\npublications:\n"
        "  - bib: a\n    title: {zh: 中文标题}\n    links: [{type: code, url: 'https://x.org'}]\n",
        encoding="utf-8",
    )
    first = load_profile(tmp_path / "cv.yaml").profile.publications[0]
    bib.write_text("@article{a, author={Fang, Jin}, title={New}, year={2021}}\n")
    second = load_profile(tmp_path / "cv.yaml").profile.publications[0]
    assert first.title == {"en": "Old", "zh": "中文标题"}
    assert second.title == {"en": "New", "zh": "中文标题"}
    assert second.year == 2021 and second.links[0].url == "https://x.org"
    assert second.authors[0].name == "J. Fang"


def reading(full, lang):
    """The text in reading order, normalized, without the bullets' marks."""
    return normalized(text_of(full, lang)).replace("•", "")


def test_a_description_comes_before_the_bullets_and_numbered_entries_count(full):
    en, zh = reading(full, "en"), reading(full, "zh")

    def in_order(text: str, *pieces: str) -> None:
        """The pieces follow one another in the text, with nothing between them."""
        assert normalized("".join(pieces)) in text, pieces

    # Education: the heading with its links, its degree and dates, the description, the bullets.
    heading = en.index(normalized("University of Science and Technology of China [pdf] [advisor]"))
    assert heading < en.index(normalized("My doctoral work asks"))
    in_order(
        en,
        "My doctoral work asks how training jobs can share a network without waiting on it.",
        "Research on in-network computing",
    )
    assert zh.index(normalized("中国科学技术大学 [论文] [导师主页]")) < zh.index(
        normalized("博士阶段研究")
    )
    in_order(zh, "博士阶段研究分布式训练作业如何共享网络而不被通信拖慢。", "研究方向：在网计算")
    # An experience entry with numbered: true numbers its own bullets, after its paragraph.
    in_order(
        en,
        "to the systems team in production.",
        "1. Designed the write-ahead log and its group commit",
        "2. Cut compaction stalls by 80%",
        "3. Wrote the recovery tests run on every commit",
    )
    in_order(
        zh,
        "上线运行。",
        "1. 设计预写日志及其组提交",
        "2. 将压缩停顿减少 80%",
        "3. 编写每次提交都运行的恢复测试",
    )
    # Teaching, talks and others take a description too; others number their items.
    flat_en, flat_zh = flat(full, "en"), flat(full, "zh")
    for piece in (
        "Led the weekly labs on congestion control.",
        "A 20-minute talk with a live demo.",
    ):
        assert normalized(piece) in flat_en
    assert normalized("Marathon runner Three finishes so far. 1. Hefei Marathon 2023") in flat_en
    assert normalized("负责每周拥塞控制实验课。") in flat_zh
    assert (
        normalized("马拉松跑者 目前已完赛三次。 1. 2023 合肥马拉松 2. 2024 北京马拉松") in flat_zh
    )
    urls = pdf_urls(full[1]["en"].pdf)
    assert "https://example.com/thesis.pdf" in urls and "https://example.com/~xu" in urls


def test_a_description_sits_on_the_bullets_left_edge(full):
    """The paragraph and the bullets' text start at the same x, in both languages."""
    for lang, paragraph, bullet in (
        ("en", "My doctoral work", "Research on in-network"),
        ("zh", "博士阶段研究", "研究方向"),
        ("en", "I led the design", "Designed the write-ahead"),
        ("zh", "负责实验室参数服务器", "设计预写日志"),
        # A numbered entry's text starts where a bulleted entry's does.
        ("en", "Designed the write-ahead", "Achieve end-to-end"),
        ("en", "Three finishes so far.", "Hefei Marathon"),  # an others entry's items
        ("en", "Hefei Marathon", "2023.8.13:"),
        ("zh", "目前已完赛三次。", "2023 合肥马拉松"),
    ):
        pdf = full[1][lang].pdf
        assert abs(left_of(pdf, paragraph) - left_of(pdf, bullet)) < 0.5, (lang, paragraph)


def left_of(pdf: Path, phrase: str) -> float:
    """Where the first line starting with ``phrase`` starts, in points from the left."""
    html = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    words = re.findall(r'<word xMin="([\d.]+)"[^>]*>([^<]*)</word>', html)
    size = len(phrase.split())
    for i, (x, _) in enumerate(words):
        if " ".join(word for _, word in words[i : i + size]).startswith(phrase):
            return float(x)
    raise AssertionError(f"{phrase!r} is not in {pdf}")


def test_an_abbreviation_that_ends_with_the_year_gets_no_second_one(full):
    en, zh = normalized_spaces(text_of(full, "en")), normalized_spaces(text_of(full, "zh"))
    assert "(ICNP '24)" in en and "'24'24" not in en
    assert "(OSDI'25)" in en  # an abbreviation without a year still gets one
    # Chinese prints the year after the tag; an English entry keeps English punctuation
    assert "(ICNP '24), 2024" in zh


def test_a_same_text_is_shown_in_every_language(full):
    assert "Seed-Foundation-MLSys" in text_of(full, "en")
    assert "Seed-Foundation-MLSys" in text_of(full, "zh")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_full_profile_sets_every_glyph_and_no_line_runs_into_the_margin(full, lang):
    log = full[1][lang].log
    assert "Missing character" not in log
    assert overfull_lines(log) == []


def test_personal_lines_in_every_theme(full):
    en, zh = normalized_spaces(text_of(full, "en")), normalized_spaces(text_of(full, "zh"))
    assert "Objective: Research Scientist in Machine Learning Systems" in en
    assert "Born: May 1998" in en and "Nationality: Chinese" in en
    assert "Available: July 2026" in en
    assert "政治面貌" not in en  # only: [zh]
    assert "求职意向：机器学习系统研究员" in zh and "出生年月：1998.05" in zh
    assert "政治面貌：中共党员" in zh
    assert "国籍" not in zh  # its value is null in Chinese: the line is left out


def test_no_section_title_ends_a_page(full):
    """Under each section title, on the same page, comes text."""
    for result in full[1].values():
        titles = set(re.findall(r"\\cvsection\{([^}]*)\}", result.tex.read_text("utf-8")))
        assert titles
        for page in pdf_text(result.pdf).split("\f"):
            lines = [line.strip() for line in page.splitlines() if line.strip()]
            # the foot line ("Last updated: ...") is below the text
            lines = [line for line in lines if not line.startswith(("Last updated", "更新"))]
            if lines:
                assert lines[-1] not in titles, (result.pdf.name, lines[-1])


@pytest.mark.parametrize("theme", THEMES)
def test_a_section_longer_than_a_page_goes_on_with_nothing_lost(tmp_path, theme):
    """Sixty awards are more than a page (of the side column, in sidebar): the rest goes on,
    in order, on the next pages."""
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
    results = {r.language: r for r in build(long_profile, out_dir=tmp_path / "out", theme=theme)}
    en = pdf_text(results["en"].pdf, layout=False)
    assert [int(n) for n in re.findall(r"Award (\d+) for", en)] == list(range(1, 61))
    zh = re.sub(r"\s", "", pdf_text(results["zh"].pdf, layout=False))
    assert [int(n) for n in re.findall(r"第(\d+)项", zh)] == list(range(1, 61))
    # the rest of the content is all there too, once
    assert en.count("Communication-Computation Fused Kernels") == 1
    assert normalized("Scaling Collective Communication: A Study") in normalized(en)
    for result in results.values():
        assert overfull_lines(result.log) == []

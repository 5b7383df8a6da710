"""Descriptions, numbered entries, education links, a day for updated:, one layout list and
abbreviations with their year: built with XeLaTeX in en, zh, zh-TW and zh-HK, and as pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from markdown_it import MarkdownIt

from cvtex.importers import import_sources
from cvtex.language.catalog import load_catalog
from cvtex.profile.load import load_profile
from cvtex.profile.source import load_yaml
from cvtex.view.localize import localize
from cvtex.view.sections import abbr_has_year

from ..building import build, export
from ..conftest import ROOT, pdf_text

LANGUAGES = ("en", "zh", "zh-TW", "zh-HK")
FULL = ROOT / "tests" / "data" / "full" / "profile.yaml"

PROFILE = """\
languages: [en, zh, zh-TW, zh-HK]
name: {en: Ann Lee, zh: 李安}
updated: 2024-03-03
layout: [teaching, education, experience, publications]   # one list for every language
education:
  - institution: {en: Hunan University, zh: 湖南大学}
    degree: {en: B.Eng., zh: 工学学士}
    start: 2016
    end: 2020
    description: {en: Four years of networks and systems., zh: 四年网络与系统方向的学习。}
    numbered: true
    bullets:
      - {en: Thesis on congestion control, zh: 毕业论文：拥塞控制}
      - {en: Teaching assistant for two courses, zh: 两门课程的助教}
    links: [{type: pdf, url: "https://example.com/thesis.pdf"}]
experience:
  - title: {en: Storage Engine, zh: 存储引擎}
    description:   # | blocks wrapped as people wrap them: a blank line between paragraphs
      en: |
        I led the design of the
        storage engine.

        It replaced a
        bought one.
      zh: |
        负责存储引擎的
        设计，兼容 Ceph
        接口。

        它替换了外购的系统。
    bullets: [{en: Cut stalls by 80%, zh: 停顿减少 80%}]
publications:
  - {title: A Paper, authors: [A. Lee], venue: Symposium, abbr: "OSDI '23", year: 2023}
  - {title: B Paper, authors: [A. Lee], venue: Journal, abbr: ToN 2024, year: 2024}
  - {title: C Paper, authors: [A. Lee], venue: Symposium, abbr: NSDI, year: 2025}
teaching:
  - course: {en: Computer Networks, zh: 计算机网络}
    description: {en: Weekly labs on routing., zh: 每周路由实验课。}
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("entry-fields")
    profile = folder / "cv.yaml"
    profile.write_text(PROFILE, encoding="utf-8")
    build(profile, out_dir=folder / "out", formats=["pdf", "md", "html"])
    return profile, folder / "out"


def lines(pdf: Path) -> list[str]:
    return [" ".join(line.split()) for line in pdf_text(pdf).splitlines() if line.strip()]


def view(profile: Path, lang: str):
    loaded = load_profile(profile)
    return localize(loaded, load_catalog(lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_description_then_numbered_bullets_and_education_links(built, lang):
    profile, out = built
    shown = lines(out / f"cv.{lang}.pdf")
    education = next(s for s in view(profile, lang).sections if s.kind == "education")
    row = education.entries[0]
    paragraph = shown.index(row.description[0])
    assert shown[paragraph + 1 : paragraph + 3] == [
        f"1. {row.bullets[0].text}",
        f"2. {row.bullets[1].text}",
    ]
    link = load_catalog(lang).links["pdf"]
    assert shown[paragraph - 2].startswith(f"{row.heading} [{link}]")
    teaching = next(s for s in view(profile, lang).sections if s.kind == "teaching")
    course = teaching.entries[0]
    assert shown[shown.index(course.description[0]) - 1].startswith(course.heading)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_block_is_paragraphs_of_wrapped_lines(built, lang):
    profile, out = built
    row = next(s for s in view(profile, lang).sections if s.kind == "experience").entries[0]
    if lang == "en":
        assert row.description == [
            "I led the design of the storage engine.",
            "It replaced a bought one.",
        ]
    else:  # no space where a line of Chinese was wrapped; one beside Latin words
        assert len(row.description) == 2 and " " not in row.description[1]
        assert " Ceph " in row.description[0] and row.description[0].count(" ") == 2
    shown = lines(out / f"cv.{lang}.pdf")
    assert shown[shown.index(row.description[0]) + 1] == row.description[1]
    page = MarkdownIt("commonmark").render((out / f"cv.{lang}.md").read_text(encoding="utf-8"))
    assert f"<p>{row.description[0]}</p>\n<p>{row.description[1]}</p>" in page
    html = (out / f"cv.{lang}.html").read_text(encoding="utf-8")
    shown_html = re.findall(r'<p class="description">(.*?)</p>', html)
    assert row.description[0] in shown_html and row.description[1] in shown_html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_day_in_the_locales_form_and_one_layout_for_every_language(built, lang):
    _, out = built
    text = pdf_text(out / f"cv.{lang}.pdf")
    day = {"en": "Mar 3, 2024", "zh": "2024.03.03", "zh-TW": "2024.03.03", "zh-HK": "2024.03.03"}
    updated = load_catalog(lang).labels.updated.format(date=day[lang])
    assert updated in " ".join(text.split())
    titles = load_catalog(lang).titles
    order = [titles[kind] for kind in ("teaching", "education", "experience", "publications")]
    positions = [text.index(title) for title in order]
    assert positions == sorted(positions)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_abbreviation_with_its_year_gets_no_second_one(built, lang):
    _, out = built
    text = " ".join(pdf_text(out / f"cv.{lang}.pdf").split())
    assert "OSDI '23" in text and "'23'23" not in text and "'23 '23" not in text
    assert "ToN 2024" in text and "2024'24" not in text
    if lang == "en":
        assert "(OSDI '23)" in text and "(ToN 2024)" in text and "(NSDI'25)" in text
    else:
        assert "(NSDI), 2025" in text  # Chinese: the tag as written, the year after it


@pytest.mark.parametrize(
    ("abbr", "year", "has"),
    [
        ("OSDI '23", 2023, True),
        ("ICNP'24", 2024, True),
        ("NSDI’24", 2024, True),
        ("ToN 2024", 2024, True),
        ("CVPR2024", 2024, True),
        ("OSDI 23", 2023, True),
        ("OSDI23", 2023, True),
        ("OSDI '22", 2023, True),  # a year, even a different one: never two
        ("OSDI 22", 2023, False),  # bare digits count only as the publication's year
        ("OSDI", 2023, False),
        ("P4", 2024, False),
        ("F1", 2023, False),
        ("TPDS", 2024, False),
    ],
)
def test_which_abbreviations_hold_a_year(abbr, year, has):
    assert abbr_has_year(abbr, year) is has


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_markdown_page_has_the_paragraph_then_the_numbered_list(built, lang):
    profile, out = built
    html = MarkdownIt("commonmark").render((out / f"cv.{lang}.md").read_text(encoding="utf-8"))
    row = next(s for s in view(profile, lang).sections if s.kind == "education").entries[0]
    expected = (
        f"<p>{row.description[0]}</p>\n<ol>\n<li>{row.bullets[0].text}</li>\n"
        f"<li>{row.bullets[1].text}</li>\n</ol>"
    )
    assert expected in html
    assert '<a href="https://example.com/thesis.pdf">' in html


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_html_page_has_the_paragraph_then_the_numbered_list(built, lang):
    profile, out = built
    page = (out / f"cv.{lang}.html").read_text(encoding="utf-8")
    row = next(s for s in view(profile, lang).sections if s.kind == "education").entries[0]
    entry = re.search(r'<p class="description">(.*?)</p>\s*<ol>\s*<li>(.*?)</li>', page)
    assert entry is not None
    assert entry.groups() == (row.description[0], row.bullets[0].text)
    assert 'href="https://example.com/thesis.pdf"' in page


def test_json_resume_carries_the_new_fields_and_brings_them_back(tmp_path):
    (written,) = export(FULL, "en", out_dir=tmp_path)
    resume = json.loads(written.read_text(encoding="utf-8"))
    assert resume["meta"]["lastModified"] == "2026-11-03"
    assert resume["education"][0]["url"] == "https://example.com/thesis.pdf"
    engine = next(w for w in resume["work"] if w.get("summary") == "Log-Structured Storage Engine")
    assert engine["highlights"][0].startswith("I led the design of a storage engine")
    teaching = next(p for p in resume["projects"] if p["type"] == "teaching")
    assert teaching["highlights"] == ["Led the weekly labs on congestion control."]
    runner = next(p for p in resume["projects"] if p["name"] == "Marathon runner")
    assert runner["description"] == "Three finishes so far."

    imported = import_sources([written], tmp_path / "back.yaml", force=False, languages="en")
    back = load_profile(imported.profile).profile
    assert (back.updated.year, back.updated.month, back.updated.day) == (2026, 11, 3)
    assert back.education[0].links[0].url == "https://example.com/thesis.pdf"
    assert back.teaching[0].description == "Led the weekly labs on congestion control."
    runner_back = next(entry for entry in back.others if entry.text == "Marathon runner")
    assert runner_back.description == "Three finishes so far."


def test_the_schema_knows_the_new_fields():
    schema = json.loads((ROOT / "cvtex" / "profile.schema.json").read_text(encoding="utf-8"))
    for file in (FULL, ROOT / "cvtex" / "starters" / "profile.yaml"):
        data, _ = load_yaml(file)  # dates stay text, as cvtex reads them
        jsonschema.validate(data, schema)
    minimal = {"name": "A", "layout": ["education"], "updated": "2024-03-03"}
    jsonschema.validate(minimal, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"name": {"same": "A", "only": ["en"]}}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"name": "A", "teaching": [{"course": "C", "numbered": True}]}, schema)
    definitions = schema["$defs"]
    for model, fields in {
        "Education": ("description", "numbered", "links"),
        "Experience": ("description", "numbered"),
        "Teaching": ("description",),
        "Talk": ("description",),
        "Other": ("description", "numbered"),
        "Same": ("same",),
    }.items():
        for name in fields:
            assert definitions[model]["properties"][name]["description"], (model, name)
    for name in ("updated", "layout"):
        assert schema["properties"][name]["description"]


def test_an_english_degree_joins_its_field_in_english_in_the_chinese_cv(tmp_path):
    # Written in English only (not yet translated): "M.S. in Computer Science", as the
    # English CV has it, rather than the Chinese form's wide ideographic space.
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        "languages: [en, zh, zh-TW]\nname: {en: Ann Lee, zh: 李安}\neducation:\n"
        "  - {institution: MIT, degree: M.S., field: Computer Science, start: 2020}\n"
        "  - {institution: 湖南大学, degree: 学士, field: Computer Science, start: 2016}\n",
        encoding="utf-8",
    )
    build(profile, out_dir=tmp_path / "out")
    for lang in ("zh", "zh-TW"):
        shown = lines(tmp_path / "out" / f"cv.{lang}.pdf")
        assert any(line.startswith("M.S. in Computer Science") for line in shown), shown
        rows = next(s for s in view(profile, lang).sections if s.kind == "education").entries
        assert rows[1].detail.endswith("士　Computer Science")  # with Chinese: the Chinese form

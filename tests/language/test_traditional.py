"""Traditional Chinese by conversion: own text first, then OpenCC around the user's terms."""

from __future__ import annotations

import textwrap

import pytest

from cvtex.language.catalog import load_catalog, read_catalog
from cvtex.language.traditional import Conversion, glossary_terms
from cvtex.profile.load import load_profile
from cvtex.view.localize import localize

from ..conftest import GERMAN


def view(tmp_path, yaml_text: str, lang: str):
    file = tmp_path / "cv.yaml"
    file.write_text(textwrap.dedent(yaml_text), encoding="utf-8")
    loaded = load_profile(file)
    return localize(loaded, load_catalog(lang))


def texts(cv) -> list[str]:
    """Every string of a view, in order: headings, places, bullets, award names."""
    out = [cv.name]
    for section in cv.sections:
        out.append(section.title)
        entries = section.entries
        if hasattr(entries, "groups"):  # publications
            entries = [cite for group in entries.groups for cite in group.citations]
        for entry in entries:
            if hasattr(entry, "heading"):
                out += [entry.heading, entry.place, entry.detail, entry.dates]
                out += [bullet.text for bullet in entry.bullets]
            elif hasattr(entry, "note"):
                out += [entry.text, entry.note]
            elif hasattr(entry, "authors"):
                out += [person.name for person in entry.authors] + [entry.title]
    return out


def test_opencc_phrasing_differs_by_region():
    taiwan, hong_kong = Conversion("s2twp", {}), Conversion("s2hk", {})
    assert taiwan("中国科学技术大学的软件和信息网络") == "中國科學技術大學的軟體和資訊網路"
    assert hong_kong("中国科学技术大学的软件和信息网络") == "中國科學技術大學的軟件和信息網絡"


def test_protected_and_glossary_terms_are_not_converted_blindly():
    terms = glossary_terms(
        {"计算机科学与技术": "計算機科學與技術", "信息": {"zh-TW": "信息", "zh-HK": "資訊"}},
        ["方缙", "计算机"],
        ("zh-TW", "zh-Hant"),
    )
    assert terms == {
        "方缙": "方缙",
        "计算机": "计算机",
        "计算机科学与技术": "計算機科學與技術",
        "信息": "信息",
    }
    convert = Conversion("s2twp", terms)
    # Longest term first: the degree is one glossary term, not the protected 计算机 + rest.
    assert convert("方缙，计算机科学与技术，信息网络") == "方缙，計算機科學與技術，信息網路"
    assert convert("计算机网络") == "计算机網路"
    hk = glossary_terms({"信息": {"zh-Hant": "資訊"}}, [], ("zh-HK", "zh-Hant"))
    assert hk == {"信息": "資訊"}
    assert glossary_terms({"信息": {"zh-HK": "資訊"}}, [], ("zh-TW", "zh-Hant")) == {}


PROFILE = """\
    languages: [en, zh, zh-TW]
    name: {en: Jin Fang, zh: 方缙}
    owner_names: [方缙]
    protect: [方缙]
    glossary:
      计算机科学与技术: 計算機科學與技術
    education:
      - institution: {en: USTC, zh: 中国科学技术大学}
        location: {en: "Anhui, China", zh: null}
        degree: {en: Ph.D., zh: 博士, zh-Hant: 博士（繁）, zh-TW: 博士班}
        field: {en: CS, zh: 计算机科学与技术, zh-Hant: 電腦科學}
        start: 2020-09
        end: present
        bullets:
          - {en: software, zh: 软件}
          - {text: 只在中文里的一条信息, only: [zh]}
          - {text: 只在台湾, only: [zh-TW]}
    publications:
      - authors: [赵功名, 方缙]
        title: 网络
    layout:
      en: [publications, education]
      zh: [education, publications]
"""


def test_traditional_build_prefers_own_text_then_zh_hant_then_converts(tmp_path):
    cv = view(tmp_path, PROFILE, "zh-TW")
    (row,) = cv.sections[0].entries
    assert row.heading == "中國科學技術大學"  # converted from zh
    assert row.place == ""  # zh: null means nothing in Chinese, Traditional included
    assert row.detail == "博士班　電腦科學"  # own zh-TW text, then zh-Hant: never converted
    assert row.dates == "2020.09–至今"
    # A plain string is the same text in every language: its Chinese is converted too.
    assert [b.text for b in row.bullets] == ["軟體", "只在中文裡的一條資訊", "只在臺灣"]
    assert cv.name == "方缙"  # protected
    assert not cv.fallbacks
    # Own: degree, field (zh-Hant) and the protected author; the rest went through OpenCC.
    assert (cv.own_texts, cv.converted) == (3, 8)


def test_traditional_build_follows_the_zh_layout_and_scope(tmp_path):
    tw = view(tmp_path, PROFILE, "zh-TW")
    zh = view(tmp_path, PROFILE, "zh")
    assert (
        [s.id for s in tw.sections] == [s.id for s in zh.sections] == ["education", "publications"]
    )
    assert [s.title for s in tw.sections] == ["學歷", "學術著作"]
    assert "只在台湾" not in texts(zh) and "只在臺灣" in texts(tw)
    assert "只在中文里的一条信息" in texts(zh)


def test_owner_name_stays_bold_when_converted(tmp_path):
    unprotected = PROFILE.replace("protect: [方缙]", "protect: []")
    cv = view(tmp_path, unprotected, "zh-TW")
    ((citation,),) = [group.citations for group in cv.sections[1].entries.groups]
    assert [(p.name, p.owner) for p in citation.authors] == [("趙功名", False), ("方縉", True)]
    assert cv.name == "方縉"


@pytest.mark.parametrize(
    ("fallback", "used"),
    [
        ("", "en"),  # the order of languages:, en first
        ("fallback: [zh-TW, en]", "zh-TW"),
        ("fallback: zh-TW", "zh-TW"),
        ("fallback: {ko: [zh-TW]}", "zh-TW"),
        ("fallback: {en: [zh-TW]}", "en"),  # an order for another language only
    ],
)
def test_fallback_order_comes_from_the_profile(tmp_path, fallback, used):
    yaml_text = f"""\
        languages: [en, zh, zh-TW, ko]
        {fallback}
        name: {{zh-TW: 方縉, en: Jin Fang}}
    """
    cv = view(tmp_path, yaml_text, "ko")
    assert cv.name == {"en": "Jin Fang", "zh-TW": "方縉"}[used]
    (fallback_used,) = cv.fallbacks
    assert str(fallback_used) == f"line 3: name has no ko text; using {used}"
    # The Simplified CV falls back to nothing: it converts the Traditional text.
    chinese = view(tmp_path, yaml_text, "zh")
    assert (chinese.name, chinese.fallbacks, chinese.converted) == ("方缙", [], 1)


def test_a_null_in_the_fallback_language_shows_nothing(tmp_path):
    yaml_text = """\
        languages: [en, zh]
        name: Jin
        experience:
          - title: X
            organization: {en: null, zh: 中科大}
    """
    english = view(tmp_path, yaml_text, "en")
    assert english.sections[0].entries[0].place == ""
    loaded = load_profile(tmp_path / "cv.yaml")
    german = localize(loaded, read_catalog(GERMAN))
    assert german.sections[0].entries[0].place == ""  # as in English, not the Chinese
    assert [f.message for f in german.fallbacks] == [
        "experience[0].organization has no de text; using en"
    ]

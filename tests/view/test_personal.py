"""The personal block: label and value lines chosen per language, in the localized view."""

from __future__ import annotations

import json
import textwrap

import pytest

from cvtex.errors import InputError
from cvtex.language.catalog import load_catalog
from cvtex.profile.load import load_profile
from cvtex.profile.schema import profile_schema
from cvtex.view.cv import Personal
from cvtex.view.localize import localize

PROFILE = """\
    languages: [en, zh]
    name: {en: Jin Fang, zh: 方缙}
    personal:
      - label: {en: Objective, zh: 求职意向}
        value: {en: Research Scientist, zh: 算法研究员}
      - {label: 政治面貌, value: 中共党员, only: [zh]}
      - {label: {en: Nationality, zh: 国籍}, value: {en: Chinese, zh: null}}
      - {label: {en: Born}, value: {en: May 1998, zh: "1998.05"}}
      - {label: {en: Hobby, zh: 爱好}, value: {en: Chess, zh: 国际象棋}, tags: [private]}
    variants:
      public: {exclude: [private]}
"""


def write(tmp_path, text: str = PROFILE, name: str = "cv.yaml"):
    file = tmp_path / name
    file.write_text(textwrap.dedent(text), encoding="utf-8")
    return file


def view(tmp_path, lang: str, variant: str | None = None, text: str = PROFILE):
    loaded = load_profile(write(tmp_path, text))
    return localize(loaded.showing(variant), load_catalog(lang))


def test_lines_per_language(tmp_path):
    assert view(tmp_path, "en").personal == [
        Personal("Objective", "Research Scientist"),
        Personal("Nationality", "Chinese"),
        Personal("Born", "May 1998"),
        Personal("Hobby", "Chess"),
    ]
    # only: [zh] shows in Chinese only, a null value leaves its line out there
    assert view(tmp_path, "zh").personal == [
        Personal("求职意向", "算法研究员"),
        Personal("政治面貌", "中共党员"),
        Personal("Born", "1998.05"),
        Personal("爱好", "国际象棋"),
    ]


def test_a_missing_label_falls_back_and_is_reported(tmp_path):
    cv = view(tmp_path, "zh")
    assert [str(fallback) for fallback in cv.fallbacks] == [
        "line 8: personal[3].label has no zh text; using en"
    ]


def test_traditional_chinese_is_converted(tmp_path):
    text = PROFILE.replace("languages: [en, zh]", "languages: [en, zh, zh-TW]")
    assert view(tmp_path, "zh-TW", text=text).personal[0] == Personal("求職意向", "演算法研究員")


def test_tags_leave_lines_out_of_a_variant(tmp_path):
    labels = [line.label for line in view(tmp_path, "en", "public").personal]
    assert labels == ["Objective", "Nationality", "Born"]


def test_an_included_file_adds_lines(tmp_path):
    """Private lines (date of birth) can live in a file kept out of a public repository."""
    write(tmp_path, "personal:\n  - {label: {en: Born, zh: 出生年月}, value: 1998-05}\n", "me.yaml")
    text = "include: [me.yaml]\nname: A\npersonal:\n  - {label: Objective, value: Engineer}\n"
    assert [line.label for line in view(tmp_path, "zh", text=text).personal] == [
        "Objective",
        "出生年月",
    ]


def test_a_mistake_names_the_line(tmp_path):
    file = write(tmp_path, "name: A\npersonal:\n  - {label: Objective, valeu: X}\n")
    with pytest.raises(InputError) as error:
        load_profile(file)
    assert "cv.yaml:3:31: personal[0].valeu: unknown key 'valeu' (did you mean 'value'?)" in str(
        error.value
    )


def test_the_schema_describes_the_block():
    schema = json.loads(json.dumps(profile_schema()))
    personal = schema["properties"]["personal"]
    assert "description" in personal
    line = schema["$defs"][personal["items"]["$ref"].rsplit("/", 1)[1]]
    assert {"label", "value", "only", "tags"} <= set(line["properties"])
    assert line["required"] == ["label", "value"]

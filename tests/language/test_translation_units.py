"""Translation by occurrence: a text that stands in several fields is translated once and
written back to each; what the profile already translated is suggested; one backup."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cvtex.cli.main import main

# Tsinghua University stands three times, twice as plain text and once translated; so does
# Beijing, China (once as a mapping that lacks zh); Research Intern twice, never translated.
PROFILE = """\
languages: [en, zh]
name: {en: Ann Lee, zh: 李安}

education:
  - institution: Tsinghua University   # the PhD
    location: Beijing, China
    degree: {en: Ph.D., zh: 博士}
    start: 2020
    end: 2025

experience:
  - title: Research Intern
    organization: {en: Tsinghua University, zh: 清华大学}
    location: {en: "Beijing, China"}
    start: 2019
    end: 2020
  - title: Research Intern
    organization: Tsinghua University
    location: Beijing, China
    start: 2018
    end: 2019
"""


def run(*args: object):
    return CliRunner().invoke(main, [str(arg) for arg in args])


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    path = tmp_path / "cv.yaml"
    path.write_text(PROFILE, encoding="utf-8")
    return path


def export(profile: Path, *options: str) -> dict:
    result = run("translate", "export", profile, "--lang", "zh", "--force", *options)
    assert result.exit_code == 0, result.output
    return yaml.safe_load(profile.with_name("cv.zh.translation.yaml").read_text("utf-8"))


def by_text(sheet: dict) -> dict[str, dict]:
    return {unit["en"]: unit for unit in sheet["texts"]}


def test_each_distinct_text_is_listed_once_with_every_place(profile):
    units = by_text(export(profile))
    assert list(units) == ["Tsinghua University", "Beijing, China", "Research Intern"]
    assert units["Beijing, China"]["at"] == [
        "education[0].location (line 6)",
        "experience[0].location (line 14)",
        "experience[1].location (line 19)",
    ]
    assert units["Research Intern"]["at"] == [
        "experience[0].title (line 12)",
        "experience[1].title (line 17)",
    ]
    # The one place it has zh text already is no place to translate.
    assert units["Tsinghua University"]["at"] == [
        "education[0].institution (line 5)",
        "experience[1].organization (line 18)",
    ]


def test_a_text_the_profile_translated_elsewhere_is_suggested(profile):
    units = by_text(export(profile))
    assert units["Tsinghua University"]["zh"] == "清华大学"
    assert units["Tsinghua University"]["suggested"] == "profile (experience[0].organization)"
    assert units["Research Intern"]["zh"] is None and "suggested" not in units["Research Intern"]


def test_one_translation_is_written_to_every_place(profile):
    sheet = profile.with_name("cv.zh.translation.yaml")
    export(profile)
    text = sheet.read_text(encoding="utf-8")
    text = text.replace("- en: Beijing, China\n  zh:\n", "- en: Beijing, China\n  zh: 北京\n")
    text = text.replace(
        "- en: Research Intern\n  zh:\n", "- en: Research Intern\n  zh: 研究实习生\n"
    )
    sheet.write_text(text, encoding="utf-8")

    result = run("translate", "merge", profile, sheet)
    assert result.exit_code == 0, result.output
    assert "2 translation(s) into zh merged (at 5 place(s)), 0 left empty, 1 suggestion(s) " in (
        result.output
    )
    after = profile.read_text(encoding="utf-8")
    assert after.count("{en: Research Intern, zh: 研究实习生}") == 2
    assert after.count("zh: 北京}") == 3
    assert "location: {en: 'Beijing, China', zh: 北京}\n" in after  # quoted in a flow
    assert 'location: {en: "Beijing, China", zh: 北京}\n' in after
    # The suggestion was not checked: Tsinghua University is left as it was.
    assert "  - institution: Tsinghua University   # the PhD\n" in after

    # Taken once the translator deletes its mark.
    export(profile)
    sheet.write_text(
        sheet.read_text(encoding="utf-8").replace(
            "  suggested: profile (experience[0].organization)\n", ""
        ),
        encoding="utf-8",
    )
    result = run("translate", "merge", profile, sheet)
    assert "1 translation(s) into zh merged (at 2 place(s))" in result.output
    after = profile.read_text(encoding="utf-8")
    assert after.count("{en: Tsinghua University, zh: 清华大学}") == 3
    assert "10 of 10 text fields have zh text, 0 fall back" in run("validate", profile).output


def test_each_merge_keeps_a_copy_and_never_replaces_an_earlier_one(profile):
    sheet = profile.with_name("cv.zh.translation.yaml")
    export(profile)
    sheet.write_text(
        sheet.read_text(encoding="utf-8").replace(
            "- en: Research Intern\n  zh:\n", "- en: Research Intern\n  zh: 研究实习生\n"
        ),
        encoding="utf-8",
    )
    assert run("translate", "merge", profile, sheet).exit_code == 0
    backup = profile.with_name("cv.yaml.bak")
    assert backup.read_text(encoding="utf-8") == PROFILE
    first = profile.read_text(encoding="utf-8")

    export(profile)
    sheet.write_text(
        sheet.read_text(encoding="utf-8").replace(
            "- en: Beijing, China\n  zh:\n", "- en: Beijing, China\n  zh: 北京\n"
        ),
        encoding="utf-8",
    )
    result = run("translate", "merge", profile, sheet)
    assert result.exit_code == 0, result.output
    # A copy of its own: the profile before the first merge stays in cv.yaml.bak.
    assert sorted(path.name for path in profile.parent.glob("cv.yaml*")) == [
        "cv.yaml",
        "cv.yaml.bak",
        "cv.yaml.bak2",
    ]
    assert backup.read_text(encoding="utf-8") == PROFILE
    assert profile.with_name("cv.yaml.bak2").read_text(encoding="utf-8") == first
    # A merge that changes nothing writes nothing, not even a copy.
    before = profile.read_bytes()
    assert run("translate", "merge", profile, sheet).exit_code == 0
    assert profile.read_bytes() == before
    assert len(list(profile.parent.glob("cv.yaml.bak*"))) == 2


def test_a_file_of_the_earlier_form_one_row_per_field_still_merges(profile):
    sheet = profile.with_name("old.yaml")
    sheet.write_text(
        "profile: cv.yaml\nlanguage: zh\ntexts:\n"
        "- path: experience[0].title\n  line: 12\n  en: Research Intern\n  zh: 研究实习生\n"
        "- path: experience[1].title\n  line: 17\n  en: Research Intern\n  zh: 研究实习生\n",
        encoding="utf-8",
    )
    result = run("translate", "merge", profile, sheet)
    assert result.exit_code == 0, result.output
    assert "1 translation(s) into zh merged (at 2 place(s)), 0 left empty" in result.output
    assert "0 skipped" in result.output
    assert profile.read_text(encoding="utf-8").count("{en: Research Intern, zh: 研究实习生}") == 2

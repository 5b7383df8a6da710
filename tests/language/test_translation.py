"""Translating an English profile: what validate reports as untranslated, and the round trip
of export, a translator's filling in, and merge back into the profile as it was written."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import ExitCode
from cvtex.view.untranslated import looks_untranslated

from ..building import build
from ..conftest import normalized, pdf_text

# An English CV that declares Chinese: the comments, flow and block styles, quoting and
# blank lines are what a merge must keep.
PROFILE = """\
# yaml-language-server: $schema=profile.schema.json
# Ann's CV, written in English first.
languages: [en, zh, zh-TW, zh-HK]
include: [more.yaml]   # the side projects live there
name: {en: Ann Lee, zh: 李安}   # my name
headline: PhD student in networking

contacts:
  - {type: email, value: ann@example.com}
  - {type: location, value: "Hefei, China"}

summary: |
  I study how data centre networks carry
  training traffic.

  Before that, compilers.

education:
  - institution: Hunan University  # undergraduate
    degree: {en: B.Eng.}
    field: Computer Science
    start: 2016
    end: 2020
    bullets:
      - Thesis on congestion control
      - {text: Only in the English CV, only: [en]}
      - text: "Quoted: with a colon"
        tags: [x]

experience:
  - title: Fast Kernels
    team: {same: Seed-MLSys}   # a name: the same in every language
    bullets: [First result, Second result]

publications:
  - authors: [A. Lee, B. Wu]
    title: Routing Gradients in the Network
    venue: Symposium on Networked Systems
    abbr: NSDI
    year: 2024
    awards: [Best Paper Award]

skills:
  - category: Languages
    items: [Python, PyTorch]
"""

MORE = """\
# Side projects, included by cv.yaml.
others:
  - text: A small todo manager  # still maintained
"""

# What the translator writes, by path; an empty one stays untranslated, and a copy of the
# text marks it as the same in every language.
SUMMARY = "I study how data centre networks carry training traffic.\nBefore that, compilers."
FILLED = {
    "headline": "网络方向博士研究生",
    "contacts[1].value": "合肥",
    "summary": "我研究数据中心网络\n如何承载训练流量。\n\n此前研究编译器。",  # wrapped
    "education[0].institution": "湖南大学",
    "education[0].degree": "工学学士",
    "education[0].field": "计算机科学与技术",
    "education[0].bullets[0]": "毕业论文：拥塞控制",
    "education[0].bullets[2].text": "带引号：有冒号",
    "experience[0].title": "Fast Kernels",
    "experience[0].bullets[0]": "第一项成果",
    "publications[0].awards[0]": "最佳论文奖",
    "others[0].text": "一个小型待办事项管理器",
}
LEFT_EMPTY = {"experience[0].bullets[1]", "skills[0].category"}


def run(*args: object):
    return CliRunner().invoke(main, [str(arg) for arg in args])


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    (tmp_path / "more.yaml").write_text(MORE, encoding="utf-8")
    path = tmp_path / "cv.yaml"
    path.write_text(PROFILE, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "scripts", "looks"),
    [
        ("Fast Training Library", ["Han"], True),
        ("Hefei", ["Han"], True),
        ("a light-weight todo manager", ["Han"], True),
        ("视觉 Transformer", ["Han"], False),  # has Chinese: written for Chinese
        ("GPU", ["Han"], False),  # abbreviations
        ("CCF A", ["Han"], False),
        ("IWQoS 2023", ["Han"], False),  # a name with capitals inside
        ("Ph.D.", ["Han"], False),
        ("C/C++", ["Han"], False),
        ("3.9/4.0", ["Han"], False),
        ("$3\\times$ faster", ["Han"], True),
        ("$3\\times$", ["Han"], False),
        ("[code](https://github.com/example/flux)", ["Han"], True),  # the link text counts
        ("[GRID](https://github.com/example/grid)", ["Han"], False),
        ("https://example.com/some/long/path", ["Han"], False),
        ("ann@example.com", ["Han"], False),
        ("方缙", ["Latin"], True),  # Chinese in the English CV
        ("方缙 (Jin Fang)", ["Latin"], True),  # as much Chinese as English: CJK wins
        ("Jin Fang (方缙), PhD student", ["Latin"], False),  # English with a Chinese name
        ("Fast Training Library", ["Latin"], False),
        # Written in Chinese with English terms: Chinese, in the English CV too.
        ("AI 網路工程師", ["Latin"], True),
        ("合作导师：Tony Cai 教授", ["Latin"], True),
        ("基于 PyTorch 的训练框架", ["Latin"], True),
        ("深度学习理论", ["Latin"], True),
        ("東京大学で機械学習を研究", ["Han"], True),  # Japanese in the Chinese CV
        ("清华大学", ["Han", "Hiragana", "Katakana"], False),  # Japanese writes Han
        ("熟悉 Python、R、SQL", ["Han"], False),  # Chinese naming tools in Latin letters
        ("Московский университет", ["Han"], True),
    ],
)
def test_what_looks_untranslated(text, scripts, looks):
    assert looks_untranslated(text, scripts) is looks


def test_validate_lists_untranslated_texts_per_language_with_their_lines(profile):
    result = run("validate", profile, "--lang", "zh,zh-TW,zh-HK,en")
    assert result.exit_code == 0, result.output
    report = result.stdout.splitlines()
    expected = [
        "line 6: headline: 'PhD student in networking'",
        "line 10: contacts[1].value: 'Hefei, China'",
        "line 12: summary: " + repr(SUMMARY[:57] + "..."),
        "line 19: education[0].institution: 'Hunan University'",
        "line 21: education[0].field: 'Computer Science'",
        "line 25: education[0].bullets[0]: 'Thesis on congestion control'",
        "line 27: education[0].bullets[2]: 'Quoted: with a colon'",
        "line 31: experience[0].title: 'Fast Kernels'",
        "line 33: experience[0].bullets[0]: 'First result'",
        "line 33: experience[0].bullets[1]: 'Second result'",
        "line 41: publications[0].awards[0]: 'Best Paper Award'",
        "line 44: skills[0].category: 'Languages'",
        f"{profile.parent / 'more.yaml'}:3: others[0].text: 'A small todo manager'",
    ]
    for language in ("zh", "zh-TW", "zh-HK"):
        start = next(i for i, line in enumerate(report) if line.startswith(f"  {language}: "))
        assert "13 look untranslated, 1 fall back" in report[start]
        end = next(i for i, line in enumerate(report) if i > start and not line.startswith("    "))
        listed = [
            line.removeprefix("    looks untranslated: ")
            for line in report[start + 1 : end]
            if line.startswith("    looks untranslated: ")
        ]
        # Traditional is converted from zh: the same texts are listed once, under zh.
        same = f"the 13 listed for zh (translated into zh, they are converted for {language})"
        assert listed == (expected if language == "zh" else [same]), language
    alone = run("validate", profile, "--lang", "zh-TW").stdout  # without zh, listed in full
    assert all(f"    looks untranslated: {line}" in alone for line in expected)
    # Never reported: the e-mail, the team written {same: ...}, the paper's title, authors
    # and venue, the skills themselves; nothing looks untranslated in English.
    for quiet in ("ann@example.com", "Seed-MLSys", "Routing Gradients", "A. Lee", "PyTorch"):
        assert quiet not in result.stdout
    assert re.search(
        r"^  en: \d+ of \d+ text fields have en text, 0 fall back", result.stdout, re.M
    )
    assert "warning: 13 text field(s) look untranslated in zh" in result.stderr
    assert "cvtex translate export" in result.stderr


def test_chinese_text_in_the_english_cv_looks_untranslated(tmp_path):
    path = tmp_path / "cv.yaml"
    path.write_text("languages: [zh, en]\nname: 李安\nheadline: 网络方向博士生\n", encoding="utf-8")
    result = run("validate", path, "--lang", "en")
    assert "looks untranslated: line 2: name: '李安'" in result.stdout
    assert "looks untranslated: line 3: headline: '网络方向博士生'" in result.stdout


def test_strict_validation_fails_on_untranslated_text(profile):
    result = run("validate", profile, "--lang", "zh", "--strict")
    assert result.exit_code == ExitCode.USER_ERROR
    assert "error: 1 text field(s) fall back to another language; 13 text field(s) look " in (
        result.stderr
    )
    assert "(--strict)" in result.stderr and "Traceback" not in result.output


def fill_yaml(file: Path, filled: dict[str, str]) -> None:
    """What a translator does: write a text after each zh: (a block for several lines),
    found by the first place the text stands, and take a suggestion so replaced."""
    from ruamel.yaml.scalarstring import LiteralScalarString

    from cvtex.profile.edit import round_trip_yaml

    yaml_ = round_trip_yaml()
    document = yaml_.load(file.read_text(encoding="utf-8"))
    for unit in document["texts"]:
        path = unit["at"][0].split(" (")[0]
        if path in filled:
            text = filled[path]
            unit["zh"] = LiteralScalarString(text + "\n") if "\n" in text else text
            unit.pop("suggested", None)  # checked
    out = io.StringIO()
    yaml_.dump(document, out)
    file.write_text(out.getvalue(), encoding="utf-8")


def test_the_translation_round_trip_keeps_the_profile_as_written(profile):
    folder = profile.parent
    exported = run("translate", "export", profile, "--lang", "zh")
    assert exported.exit_code == 0, exported.output
    sheet = folder / "cv.zh.translation.yaml"
    assert f"wrote {sheet}: 14 text(s) to translate into zh" in exported.output
    rows = yaml.safe_load(sheet.read_text(encoding="utf-8"))
    assert rows["language"] == "zh" and rows["profile"] == "cv.yaml"
    by_path = {row["at"][0].split(" (")[0]: row for row in rows["texts"]}
    assert set(by_path) == set(FILLED) | LEFT_EMPTY
    assert by_path["education[0].degree"] == {  # a fallback: its text is the English one
        "en": "B.Eng.",
        "zh": None,
        "at": ["education[0].degree (line 20)"],
    }
    assert by_path["others[0].text"]["at"] == ["others[0].text (more.yaml, line 3)"]

    fill_yaml(sheet, FILLED)
    merged = run("translate", "merge", profile, sheet)
    assert merged.exit_code == 0, merged.output
    assert "12 translation(s) into zh merged, 2 left empty, 0 suggestion(s) left to check, " in (
        merged.output
    )
    assert (folder / "cv.yaml.bak").read_text(encoding="utf-8") == PROFILE
    assert (folder / "more.yaml.bak").read_text(encoding="utf-8") == MORE

    after = profile.read_text(encoding="utf-8")
    assert_only_translations_changed(PROFILE, after)
    assert_only_translations_changed(MORE, (folder / "more.yaml").read_text(encoding="utf-8"))
    assert "  - institution: {en: Hunan University, zh: 湖南大学} # undergraduate\n" in after
    assert "    degree: {en: B.Eng., zh: 工学学士}\n" in after
    assert "  - title: {same: Fast Kernels}\n" in after  # copied unchanged: the same
    assert "    bullets: [{en: First result, zh: 第一项成果}, Second result]\n" in after
    assert "summary:\n  en: |\n    I study how" in after
    # A wrapped line is no paragraph of its own, in the translation as in the profile.
    assert "  zh: |\n    我研究数据中心网络如何承载训练流量。\n\n    此前研究编译器。\n" in after

    # Only what was left empty is left to translate; and the profile builds.
    report = run("validate", profile, "--lang", "zh").stdout
    assert "2 look untranslated, 0 fall back" in report
    build(profile, languages="zh,zh-TW,zh-HK", out_dir=folder / "out")
    zh = normalized(pdf_text(folder / "out" / "cv.zh.pdf"))
    for text in (
        "网络方向博士研究生",
        "湖南大学",
        "毕业论文：拥塞控制",
        "最佳论文奖",
        "一个小型待办事项管理器",
    ):
        assert normalized(text) in zh
    assert "Fast Kernels" in pdf_text(folder / "out" / "cv.zh.pdf")
    tw = normalized(pdf_text(folder / "out" / "cv.zh-TW.pdf"))
    assert normalized("最佳論文獎") in tw and normalized("網路方向博士研究生") in tw
    assert normalized("最佳論文獎") in normalized(pdf_text(folder / "out" / "cv.zh-HK.pdf"))

    # Merging again changes nothing and keeps no second copy.
    again = run("translate", "merge", profile, sheet)
    assert "0 translation(s) into zh merged, 2 left empty, 0 suggestion(s) left to check, " in (
        again.output
    )
    assert "12 skipped" in again.output
    assert "it has zh text already: left as it is" in again.stderr
    assert profile.read_text(encoding="utf-8") == after
    assert not (folder / "cv.yaml.bak2").exists()


def assert_only_translations_changed(before: str, after: str) -> None:
    """``after`` is ``before`` with translations added, and nothing else changed: taking the
    translations out again gives ``before`` back exactly, comments and order included (the
    spaces before a comment on a translated line aside)."""
    assert revert(after) == re.sub(r" +#", " #", before)


def revert(text: str) -> str:
    """The profile as it was before the merge: each translation taken out again."""
    for translation in FILLED.values():
        if "\n" in translation:
            continue
        shown = (
            rf"(?:{re.escape(translation)}|'{re.escape(translation)}'|\"{re.escape(translation)}\")"
        )
        text = re.sub(rf", zh: {shown}}}", "}", text)  # {en: X, zh: Y} -> {en: X}
    text = text.replace("{same: Fast Kernels}", "Fast Kernels")  # the one copied unchanged
    # {en: X} -> X, where X was a plain string (the degree was {en: B.Eng.} already).
    text = re.sub(r"\{en: ((?!B\.Eng\.)(?:\"[^\"]*\"|[^{},\"])*)\}", r"\1", text)
    # A block: the zh: block goes, the en: block is the value again, two spaces less deep.
    text = re.sub(r"\n  zh: \|\n(?:    .*\n|\n)*?(?=\S|\n\S)", "\n", text)
    text = re.sub(
        r"summary:\n  en: \|\n((?:    .*\n|\n)*)",
        lambda match: "summary: |\n" + re.sub(r"^  ", "", match[1], flags=re.M),
        text,
    )
    return re.sub(r" +#", " #", text)


def test_a_text_changed_since_the_export_is_left_alone(profile):
    run("translate", "export", profile, "--lang", "zh")
    sheet = profile.with_name("cv.zh.translation.yaml")
    fill_yaml(sheet, FILLED)
    changed = PROFILE.replace("headline: PhD student in networking", "headline: PhD student")
    profile.write_text(changed, encoding="utf-8")
    result = run("translate", "merge", profile, sheet)
    assert result.exit_code == 0, result.output
    assert "skipped: cv.yaml:6: headline: its text changed since the export: export again" in (
        result.stderr
    )
    assert "headline: PhD student\n" in profile.read_text(encoding="utf-8")


def test_merge_to_a_new_file_leaves_the_profile_alone(profile):
    (profile.parent / "more.yaml").write_text("# nothing to translate\n", encoding="utf-8")
    profile.write_text(PROFILE.replace("include: [more.yaml]", "include: []"), encoding="utf-8")
    original = profile.read_text(encoding="utf-8")
    run("translate", "export", profile, "--lang", "zh")
    sheet = profile.with_name("cv.zh.translation.yaml")
    fill_yaml(sheet, FILLED)
    out = profile.with_name("cv.translated.yaml")
    result = run("translate", "merge", profile, sheet, "--out", out)
    assert result.exit_code == 0, result.output
    assert profile.read_text(encoding="utf-8") == original
    assert not profile.with_name("cv.yaml.bak").exists()
    assert "湖南大学" in out.read_text(encoding="utf-8")
    refused = run("translate", "merge", profile, sheet, "--out", out)
    assert refused.exit_code == ExitCode.USER_ERROR
    assert "already exists; cvtex never overwrites a profile" in refused.output


def test_out_refuses_translations_for_an_included_file(profile):
    run("translate", "export", profile, "--lang", "zh")
    sheet = profile.with_name("cv.zh.translation.yaml")
    fill_yaml(sheet, FILLED)
    result = run("translate", "merge", profile, sheet, "--out", profile.with_name("new.yaml"))
    assert result.exit_code == ExitCode.USER_ERROR
    assert "go into included files (more.yaml), which --out cannot write" in result.output
    assert profile.read_text(encoding="utf-8") == PROFILE


def test_the_csv_round_trip(profile):
    sheet = profile.with_name("cv.zh.csv")
    assert run("translate", "export", profile, "--lang", "zh", "-o", sheet).exit_code == 0
    raw = sheet.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # spreadsheets read it as UTF-8
    table = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert table[0] == ["from", "text", "zh", "suggested", "at"]
    # Paragraphs with a blank line between, as in a | block: a line break in a cell wraps.
    assert [row[1] for row in table if row[4] == "summary (line 12)"] == [
        SUMMARY.replace("\n", "\n\n")
    ]
    # The translator fills the column, and clears the mark of a suggestion once checked.
    filled = [table[0]] + [
        [*row[:2], FILLED.get(row[4].split(" (")[0], ""), "", row[4]] for row in table[1:]
    ]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(filled)
    sheet.write_text(out.getvalue(), encoding="utf-8-sig")
    result = run("translate", "merge", profile, sheet)
    assert "12 translation(s) into zh merged, 2 left empty" in result.output
    assert_only_translations_changed(PROFILE, profile.read_text(encoding="utf-8"))


def test_export_never_overwrites_a_translation_file(profile):
    sheet = profile.with_name("cv.zh.translation.yaml")
    sheet.write_text("a translator's work\n", encoding="utf-8")
    result = run("translate", "export", profile, "--lang", "zh")
    assert result.exit_code == ExitCode.USER_ERROR
    assert "may hold a translator's work" in result.output
    assert sheet.read_text(encoding="utf-8") == "a translator's work\n"
    assert run("translate", "export", profile, "--lang", "zh", "--force").exit_code == 0


def test_a_bad_translation_file_is_a_clean_error(profile):
    sheet = profile.with_name("bad.yaml")
    sheet.write_text("language: zh\ntexts:\n  - {line: 3, zh: x}\n", encoding="utf-8")
    result = run("translate", "merge", profile, sheet)
    assert result.exit_code == ExitCode.USER_ERROR
    assert f"{sheet}:3:5: texts[0]: expected the text under its language, zh: and at:" in (
        result.output
    )
    assert profile.read_text(encoding="utf-8") == PROFILE

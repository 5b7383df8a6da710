"""Translations that may be out of date: a text changed in one language after the other
language's text was written, drafted or accepted is named until it changes or is
confirmed, by validate, build's count and `--strict` alike; the profile is never touched
to remember it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import ExitCode
from cvtex.profile.synced import Record

PROFILE = """\
languages: [zh, en]
name: {zh: 林乾, en: Qian Lin}
headline: {zh: 统计学博士研究生, en: PhD student in statistics}
education:
  - institution: {zh: 北京大学, en: Peking University}
    degree: {zh: 博士, en: Ph.D.}
    start: 2020
    bullets:
      - {zh: 研究高维统计, en: Research on high-dimensional statistics}
      - {zh: 国家奖学金, en: National Scholarship}
"""


def run(*args: object):
    return CliRunner().invoke(main, [str(arg) for arg in args])


@pytest.fixture
def profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CVTEX_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "cv.yaml"
    path.write_text(PROFILE, encoding="utf-8")
    assert run("validate", path, "--strict").exit_code == 0  # seen: every text agrees
    return path


def edit(profile: Path, old: str, new: str) -> None:
    text = profile.read_text(encoding="utf-8")
    assert old in text
    profile.write_text(text.replace(old, new), encoding="utf-8")


def test_a_changed_chinese_text_makes_its_english_out_of_date_everywhere(profile, tmp_path):
    edit(profile, "研究高维统计", "研究高维统计与深度学习理论")
    validated = run("validate", profile)
    assert validated.exit_code == 0, validated.output
    line = "line 9: education[0].bullets[0]: en: 'Research on high-dimensional statistics'"
    assert f"    may be out of date: {line} (zh changed since)" in validated.stdout
    assert validated.stdout.count("may be out of date") == 1  # not the Chinese, nor others
    assert "warning: 1 text(s) in en may be out of date" in validated.stderr

    built = run("build", profile, "--lang", "en", "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output
    assert (
        f"warning: {profile}:9: education[0].bullets[0]: en may be out of date: its zh text "
        "changed since" in built.stderr
    )
    again = run("build", profile, "--lang", "en", "--out", tmp_path / "out")  # nothing changed
    assert "up to date" in again.output and "may be out of date" in again.stderr

    for command in ("validate", "build"):
        strict = run(command, profile, "--lang", "en", "--strict", "--out", tmp_path / "o")
        if command == "validate":
            strict = run(command, profile, "--lang", "en", "--strict")
        assert strict.exit_code == ExitCode.USER_ERROR, (command, strict.output)
        assert "1 text(s) in en may be out of date" in strict.stderr
        assert f"cvtex translate confirm {profile}" in strict.stderr
    # The Chinese CV has nothing out of date: the Chinese is the newer text.
    assert run("validate", profile, "--lang", "zh", "--strict").exit_code == 0
    assert "out of date" not in profile.read_text(encoding="utf-8")  # the profile as it was
    assert profile.read_text(encoding="utf-8") == PROFILE.replace(
        "研究高维统计", "研究高维统计与深度学习理论"
    )

    # Confirmed: the warning is gone, on the build kept from before too.
    confirmed = run("translate", "confirm", profile, "education[0]")
    assert confirmed.exit_code == 0, confirmed.output
    assert "1 text(s) confirmed as up to date" in confirmed.output
    assert run("validate", profile, "--strict").exit_code == 0
    kept = run("build", profile, "--lang", "en", "--out", tmp_path / "out", "--strict")
    assert kept.exit_code == 0 and "out of date" not in kept.output


def test_the_translation_catching_up_ends_it_and_makes_nothing_else_out_of_date(profile):
    edit(profile, "统计学博士研究生", "统计学博士研究生（四年级）")
    assert "headline: en:" in run("validate", profile).stdout
    # The English rewritten in two saves, as a person types it: caught up at the first.
    edit(profile, "PhD student in statistics", "PhD student")
    edit(profile, "PhD student", "Fourth-year PhD student in statistics")
    assert run("validate", profile, "--strict").exit_code == 0
    # Both rewritten at once: they agree.
    edit(profile, "{zh: 博士, en: Ph.D.}", "{zh: 博士（统计学）, en: Ph.D. in Statistics}")
    assert run("validate", profile, "--strict").exit_code == 0
    # The English changed alone: the Chinese may be out of date now.
    edit(profile, "National Scholarship", "National Scholarship (twice)")
    report = run("validate", profile, "--lang", "zh").stdout
    assert "may be out of date: line 10: education[0].bullets[1]: zh: '国家奖学金' (en " in report


def test_an_entry_added_above_keeps_what_is_out_of_date(profile):
    edit(profile, "研究高维统计", "研究高维统计与因果推断")
    edit(
        profile,
        "education:\n",
        "education:\n  - institution: {zh: 南开大学, en: Nankai University}\n    start: 2016\n",
    )
    report = run("validate", profile, "--strict")
    assert report.exit_code == ExitCode.USER_ERROR
    assert "education[1].bullets[0]: en: 'Research on high-dimensional statistics'" in (
        report.stdout
    )
    assert report.stdout.count("may be out of date") == 1


def test_an_accepted_draft_is_in_sync_and_a_confirm_names_what_is_there(profile):
    edit(profile, "en: National Scholarship}", "en: {draft: National Scholarship, from: deepl}}")
    edit(profile, "{zh: 国家奖学金,", "{zh: 国家奖学金（两次）,")  # after the draft was made
    report = run("validate", profile, "--lang", "en").stdout
    assert "draft, not yet accepted: line 10: education[0].bullets[1]: en:" in report
    assert "may be out of date: line 10: education[0].bullets[1]: en:" in report
    # Accepted: checked by its author against the Chinese as it is now.
    accepted = run("translate", "accept", profile)
    assert accepted.exit_code == 0, accepted.output
    assert "en: National Scholarship}" in profile.read_text(encoding="utf-8")
    assert run("validate", profile, "--lang", "en", "--strict").exit_code == 0
    wrong = run("translate", "confirm", profile, "experience[0]")
    assert wrong.exit_code == ExitCode.USER_ERROR
    assert "nothing that may be out of date at experience[0]" in wrong.output


@pytest.mark.parametrize(
    ("steps", "behind"),
    [
        ([{"zh": "b", "en": "x"}], {"en": ["zh"]}),
        ([{"zh": "b", "en": "y"}], {}),  # both changed
        ([{"zh": "b", "en": "x"}, {"zh": "b", "en": "y"}], {}),  # caught up
        ([{"zh": "b", "en": "x"}, {"zh": "b", "en": "y"}, {"zh": "b", "en": "z"}], {}),
        ([{"zh": "b", "en": "x"}, {"zh": "b", "en": "y"}, {"zh": "c", "en": "y"}], {"en": ["zh"]}),
        ([{"zh": "a", "en": "x", "ja": "p"}], {}),  # a translation added follows
        ([{"zh": "a", "en": "x", "ja": "p"}, {"zh": "a", "en": "x", "ja": "q"}], {}),
        ([{"zh": "b", "en": "x", "ja": "p"}], {"en": ["zh"]}),  # ja written with the new zh
        ([{"zh": "a"}], {}),  # a language removed
        # Both behind the Chinese; the Japanese caught up, the English is still behind.
        (
            [
                {"zh": "a", "en": "x", "ja": "p"},
                {"zh": "b", "en": "x", "ja": "p"},
                {"zh": "b", "en": "x", "ja": "q"},
            ],
            {"en": ["zh"]},
        ),
    ],
)
def test_the_record_of_one_text(steps, behind):
    record = Record({"zh": "a", "en": "x"})
    for now in steps:
        record.observe(now)
    assert record.behind == behind

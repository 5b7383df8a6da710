"""One truth about languages: what `cvtex build` warns of is what `cvtex validate` reports,
and `build --strict` fails exactly when `validate --strict` does, on a clean profile, one
whose texts fall back to another language, and one whose Chinese CV shows English text.
A letter tells the same, with or without --strict."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import ExitCode

from ..conftest import EXAMPLE

CLEAN = """\
languages: [en, zh]
name: {en: Ann Lee, zh: 李安}
education:
  - institution: {en: Hunan University, zh: 湖南大学}
    degree: {en: B.Eng., zh: 工学学士}
    start: 2016
    end: 2020
"""
# The degree has no Chinese: the Chinese CV shows the English one.
FALLS_BACK = CLEAN.replace("{en: B.Eng., zh: 工学学士}", "{en: B.Eng.}")
# Plain strings, shown as written in every language: English in the Chinese CV.
UNTRANSLATED = CLEAN.replace("{en: Hunan University, zh: 湖南大学}", "Hunan University").replace(
    "{en: B.Eng., zh: 工学学士}", "Bachelor of Engineering"
)
LACKING = """\
languages: [en, zh]
name: {en: Ann Lee, zh: 李安}
headline: {en: PhD student}
education:
  - institution: Hunan University
    degree: Bachelor of Engineering
    start: 2016
    end: 2020
"""
PROFILES = {"clean": CLEAN, "falls back": FALLS_BACK, "untranslated": UNTRANSLATED}


def run(*args: object):
    return CliRunner().invoke(main, [str(arg) for arg in args])


def write(folder: Path, text: str) -> Path:
    profile = folder / "cv.yaml"
    profile.write_text(text, encoding="utf-8")
    return profile


@pytest.mark.parametrize("name", list(PROFILES))
def test_build_strict_fails_exactly_when_validate_strict_does(tmp_path, name):
    profile = write(tmp_path, PROFILES[name])
    validated = run("validate", profile, "--lang", "zh", "--strict")
    built = run("build", profile, "--lang", "zh", "--strict")
    assert built.exit_code == validated.exit_code, (built.output, validated.output)
    expected = ExitCode.OK if name == "clean" else ExitCode.USER_ERROR
    assert built.exit_code == expected, built.output
    assert (tmp_path / "out" / "cv.zh.pdf").exists() == (name == "clean")
    if name != "clean":
        # The same problems, in the same words, and the same way out.
        problems = validated.stderr.splitlines()[0].removeprefix("error: ")
        assert problems.removesuffix(" (--strict)") in built.stderr
        assert f"cvtex translate export {profile} --lang zh" in built.stderr


def test_build_counts_what_each_language_lacks_and_says_how_to_list_it(tmp_path):
    profile = write(tmp_path, LACKING)
    result = run("build", profile)
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert warnings == [
        "warning: zh: 1 text(s) fall back to another language, 2 look untranslated: "
        f"`cvtex validate {profile} --lang zh` lists them, "
        f"`cvtex translate export {profile} --lang zh` writes them out for a translator",
        f"warning: {profile}:3: headline has no zh text; using en",
    ]  # and nothing of English, which has every text
    report = run("validate", profile, "--lang", "zh").output  # the same texts
    assert "1 fall back" in report and "2 look untranslated" in report

    # A build that keeps the PDFs (nothing changed) tells it again: it still holds.
    again = run("build", profile)
    assert "up to date" in again.output
    assert [line for line in again.stderr.splitlines() if line.startswith("warning: ")] == (
        warnings
    )


def test_a_clean_profile_builds_without_a_word_of_warning(tmp_path):
    result = run("build", write(tmp_path, CLEAN), "--lang", "zh")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output


def test_a_letter_tells_what_falls_back_with_or_without_strict(tmp_path):
    folder = tmp_path / "academic"
    shutil.copytree(EXAMPLE.parent, folder, ignore=shutil.ignore_patterns("out"))
    letter = folder / "letter.yaml"
    text = letter.read_text(encoding="utf-8")
    # The Chinese letter loses its subject: it shows the English one.
    chinese_subject = "  zh: 应聘机器学习系统研究科学家\n"
    assert chinese_subject in text
    letter.write_text(text.replace(chinese_subject, ""), encoding="utf-8")

    validated = run("validate", letter, "--lang", "zh")
    assert validated.exit_code == 0, validated.output
    assert "warning: 1 text field(s) of the letter fall back to another language" in (
        validated.stderr
    )
    assert f"cvtex validate {letter} --lang zh" in validated.stderr  # the hint

    strict = run("validate", letter, "--lang", "zh", "--strict")
    built = run("build", letter, "--lang", "zh", "--strict")
    assert strict.exit_code == built.exit_code == ExitCode.USER_ERROR, built.output
    lenient = run("build", letter, "--lang", "zh")
    assert lenient.exit_code == 0, lenient.output
    assert "warning: zh: 1 text(s) fall back to another language" in lenient.stderr

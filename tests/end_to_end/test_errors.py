"""Every kind of bad input gets a message a person can act on, and its documented exit code.

Exit codes (docs/troubleshooting.md, `cvtex --help`): 0 success, 1 a problem in the input,
2 a malformed command line, 3 a missing tool or font, 4 XeLaTeX failed or timed out.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import ExitCode

CVTEX = Path(sys.executable).with_name("cvtex")


def run(*args: object):
    return CliRunner().invoke(main, [str(arg) for arg in args])


# (case, profile text, what the message must say: {file} is the profile's path)
BAD_PROFILES = [
    ("empty", "", ["{file}: a profile is a YAML mapping", "not an empty file"]),
    ("a list", "- a\n- b\n", ["{file}: a profile is a YAML mapping", "not a list"]),
    (
        "bad indentation",
        "name: Jin\ncontacts:\n  - type: email\n   value: x\n",
        ["{file}:4:4: YAML syntax error", "check the indentation"],
    ),
    (
        "a tab",
        "name: Jin\n\tfoo: bar\n",
        ["{file}:2:1: YAML syntax error: a tab in the indentation", "indent with spaces"],
    ),
    (
        "a tab before a list item",  # libyaml: "found character that cannot start any token"
        "name: Jin\neducation:\n\t- institution: USTC\n",
        ["{file}:3:1: YAML syntax error: a tab in the indentation", "indent with spaces"],
    ),
    (
        "a tab after a list dash",
        "name: Jin\neducation:\n  -\tinstitution: USTC\n",
        ["{file}:3:4: YAML syntax error: a tab in the indentation", "indent with spaces"],
    ),
    (
        "an unclosed quote",
        'name: "Jin\n',
        ["{file}:", "YAML syntax error", "quote values"],
    ),
    (
        "an alias",
        "name: &n Jin\nowner_names: [*n]\n",
        ["{file}:2:15: YAML aliases (*n) are not supported", "write the value out"],
    ),
    (
        "billion laughs",
        "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
        "d: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n",
        ["{file}:2:8: YAML aliases (*a) are not supported"],
    ),
    (
        "a merge key",
        "name: Jin\nsections:\n  a:\n    <<: {kind: text}\n",
        ["{file}:4:5: YAML merge keys (<<) are not supported"],
    ),
    (
        "two documents",
        "name: Jin\n---\nname: Fang\n",
        ["{file}:2:1: a second YAML document", "remove the --- line"],
    ),
    ("a key twice", "name: Jin\nname: Fang\n", ["{file}:2:1: the key 'name' appears twice"]),
    ("a list as key", "name: Jin\n? [a, b]\n: c\n", ["{file}:2:3: a key must be a word"]),
    (
        "deep nesting",
        "name: Jin\nx: " + "[" * 60 + "]" * 60 + "\n",
        ["{file}:2:", "nesting deeper than 40 levels"],
    ),
    (
        "a misspelt key",
        "name: Jin\neducation:\n  - institution: USTC\n    degre: PhD\n",
        [
            "{file}:4:12: education[0].degre: unknown key 'degre' (did you mean 'degree'?)",
        ],
    ),
    (
        "a key of other entries",
        "name: Jin\nteaching:\n  - course: X\n    numbered: true\n    links: []\n",
        [
            "{file}:4:15: teaching[0].numbered: unknown key 'numbered': allowed on bullets "
            "and on education, experience and others entries, not on teaching entries",
            "{file}:5:12: teaching[0].links: unknown key 'links': allowed on education, "
            "experience, publications, patents, certificates, talks and others entries, not "
            "on teaching entries",
        ],
    ),
    (
        "a key a bullet lacks",
        "name: Jin\nexperience:\n  - title: X\n    bullets:\n      - {text: a, year: 1}\n",
        [
            "{file}:5:25: experience[0].bullets[0].year: unknown key 'year': allowed on "
            "publications and patents entries, not on bullets"
        ],
    ),
    (
        "a key beside same",
        "name: {same: Jin, only: [en]}\n",
        ["{file}:1:25: name.only: unknown key 'only': {{same: ...}} holds only the text"],
    ),
    (
        "a misspelt required key",  # not "institution: this field is required" first
        "name: Jin\neducation:\n  - instituton: USTC\n    degree: PhD\n",
        [
            "has 1 problem(s):\n  {file}:3:17: education[0].instituton: unknown key "
            "'instituton' (did you mean 'institution'?)",
        ],
    ),
    (
        "a misspelt key before other problems",
        "name: Jin\neducation:\n  - degree: PhD\n    start: soon\n    instituton: USTC\n",
        [
            "has 2 problem(s):\n  {file}:5:17: education[0].instituton: unknown key "
            "'instituton' (did you mean 'institution'?)\n  {file}:4:12: education[0].start:",
        ],
    ),
    (
        "a bullet YAML read as a mapping",
        "name: Jin\nexperience:\n  - title: Teaching assistant\n    bullets:\n"
        "      - Graded: homework and exams\n",
        [
            "{file}:5:9: experience[0].bullets[0]: YAML read 'Graded: homework and exams' as a "
            "key and its value (a ': ' does that), not as text: write it in quotes, \"Graded: "
            'homework and exams"',
        ],
    ),
    ("no name", "languages: [en]\n", ["{file}:1:1: name: this field is required"]),
    (
        "a bad month",
        "name: Jin\nexperience:\n  - title: X\n    start: 2020-13\n",
        ["{file}:4:12: experience[0].start: month 13 is not between 1 and 12"],
    ),
    (
        "not a day",
        "name: Jin\nupdated: 2024-02-30\n",
        ["{file}:2:10: updated: '2024-02-30' is not a date: day is out of range for month"],
    ),
    (
        "a date with slashes",
        "name: Jin\nexperience:\n  - title: X\n    start: 2024/09\n",
        [
            "{file}:4:12: experience[0].start: '2024/09' is not a date as cvtex reads them: "
            "write 2024-09 (a date is a year (2024), a month (2024-09) or a day (2024-09-01))"
        ],
    ),
    (
        "a month of one digit",
        "name: Jin\neducation:\n  - {institution: X, start: 2019-9, end: 2023.6.30}\n",
        [
            "{file}:3:29: education[0].start: '2019-9' is not a date as cvtex reads them: "
            "write 2019-09",
            "{file}:3:42: education[0].end: '2023.6.30' is not a date as cvtex reads them: "
            "write 2023-06-30",
        ],
    ),
    (
        "a date YAML reads as a number",
        "name: Jin\nexperience:\n  - title: X\n    start: 2024.10\n",
        [
            "{file}:4:12: experience[0].start: YAML read this as the number 2024.1, not a "
            "date: write a year (2024), a month (2024-09) or a day (2024-09-01)"
        ],
    ),
    (
        "an end before its start",
        "name: Jin\neducation:\n  - institution: USTC\n    start: 2021-09\n    end: 2019-06\n",
        [
            "{file}:5:10: education[0].end: ends (2019-06) before it starts (2021-09): correct "
            "the one that is wrong, or swap them"
        ],
    ),
    (
        "an expected end before its start",
        "name: Jin\neducation:\n  - {institution: X, start: 2024, end: {expected: 2023-06}}\n",
        ["{file}:3:40: education[0].end: ends (2023-06) before it starts (2024)"],
    ),
    (
        "not a date",
        "name: Jin\nexperience:\n  - title: X\n    end: soon\n",
        ["{file}:4:10: experience[0].end:"],
    ),
    (
        "a list for text",
        "name: [Jin, Fang]\n",
        ["{file}:1:7: name: expected text, or a mapping by language"],
    ),
    (
        "a number for text",  # YAML reads 3.10 as 3.1: the value would not print as written
        "name: Jin\neducation:\n  - {institution: X, degree: B, start: 2012, gpa: 3.10}\n",
        ["{file}:3:51: education[0].gpa: expected text, not the number 3.1: write it in quotes"],
    ),
    (
        "a year for a term",
        "name: Jin\nteaching:\n  - {course: OS, term: 2022}\n",
        ["{file}:3:24: teaching[0].term: expected text, not the number 2022: write it in quotes"],
    ),
    (
        "a bad language code",
        "name: {EN: Jin}\n",
        ["{file}:1:12: name.EN: language codes look like en, zh or zh-TW"],
    ),
    (
        "a misspelt contact type",
        "name: Jin\ncontacts:\n  - {type: emial, value: x}\n",
        ["{file}:3:12: contacts[0].type: 'emial' is not one of", "(did you mean 'email'?)"],
    ),
    (
        "a link that launches a program",
        "name: Jin\ncontacts:\n  - {type: website, value: x, url: 'run:calc'}\n",
        ["{file}:3:36: contacts[0].url: 'run:calc' is not a web or mail address"],
    ),
    (
        "a layout for an undeclared language",
        "name: Jin\nlayout:\n  fr: [education]\n",
        ["{file}:3:7: layout.fr: 'fr' is not one of the profile's languages", "add fr to"],
    ),
    (
        "a layout that is one word",
        "name: Jin\nlayout: education\n",
        ["{file}:2:9: layout: expected a list, or a mapping by language such as {{en: [...]"],
    ),
    (
        "a layout by language with one word",  # the list form's error at layout: is noise
        "name: Jin\nlayout: {en: [education], zh: education}\n",
        ["has 1 problem(s)", "{file}:2:31: layout.zh: input should be a valid list"],
    ),
    (
        "a misspelt section",
        "name: Jin\nlayout:\n  en: [educaton]\n",
        ["{file}:3:8: layout.en[0]: no section 'educaton' (did you mean 'education'?)"],
    ),
    (
        "a misspelt section in one layout for all",
        "name: Jin\nlayout: [summary, educaton]\n",
        ["{file}:2:19: layout[1]: no section 'educaton' (did you mean 'education'?)"],
    ),
    (
        "a section without a kind",
        "name: Jin\nsections:\n  hobbies: {title: Hobbies}\n",
        ["{file}:3:12: sections.hobbies: this section needs a kind", "add kind:"],
    ),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [case[1:] for case in BAD_PROFILES],
    ids=[case[0] for case in BAD_PROFILES],
)
def test_bad_profile_is_a_clean_error_with_file_line_and_field(tmp_path, text, expected):
    profile = tmp_path / "cv.yaml"
    profile.write_text(text, encoding="utf-8")
    for command in ("validate", "build"):
        result = run(command, profile)
        assert result.exit_code == ExitCode.USER_ERROR, result.output
        assert result.output.startswith("error: ")
        for part in expected:
            assert part.format(file=profile) in result.output, result.output
        assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_files_that_are_not_profiles(tmp_path):
    latin1 = tmp_path / "latin1.yaml"
    latin1.write_bytes(b"name: Jin\nbio: caf\xe9\n")
    result = run("validate", latin1)
    assert result.exit_code == ExitCode.USER_ERROR
    assert (
        f"{latin1}:2: not UTF-8 text" in result.output and "save the file as UTF-8" in result.output
    )

    missing = tmp_path / "nope.yaml"
    result = run("build", missing)
    assert result.exit_code == ExitCode.USER_ERROR
    assert f"{missing}: no such file" in result.output and "cvtex new" in result.output

    result = run("validate", tmp_path)  # a folder: click's own check, a usage error
    assert result.exit_code == ExitCode.USAGE
    assert "is a directory" in result.output


def test_command_line_mistakes_are_usage_errors(tmp_path):
    profile = tmp_path / "cv.yaml"
    assert run("new", profile).exit_code == ExitCode.OK
    assert run("build").exit_code == ExitCode.USAGE
    assert run("build", profile, "--bogus").exit_code == ExitCode.USAGE
    result = run("build", profile, "--timeout", "0")
    assert result.exit_code == ExitCode.USAGE and "--timeout" in result.output
    assert run("frobnicate").exit_code == ExitCode.USAGE
    result = run("build", profile, "--lang", "fr")
    assert result.exit_code == ExitCode.USER_ERROR and "not written in fr" in result.output
    result = run("build", profile, "--theme", "nonesuch")
    assert result.exit_code == ExitCode.USER_ERROR
    assert "no theme named 'nonesuch'" in result.output and "classic" in result.output


def test_help_documents_every_exit_code():
    text = run("--help").output
    for code in ("0 success", "1 a problem in your input", "2 a malformed command line"):
        assert code in text
    assert "3 a missing tool or font" in text and "4 XeLaTeX failed or timed out" in text
    assert "--timeout" in run("build", "--help").output


def test_missing_xelatex_is_exit_code_3(tmp_path):
    """A real run of the installed command with no TeX on the PATH."""
    profile = tmp_path / "cv.yaml"
    assert run("new", profile).exit_code == ExitCode.OK
    # No Tectonic either (cvtex would otherwise take it: --engine auto).
    env = {
        **os.environ,
        "PATH": str(tmp_path / "empty-bin"),
        "CVTEX_TECTONIC": str(tmp_path / "no-tectonic"),
    }
    # Without fontconfig on the PATH either, the Chinese CV may miss its font first (unless
    # the user cache remembers the fonts from an earlier run): either is exit code 3.
    for lang, missing in (
        ("en", ("no TeX engine is installed",)),
        ("zh", ("no TeX engine is installed", "no font for")),
    ):
        result = subprocess.run(
            [CVTEX, "build", profile, "--lang", lang], capture_output=True, text=True, env=env
        )
        assert result.returncode == ExitCode.TOOLCHAIN_MISSING, result.stderr
        assert result.stderr.startswith(tuple(f"error: {text}" for text in missing))
        assert "apt-get install" in result.stderr and "Traceback" not in result.stderr
    doctor = subprocess.run([CVTEX, "doctor"], capture_output=True, text=True, env=env)
    assert doctor.returncode == ExitCode.TOOLCHAIN_MISSING
    assert "MISSING xelatex" in doctor.stdout


def test_missing_glyph_names_character_field_line_and_a_font(tmp_path):
    # An emoji of Unicode 14, newer than Symbola: no font XeLaTeX can use has it.
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        "languages: [en]\nname: Jin Fang\nexperience:\n  - title: Shipping\n"
        "    bullets:\n      - Made things 🫠 fast\n",
        encoding="utf-8",
    )
    result = run("build", profile)
    assert result.exit_code == ExitCode.USER_ERROR
    assert (
        f"{profile}:6:9: experience[0].bullets[0]: the character '🫠' "
        "(U+1FAE0 MELTING FACE) has no glyph in the font Symbola" in result.output
    )
    fonts = subprocess.run(
        ["fc-list", ":charset=1fae0", "family"], capture_output=True, text=True
    ).stdout
    if fonts.strip():  # a colour emoji font XeLaTeX cannot draw with, say
        assert "installed fonts that have it: " in result.output
    else:
        assert "no installed font has it, not even those of fonts-symbola" in result.output
    assert "replace the character" in result.output
    assert "Traceback" not in result.output


def test_tex_error_is_traced_to_the_profile_field_with_the_lines_that_matter(
    tmp_path, custom_theme
):
    # Only a broken theme can make XeLaTeX fail on profile text: this one uses each bullet
    # where TeX expects a number.
    theme = custom_theme(
        "broken",
        lambda tex: tex.replace(r"\item ((( bullet.text )))", r"\item \number ((( bullet.text )))"),
    )
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        "languages: [en]\nname: Jin Fang\nexperience:\n  - title: Shipping\n"
        "    bullets:\n      - Made things 50% faster & smaller\n",
        encoding="utf-8",
    )
    result = run("build", profile, "--theme", theme)
    assert result.exit_code == ExitCode.ENGINE_FAILED, result.output
    assert "XeLaTeX failed on cv.en.tex:" in result.output
    assert "cv.en.tex:" in result.output and "Missing number" in result.output
    assert f"while typesetting {profile}:6:9: experience[0].bullets[0]" in result.output
    assert "Here is how much of TeX's memory" not in result.output
    assert len(result.output.splitlines()) < 12  # the lines that matter, not the log

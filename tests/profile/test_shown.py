"""Entries that no CV of a profile shows: named with their file and line, and the line that
shows them, by one function that validate, build and preview call."""

from __future__ import annotations

import textwrap

from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.live.preview import PreviewState
from cvtex.live.watch import Rebuilt, WatchState, watch_once
from cvtex.profile.load import load_profile
from cvtex.profile.shown import unshown_entries

from ..building import request

# Sections named, as a LinkedIn import names them; the works added later are in none.
NAMED = """\
languages: [en]
name: Mei Lin
experience:
  - title: Engineer
    organization: Acme
publications:
  - title: A first paper
    year: 2024
  - title: A second paper
    year: 2023
sections:
  experience: {}
"""


def _profile(tmp_path, text: str):
    file = tmp_path / "cv.yaml"
    file.write_text(textwrap.dedent(text), encoding="utf-8")
    return file


def test_a_list_no_section_shows_is_named_with_the_line_that_shows_it(tmp_path):
    file = _profile(tmp_path, NAMED)
    (line,) = unshown_entries(load_profile(file))
    assert str(line) == (
        f"{file}:7: publications: 2 entries that no CV shows, as sections: has no "
        "publications section: add the line `publications: {}` under sections: (cv.yaml:11)"
    )


def test_a_layout_names_its_own_key_and_each_language(tmp_path):
    file = _profile(
        tmp_path,
        NAMED.replace("languages: [en]", "languages: [en, zh]").replace(
            "sections:\n  experience: {}\n", "layout:\n  en: [experience]\n  zh: [experience]\n"
        ),
    )
    (line,) = unshown_entries(load_profile(file))
    assert line.what() == (
        "publications: 2 entries that no CV shows, as layout: lists no publications section: "
        "add the line `- publications` under layout.en: and layout.zh: (cv.yaml:12)"
    )


def test_entries_a_select_leaves_out_are_given_the_tag_that_shows_them(tmp_path):
    file = _profile(
        tmp_path,
        """\
        name: Mei Lin
        experience:
          - {title: Engineer, tags: [experience]}
          - {title: Side project, tags: [projects]}
          - title: Researcher
        sections:
          experience: {select: [experience]}
          projects: {kind: experience, select: [projects]}
        """,
    )
    (line,) = unshown_entries(load_profile(file))
    assert str(line) == (
        f"{file}:5: experience: 1 entry that no CV shows, as its experience sections show only "
        "entries tagged experience, projects: add the line `tags: [experience]` to each"
    )


def test_what_a_cv_leaves_out_on_purpose_is_not_named(tmp_path):
    # A variant that shows the works, an entry for Chinese only, an exclude: chosen so.
    file = _profile(
        tmp_path,
        NAMED
        + textwrap.dedent(
            """\
            variants:
              academic: {layout: [publications, experience]}
              short: {exclude: [old]}
            """
        ),
    )
    assert unshown_entries(load_profile(file)) == []
    no_sections = _profile(tmp_path, NAMED.replace("sections:\n  experience: {}\n", ""))
    assert unshown_entries(load_profile(no_sections)) == []


def test_validate_build_and_preview_name_them(tmp_path):
    file = _profile(tmp_path, NAMED)
    expected = f"warning: {file}:7: publications: 2 entries that no CV shows"
    validated = CliRunner().invoke(main, ["validate", str(file)])
    assert validated.exit_code == 0 and expected in validated.stderr
    assert "2 entries that no CV shows" in validated.stderr  # among the problems
    strict = CliRunner().invoke(main, ["validate", str(file), "--strict"])
    assert strict.exit_code != 0
    out = tmp_path / "out"
    built = CliRunner().invoke(main, ["build", str(file), "--format", "md", "--out", str(out)])
    assert built.exit_code == 0, built.output
    assert expected in built.stderr
    # The watch under the preview hears the build's warnings, and the page is sent them.
    state = WatchState(request(file, out_dir=tmp_path / "watched", formats=("md",)))
    try:
        (rebuilt,) = watch_once(state)
    finally:
        state.close()
    assert [line.startswith(f"{file}:7: publications") for line in rebuilt.warnings] == [True]
    shown = PreviewState(file)
    shown.update(rebuilt)
    assert shown.snapshot()["warnings"] == rebuilt.warnings
    # A build the cache answers reads nothing: the page keeps the warnings it had.
    shown.update(Rebuilt([file], [], ["en"], 0.1, None, {}, ["en"]))
    assert shown.snapshot()["warnings"] == rebuilt.warnings

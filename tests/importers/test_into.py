"""`cvtex import SOURCE --into profile.yaml`: what the profile lacks is added, nothing it holds
changes (comments and order included), and the same import again changes no byte."""

from __future__ import annotations

import json
import os
import textwrap

import pytest
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import InputError
from cvtex.importers import import_sources
from cvtex.profile.load import load_profile
from cvtex.profile.shown import unshown_entries

from ..conftest import ROOT

SAMPLE = ROOT / "tests" / "data" / "jsonresume" / "sample.resume.json"

MINE = textwrap.dedent(
    """\
    # My CV, written by hand.
    languages: [en, zh]
    name: {en: Richard Hendriks, zh: 理查德}
    headline: {en: Compression engineer, zh: 压缩工程师}   # not the file's "Programmer"

    education:
      - institution: {en: University of Oklahoma, zh: 俄克拉何马大学}   # where it started
        degree: {en: Bachelor, zh: 学士}
        start: 2011-06
        end: 2014-01

    experience:
      - title: CEO/President
        organization: {en: Pied Piper, zh: 魔笛手}
        start: 2013-12
        end: present
        bullets:
          - Built an algorithm   # the important one

    # The end.
    """
)


@pytest.fixture
def mine(tmp_path):
    profile = tmp_path / "mine.yaml"
    profile.write_text(MINE, encoding="utf-8")
    return profile


def test_what_the_profile_lacks_is_added_and_nothing_it_holds_changes(mine):
    imported = import_sources([SAMPLE], into=mine)
    text = mine.read_text(encoding="utf-8")
    # Every line written by hand is still there, in its order, comments included.
    lines = iter(text.splitlines())
    for line in MINE.splitlines():
        assert any(line == other for other in lines), f"lost or moved: {line!r}"
    assert imported.copy is not None and imported.copy.read_text(encoding="utf-8") == MINE
    profile = load_profile(mine).profile
    assert profile.headline == {"en": "Compression engineer", "zh": "压缩工程师"}
    # The entries the profile had are found, whatever their language or date precision,
    # and gain the fields they lack; what they have stays as written.
    assert imported.found == []
    assert imported.completed == [
        "education: University of Oklahoma, Bachelor, 2011-06: field, gpa, bullets, links (url)",
        "experience: CEO/President, Pied Piper, 2013-12: location, links (url), description",
    ]
    (degree,) = profile.education  # the one there was, not added twice
    assert degree.degree == {"en": "Bachelor", "zh": "学士"}
    assert degree.field == {"en": "Information Technology"}
    assert [str(bullet.text) for bullet in profile.experience[0].bullets] == ["Built an algorithm"]
    assert [entry.title for entry in profile.experience] == [
        "CEO/President",
        {"en": "Miss Direction"},
    ]
    # The file's texts are English: in a profile of two languages they go under en.
    assert profile.volunteer[0].organization == {"en": "CoderDojo"}
    assert any(line.startswith("awards: ") for line in imported.added)


def test_the_same_import_again_changes_no_byte(mine):
    import_sources([SAMPLE], into=mine)
    after = mine.read_bytes()
    stamp = os.stat(mine).st_mtime_ns
    again = import_sources([SAMPLE], into=mine)
    assert not again.written and again.added == [] and again.copy is None
    assert mine.read_bytes() == after and os.stat(mine).st_mtime_ns == stamp
    assert not mine.with_name("mine.yaml.bak2").exists()


def test_works_are_found_by_doi_or_title_and_positions_by_organization_and_start(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        textwrap.dedent(
            """\
            languages: [en]
            name: Mei Lin
            experience:
              - title: Research Intern
                organization: Google LLC
                start: 2019-03
            publications:
              - title: "GRID: Gradient Routing"
                links: [{type: doi, url: "https://doi.org/10.1109/TNET.2023.1"}]
              - title: A Second Paper, on Things
            """
        ),
        encoding="utf-8",
    )
    resume = {
        "basics": {"name": "Mei Lin"},
        "work": [
            {"name": "google llc", "position": "Intern", "startDate": "2019-03-15"},
            {"name": "Google LLC", "position": "Engineer", "startDate": "2021-07-01"},
        ],
        "publications": [
            {"name": "Another title for GRID", "url": "https://doi.org/10.1109/tnet.2023.1"},
            {"name": "A second paper on things", "releaseDate": "2022"},
            {"name": "A third paper", "releaseDate": "2024"},
        ],
    }
    source = tmp_path / "resume.json"
    source.write_text(json.dumps(resume), encoding="utf-8")
    imported = import_sources([source], into=profile)
    assert imported.added == [
        "experience: Engineer, Google LLC, 2021-07",
        "publications: A third paper, 2024",
    ]
    assert len(imported.found) == 2
    assert imported.completed == ["publications: A Second Paper, on Things: year"]


def test_an_added_pool_the_layout_does_not_show_gets_its_section_there(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        textwrap.dedent(
            """\
            name: Mei Lin
            languages: [en]
            experience:
              - title: Engineer
            skills:
              - category: Tools
                items: [Git]
            layout:
              - experience
              - skills   # mine
            """
        ),
        encoding="utf-8",
    )
    source = tmp_path / "resume.json"
    source.write_text(json.dumps({"basics": {"name": "M"}, "awards": [{"title": "A prize"}]}))
    imported = import_sources([source], into=profile)
    assert imported.added == [
        "awards: A prize",
        "layout: awards, a section for the awards added, which no section showed",
    ]
    # Where the default order puts awards: after experience, before skills.
    written = profile.read_text(encoding="utf-8")
    assert "  - experience\n  - awards\n  - skills   # mine\n" in written
    assert not any("layout" in note for note in imported.notes)
    assert unshown_entries(load_profile(profile)) == []


def test_a_profile_that_does_not_load_is_not_touched(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text("name: Mei Lin\nexperiance: []\n", encoding="utf-8")
    with pytest.raises(InputError, match="experiance"):
        import_sources([SAMPLE], into=profile)
    assert profile.read_text(encoding="utf-8") == "name: Mei Lin\nexperiance: []\n"


def test_the_command_says_what_it_added_and_what_it_found(mine):
    result = CliRunner().invoke(main, ["import", str(SAMPLE), "--into", str(mine)])
    assert result.exit_code == 0, result.output
    assert "added: volunteer: Teacher, CoderDojo" in result.output
    assert "completed: education: University of Oklahoma, Bachelor, 2011-06: field" in result.output
    assert "the original is kept as" in result.output
    again = CliRunner().invoke(main, ["import", str(SAMPLE), "--into", str(mine)])
    assert again.exit_code == 0 and "nothing to add" in again.output


def test_an_added_entry_takes_the_tag_its_section_selects(tmp_path):
    # LinkedIn's sections: positions and projects share experience, each selected by tag.
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        textwrap.dedent(
            """\
            name: Mei Lin
            languages: [en]
            experience:
              - {title: Engineer, organization: Acme, start: 2019-03, tags: [experience]}
              - {title: A side project, start: 2020, tags: [projects]}
            sections:
              experience: {select: [experience]}
              projects: {kind: experience, select: [projects]}
            """
        ),
        encoding="utf-8",
    )
    source = tmp_path / "resume.json"
    work = {"name": "Initech", "position": "Lead", "startDate": "2022-01-01"}
    source.write_text(json.dumps({"basics": {"name": "M"}, "work": [work]}))
    imported = import_sources([source], into=profile)
    assert imported.added == [
        "experience: Lead, Initech, 2022-01",
        "tags: [experience] on 1 experience added, which the experience sections select",
    ]
    loaded = load_profile(profile)
    assert loaded.profile.experience[0].tags == ["experience"]  # newest first, among its peers
    assert unshown_entries(loaded) == []

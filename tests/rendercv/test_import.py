"""`cvtex import cv.yaml` from RenderCV: sections by entry type, custom sections by tags,
the look mapped to the closest, every value not placed named with its line; and the
imported profile builds and reads back whole."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.profile.load import load_profile

RENDERCV = Path(__file__).resolve().parent.parent / "data" / "rendercv" / "cv.yaml"


def imported(tmp_path: Path) -> tuple[dict, str, Path]:
    source = tmp_path / "cv.yaml"
    shutil.copy(RENDERCV, source)
    result = CliRunner().invoke(main, ["import", str(source)])
    assert result.exit_code == 0, result.output
    profile = tmp_path / "cv.cvtex.yaml"
    return yaml.safe_load(profile.read_text(encoding="utf-8")), result.output, profile


def line_of(start: str) -> int:
    lines = RENDERCV.read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if line.startswith(start))


def test_sections_become_kinds_and_keep_their_titles_and_order(tmp_path):
    data, _, _ = imported(tmp_path)
    assert "layout" not in data  # it would repeat the sections' order
    assert list(data["sections"]) == [
        "about",  # About Me: the catalogs' own heading (关于我 in a Chinese CV)
        "experience",
        "academic-positions",
        "education",
        "publications",
        "projects",
        "awards",
        "skills",
    ]
    sections = data["sections"]
    # Two sections of experience entries: each selects its own by a tag.
    assert sections["academic-positions"] == {
        "kind": "experience",
        "select": ["academic-positions"],
        "title": "Academic Positions",
    }
    by_tag = {entry["tags"][0]: entry for entry in data["experience"]}
    assert by_tag["academic-positions"]["organization"] == "Zhejiang University"
    assert by_tag["projects"]["title"] == "Tiny Tensor Compiler"  # a NormalEntry
    assert sections["about"] == {"kind": "summary"}
    assert data["summary"].startswith("Engineer working on compilers")
    assert sections["awards"] == {"title": "Honors"}
    assert data["awards"] == [{"name": "Outstanding Graduate", "years": [2021]}]
    assert data["skills"] == [
        {"category": "Languages", "items": ["C++", "Python (NumPy, PyTorch)", "Rust"]}
    ]
    assert data["publications"][0]["authors"] == ["**Mei Lin**", "Wei Zhang"]
    assert data["education"][0]["gpa"] == "3.8"


def test_contacts_and_the_look_are_mapped(tmp_path):
    data, _, _ = imported(tmp_path)
    contacts = {(c["type"], c["value"]) for c in data["contacts"]}
    assert ("phone", "+86-571-0000-0000") in contacts
    assert ("github", "meilin") in contacts
    assert ("website", "Mastodon: @mei@example.social") in contacts
    assert ("location", "Hangzhou, China") in contacts
    assert data["theme"] == "compact"  # engineeringresumes
    assert data["design"] == {"paper": "letter", "accent": "#004F90"}


def test_every_value_not_placed_is_named_with_its_line(tmp_path):
    _, output, _ = imported(tmp_path)
    notes = [line for line in output.splitlines() if line.startswith("note:")]
    expected = {
        "cv.sections.projects[0].date": line_of("        date: Fall 2022"),
        "design.section_titles": line_of("  section_titles:"),
        "locale.date_style": line_of("  date_style"),
        "rendercv_settings": line_of("rendercv_settings"),
    }
    for field, line in expected.items():
        matching = [note for note in notes if f": {field}:" in note]
        assert matching, f"no note for {field}: {notes}"
        assert f"cv.yaml:{line}: {field}:" in matching[0]


def test_an_imported_rendercv_profile_never_overwrites(tmp_path):
    _, _, profile = imported(tmp_path)
    before = profile.read_text(encoding="utf-8")
    again = CliRunner().invoke(main, ["import", str(tmp_path / "cv.yaml")])
    assert again.exit_code != 0 and "already exists" in again.output
    assert profile.read_text(encoding="utf-8") == before


def test_the_imported_profile_loads_builds_and_reads_back_whole(tmp_path):
    _, _, profile = imported(tmp_path)
    load_profile(profile)
    result = CliRunner().invoke(main, ["check", str(profile)])
    assert result.exit_code == 0, result.output
    assert "pdftotext" in result.output and "pdfminer" in result.output

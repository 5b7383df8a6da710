"""The translators' formats: gettext PO and XLIFF (2.0 and 1.2), written by `cvtex translate
export --format`, read by the tools translators use (polib, translate-toolkit), filled there
and merged back; a file merged as it was exported changes no byte of the profile."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import polib
import pytest
from click.testing import CliRunner
from translate.storage import factory, xliff, xliff2

from cvtex.cli.main import main

from .test_translation_units import PROFILE


def run(*args: object):
    return CliRunner().invoke(main, [str(arg) for arg in args])


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    path = tmp_path / "cv.yaml"
    path.write_text(PROFILE, encoding="utf-8")
    return path


def export(profile: Path, kind: str, name: str) -> Path:
    target = profile.with_name(name)
    result = run("translate", "export", profile, "--lang", "zh", "--format", kind, "-o", target)
    assert result.exit_code == 0, result.output
    assert "3 text(s) to translate into zh (at 7 place(s), 1 with a suggestion" in result.output
    return target


def assert_merged_everywhere(profile: Path) -> None:
    after = profile.read_text(encoding="utf-8")
    assert after.count("{en: Research Intern, zh: 研究实习生}") == 2
    assert after.count("{en: Tsinghua University, zh: 清华大学}") == 3
    assert after.count("zh: 北京}") == 3
    assert "  - institution: {en: Tsinghua University, zh: 清华大学} # the PhD\n" in after


def test_po_one_entry_per_text_with_paths_as_context(profile):
    po = polib.pofile(str(export(profile, "po", "cv.zh.po")))
    assert po.metadata["Language"] == "zh"
    entries = {entry.msgid: entry for entry in po}
    assert list(entries) == ["Tsinghua University", "Beijing, China", "Research Intern"]
    beijing = entries["Beijing, China"]
    assert beijing.msgctxt == (
        "education[0].location; experience[0].location; experience[1].location"
    )
    assert beijing.occurrences == [("cv.yaml", "6"), ("cv.yaml", "14"), ("cv.yaml", "19")]
    assert beijing.comment == "education: location (Tsinghua University)"  # the section
    assert not beijing.fuzzy and beijing.msgstr == ""
    # What the profile has translated elsewhere is a suggestion: fuzzy, with where it is from.
    tsinghua = entries["Tsinghua University"]
    assert tsinghua.fuzzy and tsinghua.msgstr == "清华大学"
    assert "suggested: profile (experience[0].organization)" in tsinghua.comment
    # translate-toolkit reads it as the same units.
    store = factory.getobject(str(profile.with_name("cv.zh.po")))
    units = [unit for unit in store.units if not unit.isheader()]
    assert [(unit.source, unit.isfuzzy()) for unit in units] == [
        ("Tsinghua University", True),
        ("Beijing, China", False),
        ("Research Intern", False),
    ]


@pytest.mark.parametrize(
    ("kind", "name"), [("po", "cv.zh.po"), ("xliff", "cv.zh.xlf"), ("xliff1", "cv.zh.1.xlf")]
)
def test_a_file_merged_as_exported_changes_no_byte(profile, kind, name):
    sheet = export(profile, kind, name)
    result = run("translate", "merge", profile, sheet)
    assert result.exit_code == 0, result.output
    assert "0 translation(s) into zh merged, 2 left empty, 1 suggestion(s) left to check" in (
        result.output
    )
    assert profile.read_text(encoding="utf-8") == PROFILE
    assert not profile.with_name("cv.yaml.bak").exists()


def test_po_filled_in_a_po_editor_merges_to_every_place(profile):
    sheet = export(profile, "po", "cv.zh.po")
    po = polib.pofile(str(sheet))
    for entry in po:
        if entry.msgid == "Beijing, China":
            entry.msgstr = "北京"
        elif entry.msgid == "Research Intern":
            entry.msgstr = "研究实习生"
        else:
            entry.flags.remove("fuzzy")  # the suggestion checked
    po.save(str(sheet))
    result = run("translate", "merge", profile, sheet)
    assert result.exit_code == 0, result.output
    assert "3 translation(s) into zh merged (at 7 place(s)), 0 left empty" in result.output
    assert_merged_everywhere(profile)


def test_xliff2_read_and_filled_by_translate_toolkit(profile):
    sheet = export(profile, "xliff", "cv.zh.xlf")
    root = ET.parse(sheet).getroot()
    assert root.get("version") == "2.0" and root.get("trgLang") == "zh"
    ns = {"x": xliff2.Xliff2File.namespace}
    unit = root.find("x:file/x:unit[@name='education[0].location']", ns)
    assert unit is not None
    notes = {(note.get("category"), note.text) for note in unit.iterfind("x:notes/x:note", ns)}
    assert ("section", "education: location (Tsinghua University)") in notes
    assert ("location", "experience[1].location (line 19)") in notes

    store = xliff2.Xliff2File.parsefile(str(sheet))
    assert [(unit.source, unit.target, unit.isfuzzy()) for unit in store.units] == [
        ("Tsinghua University", "清华大学", True),
        ("Beijing, China", None, False),
        ("Research Intern", None, False),
    ]
    for unit in store.units:
        if unit.source == "Beijing, China":
            unit.target = "北京"
        elif unit.source == "Research Intern":
            unit.target = "研究实习生"
        unit.marktranslated()
    sheet.write_bytes(bytes(store))
    result = run("translate", "merge", profile, sheet)
    assert result.exit_code == 0, result.output
    assert_merged_everywhere(profile)


def test_xliff12_read_and_filled_by_translate_toolkit(profile):
    sheet = export(profile, "xliff1", "cv.zh.xlf")
    store = xliff.xlifffile.parsefile(str(sheet))
    assert store.gettargetlanguage() == "zh"
    assert [(unit.source, unit.isfuzzy()) for unit in store.units] == [
        ("Tsinghua University", True),
        ("Beijing, China", False),
        ("Research Intern", False),
    ]
    assert "experience[0].location (line 14)" in store.units[1].getnotes()
    for unit in store.units:
        if unit.source == "Beijing, China":
            unit.target = "北京"
        elif unit.source == "Research Intern":
            unit.target = "研究实习生"
        unit.markfuzzy(False)
        unit.markapproved(True)
    sheet.write_bytes(bytes(store))
    result = run("translate", "merge", profile, sheet)
    assert result.exit_code == 0, result.output
    assert_merged_everywhere(profile)


def test_an_xliff_file_with_entities_is_refused(profile):
    sheet = profile.with_name("bomb.xlf")
    sheet.write_text(
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]>'
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" trgLang="zh"/>',
        encoding="utf-8",
    )
    result = run("translate", "merge", profile, sheet)
    assert result.exit_code == 1
    assert "DOCTYPE or entities is not read" in result.output
    assert profile.read_text(encoding="utf-8") == PROFILE

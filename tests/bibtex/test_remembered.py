"""A .bib whose bytes did not change is not parsed again (bibtex/remembered.py), and what a
build makes from the remembered reading is what it makes from a fresh one."""

from __future__ import annotations

import json
import re
import shutil

import bibtexparser
import pytest

from cvtex.bibtex.read import read_bibliography
from cvtex.bibtex.remembered import read_remembered
from cvtex.profile.load import load_profile

from ..building import render_languages
from ..conftest import ROOT

# Every .bib the tests hold: duplicated fields, unreadable and untitled entries, owners'
# names in macros, ADS macros, title math, ORCID's repeated keys, talks among the works.
BIBS = sorted((ROOT / "tests" / "data").rglob("*.bib"))


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CVTEX_CACHE_DIR", str(tmp_path / "user-cache"))


@pytest.mark.parametrize("bib", BIBS, ids=lambda path: f"{path.parent.name}/{path.name}")
@pytest.mark.parametrize("abbreviate", [True, False])
def test_the_remembered_reading_is_the_fresh_one(bib, abbreviate, own_cache, monkeypatch):
    fresh = read_bibliography(bib, abbreviate)
    assert fresh.entries or fresh.untitled
    assert read_remembered(bib, abbreviate) == fresh  # read, and recorded
    with monkeypatch.context() as patch:
        patch.setattr(bibtexparser, "parse_string", None)  # any parse would fail
        assert read_remembered(bib, abbreviate) == fresh  # from the record


def test_a_profile_with_the_same_bib_renders_the_same_without_parsing_it(
    tmp_path, own_cache, monkeypatch
):
    folder = tmp_path / "full"
    shutil.copytree(ROOT / "tests" / "data" / "full", folder)
    profile = folder / "profile.yaml"
    first = render_languages(profile, ["en", "zh"])
    with monkeypatch.context() as patch:
        patch.setattr(bibtexparser, "parse_string", None)
        again = render_languages(profile, ["en", "zh"])
    assert [source.tex for source in again] == [source.tex for source in first]
    # The .bib's entries are in the CV: each title's longest word.
    bib = read_bibliography(folder / "refs.bib", True)
    words = [max(re.findall(r"\w+", entry.data["title"]), key=len) for entry in bib.entries]
    assert len(words) == 3 and all(word in first[0].tex for word in words)


def test_a_changed_byte_and_a_changed_option_are_read_again(tmp_path, own_cache, monkeypatch):
    bib = tmp_path / "refs.bib"
    bib.write_text("@article{a, title={First}, author={Lee, Ann Mary}, year={2020}}\n")
    (tmp_path / "cv.yaml").write_text("name: Ann Lee\nbibliography: {file: refs.bib}\n")
    parse = bibtexparser.parse_string
    parsed: list[str] = []

    def counted(text, *args, **kwargs):
        parsed.append(text)
        return parse(text, *args, **kwargs)

    monkeypatch.setattr(bibtexparser, "parse_string", counted)
    assert load_profile(tmp_path / "cv.yaml").profile.publications[0].title == "First"
    assert load_profile(tmp_path / "cv.yaml").profile.publications[0].title == "First"
    assert len(parsed) == 1  # the first load read it; the second, the record
    bib.write_text("@article{a, title={Fist}, author={Lee, Ann Mary}, year={2020}}\n")
    assert load_profile(tmp_path / "cv.yaml").profile.publications[0].title == "Fist"
    assert len(parsed) == 2
    (tmp_path / "cv.yaml").write_text(
        "name: Ann Lee\nbibliography: {file: refs.bib, abbreviate_first_names: false}\n"
    )
    authors = load_profile(tmp_path / "cv.yaml").profile.publications[0].authors
    assert len(parsed) == 3 and [author.name for author in authors] == ["Ann Mary Lee"]


def test_a_record_that_cannot_be_read_costs_a_reading(tmp_path, own_cache):
    bib = tmp_path / "refs.bib"
    bib.write_text("@article{a, title={First}, author={Lee, Ann}, year={2020}}\n")
    fresh = read_remembered(bib, True)
    (record,) = (tmp_path / "user-cache" / "bibliographies").glob("*.json")
    key = json.loads(record.read_text())["key"]
    for damaged in (json.dumps({"key": key, "read": {}}), "{not json", "[]"):
        record.write_text(damaged)
        assert read_remembered(bib, True) == fresh
        assert json.loads(record.read_text())["key"] == key  # recorded again, whole

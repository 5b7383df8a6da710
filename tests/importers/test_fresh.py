"""FRESH résumés (HackMyResume, FluentCV) as people write them (tests/data/fresh, made for
these tests after the real files: a FRESH@^1.0.0-beta file converted from JSON Resume, HTML
in the brief, a leading blank line, HackMyResume's YAML, a Japanese file with CRLF line
ends, a Korean one with no meta and testimonials: 0). Every part goes where a CV shows it
or is named with its path and line; one odd value never refuses the file."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings

from cvtex.errors import InputError
from cvtex.importers import fresh, import_sources, jsonresume
from cvtex.importers.door import _reader_of
from cvtex.importers.language import language_of_text
from cvtex.importers.reader import Context
from cvtex.importers.source import open_source
from cvtex.text.htmltext import html_text

from ..building import build
from ..conftest import ROOT, line_in, markup_as_text, normalized, pdf_text
from .importing import imported_profile
from .mutations import mutated, written

DATA = ROOT / "tests" / "data" / "fresh"
TODAY = dt.date(2026, 11, 25)


def imported(tmp_path: Path, name: str = "fresh.json") -> tuple[list[str], dict]:
    source = tmp_path / name
    shutil.copy(DATA / name, source)
    profile, notes = imported_profile([source], tmp_path / "profile.yaml", today=TODAY)
    return notes, profile


def line_of(name: str, text: str, after: str = "") -> int:
    return line_in(DATA / name, text, after)


@pytest.mark.parametrize("name", ["fresh.json", "resume.yml", "resume-ja.json", "ko.json"])
def test_fresh_is_told_by_its_format_or_its_own_keys(name):
    source = open_source(DATA / name)
    assert _reader_of(source).kind == "FRESH"
    assert not jsonresume.recognizes(source)


def test_fresh_and_json_resume_agree_on_every_file(tmp_path):
    """The two readers ask one question: a file is never both, and JSON Resume's basics
    with no FRESH format is JSON Resume's."""
    files = [*DATA.iterdir(), *(ROOT / "tests" / "data" / "jsonresume").rglob("*.json")]
    for file in files:
        source = open_source(file)
        assert not (fresh.recognizes(source) and jsonresume.recognizes(source)), file
    both = {"basics": {"name": "A"}, "employment": {"history": []}}
    (tmp_path / "a.json").write_text(json.dumps(both), encoding="utf-8")
    assert _reader_of(open_source(tmp_path / "a.json")).kind == "JSON Resume"
    both["meta"] = {"format": "FRESH@0.6.0"}
    (tmp_path / "b.json").write_text(json.dumps(both), encoding="utf-8")
    assert _reader_of(open_source(tmp_path / "b.json")).kind == "FRESH"


def test_every_part_goes_where_a_cv_shows_it(tmp_path):
    _, profile = imported(tmp_path)
    assert profile["headline"] == "Platform Engineer"
    assert profile["updated"] == "2023-04-18"  # meta.modified
    by_tag = {}
    for entry in profile["experience"]:
        by_tag.setdefault(entry["tags"][0], []).append(entry)
    carovana, _, vetro = by_tag["employment"]
    assert (carovana["title"], carovana["organization"]) == (
        "Staff Platform Engineer",
        "Carovana Logistics",
    )
    assert carovana["bullets"][-1] == "Kotlin, Kafka, Terraform"  # keywords
    assert vetro["title"] == "Studio Vetro"  # no position: the employer is the heading
    tidewater, harbour = by_tag["projects"]  # projects and samples
    assert tidewater["role"] == "Maintainer"
    assert {link["type"] for link in tidewater["links"]} == {"url", "code", "video"}
    assert harbour["date"] == "2022-09"
    club, rowing = by_tag["memberships"]  # affiliation and governance
    assert (club["title"], club["organization"]) == ("Member", "Python Italia")
    assert rowing["description"] == "Kept the books of a club of 300 members."
    assert profile["sections"]["projects"] == {"kind": "experience", "select": ["projects"]}
    assert profile["sections"]["memberships"] == {
        "kind": "experience",
        "select": ["memberships"],
    }
    # The sections' order is the CV's: no layout repeating it.
    assert list(profile["sections"])[:3] == ["summary", "experience", "projects"]
    assert "layout" not in profile
    pisa, florence = profile["education"]
    assert (pisa["degree"], pisa["gpa"], pisa["location"]) == (
        "MSc Computer Science",
        "110/110",
        "Pisa, Italy",
    )
    assert pisa["bullets"] == ["Courses: Distributed Systems, Compilers, Information Retrieval"]
    assert (florence["degree"], florence["field"]) == ("Bachelor's degree", "Mathematics")
    assert "gpa" not in florence  # grade: Bachelor is no grade
    assert profile["volunteer"][0]["organization"] == "Coderdojo Firenze"
    article, blog = profile["publications"]
    assert article["authors"] == ["Ilse Marchetti", "Dario Conti"]
    assert (article["venue"], article["year"]) == ("Logistics Engineering Review", 2022)
    assert blog["kind"] == "webpage" and "venue" not in blog  # publisher: self
    assert profile["talks"][0]["event"] == "PyCon Italia 2023"
    assert profile["awards"] == [
        {
            "name": "Engineer of the Year, Carovana Logistics",
            "years": [2022, 2023],
            "description": "For the routing rewrite.",
        }
    ]
    skills = {group["category"]: group["items"] for group in profile["skills"]}
    assert skills["Platform (advanced)"] == ["Kubernetes", "Terraform"]
    assert skills["Platform (intermediate)"] == ["Nomad"]
    assert {"name": "Kotlin", "level": "expert"} in skills["Languages"]  # from skills.list
    assert skills["Skills"] == [{"name": "Rust", "level": "beginner"}]
    assert profile["spoken_languages"][1] == {
        "language": "English",
        "level": "Professional Working",
    }
    assert profile["references"] == [
        {
            "name": "Dario Conti",
            "title": "CTO, Carovana Logistics",
            "email": "dario@carovana.example.com",
            "phone": "+39 333 000 0000",
        }
    ]
    others = [entry["text"] for entry in profile["others"]]
    assert others == ["Rowing", "Baking", "Organizer, Florence Kotlin Meetup"]
    contacts = {(contact["type"], contact["value"]) for contact in profile["contacts"]}
    assert {
        ("phone", "+39 055 111 1111"),  # contact.other
        ("location", "Florence, Tuscany, IT"),
        ("linkedin", "ilse-marchetti"),  # no user: the address's last part
        ("website", "Twitter: ilse_m"),
    } <= contacts


def test_dates_as_fresh_writes_them(tmp_path):
    _, profile = imported(tmp_path)
    carovana, ponte, vetro = profile["experience"][:3]
    assert (carovana["start"], carovana["end"]) == ("2021-02-28", "present")  # current: true
    assert (ponte["start"], ponte["end"]) == ("2016-07", "2021-01")
    assert vetro["start"] == "2014" and "end" not in vetro  # an end it cannot read
    club = profile["experience"][5]
    assert club["end"] == "present"  # end: ""


def test_html_becomes_paragraphs_and_the_profile_markup(tmp_path):
    _, profile = imported(tmp_path)
    assert profile["summary"].splitlines() == [
        "I build **data platforms** for logistics firms.",
        "",
        "I care about tests, tidy code and R&D that ships.",
        "",
        "Off work I row on the Arno.",
    ]
    assert html_text('a<br>b <a href="https://x.org">c</a> <i>d</i>') == (
        "a\nb [c](https://x.org) *d*"
    )
    assert html_text("Research & Development") == "Research & Development"


def test_every_value_not_placed_is_named_with_its_path_and_line(tmp_path):
    notes, _ = imported(tmp_path)
    name = "fresh.json"
    expected = {
        "meta.format": line_of(name, '"format"'),
        "info.characterClass": line_of(name, "characterClass"),
        "info.quote": line_of(name, '"quote"'),
        "contact.other[1]": line_of(name, "Matrix"),
        "location.code": line_of(name, '"code"'),
        "employment.summary": line_of(name, "Ten years"),
        "employment.history[1].mood": line_of(name, '"mood"'),
        "employment.history[2].end": line_of(name, "sometime in 2016"),
        "projects[0].media[0]": line_of(name, "shot.png"),
        "education.level": line_of(name, '"level": "degree"'),
        "education.history[1].grade": line_of(name, '"grade": "Bachelor"'),
        "skills.list[1].summary": line_of(name, "Side projects only"),
        "writing[0].summary": line_of(name, "10,000 trucks"),
        "reading": line_of(name, '"reading"'),
        "speaking[0].role": line_of(name, '"role": "Speaker"'),
        "recognition[0].url": line_of(name, "carovana.example.com/awards"),
        "references[0]": line_of(name, '{ "summary": "Contact details'),
        "references[2]": line_of(name, "Anna Bruni"),
        "testimonials": line_of(name, '"testimonials"'),
        "languages[1].years": line_of(name, '"years": 15'),
        "extracurricular[0].location": line_of(name, '"location"', after="extracurricular"),
        "disposition": line_of(name, '"disposition"'),
        "hobbies": line_of(name, '"hobbies"'),
    }
    for field, line in expected.items():
        assert any(f"fresh.json:{line}: {field}: " in note for note in notes), (field, notes)
    # Nothing else is dropped in silence: every note is one of these kinds of place.
    assert all("not imported" in note or "imported with" in note for note in notes)


def test_hackmyresume_yaml(tmp_path):
    notes, profile = imported(tmp_path, "resume.yml")
    faro, quinta, club = profile["experience"]
    assert faro["organization"] == "Faro Payments, S.A."
    assert (quinta["start"], quinta["end"]) == ("2013-10-31", "2016-05-31")  # YAML dates
    assert club["tags"] == ["memberships"] and club["end"] == "present"
    assert profile["summary"].splitlines()[-1] == (
        "I like **small** services and [giving talks](https://example.org/talks)."
    )
    assert any(f"resume.yml:{line_of('resume.yml', 'class:')}: info.class" in n for n in notes)


@pytest.mark.parametrize(("name", "language"), [("resume-ja.json", "ja"), ("ko.json", "ko")])
def test_japanese_and_korean_files_are_told_by_their_script(name, language):
    # The door sets the profile's language from this (the ja and ko catalogs come with
    # another change: until then a build of these is not possible, so the language is
    # checked where the door reads it).
    read = fresh.READER.read(open_source(DATA / name), Context(TODAY))
    assert read.language is None  # the file does not say it
    assert language_of_text(read.data) == language
    assert read.data["experience"][0]["organization"] in ("ナミ物流", "누리애드")


def test_a_korean_file_without_meta_and_with_testimonials_zero(tmp_path):
    shutil.copy(DATA / "ko.json", tmp_path / "ko.json")
    result = import_sources(
        [tmp_path / "ko.json"], tmp_path / "p.yaml", languages="en", today=TODAY
    )
    profile = yaml.safe_load(result.profile.read_text(encoding="utf-8"))
    assert profile["experience"][0]["bullets"][-2] == "https://ads.example.kr/advertiser/"
    assert profile["education"][0]["gpa"] == "3.81/4.50"
    assert not any("testimonials" in note for note in result.notes)  # 0: nothing written


def test_two_fresh_files_in_two_languages_are_one_profile(tmp_path):
    """Twins such as en.json and ko.json: one bilingual profile, its sections once."""
    english = json.loads((DATA / "fresh.json").read_text(encoding="utf-8"))
    chinese = json.loads((DATA / "fresh.json").read_text(encoding="utf-8"))
    chinese["info"] = {"label": "平台工程师", "brief": "我为物流公司构建数据平台。"}
    chinese["employment"]["history"][0]["position"] = "主任平台工程师"
    for name, data in (("en.json", english), ("zh.json", chinese)):
        (tmp_path / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = import_sources(
        [tmp_path / "en.json", tmp_path / "zh.json"],
        tmp_path / "profile.yaml",
        languages="en,zh",
        today=TODAY,
    )
    profile = yaml.safe_load(result.profile.read_text(encoding="utf-8"))
    assert profile["languages"] == ["en", "zh"]
    assert profile["headline"] == {"en": "Platform Engineer", "zh": "平台工程师"}
    assert profile["experience"][0]["title"] == {
        "en": "Staff Platform Engineer",
        "zh": "主任平台工程师",
    }
    # Each section once: the two files' orders are one, which the sections say alone.
    assert "layout" not in profile
    assert list(profile["sections"]) == list(dict.fromkeys(profile["sections"]))
    (built,) = build(result.profile, "zh", tmp_path / "out")
    assert "主任平台工程师" in pdf_text(built.pdf)


def test_every_employer_title_school_and_work_reaches_the_pdf(tmp_path):
    source = tmp_path / "fresh.json"
    shutil.copy(DATA / "fresh.json", source)
    result = import_sources([source], tmp_path / "profile.yaml", today=TODAY)
    (built,) = build(result.profile, "en", tmp_path / "out")
    text = normalized(pdf_text(built.pdf))
    data = json.loads(source.read_text(encoding="utf-8"))
    expected = [
        *(
            job.get(key)
            for job in data["employment"]["history"]
            for key in ("employer", "position")
        ),
        *(school["institution"] for school in data["education"]["history"]),
        *(
            item["title"]
            for part in ("projects", "samples", "writing", "speaking")
            for item in data[part]
        ),
        *(item["organization"] for item in data["affiliation"]["history"]),
        *(item["organization"] for item in data["governance"]),
        *(item["organization"] for item in data["service"]["history"]),
        *(award["title"] for award in data["recognition"]),
    ]
    missing = [item for item in expected if item and normalized(markup_as_text(item)) not in text]
    assert not missing


REAL_SHAPED = json.loads((DATA / "fresh.json").read_text(encoding="utf-8"))
EXAMPLES = int(os.environ.get("CVTEX_IMPORT_EXAMPLES", "120"))


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(written(mutated(REAL_SHAPED)))
def test_a_mutated_fresh_file_imports_or_says_why(file):
    suffix, content = file
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / f"resume{suffix}"
        source.write_bytes(content)
        try:
            result = import_sources([source], Path(folder) / "p.yaml", today=TODAY)
        except InputError as error:
            assert error.message.strip()
            return
        assert result.profile.is_file()

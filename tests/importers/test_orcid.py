"""ORCID records as the public API gives them (tests/data/orcid, made for these tests in the
shape of ORCID's published schema): v2.1 and v3.0 JSON, v3.0 XML, v2.1 XML works, a folder
and a .zip of endpoint files; ORCID's BibTeX export. Every section placed or named; a work
listed by several sources read once; --into adds new works and changes no byte the second
time; the imported profile builds and shows what it holds."""

from __future__ import annotations

import copy
import datetime as dt
import json
import re
import shutil
import zipfile
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cvtex.cli.main import main
from cvtex.errors import InputError
from cvtex.importers import import_sources
from cvtex.importers.door import readers
from cvtex.importers.identity import same_work
from cvtex.importers.orcid import READER
from cvtex.importers.reader import Context
from cvtex.importers.source import open_source

from ..building import build
from ..conftest import ROOT, line_in, normalized, pdf_text
from .importing import imported_profile

DATA = ROOT / "tests" / "data" / "orcid"
TODAY = dt.date(2026, 11, 25)
SMALL = (
    "languages: [en]\nname: Wen-Jie Zhou  # my own profile\n"
    "contacts:\n  - {type: email, value: wz@example.org}\n"
)


def imported(tmp_path: Path, source: Path, **options) -> tuple[dict, list[str]]:
    return imported_profile([source], tmp_path / "cv.yaml", today=TODAY, **options)


def titles(profile: dict) -> list:
    return [publication["title"] for publication in profile.get("publications", [])]


# -- v3.0 JSON: the whole record -------------------------------------------------------------


def test_a_v3_record_places_every_section(tmp_path):
    profile, notes = imported(tmp_path, DATA / "record-3.0.json")
    assert profile["name"] == "Wen-Jie Zhou"
    assert profile["owner_names"] == [
        "W.-J. Zhou",
        "周文杰",
        "Wenjie Zhou",
    ]  # credit and other names
    assert profile["summary"].startswith("I study the edge")
    assert "\n\nBefore Garching" in profile["summary"]
    contacts = {contact["type"]: contact for contact in profile["contacts"]}
    assert contacts["email"]["value"] == "wenjie.zhou@example.org"
    assert contacts["github"]["value"] == "wjzhou-plasma"
    assert contacts["scholar"]["value"] == "Xq3JzK8AAAAJ"
    assert contacts["website"]["value"] == "wjzhou.example.org"
    assert contacts["orcid"] == {
        "type": "orcid",
        "value": "0000-0002-4719-5338",
        "url": "https://orcid.org/0000-0002-4719-5338",
    }
    assert contacts["location"]["value"] == "Germany"
    # Employment: the source the person preferred (display index 1), still held.
    staff, postdoc, visiting = profile["experience"]
    assert staff["title"] == "Staff Scientist" and staff["team"] == "ITED"
    assert staff["organization"] == "Max Planck Institute for Plasma Physics"
    assert staff["location"] == "Garching, Bavaria, Germany"
    assert (staff["start"], staff["end"]) == ("2020-03-01", "present")
    assert (postdoc["start"], postdoc["end"]) == ("2017-10", "2020-02")
    assert visiting["title"] == "Visiting Scholar"  # an invited position
    phd, bsc = profile["education"]
    assert phd == {
        "institution": "Tsinghua University",
        "degree": "PhD",
        "field": "Engineering Physics",
        "location": "Beijing, China",
        "start": "2012-09",
        "end": "2017-07",
    }
    assert bsc["location"] == "Hefei, Anhui, China"
    assert profile["awards"] == [
        {
            "name": "Early Career Researcher Prize",
            "description": "Plasma Physics Division, European Physical Society",
            "years": [2021],
        }
    ]
    assert profile["certificates"] == [
        {"name": "Radiation Protection Officer", "issuer": "TÜV SÜD", "date": "2019-05-14"}
    ]
    membership, service = profile["service"]
    assert (
        membership["tags"] == ["memberships"] and "American Physical Society" in membership["text"]
    )
    assert service == {
        "text": "Programme Committee Member, EPS Conference on Plasma Physics",
        "tags": ["service"],
        "date": "2022",
    }
    (grant,) = profile["others"]
    assert grant["text"] == "Microwave imaging of edge turbulence in ASDEX Upgrade"
    assert grant["description"] == "Deutsche Forschungsgemeinschaft"
    assert grant["end"] == {"expected": "2031-12"} and grant["tags"] == ["funding"]
    assert profile["skills"] == [
        {
            "category": "Research Interests",
            "items": ["plasma diagnostics", "reflectometry", "microwave imaging"],
        }
    ]
    assert profile["sections"]["funding"] == {"kind": "others", "select": ["funding"]}
    assert profile["sections"]["memberships"] == {"kind": "service", "select": ["memberships"]}
    assert list(profile["sections"])[:3] == ["summary", "skills", "education"]
    assert any("Scopus Author ID 57190000123: not imported" in note for note in notes)
    assert any("peer reviews: 3, of 2 journal(s)" in note for note in notes)


def test_works_become_publications_of_their_type(tmp_path):
    profile, notes = imported(tmp_path, DATA / "record-3.0.json")
    by_title = {
        str(p["title"] if isinstance(p["title"], str) else p["title"]["en"]): p
        for p in profile["publications"]
    }
    article = by_title[
        "Edge density profile reflectometry at ASDEX Upgrade with a frequency-comb source"
    ]
    assert article["venue"] == "Nuclear Fusion" and article["year"] == 2021
    assert article["type"] == "journal"
    # The DOI once, not the url that is the same DOI again.
    assert article["links"] == [{"type": "doi", "url": "https://doi.org/10.1088/1741-4326/ac0b5f"}]
    # Subtitle after a colon, HTML as the profile's markup.
    assert (
        "Measurement of T$_{e}$ fluctuations with correlation ECE: first results & outlook"
        in by_title
    )
    assert by_title["Microwave imaging reflectometry for compact tokamaks"]["type"] == "thesis"
    preprint = by_title[
        "Synthetic diagnostics for Doppler back-scattering in turbulent edge plasmas"
    ]
    assert preprint["status"] == "preprint"
    assert preprint["links"] == [{"type": "arxiv", "url": "https://arxiv.org/abs/2301.04567"}]
    assert by_title["Reflectometry"]["type"] == "chapter"
    patent = by_title["Waveguide-coupled antenna array for plasma reflectometry"]
    assert (patent["type"], patent["kind"]) == ("other", "patent")
    # A translated title in another language cvtex has: the title in both.
    review = by_title["A review of microwave imaging diagnostics for the plasma edge"]
    assert review["title"] == {
        "zh": "等离子体边界微波成像诊断综述",
        "en": "A review of microwave imaging diagnostics for the plasma edge",
    }
    # A lecture is a talk.
    (talk,) = profile["talks"]
    assert talk["title"] == "Microwave diagnostics for ITER: status and challenges"
    assert talk["date"] == "2022-10-18"
    # The group that repeats the first work's DOI in capitals is the same work.
    assert len(profile["publications"]) == 9
    line = line_in(DATA / "record-3.0.json", "Web of Science Researcher Profile Sync")
    doubled = next(note for note in notes if "the same work (DOI" in note)
    assert doubled.startswith(f"{DATA / 'record-3.0.json'}:")
    assert abs(int(doubled.split(":")[1]) - line) < 30  # at that summary, not line 1
    assert "works.group[8].work-summary[0]" in doubled


def test_values_of_every_work_are_named_once_with_their_count(tmp_path):
    _, notes = imported(tmp_path, DATA / "record-3.0.json")
    months = [note for note in notes if "month and day not imported" in note]
    assert len(months) == 1 and "(7 in all)" in months[0]
    assert any("external-ids (isbn, part-of)" in note for note in notes)
    assert any("history.last-modified-date: 2024-11-07: not imported" in note for note in notes)


# -- v2.1 JSON, v3.0 XML, v2.1 XML works -------------------------------------------------------


def test_a_v2_record_reads_flat_lists_and_epoch_dates(tmp_path):
    profile, notes = imported(tmp_path, DATA / "record-2.1.json")
    assert profile["name"] == "Ana Sofia Ribeiro"
    assert [contact["type"] for contact in profile["contacts"]] == ["website", "orcid", "location"]
    assert any("person.emails.email[0]: not imported: not public on ORCID" in n for n in notes)
    assert any("history.last-modified-date: 2017-12-07" in note for note in notes)
    grant, employer_only = profile["experience"]
    assert grant["title"] == "Bolseira de Doutoramento" and grant["end"] == "present"
    # No role: the organization is the entry's title.
    assert employer_only["title"] == "Max-Planck-Institut für Plasmaphysik"
    assert "organization" not in employer_only
    assert profile["education"][0]["institution"] == "Instituto Superior Técnico"
    # Newest first (ORCID's order is its own), a work without a year last.
    assert [p["type"] for p in profile["publications"]] == [
        "journal",
        "conference",
        "thesis",
        "conference",
    ]
    # The preferred source of the thesis (display index 1), the DOI's second case read once.
    assert (
        profile["publications"][2]["title"] == "Caracterizacao de um reflectometro de banda larga"
    )
    assert sum("heterodyne eddy-current" in title for title in titles(profile)) == 1
    # A month 13 is no date: the work stays, without it.
    refmulf = profile["publications"][-1]
    assert "year" not in refmulf
    assert any("group[3].work-summary[0].publication-date: not a date" in n for n in notes)
    assert profile["others"][0]["text"] == "Bolsa de Doutoramento APPLAuSE"


def test_a_v3_xml_record_reads_as_its_json_does(tmp_path):
    source = DATA / "record-3.0.xml"
    profile, notes = imported(tmp_path, source)
    assert profile["name"] == "Jonas Lindqvist"
    assert profile["owner_names"] == ["J. Lindqvist"]
    assert profile["summary"].endswith("speech recognition & Nordic dialects.")
    assert {c["type"] for c in profile["contacts"]} == {"email", "linkedin", "orcid", "location"}
    (job,) = profile["experience"]
    assert job["title"] == "Assistant Professor"  # display index 1 over the employer's
    assert job["links"] == [{"type": "url", "url": "https://www.kth.se/profile/jlindq"}]
    assert profile["education"][0]["start"] == "2015-09-01"
    assert profile["education"][0]["field"] == "Linguistics"
    by_title = {p["title"]: p for p in profile["publications"]}
    gutnish = by_title[
        "Dialect-aware acoustic modelling for low-resource Swedish ASR: a case study of Gutnish"
    ]
    assert gutnish["venue"] == "Proceedings of Interspeech 2019"
    assert any(p["links"][0]["type"] == "arxiv" for p in profile["publications"])
    assert profile["service"][1] == {
        "text": "Area Chair, INTERSPEECH 2023",
        "tags": ["service"],
        "date": "2023-08",
    }
    assert profile["skills"][0]["items"] == ["speech recognition", "dialectology"]
    # A note is at the line its element starts on.
    translated = next(note for note in notes if "translated-title" in note)
    line = line_in(source, 'put-code="71200453"')
    assert translated.startswith(f"{source}:{line}:")


def test_v21_xml_works_go_into_a_profile_once(tmp_path):
    profile_file = tmp_path / "cv.yaml"
    profile_file.write_text(SMALL, encoding="utf-8")
    runner = CliRunner()
    first = runner.invoke(
        main, ["import", str(DATA / "works-2.1.xml"), "--into", str(profile_file)]
    )
    assert first.exit_code == 0, first.output
    assert "3 added" not in first.output  # three works and the ORCID iD
    assert "4 added" in first.output
    data = yaml.safe_load(profile_file.read_text(encoding="utf-8"))
    assert titles(data) == [
        "Photocatalytic Reduction of CO₂ on TiO₂ Nanosheets",  # <sub>2</sub> as its text
        "Semiconductor Photocatalysis for Solar Fuels",
        "TiO2 nanosheets for photocatalysis: a technical report",
    ]
    assert all("authors" not in p for p in data["publications"])  # no empty list written
    assert data["publications"][2]["kind"] == "report"
    before = profile_file.read_bytes()
    assert b"# my own profile" in before
    again = runner.invoke(
        main, ["import", str(DATA / "works-2.1.xml"), "--into", str(profile_file)]
    )
    assert again.exit_code == 0 and "nothing to add" in again.output
    assert profile_file.read_bytes() == before


def test_a_v1_message_reads_its_bio_affiliations_and_works(tmp_path):
    profile, notes = imported(tmp_path, DATA / "message-1.2.xml")
    assert profile["name"] == "Maren Oyelaran"
    assert profile["owner_names"] == ["M. Oyelaran", "Maren O. Hald"]
    assert profile["experience"][0]["team"] == "Department of Medical Genetics"
    assert profile["education"][0] == {
        "institution": "University of Oslo",
        "degree": "PhD",
        "location": "Oslo, Norway",
        "start": "2007",
        "end": "2011",
    }
    article, poster = profile["publications"]
    # Europe PMC's full stop off the title; the second listing (DOI in capitals) read once.
    assert article["title"] == "Fine mapping of a susceptibility locus for childhood asthma"
    assert article["authors"] == ["Oyelaran M", "Lie RT"]
    assert poster["type"] == "conference"
    assert profile["skills"][0]["items"] == ["genetic epidemiology", "fine mapping"]
    assert any("orcid-work[1]: the same work (DOI 10.1002/gepi.21777)" in n for n in notes)


# -- a folder of endpoint files, and a .zip of it -----------------------------------------------


def test_an_endpoint_folder_is_one_record_and_a_zip_of_it_the_same(tmp_path):
    folder = tmp_path / "orcid"
    shutil.copytree(DATA / "endpoints-3.0", folder)
    (folder / "README.md").write_text("saved from the API\n")
    from_folder, notes = imported(tmp_path, folder)
    archive = tmp_path / "orcid-export.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for file in sorted(folder.iterdir()):
            zipped.write(file, f"orcid/{file.name}")
    (tmp_path / "cv.yaml").unlink()
    from_zip, zip_notes = imported(tmp_path, archive)
    assert from_zip == from_folder
    assert len(zip_notes) == len(notes)
    assert any("orcid-export.zip/orcid/works.json" in note for note in zip_notes)
    assert from_folder["name"] == "Wen-Jie Zhou"
    assert len(from_folder["experience"]) == 2 and len(from_folder["education"]) == 2
    # The whole work (work.json) brings its contributors; its summary is not read again.
    (article,) = [p for p in from_folder["publications"] if "Edge density" in str(p["title"])]
    assert article["authors"] == ["W.-J. Zhou", "G. D. Conway", "Stefan Müller",
                                  "the ASDEX Upgrade Team"]  # fmt: skip
    assert sum(p["title"] == article["title"] for p in from_folder["publications"]) == 1
    assert any("contributor without a credit-name" in note for note in notes)


def test_other_json_is_not_taken_for_orcid_nor_orcid_for_json_resume(tmp_path):
    resume = tmp_path / "resume.json"
    resume.write_text(json.dumps({"basics": {"name": "A"}, "work": []}))
    assert not READER.recognizes(open_source(resume))
    for name in (
        "record-3.0.json",
        "record-2.1.json",
        "record-3.0.xml",
        "works-2.1.xml",
        "message-1.2.xml",
    ):
        source = open_source(DATA / name)
        assert next(r for r in readers() if r.recognizes(source)).kind == "ORCID record"
    mixed = tmp_path / "mixed"
    shutil.copytree(DATA / "endpoints-3.0", mixed)
    shutil.copy(resume, mixed / "resume.json")
    assert not READER.recognizes(open_source(mixed))  # read file by file by the door


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{"orcid-identifier": {"path": "0000-0001-2345-6789"},\n "person": [1, }',
            "record.json:2:",
        ),
        (
            '<?xml version="1.0"?>\n<record xmlns="http://www.orcid.org/ns/record">\n<a></b>',
            "record.json:3:",
        ),
        (
            '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY a "aaaa">]>\n'
            '<r xmlns="http://www.orcid.org/ns/record">&a;</r>',
            "declares entities",
        ),
        (
            '{"orcid-identifier": null, "activities-summary": {"works": {"group": []}}}',
            "nothing cvtex can read",
        ),
        (
            '{"orcid-identifier": {"path": "0000-0001-2345-6789"}, "path": "/0000-0001-2345-6789"}',
            "gives a name",
        ),
    ],
)
def test_a_damaged_file_is_an_error_that_names_its_place(tmp_path, text, message):
    source = tmp_path / "record.json"
    source.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        import_sources([source], tmp_path / "cv.yaml", today=TODAY)
    assert message in str(caught.value)


# -- the academic's workflow: --into, again and again ------------------------------------------


def test_into_adds_each_new_work_and_a_second_run_changes_no_byte(tmp_path):
    profile_file = tmp_path / "cv.yaml"
    profile_file.write_text(
        SMALL
        + "publications:\n"
        + "  - title: Edge density profile reflectometry at ASDEX Upgrade with a frequency-comb"
        + " source  # already here, by title\n    year: 2021\n",
        encoding="utf-8",
    )
    record = json.loads((DATA / "record-3.0.json").read_text(encoding="utf-8"))
    source = tmp_path / "record.json"
    source.write_text(json.dumps(record), encoding="utf-8")
    first = import_sources([source], into=profile_file, today=TODAY)
    # Found by its title, and given what the hand-written entry lacked.
    (completed,) = [line for line in first.completed if "Edge density profile" in line]
    assert completed.endswith(": venue, type, links (doi)")
    assert sum(line.startswith("publications:") for line in first.added) == 8
    written = profile_file.read_bytes()
    assert b"# already here, by title" in written
    again = import_sources([source], into=profile_file, today=TODAY)
    assert not again.added and profile_file.read_bytes() == written
    # The record grows by one work: only that one is added.
    new = copy.deepcopy(record["activities-summary"]["works"]["group"][2])
    summary = new["work-summary"][0]
    summary["put-code"] = 999999
    summary["title"]["title"]["value"] = "A new paper on reflectometry"
    summary["external-ids"]["external-id"] = [
        {
            "external-id-type": "doi",
            "external-id-value": "10.1000/new.2026.1",
            "external-id-relationship": "self",
        }
    ]
    record["activities-summary"]["works"]["group"].insert(0, new)
    source.write_text(json.dumps(record), encoding="utf-8")
    grown = import_sources([source], into=profile_file, today=TODAY)
    assert grown.added == ["publications: A new paper on reflectometry, Tsinghua University, 2017"]
    text = profile_file.read_text(encoding="utf-8")
    assert text.startswith(written.decode("utf-8").split("publications:")[0])
    assert "https://doi.org/10.1000/new.2026.1" in text


def test_works_of_one_title_are_one_only_where_years_and_venues_agree():
    def work(title, year=None, venue=None, doi=None, preprint=False):
        return (doi, {title}, year, {venue} if venue else set(), preprint)

    assert same_work(work("a", 2019, "nature"), work("a", 2020, "nature"))  # online, print
    assert not same_work(work("a", 2016, "eps conference"), work("a", 2018, "aps meeting"))
    assert not same_work(work("a", 2016, "xv jornada"), work("a", 2016, "xii congreso"))
    assert same_work(
        work("a", 2019, "interspeech 2019"), work("a", 2019, "proceedings of interspeech 2019")
    )
    assert same_work(
        work("a", 2013, "ctmc"), work("a", 2013, "current topics in medicinal chemistry")
    )
    assert not same_work(work("a", 2013, "ct"), work("a", 2013, "computer networks"))
    assert same_work(work("a", 2023, "arxiv"), work("a", 2025, "information sciences"))
    assert same_work(work("a", 2021, preprint=True), work("a", 2024, "mathematics"))
    assert not same_work(work("a", doi="10.1/x"), work("a", doi="10.1/y"))
    assert same_work(work("a", 2000, doi="10.1/x"), work("b", 2020, doi="10.1/x"))


# -- ORCID's BibTeX export ---------------------------------------------------------------------


def test_the_bibtex_export_keeps_every_work_sharing_a_key_and_reads_a_repeat_once(tmp_path):
    profile_file = tmp_path / "cv.yaml"
    profile_file.write_text(SMALL, encoding="utf-8")
    result = import_sources([DATA / "works.bib"], into=profile_file, today=TODAY)
    data = yaml.safe_load(profile_file.read_text(encoding="utf-8"))
    assert titles(data) == [
        "Edge density profile reflectometry at ASDEX Upgrade with a frequency-comb source",
        "Reply to Referee 1",
        "Reply to Referee 2",
        'Supplementary material to "Microwave imaging of the plasma edge"',
        "Measurement of the CO 2 laser beam profile in a tokamak interferometer",
        "Microwave imaging of the plasma edge",  # a talk at EPS in 2016 ...
        "Microwave imaging of the plasma edge",  # ... and another at the APS in 2018
    ]
    kept = [note for note in result.notes if "a second entry with this key" in note]
    assert [re.search(r":(\d+):", note)[1] for note in kept] == ["14", "23", "32"]
    assert any(
        "works.bib:41: Zhou_2021: the same work as line 23, read once" in n for n in result.notes
    )
    # Scopus's CO<inf>2</inf> is Crossref's CO 2: found, not added twice, and given the
    # volume and pages Scopus's entry has.
    (completed,) = result.completed
    assert completed.startswith("publications: Measurement of the CO 2 laser beam profile")
    assert completed.endswith(": volume, pages")


# -- never a traceback -------------------------------------------------------------------------

_RECORD = json.loads((DATA / "record-3.0.json").read_text(encoding="utf-8"))


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


# Inside the items (a work's ids, an affiliation's dates), where the reading branches most;
# the top levels too.
_ALL_PATHS = [path for path in _paths(_RECORD) if 0 < len(path) <= 3 or len(path) >= 6]
_ODD = st.one_of(
    st.none(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True),
    st.booleans(),
    st.text(max_size=30),
    st.sampled_from(["2019-13", "", "0000", "abc", "10.1/x", "<i>x</i>", "&quot;", "💥"]),
    st.lists(st.none(), max_size=2),
    st.dictionaries(st.sampled_from(["value", "year", "title", "put-code"]), st.text(max_size=5)),
)


@st.composite
def _mutated(draw):
    record = copy.deepcopy(_RECORD)
    for _ in range(draw(st.integers(1, 25))):
        path = draw(st.sampled_from(_ALL_PATHS))
        *parents, last = path
        node = record
        try:
            for key in parents:
                node = node[key]
            action = draw(st.sampled_from(["drop", "retype", "double"]))
            if action == "drop":
                del node[last]
            elif action == "retype":
                node[last] = draw(_ODD)
            else:
                node[last] = [node[last], copy.deepcopy(node[last])]
        except (KeyError, IndexError, TypeError):
            continue
    return record


@settings(
    max_examples=250,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(_mutated(), st.sampled_from(["json", "xml-cut"]))
def test_a_mutated_record_imports_or_says_why(tmp_path, record, form):
    source = tmp_path / "record.json"
    if form == "json":
        source.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    else:  # the XML record cut short or with a character dropped somewhere
        text = (DATA / "record-3.0.xml").read_text(encoding="utf-8")
        cut = len(json.dumps(record)) % len(text)
        source = tmp_path / "record.xml"
        source.write_text(text[:cut] + text[cut + 1 :], encoding="utf-8")
    target = tmp_path / "cv.yaml"
    try:
        import_sources([source], target, force=True, today=TODAY)
    except InputError as exc:
        assert str(source.name) in str(exc) or "name" in str(exc)
        return
    yaml.safe_load(target.read_text(encoding="utf-8"))


def test_reading_is_reading_only(tmp_path):
    """The reader's result is data; reading twice gives the same."""
    source = open_source(DATA / "record-3.0.json")
    context = Context(TODAY)
    assert READER.read(source, context).data == READER.read(source, context).data


# -- JSON-LD: what orcid.org serves as application/ld+json -------------------------------------


def test_the_json_ld_record_reads_as_an_orcid_record(tmp_path):
    """record.jsonld: a schema.org Person as ORCID's JSON-LD writer shapes it (one value
    unwrapped from its list, works as @reverse.creator, fundings as @reverse.funder), with
    schema.org's datePublished, types, isPartOf and authors where a work has them. Once
    not a kind of file cvtex imports."""
    profile, notes = imported(tmp_path, DATA / "record.jsonld")
    assert profile["name"] == "Léa Moreau"
    assert profile["owner_names"] == ["L. Moreau", "Lea Moreau", "L. Moreau-Dubois"]
    contacts = {contact["type"]: contact for contact in profile["contacts"]}
    assert contacts["orcid"]["url"] == "https://orcid.org/0000-0003-1415-9269"
    assert contacts["github"]["value"] == "lmoreau"
    assert contacts["website"]["url"] == "https://lmoreau.github.io/"
    assert contacts["location"]["value"] == "France"
    sigma, water, nature, thesis = profile["publications"]
    # TeX and HTML in a title (as Crossref passes a publisher's on) as its text.
    assert sigma["title"] == "Σ3 twin boundaries in nanotwinned copper under cyclic loading"
    assert sigma["links"] == [
        {"type": "doi", "url": "https://doi.org/10.1016/j.actamat.2021.116900"}
    ]
    assert water["title"] == "Grain boundary segregation of H₂O-derived hydrogen in nickel"
    assert [link["type"] for link in water["links"]] == ["doi", "arxiv"]
    assert nature == {
        "authors": ["Léa Moreau", "Kenji Watanabe"],
        "title": "Coherent twin boundaries stabilise nanocrystalline alloys",
        "venue": "Nature Materials",
        "year": 2023,
        "type": "journal",
        "links": [{"type": "doi", "url": "https://doi.org/10.1038/s41563-023-01544-2"}],
    }
    assert thesis["type"] == "thesis" and thesis["year"] == 2019
    assert thesis["links"] == [
        {"type": "pdf", "url": "https://theses.hal.science/tel-02456789/document.pdf"}
    ]
    assert [entry["institution"] for entry in profile["education"]] == [
        "École Polytechnique",
        "Université Grenoble Alpes",
    ]
    assert profile["education"][0]["field"] == "Mechanics"
    (funding,) = profile["others"]
    assert funding["text"] == "Twin boundary engineering in nanocrystalline metals"
    assert funding["description"] == "Agence Nationale de la Recherche"
    assert list(profile["sections"]) == ["education", "publications", "funding"]
    assert "layout" not in profile  # it would repeat the sections' order
    # What is not placed is named once, at its line.
    for expected in (
        "record.jsonld:29: affiliation[0]: Centre National de la Recherche Scientifique "
        "(SIMaP Laboratory): not imported: ORCID's JSON-LD does not say whether it is a "
        "position",
        "record.jsonld:39: affiliation[1]: Materials Research Society: not imported",
        "record.jsonld:14: alumniOf[0]: 2 school(s) imported as education entries without a "
        "degree or dates",
        "record.jsonld:116: identifier: Scopus Author ID 57204512345: not imported",
        "record.jsonld:49: @reverse.funder.identifier: grant_number ANR-19-CE08-0012: not imported",
        "record.jsonld:106: @reverse.creator[4]: doi 10.5281/zenodo.4567890: no title: left out",
        "record.jsonld:59: works: identifier (eid): not imported",
        "record.jsonld:68: works: sameAs: not imported",
        "record.jsonld:87: works: datePublished: month and day not imported",
        "record.jsonld:105: works: inLanguage: not imported",
    ):
        assert any(expected in note for note in notes), (expected, notes)
    assert len(notes) == 10, notes
    (built,) = build(tmp_path / "cv.yaml", "en", tmp_path / "out")
    text = normalized(pdf_text(built.pdf))
    for shown in ("Σ3 twin boundaries", "H₂O-derived", "Nature Materials", "École Polytechnique"):
        assert normalized(shown) in text, shown


def test_json_ld_of_another_site_is_not_taken_for_orcid(tmp_path):
    person = tmp_path / "me.jsonld"
    person.write_text(
        json.dumps(
            {
                "@context": "https://schema.org",
                "@type": "Person",
                "@id": "https://example.org/people/lea",
                "name": "Léa Moreau",
            }
        ),
        encoding="utf-8",
    )
    assert not READER.recognizes(open_source(person))
    record = tmp_path / "0000-0003-1415-9269.json"  # as a browser saves it
    shutil.copy(DATA / "record.jsonld", record)
    assert READER.recognizes(open_source(record))


def test_an_affiliation_that_ends_before_it_starts_is_named_and_keeps_its_start(tmp_path):
    record = json.loads((DATA / "record-3.0.json").read_text(encoding="utf-8"))
    groups = record["activities-summary"]["educations"]["affiliation-group"]
    summary = groups[0]["summaries"][0]["education-summary"]
    summary["start-date"]["year"]["value"] = "2018"  # ends 2017-07
    source = tmp_path / "record.json"
    source.write_text(json.dumps(record, indent=2), encoding="utf-8")
    profile, notes = imported(tmp_path, source)
    tsinghua = next(e for e in profile["education"] if e["institution"] == "Tsinghua University")
    assert tsinghua["start"] == "2018-09" and "end" not in tsinghua
    assert any(
        "education-summary.end-date: 2017-07: ends before it starts (2018-09): left out" in note
        for note in notes
    ), notes


# -- end to end: import, build, read the PDF back ----------------------------------------------


@pytest.mark.parametrize("name", ["record-3.0.json", "record-3.0.xml"])
def test_every_employer_title_school_and_work_reaches_the_pdf(tmp_path, name):
    profile, _ = imported(tmp_path, DATA / name)
    (built,) = build(tmp_path / "cv.yaml", "en", tmp_path / "out")
    text = normalized(pdf_text(built.pdf))
    shown = [profile["name"]]
    for entry in profile.get("experience", []):
        shown += [entry["title"], entry.get("organization", "")]
    shown += [entry["institution"] for entry in profile["education"]]
    shown += [entry.get("degree", "") for entry in profile["education"]]
    shown += [entry["name"] for entry in profile.get("awards", [])]
    shown += [entry["text"] for entry in profile.get("others", [])]
    shown += [entry["title"] for entry in profile.get("talks", [])]
    for title in titles(profile):
        title = title["en"] if isinstance(title, dict) else title
        shown.append(re.sub(r"\$_\{(\w+)\}\$", r"\1", title))  # T$_{e}$ reads back as Te
    missing = [item for item in shown if item and normalized(item) not in text]
    assert not missing

"""JSON Resume files as people write them (tests/data/jsonresume/as-written, made for these
tests): odd dates, the older schema's keys, empty strings, values cvtex has no place for.
One odd value never refuses the file; every value is placed or named in a note."""

from __future__ import annotations

import datetime as dt
import re
import shutil

import pytest
import yaml

from cvtex.errors import InputError
from cvtex.importers import import_sources
from cvtex.importers.dates import read_date, read_range

from ..building import build
from ..conftest import ROOT, normalized, pdf_text

AS_WRITTEN = ROOT / "tests" / "data" / "jsonresume" / "as-written"
TODAY = dt.date(2026, 11, 25)


@pytest.fixture
def imported(tmp_path):
    source = tmp_path / "odd.resume.json"
    shutil.copy(AS_WRITTEN / "odd.resume.json", source)
    result = import_sources([source], tmp_path / "odd.yaml", today=TODAY)
    profile = yaml.safe_load(result.profile.read_text(encoding="utf-8"))
    return result, profile


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("2023-9", "2023-09"),
        ("2023-09-01", "2023-09-01"),  # a day is kept: the catalog says how it shows
        ("2023-09-31", None),
        ("Nov 12, 2023", "2023-11-12"),
        ("12 Nov 2023", "2023-11-12"),
        ("2024-03-03T10:00:00Z", "2024-03-03"),
        ("2023年9月1日", "2023-09-01"),
        ("2023년 9월", "2023-09"),
        ("현재", "present"),
        ("9/2023", "2023-09"),
        ("Sep 2023", "2023-09"),
        ("September 2023", "2023-09"),
        ("2023年9月", "2023-09"),
        ("'16", "2016"),
        ("’98", "1998"),
        ("Present", "present"),
        ("now", "present"),
        ("至今", "present"),
        ("2023-13", None),
        ("sometime", None),
    ],
)
def test_dates_in_the_forms_people_write(text, date):
    assert read_date(text, TODAY) == date


def test_a_range_written_in_one_field():
    assert read_range("2017-05 - 2019-04", TODAY) == ("2017-05", "2019-04")
    assert read_range("2019–present", TODAY) == ("2019", "present")
    assert read_range("2019年9月至今", TODAY) == ("2019-09", "present")
    assert read_range("2019-2021", TODAY) == ("2019", "2021")
    assert read_range("2019-09", TODAY) is None  # one date, a year and a month


def test_one_odd_value_never_refuses_the_file(imported):
    _, profile = imported
    lumen, orbel, kestrel = profile["experience"]
    assert (lumen["start"], lumen["end"]) == ("2023-09", "present")
    assert (orbel["start"], orbel["end"]) == ("2017-05", "2019-04")
    # An end cvtex cannot read is left out, not taken for "still going on".
    assert kestrel["start"] == "2016" and "end" not in kestrel
    assert profile["publications"][0]["status"] == "under-review"  # releaseDate: submitted


def test_the_older_schema_and_a_description(imported):
    _, profile = imported
    lumen = profile["experience"][0]
    assert lumen["organization"] == "Lumen Freight"  # work[].company
    assert lumen["description"].startswith("A logistics company")  # not the heading's team
    assert "team" not in lumen
    assert profile["contacts"][0]["url"] == "https://mara.example.org"  # basics.website


def test_every_value_not_placed_is_named_with_its_path_and_line(imported):
    result, _ = imported
    notes = "\n".join(result.notes)
    for where in (
        ":27: work[2].endDate: 'sometime in 2017'",
        ":21: work[1].highlightGroups: not imported",
    ):
        assert where in notes
    assert len(result.notes) == 2


def test_volunteer_work_and_award_summaries_are_placed(imported, tmp_path):
    result, profile = imported
    volunteer = profile["volunteer"][0]
    assert volunteer["title"] and volunteer["description"] and volunteer["bullets"]
    assert profile["awards"][0]["description"]
    (built,) = build(result.profile, "en", tmp_path / "out")
    text = normalized(pdf_text(built.pdf))
    for shown in (
        volunteer["description"],
        *volunteer["bullets"],
        profile["awards"][0]["description"],
    ):
        assert normalized(shown) in text


def test_an_empty_degree_leaves_no_joiner(imported, tmp_path):
    result, _ = imported
    (built,) = build(result.profile, "en", tmp_path / "out")
    text = pdf_text(built.pdf)
    assert "Computer Science" in text
    assert "in Computer Science" not in text


def test_html_in_texts_is_text_and_an_end_before_its_start_is_named(tmp_path):
    """html.resume.json: the HTML résumé editors write into texts (<p>, <br/>, <b>, <em>,
    <ul><li>, <a>, &amp;), once printed tag by tag; and an education that ends before it
    starts, once set without a word."""
    source = tmp_path / "html.resume.json"
    shutil.copy(AS_WRITTEN / "html.resume.json", source)
    result = import_sources([source], tmp_path / "html.yaml", today=TODAY)
    profile = yaml.safe_load(result.profile.read_text(encoding="utf-8"))
    assert profile["headline"] == "Data scientist & analytics lead"
    assert profile["summary"].splitlines() == [
        "I turn messy data into decisions.",
        "",
        "Seven years in retail & logistics;",
        "",
        "fluent in Python, SQL and R.",
    ]
    lead, analyst = profile["experience"]
    assert lead["description"] == "Led a team of **five** analysts."
    assert lead["bullets"] == [  # the summary's list first, then each line its own bullet
        "Cut stock-outs by 18%",
        "Moved reporting to *dbt*",
        "Built the **demand forecast**",
        "Trained the store managers to read it",
        "Saved €1.2M a year in R&D <pilot> spend",
    ]
    assert analyst["description"].splitlines() == [
        "Weekly sales reports.",
        "",
        "Pricing tests with [A/B tooling](https://example.org/ab).",
    ]
    (school,) = profile["education"]
    assert school["start"] == "2016-09" and "end" not in school
    assert school["bullets"] == ["*Bayesian* inference", "Time series", "Survival analysis"]
    assert profile["skills"][0]["items"] == ["Python", "SQL", "C&C++"]
    assert (
        "html.resume.json:34: education[0].endDate: 2015-06: ends before it starts (2016-09): "
        "left out, so the entry shows its start alone" in "\n".join(result.notes)
    )
    assert len(result.notes) == 2  # and $schema, about the file

    build(result.profile, "en", tmp_path / "out", formats=("pdf", "md", "html", "txt"))
    text = normalized(pdf_text(tmp_path / "out" / "html.en.pdf"))
    for shown in (
        "Seven years in retail & logistics;",
        "Cut stock-outs by 18%",
        "Trained the store managers to read it",
        "R&D <pilot>",
        "Pricing tests with A/B tooling.",
    ):
        assert normalized(shown) in text, shown
    for output in ("html.en.pdf", "html.en.md", "html.en.txt"):
        written = text if output.endswith("pdf") else (tmp_path / "out" / output).read_text()
        assert not re.search(r"<(/?(p|b|br|ul|li|em|strong)\b|a )|&(amp|euro|lt);", written), output


def test_texts_per_language_get_one_message():
    with pytest.raises(InputError) as caught:
        import_sources([AS_WRITTEN / "per-language.resume.json"], today=TODAY)
    message = str(caught.value)
    assert "per-language.resume.json:4: not one JSON Resume document" in message
    assert "(de, en; the first at basics.label)" in message
    assert message.count("\n") <= 1


def test_a_file_of_no_known_kind_says_so_and_names_the_kinds(tmp_path):
    other = tmp_path / "resume.json"
    other.write_text('{"title": "陈", "items": []}')
    with pytest.raises(InputError) as caught:
        import_sources([other], tmp_path / "cv.yaml", today=TODAY)
    message = str(caught.value)
    assert "resume.json: not a kind of file cvtex imports" in message
    assert "keys are title, items" in message
    assert "JSON Resume" in message and "RenderCV" in message and "BibTeX" in message


def test_keys_about_the_file_share_one_note(tmp_path):
    source = tmp_path / "r.json"
    source.write_text(
        '{"$schema": "x", "basics": {"name": "A", "location": {"postalCode": "1"}},\n'
        ' "meta": {"canonical": "y", "version": "v1"}}'
    )
    notes = import_sources([source], tmp_path / "cv.yaml", today=TODAY).notes
    about = "not imported, nor meta.canonical, meta.version: about the file, not the CV"
    assert f"{source}:1: $schema: {about}" in notes
    assert any("postalCode: not imported: a CV shows the city" in note for note in notes)

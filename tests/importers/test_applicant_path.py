"""A real applicant's path loses nothing (issue 43): a LinkedIn export made into a profile,
then the ORCID works and the .bib of the same papers added to it, then validated and built
in English and Chinese. Every work imported is in a section of the CV, with the authors
the .bib gives; talks are talks, posters, data sets and software publications of their
kind; and the works read newest first.

The files in tests/data/applicant/ are in the shapes of real ones: a LinkedIn data export
(Profile, Positions, Education, Skills, Languages), ORCID's v3.0 works summary (which names
no authors) in the order ORCID lists it, and a Zotero .bib of five of the works, sharing
their DOIs.
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result

from cvtex.cli.main import main

from ..conftest import ROOT, normalized, pdf_text

DATA = ROOT / "tests" / "data" / "applicant"
# The works of works.json by DOI, and those papers.bib gives authors for.
# As the profile's bibliography: would show the .bib (initials, its default): one form of
# each name however the .bib reaches the CV (issue 49).
BIB_AUTHORS = {
    "10.1109/tkde.2025.3551234": ["S. Ekdahl", "C. Okoro", "L. Brandt"],
    "10.14778/3654621.3654640": ["S. Ekdahl", "T. A. Haugen"],
    "10.1007/s00778-023-00801-2": ["S. Ekdahl", "L. Brandt", "T. A. Haugen"],
    "10.48550/arxiv.2501.04211": ["S. Ekdahl", "C. Okoro"],
    "10.5281/zenodo.6543210": ["S. Ekdahl", "M. Lund"],
}
TALK = "Exactly-once sinks without two-phase commit"


def cvtex(*args: object) -> Result:
    result = CliRunner().invoke(main, [str(arg) for arg in args])
    assert result.exit_code == 0, result.output
    return result


def work_titles() -> list[str]:
    works = json.loads((DATA / "works.json").read_text(encoding="utf-8"))
    return [group["work-summary"][0]["title"]["title"]["value"] for group in works["group"]]


def doi(publication: dict) -> str | None:
    for link in publication.get("links", []):
        if link["type"] == "doi":
            return link["url"].removeprefix("https://doi.org/").casefold()
    return None


@pytest.fixture(scope="module")
def walked(tmp_path_factory) -> dict[str, object]:
    """The path walked once: the profile after each step, and what each step printed."""
    folder = tmp_path_factory.mktemp("applicant")
    me = folder / "me.yaml"
    steps: dict[str, object] = {"profile": me}
    steps["linkedin"] = cvtex("import", DATA / "linkedin-export", "-o", me)
    steps["orcid"] = cvtex("import", DATA / "works.json", "--into", me)
    # Written by hand between two imports: kept, as every line written is.
    text = me.read_text(encoding="utf-8").replace(
        "\npublications:\n", "\n# My works: ORCID's, then the .bib's authors.\npublications:\n"
    )
    me.write_text(text, encoding="utf-8")
    steps["before_bib"] = text
    steps["bib"] = cvtex("import", DATA / "papers.bib", "--into", me)
    steps["after_bib"] = me.read_text(encoding="utf-8")
    steps["data"] = yaml.safe_load(steps["after_bib"])
    return steps


# -- 1. every work imported is in a section of the CV -------------------------------------------


def test_works_added_to_a_profile_with_sections_of_its_own_are_shown(walked, tmp_path):
    data = walked["data"]
    # LinkedIn's order (experience before education) needs a section list; the works and
    # the talk added later each got their section there, where the default order puts it.
    assert list(data["sections"]) == [
        "summary", "experience", "education", "publications", "talks", "skills", "languages"
    ]  # fmt: skip
    said = walked["orcid"].output
    assert "added: sections: publications, a section for the publications added" in said
    assert "added: sections: talks" in said
    # The import's notes name no key the profile does not have (it has no layout:).
    assert "layout" not in said and "layout" not in walked["bib"].output
    validated = cvtex("validate", walked["profile"])
    assert "no CV shows" not in validated.output
    out = tmp_path / "out"
    cvtex("build", walked["profile"], "--format", "md", "--out", out, "--lang", "en")
    page = normalized((out / "me.en.md").read_text(encoding="utf-8"))
    for title in work_titles():
        assert normalized(title) in page, title


# -- 2. --into completes what it finds -------------------------------------------------------------


def test_into_completes_the_works_it_finds_and_changes_nothing_written(walked):
    by_doi = {doi(p): p for p in walked["data"]["publications"] if doi(p)}
    for key, authors in BIB_AUTHORS.items():
        assert by_doi[key]["authors"] == authors, key
    article = by_doi["10.1109/tkde.2025.3551234"]
    assert (article["volume"], article["issue"], article["pages"]) == ("37", "6", "3120–3134")
    # What ORCID wrote stays: its title's spelling, not the .bib's title case; its venue.
    assert article["title"] == "Cost models for tiered storage in event logs"
    said = walked["bib"].output
    completed = [line for line in said.splitlines() if line.startswith("completed: ")]
    assert len(completed) == 5
    assert any(line.endswith(": authors, volume, issue, pages") for line in completed)
    assert "0 added, 5 completed, 0 already there" in said

    # Every line written before is there still, in order, the comment included (an entry's
    # first key may now follow the authors put before it).
    def lines(text: str) -> list[str]:
        return [re.sub(r"^- ", "  ", line) for line in text.splitlines()]

    after = iter(lines(walked["after_bib"]))
    for line in lines(walked["before_bib"]):
        assert line in after, line
    # Again: everything is there, complete; not a byte changes.
    again = cvtex("import", DATA / "papers.bib", "--into", walked["profile"])
    assert "nothing to add (5 already there)" in again.output
    assert walked["profile"].read_text(encoding="utf-8") == walked["after_bib"]


def test_into_gives_an_entry_its_second_language_and_keeps_what_is_written(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        textwrap.dedent(
            """\
            languages: [en, zh]
            name: {en: Mei Lin, zh: 林梅}
            experience:
              - title: Engineer   # as I write it
                organization: Acme
                start: 2019-03
                end: 2021-06
            """
        ),
        encoding="utf-8",
    )
    resume = {
        "basics": {"name": "林梅"},
        "work": [
            {
                "name": "Acme",
                "position": "工程师",
                "startDate": "2019-03-01",
                "endDate": "2022-01-01",
                "summary": "负责数据平台。",
            }
        ],
    }
    source = tmp_path / "resume.zh.json"
    source.write_text(json.dumps(resume, ensure_ascii=False), encoding="utf-8")
    said = cvtex("import", source, "--into", profile)
    assert "completed: experience: Engineer, Acme, 2019-03: title (zh), description" in said.output
    (position,) = yaml.safe_load(profile.read_text(encoding="utf-8"))["experience"]
    assert position["title"] == {"en": "Engineer", "zh": "工程师"}
    assert position["description"] == {"zh": "负责数据平台。"}
    assert position["end"] == "2021-06"  # its own dates, not the other source's
    assert "# as I write it" in profile.read_text(encoding="utf-8")


def test_an_entry_of_another_file_is_named_not_changed(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text("languages: [en]\nname: Sunniva Ekdahl\ninclude: [works.yaml]\n")
    works = tmp_path / "works.yaml"
    written = textwrap.dedent(
        """\
        publications:
          - title: Cost models for tiered storage in event logs
            links: [{type: doi, url: "https://doi.org/10.1109/TKDE.2025.3551234"}]
        """
    )
    works.write_text(written, encoding="utf-8")
    said = CliRunner().invoke(main, ["import", str(DATA / "papers.bib"), "--into", str(profile)])
    assert said.exit_code == 0, said.output
    named = f"note: {works}:2: publications: Cost models for tiered storage in event logs: lacks "
    assert named in said.stderr
    assert works.read_text(encoding="utf-8") == written


# -- 3. talks to talks, kinds of works, newest first ---------------------------------------------


def test_talks_posters_data_and_software_go_where_a_cv_shows_them_newest_first(walked):
    data = walked["data"]
    (talk,) = data["talks"]
    assert (talk["title"], talk["event"]) == (TALK, "Flink Forward 2024")
    publications = data["publications"]
    assert TALK not in [p["title"] for p in publications]
    kinds = {p["title"]: (p["type"], p.get("kind"), p.get("status")) for p in publications}
    assert kinds["Warehouse robot telemetry traces, 2019-2021"] == ("other", "dataset", None)
    assert kinds["flowjoin: windowed stream joins in Rust"] == ("other", "software", None)
    assert kinds["Schema evolution in event logs: a field study"] == ("conference", "poster", None)
    assert kinds["Learned watermarks for out-of-order event streams"][2] == "preprint"
    years = [p["year"] for p in publications]
    assert years == sorted(years, reverse=True), years


def test_a_talk_in_a_bib_is_a_talk_and_a_dataset_a_dataset(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text("languages: [en]\nname: Sunniva Ekdahl\n", encoding="utf-8")
    bib = tmp_path / "more.bib"
    bib.write_text(
        textwrap.dedent(
            """\
            @misc{talk, author = {Ekdahl, Sunniva}, title = {Watermarks, explained},
              howpublished = {Invited talk, Data Council}, year = {2024}, month = may}
            @software{code, author = {Ekdahl, Sunniva}, title = {flowjoin}, year = {2023},
              publisher = {Zenodo}, doi = {10.5281/zenodo.7890123}}
            @inproceedings{poster, author = {Ekdahl, Sunniva}, title = {Event logs},
              booktitle = {SIGMOD 2023}, note = {Poster}, year = {2023}}
            """
        ),
        encoding="utf-8",
    )
    cvtex("import", bib, "--into", profile)
    data = yaml.safe_load(profile.read_text(encoding="utf-8"))
    assert data["talks"] == [
        {"title": "Watermarks, explained", "event": "Invited talk, Data Council", "date": "2024-05"}
    ]
    kinds = [(p["title"], p.get("kind")) for p in data["publications"]]
    assert kinds == [("flowjoin", "software"), ("Event logs", "poster")]


# -- the CV: every work and its authors, in each language ------------------------------------------


def test_every_work_and_author_list_is_in_the_english_and_chinese_pdfs(walked, tmp_path):
    out = tmp_path / "out"
    result = cvtex("build", walked["profile"], "--lang", "en,zh", "--out", out)
    assert "no CV shows" not in result.output
    publications = walked["data"]["publications"]
    for language in ("en", "zh"):
        text = normalized(pdf_text(out / f"me.{language}.pdf"))
        assert normalized("37(6), 3120–3134") in text  # the .bib's volume, issue and pages
        assert normalized(TALK) in text
        for title in work_titles():
            assert normalized(title) in text, (language, title)
        for publication in publications:
            authors = publication.get("authors", [])
            # The names in order, as one list: each after the one before it.
            found = [text.find(normalized(name)) for name in authors]
            assert -1 not in found and found == sorted(found), (language, authors)
            if authors:
                title_at = text.find(normalized(publication["title"]))
                assert found[-1] < title_at, (language, publication["title"])


def test_the_fixtures_are_real_shaped():
    """The .bib shares its five DOIs with ORCID's works, which name no authors."""
    works = json.loads((DATA / "works.json").read_text(encoding="utf-8"))
    summaries = [group["work-summary"][0] for group in works["group"]]
    assert all("contributors" not in summary for summary in summaries)
    dois = {
        ident["external-id-value"].casefold()
        for summary in summaries
        for ident in summary["external-ids"]["external-id"]
    }
    bib = (DATA / "papers.bib").read_text(encoding="utf-8")
    in_bib = {match.casefold() for match in re.findall(r"doi\s*=\s*\{([^}]+)\}", bib)}
    assert in_bib == set(BIB_AUTHORS) and in_bib <= dois
    assert {path.name for path in Path(DATA / "linkedin-export").iterdir()} == {
        "Profile.csv", "Positions.csv", "Education.csv", "Skills.csv", "Languages.csv"
    }  # fmt: skip

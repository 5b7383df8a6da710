"""A heading too long for one line (a talk's title) with its date or place on the right:
beside the title's last line, pdftotext and pdfminer read the date before that line's
words ("vowel 2013.06 contrasts", "the U.S. University of Wisconsin-Madison Border"). Such a
right part goes on a line of its own under the heading, in every theme."""

from __future__ import annotations

import pymupdf
import pytest
import yaml

from cvtex.check.reading import Reading

from ..conftest import THEMES
from .test_check import checked

# From Joseph V. Casillas's CV (tests/data/long/casillas.yaml), where both failed.
TALKS = [
    {
        "title": "English-dominant early Spanish-English bilinguals production and perception "
        "of English tense lax vowel contrasts",
        "event": "Phonetics and Phonology in Iberia",
        "location": "Universidade de Lisboa, Lisbon, Portugal",
        "date": "2013-06",
    },
    {
        "title": "Language Choice and Accommodation: Casual Encounters Along the U.S. Border",
        "event": "7th Workshop on Spanish Sociolinguistics",
        "location": "University of Wisconsin-Madison, Madison, WI",
        "date": "2014-04",
    },
]
PROFILE = {
    "languages": ["en"],
    "name": "Joseph Vincent Casillas",
    "contacts": [{"type": "email", "value": "jvc@example.com"}],
    "talks": TALKS,
}


@pytest.fixture(scope="module", params=THEMES)
def talks_reading(request: pytest.FixtureRequest, tmp_path_factory) -> tuple[str, Reading]:
    folder = tmp_path_factory.mktemp(f"wrapped-{request.param}")
    profile = folder / "profile.yaml"
    profile.write_text(yaml.safe_dump(PROFILE, allow_unicode=True), encoding="utf-8")
    return request.param, checked(profile, folder / "out", request.param)["en"]


def test_a_wrapped_heading_is_read_before_its_date(talks_reading):
    theme, reading = talks_reading
    problems = [
        f"{finding.extractor}: {finding.miss.kind}: {finding.miss.text!r}: {finding.miss.got!r}"
        for finding in reading.findings
    ]
    assert problems == [], theme


def test_nothing_stands_beside_a_wrapped_headings_last_line(talks_reading):
    theme, reading = talks_reading
    with pymupdf.open(str(reading.pdf)) as document:
        words = document[0].get_text("words")
    for talk in TALKS:
        title = talk["title"].split()
        first = next(w for w in words if w[4] == title[0])
        last = next(w for w in words if w[4] == title[-1])
        if last[1] < (first[1] + first[3]) / 2 < last[3]:
            continue  # the title takes one line: its date may stand beside it
        # The title's last line: what else stands on it, but the title's words.
        beside = [
            w[4] for w in words if last[1] < (w[1] + w[3]) / 2 < last[3] and w[4] not in title
        ]
        assert beside == [], f"{theme}: {title[-1]!r} beside {beside}"

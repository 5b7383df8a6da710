"""The compact theme read in the order a person reads it: its referees, which it set two by
two (pdfminer read the two referees' lines as one line, and the second row's left referee
before the first row's right one); an entry's mentors, the last line of its bullets."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
import yaml

from cvtex.check.reading import Reading

from .test_check import checked, read_by_pdftotext

REFEREES = [
    {
        "name": {"en": "Prof. J. Zico Kolter", "zh": "J. Zico Kolter 教授"},
        "title": {"en": "Professor", "zh": "教授"},
        "affiliation": {"en": "Carnegie Mellon University", "zh": "卡内基梅隆大学"},
        "email": "zkolter@example.com",
    },
    {
        "name": {"en": "Prof. Mahadev Satyanarayanan", "zh": "Mahadev Satyanarayanan 教授"},
        "title": {
            "en": "Carnegie Group University Professor of Computer Science",
            "zh": "计算机科学讲席教授",
        },
        "affiliation": {"en": "Carnegie Mellon University", "zh": "卡内基梅隆大学"},
        "email": "satya@example.com",
    },
    {
        "name": {"en": "Dr. Vladlen Koltun", "zh": "Vladlen Koltun 博士"},
        "title": {"en": "Distinguished Scientist", "zh": "杰出科学家"},
        "affiliation": {"en": "Apple", "zh": "苹果公司"},
        "email": "vk@example.com",
    },
]
PROFILE = {
    "languages": ["en", "zh"],
    "name": {"en": "Brandon Amos", "zh": "布兰登·阿莫斯"},
    "contacts": [{"type": "email", "value": "bda@example.com"}],
    "experience": [
        {
            "title": {"en": "Research Intern", "zh": "研究实习生"},
            "organization": {"en": "Google DeepMind", "zh": "Google DeepMind"},
            "location": {"en": "London", "zh": "伦敦"},
            "start": "2017-06",
            "end": "2017-09",
            "mentors": [{"same": "Nando de Freitas"}, {"same": "Misha Denil"}],
            "bullets": [{"same": "Learned awareness models for robotic manipulation"}],
        },
        {
            "title": {"en": "Research Intern", "zh": "研究实习生"},
            "organization": {"en": "Intel Labs", "zh": "英特尔研究院"},
            "location": {"en": "Santa Clara", "zh": "圣克拉拉"},
            "start": "2018-06",
            "end": "2018-09",
            "mentors": [{"same": "Vladlen Koltun"}],
        },
    ],
    "references": REFEREES,
}


@pytest.fixture(scope="module")
def compact_readings(tmp_path_factory) -> dict[str, Reading]:
    folder = tmp_path_factory.mktemp("compact-order")
    profile = folder / "profile.yaml"
    profile.write_text(yaml.safe_dump(PROFILE, allow_unicode=True), encoding="utf-8")
    return checked(profile, folder / "out", "compact")


def test_compact_is_read_in_order(compact_readings):
    for language, reading in compact_readings.items():
        problems = [
            f"{finding.extractor}: {finding.miss.kind}: {finding.miss.text!r}: {finding.miss.got!r}"
            for finding in reading.findings
        ]
        assert problems == [], language


def tops(pdf: Path, starts: list[str]) -> list[float]:
    """Where the first line starting with each of ``starts`` stands on the page."""
    with pymupdf.open(str(pdf)) as document:
        lines = [
            (line["bbox"][1], "".join(span["text"] for span in line["spans"]))
            for block in document[0].get_text("dict")["blocks"]
            for line in block.get("lines", [])
        ]
    return [next(top for top, text in lines if text.startswith(start)) for start in starts]


def test_referees_are_set_one_under_another(compact_readings):
    for language, reading in compact_readings.items():
        names = [referee["name"][language] for referee in REFEREES]
        found = tops(reading.pdf, names)
        assert found == sorted(found) and len(set(found)) == len(found), language


MENTORS = {
    "en": "Mentors: Nando de Freitas and Misha Denil",
    "zh": "导师：Nando de Freitas、Misha Denil",
}
NEXT_DATES = {"en": "Jun 2018 – Sep 2018", "zh": "2018.06–2018.09"}


def test_a_mentors_line_is_read_before_the_next_entry(compact_readings):
    # The mentors line ends its entry's bullets: pdftotext reads it there, before the next
    # entry's heading and dates, and nothing else stands on its line.
    for language, reading in compact_readings.items():
        text = " ".join(read_by_pdftotext(reading.pdf).split())
        mentors, dates = text.find(MENTORS[language]), text.find(NEXT_DATES[language])
        assert 0 <= mentors < dates, language
        with pymupdf.open(str(reading.pdf)) as document:
            lines = [
                "".join(span["text"] for span in line["spans"])
                for block in document[0].get_text("dict")["blocks"]
                for line in block.get("lines", [])
            ]
        assert MENTORS[language] in lines, language

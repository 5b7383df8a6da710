"""Whole lines, read whole (tests/data/whole_lines.yaml), in every theme, in English and
Chinese: a Yoruba name and place written with combining marks (ọ̀: o, a dot below, a grave)
read back as typed by the four readers; Chinese bullets and citations with long English
words set without a word space wider than an em; a paper's award beside its citation read
after it. And where a Chinese line would otherwise stretch, an English word is hyphenated."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
import yaml
from pdfminer.high_level import extract_text

from ..conftest import ROOT, THEMES
from ..readers import FOUR_READERS, READER_NAMES
from .test_check import checked

PROFILE = ROOT / "tests" / "data" / "whole_lines.yaml"
NAME = "Adébáyo\u0323\u0300 Olúwo\u0323\u0300le\u0323\u0301"  # as typed: marks apart
AWARD = {"en": "Best Paper Award", "zh": "最佳论文奖", "zh-TW": "最佳論文獎"}


@pytest.fixture(scope="module", params=THEMES)
def readings(request, tmp_path_factory):
    """The profile built in one theme, each language read back by the four readers."""
    theme = request.param
    return theme, checked(PROFILE, tmp_path_factory.mktemp(f"whole-{theme}"), theme)


def test_every_text_comes_back_whole_and_in_order(readings):
    theme, found = readings
    assert set(found) == {"en", "zh", "zh-TW"}
    for language, reading in found.items():
        problems = [
            f"{finding.extractor}: {finding.miss.kind}: {finding.miss.text!r}: {finding.miss.got!r}"
            for finding in reading.findings
        ]
        assert problems == [], f"{theme} {language}"
        assert reading.found == dict.fromkeys(READER_NAMES, reading.texts)


def test_a_name_with_combining_marks_reads_back_as_typed(readings):
    """Each reader gives the name's letters as typed (compared composed: ọ is one character
    or two to a reader, the same text), with a word space between its words (pdftotext
    gives two); the .tex sets each such word with its ActualText."""
    theme, found = readings
    typed = unicodedata.normalize("NFC", NAME)
    for language, reading in found.items():
        tex = reading.pdf.with_suffix(".tex").read_text(encoding="utf-8")
        assert r"\cvmarked{Adébáyo" in tex, f"{theme} {language}"
        for reader in FOUR_READERS:
            text = unicodedata.normalize("NFC", " ".join(reader.pages(reading.pdf)))
            assert typed in " ".join(text.split()), f"{theme} {language} {reader.name}"


def test_no_word_space_is_wider_than_an_em(readings):
    theme, found = readings
    for language, reading in found.items():
        gaps = [gap.describe() for gap in reading.layout.gaps]
        assert gaps == [], f"{theme} {language}"


def test_a_paper_s_award_is_read_after_its_citation(readings):
    """The award beside the citation's last line: every reader gives it after the venue
    that ends the citation, and before the next citation."""
    theme, found = readings
    for language, reading in found.items():
        for reader in FOUR_READERS:
            text = "".join("\n".join(reader.pages(reading.pdf)).split())
            venue, award = text.find("SoCC"), text.find("".join(AWARD[language].split()))
            following = text.find("ChenLiu")
            where = f"{theme} {language} {reader.name}"
            assert 0 <= venue < award < following, f"{where}: {text[venue - 30 : venue + 60]}"


CITATIONS = {
    "languages": ["en", "zh"],
    "name": {"en": "Lin Wei", "zh": "林威"},
    "publications": [
        {
            "authors": ["Lin Wei", "Zhang San", "Li Si"],
            "title": {
                "en": "Communication-Efficient Mixture-of-Experts Training",
                "zh": "面向 Mixture-of-Experts 模型的 Communication-Efficient 分布式训练："
                "基于 Hierarchical All-to-All 的优化",
            },
            "venue": "USENIX Annual Technical Conference",
            "abbr": "ATC",
            "year": 2024,
        },
        {
            "authors": ["Lin Wei", "Wang Wu"],
            "title": {
                "en": "Straggler Mitigation in Geo-Distributed Reinforcement-Learning",
                "zh": "地理分布式 Reinforcement-Learning 流水线中 Straggler-Mitigation "
                "策略的系统性刻画与 Microbenchmark 评测",
            },
            "venue": "Proceedings of the ACM Symposium on Cloud Computing",
            "abbr": "SoCC",
            "year": 2023,
        },
    ],
}


def test_a_chinese_line_hyphenates_an_english_word_rather_than_stretch(tmp_path):
    """Chinese citations of long English words on narrower and narrower measures: set
    without breaking a word, a line before one stretched its spaces past an em. No line
    does; where one would, an English word is hyphenated (US English patterns), which
    pdftotext and PDFium read whole, pdfminer and PyMuPDF in two pieces: cvtex check names
    them, as split, and nothing else."""
    hyphenated = []
    for margin in ("5cm", "5.5cm", "6cm"):
        data = {**CITATIONS, "design": {"margins": {"left": margin, "right": margin}}}
        profile = tmp_path / f"cv-{margin}.yaml"
        profile.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        reading = checked(profile, tmp_path / margin, "classic")["zh"]
        assert reading.layout.gaps == (), margin
        broken = re.findall(r"([A-Za-z]+)-\n([a-z]+)", extract_text(str(reading.pdf)))
        for head, tail in broken:
            assert (head + tail).casefold() in str(CITATIONS).casefold()  # a word TeX split
        hyphenated += broken
        by_reader = {finding.extractor: finding.miss.kind for finding in reading.findings}
        assert set(by_reader) <= {"pdfminer", "pymupdf"}, reading.findings
        assert set(by_reader.values()) <= {"split"}, reading.findings
    assert hyphenated, "no measure needed a word hyphenated"


def test_the_whole_lines_profile_is_typed_with_its_marks_apart():
    """The profile holds its marks as typed, decomposed: the case that read apart."""
    text = Path(PROFILE).read_text(encoding="utf-8")
    assert "o\u0323\u0300" in text and "\u1ecd" not in text

"""English in a Chinese CV (a bullet kept in English, an English paper's citation) read back
whole in every theme: in the justified Chinese column its word spaces stretched to over
half an em, and pdfminer read a stretched line as two columns (a phrase moved out of its
line), pdftotext and PyMuPDF dropped words. A paragraph with no Chinese in it ends ragged
right, its spaces as wide as in the English CV; a Chinese paragraph stays justified."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pymupdf
import pytest
import yaml

from cvtex.check.reading import Reading
from cvtex.pipeline.build import build as run_build

from ..building import Built
from ..building import request as build_request
from ..conftest import THEMES
from ..readers import four_readers

# After the real CVs that failed: long English bullets with compounds and parentheses, and
# citations of English papers with long author lists, in the Chinese CV.
PROFILE = {
    "languages": ["en", "zh"],
    "name": {"en": "Brandon Amos", "zh": "布兰登·阿莫斯"},
    "contacts": [{"type": "email", "value": "bda@example.com"}],
    "experience": [
        {
            "title": {"en": "Research Scientist", "zh": "研究科学家"},
            "organization": {"en": "Meta AI (FAIR)", "zh": "Meta AI (FAIR)"},
            "location": {"en": "New York", "zh": "纽约"},
            "start": "2019-01",
            "end": "present",
            "bullets": [
                {
                    "same": "Built differentiable optimization layers (OptNet, cvxpylayers) "
                    "that let end-to-end learned architectures embed quadratic programs as "
                    "building blocks"
                },
                {
                    "same": "Developed model-based reinforcement-learning algorithms for "
                    "continuous control, including differentiable model-predictive-control "
                    "policies and value-gradient methods"
                },
                {
                    "same": "Maintained open-source libraries (Theseus, higher, mpc.pytorch) "
                    "with thousands of GitHub stars and hundreds of downstream research "
                    "projects"
                },
                {
                    "en": "Led the reading group on optimal transport and geometry",
                    "zh": "组织最优传输与几何方向的读书会，每两周一次，参与者来自纽约、伦敦与巴黎的"
                    "三个研究团队，持续两年，其间共同完成四篇论文与一套开源的可微优化教程",
                },
            ],
        }
    ],
    "publications": [
        {
            "authors": ["Brandon Amos", "Lei Xu", "J. Zico Kolter"],
            "title": "Input Convex Neural Networks",
            "venue": "International Conference on Machine Learning",
            "abbr": "ICML",
            "year": 2017,
        },
        {
            "authors": [
                "Brandon Amos",
                "Ivan Dario Jimenez Rodriguez",
                "Jacob Sacks",
                "Byron Boots",
                "J. Zico Kolter",
            ],
            "title": "Differentiable MPC for End-to-end Planning and Control",
            "venue": "Neural Information Processing Systems",
            "abbr": "NeurIPS",
            "year": 2018,
        },
        {
            "authors": [
                "Akshay Agrawal",
                "Brandon Amos",
                "Shane Barratt",
                "Stephen Boyd",
                "Steven Diamond",
                "J. Zico Kolter",
            ],
            "title": "Differentiable Convex Optimization Layers",
            "venue": "Neural Information Processing Systems",
            "abbr": "NeurIPS",
            "year": 2019,
        },
    ],
}
_CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
_LABEL = re.compile(r"\[\d+\] ")
# A word space at its width is a quarter of an em; stretched past 0.45 em, the readers
# above took it for a gap between columns (justified, these lines had 0.6 to 0.67 em).
WIDEST_SPACE = 0.45


@pytest.fixture(scope="module", params=THEMES)
def chinese_reading(request: pytest.FixtureRequest, tmp_path_factory) -> tuple[str, Reading]:
    theme = request.param
    folder = tmp_path_factory.mktemp(f"latin-in-zh-{theme}")
    profile = folder / "profile.yaml"
    profile.write_text(yaml.safe_dump(PROFILE, allow_unicode=True), encoding="utf-8")
    reporter = Built(folder / "out")
    with four_readers():
        run_build(build_request(profile, "zh", folder / "out", theme, check=True), reporter)
    return theme, reporter.readings["zh"]


def test_english_in_the_chinese_cv_comes_back_whole(chinese_reading):
    theme, reading = chinese_reading
    problems = [
        f"{finding.extractor}: {finding.miss.kind}: {finding.miss.text!r}: {finding.miss.got!r}"
        for finding in reading.findings
    ]
    assert problems == [], theme


def widest_spaces(pdf: Path) -> list[tuple[float, str]]:
    """Each line of the PDF without CJK text: the widest white between two of its letters,
    in ems of its size (a citation's number and the space after it left out)."""
    with pymupdf.open(str(pdf)) as document:
        lines = [
            line
            for page in document
            for block in page.get_text("rawdict")["blocks"]
            for line in block.get("lines", [])
        ]
    widest = []
    for line in lines:
        chars = [(char, span["size"]) for span in line["spans"] for char in span["chars"]]
        text = "".join(char["c"] for char, _ in chars)
        if len(text) < 30 or _CJK.search(text):
            continue
        if label := _LABEL.match(text):
            chars = chars[label.end() :]
        letters = [(char, size) for char, size in chars if char["c"] != " "]
        gaps = [
            (after["bbox"][0] - before["bbox"][2]) / size
            for (before, size), (after, _) in pairwise(letters)
        ]
        widest.append((max(gaps), text))
    return widest


def test_english_lines_in_the_chinese_cv_keep_their_word_spaces(chinese_reading):
    theme, reading = chinese_reading
    lines = widest_spaces(reading.pdf)
    assert len(lines) >= 6, theme  # the bullets' and citations' lines were measured
    loose = [f"{gap:.2f} em: {text}" for gap, text in lines if gap > WIDEST_SPACE]
    assert loose == [], theme


def test_a_chinese_paragraph_stays_justified(chinese_reading):
    # The Chinese bullet's first line reaches the column's right edge (where the dates end);
    # the English bullets' first lines end where their last word does.
    theme, reading = chinese_reading
    with pymupdf.open(str(reading.pdf)) as document:
        lines = [
            (line["bbox"][2], "".join(span["text"] for span in line["spans"]))
            for block in document[0].get_text("dict")["blocks"]
            for line in block.get("lines", [])
        ]
    edge = next(right for right, text in lines if text.startswith("2019.01"))
    chinese = next(right for right, text in lines if text.startswith("组织最优传输"))
    english = [right for right, text in lines if text.startswith(("Built", "Developed", "Maint"))]
    assert len(english) == 3, theme
    assert chinese > edge - 1, theme
    assert sum(right < edge - 3 for right in english) >= 2, theme

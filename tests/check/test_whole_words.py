"""Words come back whole from the text layer, in every theme: no line ends at a hyphen of
the text (pdftotext takes it for TeX's and joins "open-" / "sourced" as "opensourced"), and
English in the Chinese CV keeps the spaces typed around its dashes and quotes (xeCJK takes
those for Chinese punctuation and drops the spaces: "RedSync –a")."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import yaml
from pdfminer.high_level import extract_text

from ..building import build
from ..conftest import THEMES, TINY, overfull_lines

COMPOUNDS = [
    "open-sourced", "spatially-variable", "Chunk-based", "Garcia-Lopez", "mixture-of-experts",
    "end-to-end", "cross-node", "fault-injection", "near-line-rate", "copy-on-write",
    "log-structured", "trace-driven", "tensor-parallel", "sequence-parallel", "user-friendly",
    "multi-backend", "zero-downtime", "re-encoder", "time-series", "well-known",
]  # fmt: skip


def compound_bullets() -> list[str]:
    """Sentences dense with compounds, each one at many places in a line."""
    bullets = []
    for shift in range(8):
        words = COMPOUNDS[shift:] + COMPOUNDS[:shift]
        bullets.append(" and ".join(" ".join(words[i : i + 2]) for i in range(0, 20, 2)))
    return bullets


ENGLISH_IN_CHINESE = "the RedSync – a distributed store for gradient state, “open-sourced” in 2023"


def profile(folder: Path) -> Path:
    data = {**TINY, "languages": ["en", "zh"]}
    data["experience"] = [
        {
            "title": {"en": "Storage Engineer", "zh": "存储工程师"},
            "start": "2019-09",
            "end": "2021-06",
            "bullets": [*compound_bullets(), {"en": "Built RedSync", "zh": ENGLISH_IN_CHINESE}],
        }
    ]
    data["education"] = [{**TINY["education"][0], "bullets": [{"en": "—", "zh": "研究——方法"}]}]
    file = folder / "cv.yaml"
    file.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return file


def pdftotext(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout


@pytest.mark.parametrize("theme", THEMES)
def test_no_line_ends_at_a_hyphen_of_the_text_and_english_keeps_its_spaces(tmp_path, theme):
    results = {r.language: r for r in build(profile(tmp_path), "en,zh", tmp_path / "out", theme)}
    for language, result in results.items():
        where = f"{theme} {language}"
        # pdfminer keeps a line's last hyphen: a compound broken after its hyphen ends a line.
        broken = re.findall(r"(\w+-)\n(\w+)", extract_text(str(result.pdf)))
        assert broken == [], f"{where}: compounds broken at a line's end: {broken}"
        text = " ".join(pdftotext(result.pdf).split())
        for compound in COMPOUNDS:
            assert compound in text, f"{where}: {compound!r} does not come back whole"
        assert overfull_lines(result.log) == [], f"{where}: lines run into the margin"
    chinese = " ".join(pdftotext(results["zh"].pdf).split())
    # English keeps its spaces and Latin dashes, Chinese keeps its own dash.
    assert "the RedSync – a distributed store" in chinese, theme
    assert "“open-sourced” in 2023" in chinese, theme
    assert "研究——方法" in chinese, theme

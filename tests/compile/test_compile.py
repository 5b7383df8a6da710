"""Real XeLaTeX compiles of small profiles: text comes out literally, markup renders."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import jsonschema
import pytest
import yaml

from cvtex.profile.schema import profile_schema

from ..building import build
from ..conftest import EXAMPLE, normalized, pdf_text

NASTY = r"50% & C# $5 _x_ {a} ~ ^ \ "


def write_profile(folder: Path, data: dict) -> Path:
    profile = folder / "cv.yaml"
    profile.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return profile


def nasty_profile() -> dict:
    return {
        "name": {"en": f"Ann {NASTY}", "zh": f"安 {NASTY}"},
        "contacts": [
            {"type": "email", "value": "a_b%c@example.com"},
            {"type": "website", "value": "example.com/~me#x", "url": "https://example.com/~me#x"},
        ],
        "education": [
            {
                "institution": NASTY,
                "degree": {"en": f"deg {NASTY}", "zh": f"学位 {NASTY}"},
                "location": NASTY,
                "start": 2020,
                "end": "present",
                "bullets": [NASTY, {"en": f"b {NASTY}", "zh": f"条 {NASTY}"}],
            }
        ],
        "publications": [
            {
                "authors": [NASTY, "A. B."],
                "title": NASTY,
                "venue": NASTY,
                "abbr": "X&Y",
                "year": 2024,
            }
        ],
        "awards": [{"name": NASTY, "years": [2022]}],
        "skills": [{"category": NASTY, "items": [NASTY, "C#"]}],
        "sections": {
            "about": {"kind": "text", "text": f"{NASTY}\n\nSecond paragraph {NASTY}"},
            "education": {},
            "publications": {},
            "awards": {},
            "skills": {},
        },
    }


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_tex_specials_print_literally_in_every_field(tmp_path, lang):
    profile = write_profile(tmp_path, nasty_profile())
    (result,) = build(profile, lang, tmp_path / "out")
    text = pdf_text(result.pdf)
    # name, 2 in education, 2 bullets, author, title, venue, award, category, item, 2 text
    assert normalized(text).count(normalized(NASTY.strip())) >= 13
    assert "Missing character" not in result.log


def test_markup_renders(tmp_path):
    data = {
        "name": "Ann",
        "experience": [
            {
                "title": "Proj",
                "bullets": [
                    r"Speed up by $3\times$ and **bold** and *it* via [site](https://example.com/a_b)",
                    "costs $5, or $10 * 2",
                ],
            }
        ],
    }
    profile = write_profile(tmp_path, data)
    (result,) = build(profile, "en", tmp_path / "out")
    text = pdf_text(result.pdf)
    assert "Speed up by 3× and bold and it via site" in text
    assert "costs $5, or $10 * 2" in text
    tex = result.tex.read_text(encoding="utf-8")
    assert r"\textbf{bold}" in tex and r"\emph{it}" in tex
    urls = subprocess.run(
        ["pdfinfo", "-url", str(result.pdf)], capture_output=True, text=True, check=True
    ).stdout
    assert "https://example.com/a_b" in urls


def test_example_validates_against_the_shipped_schema():
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    jsonschema.validate(data, profile_schema())
    shipped = json.loads((EXAMPLE.parents[2] / "cvtex" / "profile.schema.json").read_text())
    jsonschema.validate(data, shipped)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**data, "educaton": []}, shipped)

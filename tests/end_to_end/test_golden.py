"""Golden .tex files of the example, compared exactly.

After a deliberate change to templates, locales or the example, regenerate them with
``make golden`` (CVTEX_UPDATE_GOLDEN=1) and review the diff before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cvtex.profile.load import load_profile

from ..building import render_languages
from ..conftest import EXAMPLE, ROOT, THEMES

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
ENGINEER = ROOT / "examples" / "engineer" / "profile.yaml"
UPDATE = os.environ.get("CVTEX_UPDATE_GOLDEN") == "1"


def golden_file(name: str, theme: str, lang: str) -> Path:
    """classic's are tests/golden/academic.en.tex; another theme's modern.academic.en.tex."""
    prefix = "" if theme == "classic" else f"{theme}."
    return GOLDEN / f"{prefix}{name}.{lang}.tex"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(
    ("example", "lang"),
    [("academic", "en"), ("academic", "zh"), ("engineer", "ja"), ("engineer", "ko")],
)
def test_example_tex_matches_golden(example, lang, theme):
    profile = EXAMPLE if example == "academic" else ENGINEER
    (rendered,) = render_languages(load_profile(profile), [lang], theme)
    golden = golden_file(example, theme, lang)
    if UPDATE:
        golden.write_text(rendered.tex, encoding="utf-8")
    assert golden.exists(), f"{golden} is missing: run `make golden`"
    assert rendered.tex == golden.read_text(encoding="utf-8"), (
        f"{golden.name} differs from the rendered TeX; if the change is intended, "
        "run `make golden` and review the diff"
    )

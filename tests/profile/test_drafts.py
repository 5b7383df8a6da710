"""A text drafted for a language and not yet checked: ``{draft: ..., from: ...}`` in the
language's place. The loader reads it as the language's text and remembers it as a draft;
the JSON Schema knows the form."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from cvtex.errors import InputError
from cvtex.profile.drafts import Draft
from cvtex.profile.load import load_profile
from cvtex.profile.schema import profile_schema

PROFILE = """\
languages: [en, zh]
name: {en: Ann Lee, zh: 李安}
headline: {en: PhD student, zh: {draft: 博士研究生, from: deepl}}
experience:
  - title: Fast Kernels
    bullets:
      - {en: First result, zh: {draft: 第一项成果}}
      - text: {en: Second, zh: {draft: 第二项, from: memory}}
        only: [zh]
"""


def test_a_draft_reads_as_the_language_text_and_is_remembered(tmp_path: Path):
    file = tmp_path / "cv.yaml"
    file.write_text(PROFILE, encoding="utf-8")
    loaded = load_profile(file)
    assert loaded.profile.headline == {"en": "PhD student", "zh": "博士研究生"}
    assert loaded.profile.experience[0].bullets[0].text == {
        "en": "First result",
        "zh": "第一项成果",
    }
    assert loaded.drafts == (
        Draft(("headline",), "zh", "博士研究生", "deepl"),
        Draft(("experience", 0, "bullets", 0), "zh", "第一项成果", None),
        Draft(("experience", 0, "bullets", 1, "text"), "zh", "第二项", "memory"),
    )


def test_the_schema_knows_the_draft_form(tmp_path: Path):
    import yaml

    schema = profile_schema()
    jsonschema.validate(yaml.safe_load(PROFILE), schema)
    wrong = yaml.safe_load(PROFILE.replace("from: deepl", "by: deepl"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(wrong, schema)
    shipped = Path(__file__).resolve().parents[2] / "cvtex" / "profile.schema.json"
    assert json.loads(shipped.read_text(encoding="utf-8"))["$defs"]["Draft"]


def test_a_mistyped_draft_is_an_error_with_its_line(tmp_path: Path):
    file = tmp_path / "cv.yaml"
    file.write_text(PROFILE.replace("from: deepl", "by: deepl"), encoding="utf-8")
    with pytest.raises(InputError, match=r"cv.yaml:3:\d+: headline"):
        load_profile(file)

"""Files as people really hand them over, mutated at random: a JSON Resume and a .bib with
values dropped, retyped, garbled or doubled (each other reader has its own, beside its
tests). An import ends with a profile or with cvtex's own message, never with another
exception (a traceback)."""

from __future__ import annotations

import datetime as dt
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cvtex.errors import CvtexError
from cvtex.importers import import_sources
from cvtex.profile.load import load_profile

from ..conftest import ROOT

TODAY = dt.date(2026, 1, 1)
SAMPLE = json.loads((ROOT / "tests/data/jsonresume/sample.resume.json").read_text("utf-8"))
BIB = (ROOT / "tests/data/bibtex/as-written.bib").read_text("utf-8")

ODD_VALUES = st.one_of(
    st.none(),
    st.integers(-5, 3000),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.text(max_size=12),
    st.sampled_from(
        ["", "present", "2024-02-30", "Sep 2023", "'98", "至今", "10/2019", "2019-2021", "<br />"]
    ),
    st.lists(st.text(max_size=5), max_size=3),
    st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=2),
)


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*path, index)))
    return found


@st.composite
def mutated(draw: st.DrawFn, document: Any) -> Any:
    """``document`` with a few of its values dropped, replaced or doubled."""
    data = json.loads(json.dumps(document))
    for _ in range(draw(st.integers(1, 4))):
        paths = [path for path in _paths(data) if path]
        if not paths:
            break
        *parents, last = draw(st.sampled_from(paths))
        parent = data
        for key in parents:
            parent = parent[key]
        action = draw(st.sampled_from(["drop", "replace", "double"]))
        if action == "drop":
            del parent[last]
        elif action == "replace":
            parent[last] = draw(ODD_VALUES)
        elif isinstance(parent, list):
            parent.append(json.loads(json.dumps(parent[last])))
        else:
            parent[f"{last}2"] = json.loads(json.dumps(parent[last]))
    return data


def _imports_cleanly(name: str, text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / name
        source.write_text(text, encoding="utf-8")
        try:
            imported = import_sources([source], Path(folder) / "out.yaml", today=TODAY)
        except CvtexError as error:
            assert error.message  # a message, with the file's name
            return
        load_profile(imported.profile)  # what was written is a profile that loads


CHECKED = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@CHECKED
@given(mutated(SAMPLE))
def test_a_mutated_json_resume_never_ends_in_a_traceback(document):
    _imports_cleanly("resume.json", json.dumps(document, ensure_ascii=False))


@CHECKED
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(BIB)), st.sampled_from(["{", "}", ",", "@", '"', "=", "\n", ""])
        ),
        max_size=6,
    )
)
def test_a_mutated_bib_never_ends_in_a_traceback(edits):
    text = BIB
    for position, inserted in edits:
        text = text[:position] + inserted + text[position + 1 :]
    with tempfile.TemporaryDirectory() as folder:
        profile = Path(folder) / "cv.yaml"
        profile.write_text("name: Mei Lin\nlanguages: [en]\n", encoding="utf-8")
        bib = Path(folder) / "refs.bib"
        bib.write_text(text, encoding="utf-8")
        try:
            import_sources([bib], into=profile, today=TODAY)
        except CvtexError as error:
            assert error.message
            return
        load_profile(profile)

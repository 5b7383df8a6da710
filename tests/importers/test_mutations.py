"""Files as people really hand them over, mutated at random: a JSON Resume and a .bib with
values dropped, retyped, garbled or doubled (each other reader has its own, beside its
tests). An import ends with a profile or with cvtex's own message, never with another
exception (a traceback)."""

from __future__ import annotations

import datetime as dt
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cvtex.errors import CvtexError
from cvtex.importers import import_sources
from cvtex.profile.load import load_profile

from ..conftest import ROOT
from .mutations import mutated

TODAY = dt.date(2026, 1, 1)
SAMPLE = json.loads((ROOT / "tests/data/jsonresume/sample.resume.json").read_text("utf-8"))
BIB = (ROOT / "tests/data/bibtex/as-written.bib").read_text("utf-8")


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

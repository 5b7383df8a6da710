"""The fixed corpus of nasty strings (tests/data/nasty.yaml), compiled in every field.

A regression set: each string that ever broke, or could break, the pipeline prints as it
was written in the English and the Chinese CV, in one compile per language.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cvtex.errors import InputError

from ..building import build
from ..glyphs import uncovered
from ..profiles import fill_profile, missing_texts, unmatched_links

CORPUS: list[str] = yaml.safe_load(
    (Path(__file__).parent.parent / "data" / "nasty.yaml").read_text(encoding="utf-8")
)
URLS = [text for text in CORPUS if "://" in text or text.startswith("mailto:")]
# Words no line can hold: XeTeX hung, or crashed, on a word of about a thousand characters.
HUGE_WORDS = ["a" * 5000, "\\" * 2000, "https://example.com/" + "x/" * 1500, "%&#_" * 600]
SHORT = ["a_b%c~", "#1 & ^", "\\x{}", "{ }"]


def printable_in(language: str) -> list[str]:
    return [text for text in CORPUS + HUGE_WORDS if not uncovered(text, language)]


def test_corpus_is_loaded():
    assert len(CORPUS) > 100
    assert r"\input{/etc/passwd}" in CORPUS  # YAML's escapes read as meant
    assert any("\u202e" in text for text in CORPUS) and any("\x00" in text for text in CORPUS)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_nasty_string_prints_as_written(tmp_path, language):
    texts = printable_in(language)
    filled = fill_profile(language, texts, SHORT, URLS)
    (result,) = build(filled.write(tmp_path), language, tmp_path / "out")
    assert missing_texts(result.pdf, filled.texts) == []
    assert unmatched_links(result.pdf, filled.urls) == []
    assert [line for line in result.log.splitlines() if line.startswith("Overfull")] == []


def test_strings_the_english_fonts_lack_are_reported_not_dropped(tmp_path):
    # Greek, Hebrew, emoji in an English CV: the classic theme's fonts have no glyphs for
    # them. (Chinese they have: an English CV borrows the Chinese CV's fonts for it.)
    lacking = [text for text in CORPUS if uncovered(text, "en")]
    assert lacking and not any("中文" in text for text in lacking)
    filled = fill_profile("en", lacking, SHORT, URLS)
    with pytest.raises(InputError, match=r"has no glyph in the font") as error:
        build(filled.write(tmp_path), "en", tmp_path / "out")
    assert "cv.yaml:" in str(error.value) and "U+" in str(error.value)

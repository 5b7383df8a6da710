"""The page checks (check/pages.py): how far down a page ends each column that goes on, by
the rules the templates break by, and how wide a word space is; on pages made here, with
each character's place known, then on real PDFs made to fail them."""

from __future__ import annotations

from pathlib import Path

import yaml

from cvtex.check.expected import Phrase
from cvtex.check.pages import layout_of, page_ends, wide_gaps
from cvtex.compile.pagetext import Glyph, PageText, TextArea

from ..conftest import TINY
from .test_check import checked

# A page of 842 points, its text block from 50 to 792: 742 points.
AREA = TextArea(top=50, bottom=50)
PITCH = 12.0


def line(text: str, baseline: float, x: float = 60, gap: float = 3.0) -> list[Glyph]:
    """A line of 10 pt characters 5 points wide, each space ``gap`` points of white."""
    glyphs = []
    for char in text:
        if char == " ":
            x += gap
            continue
        glyphs.append(Glyph(char, x, x + 5, baseline, 10.0))
        x += 5
    return glyphs


def page(*lines: str, first: float = 62, widths: dict[int, float] | None = None) -> PageText:
    """A page of ``lines`` one pitch apart from ``first``; ``widths``: a line's word spaces."""
    glyphs = []
    for number, text in enumerate(lines):
        glyphs += line(text, first + number * PITCH, gap=(widths or {}).get(number, 3.0))
    return PageText(595, 842, tuple(glyphs))


def phrase(text: str, kind: str, block: int) -> Phrase:
    return Phrase(text, "main", 0, True, kind, block)


PARAGRAPH = [f"Line {n} of a paragraph that runs on" for n in range(6)]
TEXTS = [
    phrase("Ann Lee", "", -1),
    phrase("Experience", "section", 1),
    phrase("Storage Engineer", "entry", 2),
    phrase(" ".join(PARAGRAPH), "paragraph", 3),
]


def test_a_page_that_ends_early_when_what_follows_could_break_is_short():
    # Page 1 ends at 60% of its text area; page 2 starts with a title, an entry's heading
    # and a paragraph of six lines, of which two could have ended page 1.
    filler = ["Ann Lee"] + [f"Filler line {n}" for n in range(36)]
    first = page(*filler)
    following = page("Experience", "Storage Engineer", *PARAGRAPH)
    texts = [phrase("Ann Lee", "", -1)] + [
        phrase(f"Filler line {n}", "item", 100 + n) for n in range(36)
    ]
    (end,) = page_ends([first, following], AREA, texts + TEXTS[1:])
    assert 0.55 < end.fill < 0.6 and end.goes_on
    assert end.held_lines == 4  # the title, the heading, the paragraph's first two lines
    assert end.short
    assert end.describe().startswith("page 1 ends its text at 60% of the text area")


def test_a_page_that_ends_early_before_what_could_not_break_is_not_short():
    # The page ends with room for six lines; the next starts with a title and a referee,
    # one box of seven lines: they could not have moved back.
    filler = ["Ann Lee"] + [f"Filler line {n}" for n in range(54)]
    texts = [phrase("Ann Lee", "", -1)] + [
        phrase(f"Filler line {n}", "item", 100 + n) for n in range(54)
    ]
    referee = ["Prof Bo Li", *(f"Address line {n}" for n in range(6))]
    following = page("References", *referee)
    referee_texts = [phrase("References", "section", 4)] + [
        phrase(text, "referee", 5) for text in referee
    ]
    (end,) = page_ends([page(*filler), following], AREA, texts + referee_texts)
    assert end.fill < 0.9 and end.held_lines == 8
    assert end.held > end.room and not end.short
    # A paragraph begun on the page before: one more line could have moved back.
    texts = [phrase("Ann Lee", "", -1), phrase(" ".join(filler[1:] + PARAGRAPH), "item", 7)]
    (end,) = page_ends([page(*filler), page(*PARAGRAPH)], AREA, texts)
    assert end.held_lines == 1 and end.short


def test_a_word_space_wider_than_an_em_inside_one_text_is_found():
    texts = [
        phrase("a stretched line of words", "paragraph", 1),
        phrase("Storage Engineer", "entry", 2),
        phrase("2019", "entry", 2),
    ]
    glyphs = line("a stretched line of words", 100, gap=14)  # 1.4 em
    glyphs += line("Storage Engineer", 112) + line("2019", 112, x=500)  # a date flush right
    gaps = list(wide_gaps([PageText(595, 842, tuple(glyphs))], texts))
    # each space of the stretched line, by the word before it; not the date's white
    assert [(gap.page, gap.before.split()[-1]) for gap in gaps] == [
        (1, "a"),
        (1, "stretched"),
        (1, "line"),
        (1, "of"),
    ]
    assert all(1.3 < gap.ems < 1.5 for gap in gaps)
    # Normal spaces, and whites between two texts, are none.
    assert list(wide_gaps([page("a stretched line of words")], texts)) == []


def profile_with_long_bullets(folder: Path) -> Path:
    data = {**TINY, "languages": ["en"]}
    # Words that cannot break (a hyphen of the text is never a line's end), two to a line.
    words = "internationalization-and-localization-infrastructure configuration-subsystem"
    data["experience"] = [
        {
            "title": f"Engineer {n}",
            "start": 2010 + n,
            "end": 2011 + n,
            "bullets": [" ".join([words] * 12), "Ran the nightly build"],
        }
        for n in range(5)
    ]
    profile = folder / "cv.yaml"
    profile.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return profile


def test_the_checks_find_a_short_page_and_stretched_lines_in_a_real_pdf(tmp_path, custom_theme):
    """A theme that never breaks a paragraph and justifies English without stretch: pages
    end early before a long bullet, and lines stretch. The checks say so; classic, which
    breaks paragraphs between lines and sets English ragged, passes them."""
    profile = profile_with_long_bullets(tmp_path)
    bad = custom_theme(
        "whole",
        lambda tex: tex.replace(
            r"\widowpenalty=10000",
            r"\widowpenalty=10000 \interlinepenalty=10000 \emergencystretch=\maxdimen",
        ).replace(r"\@rightskip\@flushglue\rightskip\@rightskip", ""),
    )
    (reading,) = checked(profile, tmp_path / "bad", bad).values()
    assert any(end.short for end in reading.layout.ends), reading.layout.ends
    assert reading.layout.gaps
    (reading,) = checked(profile, tmp_path / "classic", "classic").values()
    assert reading.layout.problems == []
    assert len(reading.layout.ends) >= 1  # pages ended, and measured


def test_the_layout_of_a_pdf_of_one_page_has_no_page_end(tiny_built):
    pdf = tiny_built / "out" / "cv.en.pdf"
    layout = layout_of(pdf, AREA, [phrase("Ann Lee", "", -1)])
    assert layout.ends == ()

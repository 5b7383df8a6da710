"""The one dictionary of section names (cvtex/importers/titles.yaml), read by both readers
of section titles: RenderCV's free titles (a word in the title, :func:`titles.named`) and
a printed CV's headings, a PDF's or a Word file's (the whole line,
:func:`printed.headings.heading_kind`).
"""

from __future__ import annotations

import pytest
import yaml

from cvtex.importers import titles
from cvtex.importers.printed import headings
from cvtex.importers.printed.headings import heading_kind

WORDS = [
    (section, word)
    for section, languages in yaml.safe_load(titles._DATA.read_text(encoding="utf-8"))[
        "names"
    ].items()
    for words in languages.values()
    for word in words
]


def _printed_kind(section: str) -> str | None:
    return headings._READ_AS.get(section) or titles.kind_of(section)


@pytest.mark.parametrize(("section", "word"), WORDS)
def test_every_word_names_its_section_in_both_readers(section: str, word: str) -> None:
    text = word.strip("=~*")
    found = titles.named(text)
    # A word that is also a catalog's heading names the catalog's id (About Me: about),
    # which is read as the same kind.
    assert found == section or (
        titles.is_heading(text, found) and titles.kind_of(found) == titles.kind_of(section)
    ), (word, found)
    expected = None if word.startswith("~") else _printed_kind(section)
    assert heading_kind(text) == expected, word
    assert heading_kind(text.upper() + ":") == expected, word


@pytest.mark.parametrize(
    ("title", "free", "printed"),
    [
        ("Honors & Awards", "awards", "awards"),
        ("HONORS AND AWARDS", "awards", "awards"),
        ("教 育 背 景", "education", "education"),  # a Chinese heading set spaced out
        ("학술활동", "service", "service"),  # 학술 활동 without its space
        ("1. Publications", "publications", "publications"),
        ("自己ＰＲ", "summary", "summary"),
        ("Volunteer Experience", "volunteer", "volunteer"),
        ("Teaching Experience", "teaching", "teaching"),
        ("Research Output", "publications", "publications"),
        ("科研成果", "publications", "publications"),
        ("Research Interests", "interests", "summary"),  # a printed one is a paragraph
        ("研究方向", "interests", "summary"),
        ("Interests", "others", "others"),  # a person's: moderncv's, Europass's
        ("Contact", "contacts", "contacts"),
        ("个人信息", "personal", "personal"),
        ("Technical Skills", "skills", "skills"),
        ("Software Development Projects", "projects", "experience"),
        ("教育背景 Education", "education", "education"),
        # Words that name a section within a longer title only: a role on a line of its own.
        ("Lecturer", "talks", None),
        ("实习", "experience", None),
        ("助教", "teaching", None),
        ("Programming", "skills", None),
        # Words that name a section only as the whole title.
        ("Language", "languages", "languages"),
        ("Natural Language Processing", None, None),
        ("Teaching Interests", "teaching", None),
    ],
)
def test_a_title_names_its_section(title: str, free: str | None, printed: str | None) -> None:
    assert titles.named(title) == free
    assert heading_kind(title) == printed


def test_catalog_headings_are_names_in_both_readers() -> None:
    from cvtex.language.catalog import available_languages, load_catalog

    for code in available_languages():
        for ident, heading in load_catalog(code).titles.items():
            assert titles.named(heading) == ident, (code, heading)
            assert titles.whole(heading) == ident, (code, heading)

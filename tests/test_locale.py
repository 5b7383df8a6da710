"""Locale catalogs: dates, lists and titles come out in each language's own conventions."""

from __future__ import annotations

import pytest

from cvtex.errors import InputError
from cvtex.locale import load_catalog
from cvtex.model import Expected, YearMonth


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "Sep 2020 – Jun 2025 (expected)"), ("zh", "2020.09–2025.06（预计）")],
)
def test_expected_range(lang, expected):
    catalog = load_catalog(lang)
    assert (
        catalog.format_span(YearMonth(2020, 9), Expected(expected=YearMonth(2025, 6))) == expected
    )


@pytest.mark.parametrize(
    ("lang", "expected"), [("en", "Jun 2024 – Present"), ("zh", "2024.06–至今")]
)
def test_open_range(lang, expected):
    assert load_catalog(lang).format_span(YearMonth(2024, 6), "present") == expected


@pytest.mark.parametrize(("lang", "expected"), [("en", "2016 – 2020"), ("zh", "2016–2020")])
def test_year_only_range(lang, expected):
    assert load_catalog(lang).format_span(YearMonth(2016), YearMonth(2020)) == expected


def test_lists_join_by_language():
    assert load_catalog("en").join(["Prof. Xu", "Prof. Zhao"]) == "Prof. Xu and Prof. Zhao"
    assert load_catalog("zh").join(["徐宏力", "赵功名"]) == "徐宏力、赵功名"


def test_every_catalog_names_every_section_kind():
    for lang in ("en", "zh"):
        titles = load_catalog(lang).titles
        for kind in ("education", "experience", "publications", "patents", "awards", "skills"):
            assert titles[kind]


def test_unknown_language_is_a_clean_error():
    with pytest.raises(InputError, match="no locale catalog for 'xx'"):
        load_catalog("xx")

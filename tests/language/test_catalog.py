"""Locale catalogs: dates, lists and titles in each language's conventions; catalog errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from cvtex.errors import InputError
from cvtex.language import catalog as locale
from cvtex.language.catalog import (
    Locales,
    available_languages,
    load_catalog,
    load_locales,
    read_catalog,
)
from cvtex.profile.base import Expected, YearMonth

from ..conftest import GERMAN

SEP2020, JUN2024, JUN2026 = YearMonth(2020, 9), YearMonth(2024, 6), YearMonth(2026, 6)

# Every date form, in every catalog cvtex ships and in the German example catalog:
# (a single month, a year alone, a year list, a closed range of years, an open range,
#  an expected end after a start, an expected end alone).
DATE_FORMS = {
    "en": (
        "Jun 2024",
        "2023",
        "2022, 2023",
        "2016 – 2020",
        "Jun 2024 – Present",
        "Sep 2020 – Jun 2026 (expected)",
        "Jun 2026 (expected)",
    ),
    "zh": (
        "2024.06",
        "2023",
        "2022、2023",
        "2016–2020",
        "2024.06–至今",
        "2020.09–2026.06（预计）",
        "2026.06（预计）",
    ),
    "zh-TW": (
        "2024.06",
        "2023",
        "2022、2023",
        "2016–2020",
        "2024.06–至今",
        "2020.09–2026.06（預計）",
        "2026.06（預計）",
    ),
    "zh-HK": (
        "2024.06",
        "2023",
        "2022、2023",
        "2016–2020",
        "2024.06–至今",
        "2020.09–2026.06（預計）",
        "2026.06（預計）",
    ),
    "ja": (
        "2024年6月",
        "2023年",
        "2022年、2023年",
        "2016年～2020年",
        "2024年6月～現在",
        "2020年9月～2026年6月（見込み）",
        "2026年6月（見込み）",
    ),
    "ko": (
        "2024년 6월",
        "2023년",
        "2022년, 2023년",
        "2016년 – 2020년",
        "2024년 6월 – 현재",
        "2020년 9월 – 2026년 6월 (예정)",
        "2026년 6월 (예정)",
    ),
    "de": (
        "Juni 2024",
        "2023",
        "2022, 2023",
        "2016 – 2020",
        "seit Juni 2024",
        "Sept. 2020 – Juni 2026 (voraussichtlich)",
        "Juni 2026 (voraussichtlich)",
    ),
}


def catalog(lang: str) -> locale.Catalog:
    return read_catalog(GERMAN) if lang == "de" else load_catalog(lang)


def test_every_shipped_catalog_has_its_date_forms_tested():
    assert set(available_languages()) == set(DATE_FORMS) - {"de"}


@pytest.mark.parametrize("lang", sorted(DATE_FORMS))
def test_every_date_form(lang):
    month, year, years, closed, open_range, expected, expected_alone = DATE_FORMS[lang]
    cat = catalog(lang)
    assert cat.format_span(None, None, JUN2024) == month
    assert cat.format_date(YearMonth(2023)) == year
    assert cat.format_years([2022, 2023]) == years
    assert cat.format_years([2023]) == year
    assert cat.format_span(YearMonth(2016), YearMonth(2020)) == closed
    assert cat.format_span(JUN2024, "present") == open_range
    assert cat.format_span(SEP2020, Expected(expected=JUN2026)) == expected
    assert cat.format_span(None, Expected(expected=JUN2026)) == expected_alone
    assert cat.format_span(JUN2024, None) == month  # a start with no end yet


# The day form (updated: 2024-03-03) in every catalog: Chinese CVs write it as their months.
DAY_FORMS = {
    "en": "Mar 3, 2024",
    "zh": "2024.03.03",
    "zh-TW": "2024.03.03",
    "zh-HK": "2024.03.03",
    "ja": "2024年3月3日",
    "ko": "2024년 3월 3일",
    "de": "3. März 2024",
}


@pytest.mark.parametrize("lang", sorted(DAY_FORMS))
def test_the_day_form(lang):
    assert set(DAY_FORMS) == set(DATE_FORMS)
    assert catalog(lang).format_date(YearMonth(2024, 3, 3), whole=True) == DAY_FORMS[lang]


@pytest.mark.parametrize("lang", sorted(DAY_FORMS))
def test_an_entry_date_with_a_day_shows_as_the_catalog_says(lang):
    """A day is a date: an entry keeps it, and shows it as its month (the CV's custom) or,
    where the catalog says dates show days, as the day."""
    shown = catalog(lang)
    day = YearMonth(2024, 3, 3)
    assert shown.format_date(day) == shown.format_date(YearMonth(2024, 3))
    showing_days = shown.model_copy(
        update={"dates": shown.dates.model_copy(update={"shows": "day"})}
    )
    assert showing_days.format_date(day) == DAY_FORMS[lang]


def test_lists_join_by_language():
    assert load_catalog("en").join(["Prof. Xu", "Prof. Zhao"]) == "Prof. Xu and Prof. Zhao"
    assert load_catalog("zh").join(["徐宏力", "赵功名"]) == "徐宏力、赵功名"
    assert load_catalog("zh-TW").join(["徐宏力", "趙功名"]) == "徐宏力、趙功名"
    assert catalog("de").join(["A", "B", "C"]) == "A, B und C"
    assert load_catalog("ja").join(["山田", "鈴木"]) == "山田、鈴木"
    assert load_catalog("ko").join(["김민지", "이서준"]) == "김민지, 이서준"


def test_every_catalog_titles_every_section_id_the_shipped_ones_do():
    ids = set().union(*(load_catalog(lang).titles for lang in available_languages()))
    for lang in [*available_languages(), "de"]:
        titles = catalog(lang).titles
        assert set(titles) == ids, lang
        assert all(titles.values())


def test_traditional_catalogs_are_traditional():
    for lang in ("zh-TW", "zh-HK"):
        cat = load_catalog(lang)
        assert (cat.convert_from, cat.template, cat.own_keys) == ("zh", "zh", (lang, "zh-Hant"))
        # No Simplified-only character in the strings the catalog itself prints.
        printed = "".join([*cat.titles.values(), cat.dates.expected, cat.labels.advisors])
        assert not set(printed) & set("历项经验术专获奖荣誉业导预计简关于")
    assert load_catalog("zh-TW").fonts.serif[0].family == "Noto Serif CJK TC"
    assert load_catalog("zh-HK").fonts.serif[0].family == "Noto Serif CJK HK"


def test_unknown_language_is_a_clean_error():
    with pytest.raises(InputError, match="no locale catalog for 'xx'") as caught:
        load_catalog("xx")
    assert "--locale-file" in str(caught.value)
    with pytest.raises(InputError, match="no locale catalog"):
        load_catalog("../en")  # not a language code: never a path


def german_lines() -> list[str]:
    return GERMAN.read_text(encoding="utf-8").splitlines()


def write_catalog(folder: Path, lines: list[str], name: str = "de.yaml") -> Path:
    file = folder / name
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return file


def line_of(lines: list[str], start: str) -> int:
    return next(n for n, line in enumerate(lines, 1) if line.startswith(start))


def test_unknown_key_is_reported_with_file_and_line(tmp_path):
    lines = [line.replace("  present:", "  presnet:") for line in german_lines()]
    file = write_catalog(tmp_path, lines)
    with pytest.raises(InputError) as caught:
        read_catalog(file)
    message = str(caught.value)
    assert f"{file}:{line_of(lines, '  presnet:')}:" in message
    assert "dates.presnet: unknown key 'presnet' (did you mean 'present'?)" in message
    # ... and the key it replaced is missing, reported at the mapping that lacks it.
    assert f"{file}:{line_of(lines, 'dates:')}:" in message
    assert "dates: missing key 'present'" in message


def test_missing_key_is_reported_with_file_and_line(tmp_path):
    lines = [line for line in german_lines() if not line.startswith("  advisors:")]
    file = write_catalog(tmp_path, lines)
    with pytest.raises(InputError, match="labels: missing key 'advisors'") as caught:
        read_catalog(file)
    assert f"{file}:{line_of(lines, 'labels:')}:" in str(caught.value)


def test_missing_section_title_and_bad_placeholder(tmp_path):
    lines = [line for line in german_lines() if not line.startswith("  patents:")]
    lines = [line.replace("{month_name} {year}", "{month_name} {yaer}") for line in lines]
    file = write_catalog(tmp_path, lines)
    with pytest.raises(InputError) as caught:
        read_catalog(file)
    message = str(caught.value)
    assert f"{file}:{line_of(lines, '  month:')}:" in message
    assert "unknown placeholder {yaer}: it takes {year}, {month}, {month_name}" in message
    assert "titles: missing key(s) patents" in message


def test_code_comes_from_the_file_name_or_a_code_key(tmp_path):
    assert read_catalog(write_catalog(tmp_path, german_lines(), "de-AT.yaml")).code == "de-AT"
    named = write_catalog(tmp_path, ["code: de-CH", *german_lines()], "swiss.yaml")
    assert read_catalog(named).code == "de-CH"
    bad = write_catalog(tmp_path, german_lines(), "German.yaml")
    with pytest.raises(InputError, match="'German' is not a language code"):
        read_catalog(bad)
    with pytest.raises(InputError, match="a second catalog for 'de-CH'"):
        load_locales([named, named])


def test_a_locale_file_adds_a_language_and_can_replace_a_shipped_one(tmp_path):
    locales = load_locales([GERMAN])
    assert locales.has("de") and not Locales().has("de")
    assert locales.catalog("de").titles["education"] == "Ausbildung"
    assert locales.catalog("zh") is load_catalog("zh")
    mine = write_catalog(tmp_path, ["code: en", *german_lines()[1:]], "my-en.yaml")
    assert load_locales([mine]).catalog("en").titles["education"] == "Ausbildung"


def test_a_catalog_dropped_into_the_locales_folder_is_found(tmp_path, monkeypatch):
    for shipped in locale.LOCALES_DIR.glob("*.yaml"):
        (tmp_path / shipped.name).write_bytes(shipped.read_bytes())
    (tmp_path / "de.yaml").write_bytes(GERMAN.read_bytes())
    monkeypatch.setattr(locale, "LOCALES_DIR", tmp_path)
    load_catalog.cache_clear()
    try:
        assert "de" in available_languages()
        assert Locales().catalog("de").dates.present == "heute"
    finally:
        load_catalog.cache_clear()

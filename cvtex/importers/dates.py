"""Dates as other tools' files write them, read as the profile writes them: 2020, 2020-09 or
2020-09-01, as precise as they were written (a CV shows a day as its month unless its
catalog says otherwise: no reader cuts a date).

One reader for every importer: ISO dates, ``9/2023``, ``Sep 2023``, ``Nov 12, 2023`` and
``12 Nov 2023`` (LinkedIn), ``2023年9月1日``, ``2023년 9월``, ``'16``, and the words for an end
still going on (Present, 至今, 現在, 현재).
"""

from __future__ import annotations

import datetime as dt
import re

_PRESENT = {
    "present",
    "now",
    "current",
    "currently",
    "today",
    "ongoing",
    "至今",
    "今",
    "现在",
    "現在",
    "目前",
    "현재",
    "재직중",
    "재직 중",
}
_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        1,
    )
    for name in names
}
_ISO = re.compile(r"^(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?$")
_ISO_TIME = re.compile(r"^(\d{4}-\d{2}-\d{2})[t ]\d{2}:\d{2}")  # 2024-03-03T10:00:00Z
_MONTH_YEAR = re.compile(r"^(\d{1,2})[-/.](\d{4})$")
_NAMED_MONTH = re.compile(r"^([a-z]+)\.?,?\s+(\d{4})$")  # Sep 2023
_NAMED_DAY = re.compile(r"^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$")  # Nov 12, 2023
_DAY_NAMED = re.compile(r"^(\d{1,2})\s+([a-z]+)\.?,?\s+(\d{4})$")  # 12 Nov 2023
_CJK_DATE = re.compile(r"^(\d{4})\s*[年년](?:\s*(\d{1,2})\s*[月월])?(?:\s*(\d{1,2})\s*[日일])?\.?$")
_SHORT_YEAR = re.compile(r"^['’‘](\d{2})$|^(\d{2})$")
# A hyphen splits a range only between spaces or before a word (2020-present, Sep
# 2020-Dec 2021): 2019-09 is one date.
_RANGE = re.compile(r"\s+[-–—~]\s+|\s*[–—~]\s*|\s+to\s+|\s*至\s*|\s*-\s*(?=[^\W\d_])")
_YEARS = re.compile(r"^(\d{4})-(\d{4})$")  # 2019-2021: two years, not a year and a month


def read_date(text: str, today: dt.date) -> str | None:
    """``text`` as 2020, 2020-09 or 2020-09-01, "present" for an end still going on, or
    None when it is no date cvtex reads."""
    value = " ".join(text.strip().lower().split())
    if value in _PRESENT:
        return "present"
    if match := _ISO_TIME.match(value):
        value = match[1]
    if match := _ISO.match(value):
        return _written(match[1], match[2], match[3])
    if match := _MONTH_YEAR.match(value):
        return _written(match[2], match[1])
    if (match := _NAMED_MONTH.match(value)) and match[1] in _MONTHS:
        return _written(match[2], _MONTHS[match[1]])
    if (match := _NAMED_DAY.match(value)) and match[1] in _MONTHS:
        return _written(match[3], _MONTHS[match[1]], match[2])
    if (match := _DAY_NAMED.match(value)) and match[2] in _MONTHS:
        return _written(match[3], _MONTHS[match[2]], match[1])
    if match := _CJK_DATE.match(value):
        return _written(match[1], match[2], match[3])
    if match := _SHORT_YEAR.match(value):
        short = int(match[1] or match[2])
        # '16 is 2016; '98 (later in the century than this year) is 1998.
        return str(2000 + short if short <= today.year % 100 else 1900 + short)
    return None


def _written(
    year: str | int, month: str | int | None = None, day: str | int | None = None
) -> str | None:
    """The date in the profile's form, or None when its month or day cannot be."""
    if month is None:
        return f"{int(year):04d}"
    if day is None:
        return f"{int(year):04d}-{int(month):02d}" if 1 <= int(month) <= 12 else None
    try:
        return dt.date(int(year), int(month), int(day)).isoformat()
    except ValueError:
        return None


def read_range(text: str, today: dt.date) -> tuple[str, str] | None:
    """A start and an end written in one field (2017-05 - 2019-04, 2019–present)."""
    years = _YEARS.match(text.strip())
    parts = [years[1], years[2]] if years else _RANGE.split(text.strip(), maxsplit=1)
    if len(parts) != 2:
        return None
    start, end = read_date(parts[0], today), read_date(parts[1], today)
    if start is None or start == "present" or end is None:
        return None
    return start, end


_YEAR_IN_WORDS = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")


def years_in_words(text: str) -> tuple[str, str | None] | None:
    """The years a date written in words names ("Fall 2023", "Summer 2022 – Spring 2024",
    "since 2019, ongoing"): the first, and the last (or present) as an end; None when it
    names no year. The words themselves are no date: the caller says they were not kept."""
    years = _YEAR_IN_WORDS.findall(text)
    if not years:
        return None
    words = {word for word in re.split(r"[^\w']+", text.lower()) if word}
    going_on = bool(words & _PRESENT) or any(w in text for w in _PRESENT if not w.isascii())
    if len(years) > 1:
        return years[0], years[-1]
    return years[0], ("present" if going_on else None)


def still_to_come(date: str, today: dt.date) -> bool:
    """Whether ``date`` (2026, 2026-06, 2026-06-30) is later than ``today`` at its precision."""
    return date > today.isoformat()[: len(date)]


def ends_before(start: str, end: str) -> bool:
    """Whether ``end`` is earlier than ``start`` (each 2019, 2019-06 or 2019-06-30, or
    "present") at the precision both are written in: 2019 and 2019-06 are one year."""
    if "present" in (start, end):
        return False
    size = min(len(start), len(end))
    return end[:size] < start[:size]


def the_end_left_out(start: str, end: str) -> str:
    """The note for an end before its start, which the profile refuses (cvtex validate
    names it too): the start stays, alone."""
    return (
        f"{end}: ends before it starts ({start}): left out, so the entry shows its start "
        "alone; write the right end in the profile"
    )


def an_end(date: str, today: dt.date) -> str | dict[str, str]:
    """An entry's end as the profile writes it: "present" as it is, an end still to come as
    {expected: ...} (a degree, a contract), any other its date."""
    if date != "present" and still_to_come(date, today):
        return {"expected": date}
    return date


def from_epoch_millis(value: int | float) -> str | None:
    """A date written as milliseconds since 1970 (ORCID's v2 "created-date"), as its day."""
    try:
        return dt.datetime.fromtimestamp(value / 1000, dt.UTC).date().isoformat()
    except (OverflowError, OSError, ValueError):
        return None

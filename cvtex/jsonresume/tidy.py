"""A JSON Resume file as people write it, made into what the schema means, before it is
checked: the older schema's keys, empty strings, dates in the forms people write. A value
that still cannot be read is left out with a note naming its path and line; it never
refuses the whole file.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any

from ..errors import InputError
from ..profile.source import Path_, format_path

# The older schema's names (before 1.0) -> today's, per part of the document.
_RENAMED: dict[str, dict[str, str]] = {
    "basics": {"website": "url", "picture": "image"},
    "work": {"company": "name", "website": "url"},
    "volunteer": {"website": "url"},
    "education": {"gpa": "score"},
    "publications": {"website": "url"},
    "projects": {"website": "url"},
}
_DATE_KEYS = ("startDate", "endDate", "date", "releaseDate")
_PRESENT = {"present", "now", "current", "today", "ongoing", "至今", "今", "现在", "現在", "目前"}
# A publication's date written as where it stands: the profile's publication status.
_STATUS = {
    "submitted": "under-review",
    "under review": "under-review",
    "in review": "under-review",
    "accepted": "accepted",
    "in press": "to-appear",
    "to appear": "to-appear",
    "forthcoming": "to-appear",
    "preprint": "preprint",
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
_YEAR_MONTH = re.compile(r"^(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?$")
_MONTH_YEAR = re.compile(r"^(\d{1,2})[-/.](\d{4})$")
_NAMED_MONTH = re.compile(r"^([a-z]+)\.?,?\s+(\d{4})$")
_CJK_DATE = re.compile(r"^(\d{4})\s*年(?:\s*(\d{1,2})\s*月)?(?:\s*\d{1,2}\s*日)?$")
_SHORT_YEAR = re.compile(r"^['’‘](\d{2})$|^(\d{2})$")
_RANGE = re.compile(r"\s+[-–—~]\s+|\s*[–—~]\s*|\s+to\s+|\s*至\s*")
_YEARS = re.compile(r"^(\d{4})-(\d{4})$")  # 2019-2021: two years, not a year and a month
# Texts given per language ({"de": ..., "en": ...}), which JSON Resume writes one file each.
_LANGUAGE_KEY = re.compile(r"^[a-z]{2}(?:[-_][A-Za-z]{2,4})?$")


def read_date(text: str, today: dt.date) -> str | None:
    """``text`` as 2020 or 2020-09, "present" for an end still going on, or None."""
    value = text.strip().lower()
    if value in _PRESENT:
        return "present"
    if match := _YEAR_MONTH.match(value):
        year, month = match[1], match[2]
        if month is None:
            return year
        return f"{year}-{int(month):02d}" if 1 <= int(month) <= 12 else None
    if match := _MONTH_YEAR.match(value):
        return f"{match[2]}-{int(match[1]):02d}" if 1 <= int(match[1]) <= 12 else None
    if (match := _NAMED_MONTH.match(value)) and match[1] in _MONTHS:
        return f"{match[2]}-{_MONTHS[match[1]]:02d}"
    if match := _CJK_DATE.match(value):
        month = match[2]
        if month is None:
            return match[1]
        return f"{match[1]}-{int(month):02d}" if 1 <= int(month) <= 12 else None
    if match := _SHORT_YEAR.match(value):
        short = int(match[1] or match[2])
        # '16 is 2016; '98 (later in the century than this year) is 1998.
        return str(2000 + short if short <= today.year % 100 else 1900 + short)
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


class Tidier:
    """Makes one file's data what the schema means, noting what it leaves out."""

    def __init__(self, note: Callable[[Path_, str], None], today: dt.date) -> None:
        self.note = note
        self.today = today

    def tidy(self, data: dict[str, Any]) -> dict[str, Any]:
        data = _without_empty(data)
        for part, renamed in _RENAMED.items():
            entries = data.get(part)
            for entry in entries if isinstance(entries, list) else [entries]:
                if isinstance(entry, dict):
                    for old, new in renamed.items():
                        if old in entry and new not in entry:
                            entry[new] = entry.pop(old)
        for part, entries in data.items():
            if isinstance(entries, list):
                for index, entry in enumerate(entries):
                    if isinstance(entry, dict):
                        self._dates((part, index), entry)
        return data

    def _dates(self, path: Path_, entry: dict[str, Any]) -> None:
        for key in _DATE_KEYS:
            value = entry.get(key)
            if value is None:
                continue
            where = (*path, key)
            if isinstance(value, int) and 1000 <= value <= 9999:
                entry[key] = str(value)
                continue
            if not isinstance(value, str):
                continue
            date = read_date(value, self.today)
            if date == "present":
                # JSON Resume writes a thing still going on without an end.
                del entry[key]
                if key != "endDate":
                    self.note(where, f"{value!r} is not a start; left out")
                continue
            if date is not None:
                entry[key] = date
                continue
            both = read_range(value, self.today)
            if both and key == "startDate" and "endDate" not in entry:
                entry["startDate"], end = both
                if end != "present":
                    entry["endDate"] = end
                continue
            del entry[key]
            status = _STATUS.get(value.strip().lower())
            if key == "releaseDate" and status:
                entry["status"] = status
                continue
            if key == "endDate":
                entry["endUnread"] = True
            self.note(where, f"{value!r} is not a date cvtex reads (2020, 2020-09); left out")


def _without_empty(value: Any) -> Any:
    """The data without empty strings (an empty studyType is no degree, not a blank one)."""
    if isinstance(value, dict):
        kept = {key: _without_empty(item) for key, item in value.items()}
        return {key: item for key, item in kept.items() if item is not _EMPTY}
    if isinstance(value, list):
        return [item for item in (_without_empty(item) for item in value) if item is not _EMPTY]
    if isinstance(value, str) and not value.strip():
        return _EMPTY
    return value


_EMPTY = object()


def refuse_texts_per_language(
    data: Any, file: str, line: Callable[[Path_], int], path: Path_ = ()
) -> None:
    """One message for a file that gives its texts per language: it is not one resume."""
    found = _per_language(data, path)
    if found is not None:
        where, languages = found
        raise InputError(
            f"{file}:{line(where)}: not one JSON Resume document: it gives its texts per "
            f"language ({', '.join(languages)}; the first at {format_path(where)})",
            "JSON Resume holds one language per file: write one file per language and "
            "import them together (cvtex import resume.en.json resume.de.json)",
        )


def _per_language(value: Any, path: Path_) -> tuple[Path_, list[str]] | None:
    if isinstance(value, dict):
        if (
            path
            and len(value) >= 2
            and all(isinstance(key, str) and _LANGUAGE_KEY.match(key) for key in value)
            and all(isinstance(item, str) for item in value.values())
        ):
            return path, sorted(value)
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        if (found := _per_language(item, (*path, key))) is not None:
            return found
    return None

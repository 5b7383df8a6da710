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

from ...errors import InputError
from ...profile.source import Path_, format_path
from ...text.htmltext import has_html, html_text, title_text
from ..dates import read_date, read_range

# The older schema's names (before 1.0) -> today's, per part of the document.
_RENAMED: dict[str, dict[str, str]] = {
    "basics": {"website": "url", "picture": "image"},
    "work": {"company": "name", "website": "url"},
    "internship": {"company": "name", "website": "url"},
    "volunteer": {"website": "url"},
    "education": {
        "gpa": "score",
        "advisors": "advisor",
        "supervisor": "advisor",
        "dissertation": "thesis",
        "honors": "scholarships",
    },
    "publications": {"website": "url"},
    "projects": {"website": "url"},
}
_DATE_KEYS = ("startDate", "endDate", "date", "releaseDate")
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
# Texts given per language ({"de": ..., "en": ...}), which JSON Resume writes one file each.
_LANGUAGE_KEY = re.compile(r"^[a-z]{2}(?:[-_][A-Za-z]{2,4})?$")


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
                        _html_as_text(entry, lifted=part in _WITH_HIGHLIGHTS)
        if isinstance(data.get("basics"), dict):
            _html_as_text(data["basics"], lifted=False)
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
            if isinstance(value, dt.date):  # a resume.yaml's unquoted 2024-09-01
                entry[key] = value.isoformat()[:10]
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
            self.note(
                where, f"{value!r} is not a date cvtex reads (2020, 2020-09, 2020-09-01); left out"
            )


# Texts of paragraphs (a <p> or <br/> starts another) and lists of bullets (each line its
# own bullet); any other text is one line. Addresses are no text: left as written.
_PARAGRAPHS = {"summary", "description", "reference"}
_BULLETS = {"highlights", "courses"}
_WITH_HIGHLIGHTS = {"work", "volunteer", "projects"}
_NOT_TEXT = {"url", "image", "email", "phone", "startDate", "endDate", "date", "releaseDate"}
_LIST_ITEM = re.compile(
    r"<li(?:\s[^>]*)?>(.*?)(?:</li\s*>|(?=<li[\s>])|(?=</[uo]l\s*>)|$)", re.I | re.S
)
_LIST = re.compile(r"<([uo]l)(?:\s[^>]*)?>(.*?)(?:</\1\s*>|$)", re.I | re.S)


def _html_as_text(entry: dict[str, Any], lifted: bool) -> None:
    """The HTML that résumé editors write into a JSON Resume's texts (<br/>, <b>, <ul><li>,
    &amp;) as text: line breaks as paragraphs or bullets, emphasis and links as the
    profile's markup, other tags taken off, entities as their characters. A list in an
    entry's paragraph is its bullets, before its highlights (``lifted``: the entry is of a
    kind that has highlights)."""
    for key in list(entry):
        if key in _NOT_TEXT:
            continue
        value = entry[key]  # a paragraph's list may have joined the highlights already
        if isinstance(value, str) and has_html(value):
            if key in _PARAGRAPHS:
                paragraphs, items = _list_items(value, lifted)
                entry[key] = html_text(paragraphs)
                if items:
                    entry["highlights"] = items + list(entry.get("highlights") or [])
            else:
                entry[key] = title_text(value)
        elif isinstance(value, list):
            entry[key] = [
                line
                for item in value
                for line in (_bullets(item) if key in _BULLETS else [_line(item)])
            ]
        elif isinstance(value, dict) and key == "location":
            _html_as_text(value, lifted=False)


def _list_items(text: str, lifted: bool) -> tuple[str, list[str]]:
    """A paragraph's text without its lists, and their items as bullets (``lifted``: the
    entry has highlights to take them); else the items stay, one paragraph each."""
    if not lifted or not _LIST.search(text):
        return text, []
    items: list[str] = []
    for found in _LIST.finditer(text):
        items += [item for match in _LIST_ITEM.finditer(found[2]) for item in _bullets(match[1])]
    return _LIST.sub("<br/>", text), items


def _bullets(value: Any) -> list[Any]:
    if not isinstance(value, str) or not has_html(value):
        return [value]
    return [line for line in html_text(value).splitlines() if line]


def _line(value: Any) -> Any:
    return title_text(value) if isinstance(value, str) and has_html(value) else value


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

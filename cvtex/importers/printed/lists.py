"""Sections of one line an entry: an award or a service and its years, a skill group
(a category and the skills listed after it), a language and its level.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from ..listed import split_list
from ..reader import T
from .dates import find_dates, without
from .items import Item, Taking

_YEARS = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
LABELLED = re.compile(r"^([^:：]{1,40})[:：]\s*(.+)$")


def _with_years(items: list[Item], taking: Taking, key: str) -> list[dict]:
    """Awards and services: a line and its years (a year alone on a line: the one above's)."""
    entries: list[dict] = []
    for item in items:
        text = item.text
        cells = [cell.text for cell in item.cells if cell.text]
        dated = [cell for cell in cells if _only_a_date(cell, taking.today)]
        if len(cells) > 1 and len(dated) == 1:  # a table's row: 2021 | 2nd Place | Online
            taking.take(item)
            name = ", ".join(cell for cell in cells if cell is not dated[0])
            entries.append({key: T(name), "years": [int(y) for y in _YEARS.findall(dated[0])]})
            continue
        years = [int(year) for year in _YEARS.findall(text)]
        rest = _YEARS.sub(" ", text)
        rest = " ".join(re.sub(r"[,，、\s–—-]+$|^[,，、\s–—-]+", "", rest).split())
        if not rest and entries and years:
            entries[-1].setdefault("years", []).extend(years)
            taking.take(item)
            continue
        if not rest:
            continue
        taking.take(item)
        entry: dict[str, Any] = {key: T(rest if years and _only_years_cut(text) else text)}
        if years and _only_years_cut(text):
            entry["years"] = years
        entries.append(entry)
    return entries


def _only_a_date(text: str, today: dt.date) -> bool:
    """Whether ``text`` is years or a date and nothing else: 2021, 2016 年 04 月."""
    found = find_dates(text, today)
    return found is not None and not without(text, found) and bool(_YEARS.search(text))


def _only_years_cut(text: str) -> bool:
    """Whether the years stand apart (at the end, or in a cell of their own), so that
    cutting them out leaves the award's name whole."""
    return bool(re.search(r"(?:\s{2,}|[,，(（]\s*|\s)((?:19|20)\d{2}[,，、\s–—-]*)+[)）]?$", text))


def awards(items: list[Item], taking: Taking) -> list[dict]:
    entries = _with_years(items, taking, "name")
    for entry in entries:
        if entry.get("years") and isinstance(entry["name"], str):
            entry["name"] = T(re.sub(r"[\s,，(（]+$", "", entry["name"]))
    return entries


def service(items: list[Item], taking: Taking) -> list[dict]:
    return _with_years(items, taking, "text")


def split_items(text: str) -> list[str]:
    """A list written on a line, at its commas (and 、，;) outside brackets."""
    return [part.strip(" .。") for part in split_list(text, ",，、;；") if part.strip(" .。")]


def skills(items: list[Item], taking: Taking, title: str) -> list[dict]:
    groups: list[dict] = []
    pending: Item | None = None  # a bold category alone on its line
    for item in items:
        text = item.text
        if not text:
            continue
        taking.take(item)
        cells = [cell.text for cell in item.cells if cell.text]
        if len(cells) >= 4 and len(cells) % 2 == 0:  # two groups side by side (moderncv)
            for category, listed in zip(cells[::2], cells[1::2], strict=True):
                groups.append({"category": T(category.rstrip(":：")), "items": _listed(listed)})
            pending = None
            continue
        if len(cells) >= 2:
            category, listed = cells[0].rstrip(":："), " , ".join(cells[1:])
        elif match := LABELLED.match(text):
            category, listed = match[1], match[2]
        elif item.bold and not item.mark and pending is None:
            pending = item
            continue
        elif pending is not None:
            category, listed = pending.text.rstrip(":："), text
        else:
            category, listed = title, text
        pending = None
        groups.append({"category": T(category.strip()), "items": _listed(listed)})
    if pending is not None:
        groups.append({"category": T(title), "items": [T(pending.text)]})
    return groups


def _listed(text: str) -> list[str]:
    """A list of skills (Python, C++, Git) as items; a sentence (Proficient with Python,
    C++, and Git; good understanding of calculus) whole, as written."""
    parts = split_items(text)
    sentence = any(len(part.split()) > 4 or re.match(r"(?:and|or)\s", part) for part in parts)
    return [T(text.strip())] if sentence else [T(part) for part in parts]


def languages(items: list[Item], taking: Taking) -> list[dict]:
    entries = []
    for item in items:
        text = item.text
        if not text:
            continue
        taking.take(item)
        for part in [text] if LABELLED.match(text) or len(item.cells) > 1 else split_items(text):
            cells = [cell.text for cell in item.cells if cell.text]
            if len(cells) >= 2:  # a level, and a comment beside it (moderncv)
                entries.append({"language": T(cells[0]), "level": T(", ".join(cells[1:]))})
                break
            match = LABELLED.match(part) or re.match(r"^(.+?)\s*[(（](.+)[)）]$", part)
            if match:
                entries.append({"language": T(match[1].strip()), "level": T(match[2].strip())})
            else:
                entries.append({"language": T(part)})
    return entries

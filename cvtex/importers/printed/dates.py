"""A date or a range of dates found inside a printed line, in every form cvtex prints and
the common others: ``Sep 2019 – Jun 2021``, ``09/2019 - present``, ``2019.09–2021.06``,
``2019年9月～2021年6月``, ``2019. 09. ~ 2021. 06.``, ``2020 – 2026 (expected)``, 至今, 現在,
현재. Each date is read by the importers' one date reader (:mod:`..dates`).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ..dates import read_date

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_ONE = (
    rf"(?:{_MONTH},?\s+\d{{4}}"  # Sep 2019
    r"|\d{4}\s*[年년]\s*\d{1,2}\s*[月월](?:\s*\d{1,2}\s*[日일])?"  # 2019年9月
    r"|\d{4}\s*[年년]"  # 2019年
    r"|\d{4}\s*[./-]\s*\d{1,2}(?:\s*[./-]\s*\d{1,2})?\.?"  # 2019.09, 2019. 09., 2019-09-01
    r"|\d{1,2}\s*/\s*\d{4}"  # 09/2019
    r"|(?<![\d.])\d{4}(?![\d.]))"  # 2019
)
_PRESENT = r"(?:present|now|current|today|ongoing|至今|今|现在|現在|目前|현재|재직\s*중|재직중)"
_DASH = r"\s*(?:[-–—~～〜至]|to|bis|until)\s*"
_EXPECTED = r"(?:\s*[(（]\s*(?:expected|exp\.?|预计|預計|予定|見込み?|예정)\s*[)）])?"
_RANGE = re.compile(
    rf"(?<![\w.])(?P<start>{_ONE}){_DASH}(?P<end>{_ONE}|{_PRESENT}){_EXPECTED}", re.I
)
_SINGLE = re.compile(rf"(?<![\w.])(?P<start>{_ONE}){_EXPECTED}(?![\w])", re.I)
_YEAR_ONLY = re.compile(r"^\d{4}$")


@dataclass(frozen=True)
class Found:
    start: str
    end: str | None
    span: tuple[int, int]  # where in the text
    expected: bool = False


def find_dates(text: str, today: dt.date) -> Found | None:
    """The last range of dates in ``text`` (a heading's dates stand at its end), else its
    last single date; None when it names none."""
    for pattern in (_RANGE, _SINGLE):
        for match in reversed(list(pattern.finditer(text))):
            start = _date(match["start"], today)
            end = _date(match["end"], today) if "end" in match.groupdict() else None
            if start is None or start == "present":
                continue
            if pattern is _RANGE and end is None:
                continue
            if pattern is _SINGLE and not _plausible_alone(match["start"], text):
                continue
            expected = bool(re.search(r"[(（]", match.group()[len(match["start"]) :]))
            return Found(start, end, match.span(), expected)
    return None


def _plausible_alone(date: str, text: str) -> bool:
    """A year alone is a date when little else is written around it (2023, or a line's
    last cell), not a number inside a sentence (Top 5 of 2000 students)."""
    if not _YEAR_ONLY.match(date.strip()):
        return True
    return len(text.split()) <= 4


def _date(text: str, today: dt.date) -> str | None:
    text = text.strip()
    if re.match(_MONTH + r"\s", text, re.I):  # Sep. 2019: the month's own full stop kept
        return read_date(" ".join(text.split()), today)
    text = re.sub(r"\s*([./-])\s*", r"\1", text).rstrip(".")
    text = re.sub(r"\s+", " ", text)
    return read_date(text, today)


def without(text: str, found: Found) -> str:
    """``text`` with the dates cut out, and the separators left around them."""
    rest = text[: found.span[0]] + " " + text[found.span[1] :]
    return " ".join(rest.split()).strip(" ,;|·•–—-:()（）")

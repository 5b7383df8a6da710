"""A printed reference read into authors, title, venue and year where that is sure: the
title set apart by its style (italic, or quoted), the authors before it, the venue after;
a reference with no such mark is kept whole as the title, and said so.
"""

from __future__ import annotations

import re

from ..reader import T
from .lines import Span

_YEAR = re.compile(r"(?<!\d)(19\d{2}|20\d{2})(?!\d)")
_SHORT_YEAR = re.compile(r"['’](\d{2})\b")  # ICNP'24
_QUOTED = re.compile(r"[“\"«「『](.+?)[”\"»」』]")
_ABBR = re.compile(r"\(\s*([A-Za-z][\w&\-/ ]{1,20}?)\s*['’]?\d{0,2}\s*\)\s*$")
_AND = re.compile(r",?\s+(?:and|&)\s+|\s*[,，、;；]\s*")


def publication(spans: list[Span], text: str) -> tuple[dict, bool]:
    """The publication ``text`` (with its styled ``spans``) is, and whether its parts
    were sure (else the whole text is its title)."""
    year = _year(text)
    parts = _by_style(spans) or _by_quotes(text)
    if parts is None:
        # Its year stays in the title, where it was printed: a year of its own would be
        # printed twice.
        return {"title": T(text)}, False
    before, title, after = parts
    entry = {"title": T(title.strip(" ,.;"))}
    authors = [name.strip(" .,") for name in _AND.split(before.strip(" ,.;:")) if name.strip(" .,")]
    if authors:
        entry["authors"] = [T(name) for name in authors]
    venue = after.strip(" ,.;")
    if abbreviation := _ABBR.search(venue):
        entry["abbr"] = abbreviation[1].strip()
        venue = venue[: abbreviation.start()].strip(" ,.;")
    if year:
        venue = re.sub(rf"[,.\s]*\(?{year}\)?[.,]?(?=\s|$)", "", venue, count=1).strip(" ,.;")
        entry["year"] = year
    if venue:
        entry["venue"] = T(venue)
    return entry, True


def _year(text: str) -> int | None:
    if years := _YEAR.findall(text):
        return int(years[-1])
    if short := _SHORT_YEAR.findall(text):
        return 2000 + int(short[-1])
    return None


def _by_style(spans: list[Span]) -> tuple[str, str, str] | None:
    """The one italic run of words as the title, when there is exactly one (a run may go
    on over lines: the spaces between its parts are of no style)."""
    runs: list[list[int]] = []
    for index, span in enumerate(spans):
        if span.italic and span.text.strip():
            if runs and all(not s.text.strip() for s in spans[runs[-1][-1] + 1 : index]):
                runs[-1].append(index)
            else:
                runs.append([index])
    runs = [run for run in runs if len("".join(spans[i].text for i in run).strip()) > 8]
    if len(runs) != 1:
        return None
    first, last = runs[0][0], runs[0][-1]
    before = "".join(span.text for span in spans[:first])
    title = "".join(span.text for span in spans[first : last + 1])
    after = "".join(span.text for span in spans[last + 1 :])
    return before, title, after


def _by_quotes(text: str) -> tuple[str, str, str] | None:
    match = _QUOTED.search(text)
    if match is None or len(match[1]) < 8:
        return None
    return text[: match.start()], match[1], text[match.end() :]

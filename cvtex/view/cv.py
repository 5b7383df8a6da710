"""What a template receives: one language's CV as plain strings in small dataclasses.

Every value here is user text chosen for the language (not yet TeX, HTML or Markdown):
each output's renderer escapes it on its own path. :mod:`.localize` makes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..language.catalog import Punctuation
from ..profile.source import Path_, format_path


@dataclass(frozen=True)
class Fallback:
    """A text field with no text in the language being built."""

    path: Path_
    language: str
    used: str
    line: int
    file: Path | None = None  # the file it is written in, when not the build's profile

    @property
    def message(self) -> str:
        return f"{format_path(self.path)} has no {self.language} text; using {self.used}"

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True)
class Contact:
    type: str
    text: str
    url: str | None


@dataclass(frozen=True)
class Personal:
    """A line of the personal block: 求职意向：算法工程师."""

    label: str
    value: str


@dataclass(frozen=True)
class Link:
    label: str
    url: str


@dataclass(frozen=True)
class Bullet:
    text: str
    items: list[Bullet] = field(default_factory=list)
    numbered: bool = False


@dataclass(frozen=True)
class Row:
    """A two-line entry: heading and place on top, detail and dates below; then its
    description's paragraphs and its bullets (numbered or not)."""

    heading: str
    place: str
    detail: str
    dates: str
    bullets: list[Bullet]
    links: list[Link] = field(default_factory=list)
    description: list[str] = field(default_factory=list)
    numbered: bool = False


@dataclass(frozen=True)
class Person:
    name: str
    owner: bool
    marks: str  # equal-contribution and corresponding-author marks
    separator: str  # what follows the name in its list: empty after the last


@dataclass(frozen=True)
class Citation:
    number: int
    authors: list[Person]
    title: str
    venue: str
    venue_tag: str
    year: str
    status: str
    awards: list[str]
    labels: list[str]
    links: list[Link]
    # The punctuation between its parts: the language's, or the catalog's Latin set for an
    # entry written in Latin script (None: the catalog's own, for views made elsewhere).
    punctuation: Punctuation | None = None
    # A title in a script without italics (Chinese): set upright, its Latin letters too.
    upright: bool = False
    # What comes before the status: the catalog's punctuation for the status's own text (a
    # Chinese status after an English entry: "2025，预印本"); empty: ``punctuation``'s.
    status_separator: str = ""


@dataclass(frozen=True)
class CitationGroup:
    heading: str  # empty when the section is not grouped
    citations: list[Citation]


@dataclass(frozen=True)
class Publications:
    groups: list[CitationGroup]
    legend: str  # explains the author marks used, if any

    def __bool__(self) -> bool:
        return any(group.citations for group in self.groups)


@dataclass(frozen=True)
class Item:
    """A line with text on the left and a short note (years, a level) on the right."""

    text: str
    note: str = ""


@dataclass(frozen=True)
class SkillGroup:
    category: str
    items: str


@dataclass(frozen=True)
class Referee:
    name: str
    lines: list[str]
    email: str


@dataclass(frozen=True)
class Entry:
    """A free entry: text, an optional date, links and nested items."""

    text: str
    date: str
    links: list[Link]
    items: list[Bullet]
    description: list[str] = field(default_factory=list)
    numbered: bool = False


@dataclass(frozen=True)
class SectionView:
    id: str
    kind: str
    title: str
    entries: Any  # a list, or a Publications


@dataclass(frozen=True)
class CvView:
    language: str
    name: str
    headline: str
    photo: str | None  # the image's file name beside the .tex, if this CV shows it
    updated: str
    contacts: list[Contact]
    sections: list[SectionView]
    fallbacks: list[Fallback]
    own_texts: int  # text fields shown in this language that have text of their own
    converted: int = 0  # text fields converted from another Chinese (zh -> zh-TW)
    # The personal block (objective, date of birth...): only some themes show it.
    personal: list[Personal] = field(default_factory=list)

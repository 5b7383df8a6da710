"""When an imported entry is one the profile has already, whatever language or spelling it is
written in: a work by its DOI or its title, a position by its organization and start, a
degree by its institution and start. :mod:`.into` adds what is not there; an import run
again finds everything there, and changes nothing.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

from ..profile import content
from ..profile.base import Same, Text, YearMonth
from ..render.blocks import text_of

_NOT_WORD = re.compile(r"[\W_]+")
_DOI = re.compile(r"(10\.\d{4,9}/\S+)", re.IGNORECASE)


@cache
def folded(text: str) -> str:
    """A text as two spellings of one name compare: case, width, accents, punctuation and
    the profile's markup aside ("M.I.T." is not "MIT", but "Tsinghua University" is
    "tsinghua  university,", and "CO$_{2}$" is "CO₂" and "CO2")."""
    if "$" in text or "*" in text or "[" in text:
        text = text_of(text)
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(char for char in text if not unicodedata.combining(char))
    return _NOT_WORD.sub(" ", text).strip()


def title_keys(value: Text | None) -> set[str]:
    """A title's spellings with no spaces at all: a database that drops a formula's
    subscript writes "CO 2" where another writes "CO<inf>2</inf>"."""
    return {spelling.replace(" ", "") for spelling in spellings(value)}


def spellings(value: Text | None) -> set[str]:
    """Every language's text of a field, folded."""
    if value is None:
        return set()
    if isinstance(value, Same):
        return {folded(value.same)} - {""}
    if isinstance(value, str):
        return {folded(value)} - {""}
    return {folded(text) for text in value.values() if text} - {""}


def _month(date: YearMonth | None) -> tuple[int, int | None] | None:
    return (date.year, date.month) if date is not None else None


def _starts_agree(a: YearMonth | None, b: YearMonth | None) -> bool:
    """Two starts of one thing: equal where both are written (2019-03 is 2019-03-15, and a
    year alone is any month of it); a missing start agrees with any."""
    if a is None or b is None:
        return True
    if a.month is None or b.month is None:
        return a.year == b.year
    return (a.year, a.month) == (b.year, b.month)


def doi_of(links: Iterable[content.Link]) -> str | None:
    for link in links:
        if match := _DOI.search(link.url):
            return match[1].rstrip(".").casefold()
    return None


def _same_publication(a: content.Publication, b: content.Publication) -> bool:
    return same_work(_work(a), _work(b))


def _work(publication: content.Publication) -> Work:
    venues = spellings(publication.venue)
    preprint = publication.status == "preprint" or publication.type == "preprint"
    return (doi_of(publication.links), title_keys(publication.title), publication.year, venues,
            preprint)  # fmt: skip


# A work as two listings of it are compared: its DOI, titles and venues (folded), year, and
# whether it is a preprint.
Work = tuple[str | None, set[str], int | None, set[str], bool]
_PREPRINT_SERVER = re.compile(
    r"\b(?:arxiv|biorxiv|medrxiv|chemrxiv|eartharxiv|techrxiv|psyarxiv|socarxiv|ssrn|"
    r"research square|preprints)\b"
)


def same_work(a: Work, b: Work) -> bool:
    """One work, by its DOI where both have one; else by its title, unless the years are
    further apart than a print and an online year, or the venues differ (a talk and the
    paper after it, or one talk given at two meetings, share a title: they are two). A
    preprint is the paper it became, whatever the years."""
    doi_a, titles_a, year_a, venues_a, preprint_a = a
    doi_b, titles_b, year_b, venues_b, preprint_b = b
    if doi_a and doi_b:
        return doi_a == doi_b
    if not titles_a & titles_b:
        return False
    if preprint_a or preprint_b or _on_server(venues_a) or _on_server(venues_b):
        return True
    if year_a and year_b and abs(year_a - year_b) > 1:
        return False
    return not venues_a or not venues_b or _venues_agree(venues_a, venues_b)


def _on_server(venues: set[str]) -> bool:
    return any(_PREPRINT_SERVER.search(venue) for venue in venues)


def _venues_agree(a: set[str], b: set[str]) -> bool:
    """One venue written two ways: "Interspeech 2019" is "Proceedings of Interspeech 2019",
    "CTMC" is "Current Topics in Medicinal Chemistry"."""
    return any(_one_venue(x, y) or _one_venue(y, x) for x in a for y in b)


def _one_venue(short: str, long: str) -> bool:
    return short == long or f" {short} " in f" {long} " or short in _initials(long)


_MINOR_WORDS = {"of", "in", "on", "and", "the", "for", "a", "an", "to"}


def _initials(venue: str) -> set[str]:
    """A venue's abbreviations by its initials, with and without its minor words."""
    words = venue.split()
    if len(words) < 2:
        return set()
    return {
        "".join(word[0] for word in words),
        "".join(word[0] for word in words if word not in _MINOR_WORDS),
    }


def _names(position: content.Experience) -> set[str]:
    """What names a position's employer: its organization, else its title."""
    return spellings(position.organization) or spellings(position.title)


def _every(position: content.Experience) -> set[str]:
    """Where a profile may write the employer: the organization, the title, the team."""
    return spellings(position.organization) | spellings(position.title) | spellings(position.team)


def _same_position(a: content.Experience, b: content.Experience) -> bool:
    """An organization and a start; a profile may write the organization as the title (a
    project's heading) or the team, so any of those meets the other's organization."""
    if not _starts_agree(a.start or a.date, b.start or b.date):
        return False
    if not (_names(a) & _every(b) or _names(b) & _every(a)):
        return False
    if a.start is None and b.start is None and a.date is None and b.date is None:
        return bool(spellings(a.title) & spellings(b.title))  # no dates: the title too
    return True


def _same_degree(a: content.Education, b: content.Education) -> bool:
    if not spellings(a.institution) & spellings(b.institution):
        return False
    if a.start is None and b.start is None:
        return _agree(spellings(a.degree), spellings(b.degree))
    return _starts_agree(a.start, b.start)


def _agree(a: set[str], b: set[str]) -> bool:
    return not a or not b or bool(a & b)


def _by(*fields: str) -> Callable[[Any, Any], bool]:
    """Two entries are one when every field given has a spelling in common (or a date in
    common), a field missing on either side agreeing with anything."""

    def same(a: Any, b: Any) -> bool:
        for name in fields:
            x, y = getattr(a, name), getattr(b, name)
            if name in ("start", "date"):
                if not _starts_agree(x, y):
                    return False
            elif name == "years":
                if x and y and not set(x) & set(y):
                    return False
            elif not _agree(spellings(x), spellings(y)):
                return False
        return True

    return same


def _same_patent(a: content.Patent, b: content.Patent) -> bool:
    if a.number and b.number:
        return folded(a.number) == folded(b.number)
    return bool(spellings(a.title) & spellings(b.title))


def _same_certificate(a: content.Certificate, b: content.Certificate) -> bool:
    """One issuer's certificate of one name, unless their numbers or dates differ: a
    course platform gives a certificate of the same name every year."""
    if a.number and b.number and folded(a.number) != folded(b.number):
        return False
    return _by("issuer")(a, b) and _starts_agree(a.start or a.date, b.start or b.date)


def _same_skills(a: content.SkillGroup, b: content.SkillGroup) -> bool:
    return bool(spellings(a.category) & spellings(b.category))


def _named(field: str) -> Callable[[Any, Any], bool]:
    """One required text that names the entry: it must be there on both sides."""

    def same(a: Any, b: Any) -> bool:
        return bool(spellings(getattr(a, field)) & spellings(getattr(b, field)))

    return same


# A pool of the profile -> when two of its entries are one.
SAME: dict[str, Callable[[Any, Any], bool]] = {
    "education": _same_degree,
    "experience": _same_position,
    "volunteer": _same_position,
    "publications": _same_publication,
    "patents": _same_patent,
    "awards": _named("name"),
    "certificates": lambda a, b: _named("name")(a, b) and _same_certificate(a, b),
    "teaching": lambda a, b: _named("course")(a, b) and _by("start", "institution")(a, b),
    "service": lambda a, b: _named("text")(a, b) and _by("start", "years")(a, b),
    "talks": lambda a, b: _named("title")(a, b) and _by("date", "event")(a, b),
    "skills": _same_skills,
    "spoken_languages": _named("language"),
    "references": _named("name"),
    "others": lambda a, b: _named("text")(a, b) and _by("start", "date")(a, b),
}


def same_contact(a: content.Contact, b: content.Contact) -> bool:
    if a.type != b.type:
        return False
    if a.url and b.url and folded(a.url) == folded(b.url):
        return True
    return bool(spellings(a.value) & spellings(b.value))


def _fields(*names: str) -> Callable[[Any], set[str]]:
    return lambda entry: set().union(*(spellings(getattr(entry, name)) for name in names))


def _numbered(prefix: str, field: str, *names: str) -> Callable[[Any], set[str]]:
    def keys(entry: Any) -> set[str]:
        number = getattr(entry, field)
        return _fields(*names)(entry) | ({f"{prefix}:{folded(number)}"} if number else set())

    return keys


def _work_keys(entry: content.Publication) -> set[str]:
    # A DOI or a title: two works that are one share one of them (see same_work).
    doi = doi_of(entry.links)
    return title_keys(entry.title) | ({f"doi:{doi}"} if doi else set())


# A pool -> the spellings of an entry of which another must share one to be the same (a
# work's DOI or title, a position's organization, title or team, ...): the keys by which
# an entry's candidates are found among thousands, before SAME compares them.
def _position_keys(position: content.Experience) -> set[str]:
    return {f"names:{key}" for key in _names(position)} | {
        f"every:{key}" for key in _every(position)
    }


def _position_probes(position: content.Experience) -> set[str]:
    # One position is another when its names are among the other's words, or the other way
    # round: a title shared by a hundred positions (Software Engineer) finds none of them.
    return {f"every:{key}" for key in _names(position)} | {
        f"names:{key}" for key in _every(position)
    }


KEYS: dict[str, Callable[[Any], set[str]]] = {
    "education": _fields("institution"),
    "experience": _position_keys,
    "volunteer": _position_keys,
    "publications": _work_keys,
    "patents": _numbered("number", "number", "title"),
    "awards": _fields("name"),
    "certificates": _fields("name"),
    "teaching": _fields("course"),
    "service": _fields("text"),
    "talks": _fields("title"),
    "skills": _fields("category"),
    "spoken_languages": _fields("language"),
    "references": _fields("name"),
    "others": _fields("text"),
}


# The keys an entry is looked up by, where they are not the keys it is kept under.
PROBES: dict[str, Callable[[Any], set[str]]] = {
    "experience": _position_probes,
    "volunteer": _position_probes,
}


class Index:
    """A pool's entries by their keys: which of them an entry is, found without comparing
    it with every one (an ORCID record of 2,000 works into a profile of 2,000)."""

    def __init__(self, pool: str, entries: Iterable[Any] = ()) -> None:
        self.same = SAME[pool]
        self.keys = KEYS[pool]
        self.probes = PROBES.get(pool, self.keys)
        self.by_key: dict[str, list[int]] = {}
        self.entries: list[Any] = []  # by the order they were added in
        for entry in entries:
            self.add(entry)

    def add(self, entry: Any) -> None:
        self.entries.append(entry)
        for key in self.keys(entry):
            self.by_key.setdefault(key, []).append(len(self.entries) - 1)

    def replace(self, order: int, entry: Any) -> None:
        """The entry added ``order``-th, as it is now (completed: found by its new DOI too)."""
        self.entries[order] = entry
        for key in self.keys(entry):
            orders = self.by_key.setdefault(key, [])
            if order not in orders:
                orders.append(order)

    def find(self, entry: Any) -> Any | None:
        """The first entry added that ``entry`` is, or None."""
        found = self.find_order(entry)
        return None if found is None else self.entries[found]

    def find_order(self, entry: Any) -> int | None:
        """When the first entry that ``entry`` is was added (its place in :attr:`entries`)."""
        candidates = {order for key in self.probes(entry) for order in self.by_key.get(key, ())}
        for order in sorted(candidates):
            if self.same(entry, self.entries[order]):
                return order
        return None


def described(entry: Any) -> str:
    """An entry in a few words, for the lines that say what was added or found."""
    parts = []
    for name in ("title", "name", "institution", "course", "text", "category", "language"):
        if (value := getattr(entry, name, None)) is not None:
            parts.append(next(_texts(value), ""))
            break
    for name in ("organization", "degree", "issuer", "venue", "event"):
        if (value := getattr(entry, name, None)) is not None:
            parts.append(next(_texts(value), ""))
    start = getattr(entry, "start", None) or getattr(entry, "date", None)
    if start is not None:
        parts.append(str(start.year) + (f"-{start.month:02d}" if start.month else ""))
    elif year := getattr(entry, "year", None):
        parts.append(str(year))
    text = ", ".join(part for part in parts if part)
    return text if len(text) <= 90 else text[:87] + "..."


def _texts(value: Text) -> Iterator[str]:
    if isinstance(value, Same):
        yield value.same
    elif isinstance(value, str):
        yield value
    else:
        yield from (text for text in value.values() if text)

"""An export's tables as profile data: the header (name, headline, summary, one email, one
phone, the place and the websites), an entry for each record, in LinkedIn's sections and
their order; a note for each value not placed."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ...language.catalog import Catalog
from ...text.links import link_target
from ..dates import an_end, read_date
from ..reader import Context, Note, T
from .description import described, paragraphs, pieces
from .export import Record, Table, shortened

# The sections of an imported profile, in the order LinkedIn shows them on a profile.
_ORDER = (
    "summary",
    "experience",
    "education",
    "certificates",
    "projects",
    "volunteer",
    "skills",
    "publications",
    "patents",
    "courses",
    "awards",
    "test_scores",
    "languages",
    "memberships",
)
# Section id -> (its pool, the tag its entries carry), for the sections that share a pool.
_TAGGED = {
    "projects": ("experience", "projects"),
    "memberships": ("experience", "memberships"),
    "courses": ("others", "courses"),
    "test_scores": ("others", "test_scores"),
}
_POOL_OF = {
    "languages": "spoken_languages",
    **{ident: pool for ident, (pool, _) in _TAGGED.items()},
}


def convert(
    tables: dict[str, list[Table]], context: Context, catalog: Catalog, owner: str
) -> tuple[dict[str, Any], list[Note]]:
    """The tables' profile data, joined in ``catalog``'s punctuation, and a note for each
    value not placed; ``owner``: the member's name."""
    converter = _Converter(context.today, catalog, owner)
    return converter.profile(tables), converter.notes


@dataclass
class _Converter:
    today: dt.date
    catalog: Catalog
    owner: str
    notes: list[Note] = field(default_factory=list)

    def note(self, record: Record, name: str, what: str) -> None:
        """A note on a value of ``record``, named by the column it was written under."""
        self.notes.append(Note(record.where, record.header(name) if name else "", what))

    def profile(self, tables: dict[str, list[Table]]) -> dict[str, Any]:
        def records(kind: str) -> Iterator[Record]:
            for table in tables.get(kind, []):
                yield from table.records

        data: dict[str, Any] = {}
        contacts: list[dict[str, Any]] = []
        contacts += self.emails(list(records("emails")))
        contacts += self.phones(list(records("phones")))
        profiles = list(records("profile"))
        profile = profiles[0] if profiles else None
        for other in profiles[1:]:
            self.left_out(other, "a profile has one row: the first")
        if profile is not None:
            if self.owner:
                data["name"] = T(self.owner)
            if headline := profile.text("headline"):
                data["headline"] = T(headline)
            if summary := paragraphs(profile.raw("summary")):
                data["summary"] = T(summary)
            contacts += self.profile_contacts(profile)
        for record in records("summary"):
            summary = paragraphs(record.raw("summary"))
            if summary and "summary" not in data:
                data["summary"] = T(summary)
            elif summary and summary != data["summary"]:
                self.note(record, "summary", "not imported: Profile.csv gives a summary")
        data["contacts"] = contacts
        pools: dict[str, list[dict[str, Any]]] = {
            "experience": [self.position(r) for r in records("positions")],
            "projects": [self.project(r) for r in records("projects")],
            "memberships": [self.organization(r) for r in records("organizations")],
            "education": [self.education(r) for r in records("education")],
            "volunteer": [self.volunteer(r) for r in records("volunteering")],
            "certificates": [self.certificate(r) for r in records("certifications")],
            "publications": [self.publication(r) for r in records("publications")],
            "patents": [self.patent(r) for r in records("patents")],
            "awards": [self.award(r) for r in records("honors")],
            "courses": [self.course(r) for r in records("courses")],
            "test_scores": [self.test_score(r) for r in records("test_scores")],
            "spoken_languages": [self.language(r) for r in records("languages")],
        }
        pools = {pool: [entry for entry in entries if entry] for pool, entries in pools.items()}
        for pool in ("experience", "projects", "memberships", "education", "volunteer"):
            pools[pool] = _latest_first(pools[pool])
        if skills := self.skills(list(records("skills"))):
            pools["skills"] = [{"category": T(self.catalog.title("skills", "skills")), **skills}]
        data.update(_with_sections(pools, "summary" in data))
        return data

    # The header: contacts

    def emails(self, records: list[Record]) -> list[dict[str, Any]]:
        """The primary address (a confirmed one before one that is not); the others named."""
        given = [r for r in records if r.text("address")]

        def rank(record: Record) -> tuple[bool, bool]:
            yes = {"yes", "true", "1"}
            return (
                record.text("primary").lower() not in yes,
                record.text("confirmed").lower() not in yes,
            )

        chosen = min(given, key=rank, default=None)
        for record in given:
            if record is not chosen:
                self.note(
                    record,
                    "address",
                    "not imported: a CV shows one address: the one on line "
                    f"{chosen.line if chosen else 0} (the primary, else a confirmed one)",
                )
        return [{"type": "email", "value": chosen.text("address")}] if chosen else []

    def phones(self, records: list[Record]) -> list[dict[str, Any]]:
        """One number: the first written with its country code, else the first; the same
        number written twice is one."""
        given = [r for r in records if r.text("number")]
        chosen = next((r for r in given if r.text("number").startswith("+")), None)
        chosen = chosen or (given[0] if given else None)
        for record in given:
            if record is chosen:
                continue
            same = _digits(record.text("number")) == _digits(chosen.text("number"))  # type: ignore[union-attr]
            what = (
                "not imported: the same number as the one imported"
                if same
                else "not imported: a CV shows one number"
            )
            self.note(record, "number", f"{what}: line {chosen.line}'s")  # type: ignore[union-attr]
        if chosen is None:
            return []
        if chosen.text("extension"):
            self.note(chosen, "extension", "not imported: write it after the number if you want it")
        return [{"type": "phone", "value": chosen.text("number")}]

    def profile_contacts(self, profile: Record) -> list[dict[str, Any]]:
        contacts: list[dict[str, Any]] = []
        place, country = profile.text("geo"), profile.text("country")
        if country and country.casefold() not in place.casefold():
            place = self.catalog.punctuation.comma.join(p for p in (place, country) if p)
        if place:
            contacts.append({"type": "location", "value": T(place)})
        for url in _websites(profile.raw("websites")):
            if not _is_address(url):
                what = f"not imported: {shortened(url)!r} is not a web address"
                self.note(profile, "websites", what)
            else:
                contacts.append(_site(url))
        for handle in re.split(r"[,\s]+", profile.text("twitter").strip("[]")):
            handle = handle.strip("[]@ ")
            if re.fullmatch(r"\w{1,30}", handle):
                contacts.append(
                    {
                        "type": "website",
                        "value": f"x.com/{handle}",
                        "url": f"https://x.com/{handle}",
                    }
                )
            elif handle:
                self.note(profile, "twitter", f"not imported: {handle!r} is not a handle")
        return contacts

    # Dates

    def date(self, record: Record, name: str) -> str | None:
        text = record.text(name)
        if not text:
            return None
        date = read_date(text, self.today)
        if date is None or date == "present":
            self.note(record, name, f"not imported: {shortened(text)!r} is not a date")
            return None
        return date

    def span(self, record: Record) -> dict[str, Any]:
        """Start and end; an empty end (of what has a start) is the present, an end still
        to come expected, an end alone the entry's date."""
        start = self.date(record, "start")
        end_text = record.text("end")
        end: Any = None
        if end_text and read_date(end_text, self.today) == "present":
            end = "present"
        elif end_text:
            end = self.date(record, "end")
        dates: dict[str, Any] = {}
        if start is None:
            if end not in (None, "present"):
                dates["date"] = end
            return dates
        dates["start"] = start
        if end is None and not end_text:
            end = "present"
        if end is not None:
            dates["end"] = an_end(end, self.today)
        return dates

    def link(self, record: Record) -> list[dict[str, str]]:
        url = record.text("url")
        if not url:
            return []
        if not _is_address(url):
            self.note(record, "url", f"not imported: {shortened(url)!r} is not a web address")
            return []
        return [{"type": "url", "url": url}]

    def year(self, record: Record, name: str) -> int | None:
        date = self.date(record, name)
        return int(date[:4]) if date else None

    # Entries

    def position(self, record: Record) -> dict[str, Any] | None:
        title, company = record.text("title"), record.text("company")
        if not title and not company:
            return self.left_out(record, "a position needs a title or a company")
        if not title:
            self.note(record, "title", "empty: the company is the entry's heading")
        description, bullets = described(record.raw("description"))
        return {
            "title": T(title or company),
            **_texts(organization=company if title else "", location=record.text("location")),
            **self.span(record),
            **_texts(description=description),
            "bullets": [T(bullet) for bullet in bullets],
        }

    def project(self, record: Record) -> dict[str, Any] | None:
        title = record.text("title")
        if not title:
            return self.left_out(record, "a project needs a title")
        description, bullets = described(record.raw("description"))
        return {
            "title": T(title),
            **self.span(record),
            "links": self.link(record),
            **_texts(description=description),
            "bullets": [T(bullet) for bullet in bullets],
            "tags": ["projects"],
        }

    def organization(self, record: Record) -> dict[str, Any] | None:
        name, position = record.text("name"), record.text("position")
        if not name:
            return self.left_out(record, "an organization needs its name")
        description, bullets = described(record.raw("description"))
        return {
            "title": T(position or name),
            **_texts(organization=name if position else ""),
            **self.span(record),
            **_texts(description=description),
            "bullets": [T(bullet) for bullet in bullets],
            "tags": ["memberships"],
        }

    def volunteer(self, record: Record) -> dict[str, Any] | None:
        role, company = record.text("role"), record.text("company")
        if not role and not company:
            return self.left_out(record, "volunteer work needs a role or an organization")
        description, bullets = described(record.raw("description"))
        return {
            "title": T(role or company),
            **_texts(organization=company if role else ""),
            **self.span(record),
            **_texts(description=description),
            "bullets": [T(bullet) for bullet in bullets],
        }

    def education(self, record: Record) -> dict[str, Any] | None:
        school, degree = record.text("school"), record.text("degree")
        if not school and not degree:
            return self.left_out(record, "an education needs a school")
        if not school:
            self.note(record, "school", "empty: the degree is the entry's heading")
        description, bullets = described(record.raw("notes"))
        activities = [words for _, words in pieces(record.raw("activities"))]
        entry = {
            "institution": T(school or degree),
            **_texts(
                degree=degree if school else "",
                field=record.text("field"),
                location=record.text("location"),
            ),
            **self.span(record),
            **_texts(description=description),
            "bullets": [T(text) for text in [*bullets, *activities]],
        }
        if grade := record.text("grade"):
            entry["gpa"] = grade
        return entry

    def certificate(self, record: Record) -> dict[str, Any] | None:
        name = record.text("name")
        if not name:
            return self.left_out(record, "a certification needs its name")
        # Started On is when it was issued, Finished On when it expires (none: it does not;
        # one still to come is a date it is valid until, not an expected end).
        issued, expires = self.date(record, "start"), self.date(record, "end")
        dates: dict[str, str] = {}
        if issued and expires:
            dates = {"start": issued, "end": expires}
        elif issued or expires:
            dates = {"date": issued or expires or ""}
        entry: dict[str, Any] = {
            "name": T(name),
            **_texts(issuer=record.text("authority")),
            **dates,
            "links": self.link(record),
        }
        if number := record.text("number"):
            entry["number"] = number
        return entry

    def publication(self, record: Record) -> dict[str, Any] | None:
        name = record.text("name")
        if not name:
            return self.left_out(record, "a publication needs its title")
        entry: dict[str, Any] = {
            "title": T(name),
            "authors": [T(a) for a in _names(record.text("authors"))],
            **_texts(venue=record.text("publisher")),
            "links": self.link(record),
        }
        if (year := self.year(record, "date")) is not None:
            entry["year"] = year
        return entry

    def patent(self, record: Record) -> dict[str, Any] | None:
        title = record.text("title")
        if not title:
            return self.left_out(record, "a patent needs its title")
        inventors = _names(record.text("inventors")) or ([self.owner] if self.owner else [])
        number = record.text("number") or record.text("application")
        entry: dict[str, Any] = {
            "title": T(title),
            "inventors": [T(name) for name in inventors],
            **_texts(status=record.text("status")),
            "links": self.link(record),
        }
        if number:
            entry["number"] = number
        if record.text("number") and record.text("application"):
            self.note(record, "application", "not imported: the patent's number is")
        if (year := self.year(record, "date")) is not None:
            entry["year"] = year
        return entry

    def award(self, record: Record) -> dict[str, Any] | None:
        title, issuer = record.text("title"), record.text("issuer")
        if not title:
            return self.left_out(record, "an honor needs its title")
        name = self.catalog.punctuation.comma.join(part for part in (title, issuer) if part)
        year = self.year(record, "date")
        return {
            "name": T(name),
            "years": [year] if year else [],
            **_texts(description=paragraphs(record.raw("description"))),
        }

    def course(self, record: Record) -> dict[str, Any] | None:
        name, number = record.text("name"), record.text("number")
        if not name:
            return self.left_out(record, "a course needs its name")
        marks = self.catalog.punctuation
        text = f"{name}{marks.open_paren}{number}{marks.close_paren}" if number else name
        return {"text": T(text), "tags": ["courses"]}

    def test_score(self, record: Record) -> dict[str, Any] | None:
        name, score = record.text("name"), record.text("score")
        if not name:
            return self.left_out(record, "a test score needs the test's name")
        text = f"{name}{self.catalog.punctuation.colon}{score}" if score else name
        date = self.date(record, "date")
        return {
            "text": T(text),
            **({"date": date} if date else {}),
            **_texts(description=paragraphs(record.raw("description"))),
            "tags": ["test_scores"],
        }

    def language(self, record: Record) -> dict[str, Any] | None:
        name = record.text("name")
        if not name:
            return self.left_out(record, "a language needs its name")
        return {"language": T(name), **_texts(level=record.text("level"))}

    def skills(self, records: list[Record]) -> dict[str, Any] | None:
        items: dict[str, str] = {}
        for record in records:
            name = record.text("name")
            if name and name.casefold() in items:
                self.note(record, "name", "listed before: imported once")
            elif name:
                items[name.casefold()] = name
        return {"items": [T(item) for item in items.values()]} if items else None

    def left_out(self, record: Record, why: str) -> None:
        if record.values:
            self.note(record, "", f"left out: {why}")
        return None


def _is_address(url: str) -> bool:
    """A web address a link may point at: no spaces, a dot in its host, no scheme that
    could do more than link."""
    return link_target(url) is not None and " " not in url and "." in url


def _texts(**values: str | None) -> dict[str, T]:
    return {key: T(value) for key, value in values.items() if value}


def _names(text: str) -> list[str]:
    return [name.strip() for name in re.split(r",|;| and ", text) if name.strip()]


def _digits(number: str) -> str:
    return re.sub(r"\D", "", number)[-9:]


def _latest_first(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Entries by their start, the latest first (as a CV lists them, and as exports since
    2018 do; the 2016 export's order is its own); one without dates keeps its place first."""

    def start(entry: dict[str, Any]) -> str:
        return str(entry.get("start") or entry.get("date") or "9999")

    return sorted(entries, key=start, reverse=True)


_LABEL = re.compile(r"^\s*\[?\s*([A-Z_]+)\s*:\s*(?!//)")


def _websites(text: str) -> list[str]:
    """``[PERSONAL:https://a]``, ``PORTFOLIO:http://a, PORTFOLIO:http://b``: the addresses."""
    text = text.strip().strip("[]")
    urls = []
    for part in re.split(r",\s*(?=\[?[A-Z_]+:(?!//))|,\s+(?=https?://)|\]\s*,?\s*\[", text):
        url = _LABEL.sub("", part).strip().strip("[]").strip()
        if url:
            urls.append(url)
    return urls


_NETWORKS = (
    ("github", re.compile(r"^(?:https?://)?(?:www\.)?github\.com/([\w.-]+)/?$", re.I)),
    ("gitlab", re.compile(r"^(?:https?://)?(?:www\.)?gitlab\.com/([\w.-]+)/?$", re.I)),
    ("linkedin", re.compile(r"^(?:https?://)?(?:\w+\.)?linkedin\.com/in/([^/?#]+)/?$", re.I)),
    ("orcid", re.compile(r"^(?:https?://)?orcid\.org/([\dX-]{19})/?$", re.I)),
)


def _site(url: str) -> dict[str, Any]:
    for kind, pattern in _NETWORKS:
        if match := pattern.match(url):
            return {"type": kind, "value": match[1], "url": url}
    if re.match(r"^(?:https?://)?scholar\.google\.", url, re.I):
        return {"type": "scholar", "value": "Google Scholar", "url": url}
    shown = re.sub(r"^https?://(www\.)?", "", url).rstrip("/")
    return {"type": "website", "value": shown, "url": url}


def _with_sections(pools: dict[str, list[dict[str, Any]]], summary: bool) -> dict[str, Any]:
    """The pools as the profile's lists, and its sections in LinkedIn's order: a section for
    projects, courses, test scores and organizations, whose entries carry its tag (and the
    positions theirs, when projects or organizations share their list)."""
    shared = bool(pools["projects"] or pools["memberships"])
    if shared:
        for entry in pools["experience"]:
            entry["tags"] = ["experience"]
    data: dict[str, Any] = {}
    for ident, (pool, _) in _TAGGED.items():
        data.setdefault(pool, []).extend(pools.pop(ident))
    data["experience"] = pools.pop("experience") + data["experience"]
    data.update(pools)
    sections: dict[str, Any] = {"summary": {}} if summary else {}
    for ident in _ORDER:
        pool = _POOL_OF.get(ident, ident)
        if ident in _TAGGED:
            tag = _TAGGED[ident][1]
            if any(tag in entry.get("tags", []) for entry in data.get(pool, [])):
                sections[ident] = {"kind": pool, "select": [tag]}
        elif data.get(pool) and any(
            "tags" not in entry or ident in entry["tags"] for entry in data[pool]
        ):
            sections[ident] = {"select": ["experience"]} if ident == "experience" and shared else {}
    if not sections:
        return data
    return {**data, "sections": sections}

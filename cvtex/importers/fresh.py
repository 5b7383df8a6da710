"""A FRESH résumé (the format of HackMyResume and FluentCV, FRESH@0.x to 1.0, in JSON or
YAML), read as people write it, as profile data.

Each part goes where a CV shows it: employment to experience; projects and samples to
experience entries in a projects section; affiliation and governance to experience
entries in a memberships section; service to volunteer work; writing to publications;
speaking to talks; recognition (or awards) to awards; skill sets to skill groups;
languages to spoken languages; interests and extracurricular activities to others.
What a CV has no place for (testimonials, reading, disposition, a class or quote, the
file's meta) is named in a note with its path and line, as is every value cvtex cannot
read; one odd value never refuses the file. docs/import/fresh.md has the whole table.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from typing import Any

from ..language.catalog import Catalog, available_languages, load_catalog
from ..profile.source import Path_
from ..text.htmltext import html_text
from .dates import an_end, read_date, read_range
from .language import language_of_file, listed
from .located import Located, one_object, read_located
from .networks import network_contact
from .reader import Context, Read, Reader, T
from .sniff import FRESH_KEYS, is_fresh, parsed
from .source import Source

# FRESH's own top-level keys, which a JSON Resume does not have (they share name-like
# keys: skills, languages, interests, references, projects).
_TOP_KEY = re.compile(r"""^['"]?([A-Za-z_$][\w$-]*)['"]?\s*:""", re.MULTILINE)
_FRESH_FORMAT = re.compile(r"""format['"]?\s*:\s*['"]?FRESH""", re.IGNORECASE)
_HINT = "a FRESH résumé is one JSON or YAML object: name, info, contact, employment, ..."
# The sections of experience entries a FRESH file makes, and the tag each selects.
_TAGS = {"experience": "employment", "projects": "projects", "memberships": "memberships"}
# The order of a FRESH import's sections, when it has sections of its own.
_LAYOUT = [
    "summary",
    "experience",
    "projects",
    "education",
    "skills",
    "publications",
    "talks",
    "awards",
    "volunteer",
    "memberships",
    "languages",
    "references",
    "others",
]
_POOLS = {"languages": "spoken_languages"}
_EMAIL_KINDS = {"email", "e-mail", "mail"}
_PHONE_KINDS = {"phone", "mobile", "cell", "tel", "telephone", "work phone", "home phone"}
_WEB_KINDS = {"url", "web", "website", "homepage", "blog", "site"}


def recognizes(source: Source) -> bool:
    if not source.is_file:
        return False
    if source.suffix in (".json", ""):
        data = parsed(source)
        if isinstance(data, dict):
            return is_fresh(data)
        if source.suffix == ".json":
            return False
    if source.suffix not in (".yaml", ".yml", ""):
        return False
    head = source.head()
    keys = set(_TOP_KEY.findall(head))
    if keys & {"cv", "basics"}:
        return False
    return bool(_FRESH_FORMAT.search(head)) or ("name" in keys and bool(FRESH_KEYS & keys))


def read(source: Source, context: Context) -> Read:
    data, located = read_located(source, _HINT)
    data = one_object(data, source.where(), "a FRESH résumé", _HINT)
    code = context.language or language_of_file(data)
    catalog = load_catalog(code if code in available_languages() else "en")
    profile = _Fresh(located, catalog, context.today).profile(data)
    return Read(READER.kind, source, profile, located.notes, context.language)


READER = Reader("FRESH", recognizes, read)


def _empty(value: Any) -> bool:
    """Nothing written: HackMyResume writes an empty part as "", [], {} or even 0."""
    if isinstance(value, bool):
        return False
    return value is None or value == "" or value == [] or value == {} or value == 0


Entry = dict[str, Any]


class _Fresh:
    """One FRESH file's conversion: the pools it fills, and a note for each value it
    leaves out."""

    def __init__(self, located: Located, catalog: Catalog, today: dt.date) -> None:
        self.located = located
        self.catalog = catalog
        self.today = today
        self.data: dict[str, Any] = {}
        self.contacts: list[dict[str, Any]] = []
        self.pools: dict[str, list[Entry]] = {}
        self.groups: dict[str, list[Entry]] = {tag: [] for tag in _TAGS.values()}

    def note(self, path: Path_, what: str) -> None:
        self.located.note(path, what)

    def profile(self, data: dict[str, Any]) -> dict[str, Any]:
        parts: dict[str, Callable[[Any, Path_], None]] = {
            "name": self.name,
            "meta": self.meta,
            "info": self.info,
            "contact": self.contact,
            "location": self.location,
            "social": self.social,
            "employment": self.employment,
            "projects": self.projects,
            "samples": self.samples,
            "education": self.education,
            "service": self.service,
            "affiliation": self.affiliation,
            "governance": self.governance,
            "skills": self.skills,
            "writing": self.writing,
            "speaking": self.speaking,
            "recognition": self.awards,
            "awards": self.awards,
            "languages": self.languages,
            "references": self.references,
            "interests": self.interests,
            "extracurricular": self.extracurricular,
            "reading": self.reading,
            "testimonials": self.testimonials,
            "disposition": self.disposition,
        }
        for key, value in data.items():
            part = parts.get(str(key))
            if part is None:
                self.note((key,), "not imported: not a part of FRESH that cvtex knows")
            elif not _empty(value):
                part(value, (key,))
        return self.assembled()

    def assembled(self) -> dict[str, Any]:
        """The profile data; when there are projects or memberships, each of the three
        groups of experience entries tagged and shown in a section of its own."""
        out = {**self.data, "contacts": self.contacts}
        own_sections = bool(self.groups["projects"] or self.groups["memberships"])
        experience = [
            {**entry, "tags": [tag]} if own_sections else entry
            for tag, entries in self.groups.items()
            for entry in entries
        ]
        out.update({pool: entries for pool, entries in self.pools.items() if entries})
        if experience:
            out["experience"] = experience
        if own_sections:
            sections: dict[str, Any] = {}
            for ident in _LAYOUT:
                tag = _TAGS.get(ident)
                if tag and self.groups[tag]:
                    kind = {} if ident == "experience" else {"kind": "experience"}
                    sections[ident] = {**kind, "select": [tag]}
                elif not tag and out.get(_POOLS.get(ident, ident)):
                    sections[ident] = {}
            out["sections"] = sections
            out["layout"] = list(sections)
        return out

    # Values of one entry -------------------------------------------------------------

    def mapping(self, value: Any, path: Path_) -> dict[str, Any] | None:
        if isinstance(value, dict):
            return value
        self.note(path, f"not imported: {_kind(value)}, where FRESH has a mapping")
        return None

    def entries(self, value: Any, path: Path_) -> Iterator[tuple[Path_, Entry]]:
        """The entries of a list; a value that is none is noted and skipped."""
        if isinstance(value, dict):  # one entry written without its list
            yield path, value
            return
        if not isinstance(value, list):
            self.note(path, f"not imported: {_kind(value)}, where FRESH has a list")
            return
        for index, entry in enumerate(value):
            if isinstance(entry, dict):
                if entry:
                    yield (*path, index), entry
            elif not _empty(entry):
                self.note((*path, index), f"not imported: {_kind(entry)}, not an entry")

    def history(self, value: Any, path: Path_, overall: str) -> Iterator[tuple[Path_, Entry]]:
        """A part written as {summary, history: [...]} (or as its list alone)."""
        if isinstance(value, list):
            yield from self.entries(value, path)
            return
        part = self.mapping(value, path)
        if part is None:
            return
        for key, item in part.items():
            if key == "history":
                yield from self.entries(item, (*path, key))
            elif not _empty(item):
                self.note((*path, key), f"not imported: {overall}")

    def text(self, entry: Entry, key: str, path: Path_) -> T | None:
        """A text field's value; HTML becomes paragraphs; a list or mapping is noted."""
        value = entry.get(key)
        if _empty(value):
            return None
        if isinstance(value, bool) or not isinstance(value, (str, int, float, dt.date)):
            self.note((*path, key), f"not imported: {_kind(value)}, where text was expected")
            return None
        text = html_text(str(value))
        return T(text) if text else None

    def texts(self, entry: Entry, key: str, path: Path_) -> list[T]:
        value = entry.get(key)
        if _empty(value):
            return []
        if not isinstance(value, list):
            return [text] if (text := self.text(entry, key, path)) else []
        out = []
        for index, item in enumerate(value):
            if isinstance(item, (str, int, float)) and not isinstance(item, bool):
                if text := html_text(str(item)):
                    out.append(T(text))
            elif not _empty(item):
                self.note((*path, key, index), f"not imported: {_kind(item)}, not text")
        return out

    def url(self, entry: Entry, key: str, path: Path_) -> str | None:
        value = entry.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
        if not _empty(value):
            self.note((*path, key), f"not imported: {_kind(value)}, not an address")
        return None

    def date_of(self, value: Any) -> str | None:
        """A date as the profile writes it, "present", or None."""
        if isinstance(value, dt.date):  # YAML reads 2013-10-31 as a date
            return value.isoformat()[:10]
        if isinstance(value, int) and not isinstance(value, bool) and 1000 <= value <= 9999:
            return str(value)
        return read_date(value, self.today) if isinstance(value, str) else None

    def date(self, entry: Entry, key: str, path: Path_) -> str | None:
        """``entry[key]`` as a date; one cvtex cannot read is noted."""
        value = entry.get(key)
        if _empty(value):
            return None
        if (date := self.date_of(value)) is None:
            self.note((*path, key), f"not imported: {value!r} is not a date cvtex reads")
        return date

    def dates(self, entry: Entry, path: Path_) -> dict[str, Any]:
        """start and end: an end not written (with a start), or current: true, is
        present; an end still to come is expected; an end alone, or a date, is the
        entry's date."""
        start_key = "start" if "start" in entry else "startDate"
        end_key = "end" if "end" in entry else "endDate"
        start_value, end_value = entry.get(start_key), entry.get(end_key)
        start = None if _empty(start_value) else self.date_of(start_value)
        end = None if _empty(end_value) else self.date_of(end_value)
        both = read_range(start_value, self.today) if isinstance(start_value, str) else None
        if start is None and both:  # 2015 - 2019 in one field
            start, end = both[0], end or both[1]
        if start is None and not _empty(start_value):
            self.note(
                (*path, start_key), f"not imported: {start_value!r} is not a date cvtex reads"
            )
        if start == "present":
            self.note((*path, start_key), "not imported: 'present' is no start")
            start = None
        unread_end = end is None and not _empty(end_value)
        if unread_end:
            self.note((*path, end_key), f"not imported: {end_value!r} is not a date cvtex reads")
        dates: dict[str, Any] = {}
        if start:
            dates["start"] = start
            if end == "present" or entry.get("current") is True or (end is None and not unread_end):
                dates["end"] = "present"
            elif end:
                dates["end"] = an_end(end, self.today)
        elif end and end != "present":
            dates["date"] = end
        single = self.date(entry, "date", path)
        if single and single != "present":
            if dates:
                self.note((*path, "date"), "not imported: the entry's start and end are its dates")
            else:
                dates["date"] = single
        return dates

    def rest(self, entry: Entry, path: Path_, used: set[str], why: str) -> None:
        """A note for each key of ``entry`` not in ``used``."""
        for key, value in entry.items():
            if key not in used and not _empty(value):
                self.note((*path, key), f"not imported: {why}")

    def paragraphs(self, *texts: T | None) -> dict[str, T]:
        written = [text for text in texts if text]
        return {"description": T("\n".join(written))} if written else {}

    def keywords_line(self, entry: Entry, path: Path_) -> list[T]:
        """Keywords (technologies) as one bullet, as the JSON Resume reader writes them."""
        words = self.texts(entry, "keywords", path)
        return [T(listed(words, self.catalog))] if words else []

    def links(self, entry: Entry, path: Path_, *keys: tuple[str, str]) -> dict[str, Any]:
        links = []
        for key, kind in keys:
            if url := self.url(entry, key, path):
                links.append({"type": kind, "url": url})
        return {"links": links} if links else {}

    def joined(self, *parts: T | None) -> T | None:
        written = [part for part in parts if part]
        return T(self.catalog.punctuation.comma.join(written)) if written else None

    # The parts of a FRESH file --------------------------------------------------------

    def name(self, value: Any, path: Path_) -> None:
        if text := self.text({"name": value}, "name", ()):
            self.data["name"] = text

    def meta(self, value: Any, path: Path_) -> None:
        meta = self.mapping(value, path)
        if meta is None:
            return
        about = []
        for key, item in meta.items():
            # 2022-09-23T10:16:19.252Z: the day it names.
            day = read_date(item.strip()[:10], self.today) if isinstance(item, str) else None
            if key in ("modified", "lastModified", "last_modified") and day not in (
                None,
                "present",
            ):
                self.data["updated"] = day
                continue
            about.append(key)
        if about:
            self.note((*path, about[0]), f"not imported: {', '.join(about)}: about the file")

    def info(self, value: Any, path: Path_) -> None:
        info = self.mapping(value, path)
        if info is None:
            return
        if label := self.text(info, "label", path):
            self.data["headline"] = label
        if brief := self.text(info, "brief", path):
            self.data["summary"] = brief
        if not _empty(info.get("image")):
            self.note((*path, "image"), "not imported: add photo: {file: ...} with a local image")
        self.rest(info, path, {"label", "brief", "image"}, "a CV shows the headline and brief")

    def contact(self, value: Any, path: Path_) -> None:
        contact = self.mapping(value, path)
        if contact is None:
            return
        for key, kind in (("email", "email"), ("phone", "phone"), ("website", "website")):
            for text in self.texts(contact, key, path):
                self.add_contact(kind, str(text))
        for entry_path, other in self.entries(contact.get("other") or [], (*path, "other")):
            kind = str(other.get("category") or other.get("flavor") or "").strip().casefold()
            found = self.text(other, "value", entry_path)
            if found and kind in _EMAIL_KINDS:
                self.add_contact("email", str(found))
            elif found and kind in _PHONE_KINDS:
                self.add_contact("phone", str(found))
            elif found and kind in _WEB_KINDS:
                self.add_contact("website", str(found))
            elif found:
                self.note(entry_path, f"not imported: a contact of kind {kind or 'unnamed'}")
        self.rest(contact, path, {"email", "phone", "website", "other"}, "no contact cvtex has")

    def add_contact(self, kind: str, value: str) -> None:
        if kind == "website":
            shown = re.sub(r"^https?://", "", value).rstrip("/")
            self.contacts.append({"type": "website", "value": shown, "url": value})
        else:
            self.contacts.append({"type": kind, "value": value})

    def location(self, value: Any, path: Path_) -> None:
        if isinstance(value, str):
            self.contacts.append({"type": "location", "value": T(value.strip())})
            return
        place = self.mapping(value, path)
        if place is None:
            return
        parts = {key: self.text(place, key, path) for key in ("address", "city", "region")}
        parts["country"] = self.text(place, "country", path) or self.text(
            place, "countryCode", path
        )
        town = [parts["city"], parts["region"]]
        shown = [*town, parts["country"]] if any(town) else [parts["address"], parts["country"]]
        if text := self.joined(*shown):
            self.contacts.append({"type": "location", "value": text})
        if any(town) and parts["address"]:
            self.note((*path, "address"), "not imported: a CV shows the city, not the street")
        used = {"address", "city", "region", "country", "countryCode"}
        self.rest(place, path, used, "a CV shows the city, not the postal code")

    def social(self, value: Any, path: Path_) -> None:
        colon = self.catalog.punctuation.colon
        for entry_path, entry in self.entries(value, path):
            network = self.text(entry, "network", entry_path) or self.text(
                entry, "label", entry_path
            )
            user = self.text(entry, "user", entry_path) or self.text(entry, "username", entry_path)
            url = self.url(entry, "url", entry_path)
            contact = network_contact(network, user, url, colon)
            if contact is None:
                self.note(entry_path, "not imported: no user name or address")
            else:
                self.contacts.append(contact)
            used = {"network", "label", "user", "username", "url"}
            self.rest(entry, entry_path, used, "a contact shows the network and the user")

    def position(self, entry: Entry, path: Path_, title: str, organization: str) -> Entry:
        """A job, a role in a club, a volunteer post: an experience entry."""
        role = self.text(entry, title, path)
        place = self.text(entry, organization, path)
        if not role and not place:
            self.note(path, f"has no {title} or {organization}; imported with an empty title")
        bullets = [*self.texts(entry, "highlights", path), *self.keywords_line(entry, path)]
        kept = {
            "title": role or place or T(""),
            **({"organization": place} if role and place else {}),
            **self.optional(entry, path, "location"),
            **self.dates(entry, path),
            **self.links(entry, path, ("url", "url")),
            **self.paragraphs(
                self.text(entry, "description", path), self.text(entry, "summary", path)
            ),
            "bullets": bullets,
        }
        used = {title, organization, "location", "url", "description", "summary", "highlights"}
        used |= {"keywords", "start", "end", "startDate", "endDate", "current", "date"}
        self.rest(entry, path, used, "an experience entry has no such field")
        return kept

    def optional(
        self, entry: Entry, path: Path_, key: str, ours: str | None = None
    ) -> dict[str, T]:
        text = self.text(entry, key, path)
        return {ours or key: text} if text else {}

    def employment(self, value: Any, path: Path_) -> None:
        for entry_path, entry in self.history(value, path, "a CV lists the positions"):
            self.groups["employment"].append(
                self.position(entry, entry_path, "position", "employer")
            )

    def service(self, value: Any, path: Path_) -> None:
        for entry_path, entry in self.history(value, path, "a CV lists the service"):
            self.pools.setdefault("volunteer", []).append(
                self.position(
                    self.kindless(entry, entry_path), entry_path, "position", "organization"
                )
            )

    def affiliation(self, value: Any, path: Path_) -> None:
        for entry_path, entry in self.history(value, path, "a CV lists the memberships"):
            self.membership(entry, entry_path)

    def governance(self, value: Any, path: Path_) -> None:
        for entry_path, entry in self.entries(value, path):
            self.membership(entry, entry_path)

    def membership(self, entry: Entry, path: Path_) -> None:
        entry = self.kindless(entry, path)
        self.groups["memberships"].append(self.position(entry, path, "role", "organization"))

    def kindless(self, entry: Entry, path: Path_) -> Entry:
        """The entry without its kind (FRESH's category or flavor: volunteer, military,
        board, club), which its section says; the kind noted."""
        for key in ("category", "flavor"):
            if not _empty(entry.get(key)):
                self.note(
                    (*path, key), f"not imported: its kind ({entry[key]}): its section says it"
                )
        return {key: value for key, value in entry.items() if key not in ("category", "flavor")}

    def projects(self, value: Any, path: Path_) -> None:
        for entry_path, entry in self.entries(value, path):
            title = self.text(entry, "title", entry_path) or self.text(entry, "name", entry_path)
            if not title:
                self.note(entry_path, "has no title; imported with an empty one")
            media = []
            for media_path, item in self.entries(entry.get("media") or [], (*entry_path, "media")):
                kind = str(item.get("category") or "").casefold()
                url = self.url(item, "url", media_path)
                if url and kind in ("video", "slides"):
                    media.append({"type": kind, "url": url})
                else:
                    self.note(media_path, "not imported: a CV links a video or slides, no image")
            links = self.links(entry, entry_path, ("url", "url"), ("repo", "code"))
            if media:
                links["links"] = [*links.get("links", []), *media]
            if not _empty(entry.get("category")):
                self.note((*entry_path, "category"), "not imported: a project's kind")
            self.groups["projects"].append(
                {
                    "title": title or T(""),
                    **self.optional(entry, entry_path, "role"),
                    **self.optional(entry, entry_path, "location"),
                    **self.dates(entry, entry_path),
                    **links,
                    **self.paragraphs(
                        self.text(entry, "description", entry_path),
                        self.text(entry, "summary", entry_path),
                    ),
                    "bullets": [
                        *self.texts(entry, "highlights", entry_path),
                        *self.keywords_line(entry, entry_path),
                    ],
                }
            )
            used = {"title", "name", "role", "location", "url", "repo", "media", "category"}
            used |= {"description", "summary", "highlights", "keywords", "start", "end"}
            self.rest(
                entry,
                entry_path,
                used | {"startDate", "endDate", "current", "date"},
                "a project has no such field",
            )

    def samples(self, value: Any, path: Path_) -> None:
        for entry_path, entry in self.entries(value, path):
            title = self.text(entry, "title", entry_path) or self.text(entry, "name", entry_path)
            if not title:
                self.note(entry_path, "has no title; imported with an empty one")
            self.groups["projects"].append(
                {
                    "title": title or T(""),
                    **self.dates(entry, entry_path),
                    **self.links(entry, entry_path, ("url", "url")),
                    **self.paragraphs(self.text(entry, "summary", entry_path)),
                    "bullets": [
                        *self.texts(entry, "highlights", entry_path),
                        *self.keywords_line(entry, entry_path),
                    ],
                }
            )
            used = {"title", "name", "url", "summary", "highlights", "keywords", "date"}
            self.rest(entry, entry_path, used | {"start", "end"}, "a work sample has no such field")

    def education(self, value: Any, path: Path_) -> None:
        for entry_path, entry in self.history(value, path, "a CV lists the degrees"):
            self.pools.setdefault("education", []).append(self.degree(entry, entry_path))

    def degree(self, entry: Entry, path: Path_) -> Entry:
        institution = self.text(entry, "institution", path)
        if not institution:
            self.note(path, "has no institution; imported with an empty one")
        title = self.text(entry, "title", path)
        study = self.text(entry, "studyType", path)
        area = self.text(entry, "area", path)
        degree = title or study
        if title and study and study.casefold() not in title.casefold():
            self.note((*path, "studyType"), f"not imported: the title ({title}) names the degree")
        out: Entry = {"institution": institution or T("")}
        if degree:
            out["degree"] = degree
        if area and not (title and area.casefold() in title.casefold()):
            out["field"] = area
        out.update(self.optional(entry, path, "location"))
        grade = self.text(entry, "grade", path) or self.text(entry, "gpa", path)
        if grade and re.search(r"\d", grade):
            out["gpa"] = str(grade)
        elif grade:
            self.note((*path, "grade"), f"not imported: {grade!r} is no grade")
        out.update(self.dates(entry, path))
        out.update(self.links(entry, path, ("url", "url")))
        out.update(self.paragraphs(self.text(entry, "summary", path)))
        bullets = self.texts(entry, "highlights", path)
        if courses := self.texts(entry, "curriculum", path):
            p = self.catalog.punctuation
            heading = self.catalog.title("courses", "courses")
            bullets.append(T(f"{heading}{p.colon}{p.list_separator.join(courses)}"))
        out["bullets"] = [*bullets, *self.keywords_line(entry, path)]
        used = {"institution", "title", "studyType", "area", "location", "grade", "gpa", "url"}
        used |= {"summary", "highlights", "curriculum", "keywords", "start", "end", "startDate"}
        self.rest(entry, path, used | {"endDate", "current", "date"}, "a degree has no such field")
        return out

    def skills(self, value: Any, path: Path_) -> None:
        if isinstance(value, list):  # JSON Resume's form: a list of sets
            value = {"sets": value}
        skills = self.mapping(value, path)
        if skills is None:
            return
        groups = self.pools.setdefault("skills", [])
        p = self.catalog.punctuation
        for set_path, entry in self.entries(skills.get("sets") or [], (*path, "sets")):
            name = self.text(entry, "name", set_path)
            level = self.text(entry, "level", set_path)
            items = self.texts(entry, "skills", set_path) or self.texts(entry, "keywords", set_path)
            if not name and not items:
                continue
            category = f"{name or ''}{p.open_paren}{level}{p.close_paren}" if level else name
            groups.append({"category": T(category or ""), "items": items})
            self.rest(
                entry,
                set_path,
                {"name", "level", "skills", "keywords"},
                "a skill group has no such field",
            )
        listed = []
        for skill_path, entry in self.entries(skills.get("list") or [], (*path, "list")):
            name = self.text(entry, "name", skill_path)
            if not name:
                self.note(skill_path, "not imported: a skill without a name")
                continue
            level = self.text(entry, "level", skill_path)
            found = self.in_groups(groups, name)
            skill = {"name": name, **({"level": level} if level else {})}
            if found is None:
                listed.append(skill)
            elif level:
                found[0]["items"][found[1]] = skill
            self.rest(entry, skill_path, {"name", "level"}, "a skill shows its name and level")
        if listed:
            groups.append({"category": T(self.catalog.title("skills", "skills")), "items": listed})
        self.rest(skills, path, {"sets", "list"}, "not a part of FRESH's skills")

    def in_groups(self, groups: list[Entry], name: str) -> tuple[Entry, int] | None:
        for group in groups:
            for index, item in enumerate(group["items"]):
                if isinstance(item, str) and item.casefold() == name.casefold():
                    return group, index
        return None

    def writing(self, value: Any, path: Path_) -> None:
        for entry_path, entry in self.entries(value, path):
            title = self.text(entry, "title", entry_path) or self.text(entry, "name", entry_path)
            if not title:
                self.note(entry_path, "not imported: a work without a title")
                continue
            out: Entry = {"title": title}
            authors = self.texts(entry, "author", entry_path) or self.texts(
                entry, "authors", entry_path
            )
            if authors:
                out["authors"] = authors
            publisher = entry.get("publisher")
            if isinstance(publisher, dict):
                if venue := self.text(publisher, "name", (*entry_path, "publisher")):
                    out["venue"] = venue
                if not _empty(publisher.get("url")):
                    self.note((*entry_path, "publisher", "url"), "not imported: a publisher's site")
            elif (venue := self.text(entry, "publisher", entry_path)) and venue != "self":
                out["venue"] = venue  # "self": FRESH's word for self-published, no venue
            date = self.date(entry, "date", entry_path)
            if date and date != "present":
                out["year"] = int(date[:4])
            kind = str(entry.get("category") or entry.get("flavor") or "").casefold()
            if kind == "book":
                out["type"] = "book"
            elif kind in ("blog", "website", "blog post"):
                out["kind"] = "webpage"
            out.update(self.links(entry, entry_path, ("url", "url")))
            if not _empty(entry.get("summary")):
                self.note(
                    (*entry_path, "summary"), "not imported: a publication shows no paragraph"
                )
            used = {"title", "name", "author", "authors", "publisher", "date", "category", "flavor"}
            self.rest(
                entry, entry_path, used | {"url", "summary"}, "a publication has no such field"
            )
            self.pools.setdefault("publications", []).append(out)

    def speaking(self, value: Any, path: Path_) -> None:
        for entry_path, entry in self.entries(value, path):
            title = self.text(entry, "title", entry_path)
            event = self.text(entry, "event", entry_path)
            if not title and not event:
                self.note(entry_path, "not imported: a talk without a title or event")
                continue
            dates = self.dates(entry, entry_path)
            talk: Entry = {"title": title or event}
            if title and event:
                talk["event"] = event
            talk.update(self.optional(entry, entry_path, "location"))
            if date := dates.get("date") or dates.get("start"):
                talk["date"] = date
            talk.update(self.links(entry, entry_path, ("url", "url")))
            talk.update(
                self.paragraphs(
                    self.text(entry, "summary", entry_path),
                    *self.texts(entry, "highlights", entry_path),
                )
            )
            if role := self.text(entry, "role", entry_path):
                self.note((*entry_path, "role"), f"not imported: a talk shows no role ({role})")
            used = {
                "title",
                "event",
                "location",
                "date",
                "start",
                "url",
                "summary",
                "highlights",
                "role",
            }
            self.rest(entry, entry_path, used, "a talk has no such field")
            self.pools.setdefault("talks", []).append(talk)

    def awards(self, value: Any, path: Path_) -> None:
        # One award won in several years is one entry with its years.
        by_name = {str(award["name"]): award for award in self.pools.get("awards", [])}
        for entry_path, entry in self.entries(value, path):
            title = self.text(entry, "title", entry_path) or self.text(entry, "name", entry_path)
            if not title:
                self.note(entry_path, "not imported: an award without a title")
                continue
            name = self.joined(
                title, self.text(entry, "event", entry_path), self.text(entry, "from", entry_path)
            )
            award = by_name.setdefault(str(name), {"name": name, "years": []})
            date = self.date(entry, "date", entry_path)
            if date and date != "present" and int(date[:4]) not in award["years"]:
                award["years"].append(int(date[:4]))
            if summary := self.text(entry, "summary", entry_path):
                award["description"] = T(
                    "\n".join(filter(None, [award.get("description"), summary]))
                )
            for key in ("url", "category", "flavor"):
                if not _empty(entry.get(key)):
                    self.note(
                        (*entry_path, key),
                        "not imported: an award shows its name, years and summary",
                    )
            used = {
                "title",
                "name",
                "event",
                "from",
                "date",
                "summary",
                "url",
                "category",
                "flavor",
            }
            self.rest(entry, entry_path, used, "an award has no such field")
        self.pools["awards"] = list(by_name.values())

    def languages(self, value: Any, path: Path_) -> None:
        for entry_path, entry in self.entries(value, path):
            language = self.text(entry, "language", entry_path) or self.text(
                entry, "name", entry_path
            )
            if not language:
                self.note(entry_path, "not imported: no language named")
                continue
            level = self.text(entry, "level", entry_path) or self.text(entry, "fluency", entry_path)
            self.pools.setdefault("spoken_languages", []).append(
                {"language": language, **({"level": level} if level else {})}
            )
            self.rest(
                entry,
                entry_path,
                {"language", "name", "level", "fluency"},
                "a CV shows the language and its level",
            )

    def references(self, value: Any, path: Path_) -> None:
        for entry_path, entry in self.entries(value, path):
            name = self.text(entry, "name", entry_path)
            if entry.get("private") is True:
                self.note(entry_path, "not imported: a reference marked private")
                continue
            if not name:
                said = self.text(entry, "summary", entry_path) or ""
                self.note(entry_path, f"not imported: a reference without a name ({said[:60]})")
                continue
            reference: Entry = {"name": name, **self.optional(entry, entry_path, "role", "title")}
            for contact_path, contact in self.entries(
                entry.get("contact") or [], (*entry_path, "contact")
            ):
                kind = str(contact.get("category") or contact.get("flavor") or "").casefold()
                found = self.text(contact, "value", contact_path)
                if found and kind in _EMAIL_KINDS and "email" not in reference:
                    reference["email"] = str(found)
                elif found and kind in _PHONE_KINDS and "phone" not in reference:
                    reference["phone"] = str(found)
                elif found:
                    self.note(contact_path, "not imported: a reference shows one email and phone")
            for key in ("summary", "category", "flavor"):
                if not _empty(entry.get(key)):
                    self.note(
                        (*entry_path, key), "not imported: a reference shows who to ask and how"
                    )
            used = {"name", "role", "contact", "private", "summary", "category", "flavor"}
            self.rest(entry, entry_path, used, "a reference has no such field")
            self.pools.setdefault("references", []).append(reference)

    def interests(self, value: Any, path: Path_) -> None:
        for entry_path, entry in self.entries(value, path):
            name = self.text(entry, "name", entry_path)
            if not name:
                self.note(entry_path, "not imported: an interest without a name")
                continue
            self.pools.setdefault("others", []).append(
                {
                    "text": name,
                    **self.paragraphs(self.text(entry, "summary", entry_path)),
                    "items": self.texts(entry, "keywords", entry_path),
                }
            )
            self.rest(
                entry, entry_path, {"name", "summary", "keywords"}, "an interest has no such field"
            )

    def extracurricular(self, value: Any, path: Path_) -> None:
        for entry_path, entry in self.entries(value, path):
            title = self.text(entry, "title", entry_path)
            activity = self.text(entry, "activity", entry_path)
            if not title and not activity:
                self.note(entry_path, "not imported: an activity without a title")
                continue
            # The title is often the role and the activity what it was: "Organizer, Kotlin
            # Meetup".
            self.pools.setdefault("others", []).append(
                {
                    "text": self.joined(title, activity),
                    **self.dates(entry, entry_path),
                    "items": self.texts(entry, "highlights", entry_path),
                }
            )
            if not _empty(entry.get("location")):
                self.note((*entry_path, "location"), "not imported: an activity shows no place")
            used = {"title", "activity", "location", "highlights", "start", "end", "date"}
            self.rest(entry, entry_path, used, "an activity has no such field")

    def reading(self, value: Any, path: Path_) -> None:
        titles = [str(entry.get("title") or "?") for _, entry in self.entries(value, path)]
        self.note(path, f"not imported: {_listed(titles)}: a CV lists your work, not your reading")

    def testimonials(self, value: Any, path: Path_) -> None:
        names = [str(entry.get("name") or "?") for _, entry in self.entries(value, path)]
        self.note(
            path,
            f"not imported: testimonials of {_listed(names)}: others' words are for a letter "
            "or a web page",
        )

    def disposition(self, value: Any, path: Path_) -> None:
        keys = list(value) if isinstance(value, dict) else []
        self.note(
            path, f"not imported: {_listed(keys) or 'your availability'}: a cover letter says it"
        )


def _listed(names: list[str]) -> str:
    return ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return f"{str(value).lower()} (yes or no)"
    if isinstance(value, (int, float)):
        return f"a number ({value})"
    if isinstance(value, str):
        return f"text ({value[:30]!r})"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return "nothing" if value is None else type(value).__name__

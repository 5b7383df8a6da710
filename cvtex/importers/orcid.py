"""An ORCID record as the public API gives it: the whole record, or the files of its
endpoints (person, works, employments, ...) in a folder or a ``.zip``; JSON or XML; API
v2.0/v2.1 (flat lists, dates in milliseconds), v3.0 (affiliation groups) and the older
v1.x messages.

One reader for every version and both encodings: XML is read as the JSON it mirrors
(:mod:`.xmldata`), and each field is looked for under the names the versions give it
(``title`` and v1's ``work-title``). A work that several sources list is one group of
summaries: the preferred one (the highest display index, else the first) is the work.
Two groups that are one work (a DOI written in two cases, which ORCID once kept apart)
are read once. What a CV has no place for is named in a note: once per value a person
wrote (an amount, a translated title), once per kind of value for what every work has
(a publication's month: a CV shows its year).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import PurePosixPath
from typing import Any

from ..errors import InputError
from ..language.catalog import Catalog, available_languages, load_catalog
from ..profile.source import Path_, format_path
from ..text.htmltext import title_text
from .dates import an_end, from_epoch_millis, read_date, still_to_come
from .identity import Work, folded, same_work
from .language import language_of_text
from .located import json_data
from .reader import Context, Note, Read, Reader, T, TextMap
from .source import Source
from .xmldata import LINE, read_xml

KIND = "ORCID record"
_NAMESPACE = "http://www.orcid.org/ns/"
# Keys that only ORCID's JSON has, near its start.
_JSON_SIGNS = re.compile(
    r'"(?:orcid-identifier|activities-summary|work-summary|affiliation-group|'
    r"employment-summary|education-summary|funding-summary|peer-review-summary|"
    r'researcher-urls|other-names|orcid-profile|orcid-works)"\s*:'
)
_ORCID_PATH = re.compile(r'"path"\s*:\s*"/?\d{4}-\d{4}-\d{4}-\d{3}[\dX]')
_ORCID_ID = re.compile(r"\d{4}-\d{4}-\d{4}-\d{3}[\dX]")
# The API's endpoints, as the files of a folder of them are named.
_ENDPOINTS = {
    "record", "person", "activities", "works", "work", "employments", "educations",
    "fundings", "distinctions", "invited-positions", "memberships", "qualifications",
    "services", "peer-reviews", "research-resources", "personal-details", "biography",
    "researcher-urls", "emails", "email", "keywords", "other-names", "external-identifiers",
    "address", "addresses", "orcid-profile", "orcid-bio", "orcid-works", "profile",
}  # fmt: skip
# A section of activities -> the name of its items.
_SECTIONS = {
    "works": "work",
    "employments": "employment",
    "educations": "education",
    "fundings": "funding",
    "distinctions": "distinction",
    "invited-positions": "invited-position",
    "memberships": "membership",
    "qualifications": "qualification",
    "services": "service",
    "peer-reviews": "peer-review",
    "research-resources": "research-resource",
}
_ITEM_SECTION = {item: section for section, item in _SECTIONS.items()}
# v1's names for the same parts.
_V1_SECTIONS = {"orcid-works": "works", "funding-list": "fundings", "affiliations": ""}
# ORCID's work types -> the profile's publication type and kind.
_WORK_TYPES: dict[str, tuple[str, str | None]] = {
    "journal-article": ("journal", None),
    "journal-issue": ("journal", None),
    "conference-paper": ("conference", None),
    "conference-abstract": ("conference", None),
    "conference-poster": ("conference", None),
    "conference-output": ("conference", None),
    "conference-presentation": ("conference", None),
    "conference-proceedings": ("conference", None),
    "book": ("book", None),
    "edited-book": ("book", None),
    "book-chapter": ("chapter", None),
    "encyclopedia-entry": ("chapter", None),
    "dictionary-entry": ("chapter", None),
    "dissertation": ("thesis", None),
    "dissertation-thesis": ("thesis", None),
    "preprint": ("preprint", None),
    "working-paper": ("preprint", None),
    "report": ("other", "report"),
    "research-technique": ("other", "report"),
    "technical-standard": ("other", "report"),
    "patent": ("other", "patent"),
    "website": ("other", "webpage"),
    "online-resource": ("other", "webpage"),
    "blog-post": ("other", "webpage"),
}
_TALK_TYPES = {"lecture-speech"}
# Contributor roles whose people are not the work's authors.
_EDITOR_ROLES = {"editor", "chair-or-translator", "translator", "chair"}
_NOT_AUTHOR_ROLES = {"assignee", "funder"}
_LINKED_IDS = {"doi", "arxiv"}
_DOI = re.compile(r"(10\.\d{4,9}/\S+)")
_ARXIV = re.compile(r"(?:arxiv:)?\s*(\d{4}\.\d{4,5}(?:v\d+)?|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})", re.I)
_DEPARTMENT_OF = re.compile(r"^(?:department|dept\.?|school|faculty)\s+of\s+", re.I)
_NETWORKS = (  # a researcher URL on one of these hosts is that kind of contact
    (re.compile(r"^https?://(?:www\.)?github\.com/([^/?#]+)/?$", re.I), "github"),
    (re.compile(r"^https?://(?:www\.)?gitlab\.com/([^/?#]+)/?$", re.I), "gitlab"),
    (re.compile(r"^https?://(?:[a-z]+\.)?linkedin\.com/in/([^/?#]+)/?$", re.I), "linkedin"),
    (re.compile(r"^https?://scholar\.google\.[a-z.]+/citations\?(?:.*&)?user=([^&#]+)", re.I),
     "scholar"),
)  # fmt: skip


# -- recognizing ---------------------------------------------------------------------------


def recognizes(source: Source) -> bool:
    if source.is_file:
        return source.suffix in (".json", ".xml", "") and _looks_orcid(source, "")
    # A folder or archive of the endpoints' files, and nothing else: a folder that also
    # holds other files is read file by file (the door), this reader taking its own.
    members = [name for name in source.names if not _is_readme(name)]
    named = all(_endpoint_name(name) for name in members)
    return bool(members) and named and any(_looks_orcid(source, name) for name in members)


def _is_readme(name: str) -> bool:
    return PurePosixPath(name).suffix.lower() in (".md", ".txt", ".html")


def _endpoint_name(name: str) -> bool:
    path = PurePosixPath(name)
    stem = path.stem.lower()
    return path.suffix.lower() in (".json", ".xml") and (
        stem in _ENDPOINTS or _ORCID_ID.fullmatch(stem) is not None
    )


def _looks_orcid(source: Source, name: str) -> bool:
    head = source.head(name, 65536).lstrip()
    if head.startswith("<"):
        return _NAMESPACE in head[:8192]
    if head.startswith("{"):
        return _JSON_SIGNS.search(head) is not None or _ORCID_PATH.search(head) is not None
    return False


# -- the files ---------------------------------------------------------------------------------


@dataclass
class _Document:
    """One file of the record: its content, and the line each item of it is on."""

    where: str
    root_name: str  # the XML root's local name, or the file's stem for JSON
    root: Any
    text: str
    xml: bool

    _put_code_lines: dict[str, int] | None = field(default=None, repr=False)

    def put_code_lines(self) -> dict[str, int]:
        """The line of each put-code of a JSON file (XML's mappings keep their own)."""
        if self._put_code_lines is None:
            self._put_code_lines = {}
            line, position = 1, 0
            for match in re.finditer(r'"put-code"\s*:\s*"?(\d+)', self.text):
                line += self.text.count("\n", position, match.start())
                position = match.start()
                self._put_code_lines.setdefault(match[1], line)
        return self._put_code_lines

    def line(self, node: Any, key: str | None = None) -> int:
        """The line ``node`` is written on (the first ``"key"`` of a JSON file for a node
        without a put-code)."""
        if isinstance(node, dict):
            if LINE in node:
                return int(node[LINE])
            code = node.get("put-code")
            if code is not None and not self.xml and str(code) in self.put_code_lines():
                return self.put_code_lines()[str(code)]
        if key and not self.xml and (position := self.text.find(f'"{key}"')) >= 0:
            return self.text.count("\n", 0, position) + 1
        return 1


def _document(source: Source, name: str) -> _Document:
    where = source.where(name)
    text = source.text(name)
    stem = PurePosixPath(name or source.path.name).stem.lower()
    if text.lstrip().startswith("<"):
        root_name, root = read_xml(text, where)
        return _Document(where, root_name, root, text, True)
    root = json_data(
        text,
        where,
        "check the commas and quotes near there; a file saved whole from ORCID is JSON",
    )
    if not isinstance(root, dict):
        raise InputError(f"{where}: an ORCID record is one JSON object, not a list or value")
    return _Document(where, stem, root, text, False)


# -- what a file holds ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Item:
    """A summary (or a whole item) of one section, with where it was written."""

    document: _Document
    path: Path_
    node: dict[str, Any]

    @property
    def where(self) -> str:
        return f"{self.document.where}:{self.document.line(self.node)}"


@dataclass
class _Record:
    """What the files of one record hold, each section's items in groups (one group: one
    work or affiliation, as listed by one or more sources)."""

    orcid: str | None = None
    person: tuple[_Document, Path_, dict[str, Any]] | None = None
    groups: dict[str, list[list[_Item]]] = field(default_factory=dict)
    modified: tuple[_Document, Path_, Any] | None = None


def _items(value: Any) -> list[Any]:
    if value is None:
        return []
    return [item for item in value if item is not None] if isinstance(value, list) else [value]


def _at(node: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(node, dict):
            return None
        node = node.get(key)
    return node


def _text(value: Any) -> str | None:
    """A value as ORCID writes text: a string, or ``{"value": ...}``."""
    if isinstance(value, dict):
        value = value.get("value")
    if isinstance(value, bool) or value is None or isinstance(value, (dict, list)):
        return None
    text = " ".join(str(value).split())
    return text or None


def _first(node: Any, *names: str) -> Any:
    """The value under the first of ``names`` that ``node`` has (a field's name in each
    version: ``type``, v1's ``work-type``)."""
    if not isinstance(node, dict):
        return None
    return next((node[name] for name in names if node.get(name) is not None), None)


def _record(documents: list[_Document]) -> _Record:
    record = _Record()
    seen: set[tuple[str, str]] = set()  # (section, put-code): a record and works.json both
    for document in documents:
        _take(record, document, seen)
    return record


def _take(record: _Record, document: _Document, seen: set[tuple[str, str]]) -> None:
    root, name = document.root, document.root_name
    path: Path_ = ()
    # v1: orcid-message > orcid-profile; v2/v3 XML endpoint files are their own root.
    for wrapper in ("orcid-profile", "profile"):
        if isinstance(_at(root, wrapper), dict):
            root, path, name = root[wrapper], (wrapper,), wrapper
    identifier = _first(root, "orcid-identifier", "identifier")
    if (orcid := _text(_at(identifier, "path")) or _orcid_of_path(root)) and not record.orcid:
        record.orcid = orcid
    history_key = "history" if "history" in root else "orcid-history"
    history = root.get(history_key)
    if isinstance(history, dict) and history.get("last-modified-date") is not None:
        record.modified = (document, (*path, history_key), history)
    person = _first(root, "person", "orcid-bio")
    person_key = "person" if "person" in root else "orcid-bio"
    if isinstance(person, dict):
        record.person = record.person or (document, (*path, person_key), person)
    elif name in ("person", "personal-details") or "biography" in root or "name" in root:
        record.person = record.person or (document, path, root)
    activities_key = next(
        (key for key in ("activities-summary", "orcid-activities", "activities") if key in root),
        None,
    )
    activities = root[activities_key] if activities_key else root
    base = (*path, activities_key) if activities_key else path
    if not isinstance(activities, dict):
        return
    for section, groups in _sections(activities, name, base):
        kept = []
        for group in groups:
            codes = [(section, str(item.node.get("put-code"))) for item in group]
            if any(code in seen for code in codes if code[1] != "None"):
                continue
            seen.update(codes)
            kept.append([_Item(document, item.path, item.node) for item in group])
        record.groups.setdefault(section, []).extend(kept)


def _orcid_of_path(root: dict[str, Any]) -> str | None:
    match = _ORCID_ID.search(str(root.get("path") or ""))
    return match[0] if match else None


@dataclass(frozen=True)
class _Found:
    path: Path_
    node: dict[str, Any]


def _sections(
    activities: dict[str, Any], name: str, base: Path_
) -> Iterator[tuple[str, list[list[_Found]]]]:
    """Each section's groups, wherever the version puts them: under activities, or as the
    whole file (works.json), or a single work or a bulk of works."""
    found = False
    for section in _SECTIONS:
        if isinstance(activities.get(section), dict):
            found = True
            yield section, _groups(activities[section], _SECTIONS[section], (*base, section))
    for v1_name, section in _V1_SECTIONS.items():
        if isinstance(activities.get(v1_name), dict):
            found = True
            yield from _v1_section(activities[v1_name], section, (*base, v1_name))
    if found:
        return
    if isinstance(activities.get("bulk"), list):
        works = [
            [_Found((*base, "bulk", index, "work"), entry["work"])]
            for index, entry in enumerate(activities["bulk"])
            if isinstance(_at(entry, "work"), dict)
        ]
        yield "works", works
        return
    kind = _kind_of(activities) or _SECTIONS.get(name)
    if kind is not None:
        yield _ITEM_SECTION[kind], _groups(activities, kind, base)
    elif "title" in activities and (name in ("work", "") or "type" in activities):
        # a single work, as /work/{put-code} gives it
        yield "works", [[_Found(base, activities)]]


def _kind_of(section: dict[str, Any]) -> str | None:
    """Which items a section file holds, from the names inside it."""
    for kind in _ITEM_SECTION:
        if f"{kind}-summary" in section:
            return kind
    for key in ("group", "affiliation-group"):
        for group in _items(section.get(key))[:1]:
            for kind in _ITEM_SECTION:
                summaries = _items(_at(group, "summaries"))
                if f"{kind}-summary" in group or any(f"{kind}-summary" in s for s in summaries):
                    return kind
            if isinstance(group, dict) and "peer-review-group" in group:
                return "peer-review"
    return None


def _groups(section: dict[str, Any], kind: str, path: Path_) -> list[list[_Found]]:
    summary = f"{kind}-summary"
    groups: list[list[_Found]] = []
    # v2's flat lists (employments, educations): each summary is a group of its own.
    for index, node in enumerate(_items(section.get(summary))):
        if isinstance(node, dict):
            groups.append([_Found((*path, summary, index), node)])
    for key in ("group", "affiliation-group"):
        for g, group in enumerate(_items(section.get(key))):
            if not isinstance(group, dict):
                continue
            here = (*path, key, g)
            found = [
                _Found((*here, summary, i), node)
                for i, node in enumerate(_items(group.get(summary)))
                if isinstance(node, dict)
            ]
            found += [
                _Found((*here, "summaries", i, summary), wrapped[summary])
                for i, wrapped in enumerate(_items(group.get("summaries")))
                if isinstance(_at(wrapped, summary), dict)
            ]
            for i, inner in enumerate(_items(group.get("peer-review-group"))):
                found += [
                    _Found((*here, "peer-review-group", i, summary, j), node)
                    for j, node in enumerate(_items(_at(inner, summary)))
                    if isinstance(node, dict)
                ]
            if found:
                groups.append(found)
    if not groups:  # v1.2: works > work, each a whole work of its own
        for index, node in enumerate(_items(section.get(kind))):
            if isinstance(node, dict):
                groups.append([_Found((*path, kind, index), node)])
    return groups


def _v1_section(
    section: dict[str, Any], name: str, path: Path_
) -> Iterator[tuple[str, list[list[_Found]]]]:
    """v1.x: orcid-works > orcid-work, funding-list > funding, affiliations > affiliation
    (of type employment or education)."""
    if name == "works":
        key = "orcid-work" if "orcid-work" in section else "work"
    elif name == "fundings":
        key = "funding"
    else:
        key = "affiliation"
    by_section: dict[str, list[list[_Found]]] = {}
    for index, node in enumerate(_items(section.get(key))):
        if not isinstance(node, dict):
            continue
        target = name or {"employment": "employments", "education": "educations"}.get(
            (_text(node.get("type")) or "").lower(), "employments"
        )
        by_section.setdefault(target, []).append([_Found((*path, key, index), node)])
    yield from by_section.items()


# -- reading -----------------------------------------------------------------------------------


def read(source: Source, context: Context) -> Read:
    names = [""] if source.is_file else [n for n in source.names if not _is_readme(n)]
    documents = [_document(source, name) for name in names]
    record = _record(documents)
    reading = _Reading(record, context, load_catalog("en"))
    data = reading.data()
    language = context.language or language_of_text(data)
    if language != "en" and language in available_languages():
        # Texts joined with the language's own commas and colons (a Chinese record).
        reading = _Reading(record, context, load_catalog(language))
        data = reading.data()
    if not data:
        raise InputError(
            f"{source.where()}: an ORCID file with nothing cvtex can read: no name, no works, "
            "no affiliations",
            "export the whole record (https://pub.orcid.org/v3.0/ORCID-ID/record)",
        )
    return Read(KIND, source, data, reading.notes(), context.language)


@dataclass
class _Tally:
    count: int
    where: str


class _Reading:
    def __init__(self, record: _Record, context: Context, catalog: Catalog) -> None:
        self.record = record
        self.today = context.today
        self.catalog = catalog
        self._notes: list[Note] = []
        self._tallies: dict[tuple[str, str], _Tally] = {}
        self.owners: list[str] = []

    # notes

    def note(self, item: _Item | tuple[_Document, Path_, Any], path: Path_, what: str) -> None:
        if isinstance(item, _Item):
            document, base, node = item.document, item.path, item.node
        else:
            document, base, node = item
        key = next((part for part in reversed(path) if isinstance(part, str)), None)
        where = f"{document.where}:{document.line(node, key)}"
        self._notes.append(Note(where, format_path((*base, *path)), what))

    def tally(self, item: _Item, what_field: str, what: str) -> None:
        """A value that every item of a kind may have, left out for one reason: one note
        for them all, at the first."""
        key = (what_field, what)
        if key in self._tallies:
            self._tallies[key].count += 1
        else:
            self._tallies[key] = _Tally(1, item.where)

    def notes(self) -> list[Note]:
        tallied = [
            Note(tally.where, field, f"{what} ({tally.count} in all)" if tally.count > 1 else what)
            for (field, what), tally in self._tallies.items()
        ]
        return self._notes + tallied

    # the profile

    def data(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        record = self.record
        if record.person is not None:
            data.update(self.person(*record.person))
        contacts = data.setdefault("contacts", [])
        if record.orcid:
            url = f"https://orcid.org/{record.orcid}"
            contacts.insert(
                _orcid_position(contacts), {"type": "orcid", "value": record.orcid, "url": url}
            )
        if not contacts:
            del data["contacts"]
        if record.modified is not None:
            document, path, history = record.modified
            value = history["last-modified-date"]
            day = _timestamp(value)
            self.note(
                (document, path, history),
                ("last-modified-date",),
                f"{day or value}: not imported: when the record last changed; a CV's "
                "updated: is the day you change the CV",
            )
        pools: dict[str, list[Any]] = {}
        for section, groups in record.groups.items():
            self.section(section, groups, pools)
        if keywords := data.pop("_keywords", None):
            pools.setdefault("skills", []).append(
                {"category": T(self.catalog.titles["interests"]), "items": keywords}
            )
        data.update({pool: entries for pool, entries in pools.items() if entries})
        if self.owners:
            names = {folded(name) for name in [*data.get("owner_names", [])]}
            names.add(folded(str(data.get("name", ""))))
            more = [name for name in self.owners if folded(name) not in names]
            data["owner_names"] = list(dict.fromkeys([*data.get("owner_names", []), *more]))
        if sections := _sections_of(pools, "summary" in data):
            data["sections"], data["layout"] = sections
        return data

    def person(self, document: _Document, path: Path_, person: dict[str, Any]) -> dict[str, Any]:
        at = (document, path, person)
        data: dict[str, Any] = {}
        name = _first(person, "name", "personal-details")
        given = _text(_at(name, "given-names"))
        family = _text(_at(name, "family-name"))
        credit = _text(_at(name, "credit-name"))
        full = " ".join(part for part in (given, family) if part) or credit
        if full:
            data["name"] = T(full)
        owners = [credit] if credit and credit != full else []
        others = _first(person, "other-names") or _at(name, "other-names")
        for other in _items(_at(others, "other-name")):
            text = _text(other) if not isinstance(other, dict) else _text(other.get("content"))
            text = text or _text(other)
            if text:
                owners.append(text)
        if owners:
            data["owner_names"] = list(dict.fromkeys(owners))
        biography = _first(person, "biography")
        bio = _text(_at(biography, "content")) or _text(biography)
        if bio:
            data["summary"] = T(_paragraphs(_at(biography, "content") or biography))
        data["contacts"] = self.contacts(at, person)
        keywords = []
        for keyword in _items(_at(_first(person, "keywords"), "keyword")):
            text = _text(_at(keyword, "content")) if isinstance(keyword, dict) else None
            text = text or _text(keyword)
            # One keyword field holding several ("plasma; fusion, ICRF"): each its own.
            keywords += [T(part.strip()) for part in re.split(r"[;,]", text or "") if part.strip()]
        if keywords:
            data["_keywords"] = list(dict.fromkeys(keywords))
        ids = _items(_at(_first(person, "external-identifiers"), "external-identifier"))
        for index, ident in enumerate(ids):
            kind = _text(ident.get("external-id-type")) if isinstance(ident, dict) else None
            value = _text(_at(ident, "external-id-value"))
            if kind and value:
                self.note(
                    at,
                    ("external-identifiers", "external-identifier", index),
                    f"{kind} {value}: not imported: a CV lists your ORCID iD; add it as a "
                    "website contact if yours should show it",
                )
        return data

    def contacts(self, at: tuple[_Document, Path_, Any], person: dict[str, Any]) -> list[Any]:
        contacts: list[dict[str, Any]] = []
        emails = _first(person, "emails") or _at(person, "contact-details")
        for index, email in enumerate(_items(_at(emails, "email"))):
            address = _text(_at(email, "email")) or _text(email)
            visibility = str(_at(email, "visibility") or "public").lower()
            if not address or "@" not in address:
                continue
            if visibility != "public":
                self.note(at, ("emails", "email", index), "not imported: not public on ORCID")
                continue
            contacts.append({"type": "email", "value": address})
        urls = _items(_at(_first(person, "researcher-urls"), "researcher-url"))
        for index, entry in enumerate(urls):
            url = _text(_at(entry, "url"))
            if not url or "orcid.org/" in url:
                continue
            if not re.match(r"^https?://", url, re.I):
                self.note(
                    at,
                    ("researcher-urls", "researcher-url", index, "url"),
                    f"{url}: not imported: not a web address",
                )
                continue
            contacts.append(_url_contact(url))
        for address in _items(_at(_first(person, "addresses"), "address")):
            country = _country(_text(_at(address, "country")))
            if country:
                contacts.append({"type": "location", "value": T(country)})
                break
        return contacts

    # activities

    def section(self, section: str, groups: list[list[_Item]], pools: dict[str, list]) -> None:
        if section == "peer-reviews":
            self.peer_reviews(groups)
            return
        if section == "research-resources":
            item = groups[0][0] if groups and groups[0] else None
            if item is not None:
                self.note(
                    item,
                    (),
                    f"{len(groups)} research resources: not imported: a CV "
                    "profile has no place for facilities and collections",
                )
            return
        seen = _Seen()
        for group in groups:
            item = _preferred(group)
            if section == "works":
                self.work(item, pools, seen)
            elif section == "fundings":
                self.funding(item, pools)
            else:
                self.affiliation(item, _SECTIONS[section], pools)

    def peer_reviews(self, groups: list[list[_Item]]) -> None:
        reviews = [item for group in groups for item in group]
        if not reviews:
            return
        venues = {
            _text(item.node.get("review-group-id"))
            or _text(_at(item.node, "convening-organization", "name"))
            for item in reviews
        } - {None}
        years = sorted(
            {int(date[:4]) for item in reviews if (date := _date(item.node.get("completion-date")))}
        )
        span = (
            ""
            if not years
            else f" in {years[0]}" + (f"–{years[-1]}" if years[-1] != years[0] else "")
        )
        self.note(
            reviews[0],
            (),
            f"peer reviews: {len(reviews)}, of {len(venues)} journal(s) or venue(s){span} "
            f"({', '.join(sorted(venues)[:5])}): not imported: ORCID names a journal by its "
            "ISSN only; add a service: line such as 'Reviewer, Journal of ...' for each",
        )

    def work(
        self,
        item: _Item,
        pools: dict[str, list[Any]],
        seen: _Seen,
    ) -> None:
        node = item.node
        title = self.title(item, _first(node, "title", "work-title"))
        if title is None:
            self.note(item, ("title",), "no title: left out")
            return
        kind = (_text(_first(node, "type", "work-type")) or "other").lower().replace("_", "-")
        links, doi = self.work_links(item)
        venue = _text(_first(node, "journal-title"))
        date = _date(_first(node, "publication-date"))
        texts = title.values() if isinstance(title, dict) else [title]
        work: Work = (
            doi,
            {folded(text).replace(" ", "") for text in texts if text} - {""},
            int(date[:4]) if date else None,
            {folded(venue)} - {""} if venue else set(),
            _WORK_TYPES.get(kind, ("other",))[0] == "preprint",
        )
        if same := seen.double(work):
            self.note(item, (), f"the same work ({same}) as one read before: read once")
            return
        if _at(node, "publication-date") is not None and date is None:
            self.note(item, ("publication-date",), "not a date cvtex reads: left out")
        authors = self.contributors(item)
        if kind in _TALK_TYPES:
            talk: dict[str, Any] = {"title": title}
            if venue:
                talk["event"] = T(venue)
            if date:
                talk["date"] = date
            if links:
                talk["links"] = links
            pools.setdefault("talks", []).append(talk)
            return
        kind_of, named = _WORK_TYPES.get(kind, ("other", None))
        publication: dict[str, Any] = {"authors": authors} if authors else {}
        publication["title"] = title
        if venue:
            publication["venue"] = T(venue)
        if date:
            publication["year"] = int(date[:4])
            if len(date) > 4:
                self.tally(
                    item,
                    "works: publication-date",
                    "month and day not imported: a publication shows its year",
                )
        publication["type"] = kind_of
        if named:
            publication["kind"] = named
        if kind_of == "preprint":
            publication["status"] = "preprint"
        if links:
            publication["links"] = links
        for key in ("short-description", "citation", "language-code", "country"):
            if node.get(key) is not None or (key == "citation" and node.get("work-citation")):
                self.tally(
                    item,
                    f"works: {key}",
                    "not imported: a CV's publication list shows authors, title, venue and year",
                )
        pools.setdefault("publications", []).append(publication)

    def title(self, item: _Item, node: Any) -> T | TextMap | None:
        """A title (with its subtitle after the language's colon); a translated title in
        another language of cvtex's beside it, as that language's text."""
        main = _text(_at(node, "title")) or _text(node if not isinstance(node, dict) else None)
        if not main:
            return None
        # Europe PMC's titles end with a full stop, which the CV's comma after it doubles.
        text = re.sub(r"(?<![.\s])\.$", "", title_text(main))
        if subtitle := _text(_at(node, "subtitle")):
            text += self.catalog.punctuation.colon.rstrip() + " " + title_text(subtitle)
        translated = _at(node, "translated-title")
        other = _text(translated)
        if not other:
            return T(text)
        code = _language_code(_at(translated, "language-code"))
        own = language_of_text([T(text)])
        if code and code != own and code in available_languages():
            return TextMap({own: text, code: title_text(other)})
        self.note(
            item,
            ("title", "translated-title"),
            f"{other[:60]}: not imported: "
            "cvtex shows a translated title only in a language it has a catalog for",
        )
        return T(text)

    def work_links(self, item: _Item) -> tuple[list[dict[str, str]], str | None]:
        node = item.node
        links: list[dict[str, str]] = []
        doi = None
        ids = _first(node, "external-ids", "work-external-identifiers")
        for ident in _items(_first(ids, "external-id", "work-external-identifier")):
            if not isinstance(ident, dict):
                continue
            kind = (
                _text(_first(ident, "external-id-type", "work-external-identifier-type")) or ""
            ).lower()
            value = _text(_first(ident, "external-id-value", "work-external-identifier-id"))
            relation = (_text(ident.get("external-id-relationship")) or "self").lower()
            if not value:
                continue
            if (
                kind == "doi"
                and relation == "self"
                and doi is None
                and (match := _DOI.search(value))
            ):
                doi = match[1].rstrip(".").casefold()
                links.append({"type": "doi", "url": f"https://doi.org/{match[1]}"})
                continue
            if kind == "arxiv" and relation == "self" and (match := _ARXIV.search(value)):
                links.append({"type": "arxiv", "url": f"https://arxiv.org/abs/{match[1]}"})
                continue
            if kind not in _LINKED_IDS or relation != "self":
                self.tally(
                    item,
                    f"works: external-ids ({kind}, {relation})",
                    "not imported: a CV links a work by its DOI, arXiv id or URL",
                )
        url = _text(_first(node, "url"))
        if url and re.match(r"^https?://", url, re.I):
            is_doi = doi is not None and doi in url.casefold()
            if not is_doi and url not in (link["url"] for link in links):
                links.append({"type": "pdf" if url.lower().endswith(".pdf") else "url", "url": url})
        return links, doi

    def contributors(self, item: _Item) -> list[T]:
        found = _first(item.node, "contributors", "work-contributors")
        authors: list[T] = []
        editors: list[T] = []
        for contributor in _items(_at(found, "contributor")):
            name = _text(_at(contributor, "credit-name"))
            role = _text(_at(contributor, "contributor-attributes", "contributor-role")) or ""
            role = role.lower()
            if not name:
                self.tally(
                    item,
                    "works: contributors",
                    "a contributor without a credit-name: left out of the authors",
                )
                continue
            orcid = _text(_at(contributor, "contributor-orcid", "path"))
            if orcid and orcid == self.record.orcid and name not in self.owners:
                self.owners.append(name)
            if role in _EDITOR_ROLES:
                editors.append(T(name))
            elif role in _NOT_AUTHOR_ROLES:
                self.tally(item, "works: contributors", f"a contributor as {role}: not an author")
            else:
                authors.append(T(name))
        if editors and authors:
            self.tally(
                item,
                "works: contributors",
                "editors of a work that has authors: not "
                "imported (a publication lists its authors)",
            )
        return authors or editors

    def funding(self, item: _Item, pools: dict[str, list[Any]]) -> None:
        node = item.node
        title = self.title(item, _first(node, "title", "funding-title"))
        organization = _text(_at(node, "organization", "name"))
        if title is None:
            self.note(item, ("title",), "no title: left out")
            return
        entry: dict[str, Any] = {"text": title}
        if organization:
            entry["description"] = T(organization)
        entry.update(self.span(item, node))
        if url := _text(node.get("url")):
            entry["links"] = [{"type": "url", "url": url}]
        entry["tags"] = ["funding"]
        amount = _at(node, "amount")
        if _text(amount):
            currency = _text(_at(amount, "currency-code")) or ""
            self.note(
                item,
                ("amount",),
                f"{_text(amount)} {currency}".strip() + ": not "
                "imported: add it to the entry's description if your CV shows amounts",
            )
        pools.setdefault("others", []).append(entry)

    def affiliation(self, item: _Item, kind: str, pools: dict[str, list[Any]]) -> None:
        node = item.node
        organization = _text(_at(node, "organization", "name"))
        role = _text(node.get("role-title"))
        department = _text(node.get("department-name"))
        if not organization and not role:
            self.note(item, (), "no organization and no role: left out")
            return
        location = self.location(_at(node, "organization", "address"))
        comma = self.catalog.punctuation.comma
        links = [{"type": "url", "url": url}] if (url := _text(node.get("url"))) else []
        entry: dict[str, Any]
        if kind == "education":
            if not organization:
                self.note(item, ("organization",), "no institution: left out")
                return
            entry = {"institution": T(organization)}
            if role:
                entry["degree"] = T(role)
            if department:
                entry["field"] = T(_DEPARTMENT_OF.sub("", department))
            pool = "education"
        elif kind == "distinction":
            entry = {"name": T(role or organization)}
            if role and (about := comma.join(p for p in (department, organization) if p)):
                entry["description"] = T(about)
            start = _date(node.get("start-date")) or _date(node.get("end-date"))
            if start:
                entry["years"] = [int(start[:4])]
            pools.setdefault("awards", []).append(entry)
            return
        elif kind == "qualification":
            entry = {"name": T(role or organization)}
            if role and (issuer := comma.join(p for p in (department, organization) if p)):
                entry["issuer"] = T(issuer)
            pool = "certificates"
        elif kind in ("service", "membership"):
            entry = {"text": T(comma.join(p for p in (role, department, organization) if p))}
            entry["tags"] = ["memberships" if kind == "membership" else "service"]
            pool = "service"
        else:  # employment, invited-position
            entry = {"title": T(role or organization)}
            if role and organization:
                entry["organization"] = T(organization)
            if department:
                entry["team"] = T(department)
            pool = "experience"
        if location and pool not in ("service", "certificates"):
            entry["location"] = T(location)
        entry.update(self.span(item, node, single=kind == "qualification"))
        if links and pool != "service":
            entry["links"] = links
        pools.setdefault(pool, []).append(entry)

    def span(self, item: _Item, node: dict[str, Any], single: bool = False) -> dict[str, Any]:
        """Start and end; no end is an affiliation still held (as ORCID shows it), an end
        still to come is expected; ``single``: a start alone is the entry's one date."""
        start = _date(node.get("start-date"))
        end = _date(node.get("end-date"))
        for key, value in (("start-date", start), ("end-date", end)):
            if node.get(key) is not None and value is None and _at(node, key, "year"):
                self.note(item, (key,), "not a date cvtex reads: left out")
        dates: dict[str, Any] = {}
        if start and start == end:
            return {"date": start}
        if start and (end or not single):
            dates["start"] = start
        elif start:
            return {"date": start}
        if end:
            dates["end"] = an_end(end, self.today)
            if not start:
                return {"end": dates["end"]} if still_to_come(end, self.today) else {"date": end}
        elif start:
            dates["end"] = "present"
        return dates

    def location(self, address: Any) -> str | None:
        parts = [
            _text(_at(address, "city")),
            _text(_at(address, "region")),
            _country(_text(_at(address, "country"))),
        ]
        parts = [part for i, part in enumerate(parts) if part and part not in parts[:i]]
        return self.catalog.punctuation.comma.join(parts) or None  # type: ignore[arg-type]


@dataclass
class _Seen:
    """The works read so far: a work listed twice (in two groups, which ORCID kept apart
    for a DOI written in two cases, or two sources' records of it) is one, as
    :mod:`.identity` tells it."""

    dois: set[str] = field(default_factory=set)
    titles: dict[str, list[Work]] = field(default_factory=dict)

    def double(self, work: Work) -> str | None:
        """How ``work`` is one read before (its DOI, its title), else None; else it is
        remembered."""
        doi, titles = work[0], work[1]
        if doi and doi in self.dois:
            return f"DOI {doi}"
        if any(same_work(work, other) for title in titles for other in self.titles.get(title, [])):
            return "title"
        if doi:
            self.dois.add(doi)
        for title in titles:
            self.titles.setdefault(title, []).append(work)
        return None


def _preferred(group: list[_Item]) -> _Item:
    """The source the person chose for a work listed by several: the highest display
    index (ORCID lists it first), else the first."""

    def index(item: _Item) -> int:
        try:
            return int(str(item.node.get("display-index") or 0))
        except ValueError:
            return 0

    best = max(index(item) for item in group)
    return next(item for item in group if index(item) == best)


def _date(node: Any) -> str | None:
    """ORCID's date ({year, month, day}, each a value) as the profile writes it; None
    when it is none (a month 13, a year of two digits)."""
    parts = [_text(_at(node, key)) for key in ("year", "month", "day")]
    if not parts[0] or not re.fullmatch(r"\d{4}", parts[0]):
        return None
    written = "-".join(part for part in parts if part)
    date = read_date(written, _NO_DAY) if re.fullmatch(r"[\d-]+", written) else None
    return date if date not in (None, "present") else None


def _timestamp(value: Any) -> str | None:
    """v2's milliseconds since 1970 ({"value": 1512657917665}) or XML's date and time."""
    value = value.get("value") if isinstance(value, dict) else value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return from_epoch_millis(value)
    if isinstance(value, str):
        return read_date(value, _NO_DAY)
    return None


# read_date's today reads "present" and years of two digits, which ORCID never writes.
_NO_DAY = dt.date(2000, 1, 1)


def _paragraphs(value: Any) -> str:
    text = value.get("value") if isinstance(value, dict) else value
    return "\n\n".join(" ".join(p.split()) for p in str(text).split("\n\n") if p.strip())


def _url_contact(url: str) -> dict[str, Any]:
    for pattern, kind in _NETWORKS:
        if match := pattern.match(url):
            return {"type": kind, "value": match[1], "url": url}
    shown = re.sub(r"^https?://(www\.)?", "", url, flags=re.I).rstrip("/")
    return {"type": "website", "value": shown, "url": url}


def _orcid_position(contacts: list[dict[str, Any]]) -> int:
    """After the addresses a person reaches you at, before the place."""
    return next((i for i, c in enumerate(contacts) if c["type"] == "location"), len(contacts))


def _language_code(value: Any) -> str | None:
    """ORCID's language code (zh_CN, zh_TW, en) as cvtex's catalog name."""
    code = (_text(value) or "").replace("_", "-")
    if not code:
        return None
    lower = code.lower()
    if lower in ("zh-tw", "zh-hant"):
        return "zh-TW"
    if lower in ("zh-hk", "zh-mo"):
        return "zh-HK"
    return lower.split("-")[0]


@cache
def _countries() -> dict[str, str]:
    """ISO 3166 country codes and their English names, from Debian's iso-codes."""
    try:
        with open("/usr/share/iso-codes/json/iso_3166-1.json", encoding="utf-8") as file:
            entries = json.load(file)["3166-1"]
        return {e["alpha_2"]: e.get("common_name") or e["name"] for e in entries}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def _country(code: str | None) -> str | None:
    if not code:
        return None
    return _countries().get(code.upper(), code)


def _sections_of(
    pools: dict[str, list[Any]], summary: bool
) -> tuple[dict[str, Any], list[str]] | None:
    """Sections when the record needs its own: fundings (an others section of their own
    title) and memberships beside services; else the profile's default sections."""
    funding = any("funding" in e.get("tags", []) for e in pools.get("others", []))
    service_tags = {tag for e in pools.get("service", []) for tag in e.get("tags", [])}
    if not funding and "memberships" not in service_tags:
        for entry in pools.get("service", []):
            entry.pop("tags", None)
        return None
    sections: dict[str, Any] = {"summary": {}} if summary else {}
    # Research interests (a skill group) first, as an academic CV states them.
    order = ["skills", "education", "experience", "publications", "talks", "funding", "awards",
             "certificates", "service", "memberships", "others"]  # fmt: skip
    for ident in order:
        if ident == "funding" and funding:
            sections["funding"] = {"kind": "others", "select": ["funding"]}
        elif ident in ("service", "memberships") and ident in service_tags:
            sections[ident] = {"kind": "service", "select": [ident]}
        elif ident == "others":
            if any("funding" not in e.get("tags", []) for e in pools.get("others", [])):
                sections["others"] = {}
        elif ident not in ("funding", "service", "memberships") and pools.get(ident):
            sections[ident] = {}
    return sections, list(sections)


READER = Reader(KIND, recognizes, read)

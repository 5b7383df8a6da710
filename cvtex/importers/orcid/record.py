"""An ORCID record as its files hold it, in every version and both encodings: each file
read (XML as the JSON it mirrors, :mod:`..xmldata`), the line each item is written on,
and the record's person, history and each section's groups of summaries, wherever v1.x,
v2.0/v2.1 and v3.0 put them. Each field is looked for under the names the versions give
it (``title`` and v1's ``work-title``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from ...profile.source import Path_
from ..located import json_data, one_object
from ..source import Source
from ..xmldata import LINE, read_xml
from .recognize import ORCID_ID

# A section of activities -> the name of its items.
SECTIONS = {
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
_ITEM_SECTION = {item: section for section, item in SECTIONS.items()}
# v1's names for the same parts.
_V1_SECTIONS = {"orcid-works": "works", "funding-list": "fundings", "affiliations": ""}


@dataclass
class Document:
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


def read_document(source: Source, name: str) -> Document:
    """The member ``name`` of ``source`` (``""``: the file itself), XML or JSON."""
    where = source.where(name)
    text = source.text(name)
    stem = PurePosixPath(name or source.path.name).stem.lower()
    if text.lstrip().startswith("<"):
        root_name, root = read_xml(text, where)
        return Document(where, root_name, root, text, True)
    root = json_data(
        text,
        where,
        "check the commas and quotes near there; a file saved whole from ORCID is JSON",
    )
    return Document(where, stem, one_object(root, where, "an ORCID record"), text, False)


@dataclass(frozen=True)
class Item:
    """A summary (or a whole item) of one section, with where it was written."""

    document: Document
    path: Path_
    node: dict[str, Any]

    @property
    def where(self) -> str:
        return f"{self.document.where}:{self.document.line(self.node)}"


@dataclass
class Record:
    """What the files of one record hold, each section's items in groups (one group: one
    work or affiliation, as listed by one or more sources)."""

    orcid: str | None = None
    person: tuple[Document, Path_, dict[str, Any]] | None = None
    groups: dict[str, list[list[Item]]] = field(default_factory=dict)
    modified: tuple[Document, Path_, Any] | None = None


def items_of(value: Any) -> list[Any]:
    """One item or a list of them (XML gives one child as itself), as a list without nulls."""
    if value is None:
        return []
    return [item for item in value if item is not None] if isinstance(value, list) else [value]


def value_at(node: Any, *keys: str) -> Any:
    """The value under ``keys``, one inside the other; None where one is missing."""
    for key in keys:
        if not isinstance(node, dict):
            return None
        node = node.get(key)
    return node


def text_of(value: Any) -> str | None:
    """A value as ORCID writes text: a string, or ``{"value": ...}``."""
    if isinstance(value, dict):
        value = value.get("value")
    if isinstance(value, bool) or value is None or isinstance(value, (dict, list)):
        return None
    text = " ".join(str(value).split())
    return text or None


def first_of(node: Any, *names: str) -> Any:
    """The value under the first of ``names`` that ``node`` has (a field's name in each
    version: ``type``, v1's ``work-type``)."""
    if not isinstance(node, dict):
        return None
    return next((node[name] for name in names if node.get(name) is not None), None)


def record_of(documents: list[Document]) -> Record:
    """The files of one record as one, each item taken once."""
    record = Record()
    seen: set[tuple[str, str]] = set()  # (section, put-code): a record and works.json both
    for document in documents:
        _take(record, document, seen)
    return record


def _take(record: Record, document: Document, seen: set[tuple[str, str]]) -> None:
    root, name = document.root, document.root_name
    path: Path_ = ()
    # v1: orcid-message > orcid-profile; v2/v3 XML endpoint files are their own root.
    for wrapper in ("orcid-profile", "profile"):
        if isinstance(value_at(root, wrapper), dict):
            root, path, name = root[wrapper], (wrapper,), wrapper
    identifier = first_of(root, "orcid-identifier", "identifier")
    if (
        orcid := text_of(value_at(identifier, "path")) or _orcid_of_path(root)
    ) and not record.orcid:
        record.orcid = orcid
    history_key = "history" if "history" in root else "orcid-history"
    history = root.get(history_key)
    if isinstance(history, dict) and history.get("last-modified-date") is not None:
        record.modified = (document, (*path, history_key), history)
    person = first_of(root, "person", "orcid-bio")
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
            kept.append([Item(document, item.path, item.node) for item in group])
        record.groups.setdefault(section, []).extend(kept)


def _orcid_of_path(root: dict[str, Any]) -> str | None:
    match = ORCID_ID.search(str(root.get("path") or ""))
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
    for section in SECTIONS:
        if isinstance(activities.get(section), dict):
            found = True
            yield section, _groups(activities[section], SECTIONS[section], (*base, section))
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
            if isinstance(value_at(entry, "work"), dict)
        ]
        yield "works", works
        return
    kind = _kind_of(activities) or SECTIONS.get(name)
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
        for group in items_of(section.get(key))[:1]:
            for kind in _ITEM_SECTION:
                summaries = items_of(value_at(group, "summaries"))
                if f"{kind}-summary" in group or any(f"{kind}-summary" in s for s in summaries):
                    return kind
            if isinstance(group, dict) and "peer-review-group" in group:
                return "peer-review"
    return None


def _groups(section: dict[str, Any], kind: str, path: Path_) -> list[list[_Found]]:
    summary = f"{kind}-summary"
    groups: list[list[_Found]] = []
    # v2's flat lists (employments, educations): each summary is a group of its own.
    for index, node in enumerate(items_of(section.get(summary))):
        if isinstance(node, dict):
            groups.append([_Found((*path, summary, index), node)])
    for key in ("group", "affiliation-group"):
        for g, group in enumerate(items_of(section.get(key))):
            if not isinstance(group, dict):
                continue
            here = (*path, key, g)
            found = [
                _Found((*here, summary, i), node)
                for i, node in enumerate(items_of(group.get(summary)))
                if isinstance(node, dict)
            ]
            found += [
                _Found((*here, "summaries", i, summary), wrapped[summary])
                for i, wrapped in enumerate(items_of(group.get("summaries")))
                if isinstance(value_at(wrapped, summary), dict)
            ]
            for i, inner in enumerate(items_of(group.get("peer-review-group"))):
                found += [
                    _Found((*here, "peer-review-group", i, summary, j), node)
                    for j, node in enumerate(items_of(value_at(inner, summary)))
                    if isinstance(node, dict)
                ]
            if found:
                groups.append(found)
    if not groups:  # v1.2: works > work, each a whole work of its own
        for index, node in enumerate(items_of(section.get(kind))):
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
    for index, node in enumerate(items_of(section.get(key))):
        if not isinstance(node, dict):
            continue
        target = name or {"employment": "employments", "education": "educations"}.get(
            (text_of(node.get("type")) or "").lower(), "employments"
        )
        by_section.setdefault(target, []).append([_Found((*path, key, index), node)])
    yield from by_section.items()

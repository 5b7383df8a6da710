"""Profiles from JSON Resume files: one file, or two in two languages merged into one profile.

Each file is read into the profile's shape in its own language, with every text field
marked as text. Two such profiles merge entry by entry: entries are paired by their dates
and other language-neutral values (and by position where there are none), a text that is
the same in both stays plain, a text that differs becomes ``{en: ..., zh: ...}``, and an
entry or bullet found in one file only is kept with ``only: [that language]``.
"""

from __future__ import annotations

import datetime as dt
import difflib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from ..errors import InputError
from ..formats import write_atomically
from ..locale import Catalog, available_languages, load_catalog
from ..model import Profile
from ..resources import SCHEMA_FILE

# -- the JSON Resume fields cvtex reads (any others are allowed and left alone) -----------

_ISO_DATE = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$")


class _Part(BaseModel):
    model_config = ConfigDict(extra="allow")


def _date(value: str | None) -> str | None:
    if value is None or value == "":
        return None
    match = _ISO_DATE.match(value.strip())
    if not match or (match[2] and not 1 <= int(match[2]) <= 12):
        raise ValueError(f"{value!r} is not a date: write 2020, 2020-09 or 2020-09-01")
    return f"{match[1]}-{match[2]}" if match[2] else match[1]


class _Dated(_Part):
    startDate: str | None = None
    endDate: str | None = None

    @field_validator("startDate", "endDate")
    @classmethod
    def _iso(cls, value: str | None) -> str | None:
        return _date(value)


class _Location(_Part):
    address: str | None = None
    city: str | None = None
    region: str | None = None
    countryCode: str | None = None


class _NetworkProfile(_Part):
    network: str | None = None
    username: str | None = None
    url: str | None = None


class _Basics(_Part):
    name: str | None = None
    label: str | None = None
    image: str | None = None
    email: str | None = None
    phone: str | None = None
    url: str | None = None
    summary: str | None = None
    location: _Location | None = None
    profiles: list[_NetworkProfile] = []


class _Work(_Dated):
    name: str | None = None
    location: str | None = None
    description: str | None = None
    position: str | None = None
    url: str | None = None
    summary: str | None = None
    highlights: list[str] = []


class _Volunteer(_Dated):
    organization: str | None = None
    position: str | None = None
    url: str | None = None
    summary: str | None = None
    highlights: list[str] = []


class _Education(_Dated):
    institution: str | None = None
    url: str | None = None
    area: str | None = None
    studyType: str | None = None
    score: str | None = None
    courses: list[str] = []


class _Award(_Part):
    title: str | None = None
    date: str | None = None
    awarder: str | None = None
    summary: str | None = None

    @field_validator("date")
    @classmethod
    def _iso(cls, value: str | None) -> str | None:
        return _date(value)


class _Certificate(_Part):
    name: str | None = None
    date: str | None = None
    issuer: str | None = None

    @field_validator("date")
    @classmethod
    def _iso(cls, value: str | None) -> str | None:
        return _date(value)


class _Publication(_Part):
    name: str | None = None
    publisher: str | None = None
    releaseDate: str | None = None
    url: str | None = None
    summary: str | None = None

    @field_validator("releaseDate")
    @classmethod
    def _iso(cls, value: str | None) -> str | None:
        return _date(value)


class _Skill(_Part):
    name: str | None = None
    level: str | None = None
    keywords: list[str] = []


class _Language(_Part):
    language: str | None = None
    fluency: str | None = None


class _Interest(_Part):
    name: str | None = None
    keywords: list[str] = []


class _Reference(_Part):
    name: str | None = None
    reference: str | None = None


class _Project(_Dated):
    name: str | None = None
    description: str | None = None
    highlights: list[str] = []
    keywords: list[str] = []
    url: str | None = None
    roles: list[str] = []
    entity: str | None = None
    type: str | None = None


class _Meta(_Part):
    language: str | None = None


class _Resume(_Part):
    basics: _Basics = _Basics()
    work: list[_Work] = []
    volunteer: list[_Volunteer] = []
    education: list[_Education] = []
    awards: list[_Award] = []
    certificates: list[_Certificate] = []
    publications: list[_Publication] = []
    skills: list[_Skill] = []
    languages: list[_Language] = []
    interests: list[_Interest] = []
    references: list[_Reference] = []
    projects: list[_Project] = []
    meta: _Meta = _Meta()


# -- reading -------------------------------------------------------------------------------


@dataclass
class ReadResume:
    file: Path
    language: str
    resume: _Resume
    notes: list[str] = field(default_factory=list)  # what the profile could not take


def read_resume(file: Path, language: str | None = None) -> ReadResume:
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"{file}: no such file") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{file}: not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{file}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}",
            "a JSON Resume file is one JSON object (see https://jsonresume.org/schema)",
        ) from None
    if not isinstance(data, dict):
        raise InputError(f"{file}: a JSON Resume file is one JSON object, not a list or value")
    try:
        resume = _Resume.model_validate(data)
    except ValidationError as exc:
        lines = [f"{file}: not a JSON Resume document cvtex can read:"]
        for error in exc.errors(include_url=False):
            where = _json_path(error["loc"])
            message = str(error["ctx"]["error"]) if error["type"] == "value_error" else error["msg"]
            lines.append(f"  {where}: {message[0].lower()}{message[1:]}")
        raise InputError("\n".join(lines)) from None
    if not (resume.basics.name or "").strip():
        raise InputError(
            f"{file}: basics.name is missing", "a profile needs a name: add basics.name"
        )
    return ReadResume(file, language or _language(file, resume), resume)


def _json_path(loc: tuple[str | int, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _language(file: Path, resume: _Resume) -> str:
    """The file's language: meta.language, then a part of its name (cv.zh.json), then script."""
    known = set(available_languages())
    if resume.meta.language:
        return resume.meta.language
    for part in file.name.split(".")[:-1]:
        if part in known:
            return part
    text = "".join(_strings(resume.model_dump(exclude_defaults=True)))
    han = sum("\u4e00" <= ch <= "\u9fff" for ch in text)
    letters = sum(ch.isalpha() for ch in text)
    return "zh" if letters and han / letters > 0.2 else "en"


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


# -- one resume as a profile in its language ---------------------------------------------


class T(str):
    """The value of a text field, in the language of the file it came from."""


_NETWORK_TYPES = {
    "github": "github",
    "gitlab": "gitlab",
    "linkedin": "linkedin",
    "google scholar": "scholar",
    "scholar": "scholar",
    "orcid": "orcid",
}
# An abbreviation at the end of a publisher, as cvtex writes it: "Computer Networks (ComNet)".
_ABBR = re.compile(r"^(?P<venue>.+?)\s*[(（](?P<abbr>[^\s()（）]{1,15})[)）]$")
_PROJECT_KINDS = {"teaching": "teaching", "talk": "talks", "presentation": "talks"}


def profile_data(read: ReadResume, today: dt.date | None = None) -> dict[str, Any]:
    """The resume as profile data in its own language (text fields marked with T)."""
    return _Converter(read, load_catalog(read.language), today or dt.date.today()).data()


class _Converter:
    def __init__(self, read: ReadResume, catalog: Catalog, today: dt.date) -> None:
        self.read = read
        self.resume = read.resume
        self.catalog = catalog
        self.today = f"{today.year:04d}-{today.month:02d}"
        self.owners: list[str] = []  # author names set in bold

    def note(self, where: str, what: str) -> None:
        self.read.notes.append(f"{self.read.file}: {where}: {what}")

    def data(self) -> dict[str, Any]:
        basics = self.resume.basics
        data: dict[str, Any] = {"name": T(basics.name.strip() if basics.name else "")}
        if basics.label:
            data["headline"] = T(basics.label)
        data["contacts"] = self.contacts()
        if basics.summary:
            data["summary"] = T(basics.summary)
        if basics.image:
            self.note("basics.image", "not imported: add photo: {file: ...} with a local image")
        pools = {
            "education": [self.education(i, e) for i, e in enumerate(self.resume.education)],
            "experience": [self.work(i, w) for i, w in enumerate(self.resume.work)],
            "publications": [
                self.publication(i, p) for i, p in enumerate(self.resume.publications)
            ],
            "awards": self.awards(),
            "service": [self.service(v) for v in self.resume.volunteer],
            "skills": [self.skill(s) for s in self.resume.skills if s.name],
            "spoken_languages": [
                {"language": T(lang.language), **_text("level", lang.fluency)}
                for lang in self.resume.languages
                if lang.language
            ],
            "references": [
                {"name": T(ref.name), **_text("title", ref.reference)}
                for ref in self.resume.references
                if ref.name
            ],
            "others": [
                {"text": T(interest.name), "items": [T(k) for k in interest.keywords]}
                for interest in self.resume.interests
                if interest.name
            ],
        }
        for kind in ("teaching", "talks"):
            pools[kind] = []
        for project in self.resume.projects:
            self.project(project, pools)
        data.update({name: entries for name, entries in pools.items() if entries})
        if self.owners:
            data["owner_names"] = self.owners
        return data

    def contacts(self) -> list[dict[str, Any]]:
        basics = self.resume.basics
        contacts: list[dict[str, Any]] = []
        if basics.email:
            contacts.append({"type": "email", "value": basics.email})
        if basics.phone:
            contacts.append({"type": "phone", "value": basics.phone})
        if basics.url:
            shown = re.sub(r"^https?://", "", basics.url).rstrip("/")
            contacts.append({"type": "website", "value": shown, "url": basics.url})
        if basics.location:
            place = basics.location
            parts = [place.address, place.city, place.region, place.countryCode]
            text = self.catalog.punctuation.comma.join(part for part in parts if part)
            if text:
                contacts.append({"type": "location", "value": T(text)})
        for profile in basics.profiles:
            kind = _NETWORK_TYPES.get((profile.network or "").strip().lower())
            value = profile.username or profile.url
            if not value:
                continue
            if kind is None:
                # A network cvtex has no icon for: a website link, named by the network.
                label = (
                    f"{profile.network}{self.catalog.punctuation.colon}" if profile.network else ""
                )
                contact = {"type": "website", "value": T(label + value)}
            else:
                contact = {"type": kind, "value": value}
            if profile.url:
                contact["url"] = profile.url
            contacts.append(contact)
        return contacts

    def dates(self, entry: _Dated) -> dict[str, Any]:
        dates: dict[str, Any] = {}
        if entry.startDate:
            dates["start"] = entry.startDate
        if entry.endDate:
            # An end still to come is what the CV calls expected (a degree, a contract).
            future = entry.endDate > self.today[: len(entry.endDate)]
            dates["end"] = {"expected": entry.endDate} if future else entry.endDate
        elif entry.startDate:
            dates["end"] = "present"  # JSON Resume's way of saying "still going on"
        return dates

    def education(self, index: int, entry: _Education) -> dict[str, Any]:
        if not entry.institution:
            self.note(f"education[{index}]", "has no institution; imported with an empty one")
        return {
            "institution": T(entry.institution or ""),
            "degree": T(entry.studyType or ""),
            **_text("field", entry.area),
            **({"gpa": entry.score} if entry.score else {}),
            **self.dates(entry),
            "bullets": [T(course) for course in entry.courses],
        }

    def work(self, index: int, work: _Work) -> dict[str, Any]:
        summary = (work.summary or "").strip()
        # cvtex writes a project title with a role as summary + position; a long summary
        # is someone's paragraph, and becomes the first bullet.
        title_from_summary = bool(summary and work.position and _is_title(summary))
        title = summary if title_from_summary else work.position or work.name or ""
        bullets = [T(text) for text in work.highlights]
        if summary and not title_from_summary:
            bullets.insert(0, T(summary))
        if not title:
            self.note(f"work[{index}]", "has no position or name; imported with an empty title")
        return {
            "title": T(title),
            **_text("organization", work.name),
            **_text("team", work.description),
            **_text("location", work.location),
            **_text("role", work.position if title_from_summary else None),
            **self.dates(work),
            **({"links": [{"type": "url", "url": work.url}]} if work.url else {}),
            "bullets": bullets,
        }

    def service(self, entry: _Volunteer) -> dict[str, Any]:
        parts = [entry.position, entry.organization]
        text = self.catalog.punctuation.comma.join(part for part in parts if part)
        return {"text": T(text or entry.summary or ""), **self.dates(entry)}

    def publication(self, index: int, pub: _Publication) -> dict[str, Any]:
        data: dict[str, Any] = {"title": T(pub.name or "")}
        if pub.publisher:
            match = _ABBR.match(pub.publisher.strip())
            if match:
                data["venue"], data["abbr"] = T(match["venue"]), match["abbr"]
            else:
                data["venue"] = T(pub.publisher)
        if pub.releaseDate:
            data["year"] = int(pub.releaseDate[:4])
        if pub.url:
            data["links"] = [{"type": "url", "url": pub.url}]
        if pub.summary:
            found = _authors(pub.summary)
            if found is None:
                self.note(
                    f"publications[{index}].summary",
                    "not imported: cvtex reads authors from it, and it is not an author list",
                )
            else:
                data["authors"], bold = found
                self.owners.extend(name for name in bold if name not in self.owners)
        return data

    def awards(self) -> list[dict[str, Any]]:
        # JSON Resume lists an award once per date: the profile lists its years.
        by_name: dict[str, dict[str, Any]] = {}
        named = [(a.title, a.awarder, a.date) for a in self.resume.awards] + [
            (c.name, c.issuer, c.date) for c in self.resume.certificates
        ]
        for title, giver, date in named:
            if not title:
                continue
            name = self.catalog.punctuation.comma.join(part for part in (title, giver) if part)
            entry = by_name.setdefault(name, {"name": T(name), "years": []})
            if date and int(date[:4]) not in entry["years"]:
                entry["years"].append(int(date[:4]))
        return list(by_name.values())

    def skill(self, skill: _Skill) -> dict[str, Any]:
        category = skill.name or ""
        if skill.level:
            p = self.catalog.punctuation
            category = f"{category}{p.open_paren}{skill.level}{p.close_paren}"
        return {"category": T(category), "items": [T(k) for k in skill.keywords]}

    def project(self, project: _Project, pools: dict[str, list[dict[str, Any]]]) -> None:
        kind = _PROJECT_KINDS.get((project.type or "").lower())
        links = [{"type": "url", "url": project.url}] if project.url else []
        if kind == "teaching":
            pools["teaching"].append(
                {
                    "course": T(project.name or ""),
                    **_text("institution", project.entity),
                    **_text("role", project.roles[0] if project.roles else None),
                    **_text("term", project.description),
                    **self.dates(project),
                }
            )
        elif kind == "talks":
            date = {"date": project.startDate} if project.startDate else {}
            pools["talks"].append(
                {
                    "title": T(project.name or ""),
                    **_text("event", project.entity),
                    **_text("location", project.description),
                    **date,
                    **({"links": links} if links else {}),
                }
            )
        elif (project.type or "").lower() == "other":
            dates = self.dates(project)
            if dates.get("end") == "present" and not project.endDate:
                dates = {"date": project.startDate}
            pools["others"].append(
                {
                    "text": T(project.name or ""),
                    **dates,
                    **({"links": links} if links else {}),
                    "items": [T(h) for h in project.highlights],
                }
            )
        else:
            bullets = [T(project.description)] if project.description else []
            bullets += [T(h) for h in project.highlights]
            if project.keywords:
                bullets.append(T(self.catalog.punctuation.list_separator.join(project.keywords)))
            pools["experience"].append(
                {
                    "title": T(project.name or ""),
                    **_text("organization", project.entity),
                    **_text("role", self.catalog.join(project.roles) if project.roles else None),
                    **self.dates(project),
                    **({"links": links} if links else {}),
                    "bullets": bullets,
                    "tags": ["projects"],
                }
            )


def _text(key: str, value: str | None) -> dict[str, T]:
    return {key: T(value)} if value and value.strip() else {}


def _is_title(text: str) -> bool:
    return len(text) <= 120 and "\n" not in text and not re.search(r"[.。!?！？]\s", text)


_AUTHOR_SPLIT = re.compile(r",\s*|、")


def _authors(summary: str) -> tuple[list[Any], list[str]] | None:
    """An author list as cvtex exports it ("**J. Fang**, G. Zhao") and the names in bold
    (the owner's); None for a summary that is prose."""
    authors: list[Any] = []
    bold: list[str] = []
    for name in (part.strip() for part in _AUTHOR_SPLIT.split(summary)):
        if not name:
            continue
        plain = name.replace("**", "")
        marks = re.search(r"[*†]+$", plain)
        bare = plain[: marks.start()].strip() if marks else plain
        # A name is short, and ends no sentence ("J." and "et al." are not sentences).
        if not bare or len(bare) > 40 or len(bare.split()) > 5 or re.search(r"\w{3,}[.!?]$", bare):
            return None
        if name.startswith("**"):
            bold.append(bare)
        if marks:
            authors.append(
                {"name": T(bare), "equal": "*" in marks[0], "corresponding": "†" in marks[0]}
            )
        else:
            authors.append(T(bare))
    return (authors, bold) if authors else None


# -- two languages, one profile ----------------------------------------------------------


class TextMap(dict):  # type: ignore[type-arg]
    """A text written per language: {en: ..., zh: ...}, written in flow style."""


class _Conflict(Exception):
    """Two entries paired by their dates hold values that cannot be one entry."""


@dataclass(frozen=True)
class _Merger:
    first: str
    second: str

    def profile(self, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
        merged: dict[str, Any] = {"languages": [self.first, self.second]}
        for key in dict.fromkeys([*a, *b]):
            if key == "owner_names":
                merged[key] = list(dict.fromkeys([*a.get(key, []), *b.get(key, [])]))
            elif isinstance(a.get(key, b.get(key)), list):
                merged[key] = self.entries(a.get(key, []), b.get(key, []))
            else:
                merged[key] = self.value(a.get(key), b.get(key), key)
        return merged

    def entries(self, a: list[dict[str, Any]], b: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for x, y in _align(a, b):
            if x is None or y is None:
                out.append(
                    self.only(x if y is None else y, self.first if y is None else self.second)
                )
                continue
            try:
                out.append(self.entry(x, y))
            except _Conflict:
                out.extend([self.only(x, self.first), self.only(y, self.second)])
        return out

    def only(self, entry: dict[str, Any], language: str) -> dict[str, Any]:
        return {**entry, "only": [language]}

    def entry(self, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
        return {key: self.value(a.get(key), b.get(key), key) for key in dict.fromkeys([*a, *b])}

    def value(self, a: Any, b: Any, key: str) -> Any:
        if isinstance(a, T) or isinstance(b, T):
            if a == b:
                return str(a)
            # Missing in one language: null, which shows nothing there.
            return TextMap({self.first: _plain(a), self.second: _plain(b)})
        if a is None or b is None:
            return a if b is None else b
        if isinstance(a, list) and isinstance(b, list):
            return self.list(a, b, key)
        if isinstance(a, dict) and isinstance(b, dict) and key != "end":
            return self.entry(a, b)
        if a != b:
            raise _Conflict(key)
        return a

    def list(self, a: list[Any], b: list[Any], key: str) -> list[Any]:
        if len(a) == len(b):
            return [self.value(x, y, key) for x, y in zip(a, b, strict=True)]
        if key in ("bullets", "items") and all(isinstance(v, T) for v in [*a, *b]):
            # Bullets cannot be paired across languages by their text: each keeps its own.
            return [{"text": str(v), "only": [self.first]} for v in a] + [
                {"text": str(v), "only": [self.second]} for v in b
            ]
        if key == "tags":
            return list(dict.fromkeys([*a, *b]))
        raise _Conflict(key)


def _plain(value: Any) -> Any:
    return str(value) if isinstance(value, T) else value


def _neutral(entry: dict[str, Any]) -> tuple[Any, ...]:
    """What an entry says in any language: its dates, years, numbers and addresses."""
    return tuple(
        (key, json.dumps(value, sort_keys=True))
        for key, value in entry.items()
        if key in ("start", "end", "date", "year", "years", "type", "abbr", "gpa", "email")
    )


def _whole(entry: dict[str, Any]) -> str:
    return json.dumps(entry, sort_keys=True, ensure_ascii=False)


def _align(
    a: list[dict[str, Any]], b: list[dict[str, Any]]
) -> list[tuple[dict[str, Any] | None, dict[str, Any] | None]]:
    """Pairs of entries that are the same thing: equal entries first, then equal dates and
    other language-neutral values, in order (and so by position where there are none)."""
    return _align_by(a, b, [_whole, _neutral])


def _align_by(
    a: list[dict[str, Any]],
    b: list[dict[str, Any]],
    keys: list[Callable[[dict[str, Any]], Any]],
) -> list[tuple[dict[str, Any] | None, dict[str, Any] | None]]:
    if not keys:
        return [(x, None) for x in a] + [(None, y) for y in b]
    key, rest = keys[0], keys[1:]
    matcher = difflib.SequenceMatcher(None, [key(x) for x in a], [key(y) for y in b], False)
    pairs: list[tuple[dict[str, Any] | None, dict[str, Any] | None]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            pairs.extend(zip(a[i1:i2], b[j1:j2], strict=True))
        else:
            pairs.extend(_align_by(a[i1:i2], b[j1:j2], rest))
    return pairs


# -- writing -------------------------------------------------------------------------------


class _Dumper(yaml.SafeDumper):
    pass


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    # Paragraphs as a literal block, as a person would write them.
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", str(value), style=style)


def _represent_list(dumper: yaml.SafeDumper, value: list[Any]) -> yaml.Node:
    # Short lists of words on one line: [en, zh], [2022, 2023].
    words = all(isinstance(item, (str, int)) and len(str(item)) < 20 for item in value)
    short = words and sum(len(str(item)) + 2 for item in value) < 80
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=short)


def _represent_text_map(dumper: yaml.SafeDumper, value: TextMap) -> yaml.Node:
    # {en: ..., zh: ...} on one line when it fits, as the example profile writes it.
    short = sum(len(str(text)) + 6 for text in value.values()) < 80
    return dumper.represent_mapping("tag:yaml.org,2002:map", value, flow_style=short)


_Dumper.add_representer(TextMap, _represent_text_map)
_Dumper.add_representer(str, _represent_str)
_Dumper.add_representer(T, _represent_str)
_Dumper.add_representer(list, _represent_list)


@dataclass(frozen=True)
class Imported:
    profile: Path
    languages: list[str]
    notes: list[str]


def import_resumes(
    files: list[Path],
    out: Path | None = None,
    force: bool = False,
    languages: str | None = None,
    today: dt.date | None = None,
) -> Imported:
    """Write one profile from one JSON Resume file, or from two in two languages."""
    if not 1 <= len(files) <= 2:
        raise InputError(
            f"give one JSON Resume file, or two in two languages (got {len(files)})",
            "for example: cvtex import resume.en.json resume.zh.json",
        )
    given = [part.strip() for part in (languages or "").split(",") if part.strip()]
    if given and len(given) != len(files):
        raise InputError(
            f"--lang {languages}: name one language per file ({len(files)} files)",
            "for example: --lang en,zh",
        )
    reads = [read_resume(file, given[i] if given else None) for i, file in enumerate(files)]
    for read in reads:
        load_catalog(read.language)  # an unknown language is an error that names the catalogs
    if len(reads) == 2 and reads[0].language == reads[1].language:
        raise InputError(
            f"{files[0]} and {files[1]} are both in {reads[0].language}",
            "pass --lang en,zh (in the order of the files) if that is wrong",
        )
    datas = [profile_data(read, today) for read in reads]
    if len(datas) == 1:
        data = {"languages": [reads[0].language], **_plain_tree(datas[0])}
    else:
        data = _Merger(reads[0].language, reads[1].language).profile(*datas)
    # In the order the profile's model declares its keys, as a person would write them.
    order = list(Profile.model_fields)
    data = _prune(dict(sorted(data.items(), key=lambda item: order.index(item[0]))))
    target = out or default_profile_path(files[0])
    _check(data, target)
    text = _header(files, target) + yaml.dump(
        data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100
    )
    _write_new(target, text, force)
    return Imported(target, list(data["languages"]), [n for r in reads for n in r.notes])


def _plain_tree(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _plain_tree(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain_tree(item) for item in value]
    return _plain(value)


def _prune(value: Any) -> Any:
    """Leave out empty lists, except a skill group's items, which the profile requires."""
    if isinstance(value, TextMap):
        return value
    if isinstance(value, dict):
        return {
            key: _prune(item)
            for key, item in value.items()
            if item != [] or (key == "items" and "category" in value)
        }
    if isinstance(value, list):
        return [_prune(item) for item in value]
    return value


def default_profile_path(first: Path) -> Path:
    """``cv.en.resume.json`` -> ``cv.yaml`` beside it (language and ``.resume`` dropped)."""
    known = set(available_languages())
    parts = [p for p in first.name.split(".")[:-1] if p not in known and p != "resume"]
    return first.with_name(".".join(parts or ["profile"]) + ".yaml")


def _check(data: dict[str, Any], target: Path) -> None:
    try:
        Profile.model_validate(json.loads(json.dumps(data)))
    except ValidationError as exc:  # the mapping above should never produce this
        raise AssertionError(f"imported profile for {target} is invalid: {exc}") from exc


def _header(files: list[Path], target: Path) -> str:
    sources = " and ".join(file.name for file in files)
    return (
        f"# yaml-language-server: $schema={SCHEMA_FILE.resolve().as_uri()}\n"
        f"#\n# Imported by cvtex from {sources} (JSON Resume).\n"
        f"# Check it with:   cvtex validate {target.name}\n"
        f"# Build it with:   cvtex build {target.name}\n\n"
    )


def _write_new(target: Path, text: str, force: bool) -> None:
    if target.exists() and not force:
        raise InputError(
            f"{target} already exists; cvtex never overwrites a profile",
            "choose another name with -o, or pass --force to replace it",
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    if force:
        write_atomically(target, text)
        return
    # "x" mode closes the gap between the check above and the write.
    with target.open("x", encoding="utf-8") as handle:
        handle.write(text)

"""A JSON Resume document as cvtex reads it: the fields it uses, checked, and its language.

Any other field is allowed (the schema allows them too) and left alone.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from ...errors import InputError
from ...language.catalog import available_languages
from ...profile.problems import Problem, problems_of
from ...profile.source import Path_, format_path, load_yaml
from ..language import catalog_code
from ..located import json_data, one_object
from ..reader import Note
from ..write import leave_out
from .tidy import Tidier, refuse_texts_per_language

_ISO_DATE = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$")


class Part(BaseModel):
    model_config = ConfigDict(extra="allow")


def _date(value: str | None) -> str | None:
    """A date as precise as it is written: a year, a month or a day (2020-09-01)."""
    if value is None or value == "":
        return None
    match = _ISO_DATE.match(value.strip())
    if not match or (match[2] and not 1 <= int(match[2]) <= 12):
        raise ValueError(f"{value!r} is not a date: write 2020, 2020-09 or 2020-09-01")
    if match[3]:
        try:
            dt.date(int(match[1]), int(match[2]), int(match[3]))
        except ValueError as exc:
            raise ValueError(f"{value!r} is not a date: {exc}") from None
    return match[0]


class Dated(Part):
    startDate: str | None = None
    endDate: str | None = None
    # Not the schema's: an end written in a way cvtex cannot read (tidy), which is not
    # "still going on" as a missing end is.
    endUnread: bool = False

    @field_validator("startDate", "endDate")
    @classmethod
    def _iso(cls, value: str | None) -> str | None:
        return _date(value)


class Location(Part):
    address: str | None = None
    city: str | None = None
    region: str | None = None
    countryCode: str | None = None


class NetworkProfile(Part):
    network: str | None = None
    username: str | None = None
    url: str | None = None


class Basics(Part):
    name: str | None = None
    label: str | None = None
    image: str | None = None
    email: str | None = None
    phone: str | None = None
    url: str | None = None
    summary: str | None = None
    location: Location | None = None
    profiles: list[NetworkProfile] = []


class Work(Dated):
    name: str | None = None
    location: str | None = None
    description: str | None = None
    position: str | None = None
    url: str | None = None
    summary: str | None = None
    highlights: list[str] = []
    keywords: list[str] = []  # not the schema's (its projects have them), but written often


class Volunteer(Dated):
    organization: str | None = None
    position: str | None = None
    url: str | None = None
    summary: str | None = None
    highlights: list[str] = []


class Education(Dated):
    institution: str | None = None
    location: str | None = None  # not the schema's, but written often
    url: str | None = None
    area: str | None = None
    studyType: str | None = None
    score: str | None = None
    courses: list[str] = []
    # Not the schema's, but written by Chinese résumé tools: 导师, 论文题目, 奖学金.
    advisor: str | None = None
    thesis: str | None = None
    scholarships: str | None = None


class Award(Part):
    title: str | None = None
    date: str | None = None
    awarder: str | None = None
    summary: str | None = None

    @field_validator("date")
    @classmethod
    def _iso(cls, value: str | None) -> str | None:
        return _date(value)


class Certificate(Part):
    name: str | None = None
    date: str | None = None
    issuer: str | None = None
    url: str | None = None

    @field_validator("date")
    @classmethod
    def _iso(cls, value: str | None) -> str | None:
        return _date(value)


class Publication(Part):
    name: str | None = None
    publisher: str | None = None
    releaseDate: str | None = None
    status: str | None = None  # not the schema's: a releaseDate such as "submitted" (tidy)
    url: str | None = None
    summary: str | None = None

    @field_validator("releaseDate")
    @classmethod
    def _iso(cls, value: str | None) -> str | None:
        return _date(value)


class SkillItem(Part):
    skill: str | None = None
    level: str | None = None


class Skill(Part):
    name: str | None = None
    level: str | None = None
    keywords: list[str] = []
    items: list[SkillItem] = []  # not the schema's: each skill with its level


class Language(Part):
    language: str | None = None
    fluency: str | None = None


class Interest(Part):
    name: str | None = None
    keywords: list[str] = []


class Reference(Part):
    name: str | None = None
    reference: str | None = None


class Project(Dated):
    name: str | None = None
    description: str | None = None
    highlights: list[str] = []
    keywords: list[str] = []
    url: str | None = None
    roles: list[str] = []
    entity: str | None = None
    type: str | None = None


class Meta(Part):
    language: str | None = None
    lastModified: str | None = None


class Resume(Part):
    basics: Basics = Basics()
    work: list[Work] = []
    internship: list[Work] = []  # not the schema's: Chinese applications keep them apart
    volunteer: list[Volunteer] = []
    education: list[Education] = []
    awards: list[Award] = []
    certificates: list[Certificate] = []
    publications: list[Publication] = []
    skills: list[Skill] = []
    languages: list[Language] = []
    interests: list[Interest] = []
    references: list[Reference] = []
    projects: list[Project] = []
    meta: Meta = Meta()


@dataclass
class ReadResume:
    file: str  # as the person named it (a member of an archive: export.zip/resume.json)
    language: str | None  # the file's own (meta.language, or cv.zh.json); else from its text
    resume: Resume
    notes: list[Note] = field(default_factory=list)  # what the profile could not take
    line: Callable[[Path_], int] = lambda path: 1  # where a value is written in the file

    def note(self, path: Path_, what: str) -> None:
        self.notes.append(Note(f"{self.file}:{self.line(path)}", format_path(path), what))


def read_resume(file: str, text: str, today: dt.date | None = None) -> ReadResume:
    """A JSON Resume document's text, read as people write it (see tidy.py)."""
    if Path(file).suffix.lower() in (".yaml", ".yml"):
        data = load_yaml(Path(file), text)[0]  # a resume.yaml: the same fields
    else:
        data = json_data(
            text,
            file,
            "a JSON Resume file is one JSON object (see https://jsonresume.org/schema)",
        )
    data = one_object(data, file, "a JSON Resume file")
    if not isinstance(data.get("basics"), dict):
        keys = ", ".join(list(data)[:6]) + (", ..." if len(data) > 6 else "")
        raise InputError(
            f"{file}: not a JSON Resume file: it has no basics (the section with the name); "
            f"its keys are {keys or 'none'}",
            "a JSON Resume file's basics holds the name (https://jsonresume.org/schema)",
        )
    read = ReadResume(file, None, Resume(), line=_lines(file, text))
    refuse_texts_per_language(data, file, read.line)
    data = Tidier(read.note, today or dt.date.today()).tidy(data)
    read.resume = _valid(data, read.note)
    if not (read.resume.basics.name or "").strip():
        raise InputError(
            f"{file}: basics.name is missing", "a profile needs a name: add basics.name"
        )
    _note_unknown(read.resume, read.note)
    read.language = _language(file, read.resume)
    return read


def _lines(file: str, text: str) -> Callable[[Path_], int]:
    """The line each value of the file is written on (JSON is YAML's flow style; a file
    YAML cannot parse, with tabs in odd places, gets line 1)."""
    try:
        _, source = load_yaml(Path(file), text)
    except InputError:
        return lambda path: 1
    return lambda path: source.locate_key(path).line


def _valid(data: dict[str, Any], note: Callable[[Path_, str], None]) -> Resume:
    """The resume, each value the schema refuses left out with a note, never the file."""
    for _ in range(_MOST_LEFT_OUT):
        try:
            return Resume.model_validate(data)
        except ValidationError as exc:
            for problem in problems_of(exc, _problem):
                if leave_out(data, problem.path):
                    note(problem.path, f"{problem.message}; left out")
    raise InputError(
        f"not a JSON Resume document: more than {_MOST_LEFT_OUT} values cvtex cannot read",
        "check the file against https://jsonresume.org/schema",
    )


_MOST_LEFT_OUT = 200


# Keys of the schema that cvtex has no place for, and why.
_UNPLACED = {
    ("basics", "location", "postalCode"): "a CV shows the city, not the postal code",
}


def _note_unknown(resume: Resume, note: Callable[[Path_, str], None]) -> None:
    """A note for each key cvtex has no place for; the keys about the file rather than
    its CV ($schema, meta: its version, theme, address) share one."""
    unknown: list[Path_] = []
    _unknown_keys(resume, (), unknown)
    about_file = [path for path in unknown if path[0] in ("$schema", "meta")]
    if about_file:
        others = ", ".join(format_path(path) for path in about_file[1:])
        note(
            about_file[0],
            f"not imported{f', nor {others}' if others else ''}: about the file, not the CV",
        )
    for path in unknown:
        if path in about_file:
            continue
        general = tuple(part for part in path if not isinstance(part, int))
        reason = _UNPLACED.get(general, "not a JSON Resume field cvtex knows")
        note(path, f"not imported: {reason}")


def _unknown_keys(model: BaseModel, path: Path_, found: list[Path_]) -> None:
    for key in model.model_extra or {}:
        found.append((*path, key))
    for name in type(model).model_fields:
        value = getattr(model, name)
        if isinstance(value, BaseModel):
            _unknown_keys(value, (*path, name), found)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, BaseModel):
                    _unknown_keys(item, (*path, name, index), found)


def _problem(error: Any) -> Problem:
    message = str(error["ctx"]["error"]) if error["type"] == "value_error" else error["msg"]
    return Problem(tuple(error["loc"]), f"{message[0].lower()}{message[1:]}")


def _language(file: str, resume: Resume) -> str | None:
    """The language the file says it is in: meta.language, then a part of its name
    (cv.zh.json); None leaves it to the text's script."""
    known = set(available_languages())
    if code := catalog_code(resume.meta.language):
        return code
    for part in Path(file).name.split(".")[:-1]:
        if part in known:
            return part
    return None

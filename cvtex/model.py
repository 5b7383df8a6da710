"""The profile's typed models: the one description of what a profile may contain.

Every model forbids unknown keys, so a misspelt key is an error rather than silently
missing content. The JSON Schema that editors use is generated from these classes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    WithJsonSchema,
)

from .links import refuse_unsafe

LANG_PATTERN = r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"
Lang = Annotated[str, StringConstraints(pattern=LANG_PATTERN)]

Text = str | dict[Lang, str | None]
"""A string shown in every language, or a mapping by language.

In a mapping, a missing language falls back to another one; a language set to null
shows nothing there (a location written in the English CV only, for example).
"""


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


@dataclass(frozen=True, order=True)
class YearMonth:
    year: int
    month: int | None = None


_DATE_RE = re.compile(r"^(\d{4})(?:[-./](\d{1,2}))?$")


def _parse_year_month(value: Any) -> Any:
    if isinstance(value, YearMonth):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, dict) and set(value) <= {"year", "month"} and "year" in value:
        value = f"{value['year']}-{value.get('month') or ''}".rstrip("-")
    if isinstance(value, str) and (match := _DATE_RE.match(value.strip())):
        year, month = int(match[1]), int(match[2]) if match[2] else None
        if month is not None and not 1 <= month <= 12:
            raise ValueError(f"month {month} is not between 1 and 12")
        return YearMonth(year, month)
    raise ValueError(f"{value!r} is not a date: write 2020 or 2020-09")


_DATE_SCHEMA = {
    "anyOf": [
        {"type": "integer", "minimum": 1000, "maximum": 9999},
        {"type": "string", "pattern": r"^\d{4}([-./]\d{1,2})?$"},
    ],
    "description": "A year (2020) or a year and month (2020-09).",
}
Date = Annotated[YearMonth, BeforeValidator(_parse_year_month), WithJsonSchema(_DATE_SCHEMA)]


class Expected(Model):
    """An end date that has not come yet: shown with the locale's "expected" mark."""

    expected: Date


End = Literal["present"] | Expected | Date


class Scoped(Model):
    """Anything that can be limited to some languages or chosen by tag."""

    only: list[Lang] | None = Field(
        None, description="Show this only in these languages (for example [zh])."
    )
    tags: list[str] = Field(default_factory=list, description="Tags that sections select on.")


class ScopedText(Scoped):
    text: Text


class Bullet(ScopedText):
    items: list[BulletField] = Field(default_factory=list, description="Nested bullets.")


def _as_bullet(value: Any) -> Any:
    return value if isinstance(value, Bullet) else Bullet(text=value)


def _as_label(value: Any) -> Any:
    return value if isinstance(value, ScopedText) else ScopedText(text=value)


# Usually bare text; the mapping form ({text: ..., only: [zh]}) is for scoping or nesting.
# A union rather than a conversion before validation, so that the JSON Schema says so too.
BulletField = Annotated[str | dict[Lang, str | None] | Bullet, AfterValidator(_as_bullet)]
LabelField = Annotated[str | dict[Lang, str | None] | ScopedText, AfterValidator(_as_label)]
Bullet.model_rebuild()


# A web, mail, phone or FTP address: never a target that launches a program or opens a file.
Link = Annotated[str, AfterValidator(refuse_unsafe)]

ContactKind = Literal[
    "email", "phone", "website", "github", "gitlab", "linkedin", "scholar", "orcid", "location"
]


class Contact(Scoped):
    type: ContactKind
    value: Text = Field(description="What is shown: an address, a number, a user name.")
    url: Link | None = Field(None, description="Link target; derived from the value if omitted.")


class Dated(Scoped):
    start: Date | None = None
    end: End | None = None
    date: Date | None = Field(None, description="A single date, for one-off items.")


class Education(Dated):
    institution: Text
    location: Text | None = None
    degree: Text
    field: Text | None = None
    advisors: list[Text] = Field(default_factory=list)
    bullets: list[BulletField] = Field(default_factory=list)


class Experience(Dated):
    title: Text = Field(description="The project or position title, shown first.")
    organization: Text | None = None
    team: Text | None = None
    location: Text | None = None
    role: Text | None = None
    bullets: list[BulletField] = Field(default_factory=list)


class Publication(Scoped):
    authors: list[Text]
    title: Text
    venue: Text | None = Field(None, description="The venue's full name.")
    abbr: str | None = Field(None, description="The venue's abbreviation, shown in bold.")
    year: int | None = None
    labels: list[LabelField] = Field(
        default_factory=list, description="Short labels such as CCF A; scope them with only."
    )


class Patent(Scoped):
    inventors: list[Text]
    title: Text
    number: str | None = None
    status: Text | None = None
    year: int | None = None


def _one_or_many(value: Any) -> Any:
    return [value] if isinstance(value, int) and not isinstance(value, bool) else value


Years = Annotated[
    list[int],
    BeforeValidator(_one_or_many),
    WithJsonSchema(
        {"anyOf": [{"type": "integer"}, {"type": "array", "items": {"type": "integer"}}]}
    ),
]


class Award(Scoped):
    name: Text
    years: Years = Field(default_factory=list, description="A year, or a list of years.")


class SkillGroup(Scoped):
    category: Text
    items: list[Text]


SectionKind = Literal[
    "education", "experience", "publications", "patents", "awards", "skills", "text"
]


class Section(Scoped):
    kind: SectionKind | None = Field(
        None, description="What the section lists; defaults to the section's id."
    )
    title: Text | None = Field(None, description="Overrides the locale's title.")
    select: list[str] = Field(
        default_factory=list, description="Show only the entries with one of these tags."
    )
    text: Text | None = Field(None, description="The paragraph of a text section.")


class Profile(Model):
    schema_: str | None = Field(None, alias="$schema")
    languages: list[Lang] = Field(
        default_factory=lambda: ["en", "zh"],
        description="The languages this profile is written in; the first is the fallback.",
    )
    name: Text
    owner_names: list[str] = Field(
        default_factory=list,
        description="Forms of your name in author lists (J. Fang, 方缙): set in bold.",
    )
    contacts: list[Contact] = Field(default_factory=list)
    education: list[Education] = Field(default_factory=list)
    experience: list[Experience] = Field(default_factory=list)
    publications: list[Publication] = Field(default_factory=list)
    patents: list[Patent] = Field(default_factory=list)
    awards: list[Award] = Field(default_factory=list)
    skills: list[SkillGroup] = Field(default_factory=list)
    sections: dict[str, Section] = Field(
        default_factory=dict,
        description="The sections by id, in their default order.",
    )
    layout: dict[Lang, list[str]] = Field(
        default_factory=dict,
        description="Section ids in the order each language shows them.",
    )


POOLS = ("education", "experience", "publications", "patents", "awards", "skills")


def section_kind(section_id: str, section: Section) -> str:
    return section.kind or section_id


def default_sections(profile: Profile) -> dict[str, Section]:
    """Sections for a profile that names none: every non-empty list, in the usual order."""
    return {pool: Section() for pool in POOLS if getattr(profile, pool)}

"""The profile's root (``Profile``): the one description of what a profile may contain,
with the named variants made from it and the Markdown homepage's settings.

Its parts live beside it: the shared bases (texts, dates, scoping to languages and tags)
in ``base``, the content (entries, sections) in ``content``, the look (the design: block,
fonts) in ``design``. The JSON Schema that editors use is generated from this class.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StringConstraints, field_validator

from .base import Date, Lang, Model, Text
from .content import (
    Award,
    Bibliography,
    Certificate,
    Contact,
    Education,
    Experience,
    Other,
    Patent,
    Personal,
    Photo,
    Publication,
    Reference,
    Section,
    Service,
    SkillGroup,
    SpokenLanguage,
    Talk,
    Teaching,
    Unplaced,
)
from .design import DesignBlock, Fonts


class Variant(Model):
    """A named CV made from the same profile: chosen sections, tagged items and options."""

    description: str | None = Field(None, description="What the variant is for.")
    layout: dict[Lang, list[str]] | list[str] | None = Field(
        None, description="Section ids (per language, or one list for all)."
    )
    exclude: list[str] = Field(
        default_factory=list, description="Leave out every entry and bullet with these tags."
    )
    max_bullets: int | None = Field(None, ge=0, description="At most this many bullets per entry.")
    font_size: Literal["10pt", "11pt"] | None = Field(
        None, description="Shorthand for design: {font_size: ...}."
    )
    photo: bool | None = Field(None, description="Override whether the photo is shown.")
    theme: str | None = Field(
        None, description="A built-in theme's name, or a theme folder (relative to the profile)."
    )
    design: DesignBlock | None = Field(None, description="Overrides the profile's design: options.")


def _one_language_or_many(value: Any) -> Any:
    return [value] if isinstance(value, str) else value


FallbackOrder = Annotated[list[Lang], BeforeValidator(_one_language_or_many)]
GlossaryTerm = Annotated[str, StringConstraints(min_length=1)]


FrontMatterValue = str | int | float | bool | list[str]


class Homepage(Model):
    """The Markdown page (``cvtex build --format md``) for a static-site generator."""

    generator: Literal["hexo", "hugo", "jekyll", "none"] = Field(
        "hexo", description="Whose front-matter conventions to follow; none writes none."
    )
    title: Text | None = Field(None, description="The page title; by default the name.")
    date: dt.date | dt.datetime | None = Field(
        None, description="The page's date: 2021-12-23 16:55:31."
    )
    contacts: bool = Field(True, description="Start the page with a line of contact links.")
    front_matter: dict[str, FrontMatterValue] = Field(
        default_factory=dict,
        description="More front-matter keys, copied as given (layout: page, permalink: /about/).",
    )

    @field_validator("front_matter")
    @classmethod
    def _not_title_or_date(cls, value: dict[str, FrontMatterValue]) -> dict[str, FrontMatterValue]:
        if clash := {"title", "date"} & set(value):
            raise ValueError(
                f"set {' and '.join(sorted(clash))} as homepage.{min(clash)}, not here"
            )
        return value


class Profile(Model):
    schema_: str | None = Field(
        None,
        alias="$schema",
        description="The JSON Schema an editor checks the file with (cvtex schema prints it).",
    )
    include: list[str] = Field(
        default_factory=list,
        description="Other YAML files whose lists (publications, experience, ...) join these.",
    )
    languages: list[Lang] = Field(
        default_factory=lambda: ["en", "zh"],
        description="The languages this profile is written in; the first is the fallback.",
        json_schema_extra={"default": ["en", "zh"]},
    )
    name: Text = Field(description="Your name, as each language writes it: the CV's first line.")
    headline: Text | None = Field(None, description="A title line under the name.")
    photo: Photo | None = Field(None, description="A photo in the header, in the languages chosen.")
    updated: Date | None = Field(
        None,
        description="Shown as 'updated on' at the foot of the last page, in the locale's form: "
        "a year, a month (2024-03) or a day (2024-03-03).",
    )
    owner_names: list[str] = Field(
        default_factory=list,
        description="Forms of your name in author lists (J. Fang, 方缙): set in bold.",
    )
    contacts: list[Contact] = Field(
        default_factory=list, description="E-mail, phone, web pages and profiles, with icons."
    )
    personal: list[Personal] = Field(
        default_factory=list,
        description="Label and value lines shown with the header by themes that lay them out "
        "(compact does; classic does not): objective, date of birth, political status...",
    )
    summary: Text | None = Field(None, description="A summary or biography paragraph.")
    education: list[Education] = Field(default_factory=list, description="Degrees and schools.")
    experience: list[Experience] = Field(
        default_factory=list, description="Positions, projects and research, with bullets."
    )
    volunteer: list[Experience] = Field(
        default_factory=list,
        description="Volunteer work, as experience entries: the organization, your role, "
        "dates, a description and bullets.",
    )
    bibliography: Bibliography | None = None
    publications: list[Publication] = Field(
        default_factory=list,
        description="Papers, theses and reports; or additions to bibliography: entries (bib:).",
    )
    patents: list[Patent] = Field(default_factory=list, description="Patents, with numbers.")
    awards: list[Award] = Field(default_factory=list, description="Awards, with their years.")
    certificates: list[Certificate] = Field(
        default_factory=list, description="Certifications and licences."
    )
    teaching: list[Teaching] = Field(default_factory=list, description="Courses taught.")
    service: list[Service] = Field(
        default_factory=list, description="Reviewing, committees: a line with its years."
    )
    talks: list[Talk] = Field(default_factory=list, description="Talks and presentations.")
    skills: list[SkillGroup] = Field(
        default_factory=list, description="Skills in groups, each with a category."
    )
    spoken_languages: list[SpokenLanguage] = Field(
        default_factory=list, description="Languages you speak (the languages section)."
    )
    references: list[Reference] = Field(default_factory=list, description="Referees.")
    others: list[Other] = Field(
        default_factory=list, description="Free entries: side projects, hobbies, courses."
    )
    sections: dict[str, Section] = Field(
        default_factory=dict,
        description="The sections by id, in their default order.",
    )
    layout: dict[Lang, list[str]] | list[str] = Field(
        default_factory=dict,
        description="Section ids in the order they are shown: one list for every language, "
        "or a list per language ({en: [...], zh: [...]}).",
    )
    fallback: FallbackOrder | dict[Lang, FallbackOrder] = Field(
        default_factory=list,
        description="Where a text missing in one language comes from: a list of languages "
        "for all ({en: [zh], ...} per language); by default the order of languages:.",
    )
    fonts: dict[Lang, Fonts] = Field(
        default_factory=dict,
        description="Fonts per language instead of the locale's (the CJK fonts for Chinese).",
    )
    glossary: dict[GlossaryTerm, str | dict[Lang, str]] = Field(
        default_factory=dict,
        description="Your own conversions of terms where a Chinese text is converted "
        "(Simplified into Traditional, or a Traditional profile's text into Simplified): "
        "term: text, or term: {zh-TW: ..., zh-HK: ...}.",
    )
    protect: list[GlossaryTerm] = Field(
        default_factory=list,
        description="Terms that conversion from one Chinese into another keeps exactly as "
        "written (names).",
    )
    homepage: Homepage = Field(
        default_factory=Homepage, description="The Markdown homepage: front matter, generator."
    )
    theme: str | None = Field(
        None,
        description="A built-in theme's name (cvtex themes lists them), or a theme folder "
        "relative to the profile; --theme overrides it.",
    )
    design: DesignBlock = Field(
        default_factory=DesignBlock,
        description="Paper, margins, font size, line spacing, colours, Latin fonts, fit to N "
        "pages: over the theme's own defaults.",
    )
    variants: dict[str, Variant] = Field(
        default_factory=dict,
        description="Named CVs from the same profile (--variant NAME): sections, tags, options.",
    )
    default_variant: str | None = Field(
        None, description="The variant built when --variant is not given."
    )
    unplaced: list[Unplaced] = Field(
        default_factory=list,
        description="Lines of an imported PDF or Word file that cvtex could not place, with "
        "their page and line: no CV shows them; validate and build name them until you have "
        "moved each where it belongs and deleted the list.",
    )


# The lists a section can show, by section kind.
POOLS = {
    "education": "education",
    "experience": "experience",
    "volunteer": "volunteer",
    "publications": "publications",
    "patents": "patents",
    "awards": "awards",
    "certificates": "certificates",
    "teaching": "teaching",
    "service": "service",
    "talks": "talks",
    "skills": "skills",
    "languages": "spoken_languages",
    "references": "references",
    "others": "others",
}


def default_sections(profile: Profile) -> dict[str, Section]:
    """Sections for a profile that names none: the summary, then every non-empty list."""
    sections = {"summary": Section()} if profile.summary else {}
    sections.update({kind: Section() for kind, pool in POOLS.items() if getattr(profile, pool)})
    return sections

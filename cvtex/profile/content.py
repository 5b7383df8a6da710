"""The profile's content: the header's contacts, personal lines and photo, the entries of
every list (education, experience, publications, ...) with their bullets and links, and
the sections that show them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Field,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
)

from ..text.links import refuse_unsafe
from .base import (
    Date,
    End,
    Expected,
    Lang,
    Model,
    Same,
    Scoped,
    Text,
    YearMonth,
    ends_before,
    written,
)


class ScopedText(Scoped):
    text: Text = Field(description="What is shown.")


class Bullet(ScopedText):
    items: list[BulletField] = Field(default_factory=list, description="Nested bullets.")
    numbered: bool = Field(False, description="Number the nested items (1, 2, 3).")


def _as_bullet(value: Any) -> Any:
    return value if isinstance(value, Bullet) else Bullet(text=value)


def _as_label(value: Any) -> Any:
    return value if isinstance(value, ScopedText) else ScopedText(text=value)


# Usually bare text; the mapping form ({text: ..., only: [zh]}) is for scoping or nesting.
# A union rather than a conversion before validation, so that the JSON Schema says so too.
BulletField = Annotated[str | dict[Lang, str | None] | Same | Bullet, AfterValidator(_as_bullet)]
LabelField = Annotated[str | dict[Lang, str | None] | Same | ScopedText, AfterValidator(_as_label)]
Bullet.model_rebuild()


# A web, mail, phone or FTP address: never a target that launches a program or opens a file.
SafeUrl = Annotated[str, AfterValidator(refuse_unsafe)]

ContactKind = Literal[
    "email", "phone", "website", "github", "gitlab", "linkedin", "scholar", "orcid", "location"
]


class Contact(Scoped):
    type: ContactKind = Field(description="What kind of contact: it chooses the icon and the link.")
    value: Text = Field(description="What is shown: an address, a number, a user name.")
    url: SafeUrl | None = Field(None, description="Link target; derived from the value if omitted.")


LinkKind = Literal["pdf", "slides", "video", "code", "blog", "doi", "arxiv", "poster", "url"]


class Link(Scoped):
    type: LinkKind = Field("url", description="What it links to: it names the link (PDF, Code).")
    url: SafeUrl = Field(description="The address: http, https, mailto, tel or ftp.")
    label: Text | None = Field(None, description="Shown instead of the locale's name.")


class Personal(Scoped):
    """One line of the personal block: a label and its value, chosen by the user."""

    label: Text = Field(
        description="What the line states: {en: Objective, zh: 求职意向}, 政治面貌, 出生年月."
    )
    value: Text = Field(
        description="Its value, per language; null in a language leaves the line out there."
    )


class Photo(Model):
    file: str = Field(description="An image file (png, jpg or pdf), relative to the profile.")
    show: list[Lang] | None = Field(None, description="Languages that show the photo.")


class Dated(Scoped):
    start: Date | None = Field(None, description="When it began: 2020, 2020-09 or 2020-09-01.")
    end: End | None = Field(
        None,
        description="When it ended: a date, present (still going on) or {expected: 2026-06} "
        "(still to come).",
    )
    date: Date | None = Field(None, description="A single date, for one-off items.")

    @field_validator("end")
    @classmethod
    def _not_before_start(cls, end: Any, info: ValidationInfo) -> Any:
        start = info.data.get("start")
        last = end.expected if isinstance(end, Expected) else end
        if (
            isinstance(start, YearMonth)
            and isinstance(last, YearMonth)
            and ends_before(start, last)
        ):
            raise ValueError(
                f"ends ({written(last)}) before it starts ({written(start)}): correct the one "
                "that is wrong, or swap them"
            )
        return end


def _description() -> Any:
    return Field(
        None,
        description="A paragraph shown under the entry's heading, before its bullets or "
        "items (a blank line in a | block starts another paragraph).",
    )


_LINKS = "Links shown after the entry's heading: code, slides, a PDF, ..."
_BULLETS = (
    "The entry's bullets: texts, or {text: ..., only: [...], items: [...]} for one language "
    "or nested bullets."
)


def _numbered(what: str) -> Any:
    return Field(False, description=f"Number the entry's own {what} 1. 2. 3., not with bullets.")


class Education(Dated):
    institution: Text = Field(description="The university or school: the entry's heading.")
    location: Text | None = Field(None, description="Where it is, shown at the right.")
    degree: Text | None = Field(None, description="Ph.D., M.S., 硕士: before the field.")
    field: Text | None = Field(None, description="The field of study, after the degree.")
    advisors: list[Text] = Field(default_factory=list, description="Advisors or supervisors.")
    dissertation: Text | None = Field(None, description="The thesis or dissertation title.")
    gpa: str | None = Field(None, description="For example 3.9/4.0.")
    rank: Text | None = Field(None, description="For example 1/120, or Top 5%.")
    honors: list[Text] = Field(default_factory=list, description="Scholarships and honours.")
    description: Text | None = _description()
    bullets: list[BulletField] = Field(default_factory=list, description=_BULLETS)
    numbered: bool = _numbered("bullets")
    links: list[Link] = Field(
        default_factory=list, description="The dissertation's PDF, an advisor's page, ..."
    )


class Experience(Dated):
    title: Text = Field(description="The project or position title, shown first.")
    organization: Text | None = Field(None, description="The company, lab or university.")
    team: Text | None = Field(None, description="The team or group within the organization.")
    location: Text | None = Field(None, description="Where it is, shown at the right.")
    role: Text | None = Field(None, description="Your role or position, on the second line.")
    mentors: list[Text] = Field(default_factory=list, description="Mentors or advisors.")
    links: list[Link] = Field(default_factory=list, description=_LINKS)
    description: Text | None = _description()
    bullets: list[BulletField] = Field(default_factory=list, description=_BULLETS)
    numbered: bool = _numbered("bullets")


class Author(Model):
    name: Text = Field(description="The name as the author list shows it: J. Fang, 方缙.")
    equal: bool = Field(False, description="Equal contribution (marked *).")
    corresponding: bool = Field(False, description="Corresponding author (marked †).")


def _as_author(value: Any) -> Any:
    return value if isinstance(value, Author) else Author(name=value)


AuthorField = Annotated[str | dict[Lang, str | None] | Same | Author, AfterValidator(_as_author)]

PublicationStatus = Literal["published", "accepted", "to-appear", "under-review", "preprint"]
PublicationKind = Literal[
    "phd-thesis", "masters-thesis", "report", "patent", "webpage", "poster", "dataset", "software"
]
PublicationType = Literal[
    "conference", "journal", "workshop", "preprint", "thesis", "book", "chapter", "other"
]


class Publication(Scoped):
    bib: str | None = Field(None, description="The key of this entry in the bibliography file.")
    authors: list[AuthorField] = Field(
        default_factory=list,
        description="In order: names, or {name: ..., equal: true, corresponding: true}.",
    )
    title: Text | None = Field(None, description="The title; required unless bib: gives it.")
    venue: Text | None = Field(None, description="The venue's full name.")
    volume: str | None = Field(None, description="The journal's volume, after the venue: 37.")
    issue: str | None = Field(None, description="Its issue (number), after the volume: 6.")
    pages: str | None = Field(None, description="The pages, after them: 3120–3134, or e012.")
    abbr: str | None = Field(None, description="The venue's abbreviation, shown in bold.")
    year: int | None = Field(None, description="The year of publication.")
    month: int | None = Field(
        None,
        ge=1,
        le=12,
        description="Its month, 1 to 12, where the source gives one (a .bib's month, JSON "
        "Resume's releaseDate): the JSON Resume export's releaseDate keeps it.",
        examples=[3],
    )
    type: PublicationType | None = Field(None, description="For grouping by type.")
    kind: PublicationKind | None = Field(
        None,
        description="What the work is, named before its venue in the CV's language "
        "(PhD thesis, 博士学位论文): phd-thesis, masters-thesis, report, patent, webpage, "
        "poster, dataset, software.",
    )
    status: PublicationStatus = Field(
        "published", description="Shown in the locale's words (nothing for published)."
    )
    awards: list[Text] = Field(
        default_factory=list, description="Paper awards, such as Best Paper Award."
    )
    labels: list[LabelField] = Field(
        default_factory=list, description="Short labels such as CCF A; scope them with only."
    )
    links: list[Link] = Field(default_factory=list, description="The PDF, code, slides, ...")


class Bibliography(Model):
    """Publications kept in a BibTeX file, with additions per key kept in the profile."""

    file: str = Field(description="A .bib file, relative to the profile.")
    abbreviate_first_names: bool = Field(
        True, description="Show Jin Fang as J. Fang (as most CS CVs do)."
    )


class Patent(Scoped):
    inventors: list[AuthorField] = Field(description="In order, as authors are written.")
    title: Text = Field(description="The patent's title.")
    number: str | None = Field(None, description="Its number: CN114900482A.")
    status: Text | None = Field(None, description="Filed, granted, ...: in each language.")
    year: int | None = Field(None, description="The year it was filed or granted.")
    links: list[Link] = Field(default_factory=list, description="Where it can be read.")


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
    name: Text = Field(description="The award, with who gave it if you like.")
    years: Years = Field(default_factory=list, description="A year, or a list of years.")
    description: Text | None = Field(
        None, description="What it was given for: a paragraph under the award's line."
    )


class Certificate(Dated):
    """A certification or licence: its name, who issued it, when, and its number."""

    name: Text = Field(description="The certificate or licence.")
    issuer: Text | None = Field(None, description="Who issued it: Amazon Web Services, CFA.")
    number: str | None = Field(None, description="The certificate's or licence's number.")
    links: list[Link] = Field(default_factory=list, description="Where it can be verified.")
    description: Text | None = _description()


class Skill(Model):
    name: Text = Field(description="The skill: Python.")
    level: Text | None = Field(None, description="How well: expert, 熟练.")


def _as_skill(value: Any) -> Any:
    return value if isinstance(value, Skill) else Skill(name=value)


SkillField = Annotated[str | dict[Lang, str | None] | Same | Skill, AfterValidator(_as_skill)]


class SkillGroup(Scoped):
    category: Text = Field(description="The group's name: Programming, 编程语言.")
    items: list[SkillField] = Field(
        description="The skills: names, or {name: ..., level: ...} with a level."
    )


class Teaching(Dated):
    course: Text = Field(description="The course: the entry's heading.")
    role: Text | None = Field(None, description="Teaching assistant, lecturer, ...")
    institution: Text | None = Field(None, description="Where it was taught.")
    term: Text | None = Field(None, description="Free text such as Fall 2023; or use start/end.")
    description: Text | None = _description()


class Service(Dated):
    text: Text = Field(description="For example: Reviewer of IEEE JSAC.")
    years: Years = Field(default_factory=list, description="A year, or a list of years.")


class Talk(Dated):
    title: Text = Field(description="The talk's title: the entry's heading.")
    event: Text | None = Field(None, description="The conference, seminar or workshop.")
    location: Text | None = Field(None, description="Where it was given.")
    links: list[Link] = Field(default_factory=list, description="Slides, a video, ...")
    description: Text | None = _description()


class SpokenLanguage(Scoped):
    language: Text = Field(description="The language: English, 英语.")
    level: Text | None = Field(None, description="How well: native, fluent, C1, 母语.")


class Reference(Scoped):
    name: Text = Field(description="The referee's name.")
    title: Text | None = Field(None, description="Their position: Professor.")
    affiliation: Text | None = Field(None, description="Their university or company.")
    email: str | None = Field(None, description="Their e-mail address, linked.")
    phone: str | None = Field(None, description="Their phone number.")


class Other(Dated):
    """A free entry: a side project, a hobby with dated records, a translated talk."""

    text: Text = Field(description="The entry's line.")
    links: list[Link] = Field(default_factory=list, description=_LINKS)
    description: Text | None = _description()
    items: list[BulletField] = Field(
        default_factory=list, description="Items under it, as an entry's bullets."
    )
    numbered: bool = _numbered("items")


class Unplaced(Model):
    """A line of an imported PDF or Word file that found no field: kept, with where it was."""

    text: str = Field(description="The line's text, as it was printed.")
    page: int | None = Field(None, ge=1, description="The page it was on (a PDF's).")
    line: int | None = Field(
        None, ge=1, description="The line on that page, or the paragraph of a Word file."
    )


SectionKind = Literal[
    "summary",
    "education",
    "experience",
    "volunteer",
    "publications",
    "patents",
    "awards",
    "certificates",
    "teaching",
    "service",
    "talks",
    "skills",
    "languages",
    "references",
    "others",
    "text",
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
    group_by: Literal["none", "type", "year"] = Field(
        "none", description="Publications only: sub-headings by type or by year."
    )
    numbering: Literal["ascending", "descending", "none"] = Field(
        "ascending", description="Publications only: how the list is numbered."
    )
    limit: int | None = Field(None, ge=1, description="Show at most this many entries.")


def section_kind(section_id: str, section: Section) -> str:
    return section.kind or section_id

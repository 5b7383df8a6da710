"""The profile's typed models: the one description of what a profile may contain.

Every model forbids unknown keys, so a misspelt key is an error rather than silently
missing content. The JSON Schema that editors use is generated from these classes.
"""

from __future__ import annotations

import datetime as dt
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
    field_validator,
    model_validator,
)

from ..text.links import refuse_unsafe
from ..text.scripts import SCRIPTS

LANG_PATTERN = r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"
Lang = Annotated[str, StringConstraints(pattern=LANG_PATTERN)]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Same(Model):
    """A text that is the same in every language on purpose (a name, a paper title)."""

    same: str = Field(
        description="Shown as written in every language; `cvtex validate` does not report "
        "it as looking untranslated."
    )


Text = str | dict[Lang, str | None] | Same
"""A string shown in every language, a mapping by language, or {same: ...}.

In a mapping, a missing language falls back to another one; a language set to null
shows nothing there (a location written in the English CV only, for example). A plain
string that looks English in a Chinese CV is reported by `cvtex validate`; {same: ...}
says it is meant to be the same.
"""


@dataclass(frozen=True)
class YearMonth:
    """A date as precise as it was written: a year, a month, or a day."""

    year: int
    month: int | None = None
    day: int | None = None

    def at_most(self, other: YearMonth) -> YearMonth:
        """This date cut to ``other``'s precision: 2024-09-01 and 2024-09 are one month."""
        return YearMonth(
            self.year,
            self.month if other.month is not None else None,
            self.day if other.month is not None and other.day is not None else None,
        )


_DATE_RE = re.compile(r"^(\d{4})(?:[-./](\d{1,2})(?:[-./](\d{1,2}))?)?$")


def _parse_date(value: Any) -> Any:
    """A year (2024), a month (2024-09) or a day (2024-09-01), as written or as YAML reads a
    day (a date object)."""
    if isinstance(value, YearMonth):
        return value
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, dt.date):
        return YearMonth(value.year, value.month, value.day)
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, dict) and set(value) <= {"year", "month", "day"} and "year" in value:
        parts = [value["year"], value.get("month"), value.get("day")]
        value = "-".join(str(part) for part in parts if part)
    if isinstance(value, str) and (match := _DATE_RE.match(value.strip())):
        year = int(match[1])
        month = int(match[2]) if match[2] else None
        day = int(match[3]) if match[3] else None
        if month is not None and not 1 <= month <= 12:
            raise ValueError(f"month {month} is not between 1 and 12")
        if day is not None:
            try:
                dt.date(year, month or 1, day)
            except ValueError as exc:
                raise ValueError(f"{value.strip()!r} is not a date: {exc}") from None
        return YearMonth(year, month, day)
    raise ValueError(f"{value!r} is not a date: write 2024, 2024-09 or 2024-09-01")


_DATE_SCHEMA = {
    "anyOf": [
        {"type": "integer", "minimum": 1000, "maximum": 9999},
        {"type": "string", "pattern": r"^\d{4}([-./]\d{1,2}){0,2}$"},
    ],
    "description": "A year (2024), a month (2024-09) or a day (2024-09-01). A CV shows "
    "the day only where its language's catalog says dates show days.",
}
Date = Annotated[YearMonth, BeforeValidator(_parse_date), WithJsonSchema(_DATE_SCHEMA)]


class Expected(Model):
    """An end date that has not come yet: shown with the locale's "expected" mark."""

    expected: Date


End = Literal["present"] | Expected | Date


class Scoped(Model):
    """Anything that can be limited to some languages or chosen by tag."""

    only: list[Lang] | None = Field(
        None, description="Show this only in these languages (for example [zh])."
    )
    tags: list[str] = Field(
        default_factory=list,
        description="Tags that sections select on and variants leave out.",
        examples=[["projects", "early"]],
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


FONT_NAME = r"^[A-Za-z0-9 _.-]+$"  # font names reach TeX: letters, digits, spaces, _ . - only


class FontChoice(Model):
    """A font found through fontconfig by family, or in the TeX tree by file stem."""

    family: str | None = Field(None, pattern=FONT_NAME, description="A fontconfig family name.")
    file: str | None = Field(
        None, pattern=FONT_NAME, description="A TeX Live font's file stem (FandolSong)."
    )

    @model_validator(mode="after")
    def _names_a_font(self) -> FontChoice:
        if not self.family and not self.file:
            raise ValueError("a font needs a family (or a file)")
        return self


class Fonts(Model):
    serif: list[FontChoice] = Field(default_factory=list, description="Candidates, in order.")
    sans: list[FontChoice] = Field(default_factory=list, description="Candidates, in order.")
    bold: Literal["serif", "sans"] | None = Field(
        None,
        description="The face of bold text in the serif font: its own bold, or the sans "
        "font's bold (黑体, as Chinese typesetting does: the Chinese catalogs' choice). "
        "Not given: the language catalog's choice, else serif.",
    )
    package: str | None = Field(
        None,
        pattern=r"^[a-z0-9][a-z0-9.+-]*$",
        description="The Debian package with the fonts.",
        examples=["fonts-noto-cjk"],
    )


LENGTH_PATTERN = r"^\d{1,3}(\.\d{1,3})?\s?(pt|bp|mm|cm|in|em|ex)$"
Length = Annotated[
    str,
    StringConstraints(strip_whitespace=True, pattern=LENGTH_PATTERN),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": LENGTH_PATTERN,
            "description": "A TeX length: 1.5cm, 18mm, 0.75in, 36pt.",
        }
    ),
]
HexColor = Annotated[
    str,
    StringConstraints(pattern=r"^#[0-9A-Fa-f]{6}$"),
    WithJsonSchema(
        {"type": "string", "pattern": r"^#[0-9A-Fa-f]{6}$", "description": "A colour: #1B4F72."}
    ),
]


class Margins(Model):
    """Page margins per side; a side left out keeps the theme's."""

    top: Length | None = None
    bottom: Length | None = None
    left: Length | None = None
    right: Length | None = None


def _points(value: Any) -> Any:
    """A font size as 10, 10.5 or "10.5pt"."""
    if isinstance(value, str) and (
        match := re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(?:pt)?\s*", value)
    ):
        return float(match[1])
    return value


FontSize = Annotated[
    float,
    BeforeValidator(_points),
    Field(ge=7, le=16),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "number", "minimum": 7, "maximum": 16},
                {"type": "string", "pattern": r"^\d+(\.\d+)?\s*pt$"},
            ],
            "description": "The body text size in points: 10, 10.5 or 11pt.",
        }
    ),
]


def _font_candidates(value: Any) -> Any:
    """A family name, or a list of candidates each a family name or {family|file: ...}."""
    if isinstance(value, str):
        value = [value]
    if isinstance(value, list):
        return [{"family": item} if isinstance(item, str) else item for item in value]
    return value


FontCandidates = Annotated[list[FontChoice], BeforeValidator(_font_candidates)]


class Colors(Model):
    """The colours every theme draws with (a theme may leave one unused)."""

    accent: HexColor | None = Field(None, description="The name, section titles, rules, links.")
    muted: HexColor | None = Field(None, description="Secondary text: dates, places, notes.")
    text: HexColor | None = Field(None, description="The body text.")
    tint: HexColor | None = Field(
        None, description="A light background: filled title bars, a side column."
    )


# The scripts a design can choose a font for (text/scripts.py: greek, cyrillic, arabic, ...).
ScriptName = Literal[tuple(SCRIPTS)]  # type: ignore[valid-type]


class DesignFonts(Model):
    """Latin fonts, and fonts for other scripts (CJK fonts stay per language, under fonts:
    or the locale's)."""

    serif: FontCandidates | None = Field(
        None, description="The roman family (\\rmfamily): a family name or candidates in order."
    )
    sans: FontCandidates | None = Field(
        None, description="The sans-serif family (\\sffamily): a family name or candidates."
    )
    scripts: dict[ScriptName, FontCandidates] | None = Field(
        None,
        description="Fonts for text in other scripts, by script (greek, cyrillic, arabic, "
        "hebrew, devanagari, thai, symbols, emoji, math, ...): a family or candidates, for "
        "serif and sans text alike. The first installed one that has every character the CV "
        "writes in that script is used; without one, cvtex chooses among installed fonts.",
    )


class DesignOptions(Model):
    """How a CV looks, whatever its theme: page, margins, type, colours, length."""

    paper: Literal["a4", "letter"] | None = Field(None, description="The paper size.")
    margins: Length | Margins | None = Field(
        None, description="One TeX length for every side, or {top, bottom, left, right}."
    )
    font_size: FontSize | None = None
    line_spacing: float | None = Field(
        None, ge=0.8, le=2.0, description="The leading, as a factor (\\linespread): 1.0, 1.15."
    )
    accent: HexColor | None = Field(None, description="The accent colour; as colors.accent.")
    colors: Colors | None = None
    fonts: DesignFonts | None = None
    fit_pages: int | None = Field(
        None,
        ge=1,
        le=20,
        description="Fit the CV on this many pages: spacing, then the font size, are "
        "tightened within fixed bounds; nothing is left out.",
    )
    tagged: bool | None = Field(
        None,
        description="A tagged PDF: a structure tree (the name and section titles as "
        "headings, entries' lines as headings and paragraphs, lists and their items) that "
        "screen readers and some applicant-tracking systems read. Costs two more XeLaTeX "
        "passes, three in all (see bench/README.md), hence off by default.",
        examples=[True],
    )
    page_numbers: bool | None = Field(
        None,
        description="On each page after the first of a CV of several pages, its number (2 / 3) "
        "and the name (drawn, so that no reader takes them for the text); on by default, "
        "never on a CV of one page.",
        examples=[False],
    )


class DesignBlock(DesignOptions):
    per_language: dict[Lang, DesignOptions] = Field(
        default_factory=dict,
        description="Options for one language only ({zh: {font_size: 10.5}}); a "
        "Traditional Chinese CV without its own takes zh's.",
    )


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
        description="Your own conversions of Simplified terms for Traditional builds: "
        "term: text, or term: {zh-TW: ..., zh-HK: ...}.",
    )
    protect: list[GlossaryTerm] = Field(
        default_factory=list,
        description="Terms that conversion to Traditional keeps exactly as written (names).",
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


def section_kind(section_id: str, section: Section) -> str:
    return section.kind or section_id


def default_sections(profile: Profile) -> dict[str, Section]:
    """Sections for a profile that names none: the summary, then every non-empty list."""
    sections = {"summary": Section()} if profile.summary else {}
    sections.update({kind: Section() for kind, pool in POOLS.items() if getattr(profile, pool)})
    return sections

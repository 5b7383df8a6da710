"""Turn a profile into the view of one language: chosen text, formatted dates, kept entries.

The result holds plain strings (user text, not yet TeX) in small dataclasses that the
templates lay out. Nothing here knows about LaTeX.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import model
from .convert import conversion_for
from .locale import Catalog
from .model import Profile, Section, Text
from .source import Path_, SourceMap, format_path


@dataclass(frozen=True)
class Fallback:
    """A text field with no text in the language being built."""

    path: Path_
    language: str
    used: str
    line: int

    @property
    def message(self) -> str:
        return f"{format_path(self.path)} has no {self.language} text; using {self.used}"

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True)
class Contact:
    type: str
    text: str
    url: str | None


@dataclass(frozen=True)
class Bullet:
    text: str
    items: list[Bullet] = field(default_factory=list)


@dataclass(frozen=True)
class Row:
    """A two-line entry: heading and place on top, detail and dates below."""

    heading: str
    place: str
    detail: str
    dates: str
    bullets: list[Bullet]


@dataclass(frozen=True)
class Person:
    name: str
    owner: bool
    separator: str  # what follows the name in its list: empty after the last


@dataclass(frozen=True)
class Citation:
    number: int
    authors: list[Person]
    title: str
    venue: str
    venue_tag: str
    year: str
    labels: list[str]


@dataclass(frozen=True)
class Award:
    name: str
    years: str


@dataclass(frozen=True)
class SkillGroup:
    category: str
    items: str


@dataclass(frozen=True)
class SectionView:
    id: str
    kind: str
    title: str
    entries: Sequence[Any]


@dataclass(frozen=True)
class CvView:
    language: str
    name: str
    contacts: list[Contact]
    sections: list[SectionView]
    fallbacks: list[Fallback]
    own_texts: int  # text fields shown in this language that have text of their own
    converted: int = 0  # text fields converted from catalog.convert_from (zh -> zh-TW)


_CONTACT_URLS = {
    "email": "mailto:{}",
    "phone": "tel:{}",
    "github": "https://github.com/{}",
    "gitlab": "https://gitlab.com/{}",
    "linkedin": "https://www.linkedin.com/in/{}",
    "orcid": "https://orcid.org/{}",
}


def localize(profile: Profile, source: SourceMap, catalog: Catalog) -> CvView:
    return _Localizer(profile, source, catalog).view()


class _Localizer:
    def __init__(self, profile: Profile, source: SourceMap, catalog: Catalog) -> None:
        self.profile = profile
        self.source = source
        self.catalog = catalog
        self.lang = catalog.code
        self.fallbacks: list[Fallback] = []
        self.own_texts = 0
        self.converted = 0
        self.convert = conversion_for(catalog, profile)
        self.fallback_order = fallback_order(profile, self.lang)
        # A converted language shows what its source language shows: `only: [zh]` holds
        # for zh-TW too, as does zh's layout when zh-TW has none of its own.
        self.scopes = {*catalog.own_keys, catalog.convert_from} - {None}
        names = {name.strip() for name in profile.owner_names} | {
            value.strip() for value in _all_values(profile.name)
        }
        self.owner_names = names | {self.convert(name) for name in names}

    def view(self) -> CvView:
        profile = self.profile
        name = self.text(profile.name, ("name",))
        contacts = [
            self.contact(contact, ("contacts", i)) for i, contact in self.shown(profile.contacts)
        ]
        sections = [section for section in self.sections() if section.entries]
        return CvView(
            self.lang, name, contacts, sections, self.fallbacks, self.own_texts, self.converted
        )

    # -- text and scope ------------------------------------------------------------------

    def text(self, value: Text | None, path: Path_) -> str:
        if value is None:
            return ""
        if isinstance(value, str):
            # One text for every language: Chinese in it is still converted, and counted so.
            text = value.strip()
            converted = self.convert(text)
            if converted == text:
                self.own_texts += 1
            else:
                self.converted += 1
            return converted
        for key in self.catalog.own_keys:
            if key in value:
                self.own_texts += 1
                return (value[key] or "").strip()
        source = self.catalog.convert_from
        if source is not None and source in value:
            self.converted += 1
            return self.convert((value[source] or "").strip())
        # The first language of the fallback order that the field mentions decides, even
        # with null (a German CV shows nothing where the English one does); after those,
        # any language with text.
        mentioned = [lang for lang in self.fallback_order if lang in value]
        others = [lang for lang, text in value.items() if text is not None]
        for other in [*mentioned[:1], *others]:
            line = self.source.locate(path).line
            self.fallbacks.append(Fallback(path, self.lang, other, line))
            return (value[other] or "").strip()
        return ""

    def shown(
        self, items: Iterable[model.Scoped], select: list[str] | None = None
    ) -> list[tuple[int, Any]]:
        """The items of a list this language shows, with their index in the profile."""
        return [
            (i, item)
            for i, item in enumerate(items)
            if (item.only is None or self.scopes & set(item.only))
            and (not select or set(select) & set(item.tags))
        ]

    def bullets(self, bullets: list[model.Bullet], path: Path_) -> list[Bullet]:
        return [
            Bullet(
                self.text(bullet.text, (*path, i)),
                self.bullets(bullet.items, (*path, i, "items")),
            )
            for i, bullet in self.shown(bullets)
        ]

    def joined(self, parts: Iterable[str]) -> str:
        return self.catalog.punctuation.comma.join(part for part in parts if part)

    # -- sections ------------------------------------------------------------------------

    def sections(self) -> list[SectionView]:
        profile = self.profile
        sections = profile.sections or model.default_sections(profile)
        order = self.layout(sections)
        views = []
        for section_id in order:
            section = sections.get(section_id, Section())
            if section.only is not None and not self.scopes & set(section.only):
                continue
            kind = model.section_kind(section_id, section)
            title = (
                self.text(section.title, ("sections", section_id, "title"))
                if section.title
                else self.catalog.title(section_id, kind)
            )
            entries = getattr(self, f"_{kind}")(section, ("sections", section_id))
            views.append(SectionView(section_id, kind, title, entries))
        return views

    def layout(self, sections: dict[str, Section]) -> list[str]:
        """The language's own layout, else that of its source or first fallback language."""
        for lang in [self.lang, self.catalog.convert_from, *self.fallback_order]:
            if lang in self.profile.layout:
                return self.profile.layout[lang]
        return list(sections)

    def _education(self, section: Section, _: Path_) -> list[Row]:
        rows = []
        labels = self.catalog.labels
        for i, entry in self.shown(self.profile.education, section.select):
            path: Path_ = ("education", i)
            degree = self.text(entry.degree, (*path, "degree"))
            if entry.field is not None and (subject := self.text(entry.field, (*path, "field"))):
                degree = labels.degree_field.format(degree=degree, field=subject)
            bullets = self.bullets(entry.bullets, (*path, "bullets"))
            if entry.advisors:
                names = [
                    self.text(name, (*path, "advisors", k)) for k, name in enumerate(entry.advisors)
                ]
                colon = self.catalog.punctuation.colon
                bullets.append(Bullet(f"{labels.advisors}{colon}{self.catalog.join(names)}"))
            rows.append(
                Row(
                    heading=self.text(entry.institution, (*path, "institution")),
                    place=self.text(entry.location, (*path, "location")),
                    detail=degree,
                    dates=self.catalog.format_span(entry.start, entry.end, entry.date),
                    bullets=bullets,
                )
            )
        return rows

    def _experience(self, section: Section, _: Path_) -> list[Row]:
        rows = []
        for i, entry in self.shown(self.profile.experience, section.select):
            path: Path_ = ("experience", i)
            rows.append(
                Row(
                    heading=self.text(entry.title, (*path, "title")),
                    place=self.joined(
                        self.text(getattr(entry, key), (*path, key))
                        for key in ("organization", "team", "location")
                    ),
                    detail=self.text(entry.role, (*path, "role")),
                    dates=self.catalog.format_span(entry.start, entry.end, entry.date),
                    bullets=self.bullets(entry.bullets, (*path, "bullets")),
                )
            )
        return rows

    def people(self, names: list[Text], path: Path_) -> list[Person]:
        texts = [self.text(name, (*path, k)) for k, name in enumerate(names)]
        punctuation = self.catalog.punctuation
        people = []
        for k, text in enumerate(texts):
            if k == len(texts) - 1:
                separator = ""
            elif _is_cjk(text) and _is_cjk(texts[k + 1]):
                separator = punctuation.cjk_author_separator
            else:
                separator = punctuation.author_separator
            people.append(Person(text, text in self.owner_names, separator))
        return people

    def _publications(self, section: Section, _: Path_) -> list[Citation]:
        labels = self.catalog.labels
        citations = []
        for number, (i, pub) in enumerate(self.shown(self.profile.publications, section.select), 1):
            path: Path_ = ("publications", i)
            tag = ""
            if pub.abbr:
                pattern = labels.venue_tag if pub.year else labels.venue_tag_no_year
                year = pub.year or 0
                tag = pattern.format(abbr=pub.abbr, year=year, yy=f"{year % 100:02d}")
            citations.append(
                Citation(
                    number=number,
                    authors=self.people(pub.authors, (*path, "authors")),
                    title=self.text(pub.title, (*path, "title")),
                    venue=self.text(pub.venue, (*path, "venue")),
                    venue_tag=tag,
                    year=str(pub.year) if pub.year and labels.citation_year else "",
                    labels=[
                        self.text(label.text, (*path, "labels", k))
                        for k, label in self.shown(pub.labels)
                    ],
                )
            )
        return citations

    def _patents(self, section: Section, _: Path_) -> list[Citation]:
        citations = []
        for number, (i, patent) in enumerate(self.shown(self.profile.patents, section.select), 1):
            path: Path_ = ("patents", i)
            number_text = (
                self.catalog.labels.patent_number.format(number=patent.number)
                if patent.number
                else ""
            )
            citations.append(
                Citation(
                    number=number,
                    authors=self.people(patent.inventors, (*path, "inventors")),
                    title=self.text(patent.title, (*path, "title")),
                    venue=self.joined([number_text, self.text(patent.status, (*path, "status"))]),
                    venue_tag="",
                    year=str(patent.year) if patent.year else "",
                    labels=[],
                )
            )
        return citations

    def _awards(self, section: Section, _: Path_) -> list[Award]:
        return [
            Award(
                self.text(award.name, ("awards", i, "name")),
                self.catalog.format_years(award.years),
            )
            for i, award in self.shown(self.profile.awards, section.select)
        ]

    def _skills(self, section: Section, _: Path_) -> list[SkillGroup]:
        separator = self.catalog.punctuation.list_separator
        return [
            SkillGroup(
                self.text(group.category, ("skills", i, "category")),
                separator.join(
                    self.text(item, ("skills", i, "items", k)) for k, item in enumerate(group.items)
                ),
            )
            for i, group in self.shown(self.profile.skills, section.select)
        ]

    def _text(self, section: Section, path: Path_) -> list[str]:
        paragraph = self.text(section.text, (*path, "text"))
        return [part.strip() for part in paragraph.split("\n\n") if part.strip()]

    def contact(self, contact: model.Contact, path: Path_) -> Contact:
        text = self.text(contact.value, (*path, "value"))
        url = contact.url
        if url is None and contact.type in _CONTACT_URLS:
            target = text.replace(" ", "").replace("-", "") if contact.type == "phone" else text
            url = _CONTACT_URLS[contact.type].format(target)
        elif url is None and contact.type == "website":
            url = text if "://" in text else f"https://{text}"
        return Contact(contact.type, text, url)


def fallback_order(profile: Profile, lang: str) -> list[str]:
    """The languages whose text stands in for ``lang``'s when a field has none, in order."""
    if isinstance(profile.fallback, dict):
        chosen = profile.fallback.get(lang) or profile.languages
    else:
        chosen = profile.fallback or profile.languages
    return [other for other in dict.fromkeys(chosen) if other != lang]


def _is_cjk(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" for ch in text)


def _all_values(text: Text) -> list[str]:
    if isinstance(text, str):
        return [text]
    return [value for value in text.values() if value]

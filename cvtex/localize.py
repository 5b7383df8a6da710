"""Turn a profile into the view of one language: chosen text, formatted dates, kept entries.

The result holds plain strings (user text, not yet TeX) in small dataclasses that the
templates lay out. Nothing here knows about LaTeX.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from . import model
from .convert import conversion_for
from .locale import Catalog, Punctuation
from .model import Profile, Section, Text, Variant
from .scripts import has_cjk
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
class Personal:
    """A line of the personal block: 求职意向：算法工程师."""

    label: str
    value: str


@dataclass(frozen=True)
class Link:
    label: str
    url: str


@dataclass(frozen=True)
class Bullet:
    text: str
    items: list[Bullet] = field(default_factory=list)
    numbered: bool = False


@dataclass(frozen=True)
class Row:
    """A two-line entry: heading and place on top, detail and dates below; then its
    description's paragraphs and its bullets (numbered or not)."""

    heading: str
    place: str
    detail: str
    dates: str
    bullets: list[Bullet]
    links: list[Link] = field(default_factory=list)
    description: list[str] = field(default_factory=list)
    numbered: bool = False


@dataclass(frozen=True)
class Person:
    name: str
    owner: bool
    marks: str  # equal-contribution and corresponding-author marks
    separator: str  # what follows the name in its list: empty after the last


@dataclass(frozen=True)
class Citation:
    number: int
    authors: list[Person]
    title: str
    venue: str
    venue_tag: str
    year: str
    status: str
    awards: list[str]
    labels: list[str]
    links: list[Link]
    # The punctuation between its parts: the language's, or the catalog's Latin set for an
    # entry written in Latin script (None: the catalog's own, for views made elsewhere).
    punctuation: Punctuation | None = None
    # A title in a script without italics (Chinese): set upright, its Latin letters too.
    upright: bool = False


@dataclass(frozen=True)
class CitationGroup:
    heading: str  # empty when the section is not grouped
    citations: list[Citation]


@dataclass(frozen=True)
class Publications:
    groups: list[CitationGroup]
    legend: str  # explains the author marks used, if any

    def __bool__(self) -> bool:
        return any(group.citations for group in self.groups)


@dataclass(frozen=True)
class Item:
    """A line with text on the left and a short note (years, a level) on the right."""

    text: str
    note: str = ""


@dataclass(frozen=True)
class SkillGroup:
    category: str
    items: str


@dataclass(frozen=True)
class Referee:
    name: str
    lines: list[str]
    email: str


@dataclass(frozen=True)
class Entry:
    """A free entry: text, an optional date, links and nested items."""

    text: str
    date: str
    links: list[Link]
    items: list[Bullet]
    description: list[str] = field(default_factory=list)
    numbered: bool = False


@dataclass(frozen=True)
class SectionView:
    id: str
    kind: str
    title: str
    entries: Any  # a list, or a Publications


@dataclass(frozen=True)
class CvView:
    language: str
    name: str
    headline: str
    photo: str | None  # the image's file name beside the .tex, if this CV shows it
    updated: str
    contacts: list[Contact]
    sections: list[SectionView]
    fallbacks: list[Fallback]
    own_texts: int  # text fields shown in this language that have text of their own
    converted: int = 0  # text fields converted from catalog.convert_from (zh -> zh-TW)
    # The personal block (objective, date of birth...): only some themes show it.
    personal: list[Personal] = field(default_factory=list)


_CONTACT_URLS = {
    "email": "mailto:{}",
    "phone": "tel:{}",
    "github": "https://github.com/{}",
    "gitlab": "https://gitlab.com/{}",
    "linkedin": "https://www.linkedin.com/in/{}",
    "orcid": "https://orcid.org/{}",
}


def photo_name(profile: Profile, profile_file: Path) -> str | None:
    """The name the photo is copied to beside the .tex, so that the .tex rebuilds by hand."""
    if profile.photo is None:
        return None
    return f"{profile_file.stem}.photo{Path(profile.photo.file).suffix.lower()}"


def localize(
    profile: Profile, source: SourceMap, catalog: Catalog, variant: Variant | None = None
) -> CvView:
    return _Localizer(profile, source, catalog, variant or Variant()).view()


def localizer(
    profile: Profile, source: SourceMap, catalog: Catalog, variant: Variant | None = None
) -> _Localizer:
    """The localizer itself, for outputs that need entries rather than a CV's sections
    (JSON Resume): the same choice of text, fallbacks and scoping as the CV."""
    return _Localizer(profile, source, catalog, variant or Variant())


class _Localizer:
    def __init__(
        self, profile: Profile, source: SourceMap, catalog: Catalog, variant: Variant
    ) -> None:
        self.profile = profile
        self.source = source
        self.catalog = catalog
        self.variant = variant
        self.lang = catalog.code
        self.fallbacks: list[Fallback] = []
        # Every plain string shown, by path: `cvtex validate` looks for untranslated ones.
        self.plain: list[tuple[Path_, str]] = []
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
        personal = self.personal()
        sections = [section for section in self.sections() if section.entries]
        return CvView(
            language=self.lang,
            name=name,
            headline=self.text(profile.headline, ("headline",)),
            photo=self.photo(),
            updated=(
                self.catalog.labels.updated.format(date=self.catalog.format_date(profile.updated))
                if profile.updated
                else ""
            ),
            contacts=contacts,
            sections=sections,
            fallbacks=self.fallbacks,
            own_texts=self.own_texts,
            converted=self.converted,
            personal=personal,
        )

    def photo(self) -> str | None:
        photo = self.profile.photo
        if photo is None:
            return None
        shown = photo.show is None or bool(self.scopes & set(photo.show))
        if self.variant.photo is not None:
            shown = self.variant.photo
        return photo_name(self.profile, self.source.file) if shown else None

    def personal(self) -> list[Personal]:
        """The personal block's lines this language shows; a line without a value is left out."""
        lines = []
        for i, line in self.shown(self.profile.personal):
            value = self.text(line.value, ("personal", i, "value"))
            if value:
                lines.append(Personal(self.text(line.label, ("personal", i, "label")), value))
        return lines

    # -- text and scope ------------------------------------------------------------------

    def text(self, value: Text | None, path: Path_) -> str:
        if value is None:
            return ""
        if isinstance(value, model.Same | str):
            # One text for every language: Chinese in it is still converted, and counted so.
            if isinstance(value, str):
                self.plain.append((path, value))
            text = (value.same if isinstance(value, model.Same) else value).strip()
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
        """The items of a list this language (and variant) shows, with their profile index."""
        excluded = set(self.variant.exclude)
        return [
            (i, item)
            for i, item in enumerate(items)
            if (item.only is None or self.scopes & set(item.only))
            and (not select or set(select) & set(item.tags))
            and not excluded & set(item.tags)
        ]

    def bullets(self, bullets: list[model.Bullet], path: Path_, top: bool = True) -> list[Bullet]:
        shown = self.shown(bullets)
        if top and self.variant.max_bullets is not None:
            shown = shown[: self.variant.max_bullets]
        return [
            Bullet(
                self.text(bullet.text, (*path, i)),
                self.bullets(bullet.items, (*path, i, "items"), top=False),
                bullet.numbered,
            )
            for i, bullet in shown
        ]

    def texts(self, values: list[Text], path: Path_) -> list[str]:
        return [text for k, value in enumerate(values) if (text := self.text(value, (*path, k)))]

    def paragraphs(self, value: Text | None, path: Path_) -> list[str]:
        return _paragraphs(self.text(value, path))

    def labelled(self, label: str, value: str) -> Bullet:
        return Bullet(f"{label}{self.catalog.punctuation.colon}{value}")

    def links(self, links: list[model.Link], path: Path_) -> list[Link]:
        names = self.catalog.links
        return [
            Link(
                self.text(link.label, (*path, i, "label")) if link.label else names[link.type],
                link.url,
            )
            for i, link in self.shown(links)
        ]

    def joined(self, parts: Iterable[str]) -> str:
        shown = [part for part in parts if part]
        return self.punctuation_for(*shown).comma.join(shown)

    def punctuation_for(self, *texts: str) -> Punctuation:
        """The catalog's punctuation, or its Latin set (if it has one) for texts written
        without CJK: an English (or Greek, Russian) title and venue in the Chinese CV keep
        the punctuation they are written with."""
        own = self.catalog.punctuation
        if own.latin is not None and texts and not any(has_cjk(text) for text in texts):
            return own.latin
        return own

    # -- sections ------------------------------------------------------------------------

    def sections(self) -> list[SectionView]:
        profile = self.profile
        sections = profile.sections or model.default_sections(profile)
        views = []
        for section_id in self.order(sections):
            section = sections.get(section_id, Section())
            if section.only is not None and not self.scopes & set(section.only):
                continue
            if set(section.tags) & set(self.variant.exclude):
                continue
            kind = model.section_kind(section_id, section)
            title = (
                self.text(section.title, ("sections", section_id, "title"))
                if section.title
                else self.catalog.title(section_id, kind)
            )
            entries = getattr(self, f"_{kind}")(section, ("sections", section_id))
            if isinstance(entries, list) and section.limit is not None:
                entries = entries[: section.limit]
            views.append(SectionView(section_id, kind, title, entries))
        return views

    def order(self, sections: dict[str, Section]) -> list[str]:
        """The variant's layout, else the profile's: the language's own, else that of its
        source language (zh for zh-TW) or of its first fallback language."""
        for layouts in (self.variant.layout or {}, self.profile.layout):
            if isinstance(layouts, list):
                return layouts
            for lang in [self.lang, self.catalog.convert_from, *self.fallback_order]:
                if lang in layouts:
                    return layouts[lang]
        return list(sections)

    def pool(self, kind: str, section: Section) -> list[tuple[Path_, Any]]:
        name = model.POOLS[kind]
        return [
            ((name, i), item) for i, item in self.shown(getattr(self.profile, name), section.select)
        ]

    def span(self, entry: model.Dated) -> str:
        return self.catalog.format_span(entry.start, entry.end, entry.date)

    def _summary(self, section: Section, path: Path_) -> list[str]:
        return _paragraphs(self.text(self.profile.summary, ("summary",)))

    def _text(self, section: Section, path: Path_) -> list[str]:
        return _paragraphs(self.text(section.text, (*path, "text")))

    def _education(self, section: Section, _: Path_) -> list[Row]:
        rows = []
        labels = self.catalog.labels
        for path, entry in self.pool("education", section):
            degree = self.text(entry.degree, (*path, "degree"))
            if entry.field is not None and (subject := self.text(entry.field, (*path, "field"))):
                joined = self.punctuation_for(degree, subject).degree_field or labels.degree_field
                degree = joined.format(degree=degree, field=subject)
            details = []
            if entry.dissertation is not None:
                title = self.text(entry.dissertation, (*path, "dissertation"))
                # In italics, as titles are; one in Chinese (no italics) upright.
                details.append(
                    self.labelled(labels.dissertation, title if has_cjk(title) else f"*{title}*")
                )
            grades = [f"{labels.gpa} {entry.gpa}" if entry.gpa else ""]
            if entry.rank is not None:
                grades.append(f"{labels.rank} {self.text(entry.rank, (*path, 'rank'))}")
            if grade_text := self.joined(grades):
                details.append(Bullet(grade_text))
            if honors := self.texts(entry.honors, (*path, "honors")):
                details.append(self.labelled(labels.honors, self.catalog.join(honors)))
            if advisors := self.texts(entry.advisors, (*path, "advisors")):
                details.append(self.labelled(labels.advisors, self.catalog.join(advisors)))
            rows.append(
                Row(
                    heading=self.text(entry.institution, (*path, "institution")),
                    place=self.text(entry.location, (*path, "location")),
                    detail=degree,
                    dates=self.span(entry),
                    bullets=self.bullets(entry.bullets, (*path, "bullets")) + details,
                    links=self.links(entry.links, (*path, "links")),
                    description=self.paragraphs(entry.description, (*path, "description")),
                    numbered=entry.numbered,
                )
            )
        return rows

    def _experience(self, section: Section, _: Path_) -> list[Row]:
        rows = []
        for path, entry in self.pool("experience", section):
            bullets = self.bullets(entry.bullets, (*path, "bullets"))
            if mentors := self.texts(entry.mentors, (*path, "mentors")):
                mentors_label = self.catalog.labels.mentors
                bullets.append(self.labelled(mentors_label, self.catalog.join(mentors)))
            rows.append(
                Row(
                    heading=self.text(entry.title, (*path, "title")),
                    place=self.joined(
                        self.text(getattr(entry, key), (*path, key))
                        for key in ("organization", "team", "location")
                    ),
                    detail=self.text(entry.role, (*path, "role")),
                    dates=self.span(entry),
                    bullets=bullets,
                    links=self.links(entry.links, (*path, "links")),
                    description=self.paragraphs(entry.description, (*path, "description")),
                    numbered=entry.numbered,
                )
            )
        return rows

    def _teaching(self, section: Section, _: Path_) -> list[Row]:
        return [
            Row(
                heading=self.text(entry.course, (*path, "course")),
                place=self.text(entry.institution, (*path, "institution")),
                detail=self.text(entry.role, (*path, "role")),
                dates=self.text(entry.term, (*path, "term")) or self.span(entry),
                bullets=[],
                description=self.paragraphs(entry.description, (*path, "description")),
            )
            for path, entry in self.pool("teaching", section)
        ]

    def _talks(self, section: Section, _: Path_) -> list[Row]:
        return [
            Row(
                heading=self.text(talk.title, (*path, "title")),
                place=self.text(talk.location, (*path, "location")),
                detail=self.text(talk.event, (*path, "event")),
                dates=self.span(talk),
                bullets=[],
                links=self.links(talk.links, (*path, "links")),
                description=self.paragraphs(talk.description, (*path, "description")),
            )
            for path, talk in self.pool("talks", section)
        ]

    def people(self, authors: list[model.Author], path: Path_) -> list[Person]:
        texts = [self.text(author.name, (*path, k)) for k, author in enumerate(authors)]
        punctuation = self.catalog.punctuation
        people = []
        for k, (author, text) in enumerate(zip(authors, texts, strict=True)):
            if k == len(texts) - 1:
                separator = ""
            elif has_cjk(text) and has_cjk(texts[k + 1]):
                separator = punctuation.cjk_author_separator
            else:
                separator = punctuation.author_separator
            # The owner is recognised in any of the name's languages and listed forms.
            owner = bool(self.owner_names & {text, *_all_values(author.name)})
            marks = ("*" if author.equal else "") + ("†" if author.corresponding else "")
            people.append(Person(text, owner, marks, separator))
        return people

    def citation(self, number: int, path: Path_, pub: model.Publication) -> Citation:
        labels = self.catalog.labels
        tag = ""
        if pub.abbr:
            with_year = pub.year and not abbr_has_year(pub.abbr, pub.year)
            pattern = labels.venue_tag if with_year else labels.venue_tag_no_year
            year = pub.year or 0
            tag = pattern.format(abbr=pub.abbr, year=year, yy=f"{year % 100:02d}")
        title = self.text(pub.title, (*path, "title"))
        venue = self.text(pub.venue, (*path, "venue"))
        return Citation(
            number=number,
            authors=self.people(pub.authors, (*path, "authors")),
            title=title,
            venue=venue,
            venue_tag=tag,
            year=str(pub.year) if pub.year and (labels.citation_year or not tag) else "",
            status=self.catalog.statuses.get(pub.status, ""),
            awards=self.texts(pub.awards, (*path, "awards")),
            labels=[
                self.text(label.text, (*path, "labels", k)) for k, label in self.shown(pub.labels)
            ],
            links=self.links(pub.links, (*path, "links")),
            punctuation=self.punctuation_for(*(text for text in (title, venue) if text)),
            upright=has_cjk(title),
        )

    def _publications(self, section: Section, _: Path_) -> Publications:
        chosen = self.pool("publications", section)
        if section.limit is not None:
            chosen = chosen[: section.limit]
        citations = [(pub, self.citation(0, path, pub)) for path, pub in chosen]
        groups = _group(citations, section.group_by, self.catalog.publication_types)
        # Numbers follow the order shown, groups included: 1..n, or n..1 when descending.
        count = sum(len(group) for _, group in groups)
        position = 0
        numbered_groups = []
        for heading, group in groups:
            numbered = []
            for cite in group:
                position += 1
                if section.numbering == "ascending":
                    numbered.append(replace(cite, number=position))
                elif section.numbering == "descending":
                    numbered.append(replace(cite, number=count - position + 1))
                else:
                    numbered.append(cite)
            numbered_groups.append(CitationGroup(heading, numbered))
        marks = "".join(person.marks for _, cite in citations for person in cite.authors)
        legend = [
            text
            for mark, text in (
                ("*", self.catalog.labels.equal_contribution),
                ("†", self.catalog.labels.corresponding_author),
            )
            if mark in marks
        ]
        return Publications(numbered_groups, self.catalog.punctuation.list_separator.join(legend))

    def _patents(self, section: Section, _: Path_) -> list[Citation]:
        citations = []
        for number, (path, patent) in enumerate(self.pool("patents", section), 1):
            number_text = (
                self.catalog.labels.patent_number.format(number=patent.number)
                if patent.number
                else ""
            )
            title = self.text(patent.title, (*path, "title"))
            citations.append(
                Citation(
                    number=number,
                    authors=self.people(patent.inventors, (*path, "inventors")),
                    title=title,
                    venue=self.joined([number_text, self.text(patent.status, (*path, "status"))]),
                    venue_tag="",
                    year=str(patent.year) if patent.year else "",
                    status="",
                    awards=[],
                    labels=[],
                    links=self.links(patent.links, (*path, "links")),
                    punctuation=self.punctuation_for(title),
                    upright=has_cjk(title),
                )
            )
        return citations

    def years(self, years: list[int]) -> str:
        return self.catalog.format_years(years)

    def _awards(self, section: Section, _: Path_) -> list[Item]:
        return [
            Item(self.text(award.name, (*path, "name")), self.years(award.years))
            for path, award in self.pool("awards", section)
        ]

    def _service(self, section: Section, _: Path_) -> list[Item]:
        return [
            Item(
                self.text(entry.text, (*path, "text")), self.years(entry.years) or self.span(entry)
            )
            for path, entry in self.pool("service", section)
        ]

    def _languages(self, section: Section, _: Path_) -> list[Item]:
        return [
            Item(
                self.text(entry.language, (*path, "language")),
                self.text(entry.level, (*path, "level")),
            )
            for path, entry in self.pool("languages", section)
        ]

    def _skills(self, section: Section, _: Path_) -> list[SkillGroup]:
        groups = []
        punctuation = self.catalog.punctuation
        for path, group in self.pool("skills", section):
            items = []
            for k, skill in enumerate(group.items):
                name = self.text(skill.name, (*path, "items", k))
                if skill.level is not None:
                    level = self.text(skill.level, (*path, "items", k, "level"))
                    marks = self.punctuation_for(name, level)
                    name = f"{name}{marks.open_paren}{level}{marks.close_paren}"
                items.append(name)
            groups.append(
                SkillGroup(
                    self.text(group.category, (*path, "category")),
                    punctuation.list_separator.join(items),
                )
            )
        return groups

    def _references(self, section: Section, _: Path_) -> list[Referee]:
        return [
            Referee(
                name=self.text(referee.name, (*path, "name")),
                lines=[
                    text
                    for key in ("title", "affiliation")
                    if (text := self.text(getattr(referee, key), (*path, key)))
                ]
                + ([referee.phone] if referee.phone else []),
                email=referee.email or "",
            )
            for path, referee in self.pool("references", section)
        ]

    def _others(self, section: Section, _: Path_) -> list[Entry]:
        return [
            Entry(
                text=self.text(entry.text, (*path, "text")),
                date=self.span(entry),
                links=self.links(entry.links, (*path, "links")),
                items=self.bullets(entry.items, (*path, "items"), top=False),
                description=self.paragraphs(entry.description, (*path, "description")),
                numbered=entry.numbered,
            )
            for path, entry in self.pool("others", section)
        ]

    def contact(self, contact: model.Contact, path: Path_) -> Contact:
        text = self.text(contact.value, (*path, "value"))
        url = contact.url
        if url is None and contact.type in _CONTACT_URLS:
            target = text.replace(" ", "").replace("-", "") if contact.type == "phone" else text
            url = _CONTACT_URLS[contact.type].format(target)
        elif url is None and contact.type == "website":
            url = text if "://" in text else f"https://{text}"
        return Contact(contact.type, text, url)


def _paragraphs(text: str) -> list[str]:
    # One line per paragraph, whatever the YAML style (source.unwrapped reads | blocks so).
    return [part.strip() for part in text.splitlines() if part.strip()]


def _group(
    citations: list[tuple[model.Publication, Citation]], by: str, type_names: dict[str, str]
) -> list[tuple[str, list[Citation]]]:
    """Sub-lists by publication type (in the catalog's order) or by year (newest first)."""
    if by == "none":
        return [("", [cite for _, cite in citations])]
    groups: dict[str, list[Citation]] = {}
    if by == "type":
        for kind in type_names:
            groups[type_names[kind]] = [
                cite for pub, cite in citations if (pub.type or "other") == kind
            ]
    else:
        for year in sorted({pub.year or 0 for pub, _ in citations}, reverse=True):
            groups[str(year) if year else ""] = [
                cite for pub, cite in citations if (pub.year or 0) == year
            ]
    return [(heading, group) for heading, group in groups.items() if group]


def fallback_order(profile: Profile, lang: str) -> list[str]:
    """The languages whose text stands in for ``lang``'s when a field has none, in order."""
    if isinstance(profile.fallback, dict):
        chosen = profile.fallback.get(lang) or profile.languages
    else:
        chosen = profile.fallback or profile.languages
    return [other for other in dict.fromkeys(chosen) if other != lang]


# The year an abbreviation may already end with: OSDI '23, ICNP'24, NSDI’24, ToN 2024, CVPR2024.
_ABBR_YEAR = re.compile(
    r"(?:['’‘]\s?(?P<quoted>\d{2})"
    r"|(?<!\d)(?P<full>(?:19|20)\d{2})"
    r"|(?<![\d'’‘])\s?(?P<short>\d{2}))$"
)


def abbr_has_year(abbr: str, year: int) -> bool:
    """Whether ``abbr`` ends with a year, so that the venue tag should not add another.

    An apostrophe and two digits ('23) or a four-digit year (2024) are a year whatever it
    is; two bare digits (OSDI 23, OSDI23) only when they are this publication's year.
    """
    match = _ABBR_YEAR.search(abbr.strip())
    if match is None:
        return False
    if match["short"] is not None:
        return int(match["short"]) == year % 100
    return True


def _all_values(text: Text) -> list[str]:
    if isinstance(text, str):
        return [text]
    if isinstance(text, model.Same):
        return [text.same]
    return [value for value in text.values() if value]

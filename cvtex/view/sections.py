"""The sections of a CV, one builder per kind of section, each from the text chooser.

:data:`SECTION_BUILDERS` is the one table from a section's kind (``education``,
``publications``, ``skills``...) to the function that makes its entries for the view; a
new kind of section is a function and a line here (and its templates).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..profile import content, model
from ..profile.content import Section
from ..profile.source import Path_
from ..text.scripts import has_cjk
from .cv import (
    Bullet,
    Citation,
    CitationGroup,
    Entry,
    Item,
    Publications,
    Referee,
    Row,
    SectionView,
    SkillGroup,
)
from .text import TextChooser, paragraphs

if TYPE_CHECKING:
    from ..language.catalog import Catalog


def section_views(chooser: TextChooser) -> list[SectionView]:
    """The sections this language shows, in the layout's order, each with its entries."""
    profile = chooser.profile
    sections = profile.sections or model.default_sections(profile)
    views = []
    for section_id in order(chooser, sections):
        section = sections.get(section_id, Section())
        if section.only is not None and not chooser.scopes & set(section.only):
            continue
        if set(section.tags) & set(chooser.variant.exclude):
            continue
        kind = content.section_kind(section_id, section)
        title = (
            chooser.text(section.title, ("sections", section_id, "title"))
            if section.title
            else chooser.catalog.title(section_id, kind)
        )
        entries = SECTION_BUILDERS[kind](chooser, section, ("sections", section_id))
        if kind == "skills":
            entries = unnamed_under(title, entries)
        if isinstance(entries, list) and section.limit is not None:
            entries = entries[: section.limit]
        views.append(SectionView(section_id, drawn_as(kind, entries), title, entries))
    return views


def unnamed_under(title: str, groups: list[SkillGroup]) -> list[SkillGroup]:
    """The groups, one named as its section is ("Skills" under "Skills") without its name:
    the title already says it, and "Skills: Python, ..." under it says it twice."""
    same = title.strip().casefold()
    return [
        replace(group, category="") if group.category.strip().casefold() == same else group
        for group in groups
    ]


def drawn_as(kind: str, entries: Any) -> str:
    """The kind the templates draw a section as: its own, or, for a kind whose entries
    take the shape of another's (volunteer work and certificates are rows, as experience
    is; awards with a description are free entries), that kind."""
    first = entries[0] if isinstance(entries, list) and entries else None
    if isinstance(first, Row) and kind not in ROW_KINDS:
        return "experience"
    if isinstance(first, Entry) and kind != "others":
        return "others"
    return kind


# The kinds the templates draw as rows of their own (heading, place, detail, dates).
ROW_KINDS = ("education", "experience", "teaching", "talks")


def order(chooser: TextChooser, sections: dict[str, Section]) -> list[str]:
    """The variant's layout, else the profile's: the language's own, else that of its
    source language (zh for zh-TW) or of its first fallback language."""
    for layouts in (chooser.variant.layout or {}, chooser.profile.layout):
        if isinstance(layouts, list):
            return layouts
        for lang in [chooser.lang, chooser.converts_from, *chooser.fallback_order]:
            if lang in layouts:
                return layouts[lang]
    return list(sections)


def pool(chooser: TextChooser, kind: str, section: Section) -> list[tuple[Path_, Any]]:
    name = model.POOLS[kind]
    return [
        ((name, i), item)
        for i, item in chooser.shown(getattr(chooser.profile, name), section.select)
    ]


def summary_entries(chooser: TextChooser, section: Section, path: Path_) -> list[str]:
    return paragraphs(chooser.text(chooser.profile.summary, ("summary",)))


def text_entries(chooser: TextChooser, section: Section, path: Path_) -> list[str]:
    return paragraphs(chooser.text(section.text, (*path, "text")))


def education_entries(chooser: TextChooser, section: Section, _: Path_) -> list[Row]:
    rows = []
    labels = chooser.catalog.labels
    for path, entry in pool(chooser, "education", section):
        degree = chooser.text(entry.degree, (*path, "degree"))
        if entry.field is not None and (subject := chooser.text(entry.field, (*path, "field"))):
            if not degree.strip():
                degree = subject  # a field with no degree named: no joiner left dangling
            else:
                joined = chooser.punctuation_for(degree, subject).degree_field
                degree = (joined or labels.degree_field).format(degree=degree, field=subject)
        details = []
        if entry.dissertation is not None:
            title = chooser.text(entry.dissertation, (*path, "dissertation"))
            # In italics, as titles are; one in Chinese (no italics) upright.
            details.append(
                chooser.labelled(labels.dissertation, title if has_cjk(title) else f"*{title}*")
            )
        grades = [f"{labels.gpa} {entry.gpa}" if entry.gpa else ""]
        if entry.rank is not None:
            grades.append(f"{labels.rank} {chooser.text(entry.rank, (*path, 'rank'))}")
        if grade_text := chooser.joined(grades):
            details.append(Bullet(grade_text))
        if honors := chooser.texts(entry.honors, (*path, "honors")):
            details.append(chooser.labelled(labels.honors, chooser.catalog.join(honors)))
        if advisors := chooser.names(entry.advisors, (*path, "advisors")):
            label = labels.advisors_for(len(advisors))
            details.append(chooser.labelled(label, chooser.catalog.join(advisors)))
        rows.append(
            Row(
                heading=chooser.text(entry.institution, (*path, "institution")),
                place=chooser.text(entry.location, (*path, "location")),
                detail=degree,
                dates=chooser.span(entry),
                bullets=chooser.bullets(entry.bullets, (*path, "bullets")) + details,
                links=chooser.links(entry.links, (*path, "links")),
                description=chooser.paragraphs(entry.description, (*path, "description")),
                numbered=entry.numbered,
            )
        )
    return rows


def experience_entries(chooser: TextChooser, section: Section, _: Path_) -> list[Row]:
    return experience_rows(chooser, pool(chooser, "experience", section))


def volunteer_entries(chooser: TextChooser, section: Section, _: Path_) -> list[Row]:
    return experience_rows(chooser, pool(chooser, "volunteer", section))


def experience_rows(chooser: TextChooser, entries: list[tuple[Path_, Any]]) -> list[Row]:
    rows = []
    for path, entry in entries:
        bullets = chooser.bullets(entry.bullets, (*path, "bullets"))
        if mentors := chooser.names(entry.mentors, (*path, "mentors")):
            mentors_label = chooser.catalog.labels.mentors_for(len(mentors))
            bullets.append(chooser.labelled(mentors_label, chooser.catalog.join(mentors)))
        rows.append(
            Row(
                heading=chooser.text(entry.title, (*path, "title")),
                place=chooser.joined(
                    chooser.text(getattr(entry, key), (*path, key))
                    for key in ("organization", "team", "location")
                ),
                detail=chooser.text(entry.role, (*path, "role")),
                dates=chooser.span(entry),
                bullets=bullets,
                links=chooser.links(entry.links, (*path, "links")),
                description=chooser.paragraphs(entry.description, (*path, "description")),
                numbered=entry.numbered,
            )
        )
    return rows


def teaching_entries(chooser: TextChooser, section: Section, _: Path_) -> list[Row]:
    return [
        Row(
            heading=chooser.text(entry.course, (*path, "course")),
            place=chooser.text(entry.institution, (*path, "institution")),
            detail=chooser.text(entry.role, (*path, "role")),
            dates=chooser.text(entry.term, (*path, "term")) or chooser.span(entry),
            bullets=[],
            description=chooser.paragraphs(entry.description, (*path, "description")),
        )
        for path, entry in pool(chooser, "teaching", section)
    ]


def talks_entries(chooser: TextChooser, section: Section, _: Path_) -> list[Row]:
    return [
        Row(
            heading=chooser.text(talk.title, (*path, "title")),
            place=chooser.text(talk.location, (*path, "location")),
            detail=chooser.text(talk.event, (*path, "event")),
            dates=chooser.span(talk),
            bullets=[],
            links=chooser.links(talk.links, (*path, "links")),
            description=chooser.paragraphs(talk.description, (*path, "description")),
        )
        for path, talk in pool(chooser, "talks", section)
    ]


def citation(chooser: TextChooser, number: int, path: Path_, pub: content.Publication) -> Citation:
    labels = chooser.catalog.labels
    tag = ""
    if pub.abbr:
        with_year = pub.year and not abbr_has_year(pub.abbr, pub.year)
        pattern = labels.venue_tag if with_year else labels.venue_tag_no_year
        year = pub.year or 0
        tag = pattern.format(abbr=pub.abbr, year=year, yy=f"{year % 100:02d}")
    title = chooser.text(pub.title, (*path, "title"))
    venue = chooser.text(pub.venue, (*path, "venue"))
    status = chooser.catalog.statuses.get(pub.status, "")
    if pub.kind and (kind := chooser.catalog.publication_kinds.get(pub.kind)):
        venue = chooser.joined([kind, venue])
    if numbers := volume_and_pages(chooser.catalog, pub):
        venue = chooser.joined([venue, *numbers])
    return Citation(
        number=number,
        authors=chooser.people(pub.authors, (*path, "authors")),
        title=title,
        venue=venue,
        venue_tag=tag,
        year=str(pub.year) if pub.year and (labels.citation_year or not tag) else "",
        status=status,
        awards=chooser.texts(pub.awards, (*path, "awards")),
        labels=[
            chooser.text(label.text, (*path, "labels", k)) for k, label in chooser.shown(pub.labels)
        ],
        links=chooser.links(pub.links, (*path, "links")),
        punctuation=chooser.punctuation_for(*(text for text in (title, venue) if text)),
        upright=has_cjk(title),
        status_separator=chooser.punctuation_for(status).citation_separator if status else "",
    )


def volume_and_pages(catalog: Catalog, pub: content.Publication) -> list[str]:
    """A publication's volume (with its issue) and pages, as the language writes them."""
    labels = catalog.labels
    numbers = []
    if pub.issue:
        numbers.append(labels.volume_issue.format(volume=pub.volume or "", issue=pub.issue))
    elif pub.volume:
        numbers.append(labels.volume.format(volume=pub.volume))
    if pub.pages:
        numbers.append(labels.pages.format(pages=pub.pages))
    return numbers


def publications_entries(chooser: TextChooser, section: Section, _: Path_) -> Publications:
    chosen = pool(chooser, "publications", section)
    if section.limit is not None:
        chosen = chosen[: section.limit]
    citations = [(pub, citation(chooser, 0, path, pub)) for path, pub in chosen]
    groups = _group(citations, section.group_by, chooser.catalog.publication_types)
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
            ("*", chooser.catalog.labels.equal_contribution),
            ("†", chooser.catalog.labels.corresponding_author),
        )
        if mark in marks
    ]
    return Publications(numbered_groups, chooser.catalog.punctuation.list_separator.join(legend))


def patent_number(chooser: TextChooser, patent: content.Patent) -> str:
    """A patent's number as the language writes it ("Patent No. CN1"), or ""."""
    if not patent.number:
        return ""
    return chooser.catalog.labels.patent_number.format(number=patent.number)


def patents_entries(chooser: TextChooser, section: Section, _: Path_) -> list[Citation]:
    citations = []
    for number, (path, patent) in enumerate(pool(chooser, "patents", section), 1):
        number_text = patent_number(chooser, patent)
        title = chooser.text(patent.title, (*path, "title"))
        citations.append(
            Citation(
                number=number,
                authors=chooser.people(patent.inventors, (*path, "inventors")),
                title=title,
                venue=chooser.joined([number_text, chooser.text(patent.status, (*path, "status"))]),
                venue_tag="",
                year=str(patent.year) if patent.year else "",
                status="",
                awards=[],
                labels=[],
                links=chooser.links(patent.links, (*path, "links")),
                punctuation=chooser.punctuation_for(title),
                upright=has_cjk(title),
            )
        )
    return citations


def awards_entries(chooser: TextChooser, section: Section, _: Path_) -> list[Item] | list[Entry]:
    awards = pool(chooser, "awards", section)
    described = [
        chooser.paragraphs(award.description, (*path, "description")) for path, award in awards
    ]
    if not any(described):
        return [
            Item(chooser.text(award.name, (*path, "name")), chooser.years(award.years))
            for path, award in awards
        ]
    # One award says what it was given for: each is a free entry, its paragraph under it.
    return [
        Entry(
            text=chooser.text(award.name, (*path, "name")),
            date=chooser.years(award.years),
            links=[],
            items=[],
            description=description,
        )
        for (path, award), description in zip(awards, described, strict=True)
    ]


def certificates_entries(chooser: TextChooser, section: Section, _: Path_) -> list[Row]:
    labels = chooser.catalog.labels
    return [
        Row(
            heading=chooser.text(entry.name, (*path, "name")),
            place=chooser.text(entry.issuer, (*path, "issuer")),
            detail=labels.certificate_number.format(number=entry.number) if entry.number else "",
            dates=chooser.span(entry),
            bullets=[],
            links=chooser.links(entry.links, (*path, "links")),
            description=chooser.paragraphs(entry.description, (*path, "description")),
        )
        for path, entry in pool(chooser, "certificates", section)
    ]


def service_entries(chooser: TextChooser, section: Section, _: Path_) -> list[Item]:
    return [
        Item(
            chooser.text(entry.text, (*path, "text")),
            chooser.years(entry.years) or chooser.span(entry),
        )
        for path, entry in pool(chooser, "service", section)
    ]


def languages_entries(chooser: TextChooser, section: Section, _: Path_) -> list[Item]:
    return [
        Item(
            chooser.text(entry.language, (*path, "language")),
            chooser.text(entry.level, (*path, "level")),
        )
        for path, entry in pool(chooser, "languages", section)
    ]


def skills_entries(chooser: TextChooser, section: Section, _: Path_) -> list[SkillGroup]:
    groups = []
    punctuation = chooser.catalog.punctuation
    for path, group in pool(chooser, "skills", section):
        items = []
        for k, skill in enumerate(group.items):
            name = chooser.text(skill.name, (*path, "items", k))
            if skill.level is not None:
                level = chooser.text(skill.level, (*path, "items", k, "level"))
                marks = chooser.punctuation_for(name, level)
                name = f"{name}{marks.open_paren}{level}{marks.close_paren}"
            items.append(name)
        groups.append(
            SkillGroup(
                chooser.text(group.category, (*path, "category")),
                punctuation.list_separator.join(items),
            )
        )
    return groups


def references_entries(chooser: TextChooser, section: Section, _: Path_) -> list[Referee]:
    return [
        Referee(
            name=chooser.name(referee.name, (*path, "name")),
            lines=[
                text
                for key in ("title", "affiliation")
                if (text := chooser.text(getattr(referee, key), (*path, key)))
            ]
            + ([referee.phone] if referee.phone else []),
            email=referee.email or "",
        )
        for path, referee in pool(chooser, "references", section)
    ]


def others_entries(chooser: TextChooser, section: Section, _: Path_) -> list[Entry]:
    return [
        Entry(
            text=chooser.text(entry.text, (*path, "text")),
            date=chooser.span(entry),
            links=chooser.links(entry.links, (*path, "links")),
            items=chooser.bullets(entry.items, (*path, "items"), top=False),
            description=chooser.paragraphs(entry.description, (*path, "description")),
            numbered=entry.numbered,
        )
        for path, entry in pool(chooser, "others", section)
    ]


SectionBuilder = Callable[[TextChooser, Section, Path_], Any]

# A section's kind -> its entries: a list, or Publications for the grouped citations.
SECTION_BUILDERS: dict[str, SectionBuilder] = {
    "summary": summary_entries,
    "text": text_entries,
    "education": education_entries,
    "experience": experience_entries,
    "volunteer": volunteer_entries,
    "teaching": teaching_entries,
    "talks": talks_entries,
    "publications": publications_entries,
    "patents": patents_entries,
    "awards": awards_entries,
    "certificates": certificates_entries,
    "service": service_entries,
    "languages": languages_entries,
    "skills": skills_entries,
    "references": references_entries,
    "others": others_entries,
}


def _group(
    citations: list[tuple[content.Publication, Citation]], by: str, type_names: dict[str, str]
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

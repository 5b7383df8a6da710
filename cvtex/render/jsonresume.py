"""The json row of the renderers' table: one language of a CV as a JSON Resume document
(https://jsonresume.org), ``<stem>[.<variant>].<lang>.resume.json``.

Only the schema's standard fields are written, so that every JSON Resume theme and tool
reads the result; reading one back is an importer's (cvtex/importers/jsonresume/).

The mapping, field by field (JSON Resume has no place for the rest: education bullets,
advisors and honours, mentors' names, links beyond the first, relative links, the
personal block):

- name, headline, summary: basics.name, .label, .summary; contacts: basics.email, .phone,
  .url, .location.address and .profiles (GitHub, GitLab, LinkedIn, Google Scholar, ORCID);
  updated: meta.lastModified;
- education: institution, studyType (the degree), area (the field), score (the GPA), url
  (the first link);
- experience: work, with name (organization), position (the role, else the title),
  summary (the title, when there is a role; else the description), description (team),
  location, url, highlights (the description first, when summary holds the title);
- publications: name (title), publisher ("venue (abbr)"), releaseDate, url, and summary
  (the authors, the owner in bold); patents too, with publisher (number and status);
- awards: one per year; service: volunteer, with position (its text) and dates;
- teaching, talks and others: projects of type teaching, talk and other (a teaching or
  talk entry's description is its highlight; an other's is its description);
- skills (keywords), spoken_languages (languages), references.

Text keeps its light markup (**bold**, *italic*, [links](...)): it is Markdown, which most
JSON Resume themes render; math becomes Unicode (3×).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..profile import content
from ..profile.base import End, Expected, Text, YearMonth
from ..view.cv import Bullet
from ..view.sections import patent_number, volume_and_pages
from ..view.text import TextChooser, paragraphs
from .document import Document
from .markdown import markdown_of
from .markup import is_absolute, parse, web_url

if TYPE_CHECKING:
    from ..pipeline.load import Loaded
    from ..view.localize import Localized

SCHEMA_URL = "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json"
SUFFIX = ".resume.json"

# JSON Resume themes pick icons by these network names.
_NETWORKS = {
    "github": "GitHub",
    "gitlab": "GitLab",
    "linkedin": "LinkedIn",
    "scholar": "Google Scholar",
    "orcid": "ORCID",
}


def json_resume(loaded: Loaded, item: Localized) -> Document:
    """The json row of the renderers' table: ``item``'s language as a JSON Resume file."""
    content = json.dumps(resume_of(item.chooser), ensure_ascii=False, indent=2) + "\n"
    return Document(item.language, "json", loaded.stem(item.language) + SUFFIX, content)


def resume_of(chooser: TextChooser) -> dict[str, Any]:
    """The chooser's language (and variant) of its profile as a JSON Resume document:
    plain data, ready for json."""
    return _Exporter(chooser).document()


class _Exporter:
    def __init__(self, chooser: TextChooser) -> None:
        # The CV's own text chooser: the same text, fallbacks and scoping as the PDF.
        self.local = chooser
        self.profile = chooser.profile
        self.catalog = chooser.catalog
        self.language = chooser.lang

    def text(self, value: Text | None, path: tuple[str | int, ...]) -> str:
        return _markdown(self.local.text(value, path))

    def shown(self, pool: str) -> list[tuple[tuple[str | int, ...], Any]]:
        items = getattr(self.profile, pool)
        return [((pool, i), item) for i, item in self.local.shown(items)]

    def document(self) -> dict[str, Any]:
        document: dict[str, Any] = {"$schema": SCHEMA_URL, "basics": self.basics()}
        sections = {
            "work": self.work(),
            "volunteer": self.volunteer(),
            "education": self.education(),
            "awards": self.awards(),
            "certificates": self.certificates(),
            "publications": self.publications() + self.patents(),
            "skills": self.skills(),
            "languages": self.languages(),
            "references": self.references(),
            "projects": self.projects(),
        }
        document.update({key: value for key, value in sections.items() if value})
        document["meta"] = {"version": "v1.0.0", "language": self.language}
        if (updated := self.profile.updated) is not None:
            document["meta"]["lastModified"] = iso_date(updated)
        return document

    # -- basics --------------------------------------------------------------------------

    def basics(self) -> dict[str, Any]:
        profile = self.profile
        basics: dict[str, Any] = {"name": self.text(profile.name, ("name",))}
        _put(basics, "label", self.text(profile.headline, ("headline",)))
        profiles = []
        for path, contact in self.shown("contacts"):
            view = self.local.contact(contact, path)
            text, url = _markdown(view.text), _absolute(view.url)
            if contact.type in ("email", "phone") and contact.type not in basics:
                basics[contact.type] = text
            elif contact.type == "website" and "url" not in basics and url:
                basics["url"] = url
            elif contact.type == "location" and "location" not in basics:
                basics["location"] = {"address": text}
            elif contact.type in _NETWORKS:
                profiles.append(
                    _clean({"network": _NETWORKS[contact.type], "username": text, "url": url})
                )
        summary = self.local.text(profile.summary, ("summary",))
        _put(basics, "summary", "\n\n".join(_markdown(part) for part in paragraphs(summary)))
        _put(basics, "profiles", profiles)
        return basics

    # -- entries -------------------------------------------------------------------------

    def education(self) -> list[dict[str, Any]]:
        return [
            _clean(
                {
                    "institution": self.text(entry.institution, (*path, "institution")),
                    "studyType": self.text(entry.degree, (*path, "degree")),
                    "area": self.text(entry.field, (*path, "field")),
                    "score": entry.gpa,
                    "url": self.first_link(entry.links),
                    **_dates(entry),
                }
            )
            for path, entry in self.shown("education")
        ]

    def work(self) -> list[dict[str, Any]]:
        work = []
        for path, entry in self.shown("experience"):
            title = self.text(entry.title, (*path, "title"))
            role = self.text(entry.role, (*path, "role"))
            highlights = _flatten(self.local.bullets(entry.bullets, (*path, "bullets")))
            description = self.paragraphs(entry.description, (*path, "description"))
            if description and role:
                highlights.insert(0, description)  # summary holds the title
            if mentors := self.local.texts(entry.mentors, (*path, "mentors")):
                label = self.catalog.labels.mentors_for(len(mentors))
                highlights.append(self.local.labelled(label, self.catalog.join(mentors)).text)
            work.append(
                _clean(
                    {
                        "name": self.text(entry.organization, (*path, "organization")),
                        "position": role or title,
                        "summary": title if role else description,
                        "description": self.text(entry.team, (*path, "team")),
                        "location": self.text(entry.location, (*path, "location")),
                        "url": self.first_link(entry.links),
                        **_dates(entry),
                        "highlights": [_markdown(text) for text in highlights],
                    }
                )
            )
        return work

    def volunteer(self) -> list[dict[str, Any]]:
        entries = []
        for path, entry in self.shown("volunteer"):
            bullets = _flatten(self.local.bullets(entry.bullets, (*path, "bullets")))
            entries.append(
                _clean(
                    {
                        "organization": self.text(entry.organization, (*path, "organization")),
                        "position": self.text(entry.role, (*path, "role"))
                        or self.text(entry.title, (*path, "title")),
                        "summary": self.paragraphs(entry.description, (*path, "description")),
                        "url": self.first_link(entry.links),
                        **_dates(entry),
                        "highlights": [_markdown(text) for text in bullets],
                    }
                )
            )
        for path, entry in self.shown("service"):
            dates = _dates(entry)
            if entry.years:
                dates = {"startDate": str(min(entry.years))}
                if max(entry.years) != min(entry.years):
                    dates["endDate"] = str(max(entry.years))
            entries.append(_clean({"position": self.text(entry.text, (*path, "text")), **dates}))
        return entries

    def awards(self) -> list[dict[str, Any]]:
        awards = []
        for path, award in self.shown("awards"):
            name = self.text(award.name, (*path, "name"))
            summary = self.paragraphs(award.description, (*path, "description"))
            # JSON Resume dates each award: one entry per year it was won.
            awards.extend(
                _clean({"title": name, "date": str(year or ""), "summary": summary})
                for year in award.years or [None]
            )
        return awards

    def certificates(self) -> list[dict[str, Any]]:
        return [
            _clean(
                {
                    "name": self.text(entry.name, (*path, "name")),
                    "issuer": self.text(entry.issuer, (*path, "issuer")),
                    "date": iso_date(entry.date or entry.start)
                    if entry.date or entry.start
                    else "",
                    "url": self.first_link(entry.links),
                }
            )
            for path, entry in self.shown("certificates")
        ]

    def publications(self) -> list[dict[str, Any]]:
        entries = []
        for path, pub in self.shown("publications"):
            venue = self.text(pub.venue, (*path, "venue"))
            publisher = f"{venue} ({pub.abbr})" if venue and pub.abbr else venue or pub.abbr
            publisher = self.local.joined([publisher or "", *volume_and_pages(self.catalog, pub)])
            entries.append(
                _clean(
                    {
                        "name": self.text(pub.title, (*path, "title")),
                        "publisher": publisher or "",
                        "releaseDate": _release(pub.year, pub.month),
                        "url": self.first_link(pub.links),
                        "summary": self.authors(pub.authors, (*path, "authors")),
                    }
                )
            )
        return entries

    def patents(self) -> list[dict[str, Any]]:
        entries = []
        for path, patent in self.shown("patents"):
            number = patent_number(self.local, patent)
            status = self.text(patent.status, (*path, "status"))
            entries.append(
                _clean(
                    {
                        "name": self.text(patent.title, (*path, "title")),
                        "publisher": self.local.joined([number, status]),
                        "releaseDate": str(patent.year) if patent.year else "",
                        "url": self.first_link(patent.links),
                        "summary": self.authors(patent.inventors, (*path, "inventors")),
                    }
                )
            )
        return entries

    def authors(self, authors: list[content.Author], path: tuple[str | int, ...]) -> str:
        people = self.local.people(authors, path)
        return "".join(
            (f"**{who.name}**" if who.owner else who.name) + who.marks + who.separator
            for who in people
        )

    def skills(self) -> list[dict[str, Any]]:
        groups = []
        for path, group in self.shown("skills"):
            keywords = []
            for k, skill in enumerate(group.items):
                name = self.text(skill.name, (*path, "items", k))
                level = self.text(skill.level, (*path, "items", k, "level"))
                keywords.append(f"{name} ({level})" if level else name)
            groups.append(
                {"name": self.text(group.category, (*path, "category")), "keywords": keywords}
            )
        return groups

    def languages(self) -> list[dict[str, Any]]:
        return [
            _clean(
                {
                    "language": self.text(entry.language, (*path, "language")),
                    "fluency": self.text(entry.level, (*path, "level")),
                }
            )
            for path, entry in self.shown("spoken_languages")
        ]

    def references(self) -> list[dict[str, Any]]:
        entries = []
        for path, referee in self.shown("references"):
            lines = [
                self.text(getattr(referee, key), (*path, key)) for key in ("title", "affiliation")
            ]
            lines += [referee.email or "", referee.phone or ""]
            entries.append(
                _clean(
                    {
                        "name": self.text(referee.name, (*path, "name")),
                        "reference": self.local.joined(lines),
                    }
                )
            )
        return entries

    def projects(self) -> list[dict[str, Any]]:
        projects = []
        for path, entry in self.shown("teaching"):
            projects.append(
                _clean(
                    {
                        "type": "teaching",
                        "name": self.text(entry.course, (*path, "course")),
                        "entity": self.text(entry.institution, (*path, "institution")),
                        "roles": [role] if (role := self.text(entry.role, (*path, "role"))) else [],
                        "description": self.text(entry.term, (*path, "term")),
                        "highlights": self.highlight(entry.description, (*path, "description")),
                        **_dates(entry),
                    }
                )
            )
        for path, talk in self.shown("talks"):
            projects.append(
                _clean(
                    {
                        "type": "talk",
                        "name": self.text(talk.title, (*path, "title")),
                        "entity": self.text(talk.event, (*path, "event")),
                        "description": self.text(talk.location, (*path, "location")),
                        "highlights": self.highlight(talk.description, (*path, "description")),
                        "url": self.first_link(talk.links),
                        **_dates(talk),
                    }
                )
            )
        for path, entry in self.shown("others"):
            items = _flatten(self.local.bullets(entry.items, (*path, "items"), top=False))
            projects.append(
                _clean(
                    {
                        "type": "other",
                        "name": self.text(entry.text, (*path, "text")),
                        "description": self.paragraphs(entry.description, (*path, "description")),
                        "url": self.first_link(entry.links),
                        "highlights": [_markdown(text) for text in items],
                        **_dates(entry),
                    }
                )
            )
        return projects

    def paragraphs(self, value: Text | None, path: tuple[str | int, ...]) -> str:
        """A description as Markdown: its paragraphs apart by a blank line."""
        return "\n\n".join(_markdown(part) for part in self.local.paragraphs(value, path))

    def highlight(self, value: Text | None, path: tuple[str | int, ...]) -> list[str]:
        return [text] if (text := self.paragraphs(value, path)) else []

    def first_link(self, links: list[content.Link]) -> str:
        """The first link that works outside the homepage (JSON Resume holds one)."""
        for _, link in self.local.shown(links):
            if (url := _absolute(link.url)) is not None:
                return url
        return ""


def _absolute(url: str | None) -> str | None:
    if not url or not is_absolute(url):
        return None
    return web_url(url)


def iso_date(date: YearMonth) -> str:
    if date.month is None:
        return f"{date.year:04d}"
    day = f"-{date.day:02d}" if date.day else ""
    return f"{date.year:04d}-{date.month:02d}{day}"


def _dates(entry: content.Dated) -> dict[str, str]:
    """startDate and endDate; an entry still going on has no endDate (the schema's way)."""
    if entry.date is not None:
        return {"startDate": iso_date(entry.date)}
    dates = {}
    if entry.start is not None:
        dates["startDate"] = iso_date(entry.start)
    if (end := _end(entry.end)) is not None:
        dates["endDate"] = end
    return dates


def _end(end: End | None) -> str | None:
    if end is None or end == "present":
        return None
    if isinstance(end, Expected):
        return iso_date(end.expected)  # a future end date: import reads it as expected
    assert isinstance(end, YearMonth)
    return iso_date(end)


def _flatten(bullets: list[Bullet]) -> list[str]:
    out = []
    for bullet in bullets:
        out.append(bullet.text)
        out.extend(_flatten(bullet.items))
    return out


def _markdown(text: str) -> str:
    """Profile text as JSON Resume text: the light markup kept, math as Unicode."""
    return markdown_of(parse(text), escaped=False) if text else ""


def _clean(entry: dict[str, Any]) -> dict[str, Any]:
    """Leave out empty fields: the schema's URLs and dates must not be empty strings."""
    return {key: value for key, value in entry.items() if value not in ("", None, [], {})}


def _put(target: dict[str, Any], key: str, value: Any) -> None:
    if value not in ("", None, [], {}):
        target[key] = value


def _release(year: int | None, month: int | None) -> str:
    """A publication's releaseDate: its year, and its month where the profile gives one."""
    if year is None:
        return ""
    return f"{year:04d}-{month:02d}" if month else f"{year:04d}"

"""One JSON Resume document as profile data in its own language.

Every text field is marked with :class:`T`, so that two languages can later be merged
field by field (:mod:`.merge`) and the rest (dates, numbers, addresses) compared as is.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from ...language.catalog import Catalog, load_catalog
from ...profile.source import Path_
from ...text.written import is_cjk
from ..addresses import address
from ..dates import an_end, ends_before, the_end_left_out
from ..labelled import names
from ..language import listed
from ..networks import url_contact
from ..reader import T
from .document import (
    Certificate,
    Dated,
    Education,
    Project,
    Publication,
    ReadResume,
    Skill,
    Volunteer,
    Work,
)

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


def profile_data(read: ReadResume, language: str, today: dt.date) -> dict[str, Any]:
    """The resume as profile data in ``language`` (text fields marked with T)."""
    return _Converter(read, load_catalog(language), today).data()


class _Converter:
    def __init__(self, read: ReadResume, catalog: Catalog, today: dt.date) -> None:
        self.read = read
        self.resume = read.resume
        self.catalog = catalog
        self.today = today
        self.owners: list[str] = []  # author names set in bold

    def note(self, where: Path_, what: str) -> None:
        self.read.note(where, what)

    def data(self) -> dict[str, Any]:
        basics = self.resume.basics
        data: dict[str, Any] = {"name": T(basics.name.strip() if basics.name else "")}
        if basics.label:
            data["headline"] = T(basics.label)
        data["contacts"] = self.contacts()
        if basics.summary:
            data["summary"] = T(basics.summary)
        if basics.image:
            where = ("basics", "image")
            self.note(where, "not imported: add photo: {file: ...} with a local image")
        if updated := _day(self.resume.meta.lastModified):
            data["updated"] = updated
        pools = {
            "education": [self.education(i, e) for i, e in enumerate(self.resume.education)],
            "experience": [
                *(self.work(i, w) for i, w in enumerate(self.resume.work)),
                *(self.work(i, w, "internship") for i, w in enumerate(self.resume.internship)),
            ],
            "publications": [
                self.publication(i, p) for i, p in enumerate(self.resume.publications)
            ],
            "awards": self.awards(),
            "certificates": [self.certificate(c) for c in self.resume.certificates if c.name],
            "volunteer": [self.volunteer(i, v) for i, v in enumerate(self.resume.volunteer)],
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
        for index, project in enumerate(self.resume.projects):
            self.project(index, project, pools)
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
        place = basics.location
        if place and (text := address([place.address, place.city, place.region],
                                      place.countryCode, self.catalog)):  # fmt: skip
            contacts.append({"type": "location", "value": T(text)})
        for profile in basics.profiles:
            kind = _NETWORK_TYPES.get((profile.network or "").strip().lower())
            value = profile.username or profile.url
            if not value:
                continue
            if not profile.network and not profile.username and profile.url:
                contacts.append(url_contact(profile.url))  # its host says which network
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

    def dates(self, entry: Dated, where: Path_) -> dict[str, Any]:
        dates: dict[str, Any] = {}
        if entry.startDate:
            dates["start"] = entry.startDate
        if entry.startDate and entry.endDate and ends_before(entry.startDate, entry.endDate):
            self.note((*where, "endDate"), the_end_left_out(entry.startDate, entry.endDate))
        elif entry.endDate:
            dates["end"] = an_end(entry.endDate, self.today)
        elif entry.startDate and not entry.endUnread:
            dates["end"] = "present"  # JSON Resume's way of saying "still going on"
        return dates

    def education(self, index: int, entry: Education) -> dict[str, Any]:
        if not entry.institution:
            self.note(("education", index), "has no institution; imported with an empty one")
        honors = [T(h.strip()) for h in _AUTHOR_SPLIT.split(entry.scholarships or "") if h.strip()]
        return {
            "institution": T(entry.institution or ""),
            **_text("degree", entry.studyType),
            **_text("field", entry.area),
            **_text("location", entry.location),
            **({"gpa": entry.score} if entry.score else {}),
            # Not the schema's: what Chinese applications add to a degree.
            **({"advisors": [T(name) for name in names(entry.advisor)]} if entry.advisor else {}),
            **_text("dissertation", entry.thesis),
            **({"honors": honors} if honors else {}),
            **self.dates(entry, ("education", index)),
            **({"links": [{"type": "url", "url": entry.url}]} if entry.url else {}),
            "bullets": [T(course) for course in entry.courses],
        }

    def work(self, index: int, work: Work, part: str = "work") -> dict[str, Any]:
        summary = (work.summary or "").strip()
        # cvtex writes a project title with a role as summary + position; a longer summary
        # is someone's paragraph: the entry's description.
        title_from_summary = bool(summary and work.position and _is_title(summary))
        title = summary if title_from_summary else work.position or work.name or ""
        bullets = [T(text) for text in work.highlights]
        if work.keywords:  # the technologies of a position, on a line of their own
            bullets.append(T(listed(work.keywords, self.catalog)))
        # The schema's description ("a short description of the company") and a summary
        # that is not a title are both paragraphs: the heading line has no room for them.
        paragraphs = [(work.description or "").strip()]
        paragraphs.append(summary if summary and not title_from_summary else "")
        description = "\n\n".join(text for text in paragraphs if text) or None
        if not title:
            self.note((part, index), "has no position or name; imported with an empty title")
        return {
            "title": T(title),
            **_text("organization", work.name),
            **_text("location", work.location),
            **_text("role", work.position if title_from_summary else None),
            **self.dates(work, (part, index)),
            **({"links": [{"type": "url", "url": work.url}]} if work.url else {}),
            **_text("description", description),
            "bullets": bullets,
        }

    def volunteer(self, index: int, entry: Volunteer) -> dict[str, Any]:
        """Volunteer work as a whole entry: the role as its title, the organization, the
        summary as its paragraph, the highlights as its bullets."""
        title = entry.position or entry.organization or ""
        if not title:
            self.note(("volunteer", index), "has no position or organization; imported untitled")
        return {
            "title": T(title),
            **_text("organization", entry.organization if entry.position else None),
            **self.dates(entry, ("volunteer", index)),
            **({"links": [{"type": "url", "url": entry.url}]} if entry.url else {}),
            **_text("description", entry.summary),
            "bullets": [T(text) for text in entry.highlights],
        }

    def publication(self, index: int, pub: Publication) -> dict[str, Any]:
        data: dict[str, Any] = {"title": T(pub.name or "")}
        if pub.publisher:
            match = _ABBR.match(pub.publisher.strip())
            if match:
                data["venue"], data["abbr"] = T(match["venue"]), match["abbr"]
            else:
                data["venue"] = T(pub.publisher)
        if pub.releaseDate:
            data["year"] = int(pub.releaseDate[:4])
            if len(pub.releaseDate) >= 7:  # 2023-05: a publication keeps its month
                data["month"] = int(pub.releaseDate[5:7])
        if pub.status:
            data["status"] = pub.status
        if pub.url:
            data["links"] = [{"type": "url", "url": pub.url}]
        if pub.summary:
            found = _authors(pub.summary)
            if found is None:
                self.note(
                    ("publications", index, "summary"),
                    "not imported: cvtex reads authors from it, and it is not an author list",
                )
            else:
                data["authors"], bold = found
                self.owners.extend(name for name in bold if name not in self.owners)
        return data

    def awards(self) -> list[dict[str, Any]]:
        # JSON Resume lists an award once per date: the profile lists its years.
        by_name: dict[str, dict[str, Any]] = {}
        for award in self.resume.awards:
            if not award.title:
                continue
            parts = (award.title, award.awarder)
            name = self.catalog.punctuation.comma.join(part for part in parts if part)
            entry = by_name.setdefault(name, {"name": T(name), "years": []})
            if award.date and int(award.date[:4]) not in entry["years"]:
                entry["years"].append(int(award.date[:4]))
            if award.summary and award.summary.strip() not in entry.get("description", ""):
                paragraphs = [entry.get("description", ""), award.summary.strip()]
                entry["description"] = T("\n\n".join(part for part in paragraphs if part))
        return list(by_name.values())

    def certificate(self, entry: Certificate) -> dict[str, Any]:
        return {
            "name": T(entry.name or ""),
            **_text("issuer", entry.issuer),
            **({"date": entry.date} if entry.date else {}),
            **({"links": [{"type": "url", "url": entry.url}]} if entry.url else {}),
        }

    def skill(self, skill: Skill) -> dict[str, Any]:
        category = skill.name or ""
        if skill.level:
            p = self.catalog.punctuation
            category = f"{category}{p.open_paren}{skill.level}{p.close_paren}"
        items: list[Any] = [T(k) for k in skill.keywords]
        for item in skill.items:  # not the schema's: {skill, level}, each with its own level
            if item.skill:
                items.append({"name": T(item.skill), **_text("level", item.level)})
        return {"category": T(category), "items": items}

    def project(self, index: int, project: Project, pools: dict[str, list[dict[str, Any]]]) -> None:
        where = ("projects", index)
        kind = _PROJECT_KINDS.get((project.type or "").lower())
        links = [{"type": "url", "url": project.url}] if project.url else []
        if kind == "teaching":
            pools["teaching"].append(
                {
                    "course": T(project.name or ""),
                    **_text("institution", project.entity),
                    **_text("role", project.roles[0] if project.roles else None),
                    **_text("term", project.description),
                    **self.dates(project, where),
                    **_text("description", "\n\n".join(project.highlights)),
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
                    **_text("description", "\n\n".join(project.highlights)),
                }
            )
        elif (project.type or "").lower() == "other":
            dates = self.dates(project, where)
            if dates.get("end") == "present" and not project.endDate:
                dates = {"date": project.startDate}
            pools["others"].append(
                {
                    "text": T(project.name or ""),
                    **_text("description", project.description),
                    **dates,
                    **({"links": links} if links else {}),
                    "items": [T(h) for h in project.highlights],
                }
            )
        else:
            bullets = [T(h) for h in project.highlights]
            if project.keywords:
                bullets.append(T(listed(project.keywords, self.catalog)))
            pools["experience"].append(
                {
                    "title": T(project.name or ""),
                    **_text("organization", project.entity),
                    **_text("role", self.catalog.join(project.roles) if project.roles else None),
                    **self.dates(project, where),
                    **({"links": links} if links else {}),
                    **_text("description", project.description),
                    "bullets": bullets,
                    "tags": ["projects"],
                }
            )


def _text(key: str, value: str | None) -> dict[str, T]:
    return {key: T(value)} if value and value.strip() else {}


def _is_title(text: str) -> bool:
    """A heading, not a sentence: short, one line, no sentence ends (within or at the end)."""
    return len(text) <= 120 and "\n" not in text and not re.search(r"[.。!?！？](\s|$)", text)


_DAY = re.compile(r"^\d{4}(-\d{2}){0,2}")


def _day(value: str | None) -> str | None:
    """A lastModified time (2024-03-03T10:00:00) as the day it names."""
    match = _DAY.match((value or "").strip())
    return match[0] if match else None


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
        # A name is short, and ends no sentence ("J." and "et al." are not sentences); one
        # written in Han, kana or Hangul is a few characters (阿依古丽·买买提 with its dot).
        if (
            not bare
            or len(bare) > 40
            or len(bare.split()) > 5
            or re.search(r"\w{3,}[.!?]$|[。！？；：，!?;:]", bare)
            or (is_cjk(bare) and len(bare.replace(" ", "")) > (10 if "·" in bare else 6))
        ):
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

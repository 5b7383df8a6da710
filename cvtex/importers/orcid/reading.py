"""An ORCID record read as profile data: the person (name, biography, contacts,
keywords), works as publications and talks, fundings, affiliations as the profile's
sections, each in the language's punctuation; and a note for what a CV has no place for.

A work that several sources list is one group of summaries: the preferred one (the
highest display index, else the first) is the work. Two groups that are one work (a DOI
written in two cases, which ORCID once kept apart) are read once. A note names what is
left out: once per value a person wrote (an amount, a translated title), once per kind of
value for what every work has (a publication's month: a CV shows its year).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from ...language.catalog import Catalog, available_languages
from ...profile.source import Path_, format_path
from ...text.htmltext import title_text
from ..countries import country_name
from ..dates import (
    an_end,
    ends_before,
    from_epoch_millis,
    read_date,
    still_to_come,
    the_end_left_out,
)
from ..identity import Work, folded, same_work
from ..language import catalog_code, language_of_text
from ..networks import url_contact
from ..reader import Context, Note, T, TextMap
from .affiliations import field_of
from .identifiers import ARXIV, DOI
from .layout import sections_of
from .record import (
    SECTIONS,
    Document,
    Item,
    Record,
    first_of,
    items_of,
    text_of,
    value_at,
)

# ORCID's work types -> the profile's publication type and kind.
_WORK_TYPES: dict[str, tuple[str, str | None]] = {
    "journal-article": ("journal", None),
    "journal-issue": ("journal", None),
    "conference-paper": ("conference", None),
    "conference-abstract": ("conference", None),
    "conference-poster": ("conference", "poster"),
    "conference-output": ("conference", None),
    "conference-proceedings": ("conference", None),
    "book": ("book", None),
    "edited-book": ("book", None),
    "book-chapter": ("chapter", None),
    "encyclopedia-entry": ("chapter", None),
    "dictionary-entry": ("chapter", None),
    "dissertation": ("thesis", None),
    "dissertation-thesis": ("thesis", None),
    "preprint": ("preprint", None),
    "working-paper": ("preprint", None),
    "report": ("other", "report"),
    "research-technique": ("other", "report"),
    "technical-standard": ("other", "report"),
    "patent": ("other", "patent"),
    "website": ("other", "webpage"),
    "online-resource": ("other", "webpage"),
    "blog-post": ("other", "webpage"),
    "data-set": ("other", "dataset"),
    "software": ("other", "software"),
}
# Works a person gave rather than wrote: a CV lists them among its talks.
_TALK_TYPES = {"lecture-speech", "conference-presentation", "public-speech"}
# Contributor roles whose people are not the work's authors.
_EDITOR_ROLES = {"editor", "chair-or-translator", "translator", "chair"}
_NOT_AUTHOR_ROLES = {"assignee", "funder"}
_LINKED_IDS = {"doi", "arxiv"}


@dataclass
class _Tally:
    count: int
    where: str


class Reading:
    """One reading of a record: its profile data, joined in one catalog's punctuation, and
    its notes."""

    def __init__(self, record: Record, context: Context, catalog: Catalog) -> None:
        self.record = record
        self.today = context.today
        self.catalog = catalog
        self._notes: list[Note] = []
        self._tallies: dict[tuple[str, str], _Tally] = {}
        self.owners: list[str] = []

    # notes

    def note(self, item: Item | tuple[Document, Path_, Any], path: Path_, what: str) -> None:
        if isinstance(item, Item):
            document, base, node = item.document, item.path, item.node
        else:
            document, base, node = item
        key = next((part for part in reversed(path) if isinstance(part, str)), None)
        where = f"{document.where}:{document.line(node, key)}"
        self._notes.append(Note(where, format_path((*base, *path)), what))

    def tally(self, item: Item, what_field: str, what: str) -> None:
        """A value that every item of a kind may have, left out for one reason: one note
        for them all, at the first."""
        key = (what_field, what)
        if key in self._tallies:
            self._tallies[key].count += 1
        else:
            self._tallies[key] = _Tally(1, item.where)

    def notes(self) -> list[Note]:
        tallied = [
            Note(tally.where, field, f"{what} ({tally.count} in all)" if tally.count > 1 else what)
            for (field, what), tally in self._tallies.items()
        ]
        return self._notes + tallied

    # the profile

    def data(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        record = self.record
        if record.person is not None:
            data.update(self.person(*record.person))
        contacts = data.setdefault("contacts", [])
        if record.orcid:
            url = f"https://orcid.org/{record.orcid}"
            contacts.insert(
                _orcid_position(contacts), {"type": "orcid", "value": record.orcid, "url": url}
            )
        if not contacts:
            del data["contacts"]
        if record.modified is not None:
            document, path, history = record.modified
            value = history["last-modified-date"]
            day = _timestamp(value)
            self.note(
                (document, path, history),
                ("last-modified-date",),
                f"{day or value}: not imported: when the record last changed; a CV's "
                "updated: is the day you change the CV",
            )
        pools: dict[str, list[Any]] = {}
        for section, groups in record.groups.items():
            self.section(section, groups, pools)
        if keywords := data.pop("_keywords", None):
            pools.setdefault("skills", []).append(
                {"category": T(self.catalog.titles["interests"]), "items": keywords}
            )
        # ORCID lists works in an order of its own (by source, by when they were added): a
        # CV lists them newest first.
        for pool, when in (("publications", "year"), ("talks", "date")):
            pools.get(pool, []).sort(key=lambda entry, when=when: str(entry.get(when, "")),
                                     reverse=True)  # fmt: skip
        data.update({pool: entries for pool, entries in pools.items() if entries})
        if self.owners:
            names = {folded(name) for name in [*data.get("owner_names", [])]}
            names.add(folded(str(data.get("name", ""))))
            more = [name for name in self.owners if folded(name) not in names]
            data["owner_names"] = list(dict.fromkeys([*data.get("owner_names", []), *more]))
        if sections := sections_of(pools, "summary" in data):
            data["sections"], data["layout"] = sections
        return data

    def person(self, document: Document, path: Path_, person: dict[str, Any]) -> dict[str, Any]:
        at = (document, path, person)
        data: dict[str, Any] = {}
        name = first_of(person, "name", "personal-details")
        given = text_of(value_at(name, "given-names"))
        family = text_of(value_at(name, "family-name"))
        credit = text_of(value_at(name, "credit-name"))
        full = " ".join(part for part in (given, family) if part) or credit
        if full:
            data["name"] = T(full)
        owners = [credit] if credit and credit != full else []
        others = first_of(person, "other-names") or value_at(name, "other-names")
        for other in items_of(value_at(others, "other-name")):
            text = text_of(other) if not isinstance(other, dict) else text_of(other.get("content"))
            text = text or text_of(other)
            if text:
                owners.append(text)
        if owners:
            data["owner_names"] = list(dict.fromkeys(owners))
        biography = first_of(person, "biography")
        bio = text_of(value_at(biography, "content")) or text_of(biography)
        if bio:
            data["summary"] = T(_paragraphs(value_at(biography, "content") or biography))
        data["contacts"] = self.contacts(at, person)
        keywords = []
        for keyword in items_of(value_at(first_of(person, "keywords"), "keyword")):
            text = text_of(value_at(keyword, "content")) if isinstance(keyword, dict) else None
            text = text or text_of(keyword)
            # One keyword field holding several ("plasma; fusion, ICRF"): each its own.
            keywords += [T(part.strip()) for part in re.split(r"[;,]", text or "") if part.strip()]
        if keywords:
            data["_keywords"] = list(dict.fromkeys(keywords))
        ids = items_of(value_at(first_of(person, "external-identifiers"), "external-identifier"))
        for index, ident in enumerate(ids):
            kind = text_of(ident.get("external-id-type")) if isinstance(ident, dict) else None
            value = text_of(value_at(ident, "external-id-value"))
            if kind and value:
                self.note(
                    at,
                    ("external-identifiers", "external-identifier", index),
                    f"{kind} {value}: not imported: a CV lists your ORCID iD; add it as a "
                    "website contact if yours should show it",
                )
        return data

    def contacts(self, at: tuple[Document, Path_, Any], person: dict[str, Any]) -> list[Any]:
        contacts: list[dict[str, Any]] = []
        emails = first_of(person, "emails") or value_at(person, "contact-details")
        for index, email in enumerate(items_of(value_at(emails, "email"))):
            address = text_of(value_at(email, "email")) or text_of(email)
            visibility = str(value_at(email, "visibility") or "public").lower()
            if not address or "@" not in address:
                continue
            if visibility != "public":
                self.note(at, ("emails", "email", index), "not imported: not public on ORCID")
                continue
            contacts.append({"type": "email", "value": address})
        urls = items_of(value_at(first_of(person, "researcher-urls"), "researcher-url"))
        for index, entry in enumerate(urls):
            url = text_of(value_at(entry, "url"))
            if not url or "orcid.org/" in url:
                continue
            if not re.match(r"^https?://", url, re.I):
                self.note(
                    at,
                    ("researcher-urls", "researcher-url", index, "url"),
                    f"{url}: not imported: not a web address",
                )
                continue
            contacts.append(url_contact(url))
        for address in items_of(value_at(first_of(person, "addresses"), "address")):
            country = country_name(text_of(value_at(address, "country")), self.catalog)
            if country:
                contacts.append({"type": "location", "value": T(country)})
                break
        return contacts

    # activities

    def section(self, section: str, groups: list[list[Item]], pools: dict[str, list]) -> None:
        if section == "peer-reviews":
            self.peer_reviews(groups)
            return
        if section == "research-resources":
            item = groups[0][0] if groups and groups[0] else None
            if item is not None:
                self.note(
                    item,
                    (),
                    f"{len(groups)} research resources: not imported: a CV "
                    "profile has no place for facilities and collections",
                )
            return
        seen = _Seen()
        for group in groups:
            item = _preferred(group)
            if section == "works":
                self.work(item, pools, seen)
            elif section == "fundings":
                self.funding(item, pools)
            else:
                self.affiliation(item, SECTIONS[section], pools)

    def peer_reviews(self, groups: list[list[Item]]) -> None:
        reviews = [item for group in groups for item in group]
        if not reviews:
            return
        venues = {
            text_of(item.node.get("review-group-id"))
            or text_of(value_at(item.node, "convening-organization", "name"))
            for item in reviews
        } - {None}
        years = sorted(
            {int(date[:4]) for item in reviews if (date := _date(item.node.get("completion-date")))}
        )
        span = (
            ""
            if not years
            else f" in {years[0]}" + (f"–{years[-1]}" if years[-1] != years[0] else "")
        )
        self.note(
            reviews[0],
            (),
            f"peer reviews: {len(reviews)}, of {len(venues)} journal(s) or venue(s){span} "
            f"({', '.join(sorted(venues)[:5])}): not imported: ORCID names a journal by its "
            "ISSN only; add a service: line such as 'Reviewer, Journal of ...' for each",
        )

    def work(
        self,
        item: Item,
        pools: dict[str, list[Any]],
        seen: _Seen,
    ) -> None:
        node = item.node
        title = self.title(item, first_of(node, "title", "work-title"))
        if title is None:
            self.note(item, ("title",), "no title: left out")
            return
        kind = (text_of(first_of(node, "type", "work-type")) or "other").lower().replace("_", "-")
        links, doi = self.work_links(item)
        venue = text_of(first_of(node, "journal-title"))
        date = _date(first_of(node, "publication-date"))
        texts = title.values() if isinstance(title, dict) else [title]
        work: Work = (
            doi,
            {folded(text).replace(" ", "") for text in texts if text} - {""},
            int(date[:4]) if date else None,
            {folded(venue)} - {""} if venue else set(),
            _WORK_TYPES.get(kind, ("other",))[0] == "preprint",
        )
        if same := seen.double(work):
            self.note(item, (), f"the same work ({same}) as one read before: read once")
            return
        if value_at(node, "publication-date") is not None and date is None:
            self.note(item, ("publication-date",), "not a date cvtex reads: left out")
        authors = self.contributors(item)
        self.left_out(item)
        if kind in _TALK_TYPES:
            talk: dict[str, Any] = {"title": title}
            if venue:
                talk["event"] = T(venue)
            if date:
                talk["date"] = date
            if links:
                talk["links"] = links
            if len(authors) > 1:
                self.note(
                    item,
                    ("contributors",),
                    f"{', '.join(authors)}: not imported: a talk shows its title, event and "
                    "date; name the others in its description if your CV should",
                )
            pools.setdefault("talks", []).append(talk)
            return
        kind_of, named = _WORK_TYPES.get(kind, ("other", None))
        publication: dict[str, Any] = {"authors": authors} if authors else {}
        publication["title"] = title
        if venue:
            publication["venue"] = T(venue)
        if date:
            publication["year"] = int(date[:4])
            if len(date) > 4:
                self.tally(
                    item,
                    "works: publication-date",
                    "month and day not imported: a publication shows its year",
                )
        publication["type"] = kind_of
        if named:
            publication["kind"] = named
        if kind_of == "preprint":
            publication["status"] = "preprint"
        if links:
            publication["links"] = links
        pools.setdefault("publications", []).append(publication)

    def left_out(self, item: Item) -> None:
        """What a work may say that a CV's list of works does not show: named once each."""
        node = item.node
        for key in ("short-description", "citation", "language-code", "country"):
            if node.get(key) is not None or (key == "citation" and node.get("work-citation")):
                self.tally(
                    item,
                    f"works: {key}",
                    "not imported: a CV's publication list shows authors, title, venue and year",
                )

    def title(self, item: Item, node: Any) -> T | TextMap | None:
        """A title (with its subtitle after the language's colon); a translated title in
        another language of cvtex's beside it, as that language's text."""
        main = text_of(value_at(node, "title")) or text_of(
            node if not isinstance(node, dict) else None
        )
        if not main:
            return None
        # Europe PMC's titles end with a full stop, which the CV's comma after it doubles.
        text = re.sub(r"(?<![.\s])\.$", "", title_text(main))
        if subtitle := text_of(value_at(node, "subtitle")):
            text += self.catalog.punctuation.colon.rstrip() + " " + title_text(subtitle)
        translated = value_at(node, "translated-title")
        other = text_of(translated)
        if not other:
            return T(text)
        code = catalog_code(text_of(value_at(translated, "language-code")))
        own = language_of_text([T(text)])
        if code and code != own and code in available_languages():
            return TextMap({own: text, code: title_text(other)})
        self.note(
            item,
            ("title", "translated-title"),
            f"{other[:60]}: not imported: "
            "cvtex shows a translated title only in a language it has a catalog for",
        )
        return T(text)

    def work_links(self, item: Item) -> tuple[list[dict[str, str]], str | None]:
        node = item.node
        links: list[dict[str, str]] = []
        doi = None
        ids = first_of(node, "external-ids", "work-external-identifiers")
        for ident in items_of(first_of(ids, "external-id", "work-external-identifier")):
            if not isinstance(ident, dict):
                continue
            kind = (
                text_of(first_of(ident, "external-id-type", "work-external-identifier-type")) or ""
            ).lower()
            value = text_of(first_of(ident, "external-id-value", "work-external-identifier-id"))
            relation = (text_of(ident.get("external-id-relationship")) or "self").lower()
            if not value:
                continue
            if (
                kind == "doi"
                and relation == "self"
                and doi is None
                and (match := DOI.search(value))
            ):
                doi = match[1].rstrip(".").casefold()
                links.append({"type": "doi", "url": f"https://doi.org/{match[1]}"})
                continue
            if kind == "arxiv" and relation == "self" and (match := ARXIV.search(value)):
                links.append({"type": "arxiv", "url": f"https://arxiv.org/abs/{match[1]}"})
                continue
            if kind not in _LINKED_IDS or relation != "self":
                self.tally(
                    item,
                    f"works: external-ids ({kind}, {relation})",
                    "not imported: a CV links a work by its DOI, arXiv id or URL",
                )
        url = text_of(first_of(node, "url"))
        if url and re.match(r"^https?://", url, re.I):
            is_doi = doi is not None and doi in url.casefold()
            if not is_doi and url not in (link["url"] for link in links):
                links.append({"type": "pdf" if url.lower().endswith(".pdf") else "url", "url": url})
        return links, doi

    def contributors(self, item: Item) -> list[T]:
        found = first_of(item.node, "contributors", "work-contributors")
        authors: list[T] = []
        editors: list[T] = []
        for contributor in items_of(value_at(found, "contributor")):
            name = text_of(value_at(contributor, "credit-name"))
            role = (
                text_of(value_at(contributor, "contributor-attributes", "contributor-role")) or ""
            )
            role = role.lower()
            if not name:
                self.tally(
                    item,
                    "works: contributors",
                    "a contributor without a credit-name: left out of the authors",
                )
                continue
            orcid = text_of(value_at(contributor, "contributor-orcid", "path"))
            if orcid and orcid == self.record.orcid and name not in self.owners:
                self.owners.append(name)
            if role in _EDITOR_ROLES:
                editors.append(T(name))
            elif role in _NOT_AUTHOR_ROLES:
                self.tally(item, "works: contributors", f"a contributor as {role}: not an author")
            else:
                authors.append(T(name))
        if editors and authors:
            self.tally(
                item,
                "works: contributors",
                "editors of a work that has authors: not "
                "imported (a publication lists its authors)",
            )
        return authors or editors

    def funding(self, item: Item, pools: dict[str, list[Any]]) -> None:
        node = item.node
        title = self.title(item, first_of(node, "title", "funding-title"))
        organization = text_of(value_at(node, "organization", "name"))
        if title is None:
            self.note(item, ("title",), "no title: left out")
            return
        entry: dict[str, Any] = {"text": title}
        if organization:
            entry["description"] = T(organization)
        entry.update(self.span(item, node))
        if url := text_of(node.get("url")):
            entry["links"] = [{"type": "url", "url": url}]
        entry["tags"] = ["funding"]
        amount = value_at(node, "amount")
        if text_of(amount):
            currency = text_of(value_at(amount, "currency-code")) or ""
            self.note(
                item,
                ("amount",),
                f"{text_of(amount)} {currency}".strip() + ": not "
                "imported: add it to the entry's description if your CV shows amounts",
            )
        pools.setdefault("others", []).append(entry)

    def affiliation(self, item: Item, kind: str, pools: dict[str, list[Any]]) -> None:
        node = item.node
        organization = text_of(value_at(node, "organization", "name"))
        role = text_of(node.get("role-title"))
        department = text_of(node.get("department-name"))
        if not organization and not role:
            self.note(item, (), "no organization and no role: left out")
            return
        location = self.location(value_at(node, "organization", "address"))
        comma = self.catalog.punctuation.comma
        links = [{"type": "url", "url": url}] if (url := text_of(node.get("url"))) else []
        entry: dict[str, Any]
        if kind == "education":
            if not organization:
                self.note(item, ("organization",), "no institution: left out")
                return
            entry = {"institution": T(organization)}
            if role:
                entry["degree"] = T(role)
            if department:
                entry["field"] = T(field_of(department))
            pool = "education"
        elif kind == "distinction":
            entry = {"name": T(role or organization)}
            if role and (about := comma.join(p for p in (department, organization) if p)):
                entry["description"] = T(about)
            start = _date(node.get("start-date")) or _date(node.get("end-date"))
            if start:
                entry["years"] = [int(start[:4])]
            pools.setdefault("awards", []).append(entry)
            return
        elif kind == "qualification":
            entry = {"name": T(role or organization)}
            if role and (issuer := comma.join(p for p in (department, organization) if p)):
                entry["issuer"] = T(issuer)
            pool = "certificates"
        elif kind in ("service", "membership"):
            entry = {"text": T(comma.join(p for p in (role, department, organization) if p))}
            entry["tags"] = ["memberships" if kind == "membership" else "service"]
            pool = "service"
        else:  # employment, invited-position
            entry = {"title": T(role or organization)}
            if role and organization:
                entry["organization"] = T(organization)
            if department:
                entry["team"] = T(department)
            pool = "experience"
        if location and pool not in ("service", "certificates"):
            entry["location"] = T(location)
        entry.update(self.span(item, node, single=kind == "qualification"))
        if links and pool != "service":
            entry["links"] = links
        pools.setdefault(pool, []).append(entry)

    def span(self, item: Item, node: dict[str, Any], single: bool = False) -> dict[str, Any]:
        """Start and end; no end is an affiliation still held (as ORCID shows it), an end
        still to come is expected; ``single``: a start alone is the entry's one date."""
        start = _date(node.get("start-date"))
        end = _date(node.get("end-date"))
        for key, value in (("start-date", start), ("end-date", end)):
            if node.get(key) is not None and value is None and value_at(node, key, "year"):
                self.note(item, (key,), "not a date cvtex reads: left out")
        dates: dict[str, Any] = {}
        if start and end and ends_before(start, end):
            self.note(item, ("end-date",), the_end_left_out(start, end))
            return {"date" if single else "start": start}
        if start and start == end:
            return {"date": start}
        if start and (end or not single):
            dates["start"] = start
        elif start:
            return {"date": start}
        if end:
            dates["end"] = an_end(end, self.today)
            if not start:
                return {"end": dates["end"]} if still_to_come(end, self.today) else {"date": end}
        elif start:
            dates["end"] = "present"
        return dates

    def location(self, address: Any) -> str | None:
        parts = [
            text_of(value_at(address, "city")),
            text_of(value_at(address, "region")),
            country_name(text_of(value_at(address, "country")), self.catalog),
        ]
        parts = [part for i, part in enumerate(parts) if part and part not in parts[:i]]
        return self.catalog.punctuation.comma.join(parts) or None  # type: ignore[arg-type]


@dataclass
class _Seen:
    """The works read so far: a work listed twice (in two groups, which ORCID kept apart
    for a DOI written in two cases, or two sources' records of it) is one, as
    :mod:`.identity` tells it."""

    dois: set[str] = field(default_factory=set)
    titles: dict[str, list[Work]] = field(default_factory=dict)

    def double(self, work: Work) -> str | None:
        """How ``work`` is one read before (its DOI, its title), else None; else it is
        remembered."""
        doi, titles = work[0], work[1]
        if doi and doi in self.dois:
            return f"DOI {doi}"
        if any(same_work(work, other) for title in titles for other in self.titles.get(title, [])):
            return "title"
        if doi:
            self.dois.add(doi)
        for title in titles:
            self.titles.setdefault(title, []).append(work)
        return None


def _preferred(group: list[Item]) -> Item:
    """The source the person chose for a work listed by several: the highest display
    index (ORCID lists it first), else the first."""

    def index(item: Item) -> int:
        try:
            return int(str(item.node.get("display-index") or 0))
        except ValueError:
            return 0

    best = max(index(item) for item in group)
    return next(item for item in group if index(item) == best)


def _date(node: Any) -> str | None:
    """ORCID's date ({year, month, day}, each a value) as the profile writes it; None
    when it is none (a month 13, a year of two digits)."""
    parts = [text_of(value_at(node, key)) for key in ("year", "month", "day")]
    if not parts[0] or not re.fullmatch(r"\d{4}", parts[0]):
        return None
    written = "-".join(part for part in parts if part)
    date = read_date(written, _NO_DAY) if re.fullmatch(r"[\d-]+", written) else None
    return date if date not in (None, "present") else None


def _timestamp(value: Any) -> str | None:
    """v2's milliseconds since 1970 ({"value": 1512657917665}) or XML's date and time."""
    value = value.get("value") if isinstance(value, dict) else value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return from_epoch_millis(value)
    if isinstance(value, str):
        return read_date(value, _NO_DAY)
    return None


# read_date's today reads "present" and years of two digits, which ORCID never writes.
_NO_DAY = dt.date(2000, 1, 1)


def _paragraphs(value: Any) -> str:
    text = value.get("value") if isinstance(value, dict) else value
    return "\n\n".join(" ".join(p.split()) for p in str(text).split("\n\n") if p.strip())


def _orcid_position(contacts: list[dict[str, Any]]) -> int:
    """After the addresses a person reaches you at, before the place."""
    return next((i for i, c in enumerate(contacts) if c["type"] == "location"), len(contacts))

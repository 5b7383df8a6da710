"""An ORCID record as JSON-LD: what orcid.org serves as ``application/ld+json``, schema.org's
``Person`` with the record's works as ``@reverse.creator`` (each a ``CreativeWork``: its
title, its DOI as ``@id``, its identifiers, their pages as ``sameAs``), its fundings as
``@reverse.funder``, its educations and qualifications as ``alumniOf`` and its other
affiliations as ``affiliation``.

Read as the API's record is read (:mod:`.reading`): the name and other names, the iD, the
web pages and country as contacts, the works as publications (with a date and a type
where a schema.org document gives them), the fundings, the schools; a note, at its line,
for each value the profile has no place for or the JSON-LD does not say enough of (an
affiliation, which it gives without its kind or dates).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import InputError
from ...language.catalog import Catalog
from ...profile.source import Path_, load_yaml
from ...text.htmltext import title_text
from ..countries import country_name
from ..dates import read_date
from ..located import Located
from ..networks import url_contact
from ..reader import Context, Note, T
from .affiliations import field_of
from .identifiers import ARXIV, DOI
from .layout import sections_of
from .recognize import ORCID_ID
from .record import Document

_SCHEMA_ORG = re.compile(r"^https?://schema\.org/?$")

# schema.org's kinds of CreativeWork -> the profile's publication type and kind; a bare
# CreativeWork (all ORCID writes) says no type.
_WORK_TYPES: dict[str, tuple[str, str | None]] = {
    "ScholarlyArticle": ("journal", None),
    "MedicalScholarlyArticle": ("journal", None),
    "Book": ("book", None),
    "Chapter": ("chapter", None),
    "Thesis": ("thesis", None),
    "Report": ("other", "report"),
    "WebPage": ("other", "webpage"),
    "BlogPosting": ("other", "webpage"),
    "Dataset": ("other", None),
    "SoftwareSourceCode": ("other", None),
}
_PERSON_KEYS = {
    "@context", "@type", "@id", "mainEntityOfPage", "name", "givenName", "familyName",
    "alternateName", "address", "alumniOf", "affiliation", "@reverse", "url", "identifier",
    "email", "description",
}  # fmt: skip
_WORK_KEYS = {
    "@type", "@id", "name", "identifier", "sameAs", "datePublished", "author", "isPartOf", "url",
}  # fmt: skip
_FULL_RECORD = "https://pub.orcid.org/v3.0/{orcid}/record"


def is_json_ld(root: Any) -> bool:
    """Whether ``root`` is schema.org's Person, as ORCID's JSON-LD is."""
    if not isinstance(root, dict) or root.get("@type") != "Person":
        return False
    context = root.get("@context")
    contexts = context if isinstance(context, list) else [context]
    return any(isinstance(c, str) and _SCHEMA_ORG.match(c) for c in contexts)


def _listed(value: Any) -> list[Any]:
    """JSON-LD writes one value as itself and several as a list (ORCID's writer unwraps a
    list of one): a list either way, without nulls."""
    if value is None:
        return []
    return [item for item in value if item is not None] if isinstance(value, list) else [value]


def _text(value: Any) -> str | None:
    if isinstance(value, dict):
        value = value.get("@value", value.get("name"))
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        return None
    return " ".join(str(value).split()) or None


@dataclass
class _Tally:
    count: int
    where: str


class JsonLdReading:
    """One reading of an ORCID JSON-LD document: profile data in one catalog's
    punctuation, and its notes."""

    def __init__(self, document: Document, context: Context, catalog: Catalog) -> None:
        self.root: dict[str, Any] = document.root
        self.catalog = catalog
        self.today = context.today
        try:
            lines = load_yaml(Path(document.where), document.text)[1]
        except InputError:
            lines = None  # a JSON text YAML cannot parse: its notes at line 1
        self.located = Located(document.where, lines)
        self._tallies: dict[tuple[str, str], _Tally] = {}
        self.orcid = self._orcid()
        self.owners: list[str] = []

    def note(self, path: Path_, what: str) -> None:
        self.located.note(path, what)

    def tally(self, path: Path_, field: str, what: str) -> None:
        """A value that many works may have, left out for one reason: one note for all."""
        key = (field, what)
        if key in self._tallies:
            self._tallies[key].count += 1
        else:
            where = f"{self.located.where}:{self.located.line(path)}"
            self._tallies[key] = _Tally(1, where)

    def notes(self) -> list[Note]:
        tallied = [
            Note(tally.where, field, f"{what} ({tally.count} in all)" if tally.count > 1 else what)
            for (field, what), tally in self._tallies.items()
        ]
        return self.located.notes + tallied

    def _orcid(self) -> str | None:
        for key in ("@id", "mainEntityOfPage"):
            if match := ORCID_ID.search(str(self.root.get(key) or "")):
                return match[0]
        return None

    # the profile

    def data(self) -> dict[str, Any]:
        root = self.root
        data: dict[str, Any] = {}
        given, family = _text(root.get("givenName")), _text(root.get("familyName"))
        credit = _text(root.get("name"))
        full = " ".join(part for part in (given, family) if part) or credit
        if full:
            data["name"] = T(full)
        owners = [credit] if credit and credit != full else []
        owners += [name for item in _listed(root.get("alternateName")) if (name := _text(item))]
        if owners:
            data["owner_names"] = list(dict.fromkeys(owners))
        if summary := _text(root.get("description")):
            data["summary"] = T(summary)
        if contacts := self.contacts():
            data["contacts"] = contacts
        for path, ident in _items(root, "identifier", ()):
            kind, value = _text(_at(ident, "propertyID")), _text(_at(ident, "value"))
            if kind and value:
                self.note(
                    path,
                    f"{kind} {value}: not imported: a CV lists your ORCID iD; add it as a "
                    "website contact if yours should show it",
                )
        pools: dict[str, list[Any]] = {}
        self.schools(pools)
        self.affiliations()
        reverse = root.get("@reverse") if isinstance(root.get("@reverse"), dict) else {}
        for path, work in _items(reverse, "creator", ("@reverse",)):
            self.work(path, work, pools)
        for path, funding in _items(reverse, "funder", ("@reverse",)):
            self.funding(path, funding, pools)
        for key in reverse:
            if key not in ("creator", "funder"):
                self.note(("@reverse", key), "not imported: not a part of ORCID's JSON-LD")
        for key in root:
            if key not in _PERSON_KEYS:
                self.note((key,), "not imported: not a part of ORCID's JSON-LD")
        data.update({pool: entries for pool, entries in pools.items() if entries})
        if self.owners:
            known = {full, *data.get("owner_names", [])}
            more = [name for name in self.owners if name not in known]
            if more:
                data["owner_names"] = [*data.get("owner_names", []), *more]
        if sections := sections_of(pools, "summary" in data):
            data["sections"], data["layout"] = sections
        return data

    def contacts(self) -> list[dict[str, Any]]:
        contacts: list[dict[str, Any]] = []
        for address in _listed(self.root.get("email")):
            if (text := _text(address)) and "@" in text:
                contacts.append({"type": "email", "value": text.removeprefix("mailto:")})
        for index, url in enumerate(_listed(self.root.get("url"))):
            text = _text(url)
            if not text or "orcid.org/" in text:
                continue
            if not re.match(r"^https?://", text, re.I):
                self.note(("url", index), f"{text}: not imported: not a web address")
                continue
            contacts.append(url_contact(text))
        if self.orcid:
            url = f"https://orcid.org/{self.orcid}"
            contacts.append({"type": "orcid", "value": self.orcid, "url": url})
        for address in _listed(self.root.get("address")):
            if country := country_name(_text(_at(address, "addressCountry")), self.catalog):
                contacts.append({"type": "location", "value": T(country)})
                break
        return contacts

    def schools(self, pools: dict[str, list[Any]]) -> None:
        """alumniOf: the schools of the record's educations (and qualifications), each
        with its department; the JSON-LD gives no degree and no dates."""
        schools = list(_items(self.root, "alumniOf", ()))
        for path, school in schools:
            name = _text(_at(school, "name"))
            if not name:
                self.note(path, "no name: left out")
                continue
            entry: dict[str, Any] = {"institution": T(name)}
            if department := _text(_at(school, "alternateName")):
                entry["field"] = T(field_of(department))
            pools.setdefault("education", []).append(entry)
        if schools:
            self.note(
                schools[0][0],
                f"{len(schools)} school(s) imported as education entries without a degree or "
                "dates, which ORCID's JSON-LD does not give (nor whether each is an education "
                "or a qualification): add them in the profile, or import the full record ("
                + self._full_record()
                + ")",
            )

    def affiliations(self) -> None:
        """affiliation: employments, distinctions, invited positions, memberships and
        services alike, without their kind, role or dates: none can be placed as what it
        is, so each is named."""
        for path, organization in _items(self.root, "affiliation", ()):
            name = _text(_at(organization, "name")) or "an organization"
            department = _text(_at(organization, "alternateName"))
            shown = f"{name} ({department})" if department else name
            self.note(
                path,
                f"{shown}: not imported: ORCID's JSON-LD does not say whether it is a "
                "position, a membership, a service or a distinction, nor when; add it to "
                "experience:, or import the full record (" + self._full_record() + ")",
            )

    def _full_record(self) -> str:
        return _FULL_RECORD.format(orcid=self.orcid or "ORCID-ID")

    def work(self, path: Path_, work: Any, pools: dict[str, list[Any]]) -> None:
        if not isinstance(work, dict):
            self.note(path, "not a work: left out")
            return
        name = _text(work.get("name"))
        if not name:
            which = _text(work.get("@id")) or _first_identifier(work) or "a work"
            self.note(path, f"{which}: no title: left out; add it as a publication if it is yours")
            return
        # Europe PMC's titles end with a full stop, which the CV's comma after it doubles.
        publication: dict[str, Any] = {}
        if authors := self.authors(path, work):
            publication["authors"] = authors
        publication["title"] = T(re.sub(r"(?<![.\s])\.$", "", title_text(name)))
        if venue := _text(_at(work.get("isPartOf"), "name")):
            publication["venue"] = T(venue)
        written = _text(work.get("datePublished"))
        date = read_date(written, self.today) if written else None
        if date and date != "present":
            publication["year"] = int(date[:4])
            if len(date) > 4:
                self.tally(
                    (*path, "datePublished"),
                    "works: datePublished",
                    "month and day not imported: a publication shows its year",
                )
        elif written:
            self.note((*path, "datePublished"), f"{written}: not a date cvtex reads: left out")
        kinds = [kind for kind in _listed(work.get("@type")) if isinstance(kind, str)]
        known = next((_WORK_TYPES[kind] for kind in kinds if kind in _WORK_TYPES), None)
        if known:
            publication["type"] = known[0]
            if known[1]:
                publication["kind"] = known[1]
        if links := self.links(path, work):
            publication["links"] = links
        for key in work:
            if key not in _WORK_KEYS:
                self.tally(
                    (*path, key),
                    f"works: {key}",
                    "not imported: a CV's publication list shows authors, title, venue and year",
                )
        pools.setdefault("publications", []).append(publication)

    def authors(self, path: Path_, work: dict[str, Any]) -> list[T]:
        """schema.org's author list, where a document gives one (ORCID's does not)."""
        authors = []
        for author in _listed(work.get("author")):
            name = _text(author)
            if not name:
                self.tally((*path, "author"), "works: author", "an author without a name: left out")
                continue
            if self.orcid and self.orcid in str(_at(author, "@id") or ""):
                self.owners.append(name)
            authors.append(T(name))
        return authors

    def links(self, path: Path_, work: dict[str, Any]) -> list[dict[str, str]]:
        """The DOI (``@id``, or an identifier), an arXiv id and the work's own page; other
        identifiers and their pages (``sameAs``: Scopus, PubMed) are the same work
        elsewhere, named once for all works."""
        links: list[dict[str, str]] = []
        doi = None
        if match := DOI.search(str(work.get("@id") or "")):
            doi = match[1]
        for ident in _listed(work.get("identifier")):
            kind = (_text(_at(ident, "propertyID")) or "").lower()
            value = _text(_at(ident, "value")) or ""
            if kind == "doi" and (match := DOI.search(value)):
                doi = doi or match[1]
            elif kind == "arxiv" and (match := ARXIV.search(value)):
                links.append({"type": "arxiv", "url": f"https://arxiv.org/abs/{match[1]}"})
            elif kind and value:
                self.tally(
                    (*path, "identifier"),
                    f"works: identifier ({kind})",
                    "not imported: a CV links a work by its DOI, arXiv id or URL",
                )
        if doi:
            links.insert(0, {"type": "doi", "url": f"https://doi.org/{doi.rstrip('.')}"})
        if (url := _text(work.get("url"))) and re.match(r"^https?://", url, re.I):
            links.append({"type": "pdf" if url.lower().endswith(".pdf") else "url", "url": url})
        shown = {link["url"].casefold() for link in links}
        for same in _listed(work.get("sameAs")):
            text = _text(same) or ""
            if text.casefold() in shown or (doi and doi.casefold() in text.casefold()):
                continue
            self.tally(
                (*path, "sameAs"),
                "works: sameAs",
                "not imported: the same work's page elsewhere (Scopus, PubMed, ...); a CV "
                "links it by its DOI",
            )
        return links

    def funding(self, path: Path_, funder: Any, pools: dict[str, list[Any]]) -> None:
        """A funding as ORCID writes it in JSON-LD: its funder (the organization), the
        funding's title as the funder's alternateName, the grant numbers as identifiers."""
        title = _text(_at(funder, "alternateName"))
        organization = _text(_at(funder, "name"))
        if not title and not organization:
            self.note(path, "no title and no funder: left out")
            return
        entry: dict[str, Any] = {"text": T(title or organization)}
        if title and organization:
            entry["description"] = T(organization)
        entry["tags"] = ["funding"]
        for ident in _listed(_at(funder, "identifier")):
            kind, value = _text(_at(ident, "propertyID")), _text(_at(ident, "value"))
            if kind and value and kind.lower() not in ("ringgold", "grid", "fundref", "lei"):
                self.note(
                    (*path, "identifier"),
                    f"{kind} {value}: not imported: add the grant number to the entry's "
                    "description if your CV shows them",
                )
        pools.setdefault("others", []).append(entry)


def _first_identifier(work: dict[str, Any]) -> str | None:
    for ident in _listed(work.get("identifier")):
        kind, value = _text(_at(ident, "propertyID")), _text(_at(ident, "value"))
        if kind and value:
            return f"{kind} {value}"
    return None


def _at(node: Any, key: str) -> Any:
    return node.get(key) if isinstance(node, dict) else None


def _items(node: dict[str, Any], key: str, base: Path_) -> list[tuple[Path_, Any]]:
    """The values under ``key``, each with its path (a value written alone, as ORCID's
    writer writes a list of one, at the key itself)."""
    value = node.get(key)
    if isinstance(value, list):
        return [((*base, key, index), item) for index, item in enumerate(value) if item]
    return [((*base, key), value)] if value else []

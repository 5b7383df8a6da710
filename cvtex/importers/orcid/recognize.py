"""What is an ORCID file, folder or archive: a file is told by its first bytes (ORCID's XML
namespace, keys only ORCID's JSON has, an ORCID iD as a JSON-LD document's @id), a folder
or ``.zip`` by its members, each named as one of the API's endpoints (or an ORCID iD) and
one of them ORCID's."""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from ..source import Source

_NAMESPACE = "http://www.orcid.org/ns/"
# Keys that only ORCID's JSON has, near its start.
_JSON_SIGNS = re.compile(
    r'"(?:orcid-identifier|activities-summary|work-summary|affiliation-group|'
    r"employment-summary|education-summary|funding-summary|peer-review-summary|"
    r'researcher-urls|other-names|orcid-profile|orcid-works)"\s*:'
)
_ORCID_PATH = re.compile(r'"path"\s*:\s*"/?\d{4}-\d{4}-\d{4}-\d{3}[\dX]')
# ORCID's JSON-LD: a schema.org Person whose @id is its ORCID iD.
_JSON_LD_ID = re.compile(
    r'"(?:@id|mainEntityOfPage)"\s*:\s*"https?://(?:sandbox\.)?orcid\.org/\d{4}-\d{4}-\d{4}-\d{3}[\dX]"'
)
ORCID_ID = re.compile(r"\d{4}-\d{4}-\d{4}-\d{3}[\dX]")
# The API's endpoints, as the files of a folder of them are named.
_ENDPOINTS = {
    "record", "person", "activities", "works", "work", "employments", "educations",
    "fundings", "distinctions", "invited-positions", "memberships", "qualifications",
    "services", "peer-reviews", "research-resources", "personal-details", "biography",
    "researcher-urls", "emails", "email", "keywords", "other-names", "external-identifiers",
    "address", "addresses", "orcid-profile", "orcid-bio", "orcid-works", "profile",
}  # fmt: skip


def recognizes(source: Source) -> bool:
    if source.is_file:
        return source.suffix in (".json", ".jsonld", ".xml", "") and _looks_orcid(source, "")
    # A folder or archive of the endpoints' files, and nothing else: a folder that also
    # holds other files is read file by file (the door), this reader taking its own.
    members = [name for name in source.names if not is_readme(name)]
    named = all(_endpoint_name(name) for name in members)
    return bool(members) and named and any(_looks_orcid(source, name) for name in members)


def is_readme(name: str) -> bool:
    return PurePosixPath(name).suffix.lower() in (".md", ".txt", ".html")


def _endpoint_name(name: str) -> bool:
    path = PurePosixPath(name)
    stem = path.stem.lower()
    return path.suffix.lower() in (".json", ".xml") and (
        stem in _ENDPOINTS or ORCID_ID.fullmatch(stem) is not None
    )


def _looks_orcid(source: Source, name: str) -> bool:
    head = source.head(name, 65536).lstrip()
    if head.startswith("<"):
        return _NAMESPACE in head[:8192]
    if head.startswith("{"):
        return any(sign.search(head) for sign in (_JSON_SIGNS, _ORCID_PATH, _JSON_LD_ID))
    return False

"""A researcher URL of an ORCID record as a contact, whichever way ORCID serves the record:
on GitHub, GitLab, LinkedIn or Google Scholar it is that kind of contact, else a website."""

from __future__ import annotations

import re
from typing import Any

_NETWORKS = (  # a researcher URL on one of these hosts is that kind of contact
    (re.compile(r"^https?://(?:www\.)?github\.com/([^/?#]+)/?$", re.I), "github"),
    (re.compile(r"^https?://(?:www\.)?gitlab\.com/([^/?#]+)/?$", re.I), "gitlab"),
    (re.compile(r"^https?://(?:[a-z]+\.)?linkedin\.com/in/([^/?#]+)/?$", re.I), "linkedin"),
    (re.compile(r"^https?://scholar\.google\.[a-z.]+/citations\?(?:.*&)?user=([^&#]+)", re.I),
     "scholar"),
)  # fmt: skip


def url_contact(url: str) -> dict[str, Any]:
    """A researcher URL as a contact: a network's kind on its host, else a website."""
    for pattern, kind in _NETWORKS:
        if match := pattern.match(url):
            return {"type": kind, "value": match[1], "url": url}
    shown = re.sub(r"^https?://(www\.)?", "", url, flags=re.I).rstrip("/")
    return {"type": "website", "value": shown, "url": url}

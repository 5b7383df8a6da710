"""A profile on a social network, as other tools' files name it (a network and a user
name, an address, or both), as one of the profile's contacts.

The networks cvtex draws with an icon of their own get their contact type; any other is
a website contact named by its network ("Mastodon: @mei@example.social"). A user name
written as the whole address (``github.com/mei``, as people paste it) is the address,
and its last part the user name.
"""

from __future__ import annotations

import re
from typing import Any

from .reader import T

# Network (as written, folded) -> the profile's contact type and the address of a user.
_TYPED = {
    "linkedin": ("linkedin", "https://linkedin.com/in/{}"),
    "github": ("github", "https://github.com/{}"),
    "gitlab": ("gitlab", "https://gitlab.com/{}"),
    "google scholar": ("scholar", "https://scholar.google.com/citations?user={}"),
    "googlescholar": ("scholar", "https://scholar.google.com/citations?user={}"),
    "scholar": ("scholar", "https://scholar.google.com/citations?user={}"),
    "orcid": ("orcid", "https://orcid.org/{}"),
}
_ADDRESSES = {
    "researchgate": "https://researchgate.net/profile/{}",
    "stackoverflow": "https://stackoverflow.com/users/{}",
    "x": "https://x.com/{}",
    "twitter": "https://twitter.com/{}",
    "youtube": "https://youtube.com/@{}",
    "instagram": "https://instagram.com/{}",
    "leetcode": "https://leetcode.com/u/{}",
    "bluesky": "https://bsky.app/profile/{}",
    "telegram": "https://t.me/{}",
    "imdb": "https://imdb.com/name/{}",
}
# An address on one of these hosts is that kind of contact, with its user.
_HOSTS = (
    (re.compile(r"^https?://(?:www\.)?github\.com/([^/?#]+)/?$", re.I), "github"),
    (re.compile(r"^https?://(?:www\.)?gitlab\.com/([^/?#]+)/?$", re.I), "gitlab"),
    (re.compile(r"^https?://(?:[a-z]+\.)?linkedin\.com/in/([^/?#]+)/?$", re.I), "linkedin"),
    (re.compile(r"^https?://scholar\.google\.[a-z.]+/citations\?(?:.*&)?user=([^&#]+)", re.I),
     "scholar"),
    (re.compile(r"^https?://(?:www\.)?orcid\.org/([\dX-]{19})/?$", re.I), "orcid"),
)  # fmt: skip
# A user name that is an address: a host with a dot, then a path.
_ADDRESS = re.compile(r"^(?:https?://)?(?:www\.)?[\w-]+(?:\.[\w-]+)+/\S*$", re.IGNORECASE)


def network_contact(
    network: str | None, user: str | None, url: str | None, colon: str = ": "
) -> dict[str, Any] | None:
    """The contact for a user of ``network``, or None when neither a user nor an address
    is given. ``colon``: the catalog's, between an unknown network's name and the user."""
    network = (network or "").strip()
    user = (user or "").strip() or None
    url = (url or "").strip() or None
    if not network and not user and url:
        return url_contact(url)  # an address alone: its host says which network
    if user and _ADDRESS.match(user):
        url = url or (user if "://" in user else f"https://{user}")
        user = _last_part(user)
    if not user and url:
        user = _last_part(url) if _ADDRESS.match(url) else url
    if not user:
        return None
    key = network.casefold()
    if key in _TYPED:
        kind, address = _TYPED[key]
        return {"type": kind, "value": user, "url": url or address.format(user.lstrip("@"))}
    contact: dict[str, Any] = {
        "type": "website",
        "value": T(f"{network}{colon}{user}" if network else user),
    }
    if url or key in _ADDRESSES:
        contact["url"] = url or _ADDRESSES[key].format(user.lstrip("@"))
    return contact


def url_contact(url: str) -> dict[str, Any]:
    """An address as a contact: on GitHub, GitLab, LinkedIn, Google Scholar or ORCID that
    kind of contact with its user, else a website showing the address without its scheme."""
    for pattern, kind in _HOSTS:
        if match := pattern.match(url):
            return {"type": kind, "value": match[1], "url": url}
    shown = re.sub(r"^https?://(www\.)?", "", url, flags=re.I).rstrip("/")
    return {"type": "website", "value": shown, "url": url}


def _last_part(address: str) -> str:
    """The user in an address: its last path part (linkedin.com/in/mei/ -> mei)."""
    path = re.sub(r"^[a-z]+://", "", address, flags=re.IGNORECASE).split("?")[0].split("#")[0]
    parts = [part for part in path.split("/")[1:] if part]
    return parts[-1] if parts else path.rstrip("/")

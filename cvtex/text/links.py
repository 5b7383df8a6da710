"""Which link targets a CV may carry.

A PDF link is an action, and hyperref picks the action from the target: ``run:`` launches a
program, a plain file name opens another file. A profile may come from someone else, so a
link is only ever a web, mail, phone or FTP address; a target written without a scheme
(``example.com/me``) is a web address.
"""

from __future__ import annotations

import re

SCHEMES = ("http", "https", "mailto", "tel", "ftp")
# No "." in a scheme here, so that "example.com:8080/x" reads as a host and port.
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+-]*):")


def link_target(url: str) -> str | None:
    """``url`` as a link may point at it, or None if its scheme could do more than link."""
    url = url.strip()
    match = _SCHEME.match(url)
    if match is None:
        return f"https://{url}"
    return url if match[1].lower() in SCHEMES else None


def refuse_unsafe(url: str) -> str:
    """For validation: ``url`` unchanged, or a ValueError that says what a link may be."""
    if link_target(url) is None:
        raise ValueError(
            f"{url!r} is not a web or mail address: a link may start with "
            + ", ".join(f"{scheme}:" for scheme in SCHEMES)
        )
    return url

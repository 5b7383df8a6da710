"""Front matter for static-site generators: Hexo, Hugo and Jekyll read YAML between ``---``.

They differ in how a date is written and in what a page needs: Hugo wants RFC 3339
(``2021-12-23T16:55:31``), Hexo and Jekyll ``2021-12-23 16:55:31``; Jekyll shows a page
only with a layout (``page`` unless the profile names another).
"""

from __future__ import annotations

import datetime as dt

import yaml

from ..profile.base import YearMonth
from ..profile.model import Homepage

_UPDATED_KEYS = {"hexo": "updated", "hugo": "lastmod", "jekyll": "last_modified_at"}


def front_matter(settings: Homepage, title: str, updated: YearMonth | None) -> str:
    """The front matter block and a blank line after it; empty for ``generator: none``."""
    generator = settings.generator
    if generator == "none":
        return ""
    extra = settings.front_matter
    lines = ["---"]
    if generator == "jekyll" and "layout" not in extra:
        lines.append("layout: page")
    # safe_dump quotes whatever YAML would read as syntax: a title is only ever text.
    lines.append(_dump({"title": title}))
    # Dates are written from validated values: digits and separators only.
    if settings.date is not None:
        lines.append(f"date: {format_date(settings.date, generator)}")
    updated_key = _UPDATED_KEYS[generator]
    if updated is not None and updated_key not in extra:
        day = dt.date(updated.year, updated.month or 1, updated.day or 1)
        lines.append(f"{updated_key}: {format_date(day, generator)}")
    if extra:
        lines.append(_dump(dict(extra)))
    return "\n".join([*lines, "---", "", ""])


def _dump(fields: dict[str, object]) -> str:
    if not fields:
        return ""
    return yaml.safe_dump(
        fields, allow_unicode=True, sort_keys=False, default_flow_style=False, width=1000
    ).rstrip("\n")


def format_date(value: dt.date, generator: str) -> str:
    if not isinstance(value, dt.datetime):
        return value.isoformat()
    text = value.strftime("%Y-%m-%dT%H:%M:%S" if generator == "hugo" else "%Y-%m-%d %H:%M:%S")
    offset = value.strftime("%z")
    if offset and generator == "hugo":
        return f"{text}{offset[:3]}:{offset[3:]}"
    return f"{text} {offset}" if offset else text

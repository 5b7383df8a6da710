"""The sections of a profile made from an ORCID record, whichever way ORCID serves it:
sections of its own where the record needs them (fundings, memberships beside services),
else the profile's default ones."""

from __future__ import annotations

from typing import Any


def sections_of(
    pools: dict[str, list[Any]], summary: bool
) -> tuple[dict[str, Any], list[str]] | None:
    """Sections when the record needs its own: fundings (an others section of their own
    title) and memberships beside services; else the profile's default sections."""
    funding = any("funding" in e.get("tags", []) for e in pools.get("others", []))
    service_tags = {tag for e in pools.get("service", []) for tag in e.get("tags", [])}
    if not funding and "memberships" not in service_tags:
        for entry in pools.get("service", []):
            entry.pop("tags", None)
        return None
    sections: dict[str, Any] = {"summary": {}} if summary else {}
    # Research interests (a skill group) first, as an academic CV states them.
    order = ["skills", "education", "experience", "publications", "talks", "funding", "awards",
             "certificates", "service", "memberships", "others"]  # fmt: skip
    for ident in order:
        if ident == "funding" and funding:
            sections["funding"] = {"kind": "others", "select": ["funding"]}
        elif ident in ("service", "memberships") and ident in service_tags:
            sections[ident] = {"kind": "service", "select": [ident]}
        elif ident == "others":
            if any("funding" not in e.get("tags", []) for e in pools.get("others", [])):
                sections["others"] = {}
        elif ident not in ("funding", "service", "memberships") and pools.get(ident):
            sections[ident] = {}
    return sections, list(sections)

"""What a .bib file holds, once read: its entries as publications, and what reading it
went around. Plain data, so that a reading can be kept (see remembered.py) and given back
without the parser's modules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class BibEntry:
    key: str
    data: dict[str, Any]  # a publication in the profile's own form
    line: int
    # A talk the entry records (its title, event, date, place and links, as the profile's
    # talks write them), which an import lists among talks; a bibliography, among works.
    talk: dict[str, Any] | None = None


@dataclass
class Bibliography:
    entries: list[BibEntry] = field(default_factory=list)
    # "refs.bib:12: ..." for each thing BibTeX would warn about too, in file order.
    warnings: list[str] = field(default_factory=list)
    # Names the file marks as the owner's (\textbf{...}, a macro of one's own).
    owners: list[str] = field(default_factory=list)
    # The keys of entries left out as unreadable, with their lines.
    unread: dict[str, int] = field(default_factory=dict)
    # Entries without a title: a profile publication may give one (bib: KEY, title: ...).
    untitled: list[BibEntry] = field(default_factory=list)


def as_data(read: Bibliography) -> dict[str, Any]:
    """``read`` as JSON's types: ``from_data`` gives back an equal Bibliography."""
    return {
        "entries": [_entry_data(entry) for entry in read.entries],
        "warnings": read.warnings,
        "owners": read.owners,
        "unread": read.unread,
        "untitled": [_entry_data(entry) for entry in read.untitled],
    }


def from_data(data: dict[str, Any]) -> Bibliography:
    return Bibliography(
        [BibEntry(**entry) for entry in data["entries"]],
        data["warnings"],
        data["owners"],
        data["unread"],
        [BibEntry(**entry) for entry in data["untitled"]],
    )


def _entry_data(entry: BibEntry) -> dict[str, Any]:
    return {"key": entry.key, "data": entry.data, "line": entry.line, "talk": entry.talk}

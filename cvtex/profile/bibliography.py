"""A .bib file's publications merged into the profile, with the additions it keeps per key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..bibtex.entries import BibEntry, Bibliography
from ..errors import InputError
from .source import Position, SourceMap


def merge_bibliography(
    data: dict[str, Any], bibliography: Bibliography, bib_file: Path, source: SourceMap
) -> None:
    """Replace ``data["publications"]`` by the merged list, and its positions likewise.

    The profile's own publications keep their order; one with a ``bib:`` key takes the
    BibTeX fields and overrides them with its own. Entries that no profile publication
    names follow, newest first. Names the .bib marks as the owner's join owner_names.
    """
    entries = bibliography.entries
    owners = data.get("owner_names")
    if bibliography.owners and (owners is None or isinstance(owners, list)):
        data["owner_names"] = [*(owners or []), *bibliography.owners]
    by_key: dict[str, BibEntry] = {}
    for entry in [*entries, *bibliography.untitled]:
        by_key.setdefault(entry.key, entry)  # a key given twice means its first entry
    languages = data.get("languages") or ["en", "zh"]
    own = data.get("publications") or []
    merged: list[Any] = []
    positions = SourceMap(source.file)
    used: set[int] = set()  # the entries a profile publication names, by id
    for index, publication in enumerate(own):
        key = publication.get("bib") if isinstance(publication, dict) else None
        if key is not None:
            if key in bibliography.unread:
                raise InputError(
                    f"{source.locate(('publications', index, 'bib'))}: publications[{index}].bib: "
                    f"the entry {key!r} ({bib_file}:{bibliography.unread[key]}) could not be "
                    "read",
                    "check its braces, quotes and commas",
                )
            if key not in by_key:
                raise InputError(
                    f"{source.locate(('publications', index, 'bib'))}: publications[{index}].bib: "
                    f"no entry {key!r} in {bib_file}",
                    "check the key, or remove the bib: line to keep this publication on its own",
                )
            used.add(id(by_key[key]))
            publication = _overlay(by_key[key].data, publication, languages)
        positions.graft(source, ("publications", index), ("publications", len(merged)))
        merged.append(publication)
    for entry in bibliography.untitled:
        if id(entry) not in used:
            bibliography.warnings.append(
                f"{bib_file}:{entry.line}: {entry.key}: no title: left out (give it one in "
                "the .bib, or in the profile: publications: [{bib: KEY, title: ...}])"
            )
    rest = sorted(
        (entry for entry in entries if id(entry) not in used),
        key=lambda entry: -int(entry.data.get("year", 0)),
    )
    for entry in rest:
        positions.positions[("publications", len(merged))] = Position(bib_file, entry.line, 1)
        positions.origins[("publications", len(merged))] = (bib_file, ())
        merged.append(entry.data)
    for path in [path for path in source.positions if path[:1] == ("publications",)]:
        del source.positions[path]
    source.positions.update(positions.positions)
    for path in [path for path in source.origins if path[:1] == ("publications",)]:
        del source.origins[path]
    source.origins.update(positions.origins)
    data["publications"] = merged


def _overlay(base: dict[str, Any], additions: dict[str, Any], languages: list[str]) -> dict:
    result = dict(base)
    for key, value in additions.items():
        # A translated title ({zh: ...}) adds a language; the BibTeX text stays for the rest.
        if isinstance(value, dict) and isinstance(base.get(key), str):
            value = {language: base[key] for language in languages} | value
        elif isinstance(value, list) and isinstance(base.get(key), list) and key != "authors":
            value = base[key] + value  # links and labels add to what the BibTeX gives
        result[key] = value
    return result

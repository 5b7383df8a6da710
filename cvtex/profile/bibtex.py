"""Publications from a BibTeX file, merged with the additions a profile keeps per key."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import bibtexparser
from bibtexparser import middlewares
from pylatexenc.latex2text import LatexNodes2Text

from ..errors import InputError
from .source import Position, SourceMap

_TYPES = {
    "inproceedings": "conference",
    "conference": "conference",
    "article": "journal",
    "phdthesis": "thesis",
    "mastersthesis": "thesis",
    "book": "book",
    "incollection": "chapter",
    "inbook": "chapter",
    "techreport": "other",
    "misc": "other",
    "unpublished": "preprint",
}


@dataclass(frozen=True)
class BibEntry:
    key: str
    data: dict[str, Any]  # a publication in the profile's own form
    line: int


def read_bibliography(file: Path, abbreviate: bool) -> list[BibEntry]:
    if not file.is_file():
        raise InputError(f"{file}: no such bibliography file", "check bibliography.file")
    library = bibtexparser.parse_file(
        str(file),
        append_middleware=[middlewares.SeparateCoAuthors(), middlewares.SplitNameParts()],
    )
    if library.failed_blocks:
        block = library.failed_blocks[0]
        raise InputError(
            f"{file}:{block.start_line + 1}: this BibTeX entry could not be read",
            "check its braces, quotes and commas",
        )
    decoder = LatexNodes2Text()
    return [
        BibEntry(entry.key, _publication(entry, decoder, abbreviate), entry.start_line + 1)
        for entry in library.entries
    ]


def _publication(entry: Any, decoder: LatexNodes2Text, abbreviate: bool) -> dict[str, Any]:
    fields = {name.lower(): field.value for name, field in entry.fields_dict.items()}

    def text(name: str) -> str | None:
        value = fields.get(name)
        return " ".join(decoder.latex_to_text(value).split()) if isinstance(value, str) else None

    authors = [
        _person(name, decoder, abbreviate)
        for name in fields.get("author", [])
        if not isinstance(name, str)
    ]
    kind = _TYPES.get(entry.entry_type.lower(), "other")
    if text("archiveprefix") == "arXiv" or "arxiv" in (text("journal") or "").lower():
        kind = "preprint"
    publication: dict[str, Any] = {
        "bib": entry.key,
        "authors": authors,
        "title": text("title"),
        "venue": text("booktitle") or text("journal") or text("school") or text("publisher"),
        "type": kind,
    }
    if (year := text("year")) and year.isdigit():
        publication["year"] = int(year)
    if kind == "preprint":
        publication["status"] = "preprint"
    links = []
    if doi := text("doi"):
        links.append({"type": "doi", "url": f"https://doi.org/{doi}"})
    if (eprint := text("eprint")) and kind == "preprint":
        links.append({"type": "arxiv", "url": f"https://arxiv.org/abs/{eprint}"})
    if url := text("url"):
        links.append({"type": "pdf" if url.lower().endswith(".pdf") else "url", "url": url})
    publication["links"] = links
    return {key: value for key, value in publication.items() if value not in (None, [])}


def _person(name: Any, decoder: LatexNodes2Text, abbreviate: bool) -> str:
    def decode(parts: list[str]) -> str:
        return " ".join(decoder.latex_to_text(part) for part in parts).strip()

    first, von, last, jr = (
        decode(name.first),
        decode(name.von),
        decode(name.last),
        decode(name.jr),
    )
    if last.lower() == "others":
        return "et al."
    if abbreviate and first:
        # "Jin" -> "J.", "Hong-Li" -> "H.-L."
        first = " ".join(
            "-".join(f"{piece[0]}." for piece in word.split("-") if piece) for word in first.split()
        )
    return " ".join(part for part in (first, von, last) if part) + (f", {jr}" if jr else "")


def merge_bibliography(
    data: dict[str, Any], entries: list[BibEntry], bib_file: Path, source: SourceMap
) -> None:
    """Replace ``data["publications"]`` by the merged list, and its positions likewise.

    The profile's own publications keep their order; one with a ``bib:`` key takes the
    BibTeX fields and overrides them with its own. Entries that no profile publication
    names follow, newest first.
    """
    by_key = {entry.key: entry for entry in entries}
    languages = data.get("languages") or ["en", "zh"]
    own = data.get("publications") or []
    merged: list[Any] = []
    positions = SourceMap(source.file)
    used: set[str] = set()
    for index, publication in enumerate(own):
        key = publication.get("bib") if isinstance(publication, dict) else None
        if key is not None:
            if key not in by_key:
                raise InputError(
                    f"{source.locate(('publications', index, 'bib'))}: publications[{index}].bib: "
                    f"no entry {key!r} in {bib_file}",
                    "check the key, or remove the bib: line to keep this publication on its own",
                )
            used.add(key)
            publication = _overlay(by_key[key].data, publication, languages)
        positions.graft(source, ("publications", index), ("publications", len(merged)))
        merged.append(publication)
    rest = sorted(
        (entry for entry in entries if entry.key not in used),
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

"""A .bib file (one's own, or ORCID's BibTeX export) read into the profile's publications,
and its talks (a @misc "Invited talk", a @presentation) into its talks.

The entries are read as a build reads a profile's ``bibliography:`` (cvtex/bibtex/), and
written out as the profile's own publications, in the same form: authors as its
bibliography shows them (initials, unless the profile imported into says otherwise), texts
plain, one for every language, as a linked .bib's are. What BibTeX would warn of, each
becomes a note. A .bib names no one, so it goes ``--into`` a profile, or comes
with a file that has the name.
"""

from __future__ import annotations

import re
from typing import Any

from .reader import Context, Note, Read, Reader
from .source import Source


def recognizes(source: Source) -> bool:
    if not source.is_file:
        return False
    if source.suffix == ".bib":
        return True
    head = source.head()
    return (
        source.suffix in ("", ".txt") and re.match(r"\s*(%.*\n\s*)*@\w+\s*[{(]", head) is not None
    )


def read(source: Source, context: Context) -> Read:
    from ..bibtex.read import read_bibliography

    bibliography = read_bibliography(source.path, context.abbreviate_first_names, source.read())
    notes = [_note(warning, source) for warning in bibliography.warnings]
    publications, talks = [], []
    for entry in bibliography.entries:
        if entry.talk is None:
            publications.append(_marked(entry.data))
            continue
        talks.append(entry.talk)
        if len(authors := entry.data.get("authors", [])) > 1:
            notes.append(
                Note(
                    f"{source.where()}:{entry.line}",
                    entry.key,
                    f"{', '.join(authors)}: not imported: a talk shows its title, event and "
                    "date; name the others in its description if your CV should",
                )
            )
    notes.extend(
        Note(f"{source.where()}:{entry.line}", entry.key, "no title: left out")
        for entry in bibliography.untitled
    )
    data: dict[str, Any] = {"publications": publications, "talks": talks}
    if bibliography.owners:
        data["owner_names"] = list(bibliography.owners)
    return Read(READER.kind, source, data, notes)


def _marked(publication: dict[str, Any]) -> dict[str, Any]:
    """A publication as the profile's bibliography: shows it, its texts plain (one text for
    every language: a paper has one title, in the language it was written in); the key it
    had in the .bib left out (a profile's bib: names an entry of its own bibliography file)."""
    return {key: value for key, value in publication.items() if key != "bib"}


def _note(warning: str, source: Source) -> Note:
    """A warning of the .bib reader ("refs.bib:12: key: ...") as a note of the import."""
    match = re.match(r"^.*?:(\d+): (?:([^:\s]+): )?(.*)$", warning, re.S)
    if match is None:
        return Note(source.where(), "", warning)
    return Note(f"{source.where()}:{match[1]}", match[2] or "", match[3])


READER = Reader("BibTeX", recognizes, read)

"""The translation round trip: the texts a language lacks out to a file, translations back in.

``cvtex translate export`` writes, for one language, every distinct text the CV in that
language shows without text of it (see places.py): one unit per text, however many fields
it stands in (units.py), with the places listed and, where cvtex knows one, a suggested
translation (the profile's own translation of the same text elsewhere, another profile's
with ``--memory``, an official name of the catalog, a draft standing in the profile),
marked for the translator to check. The file is YAML, CSV, XLIFF or PO (formats/).

``cvtex translate merge`` writes each checked translation into the profile at every place
that shows its text then (writing.py); a suggestion not checked, or an empty translation,
leaves the text as it is, so a file merged as it was exported changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..letter.load import is_letter_data, load_letter
from ..profile.load import load_profile
from ..profile.source import format_path, load_yaml
from ..profile.synced import record_agreed
from .formats import read_units
from .memory import key_of, memory_of
from .places import Place, places_of
from .units import Unit, places_index, units_of
from .writing import Change, write_changes


def export_units(
    file: Path,
    language: str,
    locale_files: Sequence[Path] = (),
    memory_files: Sequence[Path] = (),
) -> tuple[str, list[Unit]]:
    """The language asked for, and the units of the texts a profile's or a letter's CV
    in it shows without text of it, each with the suggestion cvtex has for it."""
    found = places_of(file, language, locale_files)
    return found.language, units_of(found.places, memory_of(found, file, memory_files))


@dataclass
class Merged:
    """What a merge did: the files written (with their copies), and what it left alone."""

    language: str
    written: list[tuple[Path, Path | None]] = field(default_factory=list)  # file, its copy
    merged: int = 0  # texts
    places: int = 0  # the fields they were written in
    empty: int = 0
    unchecked: int = 0  # suggestions the translator has not taken
    skipped: list[str] = field(default_factory=list)
    reformatted: list[Path] = field(default_factory=list)


def merge(
    profile_file: Path,
    translations: Path,
    out: Path | None = None,
    locale_files: Sequence[Path] = (),
) -> Merged:
    """Write the checked translations of a filled file into the profile (and its included
    files), or into a letter, at every place that shows each one's text."""
    languages = _languages_of(profile_file)  # a file that does not load is not edited
    language, units = read_units(translations)
    result = Merged(language)
    if language not in languages:
        result.skipped.append(
            f"{language} is not among the file's languages: add it to languages: to build it"
        )
    current = places_of(profile_file, language, locale_files).places
    index = places_index(current)
    by_path = {format_path(place.inner): place for place in current}
    changes: list[Change] = []
    done: set[str] = set()  # a file of an earlier cvtex may list one text at several rows
    for unit in units:
        if not unit.translation:
            result.empty += 1
            continue
        if not unit.checked:
            result.unchecked += 1
            continue
        places = index.pop(key_of(unit.text), [])
        written = {format_path(place.inner) for place in places}
        for listed in unit.listed:
            if listed in written or listed in done:
                continue
            place = by_path.get(listed)
            reason = (
                "its text changed since the export: export again"
                if place is not None
                else f"it has {language} text already: left as it is"
            )
            result.skipped.append(f"{_where(place, listed, profile_file)}: {reason}")
        done |= written
        if places:
            result.merged += 1
        elif not unit.listed:
            result.skipped.append(f"{unit.where}: {unit.text[:40]!r}: no field shows it now")
        changes += [Change(place, unit.translation) for place in places]
    if not changes:
        return result
    written = write_changes(
        profile_file, language, changes, lambda: _languages_of(profile_file), out
    )
    result.places = written.count
    result.skipped += written.skipped
    result.reformatted = written.reformatted
    result.written = written.files
    if out is None and written.count and not is_letter_data(load_yaml(profile_file)[0]):
        # A translator's text, written now: it agrees with the text it translates.
        record_agreed(profile_file, [(change.place.path, language) for change in changes])
    return result


def _where(place: Place | None, listed: str, profile_file: Path) -> str:
    if place is None:
        return f"{profile_file.name}: {listed}"
    return f"{place.file.name}:{place.line}: {listed}"


def _languages_of(file: Path) -> list[str]:
    """The languages of a profile, or of a letter (its own, else its profile's), loading it
    as a build would: a file that does not load is refused before it is edited."""
    parsed = load_yaml(file, prose=True)
    if is_letter_data(parsed[0]):
        letter = load_letter(file, parsed)
        profile = load_profile(letter.profile_file)
        return letter.letter.languages or profile.profile.languages
    return load_profile(file, parsed).profile.languages

"""What the page shows beside the values of one revision: the problems `cvtex validate`
reports, each at its field with its line; each Chinese text as converted from the profile's
other Chinese until it is written (Traditional from Simplified, or back); which texts
written once look untranslated; and which may be out of date (another language's text of
them changed since they were written).

Problems are taken from the very messages the loaders raise, so that the page says what
`cvtex validate` prints, word for word; each message's file:line:column and field path say
where it goes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import CvtexError, InputError
from ..language.catalog import Catalog, Locales
from ..language.traditional import Conversion, converted_languages, glossary_terms
from ..letter.load import is_letter_data, load_letter
from ..profile.load import LoadedProfile, load_profile
from ..profile.source import SourceMap, load_yaml
from ..profile.synced import out_of_date
from ..view.untranslated import find_untranslated
from .yamltext import Path_

DEFAULT_LANGUAGES = ["en", "zh"]  # a profile's languages when it names none (profile.model)
_LOCATED = re.compile(r"^\s*(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): (?P<rest>.*)$")
_PATH_PART = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")
_LANGUAGE_KEY = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")


@dataclass
class Facts:
    revision: int
    problems: list[dict[str, Any]] = field(default_factory=list)
    conversions: list[dict[str, Any]] = field(default_factory=list)
    untranslated: list[dict[str, Any]] = field(default_factory=list)
    out_of_date: list[dict[str, Any]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "revision": self.revision,
            "problems": self.problems,
            "conversions": self.conversions,
            "untranslated": self.untranslated,
            "out_of_date": self.out_of_date,
        }


def document_kind(data: Any) -> str:
    return "letter" if is_letter_data(data) else "profile"


def languages_of(file: Path, data: Any) -> list[str]:
    """The languages the document is written in: a profile's ``languages:``; a letter's own,
    else those of the profile it names."""
    if not isinstance(data, dict):
        return list(DEFAULT_LANGUAGES)
    declared = data.get("languages")
    if _is_languages(declared):
        return list(declared)
    if document_kind(data) == "letter" and isinstance(data.get("profile"), str):
        try:
            profile, _ = load_yaml((file.parent / data["profile"]).resolve())
        except InputError:
            return list(DEFAULT_LANGUAGES)
        if isinstance(profile, dict) and _is_languages(profile.get("languages")):
            return list(profile["languages"])
    return list(DEFAULT_LANGUAGES)


def _is_languages(value: Any) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(code, str) and _LANGUAGE_KEY.match(code) for code in value)
    )


def facts_of(revision: int, file: Path, text: str, data: Any, locales: Locales) -> Facts:
    facts = Facts(revision)
    try:
        parsed = load_yaml(file, text, prose=True)
    except InputError as exc:
        facts.problems = _problems(exc, file, None)
        return facts
    loaded = None
    try:
        if document_kind(parsed[0]) == "letter":
            load_letter(file, parsed)
        else:
            loaded = load_profile(file, parsed)
    except CvtexError as exc:
        facts.problems = _problems(exc, file, parsed[1])
    languages = languages_of(file, data)
    catalogs = _catalogs(languages, locales)
    facts.conversions = _conversions(data, catalogs, languages)
    if loaded is not None:
        facts.untranslated = _untranslated(loaded, catalogs)
        facts.out_of_date = _out_of_date(loaded, languages)
    return facts


def _catalogs(languages: list[str], locales: Locales) -> dict[str, Catalog]:
    found = {}
    for language in languages:
        try:
            found[language] = locales.catalog(language)
        except CvtexError:
            continue  # the build says which catalog is missing
    return found


def _problems(error: CvtexError, file: Path, source: SourceMap | None) -> list[dict[str, Any]]:
    """One problem per located line of the message, at its field; an unlocated message
    once, for the whole document. The hint goes with the first."""
    found: list[dict[str, Any]] = []
    for line in error.message.splitlines():
        match = _LOCATED.match(line)
        if match is None:
            continue
        where, message = _path_and_message(match["rest"])
        number, column = int(match["line"]), int(match["column"])
        own = Path(match["file"]) == file
        if own and source is not None and (where is None or not _plausible(where, source)):
            where = _path_at(source, number, column)
        found.append(
            {
                "path": list(where) if own and where is not None else None,
                "line": number if own else None,
                "where": None if own else f"{match['file']}:{number}",
                "message": message,
            }
        )
    if not found:
        found.append({"path": None, "line": None, "where": None, "message": error.message})
    if error.hint:
        found[0]["hint"] = error.hint
    return found


def _path_and_message(rest: str) -> tuple[Path_ | None, str]:
    """``education[0].start: 'x' is not a date`` as its path and its message."""
    head, separator, message = rest.partition(": ")
    if not separator or " " in head:
        return None, rest
    parts: list[str | int] = []
    position = 0
    while position < len(head):
        match = _PATH_PART.match(head, position)
        if match is None or match.end() == position:
            return None, rest
        parts.append(int(match[2]) if match[2] is not None else match[1])
        position = match.end()
    return tuple(parts), message


def _plausible(path: Path_, source: SourceMap) -> bool:
    """Whether the path, or its parent (a required field not written), is in the file."""
    return tuple(path) in source.positions or tuple(path[:-1]) in source.positions


def _path_at(source: SourceMap, line: int, column: int) -> Path_ | None:
    """The deepest value written at a line and column (else on that line)."""
    exact = [
        path
        for table in (source.positions, source.keys)
        for path, position in table.items()
        if position.line == line and position.column == column and position.file == source.file
    ]
    on_line = [
        path
        for path, position in source.positions.items()
        if position.line == line and position.file == source.file
    ]
    candidates = exact or on_line
    return max(candidates, key=len) if candidates else None


def _conversions(
    data: Any, catalogs: dict[str, Catalog], languages: list[str]
) -> list[dict[str, Any]]:
    """Every text by language that a converted language (zh-TW from zh, or zh from zh-TW in
    a Traditional-first profile) has none of its own in: its conversion, as its CV shows it."""
    sources = converted_languages(catalogs, languages)
    if not sources or not isinstance(data, dict):
        return []
    glossary = data.get("glossary") if isinstance(data.get("glossary"), dict) else {}
    protect = data.get("protect") if isinstance(data.get("protect"), list) else []
    protect = [term for term in protect if isinstance(term, str)]
    glossary = {term: value for term, value in glossary.items() if isinstance(value, str | dict)}
    converters: dict[str, tuple[Catalog, list[str], dict[str, str]]] = {}
    for language, source in sources.items():
        catalog = catalogs[language]
        try:
            terms = glossary_terms(glossary, protect, catalog.own_keys)
        except (ValueError, TypeError):
            continue
        # The profile's source first, then any other Chinese the catalog converts from.
        order = list(dict.fromkeys([source, *catalog.conversions]))
        converters[language] = (catalog, order, terms)
    found = []
    made: dict[tuple[str, str], Conversion] = {}
    for path, text in _texts_by_language(data):
        for language, (catalog, order, terms) in converters.items():
            if any(key in text for key in catalog.own_keys):
                continue
            source = next((key for key in order if isinstance(text.get(key), str)), None)
            if source is None or not text[source]:
                continue
            try:
                if (language, source) not in made:
                    made[language, source] = Conversion(catalog.conversions[source], terms)
                converted = made[language, source](text[source])
            except (ValueError, TypeError, RuntimeError):
                continue
            found.append({"path": list(path), "lang": language, "text": converted})
    return found


def _texts_by_language(data: Any, path: Path_ = ()) -> list[tuple[Path_, dict[str, Any]]]:
    found: list[tuple[Path_, dict[str, Any]]] = []
    if isinstance(data, dict):
        if (
            data
            and all(isinstance(key, str) and _LANGUAGE_KEY.match(key) for key in data)
            and all(value is None or isinstance(value, str) for value in data.values())
        ):
            return [(path, data)]
        for key, value in data.items():
            found.extend(_texts_by_language(value, (*path, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.extend(_texts_by_language(value, (*path, index)))
    return found


def _untranslated(loaded: LoadedProfile, catalogs: dict[str, Catalog]) -> list[dict[str, Any]]:
    """The texts written once that look untranslated in a language (cvtex validate's)."""
    found = []
    for language, catalog in catalogs.items():
        try:
            _, untranslated = find_untranslated(loaded, catalog)
        except CvtexError:
            continue
        for item in untranslated:
            if item.file == loaded.file:
                found.append({"path": list(item.path), "lang": language})
    return found


def _out_of_date(loaded: LoadedProfile, languages: list[str]) -> list[dict[str, Any]]:
    """The texts that may be out of date (validate's), as this revision has them: the
    builds remember what the texts were, the page only reads it."""
    return [
        {"path": list(item.path), "lang": item.language, "since": list(item.changed)}
        for item in out_of_date(loaded, languages, record=False)
        if item.file == loaded.file
    ]

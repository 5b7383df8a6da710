"""Where a CV in one language shows a text without text of that language.

Each such place is a field of the profile (or of a letter): a plain string that looks
untranslated there (untranslated.py), a mapping by language that falls back to another
language, or a draft awaiting its author's check. With it goes what a translator, human or
machine, needs to know of it: the section, the field and the entry's organization
("Research Intern" reads otherwise at a bank than at a lab).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..language.catalog import Locales, load_locales
from ..language.traditional import source_language
from ..letter.load import is_letter
from ..pipeline.build import localize
from ..pipeline.load import load, select_languages
from ..pipeline.request import resolve_request
from ..profile.base import Same
from ..profile.drafts import Draft
from ..profile.load import LoadedProfile, load_profile
from ..profile.source import Path_, SourceMap, format_path
from ..text.written import is_own_text, text_systems
from ..view.untranslated import find_untranslated

# The fields that name an entry's organization, in the order they are preferred.
_ORGANIZATION_FIELDS = ("institution", "organization", "affiliation", "issuer", "event")


@dataclass(frozen=True)
class Place:
    """A text shown without text of the target language, where it is written."""

    path: Path_  # in the profile with its includes joined: what validate names
    file: Path  # the file it is written in
    inner: Path_  # its path in that file
    line: int
    source: str  # the language of ``text``
    text: str
    section: str
    field: str
    organization: str | None = None
    draft: Draft | None = None  # the target language's draft standing there

    def where(self, main_file: Path) -> str:
        """``education[0].institution (line 19)``; ``(more.yaml, line 3)`` in an include."""
        if self.file.resolve() == main_file.resolve():
            return f"{format_path(self.inner)} (line {self.line})"
        return f"{format_path(self.inner)} ({self.file.name}, line {self.line})"

    def context(self) -> dict[str, str]:
        """What an engine is told of the text's place in the CV."""
        found = {"section": self.section, "field": self.field}
        if self.organization:
            found["organization"] = self.organization
        return found


class OneLanguageWanted(InputError):
    """``--lang`` named no language, or several: a translation file is for one."""

    def __init__(self) -> None:
        super().__init__("give one language, such as zh")


@dataclass(frozen=True)
class Places:
    """The places a file's CV in ``language`` lacks text of it, in the files' order."""

    language: str
    places: list[Place]
    loaded: LoadedProfile | None  # None for a letter
    locales: Locales


def places_of(file: Path, language: str, locale_files: Sequence[Path] = ()) -> Places:
    """For a profile or a letter: the one language asked for (``all`` is a profile's only
    one) and the places its CV in that language lacks text of it."""
    if is_letter(file):
        # The letter loads as a build of that one language would: it is named beforehand.
        if not language or "," in language or language.strip() == "all":
            raise OneLanguageWanted
        language = language.strip()
        return Places(language, letter_places(file, language, locale_files), None, Locales())
    loaded = load_profile(file)
    locales = load_locales(locale_files)
    chosen = select_languages(language, loaded.profile.languages, locales)
    if len(chosen) != 1:
        raise OneLanguageWanted
    return Places(chosen[0], profile_places(loaded, chosen[0], locales), loaded, locales)


def profile_places(
    loaded: LoadedProfile, language: str, locales: Locales | None = None
) -> list[Place]:
    """The places the CV in ``language`` shows without text of that language, its drafts
    included, in the order of the files' lines (the profile's own, then included files')."""
    locales = locales or Locales()
    catalog = locales.catalog(language)
    view, untranslated = find_untranslated(loaded, catalog)
    found: dict[Path_, Place] = {}
    for item in untranslated:
        source = _language_of(item.text, loaded, language, locales)
        found.setdefault(item.path, _place(loaded, item.path, source, item.text))
    for fallback in view.fallbacks:
        text = _text_in(loaded, fallback.path, fallback.used)
        found.setdefault(fallback.path, _place(loaded, fallback.path, fallback.used, text))
    for draft in loaded.drafts:
        if draft.language != language:
            continue
        source = _source_of(loaded, draft.path, language, locales)
        if source is None:
            continue  # a draft with nothing to translate from: only accept takes it
        text = _text_in(loaded, draft.path, source)
        found[draft.path] = _place(loaded, draft.path, source, text, draft)
    return sorted(
        found.values(),
        key=lambda place: (place.file.resolve() != loaded.file.resolve(), place.line),
    )


def letter_places(file: Path, language: str, locale_files: Sequence[Path] = ()) -> list[Place]:
    """A letter's texts that its ``language`` shows without text of that language (its
    sender's, from the profile, are the profile's to translate)."""
    loaded = load(resolve_request(file, languages=language, locale_files=locale_files))
    letter = loaded.letter
    assert letter is not None
    places = []
    for item in localize(loaded):
        assert item.letter is not None
        for fallback in item.letter.fallbacks:
            if fallback.file != letter.file:
                continue
            path = _scalar_path(letter.source, fallback.path)
            text = _value_at(letter.letter, path)
            text = getattr(text, "text", text)  # a paragraph: {text: ..., only: ...} or bare
            text = text[fallback.used] if isinstance(text, dict) else str(text)
            line = letter.source.locate(path).line
            parts = [part for part in path if isinstance(part, str)]
            places.append(
                Place(
                    path,
                    letter.file,
                    path,
                    line,
                    fallback.used,
                    (text or "").strip(),
                    "letter",
                    parts[-1] if parts else "text",
                )
            )
    return sorted(places, key=lambda place: place.line)


def _place(
    loaded: LoadedProfile, path: Path_, source: str, text: str, draft: Draft | None = None
) -> Place:
    written = _scalar_path(loaded.source, path)
    file, inner = loaded.source.origin(written)
    section, field = _section_and_field(written)
    return Place(
        written,
        file,
        inner,
        loaded.source.locate(written).line,
        source,
        text.strip(),
        section,
        field,
        _organization(loaded, written, source, field),
        draft,
    )


def _section_and_field(path: Path_) -> tuple[str, str]:
    names = [part for part in path if isinstance(part, str)]
    section = names[1] if names[0] == "sections" and len(names) > 1 else names[0]
    # {text: ...} and {name: ...} hold a bullet's or an author's text: the list names it.
    while len(names) > 1 and names[-1] in ("text", "name"):
        names.pop()
    return section, names[-1]


def _organization(loaded: LoadedProfile, path: Path_, source: str, field: str) -> str | None:
    if len(path) < 2 or not isinstance(path[1], int):
        return None
    try:
        entry = getattr(loaded.profile, str(path[0]))[path[1]]
    except (AttributeError, IndexError, TypeError):
        return None
    for name in _ORGANIZATION_FIELDS:
        if name != field and (value := getattr(entry, name, None)) is not None:
            return _in_language(value, source)
    return None


def _in_language(value: Any, language: str) -> str | None:
    if isinstance(value, Same):
        return value.same
    if isinstance(value, dict):
        text = value.get(language) or next((v for v in value.values() if v), None)
        return text.strip() if isinstance(text, str) else None
    return str(value).strip()


def _value_at(root: Any, path: Path_) -> Any:
    value = root
    for part in path:
        value = value[part] if isinstance(value, dict | list) else getattr(value, str(part))
    return value


def _scalar_path(source: SourceMap, path: Path_) -> Path_:
    """The path of the text itself: a bullet or label written as {text: ...} holds it under
    text:, an author or a skill written as {name: ...} under name:."""
    for key in ("text", "name"):
        if (*path, key) in source.positions:
            return (*path, key)
    return tuple(path)


def _text_in(loaded: LoadedProfile, path: Path_, language: str) -> str:
    value = _value_at(loaded.profile, _scalar_path(loaded.source, path))
    value = getattr(value, "text", value)
    return (value[language] or "") if isinstance(value, dict) else str(value)


def _source_of(loaded: LoadedProfile, path: Path_, target: str, locales: Locales) -> str | None:
    """The language a draft was made from: the first of the profile's other languages that
    the mapping has text in."""
    value = _value_at(loaded.profile, path)
    value = getattr(value, "text", value)
    if not isinstance(value, dict):
        return None
    for code in _other_languages(loaded, target, locales):
        if isinstance(value.get(code), str) and value[code].strip():
            return code
    return None


def _other_languages(loaded: LoadedProfile, target: str, locales: Locales) -> list[str]:
    """The profile's languages other than the target and those converted from it."""
    languages = loaded.profile.languages
    return [
        code
        for code in languages
        if code != target
        and not (locales.has(code) and source_language(locales.catalog(code), languages) == target)
    ]


def _language_of(text: str, loaded: LoadedProfile, target: str, locales: Locales) -> str:
    """Which of the profile's languages a plain string is written in, by the one rule
    (text/written.py): of the languages other than the target and those converted from it,
    the first written in exactly the text's writing systems (zh-TW before ja for Chinese,
    in the profile's order), else the first the text reads as its own in."""
    others = [code for code in _other_languages(loaded, target, locales) if locales.has(code)]
    systems = text_systems(text)
    exact = [code for code in others if frozenset(locales.catalog(code).scripts) == systems]
    own = [code for code in others if is_own_text(text, locales.catalog(code).scripts)]
    return next(iter([*exact, *own, *others]), loaded.profile.languages[0])

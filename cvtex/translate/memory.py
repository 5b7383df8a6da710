"""Translation memory: the texts a profile already has in two languages, reused.

A profile that writes ``institution: {en: Tsinghua University, zh: 清华大学}`` once has
translated "Tsinghua University" wherever else it stands. The memory holds, for one target
language, every such pair of the profile's own files (``profile``), of other profiles given
with ``--memory`` (``memory NAME``), and the official names of the target language's catalog
(``catalog``: its ``terms:``), in that order of preference: the author's own choice first.
It works in every direction: ``{zh: 清华大学, en: Tsinghua University}`` is a pair for an
English CV drafted from Chinese as for a Chinese one drafted from English, and a catalog's
official names are read back (腾讯 → Tencent) when the target is the language they name.

What the memory fills in is a suggestion: a translation file marks it as such, and a
profile holds it as a draft (``{draft: 清华大学, from: memory}``) until it is accepted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..language.catalog import Catalog, Locales
from ..language.traditional import Conversion
from ..profile.drafts import is_text_mapping
from ..profile.source import Path_, format_path, load_yaml
from ..text.written import is_own_text
from .places import Places

# Keys whose mappings by language are settings, not texts of the CV.
_NOT_TEXTS = {"glossary", "protect", "layout", "fallback", "fonts", "design", "variants"}
# A glossary holds names and terms, not sentences: longer pairs are left out of it.
_TERM_LENGTH = 80


@dataclass(frozen=True)
class Remembered:
    """A translation the memory holds, and where it comes from."""

    text: str
    origin: str  # "profile", "memory other.yaml", "catalog"
    where: str = ""  # the field it was written in, for a translator's note

    def describe(self) -> str:
        return f"{self.origin} ({self.where})" if self.where else self.origin


def key_of(text: str) -> str:
    """A text as the memory compares it: whitespace runs as one space."""
    return " ".join(text.split())


@dataclass
class Memory:
    """Translations into ``target``, by the text they translate."""

    target: str
    pairs: dict[str, Remembered] = field(default_factory=dict)
    # The catalog's official names, by the casefolded name they translate.
    terms: dict[str, tuple[str, Remembered]] = field(default_factory=dict)

    def add(self, text: str, translation: str, origin: str, where: str = "") -> None:
        # The first pair of a text wins: the profile's own are added before the others.
        if text.strip() and translation.strip():
            self.pairs.setdefault(key_of(text), Remembered(translation.strip(), origin, where))

    def add_catalog(self, catalog: Catalog) -> None:
        for name, official in catalog.terms.items():
            remembered = Remembered(official, "catalog")
            self.terms.setdefault(key_of(name).casefold(), (key_of(name), remembered))

    def add_catalog_reversed(self, catalog: Catalog, scripts: Sequence[str]) -> None:
        """Another language's official names, read back into the names they are of when
        those are written in ``scripts`` (the target's): 腾讯 → Tencent for English."""
        for name, official in catalog.terms.items():
            if is_own_text(name, scripts) and not is_own_text(official, scripts):
                remembered = Remembered(name, "catalog")
                self.terms.setdefault(key_of(official).casefold(), (key_of(official), remembered))

    def lookup(self, text: str) -> Remembered | None:
        key = key_of(text)
        if key in self.pairs:
            return self.pairs[key]
        term = self.terms.get(key.casefold())
        return term[1] if term else None

    def glossary(self, texts: Iterable[str]) -> list[tuple[str, str]]:
        """The names and terms the memory holds that stand in ``texts``: what a machine
        translator is told to use (never the whole memory: only what the texts need)."""
        joined = "\n".join(texts).casefold()
        found: dict[str, str] = {}
        candidates = [(text, item) for text, item in self.pairs.items()]
        candidates += list(self.terms.values())
        for text, item in candidates:
            if len(text) > _TERM_LENGTH or "\n" in text or text.casefold() in found:
                continue
            if _stands_in(text.casefold(), joined):
                found.setdefault(text, item.text)
        return sorted(found.items(), key=lambda pair: pair[0].casefold())


def _stands_in(term: str, text: str) -> bool:
    """``term`` in ``text`` as whole words (Hefei in "Hefei, China", not in "Hefeibank")."""
    pattern = r"(?<!\w)" + re.escape(term) + r"(?!\w)"
    return re.search(pattern, text) is not None


def memory_of(found: Places, file: Path, other_profiles: Sequence[Path] = ()) -> Memory | None:
    """The memory for the places a profile's CV lacks text at (None for a letter's): its
    own pairs and others', the target catalog's official names and, read back, those of
    the catalogs of the profile's other languages."""
    if found.loaded is None:
        return None
    locales, target = found.locales, found.language
    catalog = _with_terms(locales.catalog(target), locales) if locales.has(target) else None
    sources = [
        _with_terms(locales.catalog(code), locales)
        for code in found.loaded.profile.languages
        if code != target and locales.has(code)
    ]
    return memory_for(target, profile_files(file), other_profiles, catalog, sources)


def _with_terms(catalog: Catalog, locales: Locales) -> Catalog:
    """``catalog`` with official names: its own, else (a Chinese converted from another:
    zh-TW, zh-HK) those of the catalog it converts from, converted as its CV converts them
    (北京大学 → 北京大學), so that a profile written in Traditional first finds them too."""
    source = catalog.convert_from
    if catalog.terms or source is None or not locales.has(source):
        return catalog
    terms = locales.catalog(source).terms
    if not terms or source not in catalog.conversions:
        return catalog
    convert = Conversion(catalog.conversions[source], {})
    return catalog.model_copy(
        update={"terms": {name: convert(official) for name, official in terms.items()}}
    )


def memory_for(
    target: str,
    profile_files: Sequence[Path],
    other_profiles: Sequence[Path] = (),
    catalog: Catalog | None = None,
    sources: Sequence[Catalog] = (),
) -> Memory:
    """The memory for translating into ``target``: the profile's own pairs (its files:
    the profile and what it includes), other profiles' pairs, the catalog's terms, and
    the ``sources`` catalogs' terms read back."""
    memory = Memory(target)
    for file in profile_files:
        for path, text, translation in pairs_in(file, target):
            memory.add(text, translation, "profile", format_path(path))
    for other in other_profiles:
        files = [other, *_included(other)]
        for file in files:
            for path, text, translation in pairs_in(file, target):
                memory.add(text, translation, f"memory {other.name}", format_path(path))
    if catalog is not None:
        memory.add_catalog(catalog)
        for source in sources:
            memory.add_catalog_reversed(source, catalog.scripts)
    return memory


def pairs_in(file: Path, target: str) -> Iterator[tuple[Path_, str, str]]:
    """Each text of ``file`` written in another language and in ``target`` (a draft is
    no translation yet): its path, the text, its translation. ``{same: X}`` pairs X with X."""
    data, _ = load_yaml(file, prose=True)
    if not isinstance(data, dict):
        raise InputError(f"{file}: not a profile (a YAML mapping of name:, education:, ...)")
    for key, value in data.items():
        if key not in _NOT_TEXTS:
            yield from _pairs(value, (key,), target)


def _pairs(value: Any, path: Path_, target: str) -> Iterator[tuple[Path_, str, str]]:
    if isinstance(value, dict) and set(value) == {"same"} and isinstance(value["same"], str):
        yield path, value["same"], value["same"]
    elif is_text_mapping(value):
        translation = value.get(target)
        if isinstance(translation, str):
            for language, text in value.items():
                if language != target and isinstance(text, str):
                    yield path, text, translation
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _pairs(item, (*path, key), target)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _pairs(item, (*path, index), target)


def _included(file: Path) -> list[Path]:
    data, _ = load_yaml(file, prose=True)
    included = data.get("include") if isinstance(data, dict) else None
    if not isinstance(included, list):
        return []
    return [(file.parent / name).resolve() for name in included if isinstance(name, str)]


def profile_files(file: Path) -> list[Path]:
    """A profile and the files it includes: where its own pairs are written."""
    return [file, *(path for path in _included(file) if path.is_file())]

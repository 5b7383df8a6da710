"""One Chinese into another with OpenCC, around the user's terms: Simplified into Traditional
(Taiwan, Hong Kong), Traditional back into Simplified, Taiwan's forms into Hong Kong's.

Which text a CV converts, and how, is decided here and only here, from two things: the
catalog's ``conversions:`` (by the language a text is written in, OpenCC's configurations
in order) and the profile's ``languages:``. The first Chinese the profile lists is the one
its plain strings are written in: ``[zh-TW, en]`` writes Traditional, and its zh-TW CV sets
that text byte for byte while a Simplified CV converts it (tw2sp); ``[en, zh]`` writes
Simplified, converted for zh-TW (s2twp) and zh-HK (s2hk) as before.

OpenCC converts character by character and phrase by phrase, which is right for running
text and wrong for proper nouns: a personal name such as 方缙 would become 方縉, and a
degree's official name 计算机科学与技术 would get Taiwan's 電腦. The profile's ``protect``
terms are kept exactly as written and its ``glossary`` terms get the user's own
conversion; only the text between them goes through OpenCC.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING

from ..profile.model import Profile
from .catalog import Catalog

if TYPE_CHECKING:
    import opencc

Convert = Callable[[str], str]


def unchanged(text: str) -> str:
    return text


@cache
def _opencc(config: str) -> opencc.OpenCC:
    import opencc  # only builds in a converted language (Traditional) need it

    return opencc.OpenCC(config)


class Conversion:
    """Text converted by OpenCC configurations in turn, with fixed replacements for some terms."""

    def __init__(self, configs: str | Sequence[str], terms: Mapping[str, str]) -> None:
        chain = [configs] if isinstance(configs, str) else list(configs)
        self.converters = [_opencc(config) for config in chain]
        self.terms = dict(terms)
        # Longest first, so that a term inside a longer one never splits it.
        ordered = sorted(self.terms, key=len, reverse=True)
        self.pattern = re.compile("|".join(map(re.escape, ordered))) if ordered else None

    def converted(self, text: str) -> str:
        for converter in self.converters:
            text = converter.convert(text)
        return text

    def __call__(self, text: str) -> str:
        if self.pattern is None:
            return self.converted(text)
        out, last = [], 0
        for match in self.pattern.finditer(text):
            out.append(self.converted(text[last : match.start()]))
            out.append(self.terms[match.group()])
            last = match.end()
        out.append(self.converted(text[last:]))
        return "".join(out)


def glossary_terms(
    glossary: Mapping[str, str | Mapping[str, str]],
    protect: Sequence[str],
    keys: Sequence[str],
) -> dict[str, str]:
    """The replacements that apply to one language, whose own text is under ``keys``.

    A glossary entry given as one text applies to every converted language; one given by
    language applies where it names the language (or one of its ``keys``, such as zh-Hant).
    A glossary entry wins over a protected term written the same.
    """
    terms = {term: term for term in protect}
    for term, replacement in glossary.items():
        if isinstance(replacement, str):
            terms[term] = replacement
        elif chosen := next((replacement[key] for key in keys if key in replacement), None):
            terms[term] = chosen
    return terms


def source_language(catalog: Catalog, languages: Sequence[str]) -> str | None:
    """The language a CV in ``catalog``'s language converts its text from, for a profile
    written in ``languages``; None when it converts nothing (its own text is written).

    The first of the profile's languages that is this one or one it converts from decides:
    this one (zh-TW in ``[zh-TW, en, zh]``) converts nothing; another (zh in ``[en, zh]``
    for zh-TW) is the source. A profile naming neither takes the catalog's convert_from.
    """
    candidates = {*catalog.own_keys, *catalog.conversions}
    first = next((code for code in languages if code in candidates), catalog.convert_from)
    if first is None or first in catalog.own_keys or first not in catalog.conversions:
        return None
    return first


def converted_languages(
    catalogs: Mapping[str, Catalog], languages: Sequence[str]
) -> dict[str, str]:
    """Each of ``catalogs``' languages that converts its text, with the language it
    converts from, for a profile written in ``languages``."""
    return {
        code: source
        for code, catalog in catalogs.items()
        if (source := source_language(catalog, languages)) is not None
    }


def conversion_from(catalog: Catalog, profile: Profile, source: str | None) -> Convert:
    """How text written in ``source`` becomes text of the catalog's language, with the
    profile's protected and glossary terms; unchanged for a language it does not convert."""
    if source is None or source not in catalog.conversions or source in catalog.own_keys:
        return unchanged
    terms = glossary_terms(profile.glossary, profile.protect, catalog.own_keys)
    return Conversion(catalog.conversions[source], terms)


def conversion_for(catalog: Catalog, profile: Profile) -> Convert:
    """How the profile's text in the language the catalog's converts from (its plain
    strings, and its fields without text of their own) becomes the catalog's language."""
    return conversion_from(catalog, profile, source_language(catalog, profile.languages))

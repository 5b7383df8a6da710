"""Simplified Chinese into Traditional (Taiwan, Hong Kong) with OpenCC, around the user's terms.

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
    """Text converted by one OpenCC configuration, with fixed replacements for some terms."""

    def __init__(self, config: str, terms: Mapping[str, str]) -> None:
        self.converter = _opencc(config)
        self.terms = dict(terms)
        # Longest first, so that a term inside a longer one never splits it.
        ordered = sorted(self.terms, key=len, reverse=True)
        self.pattern = re.compile("|".join(map(re.escape, ordered))) if ordered else None

    def __call__(self, text: str) -> str:
        if self.pattern is None:
            return self.converter.convert(text)
        out, last = [], 0
        for match in self.pattern.finditer(text):
            out.append(self.converter.convert(text[last : match.start()]))
            out.append(self.terms[match.group()])
            last = match.end()
        out.append(self.converter.convert(text[last:]))
        return "".join(out)


def glossary_terms(
    glossary: Mapping[str, str | Mapping[str, str]],
    protect: Sequence[str],
    keys: Sequence[str],
) -> dict[str, str]:
    """The replacements that apply to one language, whose own text is under ``keys``.

    A glossary entry given as one text applies to every Traditional language; one given by
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


def conversion_for(catalog: Catalog, profile: Profile) -> Convert:
    """How text of the language a catalog converts from becomes text of the catalog's own."""
    if catalog.opencc is None:
        return unchanged
    terms = glossary_terms(profile.glossary, profile.protect, catalog.own_keys)
    return Conversion(catalog.opencc, terms)

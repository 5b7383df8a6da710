"""Whether an author of a paper is the CV's owner, whatever form of the name the paper uses.

Author lists write one person many ways: "Andreas Müller", "A. Müller", "Müller, Andreas",
"Andreas Mueller" without the diacritic... A name in Latin letters matches an owner's form
when the family names are the same (case and diacritics aside) and every given name they
both write agrees: the same name, or an initial of it ("H.-L." of "Hong-Li"). Names in
other scripts (方缙) match as written, a space between Chinese or Japanese characters aside
(佐藤 陽翔 is 佐藤陽翔).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ..text.scripts import without_spaceless_spaces

_WORD = re.compile(r"[^\W\d_]+\.?", re.UNICODE)


@dataclass(frozen=True)
class _Name:
    families: frozenset[str]  # the family name's folded forms
    given: tuple[str, ...]  # folded; an initial ends in "."


# German writes an umlaut as a following e where it has no ü (Müller, Mueller).
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def _families(text: str) -> set[str]:
    """A family name's folded forms: without its diacritics, and with umlauts as ae/oe/ue."""
    return {" ".join(_WORD.findall(_fold(form))) for form in (text, text.translate(_UMLAUTS))}


# A CV names its owner's coauthors on paper after paper: each form is read once.
@lru_cache(maxsize=1 << 12)
def _latin_name(text: str) -> _Name | None:
    """A personal name in Latin letters as family and given names, or None."""
    if not all("LATIN" in unicodedata.name(ch, "") for ch in text if ch.isalpha()):
        return None
    if "," in text:
        family, _, given = text.partition(",")
    else:
        words = text.split()
        if len(words) < 2:
            return None
        family, given = words[-1], " ".join(words[:-1])
    families = frozenset(form for form in _families(family) if form)
    given_words = _WORD.findall(_fold(given).replace("-", " "))
    if not families or not given_words:
        return None
    return _Name(families, tuple(given_words))


def _agree(one: str, other: str) -> bool:
    if one.endswith(".") or other.endswith("."):
        return one[0] == other[0]
    return one == other


def _same_person(name: _Name, owner: _Name) -> bool:
    if not name.families & owner.families:
        return False
    if "".join(name.given) == "".join(owner.given):
        return True  # Hongli and Hong-Li
    return all(_agree(a, b) for a, b in zip(name.given, owner.given, strict=False))


class OwnerNames:
    """The forms of the owner's name a profile lists (and its name itself)."""

    def __init__(self, forms: Iterable[str]) -> None:
        self.exact = {without_spaceless_spaces(form.strip()) for form in forms if form.strip()}
        self.latin = [name for form in self.exact if (name := _latin_name(form))]

    def match(self, *written: str) -> bool:
        """Whether any of ``written`` (one author's forms) names the owner."""
        if self.exact & {without_spaceless_spaces(text.strip()) for text in written}:
            return True
        for text in written:
            name = _latin_name(text)
            if name is not None and any(_same_person(name, owner) for owner in self.latin):
                return True
        return False

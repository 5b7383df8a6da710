"""The language of an imported file's text, told from its script when the file does not say.

Kana is Japanese (Japanese writes Han with kana, Chinese never does), Hangul Korean, Han
without either Chinese, anything else English: the languages cvtex has catalogs for. A
CV in English with a Chinese name or a few Chinese words stays English: CJK letters must
be a fifth of the letters at least.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from ..text.scripts import writing_system
from .reader import T

_ASCII_LETTERS = re.compile(r"[A-Za-z]")
_CJK_SHARE = 0.2  # of all letters, for the text to be taken for Chinese, Japanese or Korean
_KANA_SHARE = 0.05  # of the CJK letters: a Japanese text's kana (particles, endings)


def language_of_text(data: Any) -> str:
    """ja, ko, zh or en, from the letters of every text (:class:`T`) in ``data``."""
    return language_of(strings_in(data, T))


def language_of_file(data: Any) -> str:
    """The same, from every string of a file's own data, before a reader has marked its
    texts (a reader whose joining punctuation depends on the language)."""
    return language_of(strings_in(data))


def language_of(texts: Iterable[str]) -> str:
    counts: Counter[str] = Counter()
    latin = writing_system("a") or ""
    for text in texts:
        if text.isascii():  # most of an export's text: its letters counted at C speed
            counts[latin] += len(text) - len(_ASCII_LETTERS.sub("", text))
            continue
        counts.update(writing_system(char) or "" for char in text if char.isalpha())
    letters = sum(counts.values())
    kana = counts["Hiragana"] + counts["Katakana"]
    cjk = counts["Han"] + kana + counts["Hangul"]
    if not letters or cjk < _CJK_SHARE * letters:
        return "en"
    if counts["Hangul"] > kana and counts["Hangul"] >= counts["Han"] * 0.5:
        return "ko"
    if kana >= _KANA_SHARE * cjk:
        return "ja"
    return "zh"


def strings_in(value: Any, kind: type[str] = str) -> Iterator[str]:
    """Every string of ``kind`` in ``value``'s dicts and lists, in order."""
    if isinstance(value, kind):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_in(item, kind)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item, kind)

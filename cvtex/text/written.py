"""The language a text is written in, told by its letters: the one rule for every part of cvtex.

A text written once (a plain string in a profile, a line of an imported file) belongs to
the writing system most of its words are in, where each Han, kana or Hangul character
counts as a word of its own, as a word in an alphabet does. So a Chinese sentence with
English terms in it is Chinese (``基于 PyTorch 的训练框架``: seven against one), and an
English sentence with a Chinese name in it is English (``Joint work with 王伟 on graph
learning``: five against two). When the two sides are even, CJK wins: a text that shows as
much Chinese as English is not an English text, and is named where an English CV shows it.

Han with kana is Japanese (Japanese writes Han with kana, Chinese never does), Hangul is
Korean (with or without Hanja), Han alone is Chinese. Links, e-mail addresses and inline
math are not words.

validate, build's count and ``--strict``, ``translate export``/``draft``, the editor and
the importers all ask :func:`written_in` (or :func:`text_systems` and :func:`is_own_text`
over a catalog's ``scripts:``), so they agree on every text.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache, lru_cache
from typing import Literal

from .scripts import writing_system

# What :func:`written_in` answers: a CJK language, or the alphabet most words are in.
CJK_LANGUAGES = ("zh", "ja", "ko")
Written = Literal[
    "zh",
    "ja",
    "ko",
    "Latin",
    "Cyrillic",
    "Greek",
    "Arabic",
    "Hebrew",
    "Devanagari",
    "Thai",
]

# The writing systems each answer's text is written in: what a catalog's ``scripts:``
# must include for the text to be its own.
SYSTEMS: dict[str, frozenset[str]] = {
    "zh": frozenset({"Han"}),
    "ja": frozenset({"Han", "Hiragana", "Katakana"}),
    "ko": frozenset({"Hangul"}),
}

# Left out before counting: link targets (the text of a Markdown link stays), addresses
# and inline math; each looked for only where its mark stands (a CJK text has no spaces
# to stop an address's \S+ at: looking everywhere costs more than all the counting).
_NOT_WORDS = (
    (("](",), re.compile(r"\]\([^)]*\)")),
    (("://", "www.", "mailto:"), re.compile(r"\b(?:https?|ftp)://\S+|\bwww\.\S+|\bmailto:\S+")),
    (("@",), re.compile(r"[^\s@]+@\S+")),
    (("$",), re.compile(r"\$[^$]*\$")),
)
_LETTERS = re.compile(r"[^\W\d_]+")
# Runs of letters of which every character counts as a word: Han, kana and Hangul.
_SYLLABIC = frozenset({"Han", "Hiragana", "Katakana", "Hangul"})
# Japanese (Korean) text: kana (Hangul) at least this share of its CJK characters; a
# Chinese text quoting one shop name's の stays Chinese.
_KANA_SHARE = 0.05


def letter_runs(text: str) -> list[str]:
    """The runs of letters of ``text``, its link targets, addresses and math left out."""
    for marks, pattern in _NOT_WORDS:
        if any(mark in text for mark in marks):
            text = pattern.sub(" ", text)
    return _LETTERS.findall(text)


def word_counts(text: str) -> Counter[str]:
    """How many words of each writing system ``text`` has: each Han, kana or Hangul
    character is one, as is each run of another alphabet's letters (a run mixing
    alphabets counts for the system of its first letter)."""
    counts: Counter[str] = Counter()
    for run in letter_runs(text):
        if run.isascii():
            counts["Latin"] += 1
            continue
        pending = ""  # the alphabet of the word being read, counted when it ends
        for letter in run:
            system = _system(letter)
            if system in _SYLLABIC:
                if pending:
                    counts[pending] += 1
                    pending = ""
                counts[system] += 1
            elif not pending:
                pending = system
        if pending:
            counts[pending] += 1
    return counts


# Letters whose Unicode names name no system: the marks Japanese and Chinese write as letters.
_MARKS = {"\u30fc": "Katakana", "\u3005": "Han", "\u3006": "Han", "\u303b": "Han"}


@cache
def _system(letter: str) -> str:
    # Letters of no known system (Ethiopic, Georgian, ...) count as one "other" alphabet.
    return _MARKS.get(letter) or writing_system(letter) or "other"


@lru_cache(maxsize=8192)
def written_in(text: str) -> str | None:
    """zh, ja, ko, or the alphabet (Latin, Cyrillic, ...) most of ``text``'s words are
    in; None for a text with no letters (a number, a date, punctuation).

    Kept for the texts last asked of: a build asks of each plain string once per language,
    and of a text again for its writing systems."""
    return _decide(word_counts(text))


def _decide(counts: Counter[str]) -> str | None:
    han, hangul = counts["Han"], counts["Hangul"]
    kana = counts["Hiragana"] + counts["Katakana"]
    cjk = han + kana + hangul
    alphabets = [(n, system) for system, n in counts.items() if system not in _SYLLABIC]
    most, alphabet = max(alphabets, default=(0, None))
    if cjk == 0 and most == 0:
        return None
    if cjk >= most:
        # Chinese writes neither kana nor Hangul: a share of either is Japanese or Korean
        # (Korean with Hanja, 韓國科學技術院 전산학부, is Korean).
        if max(kana, hangul) >= _KANA_SHARE * cjk:
            return "ko" if hangul > kana else "ja"
        return "zh"
    return alphabet if alphabet != "other" else None


def text_systems(text: str) -> frozenset[str]:
    """The writing systems of the language ``text`` is written in: {Han} for Chinese,
    {Han, Hiragana, Katakana} for Japanese, {Hangul}, {Latin}, ...; empty for no letters."""
    written = written_in(text)
    if written is None:
        return frozenset()
    return SYSTEMS.get(written, frozenset({written}))


def writes_cjk(scripts: list[str] | frozenset[str] | tuple[str, ...]) -> bool:
    """Whether a language written in ``scripts`` (a catalog's ``scripts:``) is a CJK one."""
    return bool(_SYLLABIC & set(scripts))


def is_cjk(text: str) -> bool:
    """Whether ``text`` is written in Chinese, Japanese or Korean by :func:`written_in`."""
    return written_in(text) in CJK_LANGUAGES


def is_own_text(text: str, scripts: list[str] | frozenset[str] | tuple[str, ...]) -> bool:
    """Whether ``text`` reads as written in a language written in ``scripts`` (a catalog's
    ``scripts:``): its majority language is, or it has no letters at all.

    Japanese text in a Chinese CV is not its own (kana is not among Chinese's scripts);
    Chinese text in a Japanese CV is (Japanese writes Han)."""
    systems = text_systems(text)
    if not systems:
        return True
    if "Han" in systems and len(systems) > 1:  # Japanese: its kana must be the language's
        return bool(systems - {"Han"} <= set(scripts))
    return bool(systems & set(scripts))

"""The language of an imported file's text, told from its letters when the file does not say.

Each text's language is the rule every part of cvtex asks
(:func:`~cvtex.text.written.written_in`): each Han, kana or Hangul character a word, the
majority deciding, CJK on a tie; Han with kana is Japanese, Hangul Korean, Han alone
Chinese, anything else English (the languages cvtex has catalogs for). The file's is the
language most of its words are written in, text by text: a Chinese CV full of English
terms is Chinese, an English CV with a Chinese name stays English, and a Japanese line
in a Chinese CV is a line, not the file.

Chinese is Traditional or Simplified by the whole file, not text by text: OpenCC's
Traditional-to-Simplified conversion changes the characters written in Traditional
forms, its Simplified-to-Traditional one those written in Simplified forms, and the side
with more of them is the file's (most characters, 研究方向, are written alike in both). A
Traditional file is ``zh-TW``; ``--lang zh-HK`` names Hong Kong's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..language.catalog import Catalog
from ..language.traditional import Conversion
from ..text.written import CJK_LANGUAGES, is_cjk, word_counts, written_in
from .located import where_written
from .reader import Note, Read, T

# The catalog a language tag of another tool's file names (meta.language, ORCID's
# language-code): its script or region, where cvtex has a catalog for it.
_TRADITIONAL_TAGS = {"zh-tw": "zh-TW", "zh-hant": "zh-TW", "zh-hant-tw": "zh-TW"}
_TRADITIONAL_TAGS |= {"zh-hk": "zh-HK", "zh-mo": "zh-HK", "zh-hant-hk": "zh-HK"}


def language_of_text(data: Any) -> str:
    """The catalog (ja, ko, zh, zh-TW or en) of the texts (:class:`T`) in ``data``."""
    return language_of(strings_in(data, T))


def language_of_file(data: Any) -> str:
    """The same, from every string of a file's own data, before a reader has marked its
    texts (a reader whose joining punctuation depends on the language)."""
    return language_of(strings_in(data))


def language_of(texts: Iterable[str]) -> str:
    """ja, ko, zh, zh-TW or en: the language most of ``texts``' words are written in, each
    text's words of its own script counted for the language the rule says it is in ("Mei
    Lin (林梅)" is two English words), CJK on a tie. A text in Han alone is Chinese by the
    rule, and may be Japanese (東京大学): a file whose Japanese (or Korean) texts hold a
    fifth of its CJK words is Japanese (Korean), its Han with it; a Japanese line in a
    Chinese file stays one line."""
    texts = list(texts)
    words: Counter[str] = Counter()
    for text in texts:
        if text.isascii():  # most of an export's texts: English words, counted at C speed
            words["en"] += len(_ASCII_WORDS.findall(text))
            continue
        if (written := written_in(text)) is None:
            continue
        counts = word_counts(text)
        cjk = sum(counts[system] for system in _CJK_SYSTEMS)
        if written in CJK_LANGUAGES:
            words[written] += cjk
        else:
            words["en"] += sum(counts.values()) - cjk
    cjk = words["zh"] + words["ja"] + words["ko"]
    if cjk == 0 or cjk < words["en"]:
        return "en"
    for language in sorted(("ja", "ko"), key=lambda code: -words[code]):
        if words[language] >= _OWN_SHARE * cjk:
            return language
    return chinese_of(texts).catalog


def catalog_code(tag: str | None) -> str | None:
    """A language tag as another tool writes it (zh_CN, zh-Hant, en-US, ja-JP) as the
    catalog cvtex has for it (zh, zh-TW, en, ja); None for no tag."""
    code = (tag or "").strip().replace("_", "-")
    if not code:
        return None
    lower = code.lower()
    if lower in _TRADITIONAL_TAGS:
        return _TRADITIONAL_TAGS[lower]
    return lower.split("-")[0]


@dataclass(frozen=True)
class Chinese:
    """Which forms a file's Chinese is written in: how many characters are written in
    Traditional forms only, and how many in Simplified forms only."""

    traditional: int
    simplified: int

    @property
    def catalog(self) -> str:
        return "zh-TW" if self.traditional > self.simplified else "zh"


def chinese_of(texts: Iterable[str]) -> Chinese:
    """The forms of the Chinese in ``texts``, counted over them all."""
    traditional = simplified = 0
    for text in texts:
        counted = forms_of(text)
        traditional += counted.traditional
        simplified += counted.simplified
    return Chinese(traditional, simplified)


def forms_of(text: str) -> Chinese:
    """The characters of ``text`` written in Traditional forms only, and in Simplified."""
    if text.isascii():
        return Chinese(0, 0)
    to_simplified, to_traditional = _converted(text)
    return Chinese(_changed(text, to_simplified), _changed(text, to_traditional))


def _converted(text: str) -> tuple[str, str]:
    return _conversion("t2s")(text), _conversion("s2t")(text)


@cache
def _conversion(config: str) -> Conversion:
    return Conversion(config, {})  # made when first asked: most imports have no Chinese


def _changed(text: str, converted: str) -> int:
    return sum(mine != theirs for mine, theirs in zip(text, converted, strict=False))


def own_language(text: str, languages: list[str]) -> str | None:
    """The language of ``languages`` that ``text`` is written in by the rule (Chinese: the
    profile's first Chinese), or None when it lists none such."""
    written = written_in(text)
    if written == "zh":
        return next((code for code in languages if code.split("-")[0] == "zh"), None)
    code = written if written in CJK_LANGUAGES else "en"
    return code if code in languages else None


_CJK_SYSTEMS = ("Han", "Hiragana", "Katakana", "Hangul")
_ASCII_WORDS = re.compile(r"[A-Za-z]+")
_OWN_SHARE = 0.2  # of a file's CJK words: its Japanese or Korean texts', for it to be theirs
# The languages named in the notes of texts written in another one.
_NAMES = {"zh": "Chinese", "ja": "Japanese", "ko": "Korean"}
_FORMS = {"zh": "Simplified characters", "zh-TW": "Traditional characters"}


def written_otherwise(read: Read) -> list[Note]:
    """A note, at its line, for each text of a Chinese, Japanese or Korean file written in
    another of them (kana in a Chinese file, Hangul in a Japanese one), or in the other
    forms of Chinese than the file's: it is imported as written, under the file's language,
    and the note says so, so that a file mixing scripts is never read in silence. (Han
    alone in a Japanese or Korean file is their own: both write Han.)"""
    language = read.language or "en"
    base = language.split("-")[0]
    if base not in CJK_LANGUAGES:
        return []
    file_forms = _FORMS["zh-TW" if language != "zh" else "zh"] if base == "zh" else ""
    notes = []
    for text in dict.fromkeys(strings_in(read.data, T)):
        written = written_in(text)
        if written in CJK_LANGUAGES and written not in (base, "zh"):
            what = f"written in {_NAMES[written]}, the rest of the file in {_NAMES[base]}"
        elif written == "zh" and base == "zh":
            forms = forms_of(text)
            # One character proves nothing (乾 is a name's in both forms): two do.
            if abs(forms.traditional - forms.simplified) < 2:
                continue
            own = _FORMS[forms.catalog]
            if own == file_forms:
                continue
            what = f"written in {own}, the rest of the file in {file_forms}"
        else:
            continue
        shown = text if len(text) <= 40 else text[:39] + "…"
        notes.append(
            Note(
                where_written(read.source, text),
                "",
                f"{shown!r}: {what}: imported as written, under {language}; write it "
                "under its own language's key if it is a translation",
            )
        )
    return notes


def listed(words: list[str], catalog: Catalog) -> str:
    """Words joined as the file's language lists them (Python、Go in Chinese); in its Latin
    punctuation when none is CJK (Python, Go), as its CV sets an English title."""
    punctuation = catalog.punctuation
    if punctuation.latin is not None and not any(is_cjk(word) for word in words):
        punctuation = punctuation.latin
    return punctuation.list_separator.join(words)


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

"""A job posting's terms against what a CV's (or a letter's) PDF shows, as read back.

``cvtex check PROFILE --posting posting.txt`` reports, for each language of the CV and
for a letter, which of the posting's terms (skills, tools, degrees) the PDF shows as the
readers read it, which it does not, and which of those the profile holds in items this
CV leaves out (a variant's excluded tags, sections it does not list, bullets past its
limit). A report to act on, not a score.

A term of the posting is:

- a skill of the profile (any language's) or a glossary term, written in the posting;
- a degree the catalogs name (PhD, 硕士), written in the posting;
- in English text, a technical token (C++, PyTorch, gRPC, k8s, CUDA: a symbol, a digit,
  an inner capital or capitals only) or a capitalized word or phrase that does not open
  a sentence (Kubernetes, Machine Learning), unless the catalogs' stop words name it;
- in Chinese text, what stands between punctuation and connectives (、，；和 与), with the
  catalogs' stop words cut off its ends (熟悉分布式系统开发经验 -> 分布式系统开发),
  kept when two to eight characters remain.

Words that depend on the language (stop words, degrees, the report's labels) are the
catalogs' (locales/*.yaml, ``posting:``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError
from ..text.scripts import has_cjk
from .compare import comparable
from .extractors import Extractor

if TYPE_CHECKING:
    from ..language.catalog import Catalog, PostingLabels, PostingWords
    from ..pipeline.load import Loaded
    from ..view.localize import Localized


@dataclass(frozen=True)
class Term:
    text: str  # as the posting writes it
    names: tuple[str, ...] = ()  # other names that show it: a degree's (PhD: Ph.D., 博士)

    def spellings(self) -> list[str]:
        return [key for name in (self.text, *self.names) if (key := comparable(name))]


@dataclass(frozen=True)
class LeftOut:
    term: str
    text: str  # the text of the item that holds it
    where: str  # the profile's file and line


@dataclass(frozen=True)
class PostingReading:
    language: str
    pdf: Path
    labels: PostingLabels  # the report's, in the language's catalog
    terms: list[Term]
    shown: list[str]
    missing: list[str]
    partly: dict[str, list[str]] = field(default_factory=dict)  # term -> readers that read it
    left_out: list[LeftOut] = field(default_factory=list)
    letter: bool = False  # read from a letter: what is left out is the profile's


# -- the posting's terms --------------------------------------------------------------------

_LATIN_TOKEN = re.compile(r"(?<![\w+#.])[A-Za-z.][\w+#.\-/]*[\w+#]|(?<![\w+#])[A-Za-z][+#]*")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;•·*\-–—]\s+|\n\s*)$")
_CJK_BREAKS = re.compile(
    r"[，。、；：！？（）()【】《》「」『』“”\"',;:!?/\n\t·•]|以及|及|与|和|或|并且|并"
)
_YEARS = re.compile(r"^\d+\s*(?:年|years?)\S*")


def read_posting(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(
            f"{path}: the posting cannot be read: {exc}",
            "give --posting a text file (UTF-8): the posting copied from its page",
        ) from None


def posting_terms(
    text: str, vocabulary: Iterable[str], words: Iterable[PostingWords]
) -> list[Term]:
    """The posting's terms, in the order they first appear, each once."""
    words = list(words)
    stop = {word.casefold() for posting in words for word in posting.stop_words}
    levels: dict[str, list[str]] = {}
    for posting in words:
        for level, names in posting.degrees.items():
            levels.setdefault(level, []).extend(names)
    flat = comparable(text)
    # The posting's own spelling first: of two terms that compare the same, it is kept.
    found = [
        (max(_find(comparable(term), flat), 0), Term(term))
        for term in [*_latin_terms(text, stop), *_cjk_terms(text, stop)]
    ]
    for term in vocabulary:
        if (position := _find(comparable(term), flat)) >= 0:
            found.append((position, Term(term)))
    for names in levels.values():
        for name in names:
            if (position := _find(comparable(name), flat)) >= 0:
                found.append((position, Term(name, tuple(n for n in names if n != name))))
    terms: dict[str, Term] = {}
    for _, term in sorted(found, key=lambda pair: pair[0]):
        key = comparable(term.text)
        if key in terms and term.names:  # a degree's other names count, whoever found it
            terms[key] = Term(terms[key].text, term.names)
        terms.setdefault(key, term)
    return [term for key, term in terms.items() if key]


def _latin_terms(text: str, stop: set[str]) -> Iterator[str]:
    """Technical tokens, and capitalized words and phrases that do not open a sentence."""
    phrase: list[str] = []
    for match in _LATIN_TOKEN.finditer(text):
        token = match[0].rstrip(".")
        if not token or token.casefold() in stop:
            yield from _phrase(phrase)
            phrase = []
            continue
        opens = bool(_SENTENCE_START.search(text[: match.start()]))
        between = text[match.start() - 1 : match.start()] if match.start() else ""
        if _technical(token):
            yield from _phrase(phrase)
            phrase = []
            yield token
        elif token[0].isupper() and not opens:
            if phrase and between not in (" ", "-"):
                yield from _phrase(phrase)
                phrase = []
            phrase.append(token)
        else:
            yield from _phrase(phrase)
            phrase = []
    yield from _phrase(phrase)


def _phrase(words: list[str]) -> Iterator[str]:
    if words:
        yield " ".join(words)


def _technical(token: str) -> bool:
    """C++, C#, .NET, Node.js, CI/CD, k8s, gRPC, PyTorch, CUDA: no ordinary word looks so."""
    if re.search(r"[+#/]|\w\.\w|\d", token) or token.startswith("."):
        return True
    if len(token) > 1 and token.isupper():
        return True
    return bool(re.search(r"[a-z][A-Z]", token))


def _cjk_terms(text: str, stop: set[str]) -> Iterator[str]:
    """What stands between Chinese punctuation and connectives, stop words cut off."""
    if not has_cjk(text):
        return
    affixes = sorted((word for word in stop if has_cjk(word)), key=len, reverse=True)
    for segment in _CJK_BREAKS.split(text):
        # Latin words inside are terms of their own (above); what is CJK is one piece.
        for piece in re.split(r"[\sA-Za-z0-9+#.\-]+", segment):
            piece = _YEARS.sub("", piece.strip())
            piece = _trimmed(piece, affixes)
            if 2 <= len(piece) <= 8 and has_cjk(piece):
                yield piece


def _trimmed(piece: str, affixes: list[str]) -> str:
    changed = True
    while changed and piece:
        changed = False
        for affix in affixes:
            if piece.startswith(affix):
                piece, changed = piece[len(affix) :], True
            if piece.endswith(affix):
                piece, changed = piece[: -len(affix)], True
    return piece


def _find(term: str, text: str, start: int = 0) -> int:
    """Where ``term`` stands in ``text`` as a whole word (Latin) or anywhere (CJK)."""
    if not term:
        return -1
    if has_cjk(term):
        return text.find(term, start)
    found = re.compile(rf"(?<![a-z0-9]){re.escape(term)}(?![a-z0-9+#])").search(text, start)
    return found.start() if found else -1


# -- against the PDF ------------------------------------------------------------------------


def vocabulary(loaded: Loaded) -> list[str]:
    """The profile's own terms: its skills in every language, and its glossary."""
    from ..look.fontplan import texts

    profile = loaded.profile.profile
    names = [skill.name for group in profile.skills for skill in group.items]
    glossary = [*profile.glossary, *texts(list(profile.glossary.values()))]
    return [term for term in dict.fromkeys([*texts(names), *glossary]) if term.strip()]


def posting_words(loaded: Loaded) -> list[PostingWords]:
    """Every catalog's posting words the build loaded, with English's: a posting in English
    for a Chinese CV is read with English stop words."""
    catalogs = [*(loaded.locales.catalog(code) for code in loaded.languages), _english(loaded)]
    return [catalog.posting for catalog in catalogs if catalog.posting is not None]


def labels_of(catalog: Catalog, loaded: Loaded) -> PostingWords:
    """The catalog's posting words, else those of the language it is converted from, else
    English's."""
    for candidate in (catalog, *_sources(catalog, loaded)):
        if candidate.posting is not None:
            return candidate.posting
    raise AssertionError("the English catalog has posting words")  # pragma: no cover


def _sources(catalog: Catalog, loaded: Loaded) -> Iterator[Catalog]:
    if catalog.convert_from and loaded.locales.has(catalog.convert_from):
        yield loaded.locales.catalog(catalog.convert_from)
    yield _english(loaded)


def _english(loaded: Loaded) -> Catalog:
    return loaded.locales.catalog("en")


def read_posting_back(
    loaded: Loaded,
    item: Localized,
    pdf: Path,
    terms: list[Term],
    extractors: tuple[Extractor, ...] | None = None,
) -> PostingReading:
    """Which ``terms`` each reader finds in ``pdf``; of the missing, those the profile holds
    in items this CV (or the letter) leaves out."""
    from . import extractors as readers

    texts = {
        extractor.name: " ".join(comparable(page) for page in extractor.pages(pdf))
        for extractor in extractors or readers.EXTRACTORS
    }
    shown, missing, partly = [], [], {}
    for term in terms:
        readers_found = [
            name
            for name, text in texts.items()
            if any(_find(key, text) >= 0 for key in term.spellings())
        ]
        if len(readers_found) == len(texts):
            shown.append(term.text)
        else:
            missing.append(term)
            if readers_found:
                partly[term.text] = readers_found
    left_out = _left_out(loaded, item, missing)
    labels = labels_of(item.catalog, loaded).labels
    missing_texts = [term.text for term in missing]
    return PostingReading(
        item.language,
        pdf,
        labels,
        terms,
        shown,
        missing_texts,
        partly,
        left_out,
        letter=item.letter is not None,
    )


def _left_out(loaded: Loaded, item: Localized, missing: list[Term]) -> list[LeftOut]:
    """The missing terms the profile's items hold in this language, where this CV (or the
    letter) does not show them: the texts of a view of every section and item, less those
    the PDF was made from."""
    if not missing:
        return []
    from ..language.traditional import conversion_for
    from ..profile.model import Variant, default_sections
    from ..render.latex import side_column_kinds
    from ..view.localize import localize
    from .expected import expected_phrases
    from .locate import Locator

    profile, catalog = loaded.profile, item.catalog
    sections = profile.profile.sections or default_sections(profile.profile)
    whole = replace(profile, variant=Variant(layout=list(sections)), variant_name=None)
    everything = localize(whole, catalog)
    kinds = side_column_kinds(loaded.theme, catalog)
    shown = (
        set()
        if item.letter is not None
        else {phrase.text for phrase in expected_phrases(item.view, catalog, kinds)}
    )
    hidden = [
        phrase.text
        for phrase in expected_phrases(everything, catalog, kinds)
        if phrase.text not in shown
    ]
    convert = conversion_for(catalog, profile.profile) if catalog.opencc else None
    locate = Locator(profile, convert)
    found = []
    for term in missing:
        holder = next(
            (
                text
                for text in hidden
                if any(_find(key, comparable(text)) >= 0 for key in term.spellings())
            ),
            None,
        )
        if holder is not None:
            found.append(LeftOut(term.text, holder, locate(holder)))
    return found

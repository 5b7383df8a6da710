"""A job posting's terms against what a CV's (or a letter's) PDF shows, as read back.

``cvtex check PROFILE --posting posting.txt`` reports, for each language of the CV and
for a letter, which of the posting's terms (skills, tools, degrees, the needs it writes in
lower case) the PDF shows as the readers read it, which it does not and where the posting
asks for each of those, and which the profile holds in items this CV leaves out (a
variant's excluded tags, sections it does not list, bullets past its limit). A report to
act on, not a score. What a term is: :mod:`.terms`.

Words that depend on the language (stop words, boilerplate, degrees, the report's labels)
are the catalogs' (locales/*.yaml, ``posting:``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError
from .extractors import Extractor, read_pages
from .terms import Term, catalog_words, find, posting_terms, words_key

if TYPE_CHECKING:
    from ..language.catalog import Catalog, PostingLabels, PostingWords
    from ..pipeline.load import Loaded
    from ..view.localize import Localized

__all__ = ["Term", "posting_terms"]


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
    posting: Path | None = None  # the posting's file: where each term is asked for


def read_posting(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(
            f"{path}: the posting cannot be read: {exc}",
            "give --posting a text file (UTF-8): the posting copied from its page",
        ) from None


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
    return [words for catalog in catalogs if (words := catalog_words(catalog)) is not None]


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
    pages: Mapping[str, list[str]] | None = None,
) -> PostingReading:
    """Which ``terms`` each reader finds in ``pdf`` (``pages``: each reader's, when the
    check has read them already); of the missing, those the profile holds in items this
    CV (or the letter) leaves out."""
    read = pages if pages is not None else read_pages(pdf, extractors)
    texts = {name: " ".join(words_key(page) for page in got) for name, got in read.items()}
    shown, missing, partly = [], [], {}
    for term in terms:
        readers_found = [
            name
            for name, text in texts.items()
            if any(find(key, text) >= 0 for key in term.spellings())
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
        posting=loaded.request.posting,
    )


def posting_report(reading: PostingReading) -> Iterator[str]:
    """The report's lines, in the words of the language's catalog: the terms shown, those
    not shown with the posting's lines that ask for them, and the profile's items that
    hold them."""
    labels = reading.labels
    yield f"{reading.language}: posting: {labels.terms.format(count=len(reading.terms))}"
    yield f"  {labels.shown} ({len(reading.shown)}): {', '.join(reading.shown)}"
    yield f"  {labels.not_shown} ({len(reading.missing)}): {', '.join(reading.missing)}"
    lines: dict[int, list[str]] = {}
    asked = {term.text: term.line for term in reading.terms}
    for text in reading.missing:
        lines.setdefault(asked.get(text, 0), []).append(text)
    for line, texts in sorted(lines.items()):
        if line:
            yield f"    {reading.posting or 'posting'}:{line}: {', '.join(texts)}"
    for term, readers in reading.partly.items():
        yield f"    {term}: {labels.partly.format(readers=', '.join(readers))}"
    if reading.left_out:
        held = labels.in_profile if reading.letter else labels.left_out
        yield f"  {held} ({len(reading.left_out)}):"
    for item in reading.left_out:
        text = item.text if len(item.text) <= 70 else item.text[:67] + "..."
        yield f"    {item.where}: {item.term}: {text!r}"


def _left_out(loaded: Loaded, item: Localized, missing: list[Term]) -> list[LeftOut]:
    """The missing terms the profile's items hold in this language, where this CV (or the
    letter) does not show them: the texts of a view of every section and item, less those
    the PDF was made from."""
    if not missing:
        return []
    from ..profile.model import Variant, default_sections
    from ..view.localize import localize
    from .expected import expected_phrases
    from .locate import Locator

    profile, catalog = loaded.profile, item.catalog
    sections = profile.profile.sections or default_sections(profile.profile)
    whole = replace(profile, variant=Variant(layout=list(sections)), variant_name=None)
    everything = localize(whole, catalog)
    # Which column a text is set in does not matter here, only whether it is shown.
    columns: frozenset[str] = frozenset()
    shown = (
        set()
        if item.letter is not None
        else {phrase.text for phrase in expected_phrases(item.view, catalog, columns)}
    )
    hidden = [
        (phrase.text, words_key(phrase.text))
        for phrase in expected_phrases(everything, catalog, columns)
        if phrase.text not in shown
    ]
    convert = item.chooser.convert if item.chooser.converts_from else None
    locate = Locator(profile, convert)
    found = []
    for term in missing:
        keys = term.spellings()
        holder = next((text for text, key in hidden if any(find(k, key) >= 0 for k in keys)), None)
        if holder is not None:
            found.append(LeftOut(term.text, holder, locate(holder)))
    return found

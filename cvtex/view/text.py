"""The one choice of text for a language, shared by every output of a profile.

:class:`TextChooser` picks each field's text for the language being built (its own, else
converted from another Chinese by OpenCC, else a fallback language, recorded as a
:class:`~.cv.Fallback`), keeps or drops list items by ``only:``, tags and the variant, and
formats the small pieces every output writes the same way: dates, links, contacts,
author lists. The CV's view (:mod:`.localize`), JSON Resume and the untranslated-text
report all read the profile through it, so they agree on every character.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..language.catalog import Catalog, Punctuation
from ..language.traditional import Convert, conversion_from, source_language
from ..profile import content
from ..profile.base import Same, Scoped, Text
from ..profile.model import Profile, Variant
from ..profile.source import Path_, SourceMap
from ..text.scripts import has_cjk, name_spaced
from .cv import Bullet, Contact, Fallback, Link, Person
from .owner import OwnerNames

_CONTACT_URLS = {
    "email": "mailto:{}",
    "phone": "tel:{}",
    "github": "https://github.com/{}",
    "gitlab": "https://gitlab.com/{}",
    "linkedin": "https://www.linkedin.com/in/{}",
    "orcid": "https://orcid.org/{}",
}


def photo_name(profile: Profile, profile_file: Path) -> str | None:
    """The name the photo is copied to beside the .tex, so that the .tex rebuilds by hand."""
    if profile.photo is None:
        return None
    return f"{profile_file.stem}.photo{Path(profile.photo.file).suffix.lower()}"


class TextChooser:
    """One language's (and variant's) reading of a profile; it counts what it chose."""

    def __init__(
        self,
        profile: Profile,
        source: SourceMap,
        catalog: Catalog,
        variant: Variant | None = None,
    ) -> None:
        self.profile = profile
        self.source = source
        self.catalog = catalog
        self.variant = variant or Variant()
        self.lang = catalog.code
        self.fallbacks: list[Fallback] = []
        # Every plain string shown, by path: `cvtex validate` looks for untranslated ones.
        self.plain: list[tuple[Path_, str]] = []
        self.own_texts = 0
        self.converted = 0
        # The language this one's text is converted from (zh for zh-TW in [en, zh]; zh-TW
        # for zh in [zh-TW, en]), None when its own is written: plain strings are then
        # shown byte for byte.
        self.converts_from = source_language(catalog, profile.languages)
        self._conversions: dict[str | None, Convert] = {}
        self.convert = self.conversion(self.converts_from)
        self.fallback_order = fallback_order(profile, self.lang)
        # A converted language shows what its source language shows: `only: [zh]` holds
        # for zh-TW too, as does zh's layout when zh-TW has none of its own.
        self.scopes = {*catalog.own_keys, self.converts_from} - {None}
        names = {name.strip() for name in profile.owner_names} | {
            value.strip() for value in all_values(profile.name)
        }
        self.owner = OwnerNames(names | {self.convert(name) for name in names})

    def conversion(self, source: str | None) -> Convert:
        """How text written in ``source`` becomes this language's (made once per source)."""
        if source not in self._conversions:
            self._conversions[source] = conversion_from(self.catalog, self.profile, source)
        return self._conversions[source]

    def text(self, value: Text | None, path: Path_) -> str:
        if value is None:
            return ""
        if isinstance(value, Same | str):
            # One text for every language: Chinese in it is still converted, and counted so.
            if isinstance(value, str):
                self.plain.append((path, value))
            text = (value.same if isinstance(value, Same) else value).strip()
            converted = self.convert(text)
            if converted == text:
                self.own_texts += 1
            else:
                self.converted += 1
            return converted
        for key in self.catalog.own_keys:
            if key in value:
                self.own_texts += 1
                return (value[key] or "").strip()
        # Else another Chinese of the field, converted: the profile's source first, then
        # any the catalog converts from (a zh-HK text for zh-TW).
        for source in dict.fromkeys([self.converts_from, *self.catalog.conversions]):
            if source is not None and source in value:
                self.converted += 1
                return self.conversion(source)((value[source] or "").strip())
        # The first language of the fallback order that the field mentions decides, even
        # with null (a German CV shows nothing where the English one does); after those,
        # any language with text.
        mentioned = [lang for lang in self.fallback_order if lang in value]
        others = [lang for lang, text in value.items() if text is not None]
        for other in [*mentioned[:1], *others]:
            where = self.source.locate(path)
            self.fallbacks.append(Fallback(path, self.lang, other, where.line, where.file))
            return (value[other] or "").strip()
        return ""

    def shown(
        self, items: Iterable[Scoped], select: list[str] | None = None
    ) -> list[tuple[int, Any]]:
        """The items of a list this language (and variant) shows, with their profile index."""
        excluded = set(self.variant.exclude)
        return [
            (i, item)
            for i, item in enumerate(items)
            if (item.only is None or self.scopes & set(item.only))
            and (not select or set(select) & set(item.tags))
            and not excluded & set(item.tags)
        ]

    def bullets(self, bullets: list[content.Bullet], path: Path_, top: bool = True) -> list[Bullet]:
        shown = self.shown(bullets)
        if top and self.variant.max_bullets is not None:
            shown = shown[: self.variant.max_bullets]
        return [
            Bullet(
                self.text(bullet.text, (*path, i)),
                self.bullets(bullet.items, (*path, i, "items"), top=False),
                bullet.numbered,
            )
            for i, bullet in shown
        ]

    def texts(self, values: list[Text], path: Path_) -> list[str]:
        return [text for k, value in enumerate(values) if (text := self.text(value, (*path, k)))]

    def name(self, value: Text | None, path: Path_) -> str:
        """A person's name: its text, with a space between Chinese or Japanese parts kept."""
        return name_spaced(self.text(value, path))

    def names(self, values: list[Text], path: Path_) -> list[str]:
        return [name_spaced(text) for text in self.texts(values, path)]

    def paragraphs(self, value: Text | None, path: Path_) -> list[str]:
        return paragraphs(self.text(value, path))

    def labelled(self, label: str, value: str) -> Bullet:
        return Bullet(f"{label}{self.catalog.punctuation.colon}{value}")

    def links(self, links: list[content.Link], path: Path_) -> list[Link]:
        names = self.catalog.links
        return [
            Link(
                self.text(link.label, (*path, i, "label")) if link.label else names[link.type],
                link.url,
            )
            for i, link in self.shown(links)
        ]

    def joined(self, parts: Iterable[str]) -> str:
        shown = [part for part in parts if part]
        return self.punctuation_for(*shown).comma.join(shown)

    def punctuation_for(self, *texts: str) -> Punctuation:
        """The catalog's punctuation, or its Latin set (if it has one) for texts written
        without CJK: an English (or Greek, Russian) title and venue in the Chinese CV keep
        the punctuation they are written with."""
        own = self.catalog.punctuation
        if own.latin is not None and texts and not any(has_cjk(text) for text in texts):
            return own.latin
        return own

    # -- sections ------------------------------------------------------------------------

    def span(self, entry: content.Dated) -> str:
        return self.catalog.format_span(entry.start, entry.end, entry.date)

    def people(self, authors: list[content.Author], path: Path_) -> list[Person]:
        texts = [self.text(author.name, (*path, k)) for k, author in enumerate(authors)]
        punctuation = self.catalog.punctuation
        people = []
        for k, (author, text) in enumerate(zip(authors, texts, strict=True)):
            if k == len(texts) - 1:
                separator = ""
            elif has_cjk(text) and has_cjk(texts[k + 1]):
                separator = punctuation.cjk_author_separator
            else:
                separator = punctuation.author_separator
            # The owner is recognised in any of the name's languages and listed forms.
            owner = self.owner.match(text, *all_values(author.name))
            marks = ("*" if author.equal else "") + ("†" if author.corresponding else "")
            people.append(Person(name_spaced(text), owner, marks, separator))
        return people

    def years(self, years: list[int]) -> str:
        return self.catalog.format_years(years)

    def contact(self, contact: content.Contact, path: Path_) -> Contact:
        text = self.text(contact.value, (*path, "value"))
        url = contact.url
        if url is None and contact.type in _CONTACT_URLS:
            target = text.replace(" ", "").replace("-", "") if contact.type == "phone" else text
            url = _CONTACT_URLS[contact.type].format(target)
        elif url is None and contact.type == "website":
            url = text if "://" in text else f"https://{text}"
        return Contact(contact.type, text, url)


def paragraphs(text: str) -> list[str]:
    # One line per paragraph, whatever the YAML style (source.unwrapped reads | blocks so).
    return [part.strip() for part in text.splitlines() if part.strip()]


def fallback_order(profile: Profile, lang: str) -> list[str]:
    """The languages whose text stands in for ``lang``'s when a field has none, in order."""
    if isinstance(profile.fallback, dict):
        chosen = profile.fallback.get(lang) or profile.languages
    else:
        chosen = profile.fallback or profile.languages
    return [other for other in dict.fromkeys(chosen) if other != lang]


def all_values(text: Text) -> list[str]:
    if isinstance(text, str):
        return [text]
    if isinstance(text, Same):
        return [text.same]
    return [value for value in text.values() if value]

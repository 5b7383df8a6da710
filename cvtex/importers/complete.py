"""An entry that an import finds already there, completed from the new source.

An ORCID works summary lists no authors; the .bib of the same works does. Found by its DOI,
such a work gains what it lacks: a field it does not have at all (authors, venue, a year,
dates where it has none, a description), a link of a kind it has none of (its DOI, a URL,
a PDF), and a text's second language (a title written in English gains the Chinese one a
Chinese source gives). Nothing written changes: a field the entry has (even one written
empty), a text in a language it has (even one set to null), its tags, scope and status
are kept as they are. An entry completed once lacks nothing the next time, so the same
import again changes no byte.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, get_args
from urllib.parse import unquote

from ..profile.base import Same
from ..profile.content import Link
from ..profile.edit import append_item, insert_key
from .identity import doi_of, folded
from .language import own_language
from .reader import TextMap

# What an entry says of itself that no other source may add to: its scope, its tags, its
# key in a bibliography, how its bullets are numbered, whether it is out yet.
_KEPT = {"only", "tags", "bib", "numbered", "status"}
_DATES = ("start", "end", "date")


@dataclass
class TextAdded:
    """A text's language added: to its mapping by language (``written`` None), or to a
    plain text, which becomes a mapping with ``written`` as the plain text's language."""

    language: str
    text: str
    written: str | None


@dataclass
class Completion:
    """What an entry gains: fields it lacks (as data), languages of its texts, links."""

    fields: dict[str, Any] = field(default_factory=dict)
    texts: dict[str, TextAdded] = field(default_factory=dict)
    links: list[Any] = field(default_factory=list)
    names: list[str] = field(default_factory=list)  # "authors", "links (doi)", "title (zh)"
    entry: Any = None  # the entry as completed

    def __bool__(self) -> bool:
        return bool(self.fields or self.texts or self.links)


def completion(have: Any, new: Any, data: dict[str, Any], languages: list[str]) -> Completion:
    """What ``have`` (the profile's entry) gains from ``new`` (the same entry, read from the
    import as ``data``, its texts under the language they are in)."""
    done = Completion()
    written = have.model_fields_set
    update: dict[str, Any] = {}
    dated = any(name in written for name in _DATES)
    for name in type(have).model_fields:
        value = getattr(new, name)
        if name in _KEPT or name not in data or value in (None, [], ""):
            continue
        if name in _DATES and dated:
            continue  # a start and end of its own: another source's would mix two spans
        if name == "links" and name in written:
            added: list[int] = []
            for i, link in enumerate(value):
                if _new_link(link, [*have.links, *(value[j] for j in added)]):
                    added.append(i)
            if added:
                done.links = [data[name][i] for i in added]
                update[name] = [*have.links, *(value[i] for i in added)]
                done.names.append(_link_kinds([value[i] for i in added]))
            continue
        if name in written:
            if _is_text(type(have), name) and (
                added_text := language_added(getattr(have, name), data[name], languages)
            ):
                done.texts[name] = added_text
                current = getattr(have, name)
                mapping = current if added_text.written is None else {added_text.written: current}
                update[name] = {**mapping, added_text.language: added_text.text}
                done.names.append(f"{name} ({added_text.language})")
            continue
        done.fields[name] = data[name]
        update[name] = value
        done.names.append(_link_kinds(value) if name == "links" else name)
    done.entry = have.model_copy(update=update) if done else have
    return done


def _link_kinds(links: list[Link]) -> str:
    return f"links ({', '.join(dict.fromkeys(link.type for link in links))})"


@cache
def _text_fields(cls: type) -> frozenset[str]:
    return frozenset(
        name for name, info in cls.model_fields.items() if Same in get_args(info.annotation)
    )


def _is_text(cls: type, name: str) -> bool:
    return name in _text_fields(cls)


def language_added(current: Any, given: Any, languages: list[str]) -> TextAdded | None:
    """A language ``given`` ({zh: ...}: the text in the language of its source, or several,
    as ORCID gives a title with its translation) adds to ``current``; None when ``current``
    has each of them, or is meant to be the same in every language ({same: ...}).

    A language the profile does not list yet is added all the same, as a new entry's texts
    are (the import says so): what the source gives is kept, and shows once the profile
    lists the language."""
    if not isinstance(given, dict):
        return None  # a profile of one language writes its texts plain: nothing to add
    for language, text in given.items():
        if not isinstance(text, str) or not text.strip():
            continue
        if isinstance(current, dict):
            if language not in current:
                return TextAdded(language, text, None)
            continue
        if not isinstance(current, str):
            return None  # {same: ...} is meant to be the same in every language
        if folded(current) == folded(text):
            continue  # the text the profile has, in the language it has it in
        # A plain text is in the profile's one language, else in the language its script
        # says (a Chinese text in an en and zh profile).
        own = languages[0] if len(languages) == 1 else own_language(current, languages)
        if own is not None and own != language:
            return TextAdded(language, text, own)
    return None


def _address(url: str) -> str:
    return unquote(url).casefold().rstrip("/")


def _new_link(link: Link, have: list[Link]) -> bool:
    """A link of a kind the entry has none of, to an address it does not link."""
    if _address(link.url) in {_address(other.url) for other in have}:
        return False
    if link.type == "doi":
        return doi_of(have) is None
    return link.type not in {other.type for other in have}


def complete_data(
    entry: Any, done: Completion, node: Callable[[Any], Any] = lambda value: value
) -> None:
    """``done`` written into an entry's data: a plain dict, or a round-trip mapping of the
    profile (``node`` makes its values; its comments stay, see insert_key), each field
    where the model puts it."""
    order = list(type(done.entry).model_fields)
    for name, value in done.fields.items():
        insert_key(entry, _position(entry, name, order), name, node(value))
    for name, added in done.texts.items():
        if added.written is None:
            texts = entry[name]
            insert_key(texts, len(texts), added.language, added.text)
        else:
            entry[name] = node(TextMap({added.written: entry[name], added.language: added.text}))
    for link in done.links:
        append_item(entry["links"], node(link))


def _position(entry: dict[str, Any], name: str, order: list[str]) -> int:
    """Before the first key the model puts after ``name``; else last."""
    rank = order.index(name)
    later = [i for i, key in enumerate(entry) if key in order and order.index(key) > rank]
    return later[0] if later else len(entry)

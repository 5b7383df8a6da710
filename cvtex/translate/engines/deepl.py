"""Drafts by DeepL's API v2: ``POST /v2/translate``, the key from ``DEEPL_AUTH_KEY`` for
DeepL's own hosts, from ``CVTEX_TRANSLATE_KEY`` (or none) for any other ``--base-url``.

Each request names both languages: ``source_lang`` the language the texts are written in
(ZH, JA, KO, EN: the rule of text/written.py, through the profile's languages), and
``target_lang`` the variant DeepL asks for (:func:`target_lang`: EN-US or EN-GB by the
English catalog's document tag, ZH-HANS for zh, ZH-HANT for zh-TW and zh-HK).

The host is DeepL Free's (``api-free.deepl.com``) for a key ending in ``:fx``, else Pro's
(``api.deepl.com``); ``--base-url`` names another. DeepL takes one context per request,
not per text, so the texts are sent grouped by where they stand (section and
organization), that context with each group. The glossary is made a DeepL glossary for
the run (``POST /v2/glossaries``, deleted after) and used by its id; where DeepL has no
glossary for the languages, its terms go into the context instead. Link targets, addresses
and formulas are sent inside tags DeepL leaves untouched (``tag_handling: xml``).
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator, Sequence
from typing import Any

from .http import malformed, send
from .markup import from_xml, keeps_markup, to_xml
from .request import Arrived, Batch, Item, Request, TranslationFailed, nowhere

MAX_TEXTS = 50  # DeepL's own limit of texts per request
# Where DeepL asks for a variant of a target language: by the region or script of the
# target's tag (the catalog's document tag: en-US as shipped, en-GB in a catalog of one's
# own), else the first, DeepL's default.
_VARIANTS = {
    "EN": (("GB", "EN-GB"), ("", "EN-US")),
    "PT": (("BR", "PT-BR"), ("", "PT-PT")),
    "ZH": (("HANT", "ZH-HANT"), ("TW", "ZH-HANT"), ("HK", "ZH-HANT"), ("MO", "ZH-HANT"),
           ("", "ZH-HANS")),
}  # fmt: skip
_GLOSSARY_ID = "<the glossary_id DeepL returns>"


class DeepLEngine:
    label = "deepl"

    def __init__(
        self,
        base_url: str | None,
        key: str,
        timeout: float,
        key_name: str | None = "DEEPL_AUTH_KEY",
    ) -> None:
        default = "https://api-free.deepl.com" if key.endswith(":fx") else "https://api.deepl.com"
        self.base = (base_url or default).rstrip("/").removesuffix("/v2")
        self.key = key
        # The variable whose key DeepL itself needs; None for another server (a proxy, a
        # test server), which is sent CVTEX_TRANSLATE_KEY if set, else no key.
        self.key_name = key_name
        self.timeout = timeout
        self.identity = f"deepl {self.base}"

    def plan(self, batch: Batch) -> list[Request]:
        requests = []
        glossary = self._glossary_request(batch)
        if glossary is not None:
            requests.append(glossary)
        glossary_id = _GLOSSARY_ID if glossary is not None else None
        requests += [
            self._translate_request(batch, context, items, glossary_id)
            for context, items in _groups(batch)
        ]
        if glossary is not None:
            requests.append(self._delete_request(_GLOSSARY_ID))
        return requests

    def translate(self, batch: Batch, arrived: Arrived = nowhere) -> dict[str, str]:
        if not self.key and self.key_name is not None:
            raise TranslationFailed(
                f"deepl: {self.key_name} is not set", f"export {self.key_name}=<your key>:fx"
            )
        glossary_id = self._create_glossary(batch)
        try:
            found: dict[str, str] = {}
            for context, items in _groups(batch):
                request = self._translate_request(batch, context, items, glossary_id)
                answered = self._read(send(request, self.label, self.timeout), items)
                arrived(answered)
                found.update(answered)
            return found
        finally:
            # A glossary left behind costs nothing; the drafts are what count.
            if glossary_id is not None:
                with contextlib.suppress(TranslationFailed):
                    send(self._delete_request(glossary_id), self.label, self.timeout)

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self.key:
            headers["Authorization"] = f"DeepL-Auth-Key {self.key}"
        return headers

    def _glossary_request(self, batch: Batch) -> Request | None:
        terms = _usable(batch.glossary)
        if not terms:
            return None
        entries = "\n".join(f"{term}\t{translation}" for term, translation in terms)
        name = "cvtex " + hashlib.sha256(entries.encode()).hexdigest()[:12]
        body = {
            "name": name,
            "source_lang": _base(batch.source).lower(),
            "target_lang": _base(batch.target).lower(),
            "entries": entries,
            "entries_format": "tsv",
        }
        return Request("POST", f"{self.base}/v2/glossaries", self._headers(), body, self.key)

    def _create_glossary(self, batch: Batch) -> str | None:
        request = self._glossary_request(batch)
        if request is None:
            return None
        try:
            reply = send(request, self.label, self.timeout)
        except TranslationFailed as failed:
            if "HTTP 400" in failed.message:
                return None  # no glossary for these languages: its terms go in the context
            raise
        if not isinstance(reply, dict) or not isinstance(reply.get("glossary_id"), str):
            raise malformed(self.label, request.url, "no glossary_id")
        return reply["glossary_id"]

    def _delete_request(self, glossary_id: str) -> Request:
        url = f"{self.base}/v2/glossaries/{glossary_id}"
        return Request("DELETE", url, self._headers(), None, self.key)

    def _translate_request(
        self, batch: Batch, context: str, items: list[Item], glossary_id: str | None
    ) -> Request:
        if glossary_id is None and batch.glossary:
            used = [pair for pair in batch.glossary if _stands_in(pair[0], items)]
            if used:
                context += " Names and terms: " + "; ".join(f"{a} = {b}" for a, b in used) + "."
        body: dict[str, Any] = {
            "text": [to_xml(item.text) for item in items],
            "source_lang": _base(batch.source),
            "target_lang": target_lang(batch.target, batch.target_tag),
            "context": context,
            "tag_handling": "xml",
            "ignore_tags": ["x"],
            "preserve_formatting": True,
        }
        if glossary_id is not None:
            body["glossary_id"] = glossary_id
        return Request("POST", f"{self.base}/v2/translate", self._headers(), body, self.key)

    def _read(self, reply: Any, items: list[Item]) -> dict[str, str]:
        url = f"{self.base}/v2/translate"
        translations = reply.get("translations") if isinstance(reply, dict) else None
        if not isinstance(translations, list) or len(translations) != len(items):
            raise malformed(self.label, url, f"not {len(items)} translations")
        found = {}
        for item, entry in zip(items, translations, strict=True):
            text = entry.get("text") if isinstance(entry, dict) else None
            if not isinstance(text, str) or not text.strip():
                raise malformed(self.label, url, f"no text for {item.id}")
            translation = from_xml(text).strip()
            if keeps_markup(item.text, translation):
                found[item.id] = translation
        return found


def _groups(batch: Batch) -> Iterator[tuple[str, list[Item]]]:
    """The items by where they stand, each group with its context, in chunks DeepL takes."""
    grouped: dict[str, list[Item]] = {}
    for item in batch.items:
        grouped.setdefault(_context(item), []).append(item)
    for context, items in grouped.items():
        for start in range(0, len(items), MAX_TEXTS):
            yield context, items[start : start + MAX_TEXTS]


def _context(item: Item) -> str:
    section = item.context.get("section", "")
    organization = item.context.get("organization")
    where = f", of an entry at {organization}" if organization else ""
    return f"Lines of a curriculum vitae, from its {section} section{where}."


def _stands_in(term: str, items: Sequence[Item]) -> bool:
    return any(term.casefold() in item.text.casefold() for item in items)


def _usable(glossary: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Entries a DeepL glossary takes: one line each, no tab, each source once."""
    seen: set[str] = set()
    usable = []
    for term, translation in glossary:
        if any(ch in term + translation for ch in "\t\n\r") or term in seen:
            continue
        seen.add(term)
        usable.append((term, translation))
    return usable


def _base(code: str) -> str:
    return code.split("-")[0].upper()


def target_lang(code: str, tag: str = "") -> str:
    """DeepL's ``target_lang`` for a language and its tag: en (en-US) EN-US, en-GB EN-GB,
    zh (zh-CN) ZH-HANS, zh-TW and zh-HK ZH-HANT, ja JA, ko KO."""
    base = _base(code)
    parts = {part.upper() for part in f"{code}-{tag}".split("-")[1:]}
    for marker, variant in _VARIANTS.get(base, ()):
        if not marker or marker in parts:
            return variant
    return base

"""Drafts by a chat model behind an OpenAI-compatible ``/chat/completions`` endpoint:
OpenAI, DeepSeek, or a server on this machine (Ollama, llama.cpp's server, vLLM), so that
nothing leaves it.

Each request carries, as JSON in the user's message, the texts with their ids and their
context in the CV (section, field, the entry's organization), the glossary (names and
terms the texts hold, with the translations to use), and the two languages; the system
message asks for a JSON object ``{"translations": [{"id": ..., "text": ...}]}``. The reply
is checked before anything is used: JSON of that shape, every id sent answered once and no
other, a text for each; a translation that lost a link's target or a formula is left out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

from .http import malformed, send
from .markup import keeps_markup
from .request import Arrived, Batch, Item, Request, nowhere

# A request holds at most this many texts, or characters of them: a small local model
# keeps to the reply format better with fewer, and a reply stays within its token limit.
MAX_ITEMS = 40
MAX_CHARACTERS = 6000

INSTRUCTIONS = """\
You translate the texts of a curriculum vitae (CV) from {source} into {target}.
The user sends a JSON object: "texts", each with an "id", the "text" and its "context" in the
CV (its section, field, and the organization of its entry), and a "glossary" of names and
terms with the translations that must be used for them (official names: never invent one).
Translate each text on its own, as a line of a CV in {target} is written: concise, no
added words. Keep Markdown (**bold**, *italic*, [text](target)) with every link target,
URL, e-mail address and $...$ formula exactly as written; a line break stays a line break.
Reply with one JSON object and nothing else:
{{"translations": [{{"id": "<the id>", "text": "<the translation>"}}, ...]}}
with one entry for every id sent."""


class OpenAiEngine:
    def __init__(self, base_url: str, model: str, key: str, timeout: float) -> None:
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.model = model
        self.key = key
        self.timeout = timeout
        self.label = f"openai {model}"
        self.identity = f"openai {model} {urlsplit(self.url).netloc}"

    def plan(self, batch: Batch) -> list[Request]:
        return [self._request(batch, items) for items in _chunks(batch.items)]

    def translate(self, batch: Batch, arrived: Arrived = nowhere) -> dict[str, str]:
        found: dict[str, str] = {}
        for items in _chunks(batch.items):
            reply = send(self._request(batch, items), self.label, self.timeout)
            answered = self._read(reply, items)
            arrived(answered)
            found.update(answered)
        return found

    def _request(self, batch: Batch, items: list[Item]) -> Request:
        texts = "\n".join(item.text for item in items)
        glossary = [
            {"source": term, "target": translation}
            for term, translation in batch.glossary
            if term.casefold() in texts.casefold()
        ]
        message = {
            "source_language": batch.source,
            "target_language": batch.target,
            "glossary": glossary,
            "texts": [
                {"id": item.id, "text": item.text, "context": item.context} for item in items
            ],
        }
        headers = {"Content-Type": "application/json"}
        if self.key:
            headers["Authorization"] = f"Bearer {self.key}"
        source = _named(batch.source, batch.source_name)
        target = _named(batch.target, batch.target_name)
        body = {
            "model": self.model,
            "temperature": 0,
            "response_format": {"type": "json_object"},
            "messages": [
                {"role": "system", "content": INSTRUCTIONS.format(source=source, target=target)},
                {"role": "user", "content": json.dumps(message, ensure_ascii=False)},
            ],
        }
        return Request("POST", self.url, headers, body, secret=self.key)

    def _read(self, reply: Any, items: list[Item]) -> dict[str, str]:
        try:
            content = reply["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError):
            raise malformed(self.label, self.url, "no choices[0].message.content") from None
        if not isinstance(content, str):
            raise malformed(self.label, self.url, "the message's content is not text")
        try:
            data = json.loads(_unfenced(content))
        except ValueError:
            raise malformed(self.label, self.url, "the message is not a JSON object") from None
        translations = data.get("translations") if isinstance(data, dict) else None
        if not isinstance(translations, list):
            raise malformed(self.label, self.url, 'no "translations" list in the message')
        sent = {item.id: item for item in items}
        found: dict[str, str] = {}
        for entry in translations:
            if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
                raise malformed(self.label, self.url, "a translation without its id")
            identifier, text = entry["id"], entry.get("text")
            if identifier not in sent:
                raise malformed(self.label, self.url, f"an id that was not sent: {identifier!r}")
            if identifier in found:
                raise malformed(self.label, self.url, f"the id {identifier!r} answered twice")
            if not isinstance(text, str) or not text.strip():
                raise malformed(self.label, self.url, f"no text for the id {identifier!r}")
            found[identifier] = text.strip()
        missing = [identifier for identifier in sent if identifier not in found]
        if missing:
            raise malformed(self.label, self.url, f"no translation for {', '.join(missing)}")
        return {
            identifier: text
            for identifier, text in found.items()
            if keeps_markup(sent[identifier].text, text)
        }


def _named(code: str, name: str) -> str:
    return f"{name} ({code})" if name and name != code else code


def _unfenced(content: str) -> str:
    """The JSON of a reply some models wrap in a Markdown code fence anyway."""
    match = re.fullmatch(r"\s*```(?:json)?\s*(.*?)\s*```\s*", content, re.S)
    return match[1] if match else content


def _chunks(items: Any) -> Iterator[list[Item]]:
    chunk: list[Item] = []
    size = 0
    for item in items:
        if chunk and (len(chunk) >= MAX_ITEMS or size + len(item.text) > MAX_CHARACTERS):
            yield chunk
            chunk, size = [], 0
        chunk.append(item)
        size += len(item.text)
    if chunk:
        yield chunk

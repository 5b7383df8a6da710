"""Machine drafts kept in the user's cache folder: a text an engine translated once is not
sent again (a second run sends nothing; a run cut short by a rate limit resumes where it
stopped).

An entry is keyed by what would make it another translation: the text, its context, the
glossary it was sent with, the two languages and the engine (its kind, model and host).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..cachefiles import read_json, user_subfolder, write_json
from .engines import Batch, Item

_VERSION = 1  # bumped when what is sent changes, so that older drafts are not reused


class DraftCache:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else user_subfolder("translations")

    def key(self, engine: str, batch: Batch, item: Item) -> str:
        glossary = [pair for pair in batch.glossary if pair[0].casefold() in item.text.casefold()]
        described = [_VERSION, engine, batch.source, batch.target, item.text, item.context]
        described.append(sorted(glossary))
        return hashlib.sha256(json.dumps(described, ensure_ascii=False).encode()).hexdigest()

    def get(self, key: str) -> str | None:
        if self.folder is None:
            return None
        found = read_json(self.folder / key[:2] / f"{key}.json")
        text = found.get("text") if isinstance(found, dict) else None
        return text if isinstance(text, str) and text else None

    def put(self, key: str, text: str, engine: str) -> None:
        if self.folder is not None:
            write_json(self.folder / key[:2] / f"{key}.json", {"text": text, "engine": engine})

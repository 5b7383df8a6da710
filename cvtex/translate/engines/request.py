"""What is sent to a translation engine and what comes back: the texts of a batch with
their context, each HTTP request as it is sent (what ``--dry-run`` prints), the engine's
shape, and how it fails. Apart from the engines' registry (``__init__``), so that each
engine imports these without importing the registry that imports it."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ...errors import CvtexError, ExitCode


@dataclass(frozen=True)
class Item:
    """A text to translate, with its id in the batch and its context in the CV."""

    id: str
    text: str
    context: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Batch:
    """The texts an engine is asked to translate, from one language into another."""

    source: str
    target: str
    items: Sequence[Item]
    glossary: Sequence[tuple[str, str]] = ()  # (name or term, its translation)
    source_name: str = ""  # the languages' own names, for an engine that reads prose
    target_name: str = ""
    # The languages' tags as their CVs' documents carry them (en-US, zh-TW, ja-JP): the
    # region or script an engine asks for (DeepL's EN-US or EN-GB, ZH-HANS or ZH-HANT).
    source_tag: str = ""
    target_tag: str = ""


@dataclass(frozen=True)
class Request:
    """One HTTP request as it is sent: what ``--dry-run`` prints."""

    method: str
    url: str
    headers: dict[str, str]
    body: Any = None  # sent as JSON
    secret: str = ""  # the header value shown hidden

    def shown(self) -> str:
        lines = [f"{self.method} {self.url}"]
        for name, value in self.headers.items():
            hidden = value.replace(self.secret, "***") if self.secret else value
            lines.append(f"{name}: {hidden}")
        if self.body is not None:
            lines += ["", json.dumps(self.body, ensure_ascii=False, indent=2)]
        return "\n".join(lines)


class TranslationFailed(CvtexError):
    """The engine did not answer, refused, or answered what cannot be used: nothing is
    written, and the message says which and what to do."""

    exit_code = ExitCode.ENGINE_FAILED


# Told each request's translations (by item id) as they arrive: kept at once (the cache),
# so that a run cut short (a quota, an error, a time-out, Ctrl-C) resumes where it stopped.
Arrived = Callable[[dict[str, str]], None]


def nowhere(found: dict[str, str]) -> None:
    """Translations arrived, kept nowhere else."""


class Engine(Protocol):
    label: str  # what a draft's from: says: deepl, openai qwen2.5:7b
    identity: str  # what the cache keys on: the engine, its model and host

    def plan(self, batch: Batch) -> list[Request]:
        """Every request translating ``batch`` would send, in order."""
        ...

    def translate(self, batch: Batch, arrived: Arrived = nowhere) -> dict[str, str]:
        """The translations by item id (an item left out could not be used), each request's
        told to ``arrived`` as it comes."""
        ...

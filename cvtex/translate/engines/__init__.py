"""Machine translators that draft a language's texts: any OpenAI-compatible chat
completions endpoint (openai.py: OpenAI, DeepSeek, a local Ollama, llama.cpp or vLLM
server) and DeepL's API v2 (deepl.py).

Nothing leaves the machine unless ``--engine`` names one on the command line: no setting,
no environment variable chooses an engine. What an engine is sent is a batch of texts, each
with an id and its context in the CV, the glossary of names and terms those texts hold, and
the two languages; ``--dry-run`` prints every request as it would be sent, and where to.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ...errors import CvtexError, ExitCode, InputError

ENGINES = ("openai", "deepl")


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


class Engine(Protocol):
    label: str  # what a draft's from: says: deepl, openai qwen2.5:7b
    identity: str  # what the cache keys on: the engine, its model and host

    def plan(self, batch: Batch) -> list[Request]:
        """Every request translating ``batch`` would send, in order."""
        ...

    def translate(self, batch: Batch) -> dict[str, str]:
        """The translations by item id (an item left out could not be used)."""
        ...


def engine_for(
    name: str, base_url: str | None, model: str | None, timeout: float, environ: dict[str, str]
) -> Engine:
    """The engine ``--engine`` names, with its address, model and key (from ``environ``)."""
    if name == "openai":
        from .openai import OpenAiEngine

        if not model:
            raise InputError(
                "--engine openai needs --model: the model the endpoint serves",
                "for example --model gpt-4o-mini, or --model qwen2.5:7b with "
                "--base-url http://localhost:11434/v1 (Ollama)",
            )
        key = environ.get("CVTEX_TRANSLATE_KEY") or environ.get("OPENAI_API_KEY") or ""
        return OpenAiEngine(base_url or "https://api.openai.com/v1", model, key, timeout)
    if name == "deepl":
        from .deepl import DeepLEngine

        key = environ.get("DEEPL_AUTH_KEY") or ""
        return DeepLEngine(base_url, key, timeout)
    raise InputError(f"--engine {name}: no such engine", f"use one of {', '.join(ENGINES)}")

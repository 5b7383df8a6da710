"""Machine translators that draft a language's texts: any OpenAI-compatible chat
completions endpoint (openai.py: OpenAI, DeepSeek, a local Ollama, llama.cpp or vLLM
server) and DeepL's API v2 (deepl.py).

Nothing leaves the machine unless ``--engine`` names one on the command line: no setting,
no environment variable chooses an engine. What an engine is sent is a batch of texts, each
with an id and its context in the CV, the glossary of names and terms those texts hold, and
the two languages; ``--dry-run`` prints every request as it would be sent, and where to.
"""

from __future__ import annotations

from ...errors import InputError
from .request import Batch, Engine, Item, Request, TranslationFailed

ENGINES = ("openai", "deepl")
__all__ = ["ENGINES", "Batch", "Engine", "Item", "Request", "TranslationFailed", "engine_for"]


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

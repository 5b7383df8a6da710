"""Machine translators that draft a language's texts: any OpenAI-compatible chat
completions endpoint (openai.py: OpenAI, DeepSeek, a local Ollama, llama.cpp or vLLM
server) and DeepL's API v2 (deepl.py).

Nothing leaves the machine unless ``--engine`` names one on the command line: no setting,
no environment variable chooses an engine. What an engine is sent is a batch of texts, each
with an id and its context in the CV, the glossary of names and terms those texts hold, and
the two languages; ``--dry-run`` prints every request as it would be sent, and where to.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from ...errors import InputError
from .http import checked_base_url, key_from
from .request import Arrived, Batch, Engine, Item, Request, TranslationFailed

ENGINES = ("openai", "deepl")
OPENAI_HOST = "api.openai.com"  # the only host OPENAI_API_KEY is sent to
DEEPL_HOSTS = ("api.deepl.com", "api-free.deepl.com")  # the only hosts DEEPL_AUTH_KEY is sent to
__all__ = [
    "ENGINES",
    "Arrived",
    "Batch",
    "Engine",
    "Item",
    "Request",
    "TranslationFailed",
    "engine_for",
]


def engine_for(
    name: str, base_url: str | None, model: str | None, timeout: float, environ: dict[str, str]
) -> Engine:
    """The engine ``--engine`` names, with its address, model and key (from ``environ``).

    OPENAI_API_KEY goes to OpenAI's own host only, DEEPL_AUTH_KEY to DeepL's own hosts only
    (https both); any other ``--base-url`` (Ollama, a proxy, DeepSeek, a test server) is
    sent CVTEX_TRANSLATE_KEY, or no key."""
    if base_url is not None:
        checked_base_url(base_url)
    if name == "openai":
        from .openai import OpenAiEngine

        if not model:
            raise InputError(
                "--engine openai needs --model: the model the endpoint serves",
                "for example --model gpt-4o-mini, or --model qwen2.5:7b with "
                "--base-url http://localhost:11434/v1 (Ollama)",
            )
        url = base_url or f"https://{OPENAI_HOST}/v1"
        own = _on(url, (OPENAI_HOST,))
        names = ("CVTEX_TRANSLATE_KEY", "OPENAI_API_KEY") if own else ("CVTEX_TRANSLATE_KEY",)
        return OpenAiEngine(url, model, key_from(environ, *names), timeout)
    if name == "deepl":
        from .deepl import DeepLEngine

        if base_url is None or _on(base_url, DEEPL_HOSTS):
            # DeepL's own host (the default follows the key): its key, and it is needed.
            return DeepLEngine(base_url, key_from(environ, "DEEPL_AUTH_KEY"), timeout)
        return DeepLEngine(
            base_url, key_from(environ, "CVTEX_TRANSLATE_KEY"), timeout, key_name=None
        )
    raise InputError(f"--engine {name}: no such engine", f"use one of {', '.join(ENGINES)}")


def _on(url: str, hosts: tuple[str, ...]) -> bool:
    """Whether ``url`` is https to one of ``hosts``: where a service's own key may go."""
    parts = urlsplit(url)
    return parts.scheme == "https" and parts.hostname in hosts

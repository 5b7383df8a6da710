"""One request to a translation engine, and every way it can fail said plainly.

A time-out, a refused key, a rate limit (HTTP 429; waited out when the engine asks for a
short wait with Retry-After, reported otherwise), an engine's own error (5xx) and a reply
that is not JSON each end in a TranslationFailed that names the engine, the address and
what to do; the caller writes nothing then.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from .request import Request, TranslationFailed

# A rate limit that asks for a wait this short is waited out, up to this many times.
SHORT_WAIT = 10.0
RETRIES = 3
_REPLY_SHOWN = 300  # characters of an error reply quoted in the message


def send(
    request: Request,
    engine: str,
    timeout: float,
    sleep: Callable[[float], None] = time.sleep,
) -> Any:
    """The JSON the engine replies (None for an empty reply)."""
    data = None
    if request.body is not None:
        data = json.dumps(request.body, ensure_ascii=False).encode("utf-8")
    for attempt in range(RETRIES + 1):
        prepared = urllib.request.Request(
            request.url, data=data, headers=request.headers, method=request.method
        )
        try:
            with urllib.request.urlopen(prepared, timeout=timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as error:
            wait = _retry_after(error)
            if error.code == 429 and wait is not None and wait <= SHORT_WAIT and attempt < RETRIES:
                sleep(wait)
                continue
            raise _failure(error, engine, request.url, wait) from None
        except TimeoutError:
            raise _timed_out(engine, request.url, timeout) from None
        except urllib.error.URLError as error:
            if isinstance(error.reason, TimeoutError):
                raise _timed_out(engine, request.url, timeout) from None
            raise TranslationFailed(
                f"{engine}: cannot reach {request.url}: {error.reason}",
                "check --base-url, and that the server is running (a local one: ollama serve)",
            ) from None
        if not raw.strip():
            return None
        try:
            return json.loads(raw)
        except ValueError:
            raise malformed(engine, request.url, f"not JSON: {_excerpt(raw)}") from None
    raise AssertionError("unreachable")


def malformed(engine: str, url: str, what: str) -> TranslationFailed:
    return TranslationFailed(
        f"{engine}: the reply from {url} cannot be used ({what}); nothing was written",
        "try again; with a local model, a larger one follows the reply format better",
    )


def _timed_out(engine: str, url: str, timeout: float) -> TranslationFailed:
    return TranslationFailed(
        f"{engine}: no reply from {url} within {timeout:g} s; nothing was written",
        "try again, or allow longer with --timeout (a local model can be slow to start)",
    )


def _retry_after(error: urllib.error.HTTPError) -> float | None:
    value = error.headers.get("Retry-After") if error.headers else None
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None  # an HTTP date: not waited out


def _failure(
    error: urllib.error.HTTPError, engine: str, url: str, wait: float | None
) -> TranslationFailed:
    try:
        body = error.read()
    except OSError:
        body = b""
    said = f": {_excerpt(body)}" if body.strip() else ""
    if error.code == 429:
        when = f"it asks to wait {wait:g} s" if wait is not None else "it gives no time"
        return TranslationFailed(
            f"{engine}: too many requests (HTTP 429 from {url}); {when}; nothing was written",
            "run the command again later: what was translated already is kept in the cache "
            "and not sent again",
        )
    if error.code in (401, 403):
        return TranslationFailed(
            f"{engine}: the key was refused (HTTP {error.code} from {url}){said}",
            "set the key: DEEPL_AUTH_KEY for deepl; OPENAI_API_KEY or CVTEX_TRANSLATE_KEY for "
            "openai",
        )
    if error.code == 456:
        return TranslationFailed(
            f"{engine}: the account's quota is used up (HTTP 456 from {url})",
            "wait for the next billing period, or use another engine",
        )
    if error.code >= 500:
        return TranslationFailed(
            f"{engine}: the engine failed (HTTP {error.code} from {url}){said}; "
            "nothing was written",
            "try again later: what was translated already is kept in the cache",
        )
    return TranslationFailed(f"{engine}: HTTP {error.code} from {url}{said}; nothing was written")


def _excerpt(raw: bytes) -> str:
    text = raw.decode("utf-8", "replace").strip().replace("\n", " ")
    return text if len(text) <= _REPLY_SHOWN else text[:_REPLY_SHOWN] + "..."

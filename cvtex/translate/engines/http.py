"""One request to a translation engine, and every way it can fail said plainly.

A time-out, a refused key, a rate limit (HTTP 429; waited out when the engine asks for a
short wait with Retry-After, reported otherwise), an engine's own error (5xx) and a reply
that is not JSON each end in a TranslationFailed that names the engine, the address and
what to do; the caller writes nothing then.

The key goes only where it belongs: a redirect is followed only to the same origin (the
scheme, host and port the request was sent to; so never from https to http), and a key
is read from the environment trimmed, and refused, unprinted, if it holds a control
character. ``--timeout`` bounds the whole reply, however slowly it drips in, and a reply
is read up to MAX_REPLY bytes.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urljoin, urlsplit

from ...errors import InputError
from .request import Request, TranslationFailed

# A rate limit that asks for a wait this short is waited out, up to this many times.
SHORT_WAIT = 10.0
RETRIES = 3
MAX_REPLY = 10 * 1024 * 1024  # bytes: a CV's translations are a few kilobytes
MAX_REDIRECTS = 5
_REPLY_SHOWN = 300  # characters of an error reply quoted in the message
_LOOPBACK = {"localhost", "127.0.0.1", "::1"}


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
        status, headers, raw = _exchange(request, data, engine, timeout)
        if status >= 400:
            wait = _retry_after(headers)
            if status == 429 and wait is not None and wait <= SHORT_WAIT and attempt < RETRIES:
                sleep(wait)
                continue
            raise _failure(status, raw, engine, request.url, wait)
        if not raw.strip():
            return None
        try:
            return json.loads(raw)
        except ValueError:
            raise malformed(engine, request.url, f"not JSON: {_excerpt(raw)}") from None
    raise AssertionError("unreachable")


def _exchange(
    request: Request, data: bytes | None, engine: str, timeout: float
) -> tuple[int, Mapping[str, str], bytes]:
    """The status, headers and body of the reply, redirects within the origin followed,
    all within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    url, method = request.url, request.method
    for _ in range(MAX_REDIRECTS + 1):
        parts = urlsplit(url)
        try:
            connection = _connection(parts.scheme, parts.hostname or "", parts.port, timeout)
        except ValueError:
            raise _bad_address(engine, url) from None
        # Whatever the server does (a reply dripped a byte at a time), the connection is
        # shut at the deadline, which ends any read waiting on it.
        watchdog = threading.Timer(max(0.0, deadline - time.monotonic()), _shut, (None,))
        try:
            connection.connect()
            watchdog.args = (connection.sock,)  # kept: http.client lets go of it early
            watchdog.start()
            target = parts.path or "/"
            if parts.query:
                target += f"?{parts.query}"
            connection.request(method, target, body=data, headers=request.headers)
            response = connection.getresponse()
            location = response.getheader("Location")
            if response.status in (301, 302, 303, 307, 308) and location:
                url = _redirected(url, urljoin(url, location), engine)
                if response.status == 303 or (response.status in (301, 302) and method == "POST"):
                    method, data = "GET", None
                continue
            raw = _read_capped(response, engine, url)
            if time.monotonic() >= deadline:
                raise TimeoutError
            return response.status, response.headers, raw
        except TimeoutError:
            raise _timed_out(engine, request.url, timeout) from None
        except (http.client.InvalidURL, UnicodeError):
            raise _bad_address(engine, url) from None
        except ValueError:
            # http.client refuses a header it cannot send, quoting it: the key, maybe.
            raise TranslationFailed(
                f"{engine}: a header of the request to {url} cannot be sent (not printed: it "
                "may hold the key)",
                "set the key again, as one line with no other characters",
            ) from None
        except (OSError, http.client.HTTPException) as error:
            if time.monotonic() >= deadline:
                raise _timed_out(engine, request.url, timeout) from None
            raise TranslationFailed(
                f"{engine}: cannot reach {url}: {error}",
                "check --base-url, and that the server is running (a local one: ollama serve)",
            ) from None
        finally:
            watchdog.cancel()
            connection.close()
    raise TranslationFailed(f"{engine}: {request.url} redirects more than {MAX_REDIRECTS} times")


def _connection(
    scheme: str, host: str, port: int | None, timeout: float
) -> http.client.HTTPConnection:
    if scheme == "https":
        return http.client.HTTPSConnection(host, port, timeout=timeout)
    if scheme == "http":
        return http.client.HTTPConnection(host, port, timeout=timeout)
    raise ValueError(scheme)


def _shut(sock: socket.socket | None) -> None:
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)


def _redirected(url: str, target: str, engine: str) -> str:
    """``target`` if it is on the origin of ``url``: the key it carries goes nowhere else."""
    before, after = urlsplit(url), urlsplit(target)
    if (before.scheme, before.hostname, before.port) != (after.scheme, after.hostname, after.port):
        raise TranslationFailed(
            f"{engine}: {_origin(url)} redirects to {_origin(target)}, another address: not "
            "followed, so the key was not sent there; nothing was written",
            "give the address the engine answers at itself with --base-url",
        )
    return target


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.hostname}" + (f":{parts.port}" if parts.port else "")


def _read_capped(response: http.client.HTTPResponse, engine: str, url: str) -> bytes:
    length = response.getheader("Content-Length")
    if length and length.isdigit() and int(length) > MAX_REPLY:
        raise _too_large(engine, url)
    chunks, size = [], 0
    while chunk := response.read(64 * 1024):
        size += len(chunk)
        if size > MAX_REPLY:
            raise _too_large(engine, url)
        chunks.append(chunk)
    return b"".join(chunks)


def _too_large(engine: str, url: str) -> TranslationFailed:
    return TranslationFailed(
        f"{engine}: the reply from {url} is larger than {MAX_REPLY // (1024 * 1024)} MB, far "
        "more than any translation of a CV: not read; nothing was written",
        "check --base-url: it may name something else than a translation engine",
    )


def _bad_address(engine: str, url: str) -> TranslationFailed:
    shown = url.encode("unicode_escape").decode("ascii")[:200]
    return TranslationFailed(
        f"{engine}: cannot send a request to {shown}: not a usable address (the engine's "
        "reply may have named it); what arrived before is kept in the cache",
        "run the command again; if it fails the same way, the engine's reply is at fault",
    )


# -- where the key goes ---------------------------------------------------------------------------


def key_from(environ: Mapping[str, str], *names: str) -> str:
    """The first of the variables ``names`` set, trimmed (a key pasted from a file keeps its
    newline); InputError, without the key, if it holds a control character."""
    for name in names:
        value = (environ.get(name) or "").strip()
        if not value:
            continue
        if any(ord(character) < 0x20 or ord(character) == 0x7F for character in value):
            raise InputError(
                f"{name} holds a control character, so it cannot be sent (the key is not printed)",
                f"set it again, as one line: export {name}=<the key>",
            )
        if not value.isascii():
            raise InputError(
                f"{name} holds a character that is not ASCII, so it is not the key an API "
                "gave (the key is not printed)",
                f"set it again: export {name}=<the key>",
            )
        return value
    return ""


def checked_base_url(url: str) -> str:
    """``--base-url`` as given, if it is an http(s) address without a user and password in
    it (InputError, the password unprinted)."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  (a port that is not a number raises here)
    except ValueError:
        raise InputError(f"--base-url {_without_password(url)}: not an address") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InputError(
            f"--base-url {_without_password(url)}: an engine's address starts with https:// "
            "(or http:// for a server on this machine)",
            "for example --base-url https://api.openai.com/v1",
        )
    if parts.username is not None or parts.password is not None:
        raise InputError(
            f"--base-url {_without_password(url)}: an address with a user and password in it "
            "is not sent (it would show in logs and in --dry-run)",
            "give the address alone, and the key in CVTEX_TRANSLATE_KEY",
        )
    return url


def base_url_warning(url: str | None) -> str | None:
    """A warning for plain http to another machine: the texts and the key go unencrypted."""
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme == "http" and (parts.hostname or "") not in _LOOPBACK:
        return (
            f"--base-url {_origin(url)} is plain http to another machine: the texts and the "
            "key go over the network unencrypted"
        )
    return None


def _without_password(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None and parts.username is None:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    return parts._replace(netloc=f"***@{host}").geturl()


def malformed(engine: str, url: str, what: str) -> TranslationFailed:
    return TranslationFailed(
        f"{engine}: the reply from {url} cannot be used ({what}); nothing was written",
        "try again; with a local model, a larger one follows the reply format better",
    )


def _timed_out(engine: str, url: str, timeout: float) -> TranslationFailed:
    return TranslationFailed(
        f"{engine}: no reply from {url} within {timeout:g} s; nothing was written",
        "try again, or allow longer with --timeout (a local model can be slow to start): "
        "what arrived before is kept in the cache and not sent again",
    )


def _retry_after(headers: Mapping[str, str]) -> float | None:
    value = headers.get("Retry-After") if headers else None
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None  # an HTTP date: not waited out


def _failure(
    status: int, body: bytes, engine: str, url: str, wait: float | None
) -> TranslationFailed:
    said = f": {_excerpt(body)}" if body.strip() else ""
    kept = "what arrived before is kept in the cache and not sent again"
    if status == 429:
        when = f"it asks to wait {wait:g} s" if wait is not None else "it gives no time"
        return TranslationFailed(
            f"{engine}: too many requests (HTTP 429 from {url}); {when}; nothing was written",
            f"run the command again later: {kept}",
        )
    if status in (401, 403):
        return TranslationFailed(
            f"{engine}: the key was refused (HTTP {status} from {url}){said}",
            "set the key: DEEPL_AUTH_KEY (DeepL itself) or OPENAI_API_KEY (OpenAI itself); "
            "CVTEX_TRANSLATE_KEY for any other --base-url, whichever the engine",
        )
    if status == 456:
        return TranslationFailed(
            f"{engine}: the account's quota is used up (HTTP 456 from {url})",
            f"wait for the next billing period, or use another engine: {kept}",
        )
    if status >= 500:
        return TranslationFailed(
            f"{engine}: the engine failed (HTTP {status} from {url}){said}; nothing was written",
            f"try again later: {kept}",
        )
    return TranslationFailed(f"{engine}: HTTP {status} from {url}{said}; nothing was written")


def _excerpt(raw: bytes) -> str:
    text = raw.decode("utf-8", "replace").strip().replace("\n", " ")
    return text if len(text) <= _REPLY_SHOWN else text[:_REPLY_SHOWN] + "..."

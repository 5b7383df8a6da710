"""Translation engines on 127.0.0.1, for the tests: an HTTP server in a thread that speaks
the documented request and reply shapes of an OpenAI-compatible chat completions endpoint
and of DeepL's API v2, records every request it is sent, and can be told to misbehave."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


@dataclass
class Received:
    method: str
    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class Reply:
    status: int = 200
    body: Any = None  # JSON, or bytes sent as they are
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    drip: float = 0.0  # seconds between the bytes of the body: a reply that never ends


@dataclass
class Server:
    url: str
    received: list[Received] = field(default_factory=list)
    # Replies to give before the normal ones, in order (429s, 5xx, malformed, slow ones).
    queued: list[Reply] = field(default_factory=list)


KEYS = ("OPENAI_API_KEY", "CVTEX_TRANSLATE_KEY", "DEEPL_AUTH_KEY")


def without_keys(monkeypatch: Any, cache: Path) -> None:
    """No key of the person running the tests, and a cache of the test's own."""
    monkeypatch.setenv("CVTEX_CACHE_DIR", str(cache))
    for name in KEYS:
        monkeypatch.delenv(name, raising=False)


# Runs of Han, kana and Hangul: what an English draft must not keep.
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]+")


def draft_of(text: str, glossary: dict[str, str], target: str = "zh") -> str:
    """What the fake engines answer: the glossary's terms replaced, the rest marked as
    Chinese (it must not look untranslated), links and math as they were; into English
    (or another alphabet's language), every run of CJK written as a Latin word instead."""
    for term, official in sorted(glossary.items(), key=lambda pair: -len(pair[0])):
        text = re.sub(re.escape(term), official, text, flags=re.I)
    if target.split("-")[0].lower() in ("zh", "ja", "ko"):
        return "译：" + text
    return "EN " + _CJK_RUN.sub(lambda run: f"word{len(run.group())}", text)


@contextmanager
def serve(answer: Callable[[Server, Received], Reply]) -> Iterator[Server]:
    server_state: Server

    class Handler(BaseHTTPRequestHandler):
        def _handle(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            body = json.loads(raw) if raw else None
            received = Received(self.command, self.path, dict(self.headers.items()), body)
            server_state.received.append(received)
            reply = (
                server_state.queued.pop(0)
                if server_state.queued
                else answer(server_state, received)
            )
            if reply.delay:
                time.sleep(reply.delay)
            data = (
                reply.body
                if isinstance(reply.body, bytes)
                else (b"" if reply.body is None else json.dumps(reply.body).encode())
            )
            try:
                self.send_response(reply.status)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if not reply.drip:
                    self.wfile.write(data)
                for byte in data if reply.drip else b"":
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(reply.drip)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up waiting: a time-out test

        do_POST = do_GET = do_DELETE = _handle

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    server_state = Server(f"http://127.0.0.1:{httpd.server_address[1]}")
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield server_state
    finally:
        httpd.shutdown()
        httpd.server_close()


def openai_answer(server: Server, received: Received) -> Reply:
    """POST /v1/chat/completions: the texts of the user's JSON message, translated."""
    assert received.method == "POST" and received.path == "/v1/chat/completions"
    message = json.loads(received.body["messages"][-1]["content"])
    glossary = {entry["source"]: entry["target"] for entry in message["glossary"]}
    translations = [
        {"id": text["id"], "text": draft_of(text["text"], glossary, message["target_language"])}
        for text in message["texts"]
    ]
    return Reply(body=completion(json.dumps({"translations": translations}, ensure_ascii=False)))


def completion(content: str) -> dict[str, Any]:
    """A chat completion's reply, as the API documents it."""
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 0,
        "model": "test-model",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


def deepl_answer(server: Server, received: Received, glossaries: bool = True) -> Reply:
    """/v2/glossaries (create, delete) and /v2/translate, as DeepL's API v2 documents them."""
    if received.path == "/v2/glossaries" and received.method == "POST":
        if not glossaries:
            return Reply(400, {"message": "Unsupported glossary language pair"})
        entries = received.body["entries"].splitlines()
        return Reply(
            201,
            {
                "glossary_id": "g-1",
                "ready": True,
                "name": received.body["name"],
                "source_lang": received.body["source_lang"],
                "target_lang": received.body["target_lang"],
                "creation_time": "2024-01-01T00:00:00Z",
                "entry_count": len(entries),
            },
        )
    if received.path.startswith("/v2/glossaries/") and received.method == "DELETE":
        return Reply(204)
    assert received.method == "POST" and received.path == "/v2/translate"
    glossary: dict[str, str] = {}
    if received.body.get("glossary_id") == "g-1":
        create = next(r for r in server.received if r.path == "/v2/glossaries")
        glossary = dict(line.split("\t") for line in create.body["entries"].splitlines())
    translations = [
        {
            "detected_source_language": received.body.get("source_lang", "EN"),
            "text": draft_of(text, glossary, received.body["target_lang"]),
        }
        for text in received.body["text"]
    ]
    return Reply(body={"translations": translations})

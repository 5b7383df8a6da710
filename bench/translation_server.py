"""An OpenAI-compatible chat completions endpoint on 127.0.0.1 that answers at once, for
`make bench`: what drafting costs cvtex itself, the engine's time set apart."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Served:
    url: str
    requests: int = 0
    seconds: float = 0.0  # spent answering, from the request's first byte read to the reply


@contextmanager
def translation_server() -> Iterator[Served]:
    served: Served

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            started = time.perf_counter()
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            message = json.loads(body["messages"][-1]["content"])
            translations = [{"id": t["id"], "text": "译：" + t["text"]} for t in message["texts"]]
            content = json.dumps({"translations": translations}, ensure_ascii=False)
            reply = json.dumps({"choices": [{"message": {"content": content}}]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)
            served.requests += 1
            served.seconds += time.perf_counter() - started

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    served = Served(f"http://127.0.0.1:{httpd.server_address[1]}/v1")
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield served
    finally:
        httpd.shutdown()
        httpd.server_close()


def untranslated_profile(texts: int) -> str:
    """An English profile that declares Chinese, with ``texts`` distinct texts to draft
    (entries of a title, an organization and three bullets)."""
    lines = ["languages: [en, zh]", "name: {en: Ann Lee, zh: 李安}", "experience:"]
    for entry in range(texts // 5):
        lines += [
            f"  - title: Project number {entry}",
            f"    organization: Company number {entry}",
            f"    start: {2000 + entry % 25}",
            "    bullets:",
            *(
                f"      - Built the system {entry}.{bullet} for training large models"
                for bullet in range(3)
            ),
        ]
    return "\n".join(lines) + "\n"

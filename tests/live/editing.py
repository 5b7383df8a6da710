"""`cvtex edit` run as a person runs it, for the editor's tests: the real command in a
process of its own, on a commented profile; the HTTP requests the page makes; and the
page's boxes found by their accessible names."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import struct
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CVTEX = Path(sys.executable).with_name("cvtex")

# A profile as people write them: comments above and beside values, flow and block
# mappings, quotes, entries a blank line apart; three languages, zh-TW converted from zh.
PROFILE = """\
# Ann's CV: both languages from this one file.
languages: [en, zh, zh-TW]   # zh-TW is converted from zh

name: {en: Ann Lee, zh: 李安}  # as each language writes it
headline:
  en: "Engineer: systems"
  zh: '系统工程师'

contacts:
  - {type: email, value: ann@example.com}

# Newest first.
education:
  - institution: {en: Hunan University, zh: 湖南大学}
    degree: {en: B.Eng., zh: 工学学士}  # a bachelor's
    start: 2016-09
    end: 2020

  # the exchange term
  - institution: {en: Kyoto University, zh: 京都大学}
    start: 2019-04
    end: 2019-09
    bullets:
      - {en: Networks lab, zh: 网络实验室}
      - Exchange
"""

LETTER = """\
# To Dr. Wang, for the research position.
profile: cv.yaml
recipient:
  name: {en: Dr. Li Wang, zh: 王力博士}
subject: {en: Research Scientist, zh: 研究员职位}
body:
  - en: I am writing to apply for the position.
    zh: 我写信申请该职位。
  - {en: Thank you for your time., zh: 感谢您的时间。}
"""


def png(width: int = 8, height: int = 8) -> bytes:
    """A grey PNG image, as small as a photo gets."""
    rows = b"".join(b"\x00" + b"\x80" * (3 * width) for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


@dataclass
class Editor:
    process: subprocess.Popen[str]
    url: str  # as printed: with the token, which the page trades for its cookie
    lines: queue.Queue[str]
    file: Path

    @property
    def origin(self) -> str:
        return self.url.split("/?", 1)[0]

    def request(
        self,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        host: str | None = None,
        raw: bytes | None = None,
    ) -> tuple[int, Any]:
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.origin + path, data=data, method="POST" if data is not None else "GET"
        )
        if body is not None:
            request.add_header("Content-Type", "application/json")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        if host:
            request.add_header("Host", host)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, _decoded(response.read(), response.headers)
        except urllib.error.HTTPError as exc:
            return exc.code, _decoded(exc.read(), exc.headers)

    def token(self) -> str:
        """The token of the address printed (the page itself carries none)."""
        found = re.search(r"[?&]token=([^&\s]+)", self.url)
        assert found, "the address printed carries the token"
        return found[1]

    def api(self, path: str, body: Any = None) -> tuple[int, Any]:
        return self.request(path, body, {"X-Cvtex-Token": self.token()})

    def wait_for_line(self, text: str, bound: float = 120) -> str:
        deadline = time.monotonic() + bound
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                continue
            if text in line:
                return line
        raise AssertionError(f"the editor never printed {text!r}")

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            # Where it hangs: Python's fault handler prints every thread's stack on SIGABRT.
            self.process.send_signal(signal.SIGABRT)
            self.process.wait(timeout=60)
            time.sleep(0.5)
            said = []
            while not self.lines.empty():
                said.append(self.lines.get())
            raise AssertionError("the editor did not stop on Ctrl-C:\n" + "".join(said)) from None


def _decoded(data: bytes, headers: Any) -> Any:
    kind = headers.get("Content-Type", "")
    if kind.startswith("application/json"):
        return json.loads(data)
    if kind.startswith("text/"):
        return data.decode()
    return data


def start_editor(file: Path, *options: str, temporary: Path) -> Editor:
    process = subprocess.Popen(
        [str(CVTEX), "edit", str(file), "--port", "0", *options],
        env={**os.environ, "TMPDIR": str(temporary), "PYTHONFAULTHANDLER": "1"},
        # Ctrl-C stops it, even when the tests run as a background job.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    assert process.stdout is not None
    stdout = process.stdout
    threading.Thread(target=lambda: [lines.put(line) for line in stdout], daemon=True).start()
    first = lines.get(timeout=300)  # a busy machine: the first build may be slow
    assert first.startswith(f"editing {file}: http://127.0.0.1:"), first
    return Editor(process, first.split(": ", 1)[1].split()[0], lines, file)


def box(name: str) -> str:
    """The element whose accessible name (aria-label) is ``name``, as a JS expression."""
    return f"document.querySelector({json.dumps(f'[aria-label={json.dumps(name)}]')})"


def selector(path: list[Any]) -> str:
    """The CSS selector of the form's element for the value at ``path`` (its data-path is
    the path as JSON.stringify writes it)."""
    key = json.dumps(path, ensure_ascii=False, separators=(",", ":"))
    return f"#form [data-path={json.dumps(key)}]"


def field(path: list[Any]) -> str:
    """The form's element for the value at ``path``, as a JS expression."""
    return f"document.querySelector({json.dumps(selector(path))})"


def wait_until(check: Callable[[], Any], bound: float = 60, what: str = "") -> Any:
    deadline = time.monotonic() + bound
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what or check}")
        time.sleep(0.05)


def changed_from(file: Path, text: str, bound: float = 60) -> str:
    """The file's text once it is no longer ``text``."""
    return wait_until(
        lambda: (now := file.read_text(encoding="utf-8")) != text and now, bound, f"{file} changed"
    )

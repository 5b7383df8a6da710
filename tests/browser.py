"""A headless Chromium driven through the DevTools protocol on a pair of pipes.

For pages that change after they load (the preview, the editor): the test reads the live
DOM while it saves files, and types and clicks as a person does (keys, mouse). Chromium
reads commands from its fd 3 and writes replies to its fd 4, each message JSON ended by a
NUL byte; no websocket client or other package is needed.
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ALT, CTRL, META, SHIFT = 1, 2, 4, 8  # DevTools' modifier bits
# key: its code, its Windows virtual key code, the text it types
_KEYS = {
    "Tab": ("Tab", 9, ""),
    "Enter": ("Enter", 13, "\r"),
    "Escape": ("Escape", 27, ""),
    "Backspace": ("Backspace", 8, ""),
    "Delete": ("Delete", 46, ""),
    "ArrowUp": ("ArrowUp", 38, ""),
    "ArrowDown": ("ArrowDown", 40, ""),
    "ArrowLeft": ("ArrowLeft", 37, ""),
    "ArrowRight": ("ArrowRight", 39, ""),
    "Home": ("Home", 36, ""),
    "End": ("End", 35, ""),
    " ": ("Space", 32, " "),
    "-": ("Minus", 189, "-"),
    ".": ("Period", 190, "."),
    ",": ("Comma", 188, ","),
    **{str(digit): (f"Digit{digit}", 48 + digit, str(digit)) for digit in range(10)},
}


def _key_events(key: str, modifiers: int = 0) -> list[tuple[str, dict[str, Any]]]:
    """The DevTools events of a key pressed and released (``modifiers``: ALT, CTRL, SHIFT)."""
    if key in _KEYS:
        code, virtual, text = _KEYS[key]
    else:  # a letter
        code, virtual, text = f"Key{key.upper()}", ord(key.upper()), key
    if modifiers & (ALT | CTRL):
        text = ""  # a shortcut types nothing
    elif modifiers & SHIFT and len(text) == 1:
        text = text.upper()
    common = {"key": key, "code": code, "windowsVirtualKeyCode": virtual, "modifiers": modifiers}
    down = {**common, "type": "keyDown" if text else "rawKeyDown"}
    if text:
        down["text"] = text
    return [
        ("Input.dispatchKeyEvent", down),
        ("Input.dispatchKeyEvent", {**common, "type": "keyUp"}),
    ]


def _above_4(fd: int) -> int:
    import fcntl

    moved = fcntl.fcntl(fd, fcntl.F_DUPFD, 5)
    os.close(fd)
    return moved


class Chromium:
    """One headless Chromium process and its DevTools pipe.

    Starting Chromium takes a second or more; so the Browsers of a test process share one
    (see ``Browser``), each in a browser context of its own: a fresh profile's cookies,
    storage and cache, as a new Chromium would have, without starting one.
    """

    def __init__(self, extra_args: tuple[str, ...] = ()) -> None:
        assert CHROMIUM, "chromium is missing: `make test-system-deps` installs it"
        self._profile = tempfile.TemporaryDirectory(
            prefix="cvtex-chromium-", ignore_cleanup_errors=True
        )
        to_chromium, self._commands = os.pipe()
        self._replies, from_chromium = os.pipe()
        # Above 4, so that putting one on 3 or 4 in the child never overwrites the other.
        to_chromium, from_chromium = (_above_4(fd) for fd in (to_chromium, from_chromium))

        def on_fds_3_and_4() -> None:  # in the child, before exec
            os.dup2(to_chromium, 3)
            os.dup2(from_chromium, 4)

        self.process = subprocess.Popen(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",  # tests run as root in CI
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-pipe",
                f"--user-data-dir={self._profile.name}",
                *extra_args,
            ],
            preexec_fn=on_fds_3_and_4,
            pass_fds=(3, 4),  # kept open through exec, as the dup2 above made them
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_chromium)
        os.close(from_chromium)
        self._next_id = 0
        self._buffer = b""

    def send(self, method: str, params: dict[str, Any] | None = None, session: str = "") -> Any:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def send_all(self, commands: list[tuple[str, dict[str, Any]]], session: str = "") -> None:
        """Commands sent one after another without waiting, then each reply awaited."""
        first = self._next_id + 1
        for method, params in commands:
            self._next_id += 1
            message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
            if session:
                message["sessionId"] = session
            os.write(self._commands, json.dumps(message).encode() + b"\0")
        waiting = set(range(first, self._next_id + 1))
        while waiting:
            reply = self._read()
            if reply.get("id") in waiting:
                waiting.discard(reply["id"])
                if "error" in reply:
                    raise RuntimeError(f"{reply['error']}")

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = os.read(self._replies, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed its DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        with contextlib.suppress(OSError, RuntimeError):
            self.send("Browser.close")
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._commands)
        os.close(self._replies)
        self._profile.cleanup()


_shared: list[Chromium] = []


def shared_chromium() -> Chromium:
    """The test process's Chromium, started at its first use and closed at its exit."""
    if not _shared or not _shared[0].alive():
        if _shared:
            _shared.pop().close()
        _shared.append(Chromium())
    return _shared[0]


@atexit.register
def _close_shared() -> None:
    while _shared:
        _shared.pop().close()


class Browser:
    """A page as a person sees it, ``width`` by ``height``: a browser context of its own in
    the shared Chromium (nothing of another Browser's pages, cookies or storage), or a
    Chromium of its own when ``extra_args`` asks for flags (a language, a network log),
    which then ends with it."""

    def __init__(
        self, width: int = 1400, height: int = 900, extra_args: tuple[str, ...] = ()
    ) -> None:
        self._own = Chromium(extra_args) if extra_args else None
        self.chromium = self._own or shared_chromium()
        self.size = {"width": width, "height": height}
        self.context = self.chromium.send("Target.createBrowserContext")["browserContextId"]
        self.session = ""

    def send(self, method: str, params: dict[str, Any] | None = None, session: bool = True) -> Any:
        return self.chromium.send(method, params, self.session if session else "")

    def open(self, url: str) -> None:
        """A new page at ``url``, in a window of the Browser's size (set before it loads,
        as --window-size set it when each Browser had a Chromium of its own)."""
        target = self.send(
            "Target.createTarget",
            {
                "url": "about:blank",
                "browserContextId": self.context,
                "newWindow": True,  # sized as asked, whatever the context opened before
                **self.size,
            },
            session=False,
        )
        window = self.send("Browser.getWindowForTarget", target, session=False)["windowId"]
        bounds = {"windowState": "normal", **self.size}
        self.send("Browser.setWindowBounds", {"windowId": window, "bounds": bounds}, False)
        attached = self.send(
            "Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}, False
        )
        self.session = attached["sessionId"]
        self.send("Page.navigate", {"url": url})

    def evaluate(self, expression: str) -> Any:
        result = self.send(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
        )
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, bound: float = 120.0) -> Any:
        """The value of ``expression`` once it is truthy; fails after ``bound`` seconds.

        An expression that throws is not true yet: it may read an element the page is
        drawing again (a form rebuilt after a save), for as long as a busy machine makes
        that take."""
        deadline = time.monotonic() + bound
        error = None
        while True:
            try:
                value = self.evaluate(expression)
            except RuntimeError as exc:
                value, error = None, exc
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"never true: {expression}") from error
            time.sleep(0.05)

    def press(self, key: str, modifiers: int = 0) -> None:
        """A key pressed and released, as a person types it (``modifiers``: ALT, CTRL, SHIFT)."""
        for method, params in _key_events(key, modifiers):
            self.send(method, params)

    def type(self, text: str) -> None:
        """Text typed key by key (characters a keyboard has not, as an input method commits).

        The keys are sent at once, as a person types a word, and the page takes them one
        after another: waiting for each reply before the next key made the pauses between
        keys as long as the machine was busy, and a page that saves after a pause in the
        typing saved half a word.
        """
        events = []
        for character in text:
            if character.isascii() and (character.isalnum() or character in " -.,"):
                events += _key_events(character)
            else:
                events.append(("Input.insertText", {"text": character}))
        self.chromium.send_all(events, self.session)

    def click(self, selector: str) -> None:
        """A mouse click in the middle of the element ``selector`` finds (scrolled to)."""
        where = (
            f"(() => {{ const e = document.querySelector({json.dumps(selector)}); "
            "e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect(); "
            "return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        # Where it stands once it has stopped moving (a page still laying itself out).
        box = self.evaluate(where)
        for _ in range(40):
            time.sleep(0.05)
            again = self.evaluate(where)
            if again == box:
                break
            box = again
        x, y = box
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            event = {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}
            if kind == "mouseMoved":
                event = {"type": kind, "x": x, "y": y}
            self.send("Input.dispatchMouseEvent", event)

    def choose_file(self, selector: str, file: Path) -> None:
        """The file input ``selector`` finds given ``file``, as if chosen in its dialog."""
        root = self.send("DOM.getDocument")["root"]["nodeId"]
        node = self.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        self.send("DOM.setFileInputFiles", {"nodeId": node, "files": [str(file)]})

    def screenshot(self, file: Path) -> None:
        shot = self.send("Page.captureScreenshot", {"format": "png"})
        file.write_bytes(base64.b64decode(shot["data"]))

    def close(self) -> None:
        """Its pages and context gone (its own Chromium ended); the shared one goes on."""
        if self._own is not None:
            self._own.close()
            return
        with contextlib.suppress(OSError, RuntimeError):
            self.send("Target.disposeBrowserContext", {"browserContextId": self.context}, False)

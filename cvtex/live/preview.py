"""``cvtex preview``: the watch, and a page on localhost that shows its PDFs side by side.

The watch runs as ``cvtex watch`` does (waiting engines, a save seen at once); a small
threaded HTTP server beside it serves one page (``previewpage/``: HTML, CSS and a script,
all shipped with cvtex), each language's current PDF at ``/<stem>.pdf``, and the state of
the panes as server-sent events at ``/events``. After each build the new state goes to
every open page: a pane whose PDF changed loads it again, a pane whose language failed
shows the error, as the command line prints it, until a build of it succeeds.

It answers only on 127.0.0.1, and only to requests addressed to it by that name or
``localhost`` (so that a web page elsewhere cannot reach it by rebinding a name of its own).
"""

from __future__ import annotations

import contextlib
import json
import threading
import webbrowser
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from ..errors import CvtexError, InputError, ToolchainError
from .watch import DEFAULT_INTERVAL, Rebuilt, WatchState, watch

PAGE_DIR = Path(__file__).resolve().parent / "previewpage"
DEFAULT_PORT = 8420
HOST = "127.0.0.1"
KEEPALIVE = 15.0  # seconds between comments on an idle event stream: a closed page is noticed
# Debian's pdf.js (libjs-pdf): with it the panes draw the PDFs themselves and keep their
# place across reloads; without it they are the browser's viewer (see preview.js).
PDFJS_DIR = Path("/usr/share/javascript/pdf/build")
_ASSETS = {
    "/": (PAGE_DIR / "index.html", "text/html; charset=utf-8"),
    "/preview.js": (PAGE_DIR / "preview.js", "text/javascript; charset=utf-8"),
    "/preview.css": (PAGE_DIR / "preview.css", "text/css; charset=utf-8"),
    "/pdfjs/pdf.js": (PDFJS_DIR / "pdf.js", "text/javascript; charset=utf-8"),
    "/pdfjs/pdf.worker.js": (PDFJS_DIR / "pdf.worker.js", "text/javascript; charset=utf-8"),
}


def pdfjs_installed() -> bool:
    return all((PDFJS_DIR / name).is_file() for name in ("pdf.js", "pdf.worker.js"))


SECURITY_HEADERS = {
    # Nothing but cvtex's own files, and no plugin content but its own PDFs.
    "Content-Security-Policy": "default-src 'self'; object-src 'self'; frame-src 'self'; "
    "frame-ancestors 'self'; form-action 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


@dataclass
class Pane:
    language: str
    title: str
    pdf: Path | None = None
    version: int = 0  # 0 until there is a PDF; one more each time it is replaced
    error: str | None = None

    def url(self) -> str:
        return f"/{self.pdf.name}" if self.pdf else ""


def error_text(error: CvtexError) -> str:
    """The error as ``cvtex`` prints it: located message, then the hint."""
    return f"error: {error}"


class PreviewState:
    """What the page shows, changed by the watch's reports and waited on by event streams."""

    def __init__(
        self, profile: Path, viewer: str = "browser", locale_files: tuple[Path, ...] = ()
    ) -> None:
        self.profile = profile
        self.locale_files = locale_files  # where a language's own name may come from
        self.viewer = viewer  # "pages" (drawn by pdf.js) or "browser" (its PDF viewer)
        self.panes: dict[str, Pane] = {}
        self.error: str | None = None  # a failure before any language was ever built
        self.summary = "building…"
        self.warnings: list[str] = []  # the last build's, as the command line prints them
        self.generation = 0
        self.closed = False
        self._changed = threading.Condition()

    def update(self, result: Rebuilt) -> None:
        with self._changed:
            self.summary = result.summary()
            # A build the cache answered read nothing, so warned of nothing: the last
            # warnings stand until a build that compiles says otherwise.
            if result.error is None and (result.compiled or result.warnings):
                self.warnings = list(result.warnings)
            for language in result.languages:
                if language not in self.panes:
                    self.panes[language] = Pane(
                        language, _language_name(language, self.locale_files)
                    )
            self.panes = {language: self.panes[language] for language in result.languages}
            failed = error_text(result.error) if result.error is not None else None
            self.error = failed if not self.panes else None
            for language, pane in self.panes.items():
                if language in result.pdfs:
                    pane.error = None
                    if language in result.compiled or pane.pdf != result.pdfs[language]:
                        pane.version += 1
                    pane.pdf = result.pdfs[language]
                elif failed is not None:
                    pane.error = failed
            self.generation += 1
            self._changed.notify_all()

    def close(self) -> None:
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def pdf(self, path: str) -> Path | None:
        """The PDF a page may ask for by its name: only a pane's current one."""
        with self._changed:
            for pane in self.panes.values():
                if pane.pdf is not None and path == pane.url():
                    return pane.pdf
        return None

    def snapshot(self) -> dict[str, object]:
        panes = [
            {
                "lang": pane.language,
                "title": pane.title,
                "url": pane.url(),
                "version": pane.version,
                "error": pane.error,
            }
            for pane in self.panes.values()
        ]
        if not panes and self.error is not None:  # nothing built yet: one pane says why
            title = self.profile.name
            panes.append({"lang": "", "title": title, "url": "", "version": 0, "error": self.error})
        return {
            "profile": str(self.profile),
            "summary": self.summary,
            "warnings": self.warnings,
            "viewer": self.viewer,
            "panes": panes,
        }

    def changes(self, keepalive: float = KEEPALIVE) -> Iterator[dict[str, object] | None]:
        """The state now, then each time it changes (None after ``keepalive`` s without one),
        until the preview closes."""
        seen = -1
        while True:
            with self._changed:
                self._changed.wait_for(
                    lambda seen=seen: self.closed or self.generation != seen, timeout=keepalive
                )
                if self.closed:
                    return
                fresh = self.generation != seen
                seen = self.generation
                snapshot = self.snapshot() if fresh else None
            yield snapshot


def _language_name(language: str, locale_files: tuple[Path, ...] = ()) -> str:
    """How the language calls itself (its catalog's ``language:``), else its code."""
    from ..language.catalog import load_locales

    try:
        return load_locales(locale_files).catalog(language).language or language
    except CvtexError:
        return language


def addressed_here(host: str | None) -> bool:
    """Whether a request names this machine's loopback as its host (the Host header): a web
    page elsewhere that rebinds a name of its own to 127.0.0.1 is refused."""
    return (host or "").rsplit(":", 1)[0] in (HOST, "localhost")


class LocalHandler(BaseHTTPRequestHandler):
    """What the preview's and the editor's servers answer alike: only requests addressed to
    this machine's loopback, each answer with the security headers, the state's changes as
    server-sent events, and no line per request in the terminal."""

    server: Any  # a server with a ``state`` whose changes() the event stream follows

    def _addressed_to_us(self) -> bool:
        return addressed_here(self.headers.get("Host"))

    def _send(self, data: bytes, kind: str, status: int = HTTPStatus.OK) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _events(self) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        self.end_headers()
        with contextlib.suppress(OSError):  # the page was closed or reloaded
            for snapshot in self.server.state.changes():
                if snapshot is None:
                    self.wfile.write(b": still here\n\n")
                else:
                    data = json.dumps(snapshot, ensure_ascii=False)
                    self.wfile.write(f"data: {data}\n\n".encode())
                self.wfile.flush()

    def log_message(self, format: str, *args: object) -> None:
        pass  # the terminal shows builds, not requests


class _Handler(LocalHandler):
    server: _Server

    def do_GET(self) -> None:
        if not self._addressed_to_us():
            self._refuse(HTTPStatus.MISDIRECTED_REQUEST)
            return
        path = self.path.split("?", 1)[0]
        if path in _ASSETS:
            file, kind = _ASSETS[path]
            try:
                data = file.read_bytes()
            except OSError:  # pdf.js is not installed
                self._refuse(HTTPStatus.NOT_FOUND)
                return
            self._send(data, kind)
        elif path == "/events":
            self._events()
        elif path.endswith(".pdf") and (pdf := self.server.state.pdf(path)) is not None:
            try:
                data = pdf.read_bytes()
            except OSError:
                self._refuse(HTTPStatus.NOT_FOUND)
                return
            self._send(data, "application/pdf")
        else:
            self._refuse(HTTPStatus.NOT_FOUND)

    def _refuse(self, status: HTTPStatus) -> None:
        self.send_error(status)


class _Server(ThreadingHTTPServer):
    daemon_threads = True  # an open event stream never holds the preview's end

    def __init__(self, port: int, state: PreviewState) -> None:
        self.state = state
        super().__init__((HOST, port), _Handler)


def preview(
    state: WatchState,
    port: int,
    on_ready: Callable[[str], None],
    report: Callable[[Rebuilt], None],
    open_browser: bool = False,
    viewer: str | None = None,
    stop: threading.Event | None = None,
    interval: float = DEFAULT_INTERVAL,
) -> None:
    """Serve the preview of ``state``'s profile and watch it until ``stop`` (or Ctrl-C).

    ``on_ready(url)`` is called once the page can be opened, before the first build;
    ``report`` for each build, after the open pages have been told of it. ``viewer``:
    "pages" or "browser" (see PreviewState); None: pages if pdf.js is installed.
    """
    has_pdfjs = pdfjs_installed()
    if viewer == "pages" and not has_pdfjs:
        raise ToolchainError(
            f"--viewer pages draws the PDFs with pdf.js, which is not installed ({PDFJS_DIR})",
            "sudo apt-get install libjs-pdf   (or: make system-deps), or use --viewer browser",
        )
    shown = PreviewState(
        state.profile,
        viewer or ("pages" if has_pdfjs else "browser"),
        state.request.locale_files,
    )
    try:
        server = _Server(port, shown)
    except OSError as exc:
        raise InputError(
            f"cannot serve the preview on {HOST}:{port} ({exc.strerror})",
            "another program may use that port: choose another with --port (0: any free one)",
        ) from None
    url = f"http://{HOST}:{server.server_address[1]}/"
    thread = threading.Thread(target=server.serve_forever, name="cvtex-preview", daemon=True)
    thread.start()
    try:
        on_ready(url)
        if open_browser:
            webbrowser.open(url)

        def show(result: Rebuilt) -> None:
            shown.update(result)
            report(result)

        watch(state, show, interval, stop)
    finally:
        shown.close()
        server.shutdown()
        server.server_close()

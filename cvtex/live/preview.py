"""``cvtex preview``: the watch, and a page on localhost that shows its PDFs side by side.

The watch runs as ``cvtex watch`` does (waiting engines, a save seen at once); a small
threaded HTTP server beside it serves one page (``previewpage/``: HTML, CSS and a script,
all shipped with cvtex), each language's current PDF at ``/<stem>.pdf``, and the state of
the panes as server-sent events at ``/events``. After each build the new state goes to
every open page: a pane whose PDF changed loads it again, a pane whose language failed
shows the error, as the command line prints it, until a build of it succeeds.

It answers only on 127.0.0.1, and only to requests addressed to it by that name or
``localhost`` (so that a web page elsewhere cannot reach it by rebinding a name of its own),
and only to the person who started it: the address it prints carries a token, which the
page trades for a cookie no script can read and no other site's request carries (as
Jupyter does), so another account on the computer cannot open the page or its PDFs.
Requests must arrive whole within REQUEST_TIMEOUT seconds, and at most MAX_THREADS are
answered at once: connections left half sent cannot hold the server.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import re
import secrets
import threading
import time
import webbrowser
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http import HTTPStatus
from http.cookies import CookieError, SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..errors import CvtexError, InputError
from ..pipeline.place import BuiltLanguage
from .pageimages import MAX_WIDTH, MIN_WIDTH, Looked, page_image, page_sizes
from .watch import DEFAULT_INTERVAL, Rebuilt, WatchState, watch

PAGE_DIR = Path(__file__).resolve().parent / "previewpage"
DEFAULT_PORT = 8420
HOST = "127.0.0.1"
KEEPALIVE = 15.0  # seconds between comments on an idle event stream: a closed page is noticed
REQUEST_TIMEOUT = 10.0  # seconds for a request to arrive whole, or an answer to be taken
STREAM_TIMEOUT = 60.0  # seconds an open page's event stream may go without taking an event
MAX_THREADS = 32  # requests answered at once (each open page holds one for its events)
MAX_VIEW_BYTES = 4096  # what a page shows, as it says it
PAGE_ID = re.compile(r"[A-Za-z0-9-]{1,64}")  # a page's name for itself
_LANGUAGE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*")
# The tab's icon (and no 404 in the console for it): beside the pages, whose files name no
# address at all, since an SVG names its own namespace.
FAVICON = Path(__file__).resolve().parent / "favicon.svg"
# Debian's pdf.js (libjs-pdf): with it the pages drawn by the server carry their text, to
# select and find (see preview.js).
PDFJS_DIR = Path("/usr/share/javascript/pdf/build")
_ASSETS = {
    "/": (PAGE_DIR / "index.html", "text/html; charset=utf-8"),
    "/preview.js": (PAGE_DIR / "preview.js", "text/javascript; charset=utf-8"),
    "/preview.css": (PAGE_DIR / "preview.css", "text/css; charset=utf-8"),
    "/panes.js": (PAGE_DIR / "panes.js", "text/javascript; charset=utf-8"),
    "/favicon.ico": (FAVICON, "image/svg+xml"),
    "/pdfjs/pdf.js": (PDFJS_DIR / "pdf.js", "text/javascript; charset=utf-8"),
    "/pdfjs/pdf.worker.js": (PDFJS_DIR / "pdf.worker.js", "text/javascript; charset=utf-8"),
}


def pdfjs_installed() -> bool:
    return all((PDFJS_DIR / name).is_file() for name in ("pdf.js", "pdf.worker.js"))


SECURITY_HEADERS = {
    # Nothing but cvtex's own files, and no plugin content but its own PDFs; images of
    # pages the page itself loaded (blob:, to read each one's digest with it).
    "Content-Security-Policy": "default-src 'self'; img-src 'self' blob:; object-src 'self'; "
    "frame-src 'self'; "
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
    stamp: tuple[int, int] | None = None  # the PDF file's (time, inode) this version shows
    behind: bool = False  # the profile changed since: built once the others are shown
    ahead: dict[str, object] | None = None  # its pages drawn for the pages that look at it

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
        self.viewer = viewer  # "pages" (drawn by PDFium, see pageimages) or "browser" (its viewer)
        self.panes: dict[str, Pane] = {}
        self.error: str | None = None  # a failure before any language was ever built
        self.summary = "building…"
        self.warnings: list[str] = []  # the last build's, as the command line prints them
        self.generation = 0
        self.number = 0  # the build shown
        self.ended = 0.0  # when that build was over (seconds since the epoch)
        self.closed = False
        self._changed = threading.Condition()
        self.looked = Looked()
        self.nudge: threading.Event | None = None  # the watch's, told when a page changes
        self._views: dict[str, View] = {}
        self._prepared: dict[str, tuple[Any, Any]] = {}  # language: (its PDF's stamp, ahead)

    def prepare(self, built: BuiltLanguage) -> None:
        """A language's new PDF, as soon as it is in place: the pages the pages look at
        drawn ahead, while the other languages still compile."""
        ahead = self.looked.drawn_ahead(f"/{built.pdf.name}", built.pdf)
        with self._changed:
            self._prepared[built.language] = (_file_stamp(built.pdf), ahead)

    def update(self, result: Rebuilt) -> None:
        # The build is over: from here to its pages shown is the preview's own time (the
        # page says how long it took, by the same clock: bench/bench.py reads it).
        ended = time.time()
        # Drawn before the pages are told, while no engine competes for the cores (those
        # drawn as each language was ready are taken as they are).
        with self._changed:
            prepared, self._prepared = self._prepared, {}
        ahead = {
            language: self._ahead(language, pdf, prepared)
            for language, pdf in result.pdfs.items()
            if self._new_pdf(language, pdf)
        }
        with self._changed:
            self.summary = result.summary()
            self.number = result.number
            self.ended = ended
            # A build the cache answered read nothing, so warned of nothing: the last
            # warnings stand until a build that compiles says otherwise (and one of some
            # languages only warns of those).
            if result.error is None and (result.compiled or result.warnings) and not result.behind:
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
                pane.behind = language in result.behind
                if language in result.pdfs:
                    pane.error = None
                    pdf = result.pdfs[language]
                    stamp = _file_stamp(pdf)
                    if language in result.compiled or stamp != pane.stamp or pane.pdf != pdf:
                        pane.version += 1
                        pane.ahead = ahead.get(language)
                    pane.pdf, pane.stamp = pdf, stamp
                elif failed is not None:
                    pane.error = failed
            self.generation += 1
            self._changed.notify_all()

    def _ahead(
        self, language: str, pdf: Path, prepared: dict[str, tuple[Any, Any]]
    ) -> dict[str, object] | None:
        stamp, ahead = prepared.get(language, (None, None))
        if stamp is not None and stamp == _file_stamp(pdf):
            return ahead
        return self.looked.drawn_ahead(f"/{pdf.name}", pdf)

    def _new_pdf(self, language: str, pdf: Path) -> bool:
        with self._changed:
            pane = self.panes.get(language)
        return pane is None or pane.pdf != pdf or pane.stamp != _file_stamp(pdf)

    # The pages: what they show ------------------------------------------------------------

    def view(self, page: str, shown: list[str], drawn: int) -> None:
        """A page says which languages its panes show on its screen, and the last build it
        has drawn."""
        with self._changed:
            if page not in self._views and len(self._views) >= MAX_THREADS:
                return  # more pages than can be connected: not one of them
            self._views[page] = View(set(shown), drawn)
        if self.nudge is not None:
            self.nudge.set()

    def left(self, page: str) -> None:
        """A page was closed (its event stream ended)."""
        with self._changed:
            self._views.pop(page, None)
        if self.nudge is not None:
            self.nudge.set()

    def looked_at(self) -> set[str] | None:
        with self._changed:
            if not self._views:
                return None
            return {language for view in self._views.values() for language in view.shown}

    def showing(self, number: int) -> bool:
        with self._changed:
            return all(view.drawn >= number for view in self._views.values())

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
                "pages": page_sizes(pane.pdf) if pane.pdf is not None else [],
                "ahead": pane.ahead,
                "behind": pane.behind,
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
            "number": self.number,
            "ended": self.ended,
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


@dataclass
class View:
    """What one page shows: the languages of the panes on its screen, the last build drawn."""

    shown: set[str]
    drawn: int


def _file_stamp(pdf: Path) -> tuple[int, int] | None:
    try:
        stat = pdf.stat()
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_ino)


def _language_name(language: str, locale_files: tuple[Path, ...] = ()) -> str:
    """How the language calls itself (its catalog's ``language:``), else its code."""
    from ..language.catalog import load_locales

    try:
        return load_locales(locale_files).catalog(language).language or language
    except CvtexError:
        return language


def _is_language(code: Any) -> bool:
    return isinstance(code, str) and len(code) <= 35 and bool(_LANGUAGE.fullmatch(code))


def addressed_here(host: str | None) -> bool:
    """Whether a request names this machine's loopback as its host (the Host header): a web
    page elsewhere that rebinds a name of its own to 127.0.0.1 is refused."""
    return (host or "").rsplit(":", 1)[0] in (HOST, "localhost")


class LocalHandler(BaseHTTPRequestHandler):
    """What the preview's and the editor's servers answer alike: only requests addressed to
    this machine's loopback, and of those only the ones that carry the token (in the cookie
    the page was given, or as the address printed has it); each answer with the security
    headers, the state's changes as server-sent events, and no line per request in the
    terminal."""

    server: Any  # a LocalServer with a ``state`` whose changes() the event stream follows
    timeout = REQUEST_TIMEOUT  # a request not sent whole in time is dropped

    def _addressed_to_us(self) -> bool:
        return addressed_here(self.headers.get("Host"))

    def _authorized(self) -> bool:
        """The cookie the page was given, the token in a header (a script of the person's
        own), or in the address (the one printed)."""
        given = [self.headers.get("X-Cvtex-Token") or "", self._query_token()]
        cookies = SimpleCookie()
        with contextlib.suppress(CookieError):
            cookies.load(self.headers.get("Cookie") or "")
        if (cookie := cookies.get(self.server.cookie_name())) is not None:
            given.append(cookie.value)
        return any(self.server.is_token(value) for value in given)

    def _query_token(self) -> str:
        return parse_qs(urlsplit(self.path).query).get("token", [""])[0]

    def _welcome(self) -> bool:
        """``/?token=...``, the address printed: the token becomes the page's cookie, and
        the address without it is loaded (so it stays out of the browser's history). True
        if answered so."""
        if not self.server.is_token(self._query_token()):
            return False
        self.send_response(HTTPStatus.SEE_OTHER)
        self.send_header("Location", "/")
        self.send_header(
            "Set-Cookie",
            f"{self.server.cookie_name()}={self.server.token}; HttpOnly; SameSite=Strict; Path=/",
        )
        self.send_header("Content-Length", "0")
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        self.end_headers()
        return True

    def _refuse_stranger(self) -> None:
        self._send(
            b"This page is for the person who started it: open the address cvtex printed "
            b"(with its token) in the terminal where it runs.\n",
            "text/plain; charset=utf-8",
            HTTPStatus.FORBIDDEN,
        )

    def _send(
        self,
        data: bytes,
        kind: str,
        status: int = HTTPStatus.OK,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
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
        self.connection.settimeout(STREAM_TIMEOUT)  # long lived, but a page that takes no
        page = parse_qs(urlsplit(self.path).query).get("page", [""])[0]
        try:
            with contextlib.suppress(OSError):  # events is closed; the page closed or reloaded
                for snapshot in self.server.state.changes():
                    if snapshot is None:
                        self.wfile.write(b": still here\n\n")
                    else:
                        data = json.dumps(snapshot, ensure_ascii=False)
                        self.wfile.write(f"data: {data}\n\n".encode())
                    self.wfile.flush()
        finally:
            if PAGE_ID.fullmatch(page):
                self.server.state.left(page)

    def _page_image(self, path: str, query: dict[str, list[str]]) -> None:
        """``/page/<name>.pdf/<n>.png?w=<pixels>``: a page of a pane's current PDF, with the
        digest of its pixels (the page loads again only pages whose digest changed)."""
        parts = path.split("/")
        try:
            name, number = parts[2], int(parts[3].removesuffix(".png"))
            width = max(MIN_WIDTH, min(MAX_WIDTH, int(query.get("w", ["800"])[0])))
        except (IndexError, ValueError):
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        state = self.server.state
        pdf = state.pdf(f"/{name}")
        image = page_image(pdf, number, width) if pdf is not None and len(parts) == 4 else None
        if image is None:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        state.looked.asked(f"/{name}", number, width)
        self._send(image.png, "image/png", headers={"X-Page-Digest": image.digest})

    # What a page posts ----------------------------------------------------------------------

    def _same_origin(self) -> bool:
        """A browser names the page a request comes from; it must be ours."""
        origin = self.headers.get("Origin")
        if origin is not None and origin not in self.server.origins():
            return False
        site = self.headers.get("Sec-Fetch-Site")
        return site in (None, "same-origin", "none")

    def _may_post(self) -> bool:
        """Whether a write may be answered: else it is, with why not."""
        if not self._addressed_to_us():
            self.send_error(HTTPStatus.MISDIRECTED_REQUEST)
            return False
        if not self._authorized() or not self._same_origin():
            self._json({"error": "this request needs the page's token"}, HTTPStatus.FORBIDDEN)
            return False
        return True

    def _body(self, limit: int) -> bytes | None:
        try:
            size = int(self.headers.get("Content-Length") or "0")
        except ValueError:
            return None
        if size < 0 or size > limit:
            return None
        return self.rfile.read(size)

    def _view(self) -> None:
        """``{page, shown: [languages], drawn: build}``: what a page shows (see
        PreviewState.view); the watch builds those languages first."""
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip()
        body = self._body(MAX_VIEW_BYTES)
        try:
            if kind != "application/json" or body is None:
                raise ValueError("a view is JSON")
            view = json.loads(body)
            page, shown, drawn = view["page"], view["shown"], view["drawn"]
            if not (isinstance(page, str) and PAGE_ID.fullmatch(page)):
                raise ValueError("page: the page's name, letters, digits and -")
            if not (isinstance(shown, list) and all(_is_language(code) for code in shown)):
                raise ValueError("shown: the languages of the panes on screen")
            if not isinstance(drawn, int) or isinstance(drawn, bool) or drawn < 0:
                raise ValueError("drawn: the number of the last build drawn")
        except (ValueError, KeyError, TypeError, RecursionError) as exc:
            self._json({"error": str(exc)}, HTTPStatus.BAD_REQUEST)
            return
        self.server.state.view(page, shown, drawn)
        self._json({"number": self.server.state.number})

    def _json(self, value: Any, status: int = HTTPStatus.OK) -> None:
        data = json.dumps(value, ensure_ascii=False).encode()
        self._send(data, "application/json; charset=utf-8", status)

    def log_message(self, format: str, *args: object) -> None:
        pass  # the terminal shows builds, not requests


class LocalServer(ThreadingHTTPServer):
    """A threaded HTTP server on 127.0.0.1 for one person: the token they were given, and at
    most MAX_THREADS requests answered at once."""

    daemon_threads = True  # an open event stream never holds the server's end
    request_queue_size = 64

    def __init__(self, port: int, state: Any, handler: type[LocalHandler]) -> None:
        self.state = state
        self.token = secrets.token_urlsafe(32)
        self._slots = threading.BoundedSemaphore(MAX_THREADS)
        super().__init__((HOST, port), handler)

    def url(self) -> str:
        """The address to open: with the token, which the page trades for its cookie."""
        return f"http://{HOST}:{self.server_address[1]}/?token={self.token}"

    def origins(self) -> set[str]:
        port = self.server_address[1]
        return {f"http://{HOST}:{port}", f"http://localhost:{port}"}

    def cookie_name(self) -> str:
        # Cookies are not kept apart by port: each server its own name.
        return f"cvtex-token-{self.server_address[1]}"

    def is_token(self, given: str) -> bool:
        return bool(given) and hmac.compare_digest(given.encode(), self.token.encode())

    def process_request(self, request: Any, client_address: Any) -> None:
        # A request beyond MAX_THREADS waits a moment for a thread, then is dropped: a
        # flood of half-sent connections never holds more threads than that.
        if not self._slots.acquire(timeout=1.0):
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a connection dropped or timed out: nothing for the terminal


class _Handler(LocalHandler):
    server: _Server

    def do_GET(self) -> None:
        if not self._addressed_to_us():
            self._refuse(HTTPStatus.MISDIRECTED_REQUEST)
            return
        path = self.path.split("?", 1)[0]
        if path == "/" and self._welcome():
            return
        if path != "/" and path in _ASSETS:  # the page's own files, nothing of the CV
            self._asset(path)
        elif not self._authorized():
            self._refuse_stranger()
        elif path == "/":
            self._asset(path)
        elif path == "/events":
            self._events()
        elif path.startswith("/page/"):
            url = urlsplit(self.path)
            self._page_image(url.path, parse_qs(url.query))
        elif path.endswith(".pdf") and (pdf := self.server.state.pdf(path)) is not None:
            try:
                data = pdf.read_bytes()
            except OSError:
                self._refuse(HTTPStatus.NOT_FOUND)
                return
            self._send(data, "application/pdf")
        else:
            self._refuse(HTTPStatus.NOT_FOUND)

    def do_POST(self) -> None:
        if not self._may_post():
            return
        if urlsplit(self.path).path == "/api/view":
            self._view()
        else:
            self.send_error(HTTPStatus.NOT_FOUND)

    def _asset(self, path: str) -> None:
        file, kind = _ASSETS[path]
        try:
            data = file.read_bytes()
        except OSError:  # pdf.js is not installed
            self._refuse(HTTPStatus.NOT_FOUND)
            return
        self._send(data, kind)

    def _refuse(self, status: HTTPStatus) -> None:
        self.send_error(status)


class _Server(LocalServer):
    def __init__(self, port: int, state: PreviewState) -> None:
        super().__init__(port, state, _Handler)


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
    "pages" (the default) or "browser" (see PreviewState).
    """
    shown = PreviewState(state.profile, viewer or "pages", state.request.locale_files)
    state.viewers, state.on_ready, shown.nudge = shown, shown.prepare, state.nudge
    try:
        server = _Server(port, shown)
    except OSError as exc:
        raise InputError(
            f"cannot serve the preview on {HOST}:{port} ({exc.strerror})",
            "another program may use that port: choose another with --port (0: any free one)",
        ) from None
    url = server.url()
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

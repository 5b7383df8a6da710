"""``cvtex edit``: the preview's watch and panes, with the profile as a form beside them.

One threaded HTTP server on 127.0.0.1 serves the page (``editpage/``: HTML, CSS and plain
JavaScript shipped with cvtex, nothing from the network), its JSON API, the panes' PDFs and
their pages as images (pageimages), and one stream of server-sent events that says when the
PDFs, the file or its facts changed.

Safety, as for the preview (live/preview.LocalServer) and more: it answers only requests
addressed to 127.0.0.1 or localhost (no DNS rebinding), and only to the person who started
it: the address printed carries a token, which the page trades for a cookie that no script
can read and no other site's request carries; a write is also refused when the browser
says it comes from another origin. A request that is not what the page sends is answered
400 with its reason, never 500. It reads and writes no file but the document edited (and,
for a profile, the photo it names, in its folder: only a PNG or JPEG that decodes whole,
the photo it replaces kept as a copy), and cvtex's memory of which translations may be out
of date (a text confirmed on the page, as `cvtex translate confirm` records it).
"""

from __future__ import annotations

import contextlib
import io
import json
import threading
import time
import webbrowser
from collections.abc import Callable
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .. import atomic
from ..errors import CvtexError, InputError
from ..language.catalog import Locales, load_locales
from ..language.traditional import converted_languages
from ..profile.source import MAX_DEPTH, format_path
from ..translate.confirm import confirm
from ..userfile import UserFile
from .editfacts import Facts, document_kind, facts_of, languages_of
from .editform import form_of
from .editsession import EditSession, Revision, value_at
from .editwords import page_words
from .preview import FAVICON, HOST, LocalHandler, LocalServer, PreviewState
from .preview import PAGE_DIR as PREVIEW_PAGE_DIR
from .watch import DEFAULT_INTERVAL, Rebuilt, WatchState, watch

PAGE_DIR = Path(__file__).resolve().parent / "editpage"
DEFAULT_PORT = 8421  # the preview's is 8420: both may run at once
DISK_POLL = 0.2  # seconds between looks at the file for another program's save
FACTS_WAIT = 3.0  # seconds the checks of a revision wait for its build to end
MAX_CHANGE_BYTES = 1024 * 1024
MAX_PHOTO_BYTES = 10 * 1024 * 1024
MAX_PHOTO_PIXELS = 50_000_000  # larger is no photo, and decoding it would take gigabytes
PHOTO_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}
_DECODED = {"image/png": "PNG", "image/jpeg": "JPEG"}  # as Pillow names what it decoded
_JS, _CSS = "text/javascript; charset=utf-8", "text/css; charset=utf-8"
_ASSETS = {
    "/edit.js": (PAGE_DIR / "edit.js", _JS),
    "/form.js": (PAGE_DIR / "form.js", _JS),
    "/panes.js": (PREVIEW_PAGE_DIR / "panes.js", _JS),
    "/edit.css": (PAGE_DIR / "edit.css", _CSS),
    "/favicon.ico": (FAVICON, "image/svg+xml"),
}


class EditorState(PreviewState):
    """The panes (as the preview's), the document's revision and its facts, told to every
    open page through the one event stream."""

    def __init__(
        self, session: EditSession, locales: Locales, locale_files: tuple[Path, ...]
    ) -> None:
        # The panes show pages drawn by the server (pageimages), neither viewer's.
        super().__init__(session.file, "images", locale_files)
        self.session = session
        self.locales = locales
        self.built: int | None = None  # the revision the PDFs shown were built from
        self.last_build: dict[str, object] | None = None
        self._facts: Facts | None = None
        self._facts_wanted = threading.Condition()
        self._stopped = False
        session.listeners.append(lambda revision: self.poke())

    def poke(self) -> None:
        with self._changed:
            self.generation += 1
            self._changed.notify_all()
        with self._facts_wanted:
            self._facts_wanted.notify_all()

    def built_from(self, revision: int | None) -> None:
        self.built = revision

    def update(self, result: Rebuilt) -> None:
        # What the page words itself (in its own language), where the watch prints a line.
        self.last_build = {
            "at": time.strftime("%H:%M:%S"),
            "compiled": result.compiled,
            "seconds": round(result.seconds, 2),
            "failed": result.error is not None,
        }
        super().update(result)
        with self._facts_wanted:
            self._facts_wanted.notify_all()

    def snapshot(self) -> dict[str, object]:
        shown = super().snapshot()
        current = self.session.current
        facts = self._facts
        shown["document"] = {
            "revision": current.number,
            "writer": current.writer,
            "facts": facts.revision if facts is not None else None,
        }
        shown["built"] = self.built
        shown["build"] = self.last_build
        return shown

    def facts(self) -> Facts | None:
        return self._facts

    def view(self, page: str, shown: list[str], drawn: int) -> None:
        super().view(page, shown, drawn)
        with self._facts_wanted:
            self._facts_wanted.notify_all()

    def forget_facts(self) -> None:
        """The facts of this revision worked out again: what they read besides the file
        (the memory of texts out of date) changed."""
        with self._facts_wanted:
            self._facts = None
            self._facts_wanted.notify_all()

    def check_forever(self) -> None:
        """Work out the facts of each new revision, the latest first (a thread's loop).

        Once the PDFs of the revision are built and the pages show them (or after
        FACTS_WAIT seconds): the checks would otherwise take a core, and the GIL, from the
        rebuild the person waits for and from drawing it."""
        while True:
            with self._facts_wanted:
                self._facts_wanted.wait_for(
                    lambda: (
                        self._stopped
                        or self._facts is None
                        or self._facts.revision != self.session.current.number
                    )
                )
                wanted = self.session.current.number
                self._facts_wanted.wait_for(
                    lambda wanted=wanted: (
                        self._stopped or ((self.built or 0) >= wanted and self.showing(self.number))
                    ),
                    timeout=FACTS_WAIT,
                )
                if self._stopped:
                    return
            revision = self.session.current
            try:
                facts = facts_of(
                    revision.number, self.session.file, revision.text, revision.data, self.locales
                )
            except CvtexError as exc:
                facts = Facts(revision.number, [{"path": None, "message": exc.message}])
            except Exception as exc:  # a bug in a check must not stop the editor
                facts = Facts(revision.number, [{"path": None, "message": f"{exc!r}"}])
            self._facts = facts
            self.poke()

    def close(self) -> None:
        with self._facts_wanted:
            self._stopped = True
            self._facts_wanted.notify_all()
        super().close()


class _Handler(LocalHandler):
    server: _Server

    # Reading ----------------------------------------------------------------------------------

    def do_GET(self) -> None:
        if not self._addressed_to_us():
            self.send_error(HTTPStatus.MISDIRECTED_REQUEST)
            return
        url = urlsplit(self.path)
        path = url.path
        if path == "/" and self._welcome():
            return
        if path in _ASSETS:  # the page's own files, nothing of the CV
            file, kind = _ASSETS[path]
            try:
                self._send(file.read_bytes(), kind)
            except OSError:
                self.send_error(HTTPStatus.NOT_FOUND)
        elif not self._authorized():
            if path.startswith("/api/"):
                self._json({"error": "this request needs the page's token"}, HTTPStatus.FORBIDDEN)
            else:
                self._refuse_stranger()
        elif path == "/":
            self._send((PAGE_DIR / "index.html").read_bytes(), "text/html; charset=utf-8")
        elif path == "/events":
            self._events()
        elif path.startswith("/api/"):
            self._api_get(path)
        elif path == "/photo":
            self._photo()
        elif path.startswith("/page/"):
            self._page_image(url.path, parse_qs(url.query))
        elif path.endswith(".pdf") and (pdf := self.server.state.pdf(path)) is not None:
            try:
                self._send(pdf.read_bytes(), "application/pdf")
            except OSError:
                self.send_error(HTTPStatus.NOT_FOUND)
        else:
            self.send_error(HTTPStatus.NOT_FOUND)

    def _api_get(self, path: str) -> None:
        server = self.server
        if path == "/api/state":
            self._json(server.document_state())
        elif path == "/api/form":
            self._json(form_of(server.kind()))
        elif path == "/api/facts":
            facts = server.state.facts()
            self._json(facts.as_json() if facts is not None else {"revision": None})
        elif path == "/api/words":
            self._json(page_words(server.state.locales))
        else:
            self.send_error(HTTPStatus.NOT_FOUND)

    def _photo(self) -> None:
        photo = self.server.photo_file()
        if photo is None or not photo.is_file():
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        try:
            data = photo.read_bytes()
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        self._send(data, PHOTO_TYPES[photo.suffix.lower()])

    # Writing ----------------------------------------------------------------------------------

    def do_POST(self) -> None:
        if not self._may_post():
            return
        path = urlsplit(self.path).path
        if path == "/api/edit":
            self._edit()
        elif path == "/api/view":
            self._view()
        elif path == "/photo":
            self._upload_photo()
        elif path == "/api/confirm":
            self._confirm()
        else:
            self.send_error(HTTPStatus.NOT_FOUND)

    def _edit(self) -> None:
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip()
        body = self._body(MAX_CHANGE_BYTES)
        if kind != "application/json" or body is None:
            self._json({"error": "a change is JSON"}, HTTPStatus.BAD_REQUEST)
            return
        try:
            base, changes, writer = _edit_request(body)
        except BadRequest as exc:
            self._json({"error": str(exc)}, HTTPStatus.BAD_REQUEST)
            return
        session = self.server.state.session
        try:
            outcome = session.apply(base, changes, writer)
        except CvtexError as exc:
            self._json(
                {"error": exc.message, "hint": exc.hint, "revision": session.current.number},
                HTTPStatus.CONFLICT,
            )
            return
        except Exception as exc:  # a bug in cvtex: the page says so, the file is untouched
            self._json(
                {"error": f"internal error: {type(exc).__name__}: {exc}"},
                HTTPStatus.INTERNAL_SERVER_ERROR,
            )
            return
        current = session.revision(outcome.revision) or session.current
        self._json(
            {
                "revision": outcome.revision,
                "conflicts": outcome.conflicts,
                "data": current.data,
                "backup": str(session.backup) if session.backup else None,
            }
        )

    def _confirm(self) -> None:
        """A text that may be out of date still says the same: recorded as `cvtex translate
        confirm` records it, for the revision the page showed (an older one is a conflict:
        the text confirmed may not be the one on disk)."""
        body = self._body(MAX_CHANGE_BYTES)
        try:
            base, path, language = _confirm_request(body)
        except BadRequest as exc:
            self._json({"error": str(exc)}, HTTPStatus.BAD_REQUEST)
            return
        state = self.server.state
        current = state.session.current
        if base != current.number:
            self._json(
                {"error": "the file changed meanwhile: look at the text again, then confirm it",
                 "revision": current.number},
                HTTPStatus.CONFLICT,
            )  # fmt: skip
            return
        try:
            confirmed = confirm(state.session.file, [format_path(path)], language)
        except CvtexError as exc:
            self._json({"error": exc.message, "hint": exc.hint}, HTTPStatus.CONFLICT)
            return
        state.forget_facts()
        self._json({"confirmed": len(confirmed), "revision": current.number})

    def _upload_photo(self) -> None:
        photo = self.server.photo_file()
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip()
        if photo is None:
            self._json({"error": "the profile names no photo file"}, HTTPStatus.CONFLICT)
            return
        if PHOTO_TYPES[photo.suffix.lower()] != kind:
            self._json({"error": f"{photo.name} takes {photo.suffix} images"}, 415)
            return
        data = self._body(MAX_PHOTO_BYTES)
        problem = "too large" if data is None else photo_problem(data, kind)
        if data is None or problem is not None:
            self._json({"error": f"not written: the image is {problem}"}, 400)
            return
        try:
            backup = self.server.write_photo(photo, data)
        except CvtexError as exc:
            self._json({"error": exc.message, "hint": exc.hint}, HTTPStatus.CONFLICT)
            return
        self.server.state.poke()
        self._json({"written": photo.name, "backup": str(backup) if backup else None})


class _Server(LocalServer):
    def __init__(self, port: int, state: EditorState) -> None:
        super().__init__(port, state, _Handler)
        self.state: EditorState = state
        self._photo_copies: dict[Path, Path | None] = {}  # the copy kept, once a session

    def write_photo(self, photo: Path, data: bytes) -> Path | None:
        """The new image over the photo, as a user's file is written: the one it replaces
        kept as a copy (once a session), its mode and link kept. The copy, if any."""
        user = UserFile.read(photo) if photo.exists() else None
        if user is None:
            atomic.write_bytes(photo, data, durable=True)
            return None
        user.backup = self._photo_copies.get(user.real)
        user.write_bytes(data)
        self._photo_copies[user.real] = user.backup
        return user.backup

    def kind(self) -> str:
        return document_kind(self.state.session.current.data)

    def document_state(self) -> dict[str, Any]:
        session = self.state.session
        current: Revision = session.current
        languages = languages_of(session.file, current.data)
        names, catalogs = {}, {}
        for language in languages:
            try:
                catalogs[language] = self.state.locales.catalog(language)
            except CvtexError:
                names[language] = language
                continue
            names[language] = catalogs[language].language
        sources = converted_languages(catalogs, languages)
        photo = self.photo_file()
        return {
            "kind": document_kind(current.data),
            "file": str(session.file),
            "name": session.file.name,
            "revision": current.number,
            "writer": current.writer,
            "data": current.data,
            "error": current.error,
            "languages": languages,
            "available_languages": self.state.locales.codes(),
            "language_names": names,
            "converted_from": sources,
            # The language written first: what the others are translated or converted from.
            "source": languages[0] if languages else None,
            "photo": photo is not None and photo.is_file(),
        }

    def photo_file(self) -> Path | None:
        """The photo the profile names, if it is an image in the profile's folder."""
        session = self.state.session
        name = value_at(session.current.data, ("photo", "file"))
        if not isinstance(name, str) or not name:
            return None
        folder = session.file.resolve().parent
        photo = (folder / name).resolve()
        if not photo.is_relative_to(folder) or photo.suffix.lower() not in PHOTO_TYPES:
            return None
        return photo


def serve_editor(
    state: WatchState,
    port: int,
    on_ready: Callable[[str], None],
    report: Callable[[Rebuilt], None],
    open_browser: bool = False,
    stop: threading.Event | None = None,
    interval: float = DEFAULT_INTERVAL,
) -> None:
    """Serve the editor of ``state``'s document and watch it until ``stop`` (or Ctrl-C)."""
    session = EditSession(state.profile)
    locales = load_locales(state.request.locale_files)
    shown = EditorState(session, locales, state.request.locale_files)
    state.viewers, state.on_ready, shown.nudge = shown, shown.prepare, state.nudge
    try:
        server = _Server(port, shown)
    except OSError as exc:
        raise InputError(
            f"cannot serve the editor on {HOST}:{port} ({exc.strerror})",
            "another program may use that port: choose another with --port (0: any free one)",
        ) from None
    stop = stop or threading.Event()
    url = server.url()
    threads = [
        threading.Thread(target=server.serve_forever, name="cvtex-edit", daemon=True),
        threading.Thread(target=shown.check_forever, name="cvtex-edit-check", daemon=True),
        threading.Thread(
            target=_follow_disk, args=(session, stop), name="cvtex-edit-disk", daemon=True
        ),
    ]
    for thread in threads:
        thread.start()
    profile = state.profile.resolve()
    try:
        on_ready(url)
        if open_browser:
            webbrowser.open(url)

        def show(result: Rebuilt) -> None:
            session.refresh()
            shown.built_from(session.revision_stamped(state.stamps.get(profile)))
            shown.update(result)
            report(result)

        watch(state, show, interval, stop)
    finally:
        stop.set()
        shown.close()
        server.shutdown()
        server.server_close()


class BadRequest(ValueError):
    """A request the page would never send: answered 400 with the reason."""


def _edit_request(body: bytes) -> tuple[int, list[dict[str, Any]], str]:
    """``{base, changes: [{op, path, ...}], writer}``, checked as far as the server can
    without the file: the session checks each change against it."""
    try:
        request = json.loads(body)
    except RecursionError:
        raise BadRequest(f"a change is nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        raise BadRequest(f"a change is JSON: {exc}") from None
    if not isinstance(request, dict):
        raise BadRequest("a change is {base, changes, writer}")
    base, changes, writer = request.get("base"), request.get("changes"), request.get("writer")
    if not isinstance(base, int) or isinstance(base, bool):
        raise BadRequest("base: the revision the changes were made on, a number")
    if not isinstance(changes, list) or not all(isinstance(one, dict) for one in changes):
        raise BadRequest("changes: a list of changes, each {op, path, ...}")
    if writer is not None and not isinstance(writer, str):
        raise BadRequest("writer: the page's name, a text")
    for change in changes:
        depth = len(change.get("path") or []) + _depth(change.get("value"))
        if depth > MAX_DEPTH:
            raise BadRequest(f"a change is nested deeper than {MAX_DEPTH} levels")
    try:
        json.dumps(request, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BadRequest("a text is not Unicode text (a lone surrogate)") from None
    return base, changes, (writer or "page")[:64]


def _confirm_request(body: bytes | None) -> tuple[int, tuple[str | int, ...], str]:
    """``{base, path, lang}``: the revision the page showed, the text's path, its language."""
    try:
        request = json.loads(body or b"")
    except (ValueError, RecursionError):
        raise BadRequest("a confirmation is JSON: {base, path, lang}") from None
    if not isinstance(request, dict):
        raise BadRequest("a confirmation is {base, path, lang}")
    base, path, language = request.get("base"), request.get("path"), request.get("lang")
    if not isinstance(base, int) or isinstance(base, bool):
        raise BadRequest("base: the revision the page showed, a number")
    if (
        not isinstance(path, list)
        or not path
        or len(path) > MAX_DEPTH
        or not all(isinstance(part, str | int) and not isinstance(part, bool) for part in path)
    ):
        raise BadRequest("path: the text's path, a list of keys and indexes")
    if not isinstance(language, str) or not language or len(language) > 32:
        raise BadRequest("lang: the language confirmed, a code")
    return base, tuple(path), language


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(item) for item in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(item) for item in value), default=0)
    return 0


def photo_problem(data: bytes, kind: str) -> str | None:
    """Why ``data`` is not a photo XeLaTeX can use, of ``kind`` (image/png, image/jpeg):
    it is decoded whole, as the build would; None if it is one."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as image:
            if image.format != _DECODED[kind]:
                return f"not a {_DECODED[kind]} image"
            width, height = image.size
            if width * height > MAX_PHOTO_PIXELS:
                return f"too large ({width} × {height} pixels)"
            image.load()  # every pixel decoded: a truncated file fails here
    except Image.DecompressionBombError:
        return "too large"
    except (OSError, SyntaxError, ValueError) as exc:
        return f"not a whole {_DECODED[kind]} image ({exc})"
    return None


def _follow_disk(session: EditSession, stop: threading.Event) -> None:
    """Another program's save is seen within DISK_POLL seconds, build or no build."""
    while not stop.wait(DISK_POLL):
        with contextlib.suppress(CvtexError, OSError):
            session.refresh()

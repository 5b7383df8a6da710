"""``cvtex watch``: build, then build again as soon as a file the build reads is saved.

The files are those the last successful build read (the profile, the files it includes,
the theme's templates, the locale catalogs), always with the profile itself. On Linux the
kernel tells of a save at once (inotify, on their folders, since editors often save by
writing a new file and renaming it over the old); everywhere they are also polled, which
works on every file system. Whether a file changed is always decided by its stamp, so an
event only wakes the watch sooner. A rebuild goes through the build cache, so only the
languages whose PDF changes are compiled.

What makes a rebuild fast is an engine that is already waiting: after each build, one
XeLaTeX per language is started and given the source that build compiled, up to and
including ``\\begin{document}`` (headstart.primer), so that it loads its format, the
packages and the fonts (most of a pass) before the next save. The build hands a compile
the waiting engine only if the new source begins with exactly those bytes; otherwise a
fresh engine compiles, so a changed preamble costs time, never a wrong PDF. At most one
engine waits per language, and all are stopped when the watch ends.

When pages show the PDFs (the preview, the editor: ``state.viewers``), the person waits
for the languages on their screen: after a save, those are built first, alone, and the
others only once the pages show the new PDFs, or once a page shows one of them (scrolled
into view), or after SHOW_WAIT seconds. The next engines too are started only then, so
that neither takes the cores from the pages drawing the new PDFs.

``watch_once(state)`` is one look at the files: the loop calls it on each wake-up, tests
call it directly (and ``state.close()`` after).
"""

from __future__ import annotations

import contextlib
import gc
import os
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

from ..compile import engine as engines
from ..compile import formats, headstart, orphans
from ..errors import CvtexError
from ..pipeline.build import build
from ..pipeline.cache import BuildCache
from ..pipeline.place import BuiltLanguage
from ..pipeline.report import Reporter
from ..pipeline.request import BuildRequest

Stamp = tuple[int, int, int] | None  # mtime, size, inode; None for a missing file
DEFAULT_INTERVAL = 0.3
SHOW_WAIT = 2.0  # seconds a build waits to be shown before the rest goes on regardless
_SOON = 0.05  # seconds between looks while something waits on the pages
# CVTEX_WATCH=poll: look at the files every interval, never ask the kernel (as on a system
# or file system without inotify: macOS, Windows, a network share).
WATCH_VARIABLE = "CVTEX_WATCH"


@dataclass(frozen=True)
class Rebuilt:
    """One build: which languages were compiled, which kept, or the error it stopped at."""

    changed: list[Path]  # what set it off; empty for the first build
    compiled: list[str]
    kept: list[str]
    seconds: float
    error: CvtexError | None = None
    pdfs: dict[str, Path] = field(default_factory=dict)  # by language: those now up to date
    languages: list[str] = field(default_factory=list)  # all the watch builds, as last known
    primed: list[str] = field(default_factory=list)  # compiled on an engine that was waiting
    warnings: list[str] = field(default_factory=list)  # as `cvtex build` prints them
    number: int = 0  # the watch's builds, counted from 1
    behind: list[str] = field(default_factory=list)  # left to build once this one is shown

    def summary(self) -> str:
        """The one line a watch prints for it (an error's message follows on its own)."""
        cause = ", ".join(path.name for path in self.changed)
        prefix = f"{time.strftime('%H:%M:%S')} {cause + ': ' if cause else ''}"
        if self.error is not None:
            return f"{prefix}build failed after {self.seconds:.1f} s"
        if self.compiled:
            verb = "rebuilt" if self.changed else "built"
            kept = f" ({', '.join(self.kept)} up to date)" if self.kept else ""
            return f"{prefix}{verb} {', '.join(self.compiled)} in {self.seconds:.1f} s{kept}"
        return f"{prefix}nothing to rebuild: every PDF is up to date ({self.seconds:.1f} s)"


@dataclass
class Waiting:
    """An engine waiting for a language's next source, with what it was started from."""

    engine: engines.Engine
    facts: str  # engine_facts() when it started: a TeX Live update retires it

    def usable(self) -> bool:
        process = self.engine.process
        alive = process is not None and process.poll() is None
        return alive and self.facts == engines.engine_facts()

    def stop(self) -> None:
        self.engine.stop()
        _remove(self.engine.folder)


class Viewers(Protocol):
    """The pages that show a watch's PDFs, as their server knows them."""

    def looked_at(self) -> set[str] | None:
        """The languages whose panes the open pages show; None: no page says."""

    def showing(self, number: int) -> bool:
        """Whether every open page shows build ``number`` (true when none is open)."""


@dataclass
class WatchState:
    request: BuildRequest  # resolved once: every rebuild builds the same thing
    stamps: dict[Path, Stamp] = field(default_factory=dict)
    built_once: bool = False
    prime: bool = True  # keep an engine waiting per language (see the module's doc)
    waiting: dict[str, Waiting] = field(default_factory=dict)  # by output stem
    outputs: dict[str, str] = field(default_factory=dict)  # stem: language, last good build
    recent: list[str] = field(default_factory=list)  # stems, the last compiled first
    inputs: list[Path] = field(default_factory=list)  # the files the last build read
    viewers: Viewers | None = None  # the pages that show the PDFs, if any
    on_ready: Callable[[BuiltLanguage], None] | None = None  # each PDF, once in place
    nudge: threading.Event = field(default_factory=threading.Event)  # they changed
    builds: int = 0
    show_wait: float = SHOW_WAIT
    shown_at: float = 0.0  # when the last build was reported
    unprimed: bool = False  # the next engines wait until the last build is shown
    behind: list[str] = field(default_factory=list)  # languages not built since a save
    cause: list[Path] = field(default_factory=list)  # the files whose save set off the last build
    woken_by: str = ""  # how the loop learns of a save: "inotify", or "polling" alone

    @property
    def profile(self) -> Path:
        return self.request.profile

    def watched(self) -> list[Path]:
        # What the last build read; before the first, what a build of the same request read
        # last time (so that a template saved during the first build is not missed).
        read = self.inputs or BuildCache.load(self.request.out_dir).inputs_of(self.request) or []
        return list(dict.fromkeys([self.profile.resolve(), *read, *self.stamps]))

    def close(self) -> None:
        """Stop the engines that wait."""
        while self.waiting:
            self.waiting.popitem()[1].stop()


def watch_once(state: WatchState, report: Callable[[Rebuilt], None] | None = None) -> list[Rebuilt]:
    """Build if this is the first call or a watched file changed since the last (the
    languages the pages show first, if they show some but not all); else, once the last
    build is shown, start the next engines and build the languages left behind.
    ``report`` is told of each build before any engine starts (a page then loads the new
    PDFs while they are not yet using the cores)."""
    now = {path: _stamp(path) for path in state.watched()}
    changed = [path for path, stamp in now.items() if state.stamps.get(path) != stamp]
    if state.built_once and not changed:
        return _catch_up(state, report)
    state.stamps = now
    first = _first_languages(state) if state.built_once else []
    result = _rebuild(state, changed if state.built_once else [], first)
    state.built_once = True
    # The build may have read new files (an include added): note their current state,
    # so that only later saves count as changes.
    for path in state.watched():
        state.stamps.setdefault(path, _stamp(path))
    _told(state, result, report)
    return [result]


def _first_languages(state: WatchState) -> list[str]:
    """The languages the pages show, if they show some but not all those built last."""
    looked = state.viewers.looked_at() if state.viewers is not None else None
    known = list(state.outputs.values())
    first = [language for language in known if looked and language in looked]
    return first if len(first) < len(known) else []


def _told(state: WatchState, result: Rebuilt, report: Callable[[Rebuilt], None] | None) -> None:
    state.builds = result.number
    state.behind = result.behind
    if report is not None:
        report(result)
    state.shown_at = time.monotonic()
    state.unprimed = state.prime
    if state.viewers is None:
        _catch_up(state, report)


def _catch_up(state: WatchState, report: Callable[[Rebuilt], None] | None) -> list[Rebuilt]:
    """Once the last build is shown (or SHOW_WAIT has passed, or a page shows a language
    left behind): the next engines started, then the languages left behind built."""
    if not state.unprimed and not state.behind:
        return []
    viewers = state.viewers
    looked = viewers.looked_at() if viewers is not None else None
    due = (
        viewers is None
        or viewers.showing(state.builds)
        or time.monotonic() - state.shown_at > state.show_wait
        or any(language in (looked or ()) for language in state.behind)
    )
    if not due:
        return []
    if state.unprimed:
        state.unprimed = False
        _prime_next(state)
    if not state.behind:
        return []
    result = _build_behind(state)
    if result is None:
        return []  # given up for a newer save: its languages on screen come first
    _told(state, result, report)
    return [result]


def _build_behind(state: WatchState) -> Rebuilt | None:
    """Every language, those left behind compiled on engines of their own; given up (its
    engines stopped) as soon as a watched file changes again: the person is typing, and
    the languages on their screen come first. None if given up."""
    fresh: list[Waiting] = []
    given_up = threading.Event()
    done = threading.Event()

    def saved_since() -> bool:
        return any(state.stamps.get(path) != _stamp(path) for path in state.watched())

    if saved_since():
        return None

    def give_up_on_change() -> None:
        while True:
            if saved_since():
                given_up.set()
                for waiting in list(fresh):
                    waiting.engine.stop()
                return
            if done.wait(_SOON):
                return

    watcher = threading.Thread(target=give_up_on_change, name="cvtex-watch-behind", daemon=True)
    try:
        # One each, so that every compile of theirs can be stopped (they take turns on
        # the cores; the engines load their format meanwhile).
        for _ in state.behind:
            with orphans.uninterrupted():  # known to the list once started
                if (started := _start_engine(state.request.out_dir, None)) is not None:
                    fresh.append(started)
        watcher.start()
        own = [waiting.engine for waiting in fresh]
        result = _rebuild(state, state.cause, [], own, forget=False)
    finally:
        done.set()
        if watcher.is_alive():
            watcher.join()
        for waiting in fresh:  # those no compile took (a taken one is stopped already)
            waiting.stop()
    return None if given_up.is_set() else result


def watch(
    state: WatchState,
    report: Callable[[Rebuilt], None],
    interval: float = DEFAULT_INTERVAL,
    stop: threading.Event | None = None,
) -> None:
    """Watch until ``stop`` is set (or forever), reporting each build; the engines that
    wait are stopped however it ends."""
    stop = stop or threading.Event()
    waker = _Waker(events=os.environ.get(WATCH_VARIABLE, "").strip().lower() != "poll")
    state.woken_by = waker.kind
    modules = 0
    with _ctrl_c_stops(stop) as pressed:
        try:
            while not stop.is_set():
                # Followed before the files are looked at: a save from then on wakes the wait.
                waker.follow(state.watched())
                watch_once(state, report)
                modules = _set_aside_what_lasts(modules)
                waker.follow(state.watched())  # and the files this build read the first time
                waiting = state.unprimed or bool(state.behind)
                waker.wait(_SOON if waiting else interval, stop, state.nudge)
        finally:
            waker.close()
            state.close()
        if pressed.is_set():
            raise KeyboardInterrupt  # one Python dropped (see _ctrl_c_stops)


def _set_aside_what_lasts(modules: int) -> int:
    """After a build that imported modules (the first, and the first to render and compile),
    what exists then is set aside from the garbage collector (``gc.freeze``): modules,
    models, templates, fonts' facts, some 50,000 objects that last as long as the process.
    A full collection went through all of them, 10-28 ms that landed in a rebuild now and
    then; it now goes through those made since. Returns the count of modules now.

    What is set aside and later becomes garbage in a cycle is never collected: so only
    after a build that imported modules, a few times in a process's life, never once per
    build."""
    if len(sys.modules) > modules:
        gc.freeze()
    return len(sys.modules)


@contextlib.contextmanager
def _ctrl_c_stops(stop: threading.Event) -> Iterator[threading.Event]:
    """Ctrl-C raises KeyboardInterrupt, as ever, and sets ``stop`` too: Python drops the
    exception when the signal lands while a finalizer runs ("Exception ignored in"), and
    the watch went on (an editor that did not stop, 1 run of the suite in many)."""
    pressed = threading.Event()
    in_charge = threading.current_thread() is threading.main_thread()
    if not in_charge or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield pressed
        return

    def interrupted(_signum: int, _frame: object) -> None:
        pressed.set()
        stop.set()
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, interrupted)
    try:
        yield pressed
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _rebuild(
    state: WatchState,
    changed: list[Path],
    first: list[str],
    own: list[engines.Engine] | None = None,
    forget: bool = True,
) -> Rebuilt:
    """A build of every language, or of ``first`` alone (the others then left behind);
    on the engines that wait, or on ``own`` (those compiling what was left behind).
    ``forget``: what the last build learnt is learnt again (see _forget_cached_facts)."""
    only_profile = bool(changed) and all(path == state.profile.resolve() for path in changed)
    if forget:
        _forget_cached_facts(catalogs_and_themes=not only_profile)
    started = time.perf_counter()
    ready = own if own is not None else _ready_engines(state) if state.prime else None
    given = list(ready or [])
    done = _Collected(state.on_ready)
    error = None
    request = replace(state.request, languages=",".join(first)) if first else state.request
    built: list[BuiltLanguage] = []
    try:
        built = build(request, done, engines=ready)
        state.inputs = list(dict.fromkeys([*state.inputs, *done.inputs])) if first else done.inputs
    except CvtexError as exc:
        error = exc
    finally:
        taken = [engine for engine in given if ready is None or engine not in ready]
        state.waiting = {
            stem: waiting
            for stem, waiting in state.waiting.items()
            if waiting.engine not in taken  # a compile took it, and has stopped it
        }
    state.cause = changed
    seconds = time.perf_counter() - started
    if error is None:
        # In the build's order (the profile's, or --lang's), not the order they were ready.
        outputs = {_stem(result): result.language for result in built}
        state.outputs = {**state.outputs, **outputs} if first else outputs
    compiled = [_stem(result) for result in done.built if result.compiled]
    state.recent = compiled + [stem for stem in state.recent if stem not in compiled]
    behind = [language for language in state.outputs.values() if language not in first]
    return Rebuilt(
        changed,
        [result.language for result in done.built if result.compiled],
        [result.language for result in done.built if not result.compiled],
        seconds,
        error,
        {result.language: result.pdf for result in done.built},
        list(state.outputs.values()),
        [result.language for result in done.built if result.compiled and result.primed],
        done.warnings,
        state.builds + 1,
        behind if first and error is None else [],
    )


class _Collected(Reporter):
    def __init__(self, on_ready: Callable[[BuiltLanguage], None] | None = None) -> None:
        self.built: list[BuiltLanguage] = []
        self.inputs: list[Path] = []
        self.warnings: list[str] = []
        self._on_ready = on_ready

    def read(self, files: list[Path]) -> None:
        self.inputs = files

    def ready(self, built: BuiltLanguage) -> None:
        self.built.append(built)
        if self._on_ready is not None and built.compiled:
            self._on_ready(built)  # while the other languages still compile

    def warning(self, line: str) -> None:
        self.warnings.append(line)


def _stem(result: BuiltLanguage) -> str:
    return result.pdf.name[: -len(".pdf")]


def _ready_engines(state: WatchState) -> list[engines.Engine]:
    """The waiting engines a build may take; those that ended or are out of date are
    stopped (a TeX Live update since they started, a preamble error they stopped at)."""
    for stem, waiting in list(state.waiting.items()):
        if not waiting.usable():
            waiting.stop()
            del state.waiting[stem]
    return [waiting.engine for waiting in state.waiting.values()]


def _prime_next(state: WatchState) -> None:
    """One engine per language waiting on the source it was last built from (its .tex in
    the out dir: after a failed build, that of the last good one).

    A waiting engine holds about 200 MB, and a machine compiles only as many languages at
    once as it has cores: so with more languages than that, those the pages show wait,
    then those compiled last."""
    out_dir = state.request.out_dir
    looked = state.viewers.looked_at() if state.viewers is not None else None
    order = {stem: index for index, stem in enumerate(state.recent)}
    wanted = sorted(
        state.outputs,
        key=lambda stem: (state.outputs[stem] not in (looked or ()), order.get(stem, len(order))),
    )
    wanted = wanted[: max(2, os.cpu_count() or 1)]
    for stem in [stem for stem in state.waiting if stem not in wanted]:
        _stop_waiting(state, stem)
    for stem in wanted:
        try:
            primer = headstart.primer((out_dir / f"{stem}.tex").read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
        current = state.waiting.get(stem)
        if current is not None:
            if current.engine.primed == primer and current.usable():
                continue
            _stop_waiting(state, stem)
        with orphans.uninterrupted():  # the engine is known to the watch once started
            if primer and (started := _start_engine(out_dir, primer)) is not None:
                state.waiting[stem] = started


def _start_engine(out_dir: Path, primer: str | None) -> Waiting | None:
    """An engine started in the out dir, given ``primer`` (None: waiting for any source);
    None if none could start, or a primer could not be given."""
    try:
        engine = engines.Engine(orphans.private_folder(orphans.OUT_PREFIX, out_dir))
    except OSError:
        return None
    try:
        waiting = Waiting(engine, engines.engine_facts())
        engine.start(formats.ready(primer) if primer else None)
        if primer is not None:
            engine.prime(primer)
    except (OSError, CvtexError):  # no waiting engine: the next build starts its own
        Waiting(engine, "").stop()
        return None
    except BaseException:
        # Ctrl-C while it starts (SIGTERM is held back, Ctrl-C is not): nobody knows of
        # it yet, so it is stopped and its folder removed here, whenever the key lands.
        Waiting(engine, "").stop()
        raise
    if primer is not None and engine.primed != primer:  # no pipe, or a preamble too large
        waiting.stop()
        return None
    return waiting


def _stop_waiting(state: WatchState, stem: str) -> None:
    # Stopped while still listed: a Ctrl-C in between leaves it to state.close(), not lost.
    state.waiting[stem].stop()
    del state.waiting[stem]


def _remove(folder: Path) -> None:
    """The engine's folder removed, even while a program XeLaTeX started (xdvipdfmx), killed
    with it, still finishes writing its last file there."""
    for _ in range(100):
        shutil.rmtree(folder, ignore_errors=True)
        if not folder.exists():
            return
        time.sleep(0.02)


class _Waker:
    """Wakes the watch as soon as a file in a watched folder is written (inotify, where
    the ``inotify_simple`` binding and the kernel have it, and ``events`` allows), else
    after ``interval``: the fallback everywhere else, where the files' stamps are polled."""

    # Written and closed, renamed into place, or touched. Not a removal nor a creation:
    # an editor that saves by moving the old file away then writing a new one would set
    # off a build of a missing or empty file; its last write wakes the watch anyway.
    def __init__(self, events: bool = True) -> None:
        self._inotify = None
        self._folders: dict[int, Path] = {}
        self._files: set[Path] = set()
        if not events:
            return
        try:
            from inotify_simple import INotify, flags
        except ImportError:
            return
        with contextlib.suppress(OSError):
            self._inotify = INotify()
            self._mask = flags.CLOSE_WRITE | flags.MOVED_TO | flags.ATTRIB

    @property
    def kind(self) -> str:
        return "inotify" if self._inotify is not None else "polling"

    def follow(self, files: Iterable[Path]) -> None:
        """Watch the folders of ``files`` (added as a build reads new ones; never removed:
        a watch reads few folders)."""
        if self._inotify is None:
            return
        self._files = set(files)
        known = set(self._folders.values())
        for folder in {path.parent for path in self._files} - known:
            with contextlib.suppress(OSError):
                self._folders[self._inotify.add_watch(folder, self._mask)] = folder

    def wait(self, interval: float, stop: threading.Event, nudge: threading.Event) -> None:
        """Until a followed file is written, ``stop`` or ``nudge`` is set (``nudge`` is
        cleared), or ``interval`` has passed."""
        deadline = time.monotonic() + interval
        while (remaining := deadline - time.monotonic()) > 0 and not stop.is_set():
            if nudge.is_set():
                break
            if self._inotify is None:
                nudge.wait(min(remaining, 0.25))
                continue
            # In slices, so that a stop is seen soon whatever the interval.
            events = self._inotify.read(timeout=max(1, int(min(remaining, 0.25) * 1000)))
            for event in events:
                folder = self._folders.get(event.wd)
                if folder is not None and folder / event.name in self._files:
                    return
        nudge.clear()

    def close(self) -> None:
        if self._inotify is not None:
            self._inotify.close()


def _forget_cached_facts(catalogs_and_themes: bool = True) -> None:
    """What a build learns once per process is learnt again for each rebuild of a watch:
    fonts or TeX Live may have been installed (after a build that said they were missing)
    since the last one, and catalogs and themes saved, unless the save was the profile's
    alone (the common case, whose rebuild then reads only the profile again)."""
    from ..compile import tectonic
    from ..look import fontchoice, icons

    if catalogs_and_themes:
        from ..language.catalog import load_catalog
        from ..look.theme import forget_themes
        from ..render.latex import forget_templates

        forget_themes()
        forget_templates()
        load_catalog.cache_clear()
    fontchoice.forget()
    for cached in (icons.font_file_of, tectonic.find_tectonic, engines.engine_facts):
        cached.cache_clear()


def _stamp(path: Path) -> Stamp:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_size, stat.st_ino)

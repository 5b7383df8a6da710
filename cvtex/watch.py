"""``cvtex watch``: build, then build again whenever a file the build reads is saved.

The files are those the last successful build read (the profile, the files it includes,
the theme's templates, the locale catalogs), always with the profile itself; they are
polled, which works on every file system and editor. A rebuild goes through the build
cache, so only the languages whose PDF changes are compiled.

``watch_once(state)`` is one poll: the loop calls it on a timer, tests call it directly.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import build as builder
from .buildcache import BuildCache, Request
from .errors import CvtexError

Stamp = tuple[int, int, int] | None  # mtime, size, inode; None for a missing file
DEFAULT_INTERVAL = 0.3


@dataclass(frozen=True)
class Rebuilt:
    """One build: which languages were compiled, which kept, or the error it stopped at."""

    changed: list[Path]  # what set it off; empty for the first build
    compiled: list[str]
    kept: list[str]
    seconds: float
    error: CvtexError | None = None

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
class WatchState:
    profile: Path
    languages: str | None = None
    out_dir: Path | None = None
    theme: str | None = None
    stamps: dict[Path, Stamp] = field(default_factory=dict)
    built_once: bool = False

    def request(self) -> Request:
        return Request.of(self.profile, self.languages, self.theme)

    def watched(self) -> list[Path]:
        out_dir = self.out_dir or builder.default_out_dir(self.profile)
        read = BuildCache.load(out_dir).inputs_of(self.request()) or []
        return list(dict.fromkeys([self.profile.resolve(), *read, *self.stamps]))


def watch_once(state: WatchState) -> list[Rebuilt]:
    """Build if this is the first call or a watched file changed since the last."""
    now = {path: _stamp(path) for path in state.watched()}
    changed = [path for path, stamp in now.items() if state.stamps.get(path) != stamp]
    if state.built_once and not changed:
        return []
    state.stamps = now
    result = _rebuild(state, changed if state.built_once else [])
    state.built_once = True
    # The build may have read new files (an include added): note their current state,
    # so that only later saves count as changes.
    for path in state.watched():
        state.stamps.setdefault(path, _stamp(path))
    return [result]


def watch(
    state: WatchState,
    report: Callable[[Rebuilt], None],
    interval: float = DEFAULT_INTERVAL,
    stop: threading.Event | None = None,
) -> None:
    """Poll until ``stop`` is set (or forever), reporting each build."""
    stop = stop or threading.Event()
    while not stop.is_set():
        for result in watch_once(state):
            report(result)
        stop.wait(interval)


def _rebuild(state: WatchState, changed: list[Path]) -> Rebuilt:
    _forget_cached_facts()
    started = time.perf_counter()
    try:
        results = builder.build(state.profile, state.languages, state.out_dir, state.theme)
    except CvtexError as exc:
        return Rebuilt(changed, [], [], time.perf_counter() - started, exc)
    seconds = time.perf_counter() - started
    compiled = [result.language for result in results if result.compiled]
    kept = [result.language for result in results if not result.compiled]
    return Rebuilt(changed, compiled, kept, seconds)


def _forget_cached_facts() -> None:
    """What a build learns once per process is learnt again for each rebuild of a watch:
    catalogs and themes may have been saved, fonts or TeX Live installed (after a build
    that said they were missing) since the last one."""
    from . import engine, fonts
    from .locale import load_catalog
    from .render import forget_templates
    from .theme import forget_themes

    forget_themes()
    forget_templates()
    for cached in (
        load_catalog,
        fonts.fontconfig_state,
        fonts.installed_families,
        fonts.in_tex_tree,
        engine.engine_facts,
    ):
        cached.cache_clear()


def _stamp(path: Path) -> Stamp:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_size, stat.st_ino)

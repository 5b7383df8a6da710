"""What a started XeLaTeX may read before the profile is even parsed: the preamble it began
with last time.

A Chinese pass spends most of its time in the preamble (fontspec, xeCJK, the CJK fonts),
and a preamble rarely changes when a person edits their CV. So cvtex remembers, per
profile, theme and variant, the start of each language's source it built (its primer: the
preamble, and the theme's font warm-up after ``\\begin{document}``), and a started engine
is given the part all the requested languages share as soon as it starts: it loads
those packages and fonts while cvtex imports, validates and renders.

It is a guess, checked before it counts: an engine is used only for a source that begins
with exactly what it read, byte for byte; otherwise it is stopped and a fresh one compiles.
So the record can be stale, wrong or missing and the PDF is the same, only slower. It
lives in the per-user cache (see cachefiles), one small file per profile.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

from .. import cachefiles
from ..errors import CvtexError
from ..render.marks import BODY_MARK
from . import formats, orphans
from .engine import Engine, take_early
from .formats import Format

FOLDER = "preambles"
BODY_START = "\\begin{document}"
KEPT = 200  # profiles remembered; the oldest are forgotten first


def preamble(tex: str) -> str:
    """The source up to the line that opens the document body ("" without one)."""
    at = tex.find(f"\n{BODY_START}")
    return tex[: at + 1] if at >= 0 else ""


def primer(tex: str) -> str:
    """What an engine can run through before the CV's text exists: the preamble, the line
    that opens the body (``\\begin{document}`` loads the fonts' first shapes and runs the
    packages' begin-document hooks) and, up to the body mark, the theme's font warm-up
    (which loads every face the text is set in). Just the preamble if the line that
    opens the body has more on it."""
    line = f"\n{BODY_START}\n"
    at = tex.find(line)
    if at < 0:
        return preamble(tex)
    start = at + len(line)
    mark = tex.find(f"\n{BODY_MARK}\n", start - 1)
    return tex[: mark + len(BODY_MARK) + 2] if mark >= 0 else tex[:start]


def shared_start(texts: Iterable[str]) -> str:
    """The longest run of whole lines that every text begins with."""
    shared = []
    for lines in zip(*(text.split("\n")[:-1] for text in texts), strict=False):
        if any(line != lines[0] for line in lines):
            break
        shared.append(lines[0] + "\n")
    return "".join(shared)


def _record_file(profile_file: Path, theme: str | None, variant: str | None) -> Path | None:
    folder = cachefiles.user_subfolder(FOLDER)
    if folder is None:
        return None
    key = json.dumps([str(profile_file.resolve()), theme, variant])
    return folder / f"{hashlib.sha256(key.encode('utf-8')).hexdigest()[:32]}.json"


def recalled_each(
    profile_file: Path, theme: str | None, variant: str | None, languages: Iterable[str] | None
) -> dict[str, str]:
    """The start each given language's source had last time (every remembered language's
    if ``languages`` is None); "" for a language never built."""
    file = _record_file(profile_file, theme, variant)
    record = cachefiles.read_json(file) if file else None
    if not isinstance(record, dict):
        record = {}
    wanted = list(record) if languages is None else list(languages)
    return {
        language: start if isinstance(start := record.get(language), str) else ""
        for language in wanted
    }


def recalled(
    profile_file: Path, theme: str | None, variant: str | None, languages: Iterable[str] | None
) -> str:
    """The start every given language's source had last time (all remembered ones if
    ``languages`` is None); "" when any of them was never built."""
    return _shared_by_all(recalled_each(profile_file, theme, variant, languages).values())


def _shared_by_all(starts: Iterable[str]) -> str:
    starts = list(starts)
    return shared_start(starts) if starts and all(starts) else ""


def formats_for(starts: Mapping[str, str]) -> list[Format | None]:
    """The formats of the languages' remembered starts (see formats), those with CJK fonts
    first: they compile longest, so they take the engines started first. With none
    remembered (a profile never built), the one the last build began with: a person's
    profiles, and a test's, mostly share a design."""
    ordered = sorted((start for start in starts.values() if start), key=_latin_only)
    if not ordered:
        return [formats.early()]
    return [formats.ready(start) for start in ordered]


def _latin_only(start: str) -> bool:
    return "{xeCJK}" not in formats.head(start)


def primer_for(engine: Engine, starts: Mapping[str, str]) -> str:
    """What a started engine is given to read ahead: the remembered start shared by every
    language it can typeset (all of them, unless its format holds one's packages only)."""
    if not engine.primed:
        return _shared_by_all(starts.values())
    return _shared_by_all(start for start in starts.values() if start.startswith(engine.primed))


def remember(
    profile_file: Path, theme: str | None, variant: str | None, sources: Mapping[str, str]
) -> None:
    """Keep each language's primer for the next build (merged with those kept before)."""
    file = _record_file(profile_file, theme, variant)
    if file is None:
        return
    previous = cachefiles.read_json(file)
    record = previous if isinstance(previous, dict) else {}
    fresh = {language: primer(tex) for language, tex in sources.items()}
    if all(record.get(language) == start for language, start in fresh.items()):
        return
    record.update(fresh)
    cachefiles.write_json(file, record)
    _forget_oldest(file.parent)


def _forget_oldest(folder: Path) -> None:
    try:
        files = sorted(folder.glob("*.json"), key=lambda path: path.stat().st_mtime)
    except OSError:
        return
    for old in files[:-KEPT]:
        old.unlink(missing_ok=True)


def engines_worth_starting(expected: int) -> int:
    """Engines to start at once, before cvtex has imported what it builds with: one per
    language expected to compile, leaving a core for cvtex itself."""
    spare_cores = (os.cpu_count() or 1) - 1
    return max(1, min(spare_cores, expected or 1))


def engines_worth_starting_later(expected: int, started: int) -> int:
    """Engines to start once cvtex has imported its modules and loaded the profile (it
    then needs a core no longer, only a share of one): the rest of one per language
    expected, up to one per core. On two cores the English engine so loads its format
    while the sources are rendered, rather than after."""
    return max(0, min(os.cpu_count() or 1, expected or 1) - started)


class EnginesAhead:
    """The engines a build started ahead of its compiles (``engines``: a compile takes one
    from it), and a way to start more of them once cvtex needs its core no longer."""

    def __init__(self, out_dir: Path, engines: list[Engine], fmts: list[Format | None]) -> None:
        self.engines = engines
        self.started: list[Engine] = list(engines)  # every one, taken or not: stopped if not
        self._out_dir = out_dir
        self._formats = fmts  # for the engines still to start, in order

    def start(self, count: int) -> list[Engine]:
        """``count`` engines more, each on the next format wanted; those that could not
        start are left out (a compile then starts its own, and says why if it cannot)."""
        new: list[Engine] = []
        for _ in range(count):
            fmt = self._formats.pop(0) if self._formats else None
            try:
                with orphans.uninterrupted():  # the folder and process known together
                    engine = Engine(orphans.private_folder(orphans.OUT_PREFIX, self._out_dir))
                    self.started.append(engine)
                    engine.start(fmt)
            except (OSError, CvtexError):
                break
            self.engines.append(engine)
            new.append(engine)
        return new


@contextlib.contextmanager
def started_engines(
    out_dir: Path, count: int, wanted: Sequence[Format | None] = ()
) -> Iterator[EnginesAhead]:
    """Engines loading their format while the profile is read; those left unused are stopped.

    The first may be one the ``cvtex`` executable started before the command line was
    read, in the temporary folder; the others work in folders inside the out dir, so that
    results move into place in one step. They start on the ``wanted`` formats, in order,
    but the one the first already has (so do those started later, by ``start``). If the
    build fails before anything is written, no empty out dir is left behind.
    """
    created = not out_dir.exists()
    early: list[Engine] = []
    with orphans.uninterrupted():  # never taken and not yet known to the cleanup below
        if count and (engine := take_early()) is not None:
            early.append(engine)
    had = {engine.format.path for engine in early if engine.format is not None}
    ahead = EnginesAhead(
        out_dir, early, [fmt for fmt in wanted if fmt is None or fmt.path not in had]
    )
    try:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
            if not created:  # what a killed cvtex left here
                orphans.remove_stale(out_dir, orphans.OUT_PREFIX)
            ahead.start(count - len(ahead.engines))
        except (OSError, CvtexError):
            pass  # no head start: the build takes a little longer, and the compile says why
        yield ahead
    finally:
        for engine in ahead.started:
            if engine in ahead.engines or not engine.warm:  # never handed to a compile
                engine.stop()
                shutil.rmtree(engine.folder, ignore_errors=True)
        if created:
            with contextlib.suppress(OSError):
                out_dir.rmdir()  # only if the build left it empty


def engine_for(tex: str, engines: list[Engine]) -> Engine | None:
    """A started engine that can typeset ``tex``, taken from ``engines``; None: start one."""
    for engine in engines:
        if engine.accepts(tex):
            engines.remove(engine)
            return engine
    return None

"""The compile stage: a language's LaTeX source typeset by XeLaTeX into a PDF, in a private
folder, and fitted to its pages when the design asks for it.

Nothing here is placed in the output folder: a :class:`Typeset` keeps its PDF and .tex in
its engine's folder until the build places them (pipeline.place) or discards them, so a
failed compile, or a fit's trial that is not chosen, never touches the previous PDF.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import EngineError, InputError
from . import formats, orphans
from .engine import Engine, EngineRun
from .engines import AUTO, AnyEngine, EngineChoice

if TYPE_CHECKING:
    from ..look.design import Design
    from ..look.fit import Step
    from ..profile.load import LoadedProfile
    from ..render.latex import Image, TexSource


@dataclass
class Typeset:
    """One XeLaTeX pass that succeeded, its results still in its engine's folder."""

    source: TexSource
    run: EngineRun
    engine: AnyEngine
    fitted: str = ""  # what fitting did: "fitted to 1 page at 9.5 pt, spacing 55%"
    step: Step | None = None  # the step of tightening it was typeset at
    target: int | None = None  # the pages a default fit fitted it on
    advice: str = ""  # a warning: a short last page the default fit could not pull back

    @property
    def pdf(self) -> Path:
        return self.run.pdf

    @property
    def tex(self) -> Path:
        return self.engine.folder / f"{self.source.stem}.tex"

    @property
    def image(self) -> Path | None:
        image = self.source.image
        return self.engine.folder / image.name if image else None

    def discard(self) -> None:
        self.engine.stop()
        shutil.rmtree(self.engine.folder, ignore_errors=True)


def typeset(
    source: TexSource,
    loaded: LoadedProfile,
    out_dir: Path,
    timeout: float,
    engine: AnyEngine | None = None,
    choice: EngineChoice = AUTO,
) -> Typeset:
    """The source typeset, fitted to its pages as its design asks (look/fit.py): to
    ``fit_pages``, or, by default, to one page fewer when its last page holds less than a
    quarter of a page. ``engine``: one already started (the head start), else a fresh one
    of ``choice`` in a folder inside ``out_dir``."""
    fit = source.fit
    if fit is None:
        return _one_pass(source, source.tex, loaded, out_dir, timeout, choice, engine)
    if fit.pages is not None:
        return _fitted(source, loaded, out_dir, timeout, fit.pages, choice, engine)
    if source.fit_step is not None and source.fit_target is not None:
        return _fitted_again(source, loaded, out_dir, timeout, choice, engine)
    first = _one_pass(source, source.tex, loaded, out_dir, timeout, choice, engine)
    held = short_last_page(first.pdf, first.run.pages, fit.design)
    if held is None:
        return first
    target = first.run.pages - 1
    return _fitted(source, loaded, out_dir, timeout, target, choice, first=first, held=held)


def short_last_page(pdf: Path, pages: int, design: Design) -> float | None:
    """How much of its text area the last page fills, if less than a quarter (a page turned
    for a few lines); None when it fills more, or the document has one page."""
    from ..look.fit import SHORT_LAST_PAGE
    from .pagetext import TextArea, last_page_text

    if pages < 2:
        return None
    last = last_page_text(pdf, boxes=False)  # the lines' baselines are all it asks
    held = TextArea.of(design).filled(last, last.lines)
    return held if held < SHORT_LAST_PAGE else None


def _fitted_again(
    source: TexSource,
    loaded: LoadedProfile,
    out_dir: Path,
    timeout: float,
    choice: EngineChoice,
    engine: AnyEngine | None,
) -> Typeset:
    """A default fit at the step that fitted exactly this CV before (the build cache's); if
    it no longer does (its fonts changed), the default fit decided afresh."""
    from dataclasses import replace

    assert source.fit is not None and source.fit_step is not None
    assert source.fit_target is not None
    trial = _one_pass(source, source.tex, loaded, out_dir, timeout, choice, engine)
    if trial.run.pages <= source.fit_target:
        note = f"{_fit_note(trial.run.pages, source.fit_step)} {_AS_WRITTEN}"
        chosen = _choose(trial, note, source.fit_step)
        chosen.target = source.fit_target
        return chosen
    trial.discard()
    afresh = replace(source, tex=source.fit.base_tex, fit_step=None, fit_target=None)
    return typeset(afresh, loaded, out_dir, timeout, choice=choice)


def _fitted(
    source: TexSource,
    loaded: LoadedProfile,
    out_dir: Path,
    timeout: float,
    target: int,
    choice: EngineChoice = AUTO,
    engine: AnyEngine | None = None,
    first: Typeset | None = None,
    held: float | None = None,
) -> Typeset:
    """If the CV takes more than ``target`` pages, the first step of tightening that fits
    (see look.fit), trying several at once; the trials not chosen are discarded. ``first``:
    the CV typeset at its design already; ``held``: how much of its last page a default
    fit found filled (None: fit_pages asked for the target)."""
    from ..look.fit import first_fitting, steps

    assert source.fit is not None
    fit = source.fit
    ladder = steps(fit.design, fit.bounds)
    start = ladder.index(source.fit_step) if source.fit_step in ladder else 0
    if first is not None:
        trials = {0: first}
    else:
        trials = {start: _one_pass(source, source.tex, loaded, out_dir, timeout, choice, engine)}
    chosen: Typeset | None = None
    try:
        if trials[start].run.pages <= target:
            note = _fit_note(trials[start].run.pages, ladder[start]) if start else ""
            chosen = _choose(trials[start], note, ladder[start])
            return chosen
        if start:  # what fitted this CV before no longer does (fonts changed): search again
            plain = fit.render(fit.design)
            trials[0] = _one_pass(source, plain, loaded, out_dir, timeout, choice)
            if trials[0].run.pages <= target:
                chosen = _choose(trials[0], "", ladder[0])
                return chosen

        def typeset_step(index: int) -> None:
            tighter = ladder[index].apply(fit.design)
            trials[index] = _one_pass(source, fit.render(tighter), loaded, out_dir, timeout, choice)

        def pages_at(indexes: list[int]) -> dict[int, int]:
            from concurrent.futures import ThreadPoolExecutor

            wanted = [index for index in indexes if index not in trials]
            with ThreadPoolExecutor(max_workers=max(1, len(wanted))) as pool:
                list(pool.map(typeset_step, wanted))  # each trial is kept, to be discarded
            return {index: trials[index].run.pages for index in indexes}

        found, seen = first_fitting(len(ladder), pages_at, target, _free_cores)
        designed = trials[0].run.pages
        if found is None and held is not None:
            chosen = _choose(trials[0], "", ladder[0])
            chosen.advice = (
                f"page {designed} holds {held:.0%} of a page, and the CV does not fit on "
                f"{_pages(target)} within the default fit's bounds "
                f"({fit.bounds.describe(fit.design.font_size)}): "
                f"`design: {{fit_pages: {target}}}` tightens it further, "
                "`design: {fit: off}` keeps it as written"
            )
        elif found is None:
            tightest = ladder[-1]
            over = overflow_lines(trials[len(ladder) - 1].pdf, target)
            lines = f", {over} line{'' if over == 1 else 's'} over" if over else ""
            note = (
                f"does not fit on {_pages(target)} even at {tightest.describe()} "
                f"({_pages(seen[len(ladder) - 1])} needed{lines}); kept the design "
                f"({_pages(designed)})"
            )
            chosen = _choose(trials[0], note, ladder[0])
        else:
            note = _fit_note(seen[found], ladder[found])
            if held is not None:
                note = f"page {designed} held {held:.0%} of a page: {note} {_AS_WRITTEN}"
            chosen = _choose(trials[found], note, ladder[found])
            chosen.target = target if held is not None else None
        return chosen
    finally:
        for trial in trials.values():
            if trial is not chosen:
                trial.discard()


def overflow_lines(pdf: Path, pages: int) -> int | None:
    """How many lines of text stand after page ``pages``: by how much a document set as
    tight as it can be still overflows (None when Poppler's pdftotext is not there)."""
    import subprocess

    try:
        text = subprocess.run(
            ["pdftotext", "-f", str(pages + 1), "-layout", str(pdf), "-"],
            capture_output=True,
            check=True,
            timeout=30,
        ).stdout.decode("utf-8", "replace")
    except (OSError, subprocess.SubprocessError):
        return None
    return sum(1 for line in text.splitlines() if line.strip())


def _choose(trial: Typeset, note: str, step: Step) -> Typeset:
    trial.fitted, trial.step = note, step
    return trial


_AS_WRITTEN = "(`design: {fit: off}` keeps it as written)"


def _fit_note(pages: int, step: Step) -> str:
    return f"fitted to {_pages(pages)} at {step.describe()}"


def _pages(count: int) -> str:
    return f"{count} page" + ("" if count == 1 else "s")


def _one_pass(
    source: TexSource,
    tex: str,
    loaded: LoadedProfile,
    out_dir: Path,
    timeout: float,
    choice: EngineChoice,
    engine: AnyEngine | None = None,
) -> Typeset:
    from .provenance import missing_glyph_error, traced

    if engine is None:
        engine = choice.new(orphans.private_folder(orphans.OUT_PREFIX, out_dir))
    # Asked for every XeLaTeX pass, so that a head met again gets its format (see formats).
    fmt = None
    if isinstance(engine, Engine):
        fmt = formats.ready(tex)
        if fmt is None:  # the whole source is typeset: on LaTeX's own format, inflated
            engine.latex = formats.latex()
    try:
        if fmt is not None and not engine.warm:
            engine.start(fmt)
        if source.image:
            _copy_image(source.image, engine.folder / source.image.name)
        try:
            with _running():
                run = engine.run(tex, f"{source.stem}.tex", timeout)
                if source.tagged:
                    run = _settled(engine, source, run, timeout)
        except EngineError as exc:
            raise traced(exc, tex, loaded) from None
        if run.missing_glyphs:
            raise missing_glyph_error(run.missing_glyphs, loaded)
    except BaseException:
        engine.stop()
        shutil.rmtree(engine.folder, ignore_errors=True)
        raise
    return Typeset(source, run, engine)


# Passes typesetting in this process now (the languages of a build run side by side). A
# fit's round tries one step per core the passes running leave, plus one, and never more
# than the cores: beside one other language on two cores, both steps of a default fit are
# tried at once (a second round would cost more than sharing the cores for a while);
# beside more languages, a step tried only slows them, and is mostly not the one chosen
# (the academic example's homepage variant, four languages whose short last page nothing
# pulls back: 3.75 s to 3.34 s, medians of 4 cold builds).
_passes = 0
_passes_lock = threading.Lock()


@contextlib.contextmanager
def _running() -> Iterator[None]:
    global _passes
    with _passes_lock:
        _passes += 1
    try:
        yield
    finally:
        with _passes_lock:
            _passes -= 1


def _free_cores() -> int:
    cores = os.cpu_count() or 1
    return min(cores, max(1, cores + 1 - _passes))


# tagpdf numbers the marked content of a page from the .aux of the pass before; until two
# passes agree it says so in the log. The first pass's numbers never hold (it has no .aux,
# and numbers its links apart), so a tagged PDF takes three passes.
_TAGS_UNSETTLED = "something is wrong with the mcid--rerun"
_TAGGED_PASSES = 4


def _settled(engine: AnyEngine, source: TexSource, run: EngineRun, timeout: float) -> EngineRun:
    """Passes over a tagged source until tagpdf's numbers are those of the pass before."""
    seconds = run.seconds
    for _ in range(_TAGGED_PASSES - 1):
        run = engine.again(f"{source.stem}.tex", timeout)
        seconds += run.seconds
        if _TAGS_UNSETTLED not in run.log:
            break
    return replace(run, seconds=seconds)


def _copy_image(image: Image, target: Path) -> None:
    """The image beside the source in the engine's folder, where the .tex expects it."""
    if image.file.suffix.lower() not in (".png", ".jpg", ".jpeg", ".pdf"):
        raise InputError(f"{image.field}: {image.file.name} is not a PNG, JPEG or PDF image")
    try:
        shutil.copyfile(image.file, target)
    except OSError as exc:
        raise InputError(
            f"{image.field}: cannot read {image.file} ({exc.strerror})", image.hint
        ) from None

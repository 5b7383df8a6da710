"""Build PDFs from a profile: load, localize, render, then compile what changed, in parallel.

A build that finds nothing changed since the last one (see buildcache) ends before the
profile is even parsed. Otherwise XeLaTeX is started at once, so that it loads its format
while the profile is validated and rendered; each language whose source changed is then
compiled, in parallel, and the others keep their PDF. Web pages (md, html) are rendered
from the same views and written once the PDFs have succeeded.
"""

from __future__ import annotations

import contextlib
import difflib
import errno
import os
import shutil
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import orphans
from .buildcache import BuildCache, Output, Request, file_digest, file_digests, output_key
from .engine import DEFAULT_TIMEOUT, Engine, EngineRun, take_early
from .errors import CvtexError, EngineError, InputError
from .headstart import recalled, remember
from .resources import DEFAULT_THEME

# The profile's models (pydantic) and the templates (Jinja) take ~100 ms to load: they
# are imported where they are needed, after XeLaTeX has been started or found unneeded.
if TYPE_CHECKING:
    from .design import Design
    from .fit import Step
    from .formats import Page
    from .locale import Catalog, Locales
    from .localize import CvView, Fallback
    from .model import Profile, Variant
    from .profile import LoadedProfile
    from .settings import Settings
    from .theme import Theme

WARNINGS_SHOWN = 10  # fallback warnings printed per language; validate lists them all


@dataclass(frozen=True)
class RenderedLanguage:
    language: str
    stem: str
    tex: str
    fallbacks: list[Fallback]
    photo: str | None = None  # the file name the .tex expects the photo under
    cjk_fonts: bool = False  # the source loads xeCJK and CJK fonts: the slower compile
    fit: Fit | None = None  # design.fit_pages: how to typeset the same CV tighter
    fit_step: Step | None = None  # the step ``tex`` is typeset at, when it is not the design's


@dataclass(frozen=True)
class Fit:
    """What fitting a CV to ``pages`` needs: its design and a way to render it at a step."""

    pages: int
    design: Design
    render: Callable[[Design], str]  # the same view, catalog, theme and fonts
    base_tex: str  # the CV at its design: what a fit found before is remembered by


@dataclass(frozen=True)
class BuiltLanguage:
    language: str
    pdf: Path
    tex: Path
    seconds: float
    log: str  # XeLaTeX's log of the run, kept for inspection
    compiled: bool = True  # False: the PDF already there was still right, and was kept
    primed: bool = False  # its engine read the preamble before the profile was rendered
    fitted: str = ""  # what fit_pages did: "fitted to 1 page at 9.5 pt, spacing 55%"
    fit_step: Step | None = None  # the step of tightening the PDF was typeset at


def select_languages(
    requested: str | None, declared: list[str], locales: Locales | None = None
) -> list[str]:
    """``--lang``: a comma list, or ``all`` (the default) for every declared language.

    A language the profile does not declare can be built too when a catalog for it
    exists: its text then falls back to the profile's languages, with warnings.
    """
    from .locale import Locales

    if requested is None or requested.strip() in ("", "all"):
        return list(declared)
    locales = locales or Locales()
    chosen = [part.strip() for part in requested.split(",") if part.strip()]
    unknown = [lang for lang in chosen if lang not in declared and not locales.has(lang)]
    if unknown:
        raise InputError(
            f"--lang {requested}: the profile is not written in {', '.join(unknown)}, "
            "and there is no locale catalog for it",
            f"it declares languages: {', '.join(declared)} (or use --lang all); catalogs "
            f"exist for {', '.join(locales.codes())}; give another with --locale-file",
        )
    return list(dict.fromkeys(chosen))


def fallback_warnings(
    rendered: list[RenderedLanguage],
    file: Path,
    locale_files: Sequence[Path] = (),
    limit: int = WARNINGS_SHOWN,
) -> list[str]:
    """One line per text that falls back, with its file and line; at most ``limit`` each."""
    lines = []
    for item in rendered:
        lines.extend(f"{file}:{fb.line}: {fb.message}" for fb in item.fallbacks[:limit])
        if len(item.fallbacks) > limit:
            given = "".join(f" --locale-file {path}" for path in locale_files)
            lines.append(
                f"... and {len(item.fallbacks) - limit} more in {item.language}: "
                f"`cvtex validate {file} --lang {item.language}{given}` lists them all"
            )
    return lines


def output_stem(profile_file: Path, language: str, variant: str | None = None) -> str:
    parts = [profile_file.stem, variant, language]
    return ".".join(part for part in parts if part)


def select_variant(requested: str | None, profile: Profile) -> Variant | None:
    """``--variant``: a named variant; without it, the profile's default variant, if any."""
    name = variant_name(requested, profile)
    return profile.variants[name] if name else None


def variant_name(requested: str | None, profile: Profile) -> str | None:
    """The name of the variant a build uses: ``--variant``, else the profile's default."""
    if requested is None:
        default = profile.default_variant
        return default if default in profile.variants else None
    if requested not in profile.variants:
        known = ", ".join(profile.variants) or "none are defined"
        close = difflib.get_close_matches(requested, list(profile.variants), n=1)
        raise InputError(
            f"--variant {requested}: no such variant in the profile"
            + (f" (did you mean {close[0]!r}?)" if close else ""),
            f"variants: {known}",
        )
    return requested


def chosen_theme(loaded: LoadedProfile, requested: str | None, variant: str | None) -> Theme:
    """``--theme`` if given, else the variant's ``theme:``, else the profile's, else classic.

    A theme folder named in the profile is relative to the profile's folder.
    """
    from .source import format_path
    from .theme import find_theme

    if requested:
        return find_theme(requested)
    profile = loaded.profile
    name = variant_name(variant, profile)
    for path, spec in (
        (("variants", name or "", "theme"), profile.variants[name].theme if name else None),
        (("theme",), profile.theme),
    ):
        if spec:
            where = f"{loaded.source.locate(path)}: {format_path(path)}"
            return find_theme(spec, loaded.file.parent, where)
    return find_theme(DEFAULT_THEME)


def render_languages(
    loaded: LoadedProfile,
    languages: list[str],
    theme_name: str | None = None,
    variant: str | None = None,
    locales: Locales | None = None,
) -> list[RenderedLanguage]:
    """The pure half of a build: LaTeX source for each language, no engine involved.

    Each language is rendered once, with the font plan made from its localized text.
    """
    from .locale import Locales
    from .localize import localize
    from .render import render_tex
    from .settings import language_settings

    theme = chosen_theme(loaded, theme_name, variant)
    locales = locales or Locales()
    chosen_name = variant_name(variant, loaded.profile)
    chosen_variant = loaded.profile.variants[chosen_name] if chosen_name else None
    rendered = []
    for language in languages:
        catalog = locales.catalog(language)
        view = localize(loaded.profile, loaded.source, catalog, chosen_variant)
        settings = language_settings(
            theme,
            catalog,
            loaded.profile,
            loaded.source,
            chosen_variant,
            chosen_name,
            view,
            locales,
        )
        tex = render_tex(view, catalog, theme, settings)
        stem = output_stem(loaded.file, language, variant)
        cjk = settings.fonts.cjk_serif is not None
        fit = None
        if settings.design.fit_pages:
            render = _renderer(view, catalog, theme, settings)
            fit = Fit(settings.design.fit_pages, settings.design, render, tex)
        rendered.append(RenderedLanguage(language, stem, tex, view.fallbacks, view.photo, cjk, fit))
    return rendered


def _renderer(
    view: CvView, catalog: Catalog, theme: Theme, settings: Settings
) -> Callable[[Design], str]:
    from dataclasses import replace

    from .render import render_tex

    return lambda design: render_tex(view, catalog, theme, replace(settings, design=design))


def input_files(
    loaded: LoadedProfile,
    languages: list[str],
    theme: Theme,
    locale_files: Sequence[Path] = (),
) -> list[Path]:
    """Every file a build reads: what to hash for the cache, and what `cvtex watch` polls."""
    from .locale import catalog_file

    templates = theme.files()
    catalogs = [catalog_file(language) for language in languages]
    files = [*loaded.inputs, *templates, *catalogs, *locale_files]
    return [path.resolve() for path in files]


def default_out_dir(profile_file: Path) -> Path:
    return profile_file.parent / "out"


def build(
    profile_file: Path,
    languages: str | None = None,
    out_dir: Path | None = None,
    theme: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    on_done: Callable[[BuiltLanguage], None] | None = None,
    variant: str | None = None,
    locale_files: Sequence[Path] = (),
    strict: bool = False,
    on_warning: Callable[[str], None] | None = None,
    formats: Sequence[str] = ("pdf",),
    on_page: Callable[[Path], None] | None = None,
    on_start: Callable[[str], None] | None = None,
    force: bool = False,
    engines: list[Engine] | None = None,
) -> list[BuiltLanguage]:
    """The PDFs (with their .tex) and web pages (md, html) asked for; returns the PDFs.

    Only the languages whose PDF would change are compiled; ``force`` compiles them all.
    ``strict`` makes a text that falls back to another language an error.
    ``on_start(language)`` is called as a compile starts, ``on_done`` as each language is
    ready (compiled or kept), ``on_page`` as each web page is written.
    ``engines``: engines the caller started (a watch's, primed with each language's
    preamble), in place of those a build starts itself. A compile takes one whose primer
    its source begins with, removing it from the list; the others are left to the caller.
    """
    out_dir = out_dir or default_out_dir(profile_file)
    request = Request.of(profile_file, languages, theme, variant, locale_files, strict)
    cache = BuildCache.load(out_dir)
    only_pdf = tuple(formats) == ("pdf",)
    # Hashed before anything is read, so that a save during the build is never missed.
    before = file_digests([profile_file.resolve(), *(cache.inputs_of(request) or [])])
    if only_pdf and not force and (outputs := cache.up_to_date(request, before)) is not None:
        kept = [
            _kept(output.language, output.stem, out_dir, cache.fit_of(output.stem))
            for output in outputs
        ]
        for result in kept:
            if on_done:
                on_done(result)
        return kept

    wants_pdf = "pdf" in formats
    engines_wanted = _engines_worth_starting(request, cache) if wants_pdf else 0
    with _started_engines(out_dir, 0 if engines is not None else engines_wanted) as started:
        if started:  # given after they start: they read it only once their format is loaded
            primer = recalled(profile_file, request.theme, variant, request.language_list())
            for engine in started:
                engine.prime(primer)
        if engines is None:
            engines = started
        from .locale import load_locales
        from .profile import load_profile

        loaded = load_profile(profile_file)
        locales = load_locales(locale_files)
        chosen = select_languages(languages, loaded.profile.languages, locales)
        pages = _render_pages(loaded, chosen, formats, theme, variant, locales)
        rendered = render_languages(loaded, chosen, theme, variant, locales) if wants_pdf else []
        _report_fallbacks(rendered, loaded.file, locale_files, strict, on_warning)
        out_dir.mkdir(parents=True, exist_ok=True)
        # Before anything is compiled: a build that fails leaves the request unrecorded.
        cache.forget_request(request)
        results = _compile_changed(
            rendered, out_dir, cache, engines, loaded, timeout, force, on_start, on_done
        )
        remember(
            profile_file, request.theme, variant, {item.language: item.tex for item in rendered}
        )
    # Written only now, so that a failed PDF leaves the pages as they were too.
    if pages:
        from .formats import write_page

        out_dir.mkdir(parents=True, exist_ok=True)  # the engines' folder may have left with them
        for page in pages:
            written = write_page(page, out_dir)
            if on_page:
                on_page(written)
    if only_pdf:
        outputs = [Output(item.language, item.stem) for item in rendered]
        inputs = input_files(loaded, chosen, chosen_theme(loaded, theme, variant), locale_files)
        cache.record_request(request, file_digests(inputs, before), outputs)
        cache.save()
    return results


def _report_fallbacks(
    rendered: list[RenderedLanguage],
    file: Path,
    locale_files: Sequence[Path],
    strict: bool,
    on_warning: Callable[[str], None] | None,
) -> None:
    warnings = fallback_warnings(rendered, file, locale_files)
    if strict and warnings:
        count = sum(len(item.fallbacks) for item in rendered)
        raise InputError(
            f"{count} text field(s) have no text in the language being built (--strict):\n"
            + "\n".join(f"  {line}" for line in warnings),
            "write the missing text (`cvtex validate` lists every field), "
            "or build without --strict to fall back with a warning",
        )
    if on_warning:
        for line in warnings:
            on_warning(line)


def _render_pages(
    loaded: LoadedProfile,
    languages: list[str],
    formats: Sequence[str],
    theme: str | None,
    variant: str | None,
    locales: Locales,
) -> list[Page]:
    web = [name for name in formats if name != "pdf"]
    if not web:
        return []
    from .formats import render_pages

    stems = {language: output_stem(loaded.file, language, variant) for language in languages}
    chosen_variant = select_variant(variant, loaded.profile)
    chosen = chosen_theme(loaded, theme, variant)
    return render_pages(loaded, stems, web, chosen, chosen_variant, locales)


def _compile_changed(
    rendered: list[RenderedLanguage],
    out_dir: Path,
    cache: BuildCache,
    engines: list[Engine],
    loaded: LoadedProfile,
    timeout: float,
    force: bool,
    on_start: Callable[[str], None] | None,
    on_done: Callable[[BuiltLanguage], None] | None,
) -> list[BuiltLanguage]:
    results: dict[str, BuiltLanguage] = {}
    changed = []
    for item in rendered:
        item = _as_fitted_before(item, cache, loaded)
        key = output_key(item.tex + _photo_digest(loaded, item))
        if not force and cache.compiled_from(item.stem, key) and _fit_known(item, cache, loaded):
            _write_tex(out_dir / f"{item.stem}.tex", item.tex)  # in case it was deleted
            cache.record_output(item.stem, key, item.tex, None, cache.fit_of(item.stem))
            results[item.stem] = _kept(item.language, item.stem, out_dir, cache.fit_of(item.stem))
            if on_done:
                on_done(results[item.stem])
        else:
            changed.append((item, key))
    # The slowest compile first, on an engine that has already loaded its format: one with
    # CJK fonts, then the one that took longest last time (a time that depends on whether
    # it had the head start, so it never puts English before Chinese).
    changed.sort(key=lambda pair: (pair[0].cjk_fonts, cache.seconds(pair[0].stem) or 0.0))
    changed.reverse()

    def compile_one(item: RenderedLanguage, engine: Engine | None) -> BuiltLanguage:
        if on_start:
            on_start(item.language)
        if item.fit is not None:
            built = compile_fitted(item, out_dir, loaded, timeout, engine)
        else:
            built = compile_into(item, out_dir, loaded, timeout, engine)
        if on_done:
            on_done(built)
        return built

    from concurrent.futures import ThreadPoolExecutor  # 5 ms that need not delay XeLaTeX

    errors: list[CvtexError] = []
    # Each language is its own XeLaTeX process: on two cores they overlap almost fully.
    workers = max(1, min(len(changed), os.cpu_count() or 1))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        # A termination while submit() starts a thread would leave that thread unknown to
        # the pool, so not waited for: its engine killed and its folder left at exit.
        with orphans.uninterrupted():
            futures = [
                (item, pool.submit(compile_one, item, _engine_for(item.tex, engines)))
                for item, _ in changed
            ]
        for item, future in futures:
            try:
                built = future.result()
            except CvtexError as exc:
                errors.append(exc)
                continue
            fit = _fit_record(item, built, loaded)
            cache.record_output(
                item.stem,
                _built_key(built, loaded, item),
                built.tex.read_text(encoding="utf-8"),
                built.seconds,
                fit,
            )
            results[item.stem] = built
    cache.save()  # what did compile stays recorded even if another language failed
    if errors:
        raise errors[0] if len(errors) == 1 else _combine(errors)
    return [results[item.stem] for item in rendered]


def _as_fitted_before(
    item: RenderedLanguage, cache: BuildCache, loaded: LoadedProfile
) -> RenderedLanguage:
    """A CV to fit, at the step that fitted exactly the same CV last time (if one did)."""
    from dataclasses import replace

    from .fit import Step

    record = cache.fit_of(item.stem)
    if item.fit is None or not record or record.get("from") != _fit_key(item, loaded):
        return item
    if "spacing" not in record:
        return item
    step = Step(float(record["spacing"]), float(record["font_size"]))
    return replace(item, tex=item.fit.render(step.apply(item.fit.design)), fit_step=step)


def _fit_known(item: RenderedLanguage, cache: BuildCache, loaded: LoadedProfile) -> bool:
    """Whether the PDF on record was made for the same CV with the same fit_pages: a PDF
    that fits now because it was built before fit_pages was asked for is not known to."""
    if item.fit is None:
        return True
    record = cache.fit_of(item.stem)
    return bool(record and record.get("from") == _fit_key(item, loaded))


def _fit_key(item: RenderedLanguage, loaded: LoadedProfile) -> str:
    assert item.fit is not None
    return output_key(f"fit {item.fit.pages}\n{item.fit.base_tex}{_photo_digest(loaded, item)}")


def _fit_record(
    item: RenderedLanguage, built: BuiltLanguage, loaded: LoadedProfile
) -> dict[str, object] | None:
    """What the cache keeps of a fit: the CV it was for, the step it took, its note."""
    if item.fit is None:
        return None
    record: dict[str, object] = {"from": _fit_key(item, loaded), "note": built.fitted}
    step = built.fit_step
    if step is not None and (step.spacing, step.font_size) != (1.0, item.fit.design.font_size):
        record.update(spacing=step.spacing, font_size=step.font_size)
    return record


def _built_key(built: BuiltLanguage, loaded: LoadedProfile, item: RenderedLanguage) -> str:
    return output_key(built.tex.read_text(encoding="utf-8") + _photo_digest(loaded, item))


def _engine_for(tex: str, engines: list[Engine]) -> Engine | None:
    """A started engine that can typeset ``tex``, taken from ``engines``; None: start one."""
    for engine in engines:
        if engine.accepts(tex):
            engines.remove(engine)
            return engine
    return None


def _photo_digest(loaded: LoadedProfile, item: RenderedLanguage) -> str:
    """The photo is read by XeLaTeX, not written in the .tex: its bytes belong in the key."""
    if not item.photo or loaded.profile.photo is None:
        return ""
    source = (loaded.file.parent / loaded.profile.photo.file).resolve()
    return f"\n% photo {file_digest(source)}"


def compile_into(
    item: RenderedLanguage,
    out_dir: Path,
    loaded: LoadedProfile,
    timeout: float,
    engine: Engine | None = None,
) -> BuiltLanguage:
    """Compile in a private folder, then move the results into place in one step each.

    A failed build leaves the previous PDF and .tex as they were.
    """
    typeset = _typeset(item, item.tex, out_dir, loaded, timeout, engine)
    try:
        return typeset.place(out_dir)
    finally:
        typeset.discard()


def compile_fitted(
    item: RenderedLanguage,
    out_dir: Path,
    loaded: LoadedProfile,
    timeout: float,
    engine: Engine | None = None,
) -> BuiltLanguage:
    """Compile, and if the CV takes more pages than ``fit_pages``, find the first step of
    tightening that fits (see fit.py), trying several at once; only the result is placed."""
    from .fit import first_fitting, steps

    assert item.fit is not None
    target = item.fit.pages
    ladder = steps(item.fit.design)
    start = ladder.index(item.fit_step) if item.fit_step in ladder else 0
    trials = {start: _typeset(item, item.tex, out_dir, loaded, timeout, engine)}
    try:
        first = trials[start]
        if first.run.pages <= target:
            note = _fit_note(item, first.run.pages, ladder[start]) if start else ""
            return first.place(out_dir, note, step=ladder[start])
        if start:  # what fitted this CV before no longer does (fonts changed): search again
            trials[0] = _typeset(item, item.fit.render(item.fit.design), out_dir, loaded, timeout)
            if trials[0].run.pages <= target:
                return trials[0].place(out_dir, "", step=ladder[0])

        def typeset_step(index: int) -> None:
            assert item.fit is not None
            tighter = ladder[index].apply(item.fit.design)
            trials[index] = _typeset(item, item.fit.render(tighter), out_dir, loaded, timeout)

        def pages_at(indexes: list[int]) -> dict[int, int]:
            from concurrent.futures import ThreadPoolExecutor

            wanted = [index for index in indexes if index not in trials]
            with ThreadPoolExecutor(max_workers=max(1, len(wanted))) as pool:
                list(pool.map(typeset_step, wanted))  # each trial is kept, to be discarded
            return {index: trials[index].run.pages for index in indexes}

        width = max(1, os.cpu_count() or 1)
        found, seen = first_fitting(len(ladder), pages_at, target, width)
        if found is None:
            tightest = ladder[-1]
            note = (
                f"does not fit on {_pages(target)} even at {tightest.describe()} "
                f"({_pages(seen[len(ladder) - 1])} needed); kept the design "
                f"({_pages(trials[0].run.pages)})"
            )
            return trials[0].place(out_dir, note, step=ladder[0])
        return trials[found].place(
            out_dir, _fit_note(item, seen[found], ladder[found]), step=ladder[found]
        )
    finally:
        for trial in trials.values():
            trial.discard()


def _fit_note(item: RenderedLanguage, pages: int, step: Step) -> str:
    return f"fitted to {_pages(pages)} at {step.describe()}"


def _pages(count: int) -> str:
    return f"{count} page" + ("" if count == 1 else "s")


@dataclass
class _Typeset:
    """One XeLaTeX pass that succeeded, its results still in its private folder."""

    item: RenderedLanguage
    tex: str
    run: EngineRun
    engine: Engine

    def place(self, out_dir: Path, fitted: str = "", step: Step | None = None) -> BuiltLanguage:
        item = self.item
        pdf, tex = out_dir / f"{item.stem}.pdf", out_dir / f"{item.stem}.tex"
        _move_into_place(self.run.pdf, pdf)
        _move_into_place(self.engine.folder / tex.name, tex)
        if item.photo:
            # Beside the .tex too, so that running xelatex there by hand still works.
            _move_into_place(self.engine.folder / item.photo, out_dir / item.photo)
        primed = bool(self.engine.primed)
        return BuiltLanguage(
            item.language,
            pdf,
            tex,
            self.run.seconds,
            self.run.log,
            primed=primed,
            fitted=fitted,
            fit_step=step,
        )

    def discard(self) -> None:
        self.engine.stop()
        shutil.rmtree(self.engine.folder, ignore_errors=True)


def _typeset(
    item: RenderedLanguage,
    tex: str,
    out_dir: Path,
    loaded: LoadedProfile,
    timeout: float,
    engine: Engine | None = None,
) -> _Typeset:
    from .provenance import missing_glyph_error, traced

    if engine is None:
        engine = Engine(orphans.private_folder(orphans.OUT_PREFIX, out_dir))
    try:
        if item.photo:
            _place_photo(loaded, engine.folder / item.photo)
        try:
            run = engine.run(tex, f"{item.stem}.tex", timeout)
        except EngineError as exc:
            raise traced(exc, tex, loaded) from None
        if run.missing_glyphs:
            raise missing_glyph_error(run.missing_glyphs, loaded)
    except BaseException:
        engine.stop()
        shutil.rmtree(engine.folder, ignore_errors=True)
        raise
    return _Typeset(item, tex, run, engine)


def _move_into_place(source: Path, target: Path) -> None:
    """Replace ``target`` with ``source`` in one step, from another file system too (an
    engine started before the out dir was known works in the temporary folder)."""
    try:
        os.replace(source, target)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        staged = target.with_name(f".{target.name}.cvtex-tmp")
        shutil.copyfile(source, staged)
        os.replace(staged, target)


def _engines_worth_starting(request: Request, cache: BuildCache) -> int:
    """One engine per language expected to compile, leaving a core for cvtex itself."""
    spare_cores = (os.cpu_count() or 1) - 1
    if (named := request.language_list()) is not None:
        expected = len(named)
    else:
        expected = len(cache.requests.get(request.key(), {}).get("outputs", [])) or 1
    return max(1, min(spare_cores, expected))


@contextlib.contextmanager
def _started_engines(out_dir: Path, count: int) -> Iterator[list[Engine]]:
    """Engines loading their format while the profile is read; those left unused are stopped.

    The first may be one the ``cvtex`` executable started before the command line was
    read, in the temporary folder; the others work in folders inside the out dir, so that
    results move into place in one step. If the build fails before anything is written,
    no empty out dir is left behind.
    """
    created = not out_dir.exists()
    engines: list[Engine] = []
    started: list[Engine] = []
    with orphans.uninterrupted():  # never taken and not yet known to the cleanup below
        if count and (early := take_early()) is not None:
            engines.append(early)
            started.append(early)
    try:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
            if not created:  # what a killed cvtex left here
                orphans.remove_stale(out_dir, orphans.OUT_PREFIX)
            for _ in range(count - len(engines)):
                with orphans.uninterrupted():  # the folder and process known together
                    engine = Engine(orphans.private_folder(orphans.OUT_PREFIX, out_dir))
                    started.append(engine)
                    engine.start()
                engines.append(engine)
        except (OSError, CvtexError):
            pass  # no head start: the build takes a little longer, and the compile says why
        yield engines
    finally:
        for engine in started:
            if engine in engines or not engine.warm:  # never handed to a compile
                engine.stop()
                shutil.rmtree(engine.folder, ignore_errors=True)
        if created:
            with contextlib.suppress(OSError):
                out_dir.rmdir()  # only if the build left it empty


def _kept(
    language: str, stem: str, out_dir: Path, fit: dict[str, object] | None = None
) -> BuiltLanguage:
    note = str(fit.get("note", "")) if fit else ""
    return BuiltLanguage(
        language,
        out_dir / f"{stem}.pdf",
        out_dir / f"{stem}.tex",
        0.0,
        "",
        compiled=False,
        fitted=note,
    )


def _write_tex(target: Path, tex: str) -> None:
    try:
        if target.read_text(encoding="utf-8") == tex:
            return
    except (OSError, UnicodeDecodeError):
        pass
    temporary = target.with_name(f".{target.name}.cvtex-tmp")
    temporary.write_text(tex, encoding="utf-8")
    os.replace(temporary, target)


def _place_photo(loaded: LoadedProfile, target: Path) -> None:
    assert loaded.profile.photo is not None
    source = (loaded.file.parent / loaded.profile.photo.file).resolve()
    if source.suffix.lower() not in (".png", ".jpg", ".jpeg", ".pdf"):
        raise InputError(
            f"{loaded.source.locate(('photo', 'file'))}: photo.file: {source.name} is not a "
            "PNG, JPEG or PDF image"
        )
    try:
        shutil.copyfile(source, target)
    except OSError as exc:
        raise InputError(
            f"{loaded.source.locate(('photo', 'file'))}: photo.file: cannot read {source} "
            f"({exc.strerror})",
            "paths are relative to the profile's folder",
        ) from None


def _combine(errors: list[CvtexError]) -> CvtexError:
    return type(errors[0])("\n".join(str(error) for error in errors))

"""A build, as its stages:

1. **resolve** the request (request.py): what to build, every option with its default;
2. **load** what it names (load.py): the profile, the catalogs, the variant, the theme;
3. **localize** each language once (view/): one view, from which every output is made;
4. **render** each format of each language through the renderers' table
   (render/outputs.py): LaTeX source for pdf, finished documents for the others;
5. **compile** the LaTeX sources (compile/): XeLaTeX, in parallel, with the head start;
6. **place** the outputs (place.py), each in one step;
7. **check** each PDF, when asked (check/): read back by three PDF readers and compared
   with the view it was made from, and with a job posting's terms when one is given.

A build that finds nothing changed since the last one (see cache.py) ends before the
profile is even parsed. Otherwise XeLaTeX is started at once, so that it loads its format
while the profile is loaded and rendered; each language whose source changed is then
compiled, and the others keep their PDF. Documents other than PDFs are placed once every
PDF has succeeded.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..compile import formats, orphans
from ..compile.engine import Engine
from ..compile.headstart import (
    engine_for,
    engines_worth_starting,
    engines_worth_starting_later,
    formats_for,
    primer_for,
    recalled_each,
    remember,
    started_engines,
)
from ..errors import CvtexError, InputError
from . import cache as records
from .cache import BuildCache, Output, file_digests
from .place import BuiltLanguage, kept_pdf, place_document, place_pdf, place_tex
from .report import Reporter
from .request import BuildRequest

# The profile's models (pydantic) and the templates (Jinja) take ~100 ms to load: they
# are imported where they are needed, after XeLaTeX has been started or found unneeded.
if TYPE_CHECKING:
    from ..check.terms import Term
    from ..compile.formats import Format
    from ..render.document import Document
    from ..render.latex import TexSource
    from ..view.localize import Localized
    from .languages import LanguageReport
    from .load import Loaded


def build(
    request: BuildRequest, reporter: Reporter | None = None, engines: list[Engine] | None = None
) -> list[BuiltLanguage]:
    """The outputs ``request`` asks for; returns its PDFs (compiled, or kept when still
    right: ``request.force`` compiles them all).

    ``engines``: engines the caller started (a watch's, primed with each language's
    preamble), in place of those a build starts itself. A compile takes one whose primer
    its source begins with, removing it from the list; the others are left to the caller.
    """
    reporter = reporter or Reporter()
    cache = BuildCache.load(request.out_dir)
    # Hashed before anything is read, so that a save during the build is never missed.
    before = file_digests([request.profile.resolve(), *(cache.inputs_of(request) or [])])
    if (kept := _unchanged(request, cache, before)) is not None:
        _told_again(request, cache, reporter)
        for result in kept:
            ready(result, reporter)
        return kept

    expected = _expected_compiles(request, cache)
    wanted = engines_worth_starting(expected) if request.wants_pdf else 0
    if wanted and not request.engine_choice.head_start:
        wanted = 0  # Tectonic reads its source from a file: nothing to start ahead
    if engines is not None:
        wanted = 0
    starts: dict[str, str] = {}
    fmts: list[Format | None] = []
    if wanted:  # (a watch's rebuild starts none: it has its engines)
        theme, languages = request.theme_key(), request.language_list()
        starts = recalled_each(request.profile, theme, request.variant, languages)
        fmts = formats_for(starts)
    with started_engines(request.out_dir, wanted, fmts) as ahead:
        for engine in ahead.engines:  # given once started: read only once its format is loaded
            engine.prime(primer_for(engine, starts))
        from .languages import language_report
        from .load import load

        loaded = load(request)
        if wanted:  # cvtex's imports are done: the other languages' engines start now
            later = engines_worth_starting_later(expected, len(ahead.started))
            for engine in ahead.start(later):
                engine.prime(primer_for(engine, starts))
        inputs = loaded.input_files()
        reporter.read(inputs)
        languages = localize(loaded)
        # Told before anything is rendered: what an output chooses later is not the CV's.
        report = language_report(loaded, languages)
        warnings = report_languages(report, request, reporter)
        sources, _ = render(loaded, languages, [name for name in request.formats if name == "pdf"])
        for source in sources:
            reporter.fonts(source.language, source.font_lines)
        for line in dict.fromkeys(line for source in sources for line in source.font_warnings):
            reporter.warning(line)
        request.out_dir.mkdir(parents=True, exist_ok=True)
        # Before anything is compiled: a build that fails leaves the request unrecorded.
        cache.forget_request(request)
        others = [name for name in request.formats if name != "pdf"]
        rendered: list[Document] = []
        built = compile_sources(
            sources,
            loaded,
            cache,
            ahead.engines if engines is None else engines,
            reporter,
            # The other formats are made while XeLaTeX compiles, once every source has
            # gone to its engine: a Word copy then costs a PDF build little of its time.
            meanwhile=lambda: rendered.extend(render(loaded, languages, others)[1]),
            own_engines=engines is None,
        )
        documents = rendered
        sources_by_language = {source.language: source.tex for source in sources}
        remember(request.profile, request.theme_key(), request.variant, sources_by_language)
    # Placed only now, so that a failed PDF leaves the other documents as they were too.
    if documents:
        request.out_dir.mkdir(parents=True, exist_ok=True)  # the engines' folder may be gone
        for document in documents:
            reporter.wrote(place_document(document, request.out_dir))
    if request.check:
        check(loaded, languages, built, reporter)
    if loaded.packet and built:
        from .packet import cv_request, place_packets

        cv = build(cv_request(loaded, built), reporter)
        place_packets(loaded, languages, built, cv, reporter)
    # The documents of other formats are not recorded, nor a letter dated by the day.
    if request.only_pdf and loaded.repeatable and not loaded.packet:
        outputs = [Output(source.language, source.stem) for source in sources]
        # What may be out of date is remembered apart (a confirm changes the warnings), as
        # the report left it: a state of cvtex's own, no input a watch follows.
        state = file_digests([report.memory]) if report.memory else None
        cache.record_request(request, file_digests(inputs, before), outputs, warnings, state)
        cache.save()
    formats.make_missing()  # the PDFs are in place: a format wanted is made after them
    return built


def tex_sources(request: BuildRequest) -> list[TexSource]:
    """The pure half of a PDF build: load, localize and render; no engine involved."""
    from dataclasses import replace

    from .load import load

    loaded = load(replace(request, formats=("pdf",)))
    sources, _ = render(loaded, localize(loaded))
    return sources


def _unchanged(
    request: BuildRequest, cache: BuildCache, before: dict[Path, str | None]
) -> list[BuiltLanguage] | None:
    """The PDFs of the last build of this request, if nothing it read has changed since."""
    if not request.only_pdf or request.force or request.check:
        return None  # (a check reads the PDFs with their views: the profile is loaded)
    outputs = cache.up_to_date(request, before)
    if outputs is None:
        return None
    out_dir = request.out_dir
    return [
        kept_pdf(o.language, o.stem, out_dir, cache.fit_of(o.stem), cache.advice_of(o.stem))
        for o in outputs
    ]


def ready(built: BuiltLanguage, reporter: Reporter) -> None:
    """A PDF in place, told, with the advice its compile gave (kept PDFs' too: it holds)."""
    reporter.ready(built)
    if built.advice:
        reporter.warning(f"{built.language}: {built.advice}")


def _told_again(request: BuildRequest, cache: BuildCache, reporter: Reporter) -> None:
    """The warnings the build that made the kept PDFs told: nothing has changed since, so
    they still hold (a CV's untranslated texts are not gone because it was built before)."""
    for line in cache.warnings_of(request):
        reporter.warning(line)


def _expected_compiles(request: BuildRequest, cache: BuildCache) -> int:
    """How many languages will likely compile: those named, else the last build's."""
    if (named := request.language_list()) is not None:
        return len(named)
    return len(cache.requests.get(request.cache_key(), {}).get("outputs", []))


# -- localize -------------------------------------------------------------------------------


def localize(loaded: Loaded) -> list[Localized]:
    """Each language's view, made once: every output of the language is made from it."""
    return [localized(loaded, language) for language in loaded.languages]


def localized(loaded: Loaded, language: str) -> Localized:
    """One language's view: the CV's; for a letter, the letter's (with the CV's header as
    its sender) in place of the CV's. The one place where a CV's build and a letter's part."""
    from ..view.localize import Localized, view_of
    from ..view.text import TextChooser

    profile = loaded.profile
    catalog = loaded.locales.catalog(language)
    chooser = TextChooser(profile.profile, profile.source, catalog, loaded.variant)
    if loaded.letter is None:
        return Localized(catalog, chooser, view_of(chooser))
    from ..view.letter import letter_view

    written = letter_view(
        loaded.letter,
        profile.profile,
        chooser,
        catalog,
        loaded.variant,
        loaded.packet,
        _cv_names(loaded),
    )
    return Localized(catalog, chooser, written.sender, written)


def _cv_names(loaded: Loaded) -> list[str]:
    """The CV's names in every language of the profile and of the build: an enclosure a
    letter lists in any of them is its CV."""
    codes = dict.fromkeys([*loaded.profile.profile.languages, *loaded.languages])
    catalogs = [loaded.locales.catalog(code) for code in codes if loaded.locales.has(code)]
    return [
        name
        for catalog in catalogs
        if catalog.letter is not None
        for name in (catalog.letter.cv, *catalog.letter.cv_names)
    ]


# -- render ---------------------------------------------------------------------------------


def render(
    loaded: Loaded, languages: list[Localized], formats: Sequence[str] | None = None
) -> tuple[list[TexSource], list[Document]]:
    """Every format asked for (``formats``, else the request's), of every language: the
    LaTeX sources still to compile, and the documents ready to place."""
    from ..render.latex import TexSource
    from ..render.outputs import RENDERERS_OF

    renderers = RENDERERS_OF[loaded.kind]
    sources: list[TexSource] = []
    documents: list[Document] = []
    for item in languages:
        for name in loaded.request.formats if formats is None else formats:
            rendered = renderers[name](loaded, item)
            if isinstance(rendered, TexSource):
                sources.append(rendered)
            else:
                documents.append(rendered)
    return sources, documents


def report_languages(
    report: LanguageReport, request: BuildRequest, reporter: Reporter
) -> list[str]:
    """What the report warns of, told (and returned, for the build cache to tell again);
    with --strict, its problems are an error, exactly as `cvtex validate --strict` finds."""
    warnings = [*report.read_around, *report.warnings()]
    if request.strict and report.problems:
        raise InputError(
            "; ".join(report.problems)
            + " (--strict):\n"
            + "\n".join(f"  {line}" for line in warnings),
            f"{report.hint}; or build without --strict to build with these warnings",
        )
    for line in warnings:
        reporter.warning(line)
    return warnings


# -- compile and place ----------------------------------------------------------------------


def compile_sources(
    sources: list[TexSource],
    loaded: Loaded,
    cache: BuildCache,
    engines: list[Engine],
    reporter: Reporter,
    meanwhile: Callable[[], object] | None = None,
    own_engines: bool = False,
) -> list[BuiltLanguage]:
    """Each language whose PDF would change, typeset in parallel and placed as soon as it
    is ready; the others keep the PDF they have. ``meanwhile`` runs while they compile
    (its error is raised once they are done, after theirs). ``own_engines``: ``engines``
    were started for this build alone (not a watch's, kept for its next one)."""
    from ..compile.pdf import typeset

    request, profile = loaded.request, loaded.profile
    out_dir = request.out_dir
    results: dict[str, BuiltLanguage] = {}
    changed = []
    for source in sources:
        source = records.fitted_before(source, cache)
        key = records.source_key(source)
        fit = cache.fit_of(source.stem)
        if (
            not request.force
            and cache.compiled_from(source.stem, key)
            and records.fit_known(source, cache)
        ):
            place_tex(out_dir, source.stem, source.tex)
            cache.record_output(source.stem, key, source.tex, None, fit)
            advice = cache.advice_of(source.stem)
            results[source.stem] = kept_pdf(source.language, source.stem, out_dir, fit, advice)
            ready(results[source.stem], reporter)
        else:
            changed.append(source)
    # The slowest compile first, on an engine that has already loaded its format: one with
    # CJK fonts, then the one that took longest last time (a time that depends on whether
    # it had the head start, so it never puts English before Chinese).
    changed.sort(key=lambda source: (source.cjk_fonts, cache.seconds(source.stem) or 0.0))
    changed.reverse()
    if own_engines:
        # One started ahead for a language whose PDF stays would go on loading its fonts,
        # on a core the compiles use.
        for engine in engines:
            if not any(engine.accepts(source.tex) for source in changed):
                engine.stop()
    if changed:  # the next build's first engine starts on its format
        formats.remember_early(changed[0].tex)

    def compile_one(source: TexSource, engine: Engine | None) -> BuiltLanguage:
        reporter.compiling(source.language)
        built = place_pdf(
            typeset(source, profile, out_dir, request.timeout, engine, request.engine_choice),
            out_dir,
        )
        ready(built, reporter)
        return built

    # 5 ms that need not delay XeLaTeX
    from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

    errors: list[CvtexError] = []
    # Each language is its own XeLaTeX process: on two cores they overlap almost fully.
    workers = max(1, min(len(changed), os.cpu_count() or 1))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        # A termination while submit() starts a thread would leave that thread unknown to
        # the pool, so not waited for: its engine killed and its folder left at exit.
        with orphans.uninterrupted():
            futures = [
                (source, pool.submit(compile_one, source, engine_for(source.tex, engines)))
                for source in changed
            ]
        waiting: CvtexError | None = None
        if meanwhile is not None:
            # On a core of its own: while every core runs an engine, once the first is done
            # (English ends well before Chinese, whose fonts take longer).
            if futures and len(futures) >= (os.cpu_count() or 1):
                wait([future for _, future in futures], return_when=FIRST_COMPLETED)
            try:
                meanwhile()
            except CvtexError as exc:
                waiting = exc
        for source, future in futures:
            try:
                built = future.result()
            except CvtexError as exc:
                errors.append(exc)
                continue
            cache.record_output(
                source.stem,
                records.built_key(built, source),
                built.tex.read_text(encoding="utf-8"),
                built.seconds,
                records.fit_record(source, built),
                built.advice,
            )
            results[source.stem] = built
    cache.save()  # what did compile stays recorded even if another language failed
    if errors:
        raise errors[0] if len(errors) == 1 else _combine(errors)
    if waiting is not None:
        raise waiting
    return [results[source.stem] for source in sources]


# -- check ----------------------------------------------------------------------------------


def check(
    loaded: Loaded, languages: list[Localized], built: list[BuiltLanguage], reporter: Reporter
) -> None:
    """Each PDF read back and compared with the view it was rendered from (a CV's), and
    with a job posting's terms when the request names one."""
    from ..check.extractors import read_pages
    from ..check.reading import read_back

    pdfs = {result.language: result.pdf for result in built}
    terms = _posting_terms(loaded)
    for item in languages:
        if item.language not in pdfs:
            continue
        pdf = pdfs[item.language]
        pages = read_pages(pdf)  # once, for the CV's check and the posting's terms both
        if loaded.letter is None:
            reporter.checked(read_back(loaded, item, pdf, pages=pages))
        if terms is not None:
            from ..check.posting import read_posting_back

            reporter.posting(read_posting_back(loaded, item, pdf, terms, pages=pages))


def _posting_terms(loaded: Loaded) -> list[Term] | None:
    if loaded.request.posting is None:
        return None
    from ..check.posting import posting_terms, posting_words, read_posting, vocabulary

    text = read_posting(loaded.request.posting)
    return posting_terms(text, vocabulary(loaded), posting_words(loaded))


def _combine(errors: list[CvtexError]) -> CvtexError:
    return type(errors[0])("\n".join(str(error) for error in errors))

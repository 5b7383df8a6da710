"""Build PDFs from a profile: load, localize, render, then compile what changed, in parallel.

A build that finds nothing changed since the last one (see buildcache) ends before the
profile is even parsed. Otherwise XeLaTeX is started at once, so that it loads its format
while the profile is validated and rendered; each language whose source changed is then
compiled, in parallel, and the others keep their PDF.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .buildcache import BuildCache, Output, Request, file_digests, output_key
from .engine import DEFAULT_TIMEOUT, Engine
from .errors import CvtexError, InputError

# The profile's models (pydantic) and the templates (Jinja) take ~100 ms to load: they
# are imported where they are needed, after XeLaTeX has been started or found unneeded.
if TYPE_CHECKING:
    from .localize import Fallback
    from .profile import LoadedProfile

DEFAULT_THEME = "classic"


@dataclass(frozen=True)
class RenderedLanguage:
    language: str
    stem: str
    tex: str
    fallbacks: list[Fallback]
    cjk_fonts: bool = False  # the source loads xeCJK and CJK fonts: the slower compile


@dataclass(frozen=True)
class BuiltLanguage:
    language: str
    pdf: Path
    tex: Path
    seconds: float
    log: str  # XeLaTeX's log of the run, kept for inspection
    compiled: bool = True  # False: the PDF already there was still right, and was kept


def select_languages(requested: str | None, declared: list[str]) -> list[str]:
    """``--lang``: a comma list, or ``all`` (the default) for every declared language."""
    if requested is None or requested.strip() in ("", "all"):
        return list(declared)
    chosen = [part.strip() for part in requested.split(",") if part.strip()]
    unknown = [lang for lang in chosen if lang not in declared]
    if unknown:
        raise InputError(
            f"--lang {requested}: the profile is not written in {', '.join(unknown)}",
            f"it declares languages: {', '.join(declared)} (or use --lang all)",
        )
    return list(dict.fromkeys(chosen))


def output_stem(profile_file: Path, language: str) -> str:
    return f"{profile_file.stem}.{language}"


def render_languages(
    loaded: LoadedProfile, languages: list[str], theme_name: str = DEFAULT_THEME
) -> list[RenderedLanguage]:
    """The pure half of a build: LaTeX source for each language, no engine involved."""
    from .locale import load_catalog
    from .localize import localize
    from .render import language_settings, render_tex
    from .theme import load_theme

    theme = load_theme(theme_name)
    rendered = []
    for language in languages:
        catalog = load_catalog(language)
        view = localize(loaded.profile, loaded.source, catalog)
        settings = language_settings(theme, catalog)
        tex = render_tex(view, catalog, theme, settings)
        stem = output_stem(loaded.file, language)
        cjk = settings.cjk_serif is not None
        rendered.append(RenderedLanguage(language, stem, tex, view.fallbacks, cjk))
    return rendered


def input_files(loaded: LoadedProfile, languages: list[str], theme_name: str) -> list[Path]:
    """Every file a build reads: what to hash for the cache, and what `cvtex watch` polls."""
    from .locale import catalog_file
    from .theme import load_theme

    theme_folder = load_theme(theme_name).folder
    templates = sorted(path for path in theme_folder.rglob("*") if path.is_file())
    files = [*loaded.inputs, *templates, *(catalog_file(language) for language in languages)]
    return [path.resolve() for path in files]


def default_out_dir(profile_file: Path) -> Path:
    return profile_file.parent / "out"


def build(
    profile_file: Path,
    languages: str | None = None,
    out_dir: Path | None = None,
    theme: str = DEFAULT_THEME,
    timeout: float = DEFAULT_TIMEOUT,
    on_done: Callable[[BuiltLanguage], None] | None = None,
    on_start: Callable[[str], None] | None = None,
    force: bool = False,
) -> list[BuiltLanguage]:
    """Build the chosen languages, compiling only those whose PDF would change.

    ``on_start(language)`` is called as a compile starts, ``on_done`` as each language is
    ready (compiled or kept); ``force`` compiles every language whatever the cache says.
    """
    out_dir = out_dir or default_out_dir(profile_file)
    request = Request.of(profile_file, languages, theme)
    cache = BuildCache.load(out_dir)
    # Hashed before anything is read, so that a save during the build is never missed.
    before = file_digests([profile_file.resolve(), *(cache.inputs_of(request) or [])])
    if not force and (outputs := cache.up_to_date(request, before)) is not None:
        kept = [_kept(output.language, output.stem, out_dir) for output in outputs]
        for result in kept:
            if on_done:
                on_done(result)
        return kept

    with _started_engines(out_dir, _engines_worth_starting(request, cache)) as engines:
        from .profile import load_profile

        loaded = load_profile(profile_file)
        chosen = select_languages(languages, loaded.profile.languages)
        rendered = render_languages(loaded, chosen, theme)
        out_dir.mkdir(parents=True, exist_ok=True)
        # Before anything is compiled: a build that fails leaves the request unrecorded.
        cache.forget_request(request)
        results = _compile_changed(
            rendered, out_dir, cache, engines, loaded, timeout, force, on_start, on_done
        )
    outputs = [Output(item.language, item.stem) for item in rendered]
    cache.record_request(request, file_digests(input_files(loaded, chosen, theme), before), outputs)
    cache.save()
    return results


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
        key = output_key(item.tex)
        if not force and cache.compiled_from(item.stem, key):
            _write_tex(out_dir / f"{item.stem}.tex", item.tex)  # in case it was deleted
            cache.record_output(item.stem, key, item.tex, None)
            results[item.stem] = _kept(item.language, item.stem, out_dir)
            if on_done:
                on_done(results[item.stem])
        else:
            changed.append((item, key))
    # The slowest compile first, on an engine that has already loaded its format.
    changed.sort(key=lambda pair: (cache.seconds(pair[0].stem) or 0.0, pair[0].cjk_fonts))
    changed.reverse()

    def compile_one(item: RenderedLanguage, engine: Engine | None) -> BuiltLanguage:
        if on_start:
            on_start(item.language)
        built = compile_into(item, out_dir, loaded, timeout, engine)
        if on_done:
            on_done(built)
        return built

    from concurrent.futures import ThreadPoolExecutor  # 5 ms that need not delay XeLaTeX

    errors: list[CvtexError] = []
    # Each language is its own XeLaTeX process: on two cores they overlap almost fully.
    workers = max(1, min(len(changed), os.cpu_count() or 1))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [
            (item, key, pool.submit(compile_one, item, engines.pop(0) if engines else None))
            for item, key in changed
        ]
        for item, key, future in futures:
            try:
                built = future.result()
            except CvtexError as exc:
                errors.append(exc)
                continue
            cache.record_output(item.stem, key, item.tex, built.seconds)
            results[item.stem] = built
    cache.save()  # what did compile stays recorded even if another language failed
    if errors:
        raise errors[0] if len(errors) == 1 else _combine(errors)
    return [results[item.stem] for item in rendered]


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
    if engine is None:
        engine = Engine(Path(tempfile.mkdtemp(prefix=f".cvtex-{item.stem}-", dir=out_dir)))
    try:
        run = engine.run(item.tex, f"{item.stem}.tex", timeout)
        if run.missing_glyphs:
            raise _missing_glyph_error(
                run.missing_glyphs[0].char, run.missing_glyphs[0].font, loaded
            )
        pdf, tex = out_dir / f"{item.stem}.pdf", out_dir / f"{item.stem}.tex"
        os.replace(run.pdf, pdf)
        os.replace(engine.folder / tex.name, tex)
        return BuiltLanguage(item.language, pdf, tex, run.seconds, run.log)
    finally:
        engine.stop()
        shutil.rmtree(engine.folder, ignore_errors=True)


def _engines_worth_starting(request: Request, cache: BuildCache) -> int:
    """One engine per language expected to compile, leaving a core for cvtex itself."""
    spare_cores = (os.cpu_count() or 1) - 1
    if request.languages != "all":
        expected = len([part for part in request.languages.split(",") if part.strip()])
    else:
        expected = len(cache.requests.get(request.key(), {}).get("outputs", [])) or 1
    return max(1, min(spare_cores, expected))


@contextlib.contextmanager
def _started_engines(out_dir: Path, count: int) -> Iterator[list[Engine]]:
    """Engines loading their format while the profile is read; those left unused are stopped.

    They work in folders inside the out dir, so that results move into place in one step;
    if the build fails before anything is written, no empty out dir is left behind.
    """
    created = not out_dir.exists()
    engines: list[Engine] = []
    started: list[Engine] = []
    try:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
            for _ in range(count):
                engine = Engine(Path(tempfile.mkdtemp(prefix=".cvtex-", dir=out_dir)))
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


def _kept(language: str, stem: str, out_dir: Path) -> BuiltLanguage:
    return BuiltLanguage(
        language, out_dir / f"{stem}.pdf", out_dir / f"{stem}.tex", 0.0, "", compiled=False
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


def _missing_glyph_error(char: str, font: str, loaded: LoadedProfile) -> InputError:
    where = str(loaded.file)
    try:
        for number, line in enumerate(loaded.file.read_text(encoding="utf-8").splitlines(), 1):
            if char in line:
                where = f"{loaded.file}:{number}"
                break
    except OSError:
        pass
    return InputError(
        f"{where}: the character {char!r} (U+{ord(char):04X}) has no glyph in the font "
        f"{font}, so it would be missing from the PDF",
        "replace the character, or install a font that has it",
    )


def _combine(errors: list[CvtexError]) -> CvtexError:
    combined = type(errors[0])("\n".join(str(error) for error in errors))
    return combined

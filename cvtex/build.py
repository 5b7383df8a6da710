"""Build PDFs from a profile: load, localize, render, then compile the languages in parallel."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .engine import DEFAULT_TIMEOUT, run_xelatex
from .errors import CvtexError, EngineError, InputError
from .locale import load_catalog
from .localize import Fallback, localize
from .profile import LoadedProfile, load_profile
from .provenance import missing_glyph_error, traced
from .render import language_settings, render_tex
from .theme import load_theme

DEFAULT_THEME = "classic"


@dataclass(frozen=True)
class RenderedLanguage:
    language: str
    stem: str
    tex: str
    fallbacks: list[Fallback]


@dataclass(frozen=True)
class BuiltLanguage:
    language: str
    pdf: Path
    tex: Path
    seconds: float
    log: str  # XeLaTeX's log of the run, kept for inspection


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
    theme = load_theme(theme_name)
    rendered = []
    for language in languages:
        catalog = load_catalog(language)
        view = localize(loaded.profile, loaded.source, catalog)
        tex = render_tex(view, catalog, theme, language_settings(theme, catalog))
        rendered.append(
            RenderedLanguage(language, output_stem(loaded.file, language), tex, view.fallbacks)
        )
    return rendered


def default_out_dir(profile_file: Path) -> Path:
    return profile_file.parent / "out"


def build(
    profile_file: Path,
    languages: str | None = None,
    out_dir: Path | None = None,
    theme: str = DEFAULT_THEME,
    timeout: float = DEFAULT_TIMEOUT,
    on_done: Callable[[BuiltLanguage], None] | None = None,
) -> list[BuiltLanguage]:
    loaded = load_profile(profile_file)
    chosen = select_languages(languages, loaded.profile.languages)
    rendered = render_languages(loaded, chosen, theme)
    out_dir = out_dir or default_out_dir(profile_file)
    out_dir.mkdir(parents=True, exist_ok=True)

    def compile_one(item: RenderedLanguage) -> BuiltLanguage:
        built = compile_into(item, out_dir, loaded, timeout)
        if on_done:
            on_done(built)
        return built

    # Each language is its own XeLaTeX process: on two cores they overlap almost fully.
    with ThreadPoolExecutor(max_workers=max(1, min(len(rendered), os.cpu_count() or 1))) as pool:
        futures = [pool.submit(compile_one, item) for item in rendered]
        results, errors = [], []
        for future in futures:
            try:
                results.append(future.result())
            except CvtexError as exc:
                errors.append(exc)
    if errors:
        raise errors[0] if len(errors) == 1 else _combine(errors)
    return results


def compile_into(
    item: RenderedLanguage, out_dir: Path, loaded: LoadedProfile, timeout: float
) -> BuiltLanguage:
    """Compile in a private folder, then move the results into place in one step each.

    A failed build leaves the previous PDF and .tex as they were.
    """
    work = Path(tempfile.mkdtemp(prefix=f".cvtex-{item.stem}-", dir=out_dir))
    try:
        tex_file = work / f"{item.stem}.tex"
        tex_file.write_text(item.tex, encoding="utf-8")
        try:
            run = run_xelatex(tex_file, timeout)
        except EngineError as exc:
            raise traced(exc, item.tex, loaded) from None
        if run.missing_glyphs:
            raise missing_glyph_error(run.missing_glyphs, loaded)
        pdf, tex = out_dir / f"{item.stem}.pdf", out_dir / f"{item.stem}.tex"
        os.replace(run.pdf, pdf)
        os.replace(tex_file, tex)
        return BuiltLanguage(item.language, pdf, tex, run.seconds, run.log)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _combine(errors: list[CvtexError]) -> CvtexError:
    combined = type(errors[0])("\n".join(str(error) for error in errors))
    return combined

"""Build PDFs from a profile: load, localize, render, then compile the languages in parallel."""

from __future__ import annotations

import difflib
import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .engine import DEFAULT_TIMEOUT, run_xelatex
from .errors import CvtexError, EngineError, InputError
from .formats import Page, render_pages, write_page
from .locale import Locales, load_locales
from .localize import Fallback, localize
from .model import Profile, Variant
from .profile import LoadedProfile, load_profile
from .provenance import missing_glyph_error, traced
from .render import language_settings, render_tex
from .theme import load_theme

DEFAULT_THEME = "classic"
WARNINGS_SHOWN = 10  # fallback warnings printed per language; `cvtex validate` lists all


@dataclass(frozen=True)
class RenderedLanguage:
    language: str
    stem: str
    tex: str
    fallbacks: list[Fallback]
    photo: str | None  # the file name the .tex expects the photo under


@dataclass(frozen=True)
class BuiltLanguage:
    language: str
    pdf: Path
    tex: Path
    seconds: float
    log: str  # XeLaTeX's log of the run, kept for inspection


def select_languages(
    requested: str | None, declared: list[str], locales: Locales | None = None
) -> list[str]:
    """``--lang``: a comma list, or ``all`` (the default) for every declared language.

    A language the profile does not declare can be built too when a catalog for it
    exists: its text then falls back to the profile's languages, with warnings.
    """
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
    if requested is None:
        return profile.variants.get(profile.default_variant or "")
    if requested not in profile.variants:
        known = ", ".join(profile.variants) or "none are defined"
        close = difflib.get_close_matches(requested, list(profile.variants), n=1)
        raise InputError(
            f"--variant {requested}: no such variant in the profile"
            + (f" (did you mean {close[0]!r}?)" if close else ""),
            f"variants: {known}",
        )
    return profile.variants[requested]


def render_languages(
    loaded: LoadedProfile,
    languages: list[str],
    theme_name: str = DEFAULT_THEME,
    variant: str | None = None,
    locales: Locales | None = None,
) -> list[RenderedLanguage]:
    """The pure half of a build: LaTeX source for each language, no engine involved."""
    theme = load_theme(theme_name)
    locales = locales or Locales()
    chosen_variant = select_variant(variant, loaded.profile)
    rendered = []
    for language in languages:
        catalog = locales.catalog(language)
        view = localize(loaded.profile, loaded.source, catalog, chosen_variant)
        settings = language_settings(
            theme,
            catalog,
            loaded.profile.fonts.get(language),
            str(loaded.source.locate_key(("fonts", language))),
        )
        tex = render_tex(view, catalog, theme, settings)
        stem = output_stem(loaded.file, language, variant)
        rendered.append(RenderedLanguage(language, stem, tex, view.fallbacks, view.photo))
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
    variant: str | None = None,
    locale_files: Sequence[Path] = (),
    strict: bool = False,
    on_warning: Callable[[str], None] | None = None,
    formats: Sequence[str] = ("pdf",),
    on_page: Callable[[Path], None] | None = None,
) -> list[BuiltLanguage]:
    """The PDFs (with their .tex) and web pages (md, html) asked for; returns the PDFs.

    ``strict`` makes a text that falls back to another language an error.
    """
    loaded = load_profile(profile_file)
    locales = load_locales(locale_files)
    chosen = select_languages(languages, loaded.profile.languages, locales)
    pages = _render_pages(loaded, chosen, formats, theme, variant, locales)
    rendered = render_languages(loaded, chosen, theme, variant, locales) if "pdf" in formats else []
    warnings = fallback_warnings(rendered, loaded.file, locale_files)
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
    # Written only now, so that a failed PDF leaves the pages as they were too.
    for page in pages:
        written = write_page(page, out_dir)
        if on_page:
            on_page(written)
    return results


def _render_pages(
    loaded: LoadedProfile,
    languages: list[str],
    formats: Sequence[str],
    theme: str,
    variant: str | None,
    locales: Locales,
) -> list[Page]:
    web = [name for name in formats if name != "pdf"]
    if not web:
        return []
    stems = {language: output_stem(loaded.file, language, variant) for language in languages}
    chosen_variant = select_variant(variant, loaded.profile)
    return render_pages(loaded, stems, web, load_theme(theme), chosen_variant, locales)


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
        if item.photo:
            _place_photo(loaded, work / item.photo)
        try:
            run = run_xelatex(tex_file, timeout)
        except EngineError as exc:
            raise traced(exc, item.tex, loaded) from None
        if run.missing_glyphs:
            raise missing_glyph_error(run.missing_glyphs, loaded)
        pdf, tex = out_dir / f"{item.stem}.pdf", out_dir / f"{item.stem}.tex"
        os.replace(run.pdf, pdf)
        os.replace(tex_file, tex)
        if item.photo:
            # Beside the .tex too, so that running xelatex there by hand still works.
            os.replace(work / item.photo, out_dir / item.photo)
        return BuiltLanguage(item.language, pdf, tex, run.seconds, run.log)
    finally:
        shutil.rmtree(work, ignore_errors=True)


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
    combined = type(errors[0])("\n".join(str(error) for error in errors))
    return combined

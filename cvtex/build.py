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
from .errors import CvtexError, InputError
from .formats import Page, render_pages, write_page
from .locale import load_catalog
from .localize import Fallback, localize
from .model import Profile, Variant
from .profile import LoadedProfile, load_profile
from .render import language_settings, render_tex
from .theme import load_theme

DEFAULT_THEME = "classic"


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
) -> list[RenderedLanguage]:
    """The pure half of a build: LaTeX source for each language, no engine involved."""
    theme = load_theme(theme_name)
    chosen_variant = select_variant(variant, loaded.profile)
    rendered = []
    for language in languages:
        catalog = load_catalog(language)
        view = localize(loaded.profile, loaded.source, catalog, chosen_variant)
        tex = render_tex(view, catalog, theme, language_settings(theme, catalog))
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
    formats: Sequence[str] = ("pdf",),
    on_page: Callable[[Path], None] | None = None,
) -> list[BuiltLanguage]:
    """The PDFs (with their .tex) and web pages (md, html) asked for; returns the PDFs."""
    loaded = load_profile(profile_file)
    chosen = select_languages(languages, loaded.profile.languages)
    pages = _render_pages(loaded, chosen, formats, theme, variant)
    rendered = render_languages(loaded, chosen, theme, variant) if "pdf" in formats else []
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
) -> list[Page]:
    web = [name for name in formats if name != "pdf"]
    if not web:
        return []
    stems = {language: output_stem(loaded.file, language, variant) for language in languages}
    chosen_variant = select_variant(variant, loaded.profile)
    return render_pages(loaded, stems, web, load_theme(theme), chosen_variant)


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
        run = run_xelatex(tex_file, timeout)
        if run.missing_glyphs:
            raise _missing_glyph_error(
                run.missing_glyphs[0].char, run.missing_glyphs[0].font, loaded
            )
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

"""The report ``cvtex validate`` prints: is the profile sound, and how complete is each language."""

from __future__ import annotations

from .build import select_languages
from .locale import Locales
from .localize import CvView, localize
from .profile import LoadedProfile


def coverage_report(
    loaded: LoadedProfile, languages: str | None = None, locales: Locales | None = None
) -> str:
    """Per language: how many text fields have text of their own, and each that falls back."""
    profile = loaded.profile
    locales = locales or Locales()
    lines = [f"{loaded.file}: valid profile in {', '.join(profile.languages)}"]
    for language in select_languages(languages, profile.languages, locales):
        catalog = locales.catalog(language)
        view = localize(profile, loaded.source, catalog)
        lines.append(f"  {language}: {_counts(view, catalog.convert_from, catalog.opencc)}")
        lines.extend(f"    falls back: {fallback}" for fallback in view.fallbacks)
    return "\n".join(lines)


def _counts(view: CvView, source: str | None, opencc: str | None) -> str:
    language = view.language
    have = view.own_texts + view.converted
    total = have + len(view.fallbacks)
    split = (
        f" ({view.own_texts} written, {view.converted} converted from {source} by OpenCC {opencc})"
        if source
        else ""
    )
    return (
        f"{have} of {total} text fields have {language} text{split}, "
        f"{len(view.fallbacks)} fall back, {len(view.sections)} sections"
    )

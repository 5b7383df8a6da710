"""The report ``cvtex validate`` prints: is the profile sound, and how complete is each language."""

from __future__ import annotations

from .locale import load_catalog
from .localize import localize
from .profile import LoadedProfile


def coverage_report(loaded: LoadedProfile) -> str:
    profile = loaded.profile
    lines = [f"{loaded.file}: valid profile in {', '.join(profile.languages)}"]
    for language in profile.languages:
        view = localize(profile, loaded.source, load_catalog(language))
        total = view.own_texts + len(view.fallbacks)
        lines.append(
            f"  {language}: {view.own_texts} of {total} text fields have {language} text, "
            f"{len(view.sections)} sections"
        )
        lines.extend(f"    falls back: {fallback}" for fallback in view.fallbacks)
    return "\n".join(lines)

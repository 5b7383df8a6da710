"""The report ``cvtex validate`` prints: is the profile sound, and how complete is each language."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..language.catalog import Locales
from ..pipeline.load import select_languages
from ..profile.load import LoadedProfile
from ..view.cv import CvView
from .untranslated import Untranslated, find_untranslated


@dataclass
class Coverage:
    """Per language: the text fields that fall back, and those that look untranslated."""

    text: str
    fallbacks: int = 0
    untranslated: dict[str, list[Untranslated]] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text


def coverage(
    loaded: LoadedProfile, languages: str | None = None, locales: Locales | None = None
) -> Coverage:
    profile = loaded.profile
    locales = locales or Locales()
    lines = [f"{loaded.file}: valid profile in {', '.join(profile.languages)}"]
    report = Coverage("")
    listed: dict[str, set[str]] = {}
    for language in select_languages(languages, profile.languages, locales):
        catalog = locales.catalog(language)
        view, untranslated = find_untranslated(loaded, catalog)
        counts = _counts(view, catalog.convert_from, catalog.opencc, len(untranslated))
        lines.append(f"  {language}: {counts}")
        lines.extend(f"    falls back: {fallback}" for fallback in view.fallbacks)
        described = [found.describe(loaded.file) for found in untranslated]
        listed[language] = set(described)
        # zh-TW shows what zh shows, converted: the texts zh lacks are translated once, in zh.
        source = catalog.convert_from
        same = [text for text in described if text in listed.get(source or "", ())]
        if same:
            lines.append(
                f"    looks untranslated: the {len(same)} listed for {source} (translated "
                f"into {source}, they are converted for {language})"
            )
        lines.extend(f"    looks untranslated: {text}" for text in described if text not in same)
        report.fallbacks += len(view.fallbacks)
        if untranslated:
            report.untranslated[language] = untranslated
    report.text = "\n".join(lines)
    return report


def coverage_report(
    loaded: LoadedProfile, languages: str | None = None, locales: Locales | None = None
) -> str:
    """Per language: how many text fields have text of their own, and each that does not."""
    return coverage(loaded, languages, locales).text


def _counts(view: CvView, source: str | None, opencc: str | None, untranslated: int) -> str:
    language = view.language
    have = view.own_texts + view.converted - untranslated
    total = view.own_texts + view.converted + len(view.fallbacks)
    split = (
        f" ({view.own_texts - untranslated} written, {view.converted} converted from {source} "
        f"by OpenCC {opencc})"
        if source
        else ""
    )
    looks = f", {untranslated} look untranslated" if untranslated else ""
    return (
        f"{have} of {total} text fields have {language} text{split}{looks}, "
        f"{len(view.fallbacks)} fall back, {len(view.sections)} sections"
    )

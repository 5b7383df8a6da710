"""The report ``cvtex validate`` prints: is the profile (or the letter) sound, and how
complete is each language.

The document is read and localized as a build reads it (the pipeline's load and localize,
the profile's default variant included), and its problems are the build's: the one
:func:`~cvtex.pipeline.languages.language_report` decides what ``--strict`` refuses on
both commands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..language.catalog import Catalog, Locales
from ..language.traditional import source_language
from ..pipeline.build import localize
from ..pipeline.languages import LanguageReport, language_report
from ..pipeline.load import load, select_languages
from ..pipeline.request import resolve_request
from ..profile.drafts import Draft
from ..profile.load import LoadedProfile
from ..profile.source import format_path
from ..profile.synced import OutOfDate
from ..view.cv import CvView
from ..view.untranslated import Untranslated, find_untranslated


@dataclass
class Coverage:
    """Per language: the text fields that fall back, and those that look untranslated."""

    text: str
    fallbacks: int = 0
    untranslated: dict[str, list[Untranslated]] = field(default_factory=dict)
    drafts: int = 0  # texts drafted by a machine or a memory, not yet accepted
    warnings: list[str] = field(default_factory=list)  # what the files' reading went around
    problems: list[str] = field(default_factory=list)  # what ``--strict`` refuses
    hint: str | None = None  # the way out of the problems

    def __str__(self) -> str:
        return self.text


def coverage_of(
    file: Path, languages: str | None = None, locale_files: Sequence[Path] = ()
) -> Coverage:
    """``cvtex validate FILE``: the coverage of a profile, or of a letter."""
    loaded = load(resolve_request(file, languages=languages, locale_files=locale_files))
    items = localize(loaded)
    report = language_report(loaded, items)
    if loaded.letter is not None:
        text = letter_text(report)
    else:
        pairs = zip(items, report.languages, strict=True)
        shown = [(item.view, texts.untranslated) for item, texts in pairs]
        catalogs = [item.catalog for item in items]
        text = coverage_text(loaded.profile, shown, catalogs, report.drafts, report.out_of_date)
    return Coverage(
        text,
        report.fallbacks,
        {texts.language: texts.untranslated for texts in report.languages if texts.untranslated},
        len(report.drafts),
        [*report.read_around, *report.unshown, *([report.unplaced] if report.unplaced else [])],
        report.problems,
        report.hint,
    )


def letter_text(report: LanguageReport) -> str:
    """Each of the letter's languages, and every text of it that falls back to another
    language, with its file and line."""
    lines = []
    for texts in report.languages:
        missing = texts.fallbacks
        state = f"{len(missing)} text(s) fall back" if missing else "every text written"
        lines.append(f"{texts.language}: {state}")
        lines += [f"  {fb.file or report.file}:{fb.line}: {fb.message}" for fb in missing]
    return "\n".join(lines)


def coverage_text(
    loaded: LoadedProfile,
    shown: list[tuple[CvView, list[Untranslated]]],
    catalogs: list[Catalog],
    drafts: Sequence[Draft] = (),
    out_of_date: Sequence[OutOfDate] = (),
) -> str:
    """Per language: how many text fields have text of their own, each that falls back,
    each that looks untranslated, each draft not yet accepted and each text that may be out
    of date."""
    profile = loaded.profile
    lines = [f"{loaded.file}: valid profile in {', '.join(profile.languages)}"]
    listed: dict[str, set[str]] = {}
    for (view, untranslated), catalog in zip(shown, catalogs, strict=True):
        language = view.language
        source = source_language(catalog, profile.languages)
        opencc = "+".join(catalog.conversions[source]) if source else None
        counts = _counts(view, source, opencc, len(untranslated))
        lines.append(f"  {language}: {counts}")
        lines.extend(f"    falls back: {fallback}" for fallback in view.fallbacks)
        described = [found.describe(loaded.file) for found in untranslated]
        listed[language] = set(described)
        # zh-TW shows what zh shows, converted: the texts zh lacks are translated once, in zh.
        same = [text for text in described if text in listed.get(source or "", ())]
        if same:
            lines.append(
                f"    looks untranslated: the {len(same)} listed for {source} (translated "
                f"into {source}, they are converted for {language})"
            )
        lines.extend(f"    looks untranslated: {text}" for text in described if text not in same)
        # zh-TW shows zh's drafts converted: they are listed once, under zh.
        lines.extend(
            f"    draft, not yet accepted: {_draft_line(loaded, draft)}"
            for draft in drafts
            if draft.language == language or (draft.language == source and source not in listed)
        )
        # Written for this language; zh-TW converted from zh is told once, under zh.
        lines.extend(
            f"    may be out of date: {item.describe(loaded.file)}"
            for item in out_of_date
            if item.language == language or (item.language == source and source not in listed)
        )
    return "\n".join(lines)


def _draft_line(loaded: LoadedProfile, draft: Draft) -> str:
    where = loaded.source.locate((*draft.path, draft.language))
    place = f"line {where.line}" if where.file == loaded.file else f"{where.file}:{where.line}"
    shown = draft.text if len(draft.text) <= 60 else draft.text[:57] + "..."
    by = f" (from {draft.origin})" if draft.origin else ""
    return f"{place}: {format_path(draft.path)}: {draft.language}: {shown!r}{by}"


def coverage_report(
    loaded: LoadedProfile, languages: str | None = None, locales: Locales | None = None
) -> str:
    """Per language: how many text fields have text of their own, and each that does not
    (of the whole profile, whatever variant it would be built in)."""
    locales = locales or Locales()
    chosen = select_languages(languages, loaded.profile.languages, locales)
    catalogs = [locales.catalog(language) for language in chosen]
    shown = [find_untranslated(loaded, catalog) for catalog in catalogs]
    return coverage_text(loaded, shown, catalogs)


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

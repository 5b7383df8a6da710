"""The report ``cvtex validate`` prints: is the profile (or the letter) sound, and how
complete is each language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..language.catalog import Locales, load_locales
from ..letter.load import is_letter
from ..pipeline.build import localize
from ..pipeline.load import load, select_languages
from ..pipeline.request import resolve_request
from ..profile.load import LoadedProfile, load_profile
from ..profile.shown import unshown_entries
from ..profile.source import format_path
from ..view.cv import CvView
from .untranslated import Untranslated, find_untranslated


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
    # Whether the problems are also warned of without --strict. A letter's are not: its
    # report names each text that falls back, with its file and line, and says no more.
    warn: bool = True

    def __str__(self) -> str:
        return self.text


def coverage_of(
    file: Path, languages: str | None = None, locale_files: Sequence[Path] = ()
) -> Coverage:
    """``cvtex validate FILE``: the coverage of a profile, or of a letter."""
    if is_letter(file):
        return letter_coverage(file, languages, locale_files)
    loaded = load_profile(file)
    report = coverage(loaded, languages, load_locales(locale_files))
    unshown = unshown_entries(loaded)
    report.warnings = [*loaded.warnings, *map(str, unshown)]
    if loaded.warnings:
        report.problems.append(
            f"{len(loaded.warnings)} thing(s) in the profile's files were read around"
        )
    if unshown:
        count = sum(line.count for line in unshown)
        report.problems.append(f"{count} entr{'y' if count == 1 else 'ies'} that no CV shows")
    if report.fallbacks:
        report.problems.append(f"{report.fallbacks} text field(s) fall back to another language")
    for language, found in report.untranslated.items():
        report.problems.append(f"{len(found)} text field(s) look untranslated in {language}")
    if report.drafts:
        report.problems.append(f"{report.drafts} text(s) are drafts not yet accepted")
    if report.drafts and len(report.problems) == 1:
        report.hint = (
            f"check them, then take them as written with `cvtex translate accept {file}` "
            "(all, or by path)"
        )
    elif report.problems:
        first = next(iter(report.untranslated), None)
        report.hint = (
            f"translate them with `cvtex translate export {file} --lang {first}`, or write "
            "{same: ...} for a text that is the same in every language"
            if first
            else "write the missing languages' text in the profile"
            if report.fallbacks
            else "correct the lines the warnings name"
        )
    return report


def letter_coverage(
    file: Path, languages: str | None, locale_files: Sequence[Path] = ()
) -> Coverage:
    """The letter read as each of its languages would be built, and every text that falls
    back to another language named with its file and line."""
    loaded = load(resolve_request(file, languages=languages, locale_files=locale_files))
    lines, count = [], 0
    for item in localize(loaded):
        assert item.letter is not None
        missing = item.letter.fallbacks
        count += len(missing)
        state = f"{len(missing)} text(s) fall back" if missing else "every text written"
        lines.append(f"{item.language}: {state}")
        lines += [f"  {fb.file or file}:{fb.line}: {fb.message}" for fb in missing]
    problems = [f"{count} text field(s) of the letter fall back"] if count else []
    hint = "write the missing languages' text in the letter"
    return Coverage("\n".join(lines), count, problems=problems, hint=hint, warn=False)


def coverage(
    loaded: LoadedProfile, languages: str | None = None, locales: Locales | None = None
) -> Coverage:
    profile = loaded.profile
    locales = locales or Locales()
    lines = [f"{loaded.file}: valid profile in {', '.join(profile.languages)}"]
    report = Coverage("")
    listed: dict[str, set[str]] = {}
    drafted: set[tuple[object, str]] = set()
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
        # zh-TW shows zh's drafts converted: they are checked, and listed, once, under zh.
        for draft in loaded.drafts:
            if draft.language in (language, source) and (draft.path, draft.language) not in drafted:
                drafted.add((draft.path, draft.language))
                where = loaded.source.locate((*draft.path, draft.language))
                place = f"line {where.line}" if where.file == loaded.file else str(where.file)
                if where.file != loaded.file:
                    place += f":{where.line}"
                shown = draft.text if len(draft.text) <= 60 else draft.text[:57] + "..."
                by = f" (from {draft.origin})" if draft.origin else ""
                lines.append(
                    f"    draft, not yet accepted: {place}: {format_path(draft.path)}: "
                    f"{draft.language}: {shown!r}{by}"
                )
        report.fallbacks += len(view.fallbacks)
        if untranslated:
            report.untranslated[language] = untranslated
    report.drafts = len(drafted)
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

"""One truth about a document, told by ``cvtex build`` and ``cvtex validate`` alike: per
language, the texts that fall back to another language and those that look untranslated
(a plain English text in the Chinese CV), the drafts not yet accepted, the texts that may
be out of date (another language's text changed since), the entries no CV of the profile
shows (a list no section lists), and what the files' reading went around.
``--strict`` refuses a document on both commands when, and only when,
:attr:`LanguageReport.problems` is not empty: one function, :func:`language_report`,
decides for both, from the views the build makes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..profile.drafts import Draft
from ..profile.shown import unshown_entries
from ..profile.synced import OutOfDate, SyncMemory, located, sync_memory
from ..profile.unplaced import unplaced_warning
from ..view.cv import Fallback
from ..view.untranslated import Untranslated, untranslated_in_each

if TYPE_CHECKING:
    from ..view.localize import Localized
    from .load import Loaded

LISTED = 10  # located lines a build prints per language; validate lists them all


@dataclass(frozen=True)
class LanguageTexts:
    """What one language shows in another language's words."""

    language: str
    fallbacks: list[Fallback]
    untranslated: list[Untranslated]

    def __bool__(self) -> bool:
        return bool(self.fallbacks or self.untranslated)

    def counts(self) -> str:
        """``3 text(s) fall back to another language, 13 look untranslated``."""
        parts = []
        if self.fallbacks:
            parts.append(f"{len(self.fallbacks)} text(s) fall back to another language")
        if self.untranslated:
            parts.append(f"{len(self.untranslated)} look untranslated")
        return ", ".join(parts)


@dataclass(frozen=True)
class LanguageReport:
    """A document's languages as a build shows them."""

    file: Path  # the file asked for: the profile, or the letter
    kind: str  # "cv" or "letter"
    languages: list[LanguageTexts]
    read_around: list[str]  # what the profile's files hold that was read around, located
    locale_files: tuple[Path, ...] = ()
    unshown: tuple[str, ...] = ()  # entries no CV shows, each with the line that shows them
    drafts: tuple[Draft, ...] = ()  # drafts not yet accepted, in the languages shown
    unplaced: str | None = None  # an import's lines that found no field (unplaced:)
    out_of_date: tuple[OutOfDate, ...] = ()  # in the languages shown
    memory: Path | None = None  # where what the texts were is remembered (synced.py)

    @property
    def fallbacks(self) -> int:
        return sum(len(texts.fallbacks) for texts in self.languages)

    @property
    def problems(self) -> list[str]:
        """What ``--strict`` refuses, a line each; empty when there is nothing to refuse."""
        problems = []
        if self.read_around:
            problems.append(
                f"{len(self.read_around)} thing(s) in the profile's files could not be read "
                "as written"
            )
        if self.unshown:
            problems.append(f"{len(self.unshown)} list(s) of entries that no CV shows")
        if self.unplaced:
            problems.append("the profile keeps an import's unplaced lines (unplaced:)")
        if self.fallbacks:
            of = " of the letter" if self.kind == "letter" else ""
            problems.append(f"{self.fallbacks} text field(s){of} fall back to another language")
        problems += [
            f"{len(texts.untranslated)} text field(s) look untranslated in {texts.language}"
            for texts in self.languages
            if texts.untranslated
        ]
        if self.drafts:
            languages = ", ".join(sorted({draft.language for draft in self.drafts}))
            problems.append(
                f"{len(self.drafts)} text(s) in {languages} are drafts not yet accepted"
            )
        if self.out_of_date:
            problems.append(
                f"{len(self.out_of_date)} text(s) in {self._behind()} may be out of date"
            )
        return problems

    def _behind(self) -> str:
        return ", ".join(sorted({item.language for item in self.out_of_date}))

    @property
    def hint(self) -> str | None:
        """The way out of the problems."""
        problems = self.problems
        if not problems:
            return None
        if self.drafts and len(problems) == 1:
            return (
                f"check them, then take them as written with `cvtex translate accept "
                f"{self.file}` (all, or by path)"
            )
        if self.out_of_date and len(problems) == 1:
            return (
                f"update them, or take them as they are with `cvtex translate confirm "
                f"{self.file}` (all, or by path)"
            )
        if self.unshown and len(problems) == 1:
            return "add the lines the warnings name, where they say"
        if self.unplaced and len(problems) == 1:
            return "move each unplaced line where it belongs, then delete the unplaced: list"
        first = next((texts.language for texts in self.languages if texts), None)
        if first is not None:
            return (
                f"`{self.command('validate', first)}` lists each text with its line; "
                f"`{self.command('translate export', first)}` writes them out for a "
                "translator, or write {same: ...} for a text that is the same in every "
                "language"
            )
        return "correct the lines the warnings name"

    def command(self, name: str, language: str) -> str:
        given = "".join(f" --locale-file {path}" for path in self.locale_files)
        return f"cvtex {name} {self.file} --lang {language}{given}"

    def warnings(self, limit: int = LISTED) -> list[str]:
        """What a build warns of: each language's counts with the commands that list and
        export its texts, then each text that falls back with its file and line (at most
        ``limit`` a language)."""
        lines = [*self.unshown, *([self.unplaced] if self.unplaced else [])]
        if self.drafts:
            languages = ", ".join(sorted({draft.language for draft in self.drafts}))
            lines.append(
                f"{len(self.drafts)} text(s) in {languages} are drafts not yet accepted: "
                f"check them (`cvtex validate {self.file}` lists them), then "
                f"`cvtex translate accept {self.file}`"
            )
        if self.out_of_date:
            lines.append(
                f"{len(self.out_of_date)} text(s) in {self._behind()} may be out of date: "
                "another language's text of them changed since; update them, or "
                f"`cvtex translate confirm {self.file}` if they still say the same"
            )
            lines += [
                f"{item.file}:{item.line}: {item.message}" for item in self.out_of_date[:limit]
            ]
            if len(self.out_of_date) > limit:
                lines.append(f"... and {len(self.out_of_date) - limit} more")
        for texts in self.languages:
            if not texts:
                continue
            lines.append(
                f"{texts.language}: {texts.counts()}: `{self.command('validate', texts.language)}`"
                f" lists them, `{self.command('translate export', texts.language)}` writes "
                "them out for a translator"
            )
            lines += [
                f"{fb.file or self.file}:{fb.line}: {fb.message}" for fb in texts.fallbacks[:limit]
            ]
            if len(texts.fallbacks) > limit:
                lines.append(f"... and {len(texts.fallbacks) - limit} more in {texts.language}")
        return lines


def language_report(loaded: Loaded, languages: list[Localized]) -> LanguageReport:
    """The report of ``languages``, as ``localize`` made them (before any output chose more
    text through their choosers). A letter's texts are its own: only those that fall back
    are told; a CV's plain strings are also looked at for a language they do not look
    written in."""
    # One scan of the texts every language of the CV showed (see untranslated_in_each),
    # its lists in the order of the languages.
    choosers = [item.chooser for item in languages if item.letter is None]
    found = iter(untranslated_in_each(choosers))
    texts = [
        LanguageTexts(item.language, item.letter.fallbacks, [])
        if item.letter is not None
        else LanguageTexts(item.language, item.view.fallbacks, next(found))
        for item in languages
    ]
    # A letter's build shows no sections: its CV's build names what they leave out.
    unshown = unshown_entries(loaded.profile) if loaded.kind == "cv" else []
    # zh-TW shows zh's drafts, converted: they are told where they are written, under zh.
    shown = {item.language for item in languages} | {
        source for item in languages if (source := item.chooser.converts_from)
    }
    # Texts changed in one language since another's was written: the profile's, seen now.
    memory: SyncMemory | None = sync_memory(loaded.profile) if loaded.kind == "cv" else None
    return LanguageReport(
        loaded.request.profile,
        loaded.kind,
        texts,
        list(loaded.profile.warnings),
        loaded.request.locale_files,
        tuple(str(line) for line in unshown),
        tuple(draft for draft in loaded.profile.drafts if draft.language in shown),
        unplaced_warning(loaded.profile) if loaded.kind == "cv" else None,
        tuple(located(loaded.profile, memory, shown)) if memory is not None else (),
        memory.file if memory is not None else None,
    )

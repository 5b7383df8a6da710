"""``cvtex validate LETTER``: the letter read as each of its languages would be built, and
every text that falls back to another language named with its file and line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..pipeline.build import localize
from ..pipeline.load import load
from ..pipeline.request import resolve_request


@dataclass(frozen=True)
class LetterCoverage:
    text: str
    fallbacks: int


def letter_coverage(
    file: Path, languages: str | None, locale_files: Sequence[Path] = ()
) -> LetterCoverage:
    loaded = load(resolve_request(file, languages=languages, locale_files=locale_files))
    lines, count = [], 0
    for item in localize(loaded):
        assert item.letter is not None
        missing = item.letter.fallbacks
        count += len(missing)
        state = f"{len(missing)} text(s) fall back" if missing else "every text written"
        lines.append(f"{item.language}: {state}")
        lines += [f"  {fb.file or file}:{fb.line}: {fb.message}" for fb in missing]
    return LetterCoverage("\n".join(lines), count)

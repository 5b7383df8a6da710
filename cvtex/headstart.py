"""What a started XeLaTeX may read before the profile is even parsed: the preamble it began
with last time.

A Chinese pass spends most of its time in the preamble (fontspec, xeCJK, the CJK fonts),
and a preamble rarely changes when a person edits their CV. So cvtex remembers, per
profile, theme and variant, the start of each language's source it built (its primer: the
preamble, and the theme's font warm-up after ``\\begin{document}``), and a started engine
is given the part all the requested languages share as soon as it starts: it loads
those packages and fonts while cvtex imports, validates and renders.

It is a guess, checked before it counts: an engine is used only for a source that begins
with exactly what it read, byte for byte; otherwise it is stopped and a fresh one compiles.
So the record can be stale, wrong or missing and the PDF is the same, only slower. It
lives in the per-user cache (see cachefiles), one small file per profile.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path

from . import cachefiles

FOLDER = "preambles"
BODY_START = "\\begin{document}"
# A template writes this line where the CV's text begins (after its font warm-up).
BODY_MARK = "% The CV's text begins here."
KEPT = 200  # profiles remembered; the oldest are forgotten first


def preamble(tex: str) -> str:
    """The source up to the line that opens the document body ("" without one)."""
    at = tex.find(f"\n{BODY_START}")
    return tex[: at + 1] if at >= 0 else ""


def primer(tex: str) -> str:
    """What an engine can run through before the CV's text exists: the preamble, the line
    that opens the body (``\\begin{document}`` loads the fonts' first shapes and runs the
    packages' begin-document hooks) and, up to the body mark, the theme's font warm-up
    (which loads every face the text is set in). Just the preamble if the line that
    opens the body has more on it."""
    line = f"\n{BODY_START}\n"
    at = tex.find(line)
    if at < 0:
        return preamble(tex)
    start = at + len(line)
    mark = tex.find(f"\n{BODY_MARK}\n", start - 1)
    return tex[: mark + len(BODY_MARK) + 2] if mark >= 0 else tex[:start]


def shared_start(texts: Iterable[str]) -> str:
    """The longest run of whole lines that every text begins with."""
    shared = []
    for lines in zip(*(text.split("\n")[:-1] for text in texts), strict=False):
        if any(line != lines[0] for line in lines):
            break
        shared.append(lines[0] + "\n")
    return "".join(shared)


def _record_file(profile_file: Path, theme: str | None, variant: str | None) -> Path | None:
    folder = cachefiles.user_subfolder(FOLDER)
    if folder is None:
        return None
    key = json.dumps([str(profile_file.resolve()), theme, variant])
    return folder / f"{hashlib.sha256(key.encode('utf-8')).hexdigest()[:32]}.json"


def recalled(
    profile_file: Path, theme: str | None, variant: str | None, languages: Iterable[str] | None
) -> str:
    """The start every given language's source had last time (all remembered ones if
    ``languages`` is None); "" when any of them was never built."""
    file = _record_file(profile_file, theme, variant)
    record = cachefiles.read_json(file) if file else None
    if not isinstance(record, dict) or not record:
        return ""
    wanted = list(record) if languages is None else list(languages)
    if not wanted or any(not isinstance(record.get(language), str) for language in wanted):
        return ""
    return shared_start(record[language] for language in wanted)


def remember(
    profile_file: Path, theme: str | None, variant: str | None, sources: Mapping[str, str]
) -> None:
    """Keep each language's primer for the next build (merged with those kept before)."""
    file = _record_file(profile_file, theme, variant)
    if file is None:
        return
    previous = cachefiles.read_json(file)
    record = previous if isinstance(previous, dict) else {}
    fresh = {language: primer(tex) for language, tex in sources.items()}
    if all(record.get(language) == start for language, start in fresh.items()):
        return
    record.update(fresh)
    cachefiles.write_json(file, record)
    _forget_oldest(file.parent)


def _forget_oldest(folder: Path) -> None:
    try:
        files = sorted(folder.glob("*.json"), key=lambda path: path.stat().st_mtime)
    except OSError:
        return
    for old in files[:-KEPT]:
        old.unlink(missing_ok=True)

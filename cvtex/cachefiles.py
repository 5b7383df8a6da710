"""Where cvtex keeps its caches, and how it writes them: whole files or nothing.

Two kinds: the build record in each output folder (see pipeline.cache), and the per-user
folder for facts about this machine that are slow to learn and rarely change (installed
font families, where XeLaTeX's format is, compiled templates). Every entry is keyed by
what would make it wrong, so a stale one is never used; losing a cache costs only time,
and one that cannot be written only slows cvtex down.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from . import atomic


def user_folder() -> Path:
    """``$CVTEX_CACHE_DIR``, else ``$XDG_CACHE_HOME/cvtex``, else ``~/.cache/cvtex``."""
    if override := os.environ.get("CVTEX_CACHE_DIR"):
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cvtex"


def user_subfolder(name: str) -> Path | None:
    """A folder in the user cache, created if needed; None when it cannot be written."""
    path = user_folder() / name
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path if os.access(path, os.W_OK | os.X_OK) else None


def read_json(file: Path) -> Any:
    """The file's data, or None if it is missing or unreadable."""
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def write_json(file: Path, data: Any) -> bool:
    """Replace the file in one step: readers see the old data or the new, never half."""
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_text(file, json.dumps(data, ensure_ascii=False, indent=1))
    except OSError:
        return False
    return True

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
    """A folder in the user cache, created if needed, for this user only (0700: it may hold
    the texts of a CV); None when it cannot be written."""
    path = user_folder() / name
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        if path.stat().st_mode & 0o077:
            path.chmod(0o700)
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
    """Replace the file in one step: readers see the old data or the new, never half. For
    this user only (0600, in a 0700 folder when it makes one)."""
    try:
        file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        text = json.dumps(data, ensure_ascii=False, indent=1)
        atomic.write_bytes(file, text.encode("utf-8"), mode=0o600)
    except OSError:
        return False
    return True

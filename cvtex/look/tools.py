"""The font tools cvtex asks (fontconfig's fc-list, fc-match, fc-query; kpsewhich; dpkg),
run the same way everywhere: their answer as UTF-8 text, "" where the tool is not there."""

from __future__ import annotations

import shutil
import subprocess


def output(command: list[str]) -> str:
    """What ``command`` prints, decoded as UTF-8 (family names are, whatever the system's
    code page); "" if its program is not installed."""
    if not shutil.which(command[0]):
        return ""
    return subprocess.run(
        command, capture_output=True, text=True, encoding="utf-8", errors="replace", check=False
    ).stdout

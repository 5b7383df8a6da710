"""The ``cvtex`` executable.

XeLaTeX needs about 0.2 s to load its format before it can read a line, and ``cvtex build``
spends its first ~50 ms importing click and the build modules. So for a build the engine is
started first, from this module's few imports, and the build takes it over (see
``engine.start_early``); every other command goes straight to the command line.
"""

from __future__ import annotations

import sys


def run() -> None:
    if sys.argv[1:2] == ["build"]:
        from .engine import start_early

        start_early()
    from .cli import run as run_command_line

    run_command_line()

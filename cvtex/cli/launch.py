"""The ``cvtex`` executable.

XeLaTeX needs about 0.2 s to load its format before it can read a line, and ``cvtex build``
spends its first ~50 ms importing click and the build modules. So for a build the engine is
started first, from this module's few imports, and the build takes it over (see
``engine.start_early``); every other command goes straight to the command line.
"""

from __future__ import annotations

import signal
import sys


def run() -> None:
    # Stopped by SIGTERM (an editor's stop button, `timeout`), cvtex still stops its engines
    # and removes their folders, as on Ctrl-C. Killed outright, it cannot: its engines then
    # die with it (see orphans), and the next cvtex removes their folders.
    from ..compile.engine import start_early, stop_early
    from ..compile.formats import early
    from ..compile.orphans import on_terminate, remove_stale_temporary, uninterrupted

    signal.signal(signal.SIGTERM, on_terminate)

    try:
        if sys.argv[1:2] == ["build"]:
            with uninterrupted():  # the engine is then either not started or known
                start_early(early())
        remove_stale_temporary()  # after the engine starts, which needs no waiting for it
        from .main import run as run_command_line

        run_command_line()  # stops the early engine itself, then ends the process
    finally:
        stop_early()  # terminated before the command line took over

"""What the workers of one test run share: a result made once for all of them.

`make test` runs the tests on every core (pytest-xdist): each worker is a process with a
session of its own, so a session fixture is made once per worker. One that compiles PDFs
that tests in many modules read (the example in each theme) is made once per run instead:
the first worker that needs it makes it in a folder every worker of the run sees, under a
lock; the others wait for it, then read it back. Without workers it is made as before, once
per session.

The key names everything the result is made from (a fixture that builds another profile,
theme or option needs another key), and the result must pickle (paths and texts do).
"""

from __future__ import annotations

import fcntl
import os
import pickle
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

Made = TypeVar("Made")


def run_folder(factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of the whole run: the workers' folders are inside it."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def made_once(factory: pytest.TempPathFactory, key: str, make: Callable[[Path], Made]) -> Made:
    """``make(folder)``'s result, made by the first worker to ask for ``key`` in an empty
    folder of the run, and read back by every other (a maker that failed leaves nothing:
    the next to ask makes it again, and fails as it did)."""
    shared = run_folder(factory) / "shared"
    shared.mkdir(exist_ok=True)
    folder, made = shared / key, shared / f"{key}.pickle"
    with (shared / f"{key}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if made.exists():
            return pickle.loads(made.read_bytes())
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        result = make(folder)
        made.write_bytes(pickle.dumps(result))
        return result

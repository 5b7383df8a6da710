"""The Python side of a build, alone: import, load and validate, localize and render every
language, as `cvtex build` does before XeLaTeX has anything to read. Prints its timings,
then exits as the `cvtex` executable does (without interpreter teardown)."""

from __future__ import annotations

import time

started = time.perf_counter()

import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import cvtex.cli  # noqa: E402, F401  (what `cvtex build` imports before it starts)
from cvtex.build import render_languages  # noqa: E402
from cvtex.profile import load_profile  # noqa: E402

imported = time.perf_counter()
loaded = load_profile(Path(sys.argv[1]))
validated = time.perf_counter()
render_languages(loaded, sys.argv[2].split(",") if len(sys.argv) > 2 else loaded.profile.languages)
rendered = time.perf_counter()
print(
    json.dumps(
        {
            "import": imported - started,
            "load": validated - imported,
            "render": rendered - validated,
        }
    ),
    flush=True,
)
os._exit(0)

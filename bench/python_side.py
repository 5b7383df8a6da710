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

import cvtex.cli.main  # noqa: E402, F401  (what `cvtex build` imports before it starts)
from cvtex.pipeline.build import localize, render  # noqa: E402
from cvtex.pipeline.load import load  # noqa: E402
from cvtex.pipeline.request import resolve_request  # noqa: E402

imported = time.perf_counter()
loaded = load(
    resolve_request(Path(sys.argv[1]), languages=sys.argv[2] if len(sys.argv) > 2 else None)
)
validated = time.perf_counter()
render(loaded, localize(loaded))
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

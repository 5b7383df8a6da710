"""The editor's memory over a long session on a long profile, in a process of its own.

What `cvtex edit` keeps while a person edits: the edit session (its revisions, the text
and data of each, the places read back) and the facts of the latest revision (the checks
the page shows), on a generated profile of 4,688 publications (1.5 MB, as in issue 50's
report). Each edit changes one title, in English or Chinese, of a publication further on
in the file each time, through the session as the page's edits arrive; the facts are
worked out every ``--facts-every`` edits, as the editor's facts thread does for the latest
revision while edits come faster than it checks. The resident set size (RSS, from
/proc/self/statm) is printed after the opening and after every ``--every`` edits, and the
peak at the end, as one JSON line. It measures memory, not time: the builds (XeLaTeX's
own processes) are not part of it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
from large_profile import large_profile  # noqa: E402

from cvtex.language.catalog import load_locales  # noqa: E402
from cvtex.live.editfacts import facts_of  # noqa: E402
from cvtex.live.editsession import EditSession  # noqa: E402

PUBLICATIONS = 4688


def resident_mb() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--every", type=int, default=50)
    parser.add_argument("--facts-every", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cvtex-bench-memory-") as folder:
        profile = Path(folder) / "long.yaml"
        profile.write_text(large_profile(PUBLICATIONS), encoding="utf-8")
        size = profile.stat().st_size
        locales = load_locales(())
        before = resident_mb()
        session = EditSession(profile)
        points = {"opened": resident_mb()}
        for number in range(1, args.edits + 1):
            at = ["publications", number * 23 % PUBLICATIONS, "title", ("en", "zh")[number % 2]]
            change = {"op": "set", "path": at, "value": f"Edited title {number}"}
            outcome = session.apply(session.current.number, [change], "page")
            if outcome.conflicts:
                raise SystemExit(f"edit {number} was refused: {outcome.conflicts}")
            if number % args.facts_every == 0:
                revision = session.current
                facts_of(revision.number, profile, revision.text, revision.data, locales)
            if number % args.every == 0:
                points[f"after {number} edits"] = resident_mb()
        assert f"Edited title {args.edits}" in profile.read_text(encoding="utf-8")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"bytes": size, "before": before, "points": points, "peak": peak}))


if __name__ == "__main__":
    main()

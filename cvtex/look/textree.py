"""Files in TeX's tree, as kpsewhich finds them: TeX Live's (or MiKTeX's) own, and on Debian
the system's font folders too (TeX Live's OSFONTDIR)."""

from __future__ import annotations

import os

from .tools import output


def find(names: list[str]) -> dict[str, str]:
    """Those of ``names`` (file names) that kpsewhich finds, with their paths; one call."""
    if not names:
        return {}
    listing = output(["kpsewhich", *names])
    paths = [line.strip() for line in listing.splitlines() if line.strip()]
    return {os.path.basename(path): path for path in paths}

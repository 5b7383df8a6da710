"""What the importers' tests share: an import into a new profile, read back."""

from __future__ import annotations

from pathlib import Path

import yaml

from cvtex.importers import import_sources


def imported_profile(sources: list[Path], target: Path, **options) -> tuple[dict, list[str]]:
    """``cvtex import SOURCES -o TARGET``: the profile written, as data, and the notes."""
    result = import_sources(sources, target, **options)
    return yaml.safe_load(result.profile.read_text(encoding="utf-8")), result.notes

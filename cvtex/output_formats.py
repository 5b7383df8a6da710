"""The output formats ``--format`` names, kept apart from their renderers.

The CLI parses ``--format`` before the profile's models and templates load (see build.py):
this module must stay light.
"""

from __future__ import annotations

from .errors import InputError

FORMATS = ("pdf", "md", "html")
EXTENSIONS = {"md": ".md", "html": ".html"}


def select_formats(requested: str | None) -> list[str]:
    """``--format``: a comma list of pdf, md and html; pdf when not given."""
    if requested is None or not requested.strip():
        return ["pdf"]
    chosen = [part.strip().lower() for part in requested.split(",") if part.strip()]
    unknown = [name for name in chosen if name not in FORMATS]
    if unknown or not chosen:
        raise InputError(
            f"--format {requested}: unknown format {', '.join(unknown) or '(none)'}",
            f"formats: {', '.join(FORMATS)} (a comma list, such as pdf,md,html)",
        )
    return list(dict.fromkeys(chosen))

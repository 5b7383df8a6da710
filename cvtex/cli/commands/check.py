"""``cvtex check``: build, then read each PDF back as applicant-tracking systems do."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..options import PROFILE, build_options, request_of
from .build import build_and_report


@click.command()
@click.argument("profile", type=PROFILE)
@build_options
@click.option("-q", "--quiet", is_flag=True, help="Print only what did not come back.")
@click.option(
    "--posting",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A job posting (a text file): which of its terms each PDF shows as read back, "
    "which it does not, and which of those the profile holds in items left out. PROFILE "
    "may be a letter.",
)
def check(profile: Path, quiet: bool, posting: Path | None, **options: Any) -> None:
    """Build, then read each PDF back as applicant-tracking systems do, and check that
    every text of the CV comes back whole, in reading order, with no stray characters.

    Three readers: Poppler's pdftotext, pdfminer.six and PDFium (Chrome's). Each text that
    does not come back is named with the profile's file and line; exit 1 if there is any
    (docs/ats.md).
    """
    build_and_report(request_of(profile, options, check=True, posting=posting), quiet)

"""``cvtex build``: the profile's (or a letter's) PDFs and pages, with their progress."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ...pipeline.request import BuildRequest
from ..options import PROFILE, build_options, request_of
from ..progress import Progress


@click.command()
@click.argument("profile", type=PROFILE)
@build_options
@click.option("-q", "--quiet", is_flag=True, help="Print only errors.")
@click.option(
    "-v",
    "--verbose",
    is_flag=True,
    help="Also print which font sets each language's text, and why (found how, and which "
    "fonts before it are not installed).",
)
@click.option(
    "--check",
    "check_pdfs",
    is_flag=True,
    help="Then read each PDF back as cvtex check does; exit 1 if a text does not come back.",
)
def build(profile: Path, quiet: bool, verbose: bool, check_pdfs: bool, **options: Any) -> None:
    """Build PDFs (and their .tex), Markdown or HTML pages for the profile's languages.

    PROFILE may also be a letter (cvtex letter new): its PDF in each of its languages, in
    the theme of its profile, and with --with-cv the letter and the CV as one PDF. Only
    languages whose PDF would change are compiled: the others are kept as they are.
    """
    build_and_report(request_of(profile, options, check=check_pdfs), quiet, verbose)


def build_and_report(request: BuildRequest, quiet: bool, verbose: bool = False) -> None:
    """Run a build with its progress printed; after a check, exit 1 on what it found."""
    from ...pipeline.build import build as run_build

    progress = Progress(quiet, verbose)
    run_build(request, progress)
    progress.verdict()

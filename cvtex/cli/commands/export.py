"""``cvtex export``: the profile as JSON Resume files, a short form of
``cvtex build PROFILE --format json``."""

from __future__ import annotations

from pathlib import Path

import click

from ..options import PROFILE, lang_option, out_option
from .build import build_and_report


@click.command()
@click.argument("profile", type=PROFILE)
@click.option(
    "--to", "target", type=click.Choice(["jsonresume"]), default="jsonresume", show_default=True
)
@lang_option
@out_option
@click.option("--variant", help="A variant named in the profile: its exclusions apply.")
def export(
    profile: Path, target: str, langs: str | None, out_dir: Path | None, variant: str | None
) -> None:
    """Write the profile as JSON Resume files: <stem>.<lang>.resume.json per language
    (the same as cvtex build PROFILE --format json)."""
    from ...pipeline.request import resolve_request

    request = resolve_request(
        profile, languages=langs, variant=variant, formats="json", out_dir=out_dir
    )
    build_and_report(request, quiet=False)

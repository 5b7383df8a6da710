"""``cvtex export``: the profile as JSON Resume files."""

from __future__ import annotations

from pathlib import Path

import click

from ..options import PROFILE, lang_option, out_option


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
    """Write the profile as JSON Resume files: <stem>.<lang>.resume.json per language."""
    from ... import jsonresume

    for written in jsonresume.export(profile, langs, out_dir, variant):
        click.echo(f"wrote {written}")

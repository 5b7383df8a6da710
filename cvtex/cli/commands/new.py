"""``cvtex new``: a commented starter profile."""

from __future__ import annotations

from pathlib import Path

import click

from ..options import PROFILE


@click.command()
@click.argument("path", type=PROFILE)
@click.option(
    "--lang",
    "languages",
    default="en,zh",
    show_default=True,
    help="Its languages, the first the fallback: any of en, zh, zh-TW, zh-HK, ja, ko.",
)
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def new(path: Path, languages: str, force: bool) -> None:
    """Write a commented starter profile to PATH, in the languages of --lang."""
    from ...starters import profile as starter

    starter.write_starter(path, force=force, languages=languages.split(","))
    click.echo(f"wrote {path}; edit it, then: cvtex build {path}")

"""``cvtex letter``: cover letters, one file per application."""

from __future__ import annotations

from pathlib import Path

import click

from ..options import PROFILE


@click.group()
def letter() -> None:
    """Cover letters: one file per application, built with cvtex build LETTER."""


@letter.command("new")
@click.argument("path", type=PROFILE)
@click.option(
    "--profile",
    "profile",
    type=PROFILE,
    required=True,
    help="The profile the letter goes with: its name, contacts and theme.",
)
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def letter_new(path: Path, profile: Path, force: bool) -> None:
    """Write a commented starter letter to PATH, in the languages of its profile."""
    from ...starters import letter as starter

    pdfs = starter.write_letter_starter(path, profile, force=force)
    click.echo(f"wrote {path}; edit it, then: cvtex build {path} (makes {', '.join(pdfs)})")

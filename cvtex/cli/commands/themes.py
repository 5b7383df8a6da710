"""``cvtex themes`` and ``cvtex theme``: the built-in themes, and one of your own."""

from __future__ import annotations

from pathlib import Path

import click

from ...resources import DEFAULT_THEME


@click.command()
def themes() -> None:
    """List the built-in themes: the name, then what it looks like."""
    from ...look.theme import builtin_themes

    found = builtin_themes()
    width = max(len(theme.name) for theme in found)
    for theme in found:
        click.echo(f"{theme.name:<{width}}  {theme.description}")


@click.group()
def theme() -> None:
    """Make a theme of your own (see `cvtex themes` for the built-in ones)."""


@theme.command("new")
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False))
@click.option(
    "--from",
    "parent",
    default=DEFAULT_THEME,
    show_default=True,
    help="The theme to build on: a built-in name or a theme folder.",
)
def theme_new(folder: Path, parent: str) -> None:
    """Write FOLDER: a theme that extends another, its override points commented.

    Never writes over an existing folder.
    """
    from ...look.scaffold import write_theme

    for written in write_theme(folder, parent):
        click.echo(f"wrote {written}")
    shown = folder if "/" in str(folder) else f"./{folder}"
    click.echo(f"build with it: cvtex build PROFILE --theme {shown}")

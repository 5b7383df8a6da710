"""``cvtex schema``: the profile's JSON Schema."""

from __future__ import annotations

import click


@click.command()
def schema() -> None:
    """Print the profile's JSON Schema (for editors' autocompletion)."""
    from ...profile.schema import schema_text

    click.echo(schema_text(), nl=False)

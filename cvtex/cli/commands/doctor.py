"""``cvtex doctor``: is the toolchain cvtex needs installed."""

from __future__ import annotations

import sys

import click

from ...errors import ExitCode


@click.command()
def doctor() -> None:
    """Check that XeLaTeX, the TeX packages and the fonts cvtex uses are installed."""
    from ...doctor import diagnose

    report = diagnose()
    click.echo(report.text())
    if not report.ok:
        sys.exit(int(ExitCode.TOOLCHAIN_MISSING))

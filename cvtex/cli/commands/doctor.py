"""``cvtex doctor``: is the toolchain cvtex needs installed."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ...errors import ExitCode
from ..options import PROFILE


@click.command()
@click.argument("profile", type=PROFILE, required=False)
def doctor(profile: Path | None) -> None:
    """Check that a TeX engine, the TeX packages and the fonts cvtex uses are installed:
    the system, the engine and its version, the font each language and theme will be set
    in and why, and for anything missing the command that installs it on this system.

    Exits 3 exactly when a build would fail: of PROFILE's languages and theme if one is
    given, else of any language and theme cvtex ships.
    """
    from ...doctor import diagnose

    report = diagnose(profile)
    click.echo(report.text())
    if not report.ok:
        sys.exit(int(ExitCode.TOOLCHAIN_MISSING))

"""``cvtex watch``: rebuild whenever a file the build reads is saved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..options import PROFILE, build_options, request_of
from ..progress import report_rebuild


@click.command()
@click.argument("profile", type=PROFILE)
@build_options
@click.option(
    "--interval",
    default=0.3,
    show_default=True,
    type=click.FloatRange(min=0.05),
    help="Seconds between looks at the files.",
)
def watch(profile: Path, interval: float, **options: Any) -> None:
    """Build, then rebuild whenever the profile, a file it includes or a template is saved.

    Only the languages whose PDF changes are compiled. Stop with Ctrl-C.
    """
    from ...live.watch import WatchState
    from ...live.watch import watch as watch_files

    state = WatchState(request_of(profile, options))
    click.echo(f"watching {profile} (Ctrl-C to stop)")
    try:
        watch_files(state, report_rebuild, interval)
    except KeyboardInterrupt:
        click.echo("stopped watching")

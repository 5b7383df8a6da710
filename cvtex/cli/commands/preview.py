"""``cvtex preview``: the languages side by side in the web browser, rebuilt on save."""

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
    "--port",
    type=click.IntRange(0, 65535),
    default=8420,
    show_default=True,
    help="The port on 127.0.0.1 to serve the page on (0: any free one).",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the web browser.")
@click.option(
    "--viewer",
    type=click.Choice(["pages", "browser"]),
    help="How a pane shows its PDF: pages drawn by cvtex, which keep their place when a "
    "new PDF comes (the default; their text can be selected and found when Debian's "
    "libjs-pdf is installed), or the browser's own PDF viewer (zoom; it starts at the top "
    "of each new PDF).",
)
def preview(
    profile: Path, port: int, open_browser: bool, viewer: str | None, **options: Any
) -> None:
    """Build, rebuild on save, and show the languages side by side in the web browser.

    The page is served on this computer only; each pane reloads when its PDF changes and
    shows the error when a build fails. Stop with Ctrl-C.
    """
    from ...live.preview import preview as serve_preview
    from ...live.watch import WatchState

    def ready(url: str) -> None:
        click.echo(f"preview of {profile}: {url} (Ctrl-C to stop)")

    state = WatchState(request_of(profile, options))
    try:
        serve_preview(state, port, ready, report_rebuild, open_browser, viewer)
    except KeyboardInterrupt:
        click.echo("stopped the preview")

"""``cvtex edit``: the profile (or a letter) as a form in the browser, every language side
by side, the PDFs rebuilt beside it, the YAML written back in place."""

from __future__ import annotations

from pathlib import Path

import click

from ..options import (
    lang_option,
    locale_file_option,
    out_option,
    theme_option,
    variant_option,
)
from ..progress import report_rebuild


@click.command()
@click.argument("profile", type=click.Path(path_type=Path, dir_okay=False, exists=True))
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8421,
    show_default=True,
    help="The port on 127.0.0.1 to serve the page on (0: any free one).",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the web browser.")
@lang_option
@locale_file_option
@out_option
@theme_option
@variant_option
def edit(
    profile: Path,
    port: int,
    open_browser: bool,
    langs: str | None,
    locale_files: tuple[Path, ...],
    out_dir: Path | None,
    theme: str | None,
    variant: str | None,
) -> None:
    """Edit a profile or a letter in the web browser: a form with every language side by
    side, the PDFs rebuilt as you type, the YAML written back keeping your comments.

    The page is served on this computer only. The file is written in place: only the
    lines of the values you change; a copy of it is kept once per session (cv.yaml.bak).
    Saves made elsewhere while the page is open show in the form. --lang names the
    languages to build PDFs of; the form shows every language the file is written in.
    Stop with Ctrl-C.
    """
    from ...live.editserver import serve_editor
    from ...live.watch import WatchState
    from ...pipeline.request import resolve_request

    def ready(url: str) -> None:
        click.echo(f"editing {profile}: {url} (Ctrl-C to stop)")

    request = resolve_request(
        profile,
        languages=langs,
        variant=variant,
        theme=theme,
        out_dir=out_dir,
        locale_files=locale_files,
    )
    try:
        serve_editor(WatchState(request), port, ready, report_rebuild, open_browser)
    except KeyboardInterrupt:
        click.echo("stopped the editor")

"""The options several commands share, and the build request made from a build's options."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ..compile.engine import DEFAULT_TIMEOUT
from ..compile.engines import ENGINES
from ..pipeline.request import FORMATS, BuildRequest, resolve_request

PROFILE = click.Path(path_type=Path, dir_okay=False)

lang_option = click.option(
    "--lang",
    "langs",
    envvar="CVTEX_LANG",
    help="Comma list (en,zh,zh-TW) or all (default): every language the profile declares.",
)
locale_file_option = click.option(
    "--locale-file",
    "locale_files",
    multiple=True,
    type=click.Path(path_type=Path, dir_okay=False),
    help="A locale catalog (YAML) for another language, or to replace a shipped one; "
    "repeatable. Its code is its code: key, else its file name (de.yaml: de).",
)
out_option = click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path, file_okay=False),
    help="Output folder (default: out/ beside the profile).",
)
theme_option = click.option(
    "--theme",
    help="A built-in theme (`cvtex themes` lists them) or a theme folder; "
    "default: the profile's theme:, else classic.",
)
variant_option = click.option(
    "--variant", help="A variant named in the profile (one-page, industry, ...)."
)


def build_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Every option a build takes: `build`, `watch` and `preview` take them all alike, and
    pass them to :func:`request_of` as they came."""
    for option in reversed(
        [
            lang_option,
            locale_file_option,
            out_option,
            theme_option,
            variant_option,
            click.option(
                "--format",
                "formats",
                help=f"Comma list of {', '.join(FORMATS)} (default: pdf).",
            ),
            click.option(
                "--timeout",
                type=click.FloatRange(min=1),
                default=DEFAULT_TIMEOUT,
                show_default=True,
                help="Seconds XeLaTeX may take for each language before it is stopped.",
            ),
            click.option(
                "--text-width",
                type=click.IntRange(min=1),
                help="txt: wrap lines at this many columns, a Chinese character counting "
                "as two (default: one line a paragraph, for pasting into a form).",
            ),
            click.option(
                "--force", is_flag=True, help="Compile every language, even those up to date."
            ),
            click.option(
                "--engine",
                type=click.Choice(ENGINES),
                default="auto",
                show_default=True,
                envvar="CVTEX_ENGINE",
                help="The TeX engine: xelatex, tectonic (pipx install 'cvtex[tectonic]'; "
                "its first run downloads its bundle), or auto: xelatex if it is installed, "
                "else tectonic.",
            ),
            click.option(
                "--bundle",
                metavar="DIR|URL",
                help="Tectonic: the bundle of TeX files to use (a folder, a .zip or a URL) "
                "instead of its default one.",
            ),
            click.option(
                "--only-cached",
                "offline",
                is_flag=True,
                help="Tectonic: use only the files it has cached (or the --bundle folder), "
                "never the network.",
            ),
            click.option(
                "--strict",
                is_flag=True,
                help="Fail (exit 1) when a text falls back to another language, looks "
                "untranslated, is a draft not yet accepted or may be out of date: exactly when "
                "`cvtex validate --strict` fails.",
            ),
            click.option(
                "--design",
                multiple=True,
                metavar="KEY=VALUE",
                help="A design option over the profile's (font_size=10.5, "
                "margins.top=2cm, colors.accent=#1f4e79); repeatable.",
            ),
            click.option(
                "--with-cv",
                is_flag=True,
                help="A letter: also write the packet, the letter then the CV in one PDF "
                "per language (<letter>.packet.<lang>.pdf), with a bookmark for each.",
            ),
        ]
    ):
        command = option(command)
    return command


def request_of(
    profile: Path, options: dict[str, Any], check: bool = False, posting: Path | None = None
) -> BuildRequest:
    """The build the command line asks for, from the options of :func:`build_options`."""
    return resolve_request(
        profile,
        languages=options["langs"],
        variant=options["variant"],
        theme=options["theme"],
        formats=options["formats"],
        out_dir=options["out_dir"],
        locale_files=options["locale_files"],
        strict=options["strict"],
        force=options["force"],
        timeout=options["timeout"],
        design=options["design"],
        text_width=options["text_width"],
        check=check,
        with_cv=options["with_cv"],
        posting=posting,
        engine=options["engine"],
        bundle=options["bundle"],
        offline=options["offline"],
    )

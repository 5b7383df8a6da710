"""The ``cvtex`` command: the group its commands (cli/commands/) are added to, and how
it ends, with a message and an exit code for each of cvtex's errors."""

from __future__ import annotations

import os
import sys

import click

from .. import __version__
from ..compile.engine import stop_early
from ..compile.orphans import wait_for_ending
from ..errors import CvtexError, ExitCode
from .commands import (
    build,
    check,
    doctor,
    edit,
    export,
    imports,
    letter,
    new,
    preview,
    schema,
    themes,
    translate,
    validate,
    watch,
)
from .progress import show_error


class _Group(click.Group):
    """Turns cvtex's own errors into a message and an exit code, never a traceback."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except CvtexError as exc:
            show_error(exc)
            ctx.exit(int(exc.exit_code))
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            ctx.exit(130)
        except (click.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except Exception as exc:  # a bug in cvtex: say so plainly, keep the trace for debugging
            if os.environ.get("CVTEX_DEBUG"):
                raise
            click.secho(f"internal error: {type(exc).__name__}: {exc}", fg="red", err=True)
            click.echo(
                "  hint: this is a bug in cvtex; rerun with CVTEX_DEBUG=1 and report the traceback",
                err=True,
            )
            ctx.exit(int(ExitCode.INTERNAL))


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cvtex")
def main() -> None:
    """Typeset bilingual CVs (English and Chinese) from one YAML profile.

    \b
    Exit codes: 0 success, 1 a problem in your input, 2 a malformed command line,
    3 a missing tool or font (see `cvtex doctor`), 4 XeLaTeX failed or timed out.
    """


for command in (
    build.build,
    check.check,
    watch.watch,
    preview.preview,
    edit.edit,
    export.export,
    imports.import_,
    validate.validate,
    translate.translate,
    new.new,
    letter.letter,
    doctor.doctor,
    themes.themes,
    themes.theme,
    schema.schema,
):
    main.add_command(command)


def run() -> None:
    """The ``cvtex`` executable: ``main``, then an exit that skips tearing the interpreter
    down. Freeing every object pydantic and Jinja made takes 20-40 ms, after the PDFs are
    already in place; once the output is flushed there is nothing left to clean up."""
    try:
        main()
        code: object = 0
    except SystemExit as exc:
        code = exc.code
    if isinstance(code, str):
        click.echo(code, err=True)
        code = 1
    stop_early()  # started for a build that did not need it (nothing changed, --help, ...)
    wait_for_ending()  # engines whose pass was over, handing back their memory
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code if isinstance(code, int) else 0)

"""The ``cvtex`` command: a few lines per command over the library."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from . import __version__, jsonresume, starter
from . import build as builder
from . import doctor as checkup
from .engine import DEFAULT_TIMEOUT
from .errors import CvtexError, ExitCode
from .formats import select_formats
from .locale import load_locales
from .profile import load_profile
from .schema import schema_text
from .validate import coverage_report

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


class _Group(click.Group):
    """Turns cvtex's own errors into a message and an exit code, never a traceback."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except CvtexError as exc:
            click.secho(f"error: {exc.message}", fg="red", err=True)
            if exc.hint:
                click.echo(f"  hint: {exc.hint}", err=True)
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


@main.command()
@click.argument("profile", type=PROFILE)
@lang_option
@locale_file_option
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path, file_okay=False),
    help="Output folder (default: out/ beside the profile).",
)
@click.option("--theme", default=builder.DEFAULT_THEME, show_default=True, help="Template theme.")
@click.option("--variant", help="A variant named in the profile (one-page, industry, ...).")
@click.option("--format", "formats", help="Comma list of pdf, md, html (default: pdf).")
@click.option(
    "--timeout",
    type=click.FloatRange(min=1),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds XeLaTeX may take for each language before it is stopped.",
)
@click.option("-q", "--quiet", is_flag=True, help="Print only errors.")
@click.option(
    "--strict", is_flag=True, help="Fail (exit 1) when a text falls back to another language."
)
def build(
    profile: Path,
    langs: str | None,
    locale_files: tuple[Path, ...],
    out_dir: Path | None,
    theme: str,
    variant: str | None,
    formats: str | None,
    timeout: float,
    quiet: bool,
    strict: bool,
) -> None:
    """Build PDFs (and their .tex), Markdown or HTML pages for the profile's languages."""

    def report(done: builder.BuiltLanguage) -> None:
        if not quiet:
            click.echo(f"{done.language}: {done.pdf} ({done.seconds:.1f} s)")

    def warn(line: str) -> None:
        if not quiet:
            click.secho(f"warning: {line}", fg="yellow", err=True)

    def report_page(page: Path) -> None:
        if not quiet:
            click.echo(f"wrote {page}")

    chosen = select_formats(formats)
    builder.build(
        profile,
        langs,
        out_dir,
        theme,
        timeout,
        on_done=report,
        variant=variant,
        locale_files=locale_files,
        strict=strict,
        on_warning=warn,
        formats=chosen,
        on_page=report_page,
    )


@main.command()
@click.argument("profile", type=PROFILE)
@click.option(
    "--to", "target", type=click.Choice(["jsonresume"]), default="jsonresume", show_default=True
)
@lang_option
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path, file_okay=False),
    help="Output folder (default: out/ beside the profile).",
)
@click.option("--variant", help="A variant named in the profile: its exclusions apply.")
def export(
    profile: Path, target: str, langs: str | None, out_dir: Path | None, variant: str | None
) -> None:
    """Write the profile as JSON Resume files: <stem>.<lang>.resume.json per language."""
    for written in jsonresume.export(profile, langs, out_dir, variant):
        click.echo(f"wrote {written}")


@main.command("import")
@click.argument("files", nargs=-1, required=True, type=PROFILE)
@click.option("-o", "--out", type=PROFILE, help="The profile to write (default: beside FILES).")
@click.option("--lang", "langs", help="The files' languages, in order (en,zh); else detected.")
@click.option("--force", is_flag=True, help="Overwrite an existing profile.")
def import_(files: tuple[Path, ...], out: Path | None, langs: str | None, force: bool) -> None:
    """Make a profile from a JSON Resume file, or from two in two languages (en and zh)."""
    imported = jsonresume.import_resumes(list(files), out, force, langs)
    for note in imported.notes:
        click.echo(f"note: {note}", err=True)
    click.echo(
        f"wrote {imported.profile} ({', '.join(imported.languages)}); "
        f"check it: cvtex validate {imported.profile}"
    )


@main.command()
@click.argument("profile", type=PROFILE)
@lang_option
@locale_file_option
def validate(profile: Path, langs: str | None, locale_files: tuple[Path, ...]) -> None:
    """Check a profile and report, per language, which text falls back to another."""
    loaded = load_profile(profile)
    click.echo(coverage_report(loaded, langs, load_locales(locale_files)))


@main.command()
@click.argument("path", type=PROFILE)
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def new(path: Path, force: bool) -> None:
    """Write a commented bilingual starter profile to PATH."""
    starter.write_starter(path, force=force)
    click.echo(f"wrote {path}; edit it, then: cvtex build {path}")


@main.command()
def doctor() -> None:
    """Check that XeLaTeX, the TeX packages and the fonts cvtex uses are installed."""
    report = checkup.diagnose()
    click.echo(report.text())
    if not report.ok:
        sys.exit(int(ExitCode.TOOLCHAIN_MISSING))


@main.command()
def schema() -> None:
    """Print the profile's JSON Schema (for editors' autocompletion)."""
    click.echo(schema_text(), nl=False)

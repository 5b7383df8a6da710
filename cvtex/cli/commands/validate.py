"""``cvtex validate``: is a profile or a letter sound, and how complete is each language."""

from __future__ import annotations

from pathlib import Path

import click

from ...errors import InputError
from ..options import PROFILE, lang_option, locale_file_option


@click.command()
@click.argument("profile", type=PROFILE)
@lang_option
@locale_file_option
@click.option(
    "--strict",
    is_flag=True,
    help="Fail (exit 1) when a text falls back to another language, looks untranslated, "
    "is a draft not yet accepted, or may be out of date (another language's text of it "
    "changed since it was written).",
)
def validate(
    profile: Path, langs: str | None, locale_files: tuple[Path, ...], strict: bool
) -> None:
    """Check a profile and report, per language, which text falls back to another, which
    looks untranslated (a Chinese text in the English CV, an English one in the Chinese CV)
    and which may be out of date. A letter: which of its texts fall back, in each of its
    languages."""
    from ...translate.coverage import coverage_of

    report = coverage_of(profile, langs, locale_files)
    click.echo(report.text)
    for line in report.warnings:
        click.secho(f"warning: {line}", fg="yellow", err=True)
    if not report.problems:
        return
    if strict:
        raise InputError("; ".join(report.problems) + " (--strict)", report.hint)
    for problem in report.problems:
        click.secho(f"warning: {problem}", fg="yellow", err=True)
    click.echo(f"  hint: {report.hint}", err=True)

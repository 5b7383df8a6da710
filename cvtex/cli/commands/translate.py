"""``cvtex translate``: the texts a language lacks out to a file, the translations back in."""

from __future__ import annotations

from pathlib import Path

import click

from ...errors import InputError
from ..options import PROFILE, locale_file_option


@click.group()
def translate() -> None:
    """Translate a profile: export the texts a language lacks, merge the translations back.

    \b
      cvtex translate export cv.yaml --lang zh     # writes cv.zh.translation.yaml
      (fill in each zh: in that file)
      cvtex translate merge cv.yaml cv.zh.translation.yaml
    """


@translate.command("export")
@click.argument("profile", type=PROFILE)
@click.option("--lang", "language", required=True, help="The language to translate into (zh).")
@locale_file_option
@click.option(
    "-o",
    "--out",
    type=PROFILE,
    help="The file to write: .yaml (default <stem>.<lang>.translation.yaml) or .csv.",
)
@click.option("--force", is_flag=True, help="Overwrite an existing translation file.")
def translate_export(
    profile: Path,
    language: str,
    locale_files: tuple[Path, ...],
    out: Path | None,
    force: bool,
) -> None:
    """Write the texts the CV in a language shows without text of that language."""
    from ...translate.translation import OneLanguageWanted, export_rows, write_rows

    try:
        language, rows = export_rows(profile, language, locale_files)
    except OneLanguageWanted as wanted:
        raise click.BadParameter(wanted.message, param_hint="--lang") from None
    target = out or profile.with_name(f"{profile.stem}.{language}.translation.yaml")
    if target.exists() and not force:
        raise InputError(
            f"{target} already exists; it may hold a translator's work",
            "merge it first, choose another name with --out, or pass --force",
        )
    write_rows(rows, target, profile, language)
    if not rows:
        click.echo(f"wrote {target}: nothing to translate into {language}")
        return
    click.echo(
        f"wrote {target}: {len(rows)} text(s) to translate into {language}; fill them in, "
        f"then: cvtex translate merge {profile} {target}"
    )


@translate.command("merge")
@click.argument("profile", type=PROFILE)
@click.argument("translations", type=click.Path(path_type=Path, dir_okay=False, exists=True))
@click.option(
    "-o",
    "--out",
    type=PROFILE,
    help="Write the merged profile to this new file instead of replacing the profile.",
)
def translate_merge(profile: Path, translations: Path, out: Path | None) -> None:
    """Write filled translations into the profile, keeping its comments and order.

    The profile (and each included file changed) is first copied to <name>.bak (.bak2,
    ... if taken); texts changed since the export, or translated already, are left alone.
    """
    from ...translate.translation import merge

    result = merge(profile, translations, out)
    for problem in result.skipped:
        click.secho(f"skipped: {problem}", fg="yellow", err=True)
    for file in result.reformatted:
        click.secho(
            f"note: {file.name} is written in an indentation style the YAML writer does not "
            "reproduce exactly; check the diff against its .bak copy",
            err=True,
        )
    for file, copy in result.written:
        kept = f" (the original is kept as {copy})" if copy else ""
        click.echo(f"wrote {file}{kept}")
    click.echo(
        f"{result.merged} translation(s) into {result.language} merged, "
        f"{result.empty} left empty, {len(result.skipped)} skipped"
    )

"""``cvtex translate``: the texts a language lacks out to a file and back, drafted by a
memory or a machine, accepted once checked."""

from __future__ import annotations

from pathlib import Path

import click

from ...errors import InputError
from ..options import PROFILE, locale_file_option

_MEMORY = click.option(
    "--memory",
    "memory_files",
    multiple=True,
    type=click.Path(path_type=Path, dir_okay=False, exists=True),
    help="Another profile whose texts written in both languages suggest translations (repeatable).",
)


@click.group()
def translate() -> None:
    """Translate a profile: export the texts a language lacks, merge the translations back;
    or have them drafted, check the drafts and accept them.

    \b
      cvtex translate export cv.yaml --lang zh     # writes cv.zh.translation.yaml
      (fill in each zh: in that file)
      cvtex translate merge cv.yaml cv.zh.translation.yaml
    \b
      cvtex translate draft cv.yaml --lang zh      # from the profile's own translations
      cvtex translate draft cv.yaml --lang zh --engine openai \\
          --base-url http://localhost:11434/v1 --model qwen2.5:7b   # a local model
      cvtex validate cv.yaml                       # lists the drafts to check
      cvtex translate accept cv.yaml               # takes them as written
    """


@translate.command("export")
@click.argument("profile", type=PROFILE)
@click.option("--lang", "language", required=True, help="The language to translate into (zh).")
@locale_file_option
@_MEMORY
@click.option(
    "--format",
    "kind",
    type=click.Choice(["yaml", "csv", "xliff", "xliff1", "po"]),
    help="yaml (the default), csv, xliff (XLIFF 2.0), xliff1 (XLIFF 1.2) or po (gettext); "
    "by default the one --out's name says.",
)
@click.option(
    "-o",
    "--out",
    type=PROFILE,
    help="The file to write (default <stem>.<lang>.translation.yaml, .csv, .xlf or .po).",
)
@click.option("--force", is_flag=True, help="Overwrite an existing translation file.")
def translate_export(
    profile: Path,
    language: str,
    locale_files: tuple[Path, ...],
    memory_files: tuple[Path, ...],
    kind: str | None,
    out: Path | None,
    force: bool,
) -> None:
    """Write each distinct text the CV in a language shows without text of that language,
    once, with the places it stands and the translations cvtex can suggest."""
    from ...translate.formats import SUFFIXES, format_of, write_units
    from ...translate.places import OneLanguageWanted
    from ...translate.translation import export_units

    try:
        language, units = export_units(profile, language, locale_files, memory_files)
    except OneLanguageWanted as wanted:
        raise click.BadParameter(wanted.message, param_hint="--lang") from None
    chosen = format_of(out, kind) if out else kind or "yaml"
    suffix = ".translation.yaml" if chosen == "yaml" else SUFFIXES[chosen]
    target = out or profile.with_name(f"{profile.stem}.{language}{suffix}")
    if target.exists() and not force:
        raise InputError(
            f"{target} already exists; it may hold a translator's work",
            "merge it first, choose another name with --out, or pass --force",
        )
    write_units(units, target, profile, language, chosen)
    if not units:
        click.echo(f"wrote {target}: nothing to translate into {language}")
        return
    suggested = sum(1 for unit in units if unit.suggested)
    places = sum(len(unit.places) for unit in units)
    note = f", {suggested} with a suggestion to check" if suggested else ""
    click.echo(
        f"wrote {target}: {len(units)} text(s) to translate into {language} (at {places} "
        f"place(s){note}); fill them in, then: cvtex translate merge {profile} {target}"
    )


@translate.command("merge")
@click.argument("profile", type=PROFILE)
@click.argument("translations", type=click.Path(path_type=Path, dir_okay=False, exists=True))
@locale_file_option
@click.option(
    "-o",
    "--out",
    type=PROFILE,
    help="Write the merged profile to this new file instead of replacing the profile.",
)
def translate_merge(
    profile: Path, translations: Path, locale_files: tuple[Path, ...], out: Path | None
) -> None:
    """Write filled translations (YAML, CSV, XLIFF or PO) into the profile, at every place
    each text stands, keeping the profile's comments and order.

    The profile (and each included file changed) is first copied to <name>.bak; texts
    changed since the export, translated already, or suggestions not checked (fuzzy,
    needs-review, suggested:) are left alone.
    """
    from ...translate.translation import merge

    result = merge(profile, translations, out, locale_files)
    for problem in result.skipped:
        click.secho(f"skipped: {problem}", fg="yellow", err=True)
    _report_written(result.written, result.reformatted)
    click.echo(
        f"{result.merged} translation(s) into {result.language} merged"
        + (f" (at {result.places} place(s))" if result.places != result.merged else "")
        + f", {result.empty} left empty, {result.unchecked} suggestion(s) left to check, "
        f"{len(result.skipped)} skipped"
    )


def _report_written(written: list[tuple[Path, Path | None]], reformatted: list[Path]) -> None:
    for file in reformatted:
        click.secho(
            f"note: {file.name} is written in an indentation style the YAML writer does not "
            "reproduce exactly; check the diff against its .bak copy",
            err=True,
        )
    for file, copy in written:
        kept = f" (the original is kept as {copy})" if copy else ""
        click.echo(f"wrote {file}{kept}")

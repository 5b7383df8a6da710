"""``cvtex import``: a profile made from what you already have, or added to."""

from __future__ import annotations

from pathlib import Path

import click

from ..options import PROFILE


@click.command("import")
@click.argument("sources", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("-o", "--out", type=PROFILE, help="The profile to write (default: beside SOURCES).")
@click.option(
    "--into",
    type=click.Path(path_type=Path, dir_okay=False, exists=True),
    help="Add what the sources hold that this profile lacks, and complete the entries it "
    "has with the fields they lack; change nothing written.",
)
@click.option(
    "--lang",
    "langs",
    help="The sources' language: one for all, or one per source (en,zh); by default the "
    "file's own, else told from its text's script.",
)
@click.option("--force", is_flag=True, help="Replace an existing profile (with -o).")
def import_(
    sources: tuple[Path, ...], out: Path | None, into: Path | None, langs: str | None, force: bool
) -> None:
    """Make a profile from what you already have, or add to one (--into).

    \b
    SOURCE is a file, a folder or a .zip, of any of these kinds (told from its content):
      JSON Resume, RenderCV, FRESH, a LinkedIn data export, ORCID (a record, its works,
      or its BibTeX export), BibTeX.
    Two files of one kind in two languages become one bilingual profile. Each value that
    has no place in the profile is named, with the file and line (or row) it came from.
    """
    from ...importers import import_sources

    imported = import_sources(list(sources), out, into, force, langs)
    for note in imported.notes:
        click.echo(f"note: {note}", err=True)
    for line in imported.added:
        click.echo(f"added: {line}")
    if into is None:
        click.echo(
            f"wrote {imported.profile} ({', '.join(imported.languages)}) from "
            f"{' and '.join(imported.kinds)}; check it: cvtex validate {imported.profile}"
        )
        return
    for line in imported.completed:
        click.echo(f"completed: {line}")
    for line in imported.found:
        click.echo(f"already there: {line}")
    if imported.written:
        completed = f", {len(imported.completed)} completed" if imported.completed else ""
        click.echo(
            f"wrote {into}: {len(imported.added)} added{completed}, {len(imported.found)} "
            f"already there (the original is kept as {imported.copy}); check it: "
            f"cvtex validate {into}"
        )
    else:
        click.echo(f"{into}: nothing to add ({len(imported.found)} already there); not changed")

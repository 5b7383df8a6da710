"""``cvtex translate``: the texts a language lacks out to a file and back, drafted by a
memory or a machine, accepted once checked; texts that may be out of date confirmed."""

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
    \b
      cvtex translate draft cv.yaml --lang en --engine deepl   # Chinese written first
      cvtex translate confirm cv.yaml              # a text still says the same
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


@translate.command("draft")
@click.argument("profile", type=PROFILE)
@click.option("--lang", "language", required=True, help="The language to draft (zh).")
@locale_file_option
@_MEMORY
@click.option(
    "--engine",
    type=click.Choice(["openai", "deepl"]),
    help="Send the texts no memory holds to this machine translator. Without it nothing "
    "leaves this machine.",
)
@click.option(
    "--base-url",
    help="The engine's address: an OpenAI-compatible endpoint (default "
    "https://api.openai.com/v1; Ollama: http://localhost:11434/v1), or DeepL's host "
    "(default by the key: api-free.deepl.com for a :fx key, else api.deepl.com).",
)
@click.option("--model", help="--engine openai: the model (gpt-4o-mini, qwen2.5:7b, ...).")
@click.option(
    "--dry-run",
    is_flag=True,
    help="Print every request that would be sent, and where; send and write nothing.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=1),
    default=120.0,
    show_default=True,
    help="Seconds to wait for each reply, all of it.",
)
@click.option(
    "--include",
    "include",
    multiple=True,
    type=click.Choice(["personal"]),
    help="Also send what is kept on this machine by default: personal (the personal: "
    "lines, such as a date of birth or a home address).",
)
@click.option(
    "-o",
    "--out",
    type=PROFILE,
    help="Write the profile with its drafts to this new file instead of replacing it.",
)
def translate_draft(
    profile: Path,
    language: str,
    locale_files: tuple[Path, ...],
    memory_files: tuple[Path, ...],
    engine: str | None,
    base_url: str | None,
    model: str | None,
    dry_run: bool,
    timeout: float,
    include: tuple[str, ...],
    out: Path | None,
) -> None:
    """Draft a language's missing texts into the profile, marked as drafts: from the
    profile's own translations, other profiles (--memory) and the catalog's official
    names, then, with --engine, by a machine translator (OpenAI-compatible or DeepL).

    Keys come from the environment: OPENAI_API_KEY (sent to OpenAI's own host only),
    DEEPL_AUTH_KEY (to DeepL's own hosts only), CVTEX_TRANSLATE_KEY (any other --base-url,
    either engine). People's names are
    never sent, personal: lines only with --include personal. `cvtex validate` lists the
    drafts; `cvtex translate accept` takes them once checked.
    """
    from ...translate.drafts import DraftOptions, draft
    from ...translate.engines.http import base_url_warning
    from ...translate.places import OneLanguageWanted

    options = DraftOptions(
        engine,
        base_url,
        model,
        memory_files,
        locale_files,
        dry_run,
        timeout,
        out,
        include=frozenset(include),
    )
    if engine and (warning := base_url_warning(base_url)):
        click.secho(f"warning: {warning}", fg="yellow", err=True)
    try:
        result = draft(profile, language, options)
    except OneLanguageWanted as wanted:
        raise click.BadParameter(wanted.message, param_hint="--lang") from None
    if result.personal:
        click.secho(
            f"{len(result.personal_lines)} personal line(s) kept on this machine, not sent "
            "(--include personal sends them)",
            fg="yellow",
            err=True,
        )
    if dry_run:
        for request in result.requests:
            click.echo(request.shown())
            click.echo()
        sent = (
            "nothing would be sent"
            if not result.requests
            else (f"{len(result.requests)} request(s) would be sent")
        )
        click.echo(
            f"--dry-run: {sent}; {result.from_memory} text(s) from the memory and "
            f"{result.from_cache} from the cache would be drafted; nothing was written"
        )
        return
    if result.written is not None:
        for problem in result.written.skipped:
            click.secho(f"skipped: {problem}", fg="yellow", err=True)
        _report_written(result.written.files, result.written.reformatted)
    engine_part = f", {result.from_engine} by {engine}" if engine else ""
    cached = f" ({result.from_cache} from the cache)" if result.from_cache else ""
    click.echo(
        f"{result.from_memory} text(s) drafted into {result.language} from the memory"
        f"{engine_part}{cached}; check them (cvtex validate lists them), then: "
        f"cvtex translate accept {profile}"
    )
    if result.names:
        click.secho(
            f"{len(result.names)} name(s) of people left for you to write: "
            + ", ".join(result.names[:5])
            + (", ..." if len(result.names) > 5 else ""),
            fg="yellow",
            err=True,
        )
    if result.left:
        how = "" if engine else " (--engine sends them to a machine translator)"
        click.secho(f"{len(result.left)} text(s) left without a draft{how}", fg="yellow", err=True)


@translate.command("accept")
@click.argument("profile", type=PROFILE)
@click.argument("paths", nargs=-1)
@click.option("--lang", "language", help="Accept only this language's drafts.")
@click.option(
    "-o",
    "--out",
    type=PROFILE,
    help="Write the profile to this new file instead of replacing it.",
)
def translate_accept(
    profile: Path, paths: tuple[str, ...], language: str | None, out: Path | None
) -> None:
    """Take drafts as the language's own text, once checked: all of them, or those at or
    under the paths given (experience[2], education[0].institution)."""
    from ...translate.drafts import accept

    written = accept(profile, paths, language, out)
    for problem in written.skipped:
        click.secho(f"skipped: {problem}", fg="yellow", err=True)
    _report_written(written.files, written.reformatted)
    click.echo(f"{written.count} draft(s) accepted")


@translate.command("confirm")
@click.argument("profile", type=PROFILE)
@click.argument("paths", nargs=-1)
@click.option("--lang", "language", help="Confirm only this language's texts.")
def translate_confirm(profile: Path, paths: tuple[str, ...], language: str | None) -> None:
    """Take texts that may be out of date (another language's text of them changed since
    they were written) as still saying the same: all of them, or those at or under the
    paths given (education[0].bullets[1]). The profile is not changed."""
    from ...translate.confirm import confirm

    confirmed = confirm(profile, paths, language)
    for item in confirmed:
        click.echo(f"confirmed: {item.describe(profile)}")
    click.echo(f"{len(confirmed)} text(s) confirmed as up to date")

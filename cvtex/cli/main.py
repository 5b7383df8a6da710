"""The ``cvtex`` command: a few lines per command over the library."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .. import __version__
from ..compile.engine import DEFAULT_TIMEOUT, stop_early
from ..errors import CheckError, CvtexError, ExitCode, InputError
from ..pipeline.report import Reporter
from ..pipeline.request import FORMATS, BuildRequest, resolve_request
from ..resources import DEFAULT_THEME

if TYPE_CHECKING:
    from ..check.compare import Miss
    from ..check.posting import PostingReading
    from ..check.reading import Reading
    from ..live.watch import Rebuilt
    from ..pipeline.place import BuiltLanguage

# Only build's own light modules load with the CLI: the other commands import what they
# need when they run, so that `cvtex build` starts XeLaTeX before pydantic and Jinja load.

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
                "--strict",
                is_flag=True,
                help="Fail (exit 1) when a text falls back to another language.",
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
    )


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


def show_error(exc: CvtexError) -> None:
    click.secho(f"error: {exc.message}", fg="red", err=True)
    if exc.hint:
        click.echo(f"  hint: {exc.hint}", err=True)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cvtex")
def main() -> None:
    """Typeset bilingual CVs (English and Chinese) from one YAML profile.

    \b
    Exit codes: 0 success, 1 a problem in your input, 2 a malformed command line,
    3 a missing tool or font (see `cvtex doctor`), 4 XeLaTeX failed or timed out.
    """


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
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code if isinstance(code, int) else 0)


@main.command()
@click.argument("profile", type=PROFILE)
@build_options
@click.option("-q", "--quiet", is_flag=True, help="Print only errors.")
@click.option(
    "--check",
    "check_pdfs",
    is_flag=True,
    help="Then read each PDF back as cvtex check does; exit 1 if a text does not come back.",
)
def build(profile: Path, quiet: bool, check_pdfs: bool, **options: Any) -> None:
    """Build PDFs (and their .tex), Markdown or HTML pages for the profile's languages.

    PROFILE may also be a letter (cvtex letter new): its PDF in each of its languages, in
    the theme of its profile, and with --with-cv the letter and the CV as one PDF. Only
    languages whose PDF would change are compiled: the others are kept as they are.
    """
    build_and_report(request_of(profile, options, check=check_pdfs), quiet)


@main.command()
@click.argument("profile", type=PROFILE)
@build_options
@click.option("-q", "--quiet", is_flag=True, help="Print only what did not come back.")
@click.option(
    "--posting",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A job posting (a text file): which of its terms each PDF shows as read back, "
    "which it does not, and which of those the profile holds in items left out. PROFILE "
    "may be a letter.",
)
def check(profile: Path, quiet: bool, posting: Path | None, **options: Any) -> None:
    """Build, then read each PDF back as applicant-tracking systems do, and check that
    every text of the CV comes back whole, in reading order, with no stray characters.

    Three readers: Poppler's pdftotext, pdfminer.six and PDFium (Chrome's). Each text that
    does not come back is named with the profile's file and line; exit 1 if there is any
    (docs/ats.md).
    """
    build_and_report(request_of(profile, options, check=True, posting=posting), quiet)


def build_and_report(request: BuildRequest, quiet: bool) -> None:
    """Run a build with its progress printed; after a check, exit 1 on what it found."""
    from ..pipeline.build import build as run_build

    progress = Progress(quiet)
    run_build(request, progress)
    progress.verdict()


TWO_COLUMNS = (
    "two columns: these readers read them column by column; pdftotext -layout, which keeps "
    "the physical layout, reads across both, line by line (docs/ats.md)"
)


class Progress(Reporter):
    """One line as each language starts compiling, one as each is ready."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.readings: list[Reading] = []
        self.said_columns = False

    def compiling(self, language: str) -> None:
        if not self.quiet:
            click.echo(f"{language}: compiling")

    def ready(self, result: BuiltLanguage) -> None:
        if self.quiet:
            return
        how = f"{result.seconds:.1f} s" if result.compiled else "up to date"
        click.echo(f"{result.language}: {result.pdf} ({how})")
        if result.fitted:  # design.fit_pages: what was tightened, or that nothing could fit
            click.echo(f"{result.language}: {result.fitted}")

    def warning(self, line: str) -> None:
        if not self.quiet:
            click.secho(f"warning: {line}", fg="yellow", err=True)

    def wrote(self, written: Path) -> None:
        if not self.quiet:
            click.echo(f"wrote {written}")

    def checked(self, reading: Reading) -> None:
        self.readings.append(reading)
        counts = ", ".join(f"{name} {n}/{reading.texts}" for name, n in reading.found.items())
        if not self.quiet or not reading.ok:
            click.echo(f"{reading.language}: read back: {counts}")
        if reading.two_columns and not self.quiet and not self.said_columns:
            self.said_columns = True
            click.echo(TWO_COLUMNS)
        for finding in reading.findings:
            click.echo(f"  {finding.where}: {finding.extractor}: {describe(finding.miss)}")

    def posting(self, reading: PostingReading) -> None:
        """A posting's terms in a PDF, in the words of the language's catalog."""
        labels = reading.labels
        click.echo(f"{reading.language}: posting: {labels.terms.format(count=len(reading.terms))}")
        click.echo(f"  {labels.shown} ({len(reading.shown)}): {', '.join(reading.shown)}")
        click.echo(f"  {labels.not_shown} ({len(reading.missing)}): {', '.join(reading.missing)}")
        for term, readers in reading.partly.items():
            click.echo(f"    {term}: {labels.partly.format(readers=', '.join(readers))}")
        if reading.left_out:
            held = labels.in_profile if reading.letter else labels.left_out
            click.echo(f"  {held} ({len(reading.left_out)}):")
        for item in reading.left_out:
            text = item.text if len(item.text) <= 70 else item.text[:67] + "..."
            click.echo(f"    {item.where}: {item.term}: {text!r}")

    def verdict(self) -> None:
        """After a check: an error if a text did not come back (exit 1)."""
        failed = [reading for reading in self.readings if not reading.ok]
        if failed:
            count = sum(len(reading.findings) for reading in failed)
            raise CheckError(
                f"{count} problem(s) in the text machines read back from "
                f"{', '.join(reading.language for reading in failed)}",
                "docs/ats.md says what each kind means and how to fix it",
            )


@main.command()
@click.argument("profile", type=PROFILE)
@build_options
@click.option(
    "--interval",
    default=0.3,
    show_default=True,
    type=click.FloatRange(min=0.05),
    help="Seconds between looks at the files.",
)
def watch(profile: Path, interval: float, **options: Any) -> None:
    """Build, then rebuild whenever the profile, a file it includes or a template is saved.

    Only the languages whose PDF changes are compiled. Stop with Ctrl-C.
    """
    from ..live.watch import WatchState
    from ..live.watch import watch as watch_files

    state = WatchState(request_of(profile, options))
    click.echo(f"watching {profile} (Ctrl-C to stop)")
    try:
        watch_files(state, report_rebuild, interval)
    except KeyboardInterrupt:
        click.echo("stopped watching")


def describe(miss: Miss) -> str:
    """A miss as a line: what the CV shows, and what the reader gave instead."""
    shown = miss.text if len(miss.text) <= 70 else miss.text[:67] + "..."
    got = f"; came back as {miss.got!r}" if miss.got else "; nothing like it came back"
    if miss.kind == "split":
        return f"the word {miss.text!r} comes back split: {miss.got!r}"
    if miss.kind == "stray":
        return f"a stray character {miss.text} (an icon?) in {miss.got!r}"
    if miss.kind == "order":
        return f"out of reading order: {shown!r}, read at {miss.got!r}"
    return f"missing: {shown!r}{got}"


def report_rebuild(result: Rebuilt) -> None:
    """A watch's line for each build, and the error it stopped at, as `build` prints it."""
    click.echo(result.summary())
    if result.error is not None:
        show_error(result.error)


@main.command()
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
    help="How a pane shows its PDF: pages drawn by pdf.js, which keep their place when a "
    "new PDF comes (default when Debian's libjs-pdf is installed), or the browser's own "
    "PDF viewer (search, zoom; it starts at the top of each new PDF).",
)
def preview(
    profile: Path, port: int, open_browser: bool, viewer: str | None, **options: Any
) -> None:
    """Build, rebuild on save, and show the languages side by side in the web browser.

    The page is served on this computer only; each pane reloads when its PDF changes and
    shows the error when a build fails. Stop with Ctrl-C.
    """
    from ..live.preview import preview as serve_preview
    from ..live.watch import WatchState

    def ready(url: str) -> None:
        click.echo(f"preview of {profile}: {url} (Ctrl-C to stop)")

    state = WatchState(request_of(profile, options))
    try:
        serve_preview(state, port, ready, report_rebuild, open_browser, viewer)
    except KeyboardInterrupt:
        click.echo("stopped the preview")


@main.command()
@click.argument("profile", type=PROFILE)
@click.option(
    "--to", "target", type=click.Choice(["jsonresume"]), default="jsonresume", show_default=True
)
@lang_option
@out_option
@click.option("--variant", help="A variant named in the profile: its exclusions apply.")
def export(
    profile: Path, target: str, langs: str | None, out_dir: Path | None, variant: str | None
) -> None:
    """Write the profile as JSON Resume files: <stem>.<lang>.resume.json per language."""
    from .. import jsonresume

    for written in jsonresume.export(profile, langs, out_dir, variant):
        click.echo(f"wrote {written}")


@main.command("import")
@click.argument("sources", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("-o", "--out", type=PROFILE, help="The profile to write (default: beside SOURCES).")
@click.option(
    "--into",
    type=click.Path(path_type=Path, dir_okay=False, exists=True),
    help="Add what the sources hold that this profile lacks; change nothing it has.",
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
    from ..importers import import_sources

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
    for line in imported.found:
        click.echo(f"already there: {line}")
    if imported.written:
        click.echo(
            f"wrote {into}: {len(imported.added)} added, {len(imported.found)} already there "
            f"(the original is kept as {imported.copy}); check it: cvtex validate {into}"
        )
    else:
        click.echo(f"{into}: nothing to add ({len(imported.found)} already there); not changed")


@main.command()
@click.argument("profile", type=PROFILE)
@lang_option
@locale_file_option
@click.option(
    "--strict",
    is_flag=True,
    help="Fail (exit 1) when a text falls back to another language or looks untranslated.",
)
def validate(
    profile: Path, langs: str | None, locale_files: tuple[Path, ...], strict: bool
) -> None:
    """Check a profile and report, per language, which text falls back to another and
    which looks untranslated (a plain English text in the Chinese CV). A letter: which of
    its texts fall back, in each of its languages."""
    from ..language.catalog import load_locales
    from ..letter.load import is_letter
    from ..profile.load import load_profile
    from ..translate.coverage import coverage

    if is_letter(profile):
        from ..translate.letter_coverage import letter_coverage

        found = letter_coverage(profile, langs, locale_files)
        click.echo(found.text)
        if found.fallbacks and strict:
            raise InputError(
                f"{found.fallbacks} text field(s) of the letter fall back (--strict)",
                "write the missing languages' text in the letter",
            )
        return

    loaded = load_profile(profile)
    report = coverage(loaded, langs, load_locales(locale_files))
    click.echo(report.text)
    for line in loaded.warnings:
        click.secho(f"warning: {line}", fg="yellow", err=True)
    problems = []
    if loaded.warnings:
        problems.append(f"{len(loaded.warnings)} thing(s) in the profile's files were read around")
    if report.fallbacks:
        problems.append(f"{report.fallbacks} text field(s) fall back to another language")
    for language, found in report.untranslated.items():
        problems.append(f"{len(found)} text field(s) look untranslated in {language}")
    if not problems:
        return
    first = next(iter(report.untranslated), None)
    hint = (
        f"translate them with `cvtex translate export {profile} --lang {first}`, or write "
        "{same: ...} for a text that is the same in every language"
        if first
        else "write the missing languages' text in the profile"
        if report.fallbacks
        else "correct the lines the warnings name"
    )
    if strict:
        raise InputError("; ".join(problems) + " (--strict)", hint)
    for problem in problems:
        click.secho(f"warning: {problem}", fg="yellow", err=True)
    click.echo(f"  hint: {hint}", err=True)


@main.group()
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
    from ..language.catalog import load_locales
    from ..letter.load import is_letter
    from ..pipeline.load import select_languages
    from ..profile.load import load_profile
    from ..translate.translation import export_rows, letter_export_rows, write_rows

    if is_letter(profile):
        if not language or "," in language or language.strip() == "all":
            raise click.BadParameter("give one language, such as zh", param_hint="--lang")
        language = language.strip()
        rows = letter_export_rows(profile, language, list(locale_files))
    else:
        loaded = load_profile(profile)
        locales = load_locales(locale_files)
        chosen = select_languages(language, loaded.profile.languages, locales)
        if len(chosen) != 1:
            raise click.BadParameter("give one language, such as zh", param_hint="--lang")
        language = chosen[0]
        rows = export_rows(loaded, language, locales)
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
    from ..translate.translation import merge

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


@main.command()
@click.argument("path", type=PROFILE)
@click.option(
    "--lang",
    "languages",
    default="en,zh",
    show_default=True,
    help="Its languages, the first the fallback: any of en, zh, zh-TW, zh-HK, ja, ko.",
)
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def new(path: Path, languages: str, force: bool) -> None:
    """Write a commented starter profile to PATH, in the languages of --lang."""
    from ..starters import profile as starter

    starter.write_starter(path, force=force, languages=languages.split(","))
    click.echo(f"wrote {path}; edit it, then: cvtex build {path}")


@main.group()
def letter() -> None:
    """Cover letters: one file per application, built with cvtex build LETTER."""


@letter.command("new")
@click.argument("path", type=PROFILE)
@click.option(
    "--profile",
    "profile",
    type=PROFILE,
    required=True,
    help="The profile the letter goes with: its name, contacts and theme.",
)
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def letter_new(path: Path, profile: Path, force: bool) -> None:
    """Write a commented starter letter to PATH, in the languages of its profile."""
    from ..starters import letter as starter

    starter.write_letter_starter(path, profile, force=force)
    click.echo(f"wrote {path}; edit it, then: cvtex build {path}")


@main.command()
def doctor() -> None:
    """Check that XeLaTeX, the TeX packages and the fonts cvtex uses are installed."""
    from ..doctor import diagnose

    report = diagnose()
    click.echo(report.text())
    if not report.ok:
        sys.exit(int(ExitCode.TOOLCHAIN_MISSING))


@main.command()
def themes() -> None:
    """List the built-in themes: the name, then what it looks like."""
    from ..look.theme import builtin_themes

    found = builtin_themes()
    width = max(len(theme.name) for theme in found)
    for theme in found:
        click.echo(f"{theme.name:<{width}}  {theme.description}")


@main.group()
def theme() -> None:
    """Make a theme of your own (see `cvtex themes` for the built-in ones)."""


@theme.command("new")
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False))
@click.option(
    "--from",
    "parent",
    default=DEFAULT_THEME,
    show_default=True,
    help="The theme to build on: a built-in name or a theme folder.",
)
def theme_new(folder: Path, parent: str) -> None:
    """Write FOLDER: a theme that extends another, its override points commented.

    Never writes over an existing folder.
    """
    from ..look.scaffold import write_theme

    for written in write_theme(folder, parent):
        click.echo(f"wrote {written}")
    shown = folder if "/" in str(folder) else f"./{folder}"
    click.echo(f"build with it: cvtex build PROFILE --theme {shown}")


@main.command()
def schema() -> None:
    """Print the profile's JSON Schema (for editors' autocompletion)."""
    from ..profile.schema import schema_text

    click.echo(schema_text(), nl=False)


from .edit import edit as _edit  # noqa: E402

main.add_command(_edit)

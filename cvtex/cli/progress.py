"""What the command line prints as work goes on: each language's progress, what a check
read back, a watch's rebuilds, and an error as the person running cvtex should read it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..errors import CheckError, CvtexError
from ..pipeline.report import Reporter

if TYPE_CHECKING:
    from ..check.compare import Miss
    from ..check.posting import PostingReading
    from ..check.reading import Reading
    from ..live.watch import Rebuilt
    from ..pipeline.place import BuiltLanguage

TWO_COLUMNS = (
    "two columns: these readers read them column by column; pdftotext -layout, which keeps "
    "the physical layout, reads across both, line by line (docs/ats.md)"
)


def show_error(exc: CvtexError) -> None:
    click.secho(f"error: {exc.message}", fg="red", err=True)
    if exc.hint:
        click.echo(f"  hint: {exc.hint}", err=True)


class Progress(Reporter):
    """One line as each language starts compiling, one as each is ready."""

    def __init__(self, quiet: bool, verbose: bool = False) -> None:
        self.quiet = quiet
        self.verbose = verbose and not quiet
        self.readings: list[Reading] = []
        self.said_columns = False

    def fonts(self, language: str, lines: tuple[str, ...]) -> None:
        if self.verbose:
            for line in lines:
                click.echo(f"{language}: {line}")

    def compiling(self, language: str) -> None:
        if not self.quiet:
            click.echo(f"{language}: compiling")

    def ready(self, result: BuiltLanguage) -> None:
        if self.quiet:
            return
        how = f"{result.seconds:.1f} s" if result.compiled else "up to date"
        click.echo(f"{result.language}: {result.pdf} ({how})")
        if result.fitted:  # what fitting tightened, or that fit_pages could not be reached
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
        if reading.layout is not None:  # how full the pages, how wide the spaces (not misses)
            for problem in reading.layout.problems:
                click.echo(f"  layout: {problem}")

    def posting(self, reading: PostingReading) -> None:
        """A posting's terms in a PDF, in the words of the language's catalog."""
        from ..check.posting import posting_report

        for line in posting_report(reading):
            click.echo(line)

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
    for line in result.warnings:
        click.secho(f"warning: {line}", fg="yellow", err=True)
    if result.error is not None:
        show_error(result.error)

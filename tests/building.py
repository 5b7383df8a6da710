"""Builds as the tests ask for them: options by keyword, the events of a build as callbacks.

Each call resolves a request and runs the library's build with it, exactly as the command
line does; only the spelling is shorter for the hundred places that build a profile.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from cvtex.check.reading import Reading
from cvtex.compile.engine import DEFAULT_TIMEOUT, Engine
from cvtex.pipeline.build import build as run_build
from cvtex.pipeline.build import tex_sources
from cvtex.pipeline.place import BuiltLanguage
from cvtex.pipeline.report import Reporter
from cvtex.pipeline.request import BuildRequest, resolve_request
from cvtex.profile.load import LoadedProfile
from cvtex.render.latex import TexSource


class Callbacks(Reporter):
    def __init__(
        self,
        on_start: Callable[[str], None] | None = None,
        on_done: Callable[[BuiltLanguage], None] | None = None,
        on_warning: Callable[[str], None] | None = None,
        on_page: Callable[[Path], None] | None = None,
    ) -> None:
        self.on_start, self.on_done = on_start, on_done
        self.on_warning, self.on_page = on_warning, on_page

    def compiling(self, language: str) -> None:
        if self.on_start:
            self.on_start(language)

    def ready(self, built: BuiltLanguage) -> None:
        if self.on_done:
            self.on_done(built)

    def warning(self, line: str) -> None:
        if self.on_warning:
            self.on_warning(line)

    def wrote(self, path: Path) -> None:
        if self.on_page:
            self.on_page(path)


class Built(Reporter):
    """A build's PDFs by language, and what its check read back from each."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir
        self.results: dict[str, BuiltLanguage] = {}
        self.readings: dict[str, Reading] = {}

    def ready(self, built: BuiltLanguage) -> None:
        self.results[built.language] = built

    def checked(self, reading: Reading) -> None:
        self.readings[reading.language] = reading


def request(
    profile: Path,
    languages: str | None = None,
    out_dir: Path | None = None,
    theme: str | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    variant: str | None = None,
    locale_files: Sequence[Path] = (),
    strict: bool = False,
    formats: Sequence[str] = ("pdf",),
    force: bool = False,
    text_width: int | None = None,
    check: bool = False,
    with_cv: bool = False,
) -> BuildRequest:
    return resolve_request(
        profile,
        languages=languages,
        variant=variant,
        theme=theme,
        formats=formats,
        out_dir=out_dir,
        locale_files=locale_files,
        strict=strict,
        force=force,
        timeout=timeout,
        text_width=text_width,
        check=check,
        with_cv=with_cv,
    )


def build(
    profile: Path,
    languages: str | None = None,
    out_dir: Path | None = None,
    theme: str | None = None,
    *,
    on_start: Callable[[str], None] | None = None,
    on_done: Callable[[BuiltLanguage], None] | None = None,
    on_warning: Callable[[str], None] | None = None,
    on_page: Callable[[Path], None] | None = None,
    engines: list[Engine] | None = None,
    **options: object,
) -> list[BuiltLanguage]:
    """``cvtex build PROFILE`` with these options; returns the PDFs."""
    reporter = Callbacks(on_start, on_done, on_warning, on_page)
    made = request(profile, languages, out_dir, theme, **options)  # type: ignore[arg-type]
    return run_build(made, reporter, engines=engines)


def run_build_request(profile: Path, reporter: Reporter, **options: object) -> None:
    """``cvtex build PROFILE`` with these options, its events told to ``reporter``."""
    run_build(request(profile, **options), reporter)  # type: ignore[arg-type]


def render_languages(
    loaded: LoadedProfile | Path,
    languages: list[str],
    theme: str | None = None,
    variant: str | None = None,
) -> list[TexSource]:
    """The LaTeX sources a build of ``languages`` would compile."""
    profile = loaded.file if isinstance(loaded, LoadedProfile) else loaded
    return tex_sources(request(profile, ",".join(languages), theme=theme, variant=variant))


def export(
    profile: Path,
    languages: str | None = None,
    out_dir: Path | None = None,
    variant: str | None = None,
) -> list[Path]:
    """``cvtex export PROFILE`` (a build of ``--format json``); returns the files written."""
    written: list[Path] = []
    build(profile, languages, out_dir, on_page=written.append, variant=variant, formats=["json"])
    return written

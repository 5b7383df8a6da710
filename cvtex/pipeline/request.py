"""The first stage: what to build, resolved once from a command line, a watch or a test.

A :class:`BuildRequest` holds every option a build takes, with its defaults applied, and
nothing read from the profile: it is made before the profile is parsed (while XeLaTeX
starts), and it is what the build cache is keyed by. ``cvtex build``, ``watch``,
``preview`` and the Makefile all make one with :func:`resolve_request`.

This module stays light: no pydantic, no Jinja (the command line imports it before
XeLaTeX is started).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..compile.engine import DEFAULT_TIMEOUT
from ..compile.engines import ENGINES, EngineChoice
from ..compile.tectonic import Bundle
from ..errors import InputError

# Every output a build can make, in the order a build writes them; each has a renderer in
# render.outputs. pdf is compiled from the LaTeX source, the others are written as made.
FORMATS = ("pdf", "md", "html", "docx", "txt", "json")
# The formats each kind of document is written in (render.outputs.RENDERERS_OF).
FORMATS_OF = {"cv": FORMATS, "letter": ("pdf", "txt")}
MIN_TEXT_WIDTH = 20  # --text-width: narrower, a bullet and one word of Chinese barely fit
EXTENSIONS = {"md": ".md", "html": ".html", "docx": ".docx", "txt": ".txt", "json": ".resume.json"}


@dataclass(frozen=True)
class BuildRequest:
    """What a build is asked for. Frozen: every stage reads it, none changes it."""

    profile: Path
    languages: str = "all"  # --lang as given: a comma list, or "all"
    variant: str | None = None  # None: the profile's default_variant, if any
    theme: str | None = None  # --theme as given; None: the variant's or profile's theme
    formats: tuple[str, ...] = ("pdf",)
    out_dir: Path = Path("out")
    locale_files: tuple[Path, ...] = ()
    strict: bool = False  # a text that falls back to another language is an error
    force: bool = False  # compile every language, even those whose PDF is up to date
    timeout: float = DEFAULT_TIMEOUT  # seconds XeLaTeX may take per language
    # --design key=value, as written (checked against the design's models when loaded):
    # over the theme's, the profile's and the variant's design, for every language.
    design: tuple[tuple[str, str], ...] = ()
    text_width: int | None = None  # txt: wrap at this many columns; None: a line a paragraph
    check: bool = False  # read each PDF back (cvtex check, build --check): what machines get
    with_cv: bool = False  # a letter's build: also the packet, the letter then the CV
    posting: Path | None = None  # cvtex check --posting: a job posting's terms against the PDFs
    engine: str = "auto"  # xelatex, tectonic, or auto: xelatex if installed, else tectonic
    bundle: str | None = None  # Tectonic: its bundle (a folder, .zip or URL); None: default
    offline: bool = False  # Tectonic: only the bundle's files it has cached

    @property
    def engine_choice(self) -> EngineChoice:
        return EngineChoice(self.engine, Bundle(self.bundle, self.offline))

    def language_list(self) -> list[str] | None:
        """The languages asked for by name; None for all the profile declares."""
        if self.languages == "all":
            return None
        return [part.strip() for part in self.languages.split(",") if part.strip()]

    @property
    def wants_pdf(self) -> bool:
        return "pdf" in self.formats

    @property
    def only_pdf(self) -> bool:
        return self.formats == ("pdf",)

    def cache_key(self) -> str:
        """Every option that changes what a build makes (a file an option names is hashed
        with the build's inputs instead, so that its content counts)."""
        return json.dumps(
            [
                str(self.profile.resolve()),
                self.languages,
                _theme_key(self.theme),
                self.variant,
                [str(Path(file).resolve()) for file in self.locale_files],
                self.strict,
                # Only when given, so that the key of every other request stays as it was.
                *([[list(pair) for pair in self.design]] if self.design else []),
                *(["with-cv"] if self.with_cv else []),
                # Another engine's PDF differs: the engine asked for, when one is.
                *([self.engine, self.bundle] if self.engine != "auto" or self.bundle else []),
            ]
        )

    def theme_key(self) -> str:
        return _theme_key(self.theme)


def resolve_request(
    profile: Path,
    *,
    languages: str | None = None,
    variant: str | None = None,
    theme: str | None = None,
    formats: str | Sequence[str] | None = None,
    out_dir: Path | None = None,
    locale_files: Sequence[Path] = (),
    strict: bool = False,
    force: bool = False,
    timeout: float = DEFAULT_TIMEOUT,
    design: Sequence[str] = (),
    text_width: int | None = None,
    check: bool = False,
    with_cv: bool = False,
    posting: Path | None = None,
    engine: str | None = None,
    bundle: str | None = None,
    offline: bool = False,
) -> BuildRequest:
    """A request with every default applied: the languages the profile declares, PDF,
    ``out/`` beside the profile. Options are checked here; the profile is not read."""
    chosen = languages.strip() if languages else ""
    chosen_formats = tuple(select_formats(formats))
    if check and "pdf" not in chosen_formats:
        raise InputError(
            "a check reads the PDFs back, and --format asks for none",
            "add pdf to --format, or leave --check out",
        )
    return BuildRequest(
        profile=Path(profile),
        languages=chosen if chosen and chosen != "all" else "all",
        variant=variant or None,
        theme=theme or None,
        formats=chosen_formats,
        out_dir=Path(out_dir) if out_dir is not None else default_out_dir(Path(profile)),
        locale_files=tuple(Path(file) for file in locale_files),
        strict=strict,
        force=force,
        timeout=timeout,
        design=tuple(design_override(option) for option in design),
        text_width=checked_text_width(text_width),
        check=check or posting is not None,
        with_cv=with_cv,
        posting=Path(posting) if posting is not None else None,
        engine=checked_engine(engine),
        bundle=bundle or None,
        offline=offline,
    )


def checked_engine(engine: str | None) -> str:
    name = (engine or "auto").strip().lower()
    if name not in ENGINES:
        raise InputError(
            f"--engine {engine}: no such engine", f"choose one of {', '.join(ENGINES)}"
        )
    return name


def design_override(option: str) -> tuple[str, str]:
    """``--design key=value`` as (key, value); a nested option's key is dotted
    (``margins.top=2cm``, ``colors.accent=#1f4e79``)."""
    key, equals, value = option.partition("=")
    if not equals or not key.strip() or not value.strip():
        raise InputError(
            f"--design {option}: expected key=value",
            "for example --design font_size=10.5 or --design margins.top=2cm "
            "(the keys are those of design: in the profile)",
        )
    return key.strip(), value.strip()


def checked_text_width(width: int | None) -> int | None:
    """``--text-width``: columns for the plain-text copy; room for a bullet and a word."""
    if width is None:
        return None
    if width < MIN_TEXT_WIDTH:
        raise InputError(
            f"--text-width {width}: too narrow to wrap a line",
            f"give at least {MIN_TEXT_WIDTH} columns, or leave it out for one line a paragraph",
        )
    return width


def select_formats(requested: str | Sequence[str] | None) -> list[str]:
    """``--format``: a comma list of the formats above; pdf when not given."""
    if requested is None or (isinstance(requested, str) and not requested.strip()):
        return ["pdf"]
    parts = requested.split(",") if isinstance(requested, str) else list(requested)
    chosen = [part.strip().lower() for part in parts if part.strip()]
    unknown = [name for name in chosen if name not in FORMATS]
    if unknown or not chosen:
        shown = requested if isinstance(requested, str) else ",".join(requested)
        raise InputError(
            f"--format {shown}: unknown format {', '.join(unknown) or '(none)'}",
            f"formats: {', '.join(FORMATS)} (a comma list, such as pdf,md,html)",
        )
    return list(dict.fromkeys(chosen))


def default_out_dir(profile_file: Path) -> Path:
    return profile_file.parent / "out"


def output_stem(profile_file: Path, language: str, variant: str | None = None) -> str:
    """``cv.industry.zh``: each output of a language is ``<stem>.<extension>``."""
    parts = [profile_file.stem, variant, language]
    return ".".join(part for part in parts if part)


def _theme_key(theme: str | None) -> str:
    """A theme folder given by path is named by where it is, whatever the current folder."""
    if not theme:
        return ""
    if "/" in theme or theme.startswith((".", "~")):
        return str(Path(theme).expanduser().resolve())
    return theme

"""The second stage: read what a request names, once: the profile, the catalogs, the
variant, the theme and the languages to build.

Everything later stages need from files is in :class:`Loaded`, so that no stage reads the
profile, a catalog or a theme again (a build resolves its theme once).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from ..language.catalog import Locales, catalog_file, load_locales
from ..letter.load import LoadedLetter, is_letter_data, load_letter
from ..look.design import Layer, command_line_layer
from ..look.theme import Theme, find_theme
from ..profile.load import LoadedProfile, load_profile
from ..profile.model import Profile, Variant
from ..profile.problems import suggest
from ..profile.source import format_path, load_yaml
from ..resources import DEFAULT_THEME
from .request import FORMATS_OF, BuildRequest, output_stem


@dataclass(frozen=True)
class Loaded:
    """A request's inputs, read and checked."""

    request: BuildRequest
    profile: LoadedProfile
    locales: Locales
    languages: list[str]  # the languages to build, in order
    theme: Theme
    design: Layer | None = None  # --design options, over every other layer of the design
    letter: LoadedLetter | None = None  # the letter, when the request names one

    @property
    def variant_name(self) -> str | None:
        """The variant chosen: --variant, else the letter's, else the profile's default."""
        return self.profile.variant_name

    @property
    def variant(self) -> Variant | None:
        return self.profile.variant

    @property
    def kind(self) -> str:
        """What is built: a CV, or a letter (from its file and the profile it names)."""
        return "cv" if self.letter is None else "letter"

    @property
    def repeatable(self) -> bool:
        """Whether the same inputs always make the same outputs: not a letter dated by the
        day of the build, which the build cache must not take as made already."""
        return self.letter is None or self.letter.letter.date is not None

    @property
    def packet(self) -> bool:
        """A letter's build that also writes the letter and the CV as one PDF."""
        return self.letter is not None and (self.request.with_cv or self.letter.letter.attach_cv)

    def stem(self, language: str) -> str:
        """The name every output of ``language`` shares before its extension."""
        return output_stem(self.request.profile, language, self.request.variant)

    def input_files(self) -> list[Path]:
        """Every file the build reads: what the cache hashes and what a watch follows."""
        files = input_files(self.profile, self.languages, self.theme, self.request.locale_files)
        if self.letter is not None:
            files[:0] = [path.resolve() for path in self.letter.inputs]
        return files


def load(request: BuildRequest) -> Loaded:
    """The request's file read as what it is: a profile, or a letter and its profile."""
    # Read once, then as what it is.
    parsed = load_yaml(request.profile, prose=True)
    letter = load_letter(request.profile, parsed) if is_letter_data(parsed[0]) else None
    if letter is not None:
        loaded = load_profile(letter.profile_file)
        _check_letter(letter, request, loaded.profile)
    else:
        loaded = load_profile(request.profile, parsed)
    locales = load_locales(request.locale_files)
    declared = (letter.letter.languages if letter else None) or loaded.profile.languages
    languages = select_languages(request.languages, declared, locales)
    name = variant_name(
        request.variant or (letter.letter.variant if letter else None), loaded.profile
    )
    theme = chosen_theme(loaded, request.theme, name, letter)
    design = command_line_layer(request.design)
    return Loaded(request, loaded.showing(name), locales, languages, theme, design, letter)


def _check_letter(letter: LoadedLetter, request: BuildRequest, profile: Profile) -> None:
    """What a letter names of its profile exists, and it is asked for in its formats."""
    wanted = letter.letter.variant
    if request.variant is None and wanted is not None and wanted not in profile.variants:
        raise InputError(
            f"{letter.source.locate(('variant',))}: variant: the profile has no variant "
            f"{wanted!r}{suggest(wanted, profile.variants)}",
            f"its variants: {', '.join(profile.variants) or 'none are defined'}",
        )
    other = [name for name in request.formats if name not in FORMATS_OF["letter"]]
    if other:
        formats = " or ".join(FORMATS_OF["letter"])
        raise InputError(
            f"--format {','.join(other)}: a letter is written as {formats}",
            "build the profile for its other formats",
        )
    if request.check and request.posting is None:
        raise InputError(
            "--check reads a CV back against its profile; a letter is checked against a "
            "job posting only",
            "check the CV: cvtex check PROFILE; or the letter's terms: cvtex check "
            "LETTER --posting posting.txt",
        )


def select_languages(
    requested: str | None, declared: list[str], locales: Locales | None = None
) -> list[str]:
    """``--lang``: a comma list, or ``all`` (the default) for every declared language.

    A language the profile does not declare can be built too when a catalog for it
    exists: its text then falls back to the profile's languages, with warnings.
    """
    if requested is None or requested.strip() in ("", "all"):
        return list(declared)
    locales = locales or Locales()
    chosen = [part.strip() for part in requested.split(",") if part.strip()]
    unknown = [lang for lang in chosen if lang not in declared and not locales.has(lang)]
    if unknown:
        raise InputError(
            f"--lang {requested}: the profile is not written in {', '.join(unknown)}, "
            "and there is no locale catalog for it",
            f"it declares languages: {', '.join(declared)} (or use --lang all); catalogs "
            f"exist for {', '.join(locales.codes())}; give another with --locale-file",
        )
    return list(dict.fromkeys(chosen))


def select_variant(requested: str | None, profile: Profile) -> Variant | None:
    """``--variant``: a named variant; without it, the profile's default variant, if any."""
    name = variant_name(requested, profile)
    return profile.variants[name] if name else None


def variant_name(requested: str | None, profile: Profile) -> str | None:
    """The name of the variant a build uses: ``--variant``, else the profile's default."""
    if requested is None:
        default = profile.default_variant
        return default if default in profile.variants else None
    if requested not in profile.variants:
        known = ", ".join(profile.variants) or "none are defined"
        raise InputError(
            f"--variant {requested}: no such variant in the profile"
            f"{suggest(requested, profile.variants)}",
            f"variants: {known}",
        )
    return requested


def chosen_theme(
    loaded: LoadedProfile,
    requested: str | None,
    variant: str | None,
    letter: LoadedLetter | None = None,
) -> Theme:
    """``--theme`` if given, else a letter's ``theme:``, else the variant's, else the
    profile's, else classic.

    ``variant`` is the variant's name as chosen (see :func:`variant_name`). A theme folder
    named in a file is relative to that file's folder.
    """
    if requested:
        return find_theme(requested)
    if letter is not None and letter.letter.theme:
        where = f"{letter.source.locate(('theme',))}: theme"
        return find_theme(letter.letter.theme, letter.file.parent, where)
    profile = loaded.profile
    for path, spec in (
        (
            ("variants", variant or "", "theme"),
            profile.variants[variant].theme if variant else None,
        ),
        (("theme",), profile.theme),
    ):
        if spec:
            where = f"{loaded.source.locate(path)}: {format_path(path)}"
            return find_theme(spec, loaded.file.parent, where)
    return find_theme(DEFAULT_THEME)


def input_files(
    loaded: LoadedProfile,
    languages: list[str],
    theme: Theme,
    locale_files: Sequence[Path] = (),
) -> list[Path]:
    templates = theme.files()
    catalogs = [catalog_file(language) for language in languages]
    files = [*loaded.inputs, *templates, *catalogs, *locale_files]
    return [path.resolve() for path in files]

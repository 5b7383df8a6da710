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
from ..look.design import Layer, command_line_layer
from ..look.theme import Theme, find_theme
from ..profile.load import LoadedProfile, load_profile
from ..profile.model import Profile, Variant
from ..profile.problems import suggest
from ..profile.source import format_path
from ..resources import DEFAULT_THEME
from .request import BuildRequest, output_stem


@dataclass(frozen=True)
class Loaded:
    """A request's inputs, read and checked."""

    request: BuildRequest
    profile: LoadedProfile
    locales: Locales
    languages: list[str]  # the languages to build, in order
    variant_name: str | None  # the one chosen: --variant, else the profile's default
    variant: Variant | None
    theme: Theme
    design: Layer | None = None  # --design options, over every other layer of the design

    def stem(self, language: str) -> str:
        """The name every output of ``language`` shares before its extension."""
        return output_stem(self.request.profile, language, self.request.variant)

    def input_files(self) -> list[Path]:
        """Every file the build reads: what the cache hashes and what a watch follows."""
        return input_files(self.profile, self.languages, self.theme, self.request.locale_files)


def load(request: BuildRequest) -> Loaded:
    loaded = load_profile(request.profile)
    locales = load_locales(request.locale_files)
    languages = select_languages(request.languages, loaded.profile.languages, locales)
    name = variant_name(request.variant, loaded.profile)
    variant = loaded.profile.variants[name] if name else None
    theme = chosen_theme(loaded, request.theme, name)
    design = command_line_layer(request.design)
    return Loaded(request, loaded, locales, languages, name, variant, theme, design)


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


def chosen_theme(loaded: LoadedProfile, requested: str | None, variant: str | None) -> Theme:
    """``--theme`` if given, else the variant's ``theme:``, else the profile's, else classic.

    ``variant`` is the variant's name as chosen (see :func:`variant_name`). A theme folder
    named in the profile is relative to the profile's folder.
    """
    if requested:
        return find_theme(requested)
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

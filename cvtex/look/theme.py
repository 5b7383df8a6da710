"""Themes: folders of templates and design defaults, found by name or by path, that extend
one another.

A theme is a folder with a ``theme.yaml`` and templates. ``extends: classic`` in it makes
the folder a child of that theme: a template the child has replaces the parent's of the
same name, and every other one comes from the parent (see render.templates.ThemeLoader). So a theme
of your own can be one ``theme.yaml`` and the one template it changes.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated

from pydantic import Field, StringConstraints, ValidationError

from ..errors import InputError
from ..profile.base import Model
from ..profile.design import DesignBlock
from ..profile.problems import problems_of, report, suggest
from ..profile.source import SourceMap, load_yaml
from ..resources import TEMPLATES_DIR
from .design import Layer, language_layers

THEME_FILE = "theme.yaml"
DEFAULT_TIGHTEST_SPACING = 0.7
CodePoint = Annotated[str, StringConstraints(pattern=r"^[0-9A-F]{4,5}$")]


class WordFonts(Model):
    """The fonts of a Word copy (docx): fonts a recruiter's Word has, not the PDF's. Text in
    Chinese is set in the East Asian face; a face not given comes from the parent theme."""

    latin: str | None = Field(None, description="Text in Latin letters: Palatino Linotype.")
    east_asian: str | None = Field(None, description="Chinese text: SimSun, PMingLiU.")
    latin_headings: str | None = Field(None, description="The name and section titles.")
    east_asian_headings: str | None = Field(
        None,
        description="The name and section titles in Chinese, and bold Chinese text "
        "where the language sets it in the sans font: Microsoft YaHei.",
    )


class ThemeFile(Model):
    """What a theme.yaml holds."""

    description: str | None = Field(None, description="One line: what the theme looks like.")
    extends: str | None = Field(
        None, description="The theme this one builds on: a built-in name or a folder."
    )
    design: DesignBlock = Field(default_factory=DesignBlock)
    tightest_spacing: float | None = Field(
        None,
        gt=0,
        le=1,
        description="How far the default fit (design: {fit: auto}) may tighten the theme's "
        "vertical spaces: 0.7 keeps 70% of each. fit_pages goes down to 60%.",
    )
    icon_font: str | None = Field(None, pattern=r"^[A-Za-z0-9 _.-]+$")
    icons: dict[str, CodePoint] = Field(default_factory=dict)
    word_fonts: dict[str, WordFonts] = Field(
        default_factory=dict,
        description="Word copies: fonts for every language (default:) and for one (zh-TW:).",
    )


@dataclass(frozen=True, eq=False)  # one object per folder (see _load): compared by identity
class Theme:
    name: str
    folder: Path
    settings: ThemeFile
    source: SourceMap
    parent: Theme | None = None
    builtin: bool = True

    @property
    def chain(self) -> list[Theme]:
        """This theme, its parent, the parent's parent, ...: where templates are looked for."""
        themes: list[Theme] = []
        theme: Theme | None = self
        while theme is not None:
            themes.append(theme)
            theme = theme.parent
        return themes

    @property
    def folders(self) -> list[Path]:
        return [theme.folder for theme in self.chain]

    @property
    def description(self) -> str:
        return next((t.settings.description for t in self.chain if t.settings.description), "")

    @property
    def tightest_spacing(self) -> float:
        """How far the default fit may tighten this theme's vertical spaces."""
        found = (t.settings.tightest_spacing for t in self.chain if t.settings.tightest_spacing)
        return next(found, DEFAULT_TIGHTEST_SPACING)

    @property
    def icon_font(self) -> str | None:
        return next((t.settings.icon_font for t in self.chain if t.settings.icon_font), None)

    @property
    def icons(self) -> dict[str, str]:
        merged: dict[str, str] = {}
        for theme in reversed(self.chain):
            merged.update(theme.settings.icons)
        return merged

    def word_fonts(self, own_keys: tuple[str, ...], converted_from: str | None) -> WordFonts:
        """The Word fonts of a language: every theme's ``default`` (the furthest ancestor
        first), then those for the language it is converted from, then its own."""
        merged: dict[str, str] = {}
        keys = ["default", converted_from, *reversed(own_keys)]
        for theme in reversed(self.chain):
            for key in keys:
                if key and (fonts := theme.settings.word_fonts.get(key)) is not None:
                    merged.update(fonts.model_dump(exclude_none=True))
        return WordFonts(**merged)

    @property
    def key(self) -> str:
        """What names this theme in caches: a built-in's name, else its folder."""
        return self.name if self.builtin else str(self.folder)

    def design_layers(self, own_keys: tuple[str, ...], converted_from: str | None) -> list[Layer]:
        """The design defaults of every theme in the chain, the furthest ancestor first."""
        layers = []
        for theme in reversed(self.chain):
            for key, options in language_layers(theme.settings.design, own_keys, converted_from):
                path = ("design", "per_language", key) if key else ("design",)
                layers.append(Layer(options, str(theme.source.locate_key(path))))
        return layers

    def files(self) -> list[Path]:
        """Every file of every theme in the chain: what a build reads, and a watch watches."""
        return sorted(
            {
                path.resolve()
                for folder in self.folders
                for path in folder.rglob("*")
                if path.is_file()
            }
        )


def builtin_themes() -> list[Theme]:
    return [find_theme(name) for name in builtin_names()]


def builtin_names() -> list[str]:
    return sorted(p.name for p in TEMPLATES_DIR.iterdir() if (p / THEME_FILE).is_file())


def is_path(spec: str) -> bool:
    return any(sep in spec for sep in ("/", os.sep)) or spec.startswith((".", "~"))


def find_theme(spec: str, relative_to: Path | None = None, where: str = "--theme") -> Theme:
    """The theme a name or a folder names; ``where`` says where it was given, for messages.

    A name is a built-in theme's; a path (``./mytheme``, ``~/cv/theme``) is taken relative to
    ``relative_to`` (the profile's folder for ``theme:`` in a profile, else the current
    folder). A bare name that is no built-in theme but an existing folder is a path too.
    """
    folder, builtin = _theme_folder(spec, relative_to or Path.cwd(), where)
    return _load(str(folder), builtin, ())


def _theme_folder(spec: str, relative_to: Path, where: str) -> tuple[Path, bool]:
    spec = spec.strip()
    if not is_path(spec) and spec in builtin_names():
        return TEMPLATES_DIR / spec, True
    folder = (relative_to.resolve() / Path(spec).expanduser()).resolve()
    if is_path(spec) or folder.is_dir():
        if not (folder / THEME_FILE).is_file():
            problem = "has no theme.yaml" if folder.is_dir() else "does not exist"
            raise InputError(
                f"{where}: {spec}: the theme folder {folder} {problem}",
                f"make one with `cvtex theme new {spec}`, or use a built-in theme: "
                f"{', '.join(builtin_names())}",
            )
        return folder, False
    raise InputError(
        f"{where}: no theme named {spec!r}{suggest(spec, builtin_names())}",
        f"built-in themes: {', '.join(builtin_names())} (`cvtex themes` describes them); "
        "or give the path of a theme folder",
    )


@cache
def _load(folder_name: str, builtin: bool, seen: tuple[str, ...]) -> Theme:
    folder = Path(folder_name)
    data, source = load_yaml(folder / THEME_FILE)
    try:
        settings = ThemeFile.model_validate(data or {})
    except ValidationError as exc:
        raise InputError(
            report(
                f"{source.file}: the theme has problems:",
                problems_of(exc),
                lambda path: str(source.locate(path)),
            ),
            "docs/themes.md describes what a theme.yaml holds",
        ) from None
    parent = None
    if settings.extends is not None:
        where = f"{source.locate(('extends',))}: extends"
        parent_folder, parent_builtin = _theme_folder(settings.extends, folder, where)
        if str(parent_folder) in (*seen, folder_name):
            raise InputError(
                f"{where}: {settings.extends} extends this theme in turn: themes cannot "
                "extend each other in a circle"
            )
        parent = _load(str(parent_folder), parent_builtin, (*seen, folder_name))
    return Theme(folder.name, folder, settings, source, parent, builtin)


def forget_themes() -> None:
    """Read theme folders again (a watch sees theme.yaml saved)."""
    _load.cache_clear()

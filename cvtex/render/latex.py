"""Render a localized CV into LaTeX source with the theme's paired templates.

:func:`tex_source` is the pdf row of the renderers' table (render.outputs): its
:class:`TexSource` is what the compile stage typesets.
"""

from __future__ import annotations

import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import jinja2

from .. import cachefiles
from ..errors import InputError
from ..language.catalog import Catalog
from ..look.design import Design
from ..look.fit import ASKED, Bounds, Step, default_bounds
from ..look.settings import Settings, language_settings
from ..look.theme import Theme
from ..text.texescape import TexCode, escape_text, fallback_letters, tex_url, to_tex
from ..view.cv import CvView, Fallback
from .blocks import text_of
from .marks import BODY_MARK
from .metadata import Attachment, Metadata, cv_metadata
from .templates import ThemeLoader, template_error

if TYPE_CHECKING:
    from ..pipeline.load import Loaded
    from ..view.localize import Localized


@dataclass(frozen=True)
class Fit:
    """What fitting a CV to its pages needs (look/fit.py): its design, a way to render it
    at a step, and how far a step may go. ``pages``: the pages it must fit on (fit_pages);
    None: one page fewer, if its last page is short (fit: auto)."""

    pages: int | None
    design: Design
    render: Callable[[Design], str]  # the same view, catalog, theme and fonts
    base_tex: str  # the CV at its design: what a fit found before is remembered by
    bounds: Bounds = ASKED

    @property
    def goal(self) -> str:
        """What is asked, as the build cache remembers it: "auto", or the pages."""
        return "auto" if self.pages is None else str(self.pages)


@dataclass(frozen=True)
class Image:
    """A file XeLaTeX reads beside the source (a CV's photo, a letter's signature)."""

    name: str  # what the .tex calls it
    file: Path  # where the user keeps it
    field: str  # the field that names it, located: "cv.yaml:12:9: photo.file"
    hint: str  # what its path is relative to


@dataclass(frozen=True)
class TexSource:
    """One language's LaTeX source, ready for XeLaTeX."""

    language: str
    stem: str
    tex: str
    fallbacks: list[Fallback]
    image: Image | None = None  # copied beside the .tex, where it expects it
    cjk_fonts: bool = False  # the source loads xeCJK and CJK fonts: the slower compile
    fit: Fit | None = None  # how to typeset the same CV tighter; None: design.fit is off
    fit_step: Step | None = None  # the step ``tex`` is typeset at, when it is not the design's
    fit_target: int | None = None  # the pages that step fitted the CV on (a default fit's)
    format: str = "pdf"
    tagged: bool = False  # design.tagged: typeset until tagpdf's numbers settle (compile.pdf)
    # Which font sets each role and why; a theme's font replaced (look.settings.Settings).
    font_lines: tuple[str, ...] = ()
    font_warnings: tuple[str, ...] = ()


def settings_of(loaded: Loaded, item: Localized, shown: object = None) -> Settings:
    """The language's settings, with the font plan made from the text ``shown`` (by default
    the CV's view; a letter's whole text for a letter)."""
    return language_settings(
        loaded.theme,
        item.catalog,
        loaded.profile,
        item.view if shown is None else shown,
        loaded.locales,
        loaded.design,
        text_of(item.view.name),
    )


def tex_source(loaded: Loaded, item: Localized) -> TexSource:
    """The CV's source in the language of ``item``, with the font plan made from its text."""
    settings = settings_of(loaded, item)
    meta = _with_profile(loaded, item, settings) if settings.design.attach_profile else None
    tex = render_tex(item.view, item.catalog, loaded.theme, settings, meta=meta)
    fit = None
    design = settings.design
    if design.fit != "off":
        render = _renderer(item.view, item.catalog, loaded.theme, settings, meta)
        bounds = ASKED if design.fit_pages else default_bounds(loaded.theme.tightest_spacing)
        fit = Fit(design.fit_pages, design, render, tex, bounds)
    cjk = settings.fonts.cjk_serif is not None
    return TexSource(
        item.language,
        loaded.stem(item.language),
        tex,
        item.view.fallbacks,
        _photo(loaded, item.view.photo),
        cjk,
        fit,
        tagged=settings.design.tagged,
        font_lines=settings.font_lines,
        font_warnings=settings.font_warnings,
    )


def _photo(loaded: Loaded, name: str | None) -> Image | None:
    profile = loaded.profile
    if name is None or profile.profile.photo is None:
        return None
    field = f"{profile.source.locate(('photo', 'file'))}: photo.file"
    file = (profile.file.parent / profile.profile.photo.file).resolve()
    return Image(name, file, field, "paths are relative to the profile's folder")


def _renderer(
    view: CvView, catalog: Catalog, theme: Theme, settings: Settings, meta: Metadata | None
) -> Callable[[Design], str]:
    return lambda design: render_tex(
        view, catalog, theme, replace(settings, design=design), meta=meta
    )


def _with_profile(loaded: Loaded, item: Localized, settings: Settings) -> Metadata:
    """The PDF's properties with the profile it shows attached (design.attach_profile)."""
    from .carried import carried_profile, carried_yaml

    view, catalog, theme = item.view, item.catalog, loaded.theme
    # The personal lines are carried where the theme lays them out: where the CV without
    # them is not the same CV.
    shows_personal = bool(view.personal) and render_tex(
        view, catalog, theme, settings
    ) != render_tex(replace(view, personal=[]), catalog, theme, settings)
    data = carried_profile(loaded, item, shows_personal, loaded.design)
    stem = loaded.stem(item.language)
    name = f"{stem}.yaml" if _PLAIN_NAME.fullmatch(stem) else f"profile.{item.language}.yaml"
    return replace(cv_metadata(view, catalog), attachment=Attachment(name, carried_yaml(data)))


# A name the PDF and the .tex write as it is: no parenthesis, backslash or TeX special.
_PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


@cache
def _environment(theme: Theme) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=ThemeLoader(theme),
        # LaTeX is full of {% and {{; these delimiters never occur in it.
        block_start_string="((*",
        block_end_string="*))",
        variable_start_string="(((",
        variable_end_string=")))",
        comment_start_string="((=",
        comment_end_string="=))",
        line_comment_prefix="%%",
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        # Every printed value goes through the one escape path, so a template cannot
        # forget it; TexCode values (already LaTeX) pass unchanged.
        finalize=to_tex,
        bytecode_cache=_compiled_templates(),
    )
    env.filters["tex"] = to_tex
    # Text without the light markup, for places that take no commands (PDF metadata).
    env.filters["plain"] = escape_text
    env.filters["url"] = tex_url
    env.filters["raw"] = TexCode  # for values the theme itself wrote: font names, colours
    # The line after which the CV's text begins: what precedes it, a waiting engine reads
    # ahead of a save (headstart.primer).
    env.globals["body_mark"] = TexCode(BODY_MARK)
    return env


def _compiled_templates() -> jinja2.BytecodeCache | None:
    """Templates compiled once per user: compiling the theme costs 20 ms on every start.

    Jinja checks each entry against the template's source, so an edited template is
    compiled again, never served stale.
    """
    folder = cachefiles.user_subfolder("templates")
    return jinja2.FileSystemBytecodeCache(str(folder)) if folder else None


def forget_templates() -> None:
    """Read templates again (a watch sees a template saved)."""
    _environment.cache_clear()


def side_column_kinds(theme: Theme, catalog: Catalog) -> frozenset[str]:
    """The section kinds a two-column theme sets in its side column: its ``side_kinds``
    block, from the nearest template of the chain that has one; none for one column."""
    env = _environment(theme)
    for folder in theme.folders:
        for name in (f"{catalog.template}.tex.j2", "base.tex.j2"):
            try:
                found = (folder / name).stat()
            except OSError:
                continue
            if not stat.S_ISREG(found.st_mode):
                continue
            kinds = _side_kinds(env, folder / name, found.st_mtime_ns, found.st_size)
            if kinds is not None:
                return kinds
    return frozenset()


@lru_cache(maxsize=32)
def _side_kinds(
    env: jinja2.Environment, file: Path, mtime_ns: int, size: int
) -> frozenset[str] | None:
    """A template file's ``side_kinds`` block (None: it has none), compiled once while the
    file stays as it is: the whole template is compiled to reach it (70 ms)."""
    template = env.from_string(file.read_text(encoding="utf-8"))
    if block := template.blocks.get("side_kinds"):
        return frozenset("".join(block(template.new_context())).split())
    return None


def render_tex(
    view: CvView,
    catalog: Catalog,
    theme: Theme,
    settings: Settings,
    template_name: str | None = None,
    meta: Metadata | None = None,
    extra: dict[str, object] | None = None,
) -> str:
    """The theme's template for the language (``template_name``: another of the theme's
    templates, such as a letter's, given ``extra`` values besides the CV's)."""
    name = template_name or f"{catalog.template}.tex.j2"
    try:
        template = _environment(theme).get_template(name)
        # The macro definitions at the top of a template leave blank lines behind.
        with fallback_letters(settings.fonts.fallback_letters):
            rendered = template.render(
                cv=view,
                catalog=catalog,
                design=settings.design,
                fonts=settings.fonts,
                icons=settings.icons,
                furniture=settings.furniture,
                language=settings.language,
                meta=meta or cv_metadata(view, catalog),
                **(extra or {}),
            )
        return rendered.lstrip()
    except jinja2.TemplateNotFound as exc:
        if template_name and exc.name == template_name:
            raise InputError(
                f"the theme {theme.name} (and the themes it extends) has no {template_name}",
                "extend a built-in theme (extends: classic in its theme.yaml), whose "
                "templates it then has",
            ) from None
        if exc.name not in (name, f"{catalog.template}.tex.j2"):
            raise template_error(exc, theme) from None
        children = sorted(
            {p.name.removesuffix(".tex.j2") for f in theme.folders for p in f.glob("*.tex.j2")}
        )
        raise InputError(
            f"{catalog.locate('template')}: template: the theme {theme.name} has no template "
            f"{catalog.template!r}",
            f"use one of: {', '.join(c for c in children if c not in ('base', 'letter'))}",
        ) from None
    except jinja2.TemplateError as exc:
        raise template_error(exc, theme) from None

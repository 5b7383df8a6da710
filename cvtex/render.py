"""Render a localized CV into LaTeX source with the theme's paired templates."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache

import jinja2

from . import cachefiles
from .errors import InputError, ToolchainError
from .fonts import ResolvedFont, describe, installed_families, resolve
from .locale import Catalog
from .localize import CvView
from .model import Fonts
from .texescape import TexCode, escape_text, tex_url, to_tex
from .theme import Theme

LIST_FONTS_HINT = "`fc-list : family` lists the fonts installed on this machine"


@dataclass(frozen=True)
class Settings:
    """What a template needs beyond the CV: fonts and icons, merged from theme and locale."""

    serif: ResolvedFont | None
    sans: ResolvedFont | None
    cjk_serif: ResolvedFont | None
    cjk_sans: ResolvedFont | None
    icon_font: str | None
    icons: dict[str, str]
    language: str


def language_settings(
    theme: Theme, catalog: Catalog, own_fonts: Fonts | None = None, own_fonts_at: str = ""
) -> Settings:
    """The one place where theme defaults and a language's own settings meet.

    ``own_fonts`` are the fonts the profile names for the language (written at
    ``own_fonts_at``); they replace the catalog's.
    """
    fonts = own_fonts or catalog.fonts
    cjk_serif = resolve(fonts.serif)
    cjk_sans = resolve(fonts.sans) or cjk_serif
    if fonts.serif and cjk_serif is None:
        where = f"{own_fonts_at}: fonts.{catalog.code}: " if own_fonts else ""
        install = f"sudo apt-get install {fonts.package}   (or: make system-deps)"
        raise ToolchainError(
            f"{where}no font for {catalog.language} ({catalog.code}) is installed: "
            f"looked for {describe(fonts.serif)}",
            install if fonts.package else f"install one of them; {LIST_FONTS_HINT}",
        )
    if own_fonts and own_fonts.sans and resolve(own_fonts.sans) is None:
        raise ToolchainError(
            f"{own_fonts_at}: fonts.{catalog.code}.sans: none of {describe(own_fonts.sans)} "
            "is installed",
            f"install one of them, or remove sans: to use the serif font; {LIST_FONTS_HINT}",
        )
    icon_font = theme.icon_font if theme.icon_font in installed_families() else None
    return Settings(
        serif=resolve(theme.fonts.serif),
        sans=resolve(theme.fonts.sans),
        cjk_serif=cjk_serif,
        cjk_sans=cjk_sans,
        icon_font=icon_font,
        icons=theme.icons if icon_font else {},
        language=catalog.code,
    )


def with_cjk_fallback(settings: Settings, candidates: Iterable[Fonts]) -> Settings:
    """Settings with CJK fonts for a language that has none, for the CJK text in its CV (a
    Chinese co-author in the English CV): the first of ``candidates`` installed. Without
    one, the settings stay as they are and the compile names the characters it lacks."""
    for fonts in candidates:
        if serif := resolve(fonts.serif):
            return replace(settings, cjk_serif=serif, cjk_sans=resolve(fonts.sans) or serif)
    return settings


@cache
def _environment(theme_folder: str) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(theme_folder),
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
    return env


def _compiled_templates() -> jinja2.BytecodeCache | None:
    """Templates compiled once per user: compiling the theme costs 20 ms on every start.

    Jinja checks each entry against the template's source, so an edited template is
    compiled again, never served stale.
    """
    folder = cachefiles.user_subfolder("templates")
    return jinja2.FileSystemBytecodeCache(str(folder)) if folder else None


def render_tex(view: CvView, catalog: Catalog, theme: Theme, settings: Settings) -> str:
    try:
        template = _environment(str(theme.folder)).get_template(f"{catalog.template}.tex.j2")
    except jinja2.TemplateNotFound:
        children = sorted(p.name.removesuffix(".tex.j2") for p in theme.folder.glob("*.tex.j2"))
        raise InputError(
            f"{catalog.locate('template')}: template: the theme {theme.name} has no template "
            f"{catalog.template!r}",
            f"use one of: {', '.join(c for c in children if c != 'base')}",
        ) from None
    # The macro definitions at the top of a template leave blank lines behind.
    return template.render(cv=view, catalog=catalog, settings=settings).lstrip()

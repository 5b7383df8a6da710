"""Render a localized CV into LaTeX source with the theme's paired templates."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from types import TracebackType

import jinja2

from . import cachefiles
from .errors import InputError
from .headstart import BODY_MARK
from .locale import Catalog
from .localize import CvView
from .settings import Settings
from .texescape import TexCode, escape_text, tex_url, to_tex
from .theme import Theme

CONTRACT = "docs/themes.md lists what a template receives and the blocks it can override"


class ThemeLoader(jinja2.BaseLoader):
    """Templates looked for in a theme's folder, then its parent's, and so on up the chain.

    ``"classic/base.tex.j2"`` names the file as the theme called ``classic`` in the chain
    (or its parents) has it: how a template extends the one it replaces.
    """

    def __init__(self, theme: Theme) -> None:
        self.chain = theme.chain

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        prefix, _, rest = template.partition("/")
        themes = self.chain
        if rest:
            # The furthest ancestor of that name: a folder of your own called "classic" that
            # extends the built-in classic still reaches the built-in one.
            named = [i for i, theme in enumerate(self.chain) if theme.name == prefix]
            if named:
                themes, template = self.chain[named[-1] :], rest
        for theme in themes:
            file = theme.folder / template
            if file.is_file():
                source = file.read_text(encoding="utf-8")
                mtime = file.stat().st_mtime_ns
                return source, str(file), lambda file=file, mtime=mtime: _unchanged(file, mtime)
        raise jinja2.TemplateNotFound(template)


def _unchanged(file: Path, mtime: int) -> bool:
    try:
        return file.stat().st_mtime_ns == mtime
    except OSError:
        return False


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


def render_tex(view: CvView, catalog: Catalog, theme: Theme, settings: Settings) -> str:
    name = f"{catalog.template}.tex.j2"
    try:
        template = _environment(theme).get_template(name)
        # The macro definitions at the top of a template leave blank lines behind.
        return template.render(
            cv=view,
            catalog=catalog,
            design=settings.design,
            fonts=settings.fonts,
            icons=settings.icons,
            language=settings.language,
        ).lstrip()
    except jinja2.TemplateNotFound as exc:
        if exc.name != name:
            raise _template_error(exc, theme) from None
        children = sorted(
            {p.name.removesuffix(".tex.j2") for f in theme.folders for p in f.glob("*.tex.j2")}
        )
        raise InputError(
            f"{catalog.locate('template')}: template: the theme {theme.name} has no template "
            f"{catalog.template!r}",
            f"use one of: {', '.join(c for c in children if c != 'base')}",
        ) from None
    except jinja2.TemplateError as exc:
        raise _template_error(exc, theme) from None


@contextlib.contextmanager
def located_template_errors(theme: Theme) -> Iterator[None]:
    """A template's mistake as an error naming its file and line, not a traceback."""
    try:
        yield
    except jinja2.TemplateError as exc:
        raise _template_error(exc, theme) from None


def _template_error(exc: jinja2.TemplateError, theme: Theme) -> InputError:
    """A mistake in a template, named by its file and line (a theme of your own, usually)."""
    file, line = _template_position(exc, sys.exc_info()[2])
    where = f"{file}:{line}: " if file else ""
    message = exc.message or type(exc).__name__
    if isinstance(exc, jinja2.TemplateNotFound):
        message = f"no template {exc.name!r} in the theme {theme.name} or the themes it extends"
    return InputError(f"{where}template error: {message}", CONTRACT)


def _template_position(
    exc: jinja2.TemplateError, trace: TracebackType | None
) -> tuple[str | None, int | None]:
    if isinstance(exc, jinja2.TemplateSyntaxError) and exc.filename:
        return exc.filename, exc.lineno
    # Jinja rewrites the traceback of a render error so that its frames point into the
    # templates: the innermost such frame is where the mistake is.
    found: tuple[str | None, int | None] = (None, None)
    while trace is not None:
        file = trace.tb_frame.f_code.co_filename
        if file.endswith(".j2"):
            found = (file, trace.tb_lineno)
        trace = trace.tb_next
    return found

"""A theme's templates: found along its chain of themes, and their mistakes located.

Every renderer (LaTeX, Markdown, HTML) loads a theme's templates through
:class:`ThemeLoader`, so that a file of a theme replaces its parent's of the same name for
every output alike, and reports a template's error as its file and line.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import TracebackType

import jinja2

from ..errors import InputError
from ..look.theme import Theme

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


@contextlib.contextmanager
def located_template_errors(theme: Theme) -> Iterator[None]:
    """A template's mistake as an error naming its file and line, not a traceback."""
    try:
        yield
    except jinja2.TemplateError as exc:
        raise template_error(exc, theme) from None


def template_error(exc: jinja2.TemplateError, theme: Theme) -> InputError:
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

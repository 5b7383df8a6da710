"""The web formats of a CV: a Markdown page for a static-site generator and an HTML page.

Both start from the same localized view as the PDF (:mod:`cvtex.view.localize`) and
are rendered by the theme's Jinja templates (``page.md.j2``, ``cv.html.j2``) in their own
environments, each with its one escape path set as the environment's ``finalize`` hook.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

import jinja2
from markupsafe import Markup

from ..errors import InputError
from ..language.catalog import Catalog
from ..look.theme import Theme
from ..profile.load import LoadedProfile
from ..view.cv import CvView
from . import html, markdown
from .document import Document
from .frontmatter import front_matter
from .templates import ThemeLoader, located_template_errors

if TYPE_CHECKING:
    from ..pipeline.load import Loaded
    from ..view.localize import Localized

TEMPLATES = {"md": "page.md.j2", "html": "cv.html.j2"}


def markdown_page(loaded: Loaded, item: Localized) -> Document:
    """The md row of the renderers' table: the homepage page of ``item``'s language."""
    with located_template_errors(loaded.theme):
        text = render_markdown(item, loaded.theme, loaded.profile)
    return Document(item.language, "md", loaded.stem(item.language) + ".md", text)


def html_page(loaded: Loaded, item: Localized) -> Document:
    """The html row of the renderers' table: the CV as one web page."""
    with located_template_errors(loaded.theme):
        text = render_html(item.view, item.catalog, loaded.theme, loaded.profile)
    return Document(item.language, "html", loaded.stem(item.language) + ".html", text)


def render_markdown(item: Localized, theme: Theme, loaded: LoadedProfile) -> str:
    settings = loaded.profile.homepage
    view = item.view
    title = view.name
    if settings.title is not None:
        # The same choice of language as every other field, fallbacks included.
        title = item.chooser.text(settings.title, ("homepage", "title")) or view.name
    text = _template(theme, "md").render(
        cv=view,
        catalog=item.catalog,
        homepage=settings,
        title=title,
        front_matter=markdown.MarkdownText(front_matter(settings, title, loaded.profile.updated)),
    )
    # The template may leave several blank lines where optional parts were left out.
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n") + "\n"


def render_html(view: CvView, catalog: Catalog, theme: Theme, loaded: LoadedProfile) -> str:
    photo = None
    if view.photo and loaded.profile.photo:
        file = loaded.file.parent / loaded.profile.photo.file
        try:
            photo = html.photo_data_uri(file)
        except OSError as exc:
            raise InputError(
                f"{loaded.source.locate(('photo', 'file'))}: photo.file: cannot read {file} "
                f"({exc.strerror})",
                "paths are relative to the profile's folder",
            ) from None
    return _template(theme, "html").render(cv=view, catalog=catalog, photo=photo)


def _template(theme: Theme, name: str) -> jinja2.Template:
    file = TEMPLATES[name]
    if not any((folder / file).is_file() for folder in theme.folders):
        raise InputError(
            f"the theme {theme.name!r} has no {file}, so it cannot write {name} pages",
            "use --theme classic, add the template to the theme's folder, or extend a theme "
            "that has one",
        )
    return _environment(theme, name).get_template(file)


@cache
def _environment(theme: Theme, name: str) -> jinja2.Environment:
    common = {
        # A theme's own file first, then its parents': as for the LaTeX templates.
        "loader": ThemeLoader(theme),
        "undefined": jinja2.StrictUndefined,
        "trim_blocks": True,
        "lstrip_blocks": True,
        "keep_trailing_newline": True,
    }
    if name == "html":
        # Autoescaping as a second guard: values pass through to_html, macros return Markup.
        env = jinja2.Environment(autoescape=True, finalize=html.to_html, **common)
        env.filters["link"] = html.link_filter
        env.filters["raw"] = Markup  # for what the template itself computes
        return env
    env = jinja2.Environment(autoescape=False, finalize=markdown.to_markdown, **common)
    env.filters["link"] = markdown.link_filter
    env.filters["raw"] = markdown.MarkdownText
    return env

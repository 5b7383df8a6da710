"""The web formats of a CV: a Markdown page for a static-site generator and an HTML page.

Both start from the same localized view as the PDF (:func:`cvtex.localize.localize`) and
are rendered by the theme's Jinja templates (``page.md.j2``, ``cv.html.j2``) in their own
environments, each with its one escape path set as the environment's ``finalize`` hook.
"""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import jinja2
from markupsafe import Markup

from ..errors import InputError
from ..locale import Catalog, Locales
from ..localize import CvView, localize, localizer
from ..model import Variant
from ..output_formats import EXTENSIONS
from ..profile import LoadedProfile
from ..theme import Theme
from . import html, markdown
from .frontmatter import front_matter

TEMPLATES = {"md": "page.md.j2", "html": "cv.html.j2"}


@dataclass(frozen=True)
class Page:
    language: str
    format: str
    name: str  # the file name in the output folder
    text: str


def render_pages(
    loaded: LoadedProfile,
    stems: dict[str, str],
    formats: list[str],
    theme: Theme,
    variant: Variant | None,
    locales: Locales,
) -> list[Page]:
    """Each web format for each language, in memory: nothing is written here."""
    pages = []
    for language, stem in stems.items():
        catalog = locales.catalog(language)
        view = localize(loaded.profile, loaded.source, catalog, variant)
        for name in formats:
            render = _RENDERERS[name]
            pages.append(
                Page(language, name, stem + EXTENSIONS[name], render(view, catalog, theme, loaded))
            )
    return pages


def render_markdown(view: CvView, catalog: Catalog, theme: Theme, loaded: LoadedProfile) -> str:
    settings = loaded.profile.homepage
    title = view.name
    if settings.title is not None:
        # The same choice of language as every other field, fallbacks included.
        resolve = localizer(loaded.profile, loaded.source, catalog)
        title = resolve.text(settings.title, ("homepage", "title")) or view.name
    text = _template(theme, "md").render(
        cv=view,
        catalog=catalog,
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


_RENDERERS: dict[str, Callable[[CvView, Catalog, Theme, LoadedProfile], str]] = {
    "md": render_markdown,
    "html": render_html,
}


def _template(theme: Theme, name: str) -> jinja2.Template:
    file = TEMPLATES[name]
    if not any((folder / file).is_file() for folder in theme.folders):
        raise InputError(
            f"the theme {theme.name!r} has no {file}, so it cannot write {name} pages",
            "use --theme classic, add the template to the theme's folder, or extend a theme "
            "that has one",
        )
    return _environment(tuple(str(folder) for folder in theme.folders), name).get_template(file)


@cache
def _environment(folders: tuple[str, ...], name: str) -> jinja2.Environment:
    common = {
        # A theme's own file first, then its parents': as for the LaTeX templates.
        "loader": jinja2.FileSystemLoader(list(folders)),
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


def write_page(page: Page, out_dir: Path) -> Path:
    target = out_dir / page.name
    write_atomically(target, page.text)
    return target


def write_atomically(target: Path, text: str) -> None:
    """Write beside the target, then rename over it: a reader never sees half a file."""
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        # "x": a new file with the usual permissions (mkstemp would make it private).
        with temporary.open("x", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)

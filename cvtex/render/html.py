"""HTML: the one escape path from profile text to a web page.

User text is always text: every character is HTML-escaped, and the light markup becomes
``<strong>``, ``<em>`` and ``<a>`` (only for http, https, mailto, tel and relative links).
No field can bring its own HTML, script or style.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path

from markupsafe import Markup

from ..text.finalize import finalizer
from .markup import Span, math_parts, parse, web_url

_PHOTO_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}


def _marked_up(text: str) -> str:
    """Text as HTML, its light markup rendered."""
    return _render(parse(text))


to_html = finalizer(Markup, _marked_up)
"""Profile text as HTML (the Jinja ``finalize`` hook); Markup passes unchanged."""


def _render(spans: list[Span] | tuple[Span, ...]) -> str:
    out = []
    for span in spans:
        if span.kind == "text":
            out.append(html.escape(span.text))
        elif span.kind == "bold":
            out.append(f"<strong>{_render(span.children)}</strong>")
        elif span.kind == "italic":
            out.append(f"<em>{_render(span.children)}</em>")
        elif span.kind == "link":
            out.append(anchor(_render(span.children), span.url))
        else:
            out.append(f'<span class="math">{math_html(span.text)}</span>')
    return "".join(out)


def math_html(body: str) -> str:
    tags = {"sup": "<sup>{}</sup>", "sub": "<sub>{}</sub>", "": "{}"}
    return "".join(tags[script].format(html.escape(text)) for text, script in math_parts(body))


def anchor(inner_html: str, url: str) -> str:
    safe = web_url(url)
    if safe is None:
        return inner_html
    return f'<a href="{html.escape(safe)}">{inner_html}</a>'


def link_filter(text: object, url: str) -> Markup:
    """The templates' ``link`` filter: ``{{ link.label | link(link.url) }}``."""
    return Markup(anchor(to_html(text), url))


def photo_data_uri(file: Path) -> str | None:
    """The photo inlined (the page fetches nothing); None for a PDF, which <img> cannot show."""
    kind = _PHOTO_TYPES.get(file.suffix.lower())
    if kind is None:
        return None
    return f"data:{kind};base64,{base64.b64encode(file.read_bytes()).decode('ascii')}"

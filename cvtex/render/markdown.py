"""Markdown for static-site generators: the one escape path from profile text to Markdown.

Profile text keeps its light markup (bold, italic, links), which is Markdown already; every
other character that Markdown, kramdown or a generator's template language would read as
syntax is escaped, so a field can never inject HTML, a heading, a list or a template tag.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.finalize import finalizer
from ..text.math import SUBSCRIPTS, SUPERSCRIPTS
from .markup import Span, math_parts, parse, web_url


class MarkdownText(str):
    """A string that is already Markdown: produced here, or written in a template."""


# Backslash escapes that CommonMark, marked (Hexo) and kramdown (Jekyll) all honour.
_BACKSLASHED = set("\\`*_[]<>$|")
# Characters no backslash protects everywhere: braces open Liquid, Nunjucks and Hugo
# shortcodes before Markdown is even read; kramdown has no escape for "~".
_ENTITIES = {"{": "&#123;", "}": "&#125;", "~": "&#126;"}
_ENTITY_LIKE = re.compile(r"&(?=#?[A-Za-z0-9]+;)")
# What makes a line a heading, a list item, a rule or a definition when it starts one.
_LINE_START = re.compile(
    r"^(?P<space>\s*)(?:#{1,6}(?=\s|$)|[+\-=](?=\s|$|[-=])|:(?=\s+\S)"
    r"|(?P<digits>\d{1,9})(?P<mark>[.)])(?=\s|$))"
)


def escape_text(text: str) -> str:
    text = _ENTITY_LIKE.sub("&amp;", text)
    return "".join("\\" + ch if ch in _BACKSLASHED else _ENTITIES.get(ch, ch) for ch in text)


def _marked_up(text: str) -> str:
    """Text as Markdown, its light markup rendered."""
    return _protect_line_start(markdown_of(parse(text)))


to_markdown = finalizer(MarkdownText, _marked_up)
"""Profile text as Markdown (the Jinja ``finalize`` hook): markup kept, the rest literal."""


def _protect_line_start(text: str) -> str:
    # A field may start a line (a paragraph, or the line after "- "): never a block marker.
    match = _LINE_START.match(text)
    if match is None:
        return text
    space, rest = match["space"], text[len(match["space"]) :]
    if match["digits"]:
        return f"{space}{match['digits']}\\{match['mark']}{text[match.end() :]}"
    return f"{space}\\{rest}"


def markdown_of(spans: Sequence[Span], escaped: bool = True) -> str:
    """Spans as Markdown: bold, italic and links as Markdown's, math as Unicode.

    ``escaped=False`` leaves the text and the link targets as written, for data whose
    readers render the Markdown themselves (JSON Resume's themes): a backslash or an
    entity that guards a static-site generator would show there as written.
    """
    out = []
    for position, span in enumerate(spans):
        if span.kind == "text":
            if not escaped:
                out.append(span.text)
                continue
            text = escape_text(span.text)
            following = spans[position + 1] if position + 1 < len(spans) else None
            if text.endswith("!") and following is not None and following.kind == "link":
                text = text[:-1] + "\\!"  # "![...](...)" would be an image
            out.append(text)
        elif span.kind == "bold":
            out.append(f"**{markdown_of(span.children, escaped)}**")
        elif span.kind == "italic":
            out.append(f"*{markdown_of(span.children, escaped)}*")
        elif span.kind == "link":
            inner = markdown_of(span.children, escaped)
            out.append(link(inner, span.url) if escaped else f"[{inner}]({span.url})")
        else:
            math = math_text(span.text)
            out.append(escape_text(math) if escaped else math)
    return "".join(out)


def math_text(body: str) -> str:
    """Math as plain Unicode: 3×, x², a≤b; a script of letters or digits with no Unicode
    form keeps ^ or _ (M_BH), a script of symbols goes inline as it is written (M⊙)."""
    out = []
    for text, script in math_parts(body):
        if script:
            table, mark = (SUPERSCRIPTS, "^") if script == "sup" else (SUBSCRIPTS, "_")
            moved = text.translate(table)
            if moved != text or not text or not any(ch.isalnum() for ch in text):
                out.append(moved)
            else:
                out.append(f"{mark}{text}")
        else:
            out.append(text)
    return "".join(out)


def link(markdown: str, url: str) -> str:
    """``[markdown](url)`` for a link a web page may hold; the text alone otherwise."""
    safe = web_url(url)
    if safe is None:
        return markdown
    # Parentheses could end the destination early; braces would open a template tag.
    for ch, code in (("(", "%28"), (")", "%29"), ("{", "%7B"), ("}", "%7D")):
        safe = safe.replace(ch, code)
    return f"[{markdown}]({safe})"


def link_filter(text: object, url: str) -> MarkdownText:
    """The templates' ``link`` filter: ``(( link.label | link(link.url) ))``."""
    return MarkdownText(link(to_markdown(text), url))

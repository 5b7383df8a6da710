"""The light markup of profile text, parsed once for the web formats (Markdown and HTML).

The syntax is the one :mod:`cvtex.texescape` defines for LaTeX (``**bold**``, ``*italic*``,
``[text](url)`` and small math such as ``$3\\times$``); its patterns are reused here so that
the three formats always agree on what is markup and what is text. Math becomes Unicode
(``$3\\times$`` is 3×), since neither a browser nor a Markdown renderer is assumed to typeset it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal
from urllib.parse import quote, urlsplit

from ..text.math import MATH_FONTS, MATH_SYMBOLS, math_as_text
from ..text.scripts import autospaced, needs_space, spaceless
from ..text.texescape import INLINE_MARKUP, clean_text, is_small_math, looks_like_math

SpanKind = Literal["text", "bold", "italic", "link", "math"]


@dataclass(frozen=True)
class Span:
    kind: SpanKind
    text: str = ""  # the characters of a text span, the body of a math span
    children: tuple[Span, ...] = ()  # what bold, italic and link spans enclose
    url: str = ""


def parse(text: str) -> list[Span]:
    """Profile text as spans; a ``$`` or ``*`` that does not pair up stays text.

    A space stands between CJK and Latin letters or digits, where xeCJK puts its glue in
    the PDF, so that the web pages read as the PDF does ("PS 架构", "2024 年").
    """
    spans = _parse(clean_text(text))
    return _autospaced(spans, [""])


def _autospaced(spans: list[Span] | tuple[Span, ...], last: list[str]) -> list[Span]:
    """The spans with autospaced text, also where one span ends and the next begins;
    ``last`` holds the last character seen (math reads as Latin)."""
    out = []
    for index, span in enumerate(spans):
        first = _first_char(span)
        if first and last[0] and needs_space(last[0], first):
            # Before the span, not inside it: "** PS**" would be no emphasis in Markdown.
            out.append(Span("text", " "))
            last[0] = " "
        if span.kind == "text":
            following = _first_char(spans[index + 1]) if index + 1 < len(spans) else ""
            text = autospaced(_without_spaceless_edges(span.text, last[0], following))
            last[0] = text[-1:] or last[0]
            out.append(replace(span, text=text))
        elif span.kind == "math":
            last[0] = "x"
            out.append(span)
        else:
            out.append(replace(span, children=tuple(_autospaced(span.children, last))))
    return out


def _without_spaceless_edges(text: str, before: str, after: str) -> str:
    """A text span without the spaces at its edges that stand between two Chinese or
    Japanese characters across the markup ("**北京** 上海"), which xeCJK drops in the PDF
    as it drops those inside a span."""
    if not text.strip(" "):
        return text  # kept between two emphases: "**北京****上海**" is no Markdown
    if text.startswith(" ") and before and spaceless(before, text.lstrip(" ")[:1]):
        text = text.lstrip(" ")
    if text.endswith(" ") and after and spaceless(text.rstrip(" ")[-1:], after):
        text = text.rstrip(" ")
    return text


def _first_char(span: Span) -> str:
    if span.kind == "text":
        return span.text[:1]
    if span.kind == "math":
        return "x"
    return next((char for child in span.children if (char := _first_char(child))), "")


def _parse(text: str) -> list[Span]:
    spans: list[Span] = []
    position = 0
    for match in INLINE_MARKUP.finditer(text):
        span = _span(match)
        if span is None:
            continue
        if match.start() > position:
            spans.append(Span("text", text[position : match.start()]))
        spans.append(span)
        position = match.end()
    if position < len(text):
        spans.append(Span("text", text[position:]))
    return spans


def _span(match: re.Match[str]) -> Span | None:
    if match["link"]:
        return Span("link", children=tuple(_parse(match["link_text"])), url=match["link_url"])
    if match["bold"]:
        return Span("bold", children=tuple(_parse(match["bold_text"])))
    if match["italic"]:
        return Span("italic", children=tuple(_parse(match["italic_text"])))
    body = match["math_text"]
    if not is_small_math(body):
        # Math beyond the small math reads as its closest text, as the PDF sets it.
        return Span("text", math_as_text(body)) if looks_like_math(body) else None
    return Span("math", body)


_MATH_TOKEN = re.compile(
    r"\\(?:" + "|".join(MATH_FONTS) + r")\{(?P<word>[^{}]*)\}"
    r"|\\(?P<command>[A-Za-z]+|[%,])"
    r"|(?P<script>[\^_])(?:\{(?P<group>(?:[^{}]|\{[^{}]*\})*)\}|(?P<single>.))"
    r"|(?P<char>.)"
)

# A thin space reads as a space where math is not typeset.
_MATH_MARKS = {"%": "%", ",": " "}

Script = Literal["", "sup", "sub"]


def math_parts(body: str) -> list[tuple[str, Script]]:
    """A math body as runs of text, each on the line, raised (sup) or lowered (sub)."""
    parts: list[tuple[str, Script]] = []

    def add(text: str, script: Script) -> None:
        if parts and parts[-1][1] == script:
            parts[-1] = (parts[-1][0] + text, script)
        else:
            parts.append((text, script))

    for token in _MATH_TOKEN.finditer(body):
        if token["word"] is not None:
            add(token["word"], "")
        elif token["command"]:
            command = token["command"]
            add(_MATH_MARKS.get(command) or MATH_SYMBOLS.get(command, command), "")
        elif token["script"]:
            inner = token["group"] if token["group"] is not None else token["single"]
            script: Script = "sup" if token["script"] == "^" else "sub"
            add("".join(text for text, _ in math_parts(inner)), script)
        else:
            # TeX sets a hyphen in math as a minus sign, and readers read it so.
            add("\u2212" if token["char"] == "-" else token["char"], "")
    # TeX ignores the spaces of math, and puts none inside brackets: "⟨x⟩" for "\langle x
    # \rangle", as readers read it back.
    return [
        (_MATH_INSIDE_BRACKETS.sub("", re.sub(r" +", " ", text)), script) for text, script in parts
    ]


_MATH_INSIDE_BRACKETS = re.compile(r"(?<=[(\[{⟨]) | (?=[)\]}⟩])")


# Schemes a link may use: anything else (javascript:, data:, file:) is shown as plain text.
SAFE_SCHEMES = {"http", "https", "mailto", "tel", ""}
_ENTITY_LIKE = re.compile(r"&(?=#?[A-Za-z0-9]+;)")


def web_url(url: str) -> str | None:
    """A link target fit for a web page, percent-encoded; None when it must not be a link.

    Relative links (``../pdf/paper.pdf``, ``/2022/12/02/post/``) are kept: they are how
    a homepage links its own files.
    """
    url = clean_text(url).strip()
    try:
        scheme = urlsplit(url).scheme.lower()
    except ValueError:
        return None
    if scheme not in SAFE_SCHEMES:
        return None
    # "&#58;" would be decoded as ":" by Markdown and HTML alike: keep it literal.
    url = _ENTITY_LIKE.sub("%26", url)
    return quote(url, safe="/:?=@+,;!$'()*&-._~%#")


def is_absolute(url: str) -> bool:
    """Whether a link still works outside the site it was written for."""
    return urlsplit(url).scheme.lower() in {"http", "https", "mailto", "tel"}

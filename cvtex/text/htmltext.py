"""HTML in the text of another tool's files, as the profile's own text and light markup.

The bibliographic databases write titles with HTML (Crossref, Scopus, ORCID's records and
their BibTeX exports: ``CO<inf>2</inf>``, ``<i>``, ``&quot;``, or in a BibTeX export
``{\\&}quot$\\mathsemicolon$``, which the LaTeX reading leaves as ``&quot``); résumé tools
their descriptions (HackMyResume's ``<br />``, ``R&amp;D``). A script becomes small math
(``CO$_{2}$``), in a title its Unicode character where it has one (CO₂), as a title's TeX
math does (``$\\Sigma$3`` is Σ3); italics and bold the profile's ``*...*`` and
``**...**``, a link ``[text](url)``, an entity its character, a line break or paragraph
(in a description) a paragraph; any other tag is taken off, its text kept. A bare ``&``
stays ("R&D").
"""

from __future__ import annotations

import html
import re

from .math import read_math, unicode_math
from .texescape import INLINE_MARKUP, is_small_math

_TAG = re.compile(r"</?([A-Za-z][\w:.-]*)(?:\s[^<>]*)?/?>")
_SCRIPT = re.compile(r"<(sub|inf|sup)>([^<>]{1,40})</\1>", re.IGNORECASE)
_ITALIC = re.compile(r"<(i|em)(?:\s[^>]*)?>(.*?)</\1\s*>", re.IGNORECASE | re.DOTALL)
_BOLD = re.compile(r"<(b|strong)(?:\s[^>]*)?>(.*?)</\1\s*>", re.IGNORECASE | re.DOTALL)
_LINK = re.compile(
    r"""<a\s[^>]*?href\s*=\s*["']([^"']+)["'][^>]*>(.*?)</a\s*>""", re.IGNORECASE | re.DOTALL
)
_BREAK = re.compile(r"<br\s*/?>|</?(?:p|div|ul|ol|li)(?:\s[^>]*)?>", re.IGNORECASE)
# An entity, and one of the few whose semicolon a database drops (&quot, as ORCID's BibTeX
# export writes it).
_ENTITY = re.compile(
    r"&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});|&quot|&(?:amp|lt|gt|apos|nbsp)(?![\w;])",
    re.IGNORECASE,
)


def has_html(text: str) -> bool:
    return bool(_TAG.search(text) or _ENTITY.search(text))


def title_text(text: str) -> str:
    """A one-line text (a title, a venue) with its HTML as profile markup, its TeX math as
    Unicode text where that says it all, spaces collapsed."""
    return " ".join(_tex_math(_inline(text)).split())


def _tex_math(text: str) -> str:
    """The TeX math a database passed on from a publisher's title (Crossref's
    ``$\\Sigma$3``) as the text it means (Σ3), as a BibTeX title's is read; math that text
    cannot say stays, for the build to set."""
    if "$" not in text:
        return text

    def as_text(match: re.Match[str]) -> str:
        if not match["math_tex"]:
            return match[0]
        return unicode_math(read_math(match["math_text"])) or match[0]

    return INLINE_MARKUP.sub(as_text, text)


def html_text(text: str) -> str:
    """A description with its HTML as profile markup: its paragraphs one a line, no line
    empty."""
    if not has_html(text):
        return text.strip()
    text = _inline(_BREAK.sub("\n", text))
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def _inline(text: str) -> str:
    if "<" in text:
        text = _SCRIPT.sub(_script, text)
        text = _LINK.sub(lambda m: f"[{m[2].strip()}]({m[1].strip()})", text)
        text = _BOLD.sub(lambda m: f"**{m[2].strip()}**" if m[2].strip() else "", text)
        text = _ITALIC.sub(lambda m: f"*{m[2].strip()}*" if m[2].strip() else "", text)
        text = _TAG.sub("", text)
    if "&" in text:
        text = _ENTITY.sub(
            lambda m: html.unescape(m[0] if m[0].endswith(";") else m[0] + ";"), text
        )
    return text


def _script(match: re.Match[str]) -> str:
    mark = "^" if match[1].lower() == "sup" else "_"
    inner = match[2].strip()
    letters = re.fullmatch(r"[A-Za-z]{2,}", inner)
    body = f"{mark}{{\\mathrm{{{inner}}}}}" if letters else f"{mark}{{{inner}}}"
    return f"${body}$" if inner and is_small_math(body) else inner

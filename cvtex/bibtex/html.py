"""A title as the bibliographic databases write it (Crossref, Scopus, ORCID's records and
their BibTeX exports): HTML's tags and entities inside the text.

Scopus lowers a chemical formula's digits with ``<inf>`` (``CO<inf>2</inf>``), Crossref
and JATS with ``<sub>``; italics come as ``<i>``; quotes as ``&quot;`` (in a BibTeX
export, ``{\\&}quot$\\mathsemicolon$``, which the LaTeX reading leaves as ``&quot;``).
Each becomes the profile's own light markup: a script as small math (``CO$_{2}$``),
italics as ``*...*``, an entity as its character; any other tag is taken off, its text kept.
"""

from __future__ import annotations

import html
import re

from ..render.texescape import is_small_math

_TAG = re.compile(r"</?([A-Za-z][\w:.-]*)(?:\s[^<>]*)?/?>")
_SCRIPT = re.compile(r"<(sub|inf|sup)>([^<>]{1,40})</\1>", re.IGNORECASE)
_ITALIC = re.compile(r"<(i|em)>([^<>*]+)</\1>", re.IGNORECASE)
# An entity, and one of the few whose semicolon a database drops (&quot, as ORCID's BibTeX
# export writes it); a bare & stays ("R&D", "AT&T").
_ENTITY = re.compile(
    r"&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});|&quot|&(?:amp|lt|gt|apos|nbsp)(?![\w;])",
    re.IGNORECASE,
)


def title_text(text: str) -> str:
    """``text`` with its HTML as profile markup, spaces collapsed."""
    if "<" in text:
        text = _SCRIPT.sub(_script, text)
        text = _ITALIC.sub(lambda m: f"*{m[2].strip()}*" if m[2].strip() else "", text)
        text = _TAG.sub("", text)
    if "&" in text:
        text = _ENTITY.sub(
            lambda m: html.unescape(m[0] if m[0].endswith(";") else m[0] + ";"), text
        )
    return " ".join(text.split())


def _script(match: re.Match[str]) -> str:
    mark = "^" if match[1].lower() == "sup" else "_"
    inner = match[2].strip()
    letters = re.fullmatch(r"[A-Za-z]{2,}", inner)
    body = f"{mark}{{\\mathrm{{{inner}}}}}" if letters else f"{mark}{{{inner}}}"
    return f"${body}$" if inner and is_small_math(body) else inner

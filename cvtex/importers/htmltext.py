"""HTML in another tool's text fields (HackMyResume's ``<br />``, ``R&amp;D``), as the
profile's text: a line break or paragraph is a paragraph, bold and italics the profile's
light markup, a link ``[text](url)``, any other tag dropped and its text kept."""

from __future__ import annotations

import html
import re

_BREAK = re.compile(r"<br\s*/?>|</?p(?:\s[^>]*)?>|</?div(?:\s[^>]*)?>|</li>", re.IGNORECASE)
_BOLD = re.compile(r"<(b|strong)(?:\s[^>]*)?>(.*?)</\1\s*>", re.IGNORECASE | re.DOTALL)
_ITALIC = re.compile(r"<(i|em)(?:\s[^>]*)?>(.*?)</\1\s*>", re.IGNORECASE | re.DOTALL)
_LINK = re.compile(
    r"""<a\s[^>]*?href\s*=\s*["']([^"']+)["'][^>]*>(.*?)</a\s*>""", re.IGNORECASE | re.DOTALL
)
_TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]*)?/?>")
_ENTITY = re.compile(r"&(?:#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);")


def has_html(text: str) -> bool:
    return bool(_TAG.search(text) or _ENTITY.search(text))


def html_text(text: str) -> str:
    """``text`` without its HTML: paragraphs one a line, no line empty."""
    if not has_html(text):
        return text.strip()
    text = _BREAK.sub("\n", text)
    text = _LINK.sub(lambda match: f"[{match[2].strip()}]({match[1].strip()})", text)
    text = _BOLD.sub(lambda match: f"**{match[2].strip()}**", text)
    text = _ITALIC.sub(lambda match: f"*{match[2].strip()}*", text)
    text = html.unescape(_TAG.sub("", text))
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n".join(line for line in lines if line)

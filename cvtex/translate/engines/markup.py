"""What a translation must carry over unchanged: the targets of links, addresses and math.

A CV's text is Markdown-like (``**bold**``, ``[code](https://...)``, ``$3\\times$``). An
engine may translate a link's text, never its target; a draft that lost or changed one is
not used. DeepL is sent these spans inside tags it leaves alone (tag_handling xml).
"""

from __future__ import annotations

import html
import re
from collections import Counter

# A link's target, a bare address or e-mail, math: kept as written.
_KEPT = re.compile(
    r"(?<=\])\([^)\s]*\)"
    r"|\b(?:https?|ftp)://[^\s)\]]+|\bwww\.[^\s)\]]+|\bmailto:\S+|[\w.+-]+@[\w-]+\.[\w.]+"
    r"|\$[^$]*\$"
)
_TAG = "x"  # the tag DeepL is told to ignore


def kept_spans(text: str) -> Counter[str]:
    return Counter(match[0] for match in _KEPT.finditer(text))


def keeps_markup(source: str, translation: str) -> bool:
    """Whether every link target, address and formula of ``source`` is in ``translation``."""
    return not (kept_spans(source) - kept_spans(translation))


def to_xml(text: str) -> str:
    """The text as DeepL's XML handling reads it: kept spans inside <x>, the rest escaped."""
    out, position = [], 0
    for match in _KEPT.finditer(text):
        out.append(html.escape(text[position : match.start()], quote=False))
        out.append(f"<{_TAG}>{html.escape(match[0], quote=False)}</{_TAG}>")
        position = match.end()
    out.append(html.escape(text[position:], quote=False))
    return "".join(out)


def from_xml(text: str) -> str:
    """The text back from DeepL's XML: the kept spans out of their tags, unescaped."""
    return html.unescape(re.sub(rf"</?{_TAG}>", "", text))

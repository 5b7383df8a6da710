"""The one path from user text to LaTeX.

Every value a template prints passes through :func:`to_tex` (it is the Jinja environment's
``finalize`` hook and its ``tex`` filter), so user text is always text, never TeX code.
The light markup CVs need is recognised on the way: ``**bold**``, ``*italic*``,
``[text](url)`` and small inline math such as ``$3\\times$``. Anything else, including
a ``$`` or ``*`` that does not pair up, comes out literally.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

from pylatex.utils import escape_latex


class TexCode(str):
    """A string that is already LaTeX: produced here, or written in a template."""


_MATH_COMMANDS = (
    "times cdot pm mp sim approx le leq ge geq ll gg to rightarrow leftarrow infty "
    "alpha beta gamma delta epsilon eta theta lambda mu pi rho sigma tau phi omega "
    "Delta Sigma Omega log ln min max"
).split()
_MATH_ATOM = (
    r"(?:\\(?:" + "|".join(_MATH_COMMANDS) + r")(?![A-Za-z])"
    r"|\\%"
    r"|[0-9.,+\-=<>()/|:!' ]"
    r"|(?<![A-Za-z])[A-Za-z](?![A-Za-z]))"
)
_MATH_SCRIPT = rf"[\^_](?:[0-9A-Za-z]|\{{{_MATH_ATOM}+\}})"
_MATH_BODY = re.compile(rf"(?:{_MATH_ATOM}|{_MATH_SCRIPT})+")

# The same rule as pandoc's: "$" opens math only before a non-space and closes only after
# one, not followed by a digit, so "costs $5, or $10" stays prose.
_INLINE = re.compile(
    r"(?P<link>\[(?P<link_text>[^\]\n]+)\]\((?P<link_url>[^()\s]+)\))"
    r"|(?P<bold>\*\*(?P<bold_text>\S(?:.*?\S)?)\*\*)"
    r"|(?P<italic>(?<!\*)\*(?P<italic_text>[^*\s](?:[^*]*?[^*\s])?)\*(?!\*))"
    r"|(?P<math>\$(?P<math_text>[^$\s](?:[^$]*?[^$\s])?)\$(?!\d))"
)

_CONTROL = {cat for cat in ("Cc", "Cs", "Co", "Cn")}
# ASCII white space only: an ideographic space (U+3000) is a character CJK text relies on.
_SPACES = re.compile(r"[ \t\n\r\f\v]+")


def clean_text(text: str) -> str:
    """Collapse white space and drop characters no font can show (controls, surrogates).

    Leading and trailing spaces stay: templates print separators such as ", " through here.
    """
    if text.isprintable():  # the common case, checked in C: no control, tab or newline
        return _SPACES.sub(" ", text)
    text = "".join(
        " " if ch in "\t\n\r\f\v" else ch
        for ch in text
        if ch in "\t\n\r\f\v" or unicodedata.category(ch) not in _CONTROL
    )
    return _SPACES.sub(" ", text)


def escape_text(text: str) -> TexCode:
    """Plain text, no markup: every TeX special character is made literal."""
    # Without ligatures from the font's TeX mapping (the templates turn it off), pylatex's
    # table of specials is all there is to escape; "-" becomes "{-}" there, which is harmless.
    return TexCode(escape_latex(clean_text(text)))


def to_tex(value: object) -> TexCode:
    """Turn a value from the localized profile into LaTeX, rendering the light markup."""
    if isinstance(value, TexCode):
        return value
    if value is None:
        return TexCode("")
    if isinstance(value, (int, float)):
        return TexCode(str(value))
    return TexCode(_markup(clean_text(str(value))))


def _markup(text: str) -> str:
    out: list[str] = []
    position = 0
    for match in _INLINE.finditer(text):
        converted = _convert(match)
        if converted is None:
            continue
        out.append(escape_latex(text[position : match.start()]))
        out.append(converted)
        position = match.end()
    out.append(escape_latex(text[position:]))
    return "".join(out)


def _convert(match: re.Match[str]) -> str | None:
    if match["link"]:
        url = tex_url(match["link_url"])
        return rf"\href{{{url}}}{{{_markup(match['link_text'])}}}"
    if match["bold"]:
        return rf"\textbf{{{_markup(match['bold_text'])}}}"
    if match["italic"]:
        return rf"\emph{{{_markup(match['italic_text'])}}}"
    body = match["math_text"]
    if not _MATH_BODY.fullmatch(body):
        return None
    return f"${body}$"


# Characters that keep their meaning in a URL and are safe in hyperref's \href argument.
_URL_SAFE = "/:?=@+,;!$'()*&-._"


def tex_url(url: str) -> TexCode:
    """A URL for \\href: percent-encode what TeX would read as code, keep what URLs mean."""
    url = clean_text(url).strip().replace(" ", "%20")
    # "~" means the same as "%7E" in a URL (RFC 3986, 2.3) and is active in TeX.
    encoded = quote(url, safe=_URL_SAFE + "%#")
    encoded = encoded.replace("~", "%7E")
    return TexCode(encoded.replace("\\", "%5C").replace("%", r"\%").replace("#", r"\#"))

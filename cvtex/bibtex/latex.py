"""A BibTeX field's LaTeX as profile text, the form every other field of a profile has.

Accents and symbols become their characters (``M{\\"u}ller`` is Müller, ``{\\S}846`` is
§846); italics (``\\emph``, ``\\textit``, ``{\\it ...}``) become the profile's ``*italic*``;
a macro that only wraps its argument (``\\textbf``, ``\\underline``, a user's own
``\\myname{...}``) leaves the argument. Math becomes the profile's small math
(``$M_{\\odot}$``), which the PDF typesets and the web formats show as the closest text;
math beyond it (a command LaTeX's own math fonts lack, a script of a script) becomes that
closest text at once, so no ``_``, ``^`` or command name is ever printed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import (
    LatexCharsNode,
    LatexCommentNode,
    LatexGroupNode,
    LatexMacroNode,
    LatexMathNode,
    LatexNode,
    LatexWalker,
)

from ..render.math import MATH_SYMBOLS, MATH_WORD, SUBSCRIPTS, SUPERSCRIPTS
from ..render.texescape import is_small_math

# Macros whose argument is what a reader sees; those that set it in italics say so.
_ITALIC = {"emph", "textit", "textsl", "mathit"}
_WRAPPERS = {
    "textbf", "textrm", "textsf", "texttt", "textsc", "textup", "textnormal", "textmd",
    "underline", "uline", "uwave", "mbox", "hbox", "text", "textcolor", "NoCaseChange",
    "MakeUppercase", "MakeLowercase", "url", "href",
}  # fmt: skip
# Switches (``{\it Gaia}``): the rest of their group is italic, or unchanged.
_ITALIC_SWITCHES = {"it", "itshape", "em", "sl", "slshape"}
_SWITCHES = {"bf", "bfseries", "rm", "rmfamily", "sc", "scshape", "sf", "tt", "ttfamily", "upshape"}
# Text macros of the astronomy journals' style files, which ADS exports keep.
_TEXT_MACROS = {
    "S": "§",
    "P": "¶",
    "micron": "μm",
    "sun": "☉",
    "earth": "⊕",
    "arcsec": "″",
    "arcmin": "′",
    "farcs": "″.",
    "farcm": "′.",
    "degr": "°",
    "textdegree": "°",
    "AA": "Å",
    "ion": "",
}
# Commands that mean the same as one the profile's math accepts.
_MATH_ALIASES = {"sun": "odot", "lt": "<", "gt": ">"}
_MATH_SPACES = {",", ";", ":", "!", " ", "quad", "qquad"}
_MATH_ROMAN = {"rm", "mathrm", "text", "textrm", "mbox", "rmfamily", "operatorname"}
_MATH_ITALIC = {"it", "mathit"}
# Closest characters for math commands beyond LaTeX's own fonts (amssymb's, the journals').
_MATH_TEXT = {
    "lesssim": "≲", "gtrsim": "≳", "sun": "⊙", "arcsec": "″", "deg": "°", "sqrt": "√",
    "degree": "°", "AA": "Å", "micron": "μm", "frac": "", "mathsemicolon": ";",
}  # fmt: skip


def field_text(latex: str) -> str:
    """A field's LaTeX as profile text (with its light markup), spaces collapsed."""
    return " ".join(_nodes_text(_parse(latex)).split())


def plain_text(latex: str) -> str:
    """A field's LaTeX as plain text, math as its closest text: for names and keys."""
    return " ".join(_nodes_text(_parse(latex), markup=False).split())


def _parse(latex: str) -> list[LatexNode]:
    nodes, _, _ = LatexWalker(latex, tolerant_parsing=True).get_latex_nodes()
    return nodes or []


@cache
def _decoder() -> LatexNodes2Text:
    return LatexNodes2Text(math_mode="verbatim", strict_latex_spaces=True)


def _nodes_text(nodes: list[LatexNode], markup: bool = True) -> str:
    out: list[str] = []
    for node in nodes:
        if isinstance(node, LatexCommentNode) or node is None:
            continue
        if isinstance(node, LatexGroupNode):
            out.append(_group_text(node.nodelist, markup))
        elif isinstance(node, LatexMathNode):
            out.append(_math(_verbatim(node.nodelist), markup))
        elif isinstance(node, LatexMacroNode):
            out.append(_macro_text(node, markup))
        else:  # characters and specials (~, --, ``)
            out.append(_decoder().nodelist_to_text([node]))
    return "".join(out)


def _group_text(nodes: list[LatexNode], markup: bool) -> str:
    """A group; one that opens with a switch (``{\\it Gaia}``) is set as it says."""
    first = next((n for n in nodes if not _is_space(n)), None)
    if isinstance(first, LatexMacroNode) and not _arguments(first):
        rest = nodes[nodes.index(first) + 1 :]
        if first.macroname in _ITALIC_SWITCHES:
            return _italic(_nodes_text(rest, markup), markup)
        if first.macroname in _SWITCHES:
            return _nodes_text(rest, markup)
    return _nodes_text(nodes, markup)


def _macro_text(node: LatexMacroNode, markup: bool) -> str:
    name = node.macroname
    arguments = _arguments(node)
    if name in _TEXT_MACROS:
        return _TEXT_MACROS[name]
    if name == "ensuremath" and arguments:
        return _math(_verbatim(arguments[-1].nodelist), markup)
    if name in _ITALIC and arguments:
        return _italic(_nodes_text(_content(arguments[-1]), markup), markup)
    if name in _WRAPPERS and arguments:
        # \href{url}{text} and \textcolor{red}{text}: the last argument is the text.
        return _nodes_text(_content(arguments[-1]), markup)
    if name in _ITALIC_SWITCHES | _SWITCHES:
        return ""
    # Accents, symbols and a user's own macros (a following {group} is read on its own):
    # pylatexenc prints what it knows and nothing for what it does not.
    return _decoder().nodelist_to_text([node])


def _arguments(node: LatexMacroNode) -> list[LatexNode]:
    parsed = node.nodeargd
    return [argument for argument in (parsed.argnlist if parsed else []) if argument is not None]


def _content(node: LatexNode) -> list[LatexNode]:
    return node.nodelist if isinstance(node, LatexGroupNode) else [node]


def _is_space(node: LatexNode) -> bool:
    return isinstance(node, LatexCharsNode) and not node.chars.strip()


def _italic(text: str, markup: bool) -> str:
    stripped = text.strip()
    if not markup or not stripped or "*" in stripped:
        return text
    return text[: len(text) - len(text.lstrip())] + f"*{stripped}*" + text[len(text.rstrip()) :]


def _verbatim(nodes: list[LatexNode]) -> str:
    return "".join(node.latex_verbatim() for node in nodes if node is not None)


# -- math -----------------------------------------------------------------------------------
#
# A math body is read leniently into items (text, commands, words in a math font, scripts),
# then written as the profile's small math if it fits, else as its closest text.

_TOKEN = re.compile(r"\\(?P<command>[A-Za-z]+|.)|(?P<char>.)", re.S)
_MATH_CHARS = set("0123456789.,+-=<>()/|:!'[] ")


@dataclass(frozen=True)
class _Command:
    name: str


@dataclass(frozen=True)
class _Word:
    text: str  # letters in an upright (or italic) math font: \rm BH, \mathrm{eff}
    italic: bool = False


@dataclass(frozen=True)
class _Script:
    mark: str  # ^ or _
    items: tuple[_Item, ...]


_Item = str | _Command | _Word | _Script
_Tokens = list[tuple[str | None, str | None]]


def _math(body: str, markup: bool) -> str:
    """Math as the profile's ``$...$``, or as its closest text where it goes beyond it."""
    # INSPIRE's exports escape the braces of math (\sqrt\{ s_\mathrm \{ NN \} \}): in a
    # title they group, as they were written before the export escaped them.
    body = body.replace("\\{", "{").replace("\\}", "}")
    tokens = [(m["command"], m["char"]) for m in _TOKEN.finditer(body)]
    items, _ = _items(tokens, 0)
    small = _small_math(items)
    if markup and small is not None and small.strip() and is_small_math(small.strip()):
        return f"${small.strip()}$"
    return _closest_text(items)


def _items(tokens: _Tokens, i: int) -> tuple[list[_Item], int]:
    """The items from ``i`` to the end of the group, and where it ends."""
    items: list[_Item] = []
    while i < len(tokens):
        command, char = tokens[i]
        if char == "}":
            return items, i + 1
        if char == "{":
            inner, i = _items(tokens, i + 1)
            while inner and inner[0] == " ":  # "{ NN }": spaces TeX ignores
                inner.pop(0)
            while inner and inner[-1] == " ":
                inner.pop()
            items.extend(inner)
        elif char in ("^", "_"):
            argument, i = _argument(tokens, i + 1)
            items.append(_Script(char, tuple(argument)))
        elif command in _MATH_ROMAN | _MATH_ITALIC:
            text, i = _font_text(tokens, i + 1)
            items.append(_Word(text, italic=command in _MATH_ITALIC))
        elif command is not None:
            items.append(_Command(command))
            i += 1
        else:
            items.append(char or "")
            i += 1
    return items, i


def _argument(tokens: _Tokens, i: int) -> tuple[list[_Item], int]:
    """A script's argument: a group, a word in a math font, or one token."""
    while i < len(tokens) and tokens[i][1] == " ":
        i += 1
    if i >= len(tokens):
        return [], i
    command, char = tokens[i]
    if char == "{":
        return _items(tokens, i + 1)
    if command in _MATH_ROMAN | _MATH_ITALIC:
        text, end = _font_text(tokens, i + 1)
        return [_Word(text, italic=command in _MATH_ITALIC)], end
    return [_Command(command) if command is not None else (char or "")], i + 1


def _font_text(tokens: _Tokens, i: int) -> tuple[str, int]:
    """What ``\\rm`` switches to the end of its group, or ``\\mathrm{...}`` holds."""
    while i < len(tokens) and tokens[i][1] == " ":
        i += 1
    braced = i < len(tokens) and tokens[i][1] == "{"
    start = end = i + 1 if braced else i
    while end < len(tokens) and tokens[end][1] not in ("}", *(() if braced else ("^", "_"))):
        end += 1
    text = "".join(
        " " if command in _MATH_SPACES else (char or _MATH_TEXT.get(command or "", ""))
        for command, char in tokens[start:end]
    )
    return " ".join(text.split()), end + 1 if braced else end


def _small_math(items: list[_Item] | tuple[_Item, ...], in_script: bool = False) -> str | None:
    """The items as the profile's small math, or None where they go beyond it."""
    out = []
    for item in items:
        if isinstance(item, _Script):
            if in_script:
                return None  # a script of a script
            inner = _small_math(item.items, in_script=True)
            if inner is None or not inner.strip():
                return None
            out.append(f"{item.mark}{{{_letters_as_words(inner)}}}")
        elif isinstance(item, _Word):
            if not re.fullmatch(rf"{MATH_WORD}(?: {MATH_WORD})*", item.text):
                return None
            font = "mathit" if item.italic else "mathrm"
            out.append("\\,".join(f"\\{font}{{{word}}}" for word in item.text.split()))
        elif isinstance(item, _Command):
            name = _MATH_ALIASES.get(item.name, item.name)
            if name in _MATH_SPACES:
                out.append("\\," if name != "!" else "")
            elif name in ("%", "<", ">"):
                out.append("\\%" if name == "%" else name)
            elif name in MATH_SYMBOLS:
                out.append(f"\\{name} ")  # the space ends the name before a letter
            else:
                return None
        elif item.isalpha() or item in _MATH_CHARS:
            out.append(item)
        else:
            return None
    # A command's name ends at a space only where a letter follows.
    return re.sub(r"(\\[A-Za-z]+) (?![A-Za-z])", r"\1", "".join(out))


def _letters_as_words(body: str) -> str:
    """Letters that stand together in a script (``_{BH}``) as one upright word: in a
    title, a script of two letters is a label far more often than a product."""
    return re.sub(
        r"(?<![A-Za-z\\{])[A-Za-z]{2,}(?![A-Za-z])", lambda m: f"\\mathrm{{{m[0]}}}", body
    )


def _closest_text(items: list[_Item] | tuple[_Item, ...]) -> str:
    """Math as a reader would say it: symbols as characters, a script raised or lowered
    in Unicode where every character of it has that form, inline otherwise."""
    out = []
    for item in items:
        if isinstance(item, _Script):
            text = _closest_text(item.items)
            table = SUPERSCRIPTS if item.mark == "^" else SUBSCRIPTS
            out.append(text.translate(table) if all(ord(ch) in table for ch in text) else text)
        elif isinstance(item, _Word):
            out.append(item.text)
        elif isinstance(item, _Command):
            name = _MATH_ALIASES.get(item.name, item.name)
            if name in _MATH_SPACES:
                out.append(" ")
            else:
                out.append(_MATH_TEXT.get(name) or MATH_SYMBOLS.get(name) or _MARKS.get(name, ""))
        else:
            out.append(item)
    return "".join(out)


_MARKS = {"%": "%", "<": "<", ">": ">", "{": "{", "}": "}", "$": "$", "&": "&", "#": "#"}

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
    get_default_latex_context_db,
)
from pylatexenc.macrospec import LatexContextDb, MacroSpec

from ..text.math import (
    MATH_ALIASES,
    MATH_FONTS,
    MATH_SPACES,
    MATH_SYMBOLS,
    MATH_WORD,
    SUBSCRIPTS,
    SUPERSCRIPTS,
    Applied,
    Command,
    Item,
    Script,
    Word,
    closest_text,
    read_math,
    unicode_math,
)
from ..text.texescape import is_small_math

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
_TEXT_SCRIPTS = {"textsuperscript": SUPERSCRIPTS, "textsubscript": SUBSCRIPTS}
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


def field_text(latex: str) -> str:
    """A field's LaTeX as profile text (with its light markup), spaces collapsed."""
    return " ".join(_nodes_text(_parse(latex)).split())


def plain_text(latex: str) -> str:
    """A field's LaTeX as plain text, math as its closest text: for names and keys."""
    return " ".join(_nodes_text(_parse(latex), markup=False).split())


def _parse(latex: str) -> list[LatexNode]:
    walker = LatexWalker(latex, latex_context=_context(), tolerant_parsing=True)
    nodes, _, _ = walker.get_latex_nodes()
    return nodes or []


@cache
def _context() -> LatexContextDb:
    """pylatexenc's macros, and the text scripts it does not know take an argument."""
    context = get_default_latex_context_db()
    context.add_context_category(
        "cvtex-scripts", macros=[MacroSpec(name, "{") for name in _TEXT_SCRIPTS], prepend=True
    )
    return context


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
    if name in _TEXT_SCRIPTS and arguments:
        # CD4\textsuperscript{+}: raised where Unicode has the characters, else inline.
        text = _nodes_text(_content(arguments[-1]), markup=False)
        table = _TEXT_SCRIPTS[name]
        return text.translate(table) if all(ord(ch) in table for ch in text) else text
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
# A math body is read into items (text/math.py), then written as the profile's small
# math if it fits, else as its closest text.


def _math(body: str, markup: bool) -> str:
    """Math as Unicode text where that says it all (Σ3, H₂O), else as the profile's
    ``$...$``, else as its closest text where it goes beyond the profile's math."""
    items = read_math(body)
    # Text reads the same in every output and stays text in the profile (and a profile's
    # "$\Sigma$3", its dollar before a digit, was once taken for money).
    if (text := unicode_math(items)) is not None and text:
        return text
    small = _small_math(items)
    # Math of a sign alone (\ensuremath{-}) is a character of the text: set in the text's
    # font, it reads back with the spaces around it, as math signs do not in PyMuPDF.
    alone = all(isinstance(item, str) and not item.isalnum() for item in items)
    if markup and small and small.strip() and is_small_math(small.strip()) and not alone:
        return f"${small.strip()}$"
    return closest_text(items)


def _small_math(items: list[Item] | tuple[Item, ...], in_script: bool = False) -> str | None:
    """The items as the profile's small math, or None where they go beyond it."""
    out = []
    for item in items:
        if isinstance(item, Script):
            if in_script:
                return None  # a script of a script
            inner = _small_math(item.items, in_script=True)
            if inner is None or not inner.strip():
                return None
            out.append(f"{item.mark}{{{_letters_as_words(inner)}}}")
        elif isinstance(item, Word):
            if item.font not in MATH_FONTS or not re.fullmatch(
                rf"{MATH_WORD}(?: {MATH_WORD})*", item.text
            ):
                return None
            out.append("\\,".join(f"\\{item.font}{{{word}}}" for word in item.text.split()))
        elif isinstance(item, Command):
            name = MATH_ALIASES.get(item.name, item.name)
            if name in MATH_SPACES:
                out.append("\\," if name != "!" else "")
            elif name in ("%", "<", ">", "{", "}"):
                out.append(f"\\{name}" if name in "%{}" else name)
            elif name in MATH_SYMBOLS:
                out.append(f"\\{name} ")  # the space ends the name before a letter
            else:
                return None
        elif isinstance(item, Applied):
            return None  # a radical, a fraction, an accent: readers take them apart
        elif item.isalpha() or item in _MATH_CHARS:
            out.append(item)
        else:
            return None
    # A command's name ends at a space only where a letter follows.
    return re.sub(r"(\\[A-Za-z]+) (?![A-Za-z])", r"\1", "".join(out))


_MATH_CHARS = set("0123456789.,;+-=<>()/|:!'[] ")


def _letters_as_words(body: str) -> str:
    """Letters that stand together in a script (``_{BH}``) as one upright word: in a
    title, a script of two letters is a label far more often than a product."""
    return re.sub(
        r"(?<![A-Za-z\\{])[A-Za-z]{2,}(?![A-Za-z])", lambda m: f"\\mathrm{{{m[0]}}}", body
    )

"""The small math profile text may hold (``$3\\times$``, ``$M_\\odot$``): which commands
it accepts, and the character each prints where math is not typeset (web pages, Word,
plain text, the PDF check's expected text); and math beyond it (a BibTeX title's
``$\\sqrt{s_{NN}}$``), read into items and written as its closest text.

Only commands of LaTeX's own math fonts are accepted, and of those only the ones that
every PDF reader cvtex checks with reads back as their character (``\\in`` is "∈"; a
radical, a fraction or an accent comes back in pieces, some on other lines): the
templates load no math package, and an unknown command would stop the build. Math
beyond that is never passed to LaTeX: it is set as its closest text.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

MATH_SYMBOLS = {
    "times": "×",
    "cdot": "·",
    "pm": "±",
    "mp": "∓",
    "sim": "∼",
    "approx": "≈",
    "simeq": "≃",
    "propto": "∝",
    "neq": "≠",
    "ne": "≠",
    "equiv": "≡",
    "le": "≤",
    "leq": "≤",
    "ge": "≥",
    "geq": "≥",
    "ll": "≪",
    "gg": "≫",
    "to": "→",
    "rightarrow": "→",
    "leftarrow": "←",
    "leftrightarrow": "↔",
    "Rightarrow": "⇒",
    "infty": "∞",
    "odot": "⊙",
    "oplus": "⊕",
    "otimes": "⊗",
    "star": "⋆",
    "ast": "∗",
    "circ": "∘",
    "bullet": "•",
    "prime": "′",
    "partial": "∂",
    "nabla": "∇",
    "ell": "ℓ",
    "hbar": "ℏ",
    "dots": "…",
    "ldots": "…",
    "cdots": "⋯",
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ε",
    "varepsilon": "ε",
    "zeta": "ζ",
    "eta": "η",
    "theta": "θ",
    "vartheta": "ϑ",
    "iota": "ι",
    "kappa": "κ",
    "lambda": "λ",
    "mu": "μ",
    "nu": "ν",
    "xi": "ξ",
    "pi": "π",
    "rho": "ρ",
    "sigma": "σ",
    "tau": "τ",
    "upsilon": "υ",
    "phi": "φ",
    "varphi": "φ",
    "chi": "χ",
    "psi": "ψ",
    "omega": "ω",
    "Gamma": "Γ",
    "Delta": "Δ",
    "Theta": "Θ",
    "Lambda": "Λ",
    "Xi": "Ξ",
    "Pi": "Π",
    "Sigma": "Σ",
    "Upsilon": "Υ",
    "Phi": "Φ",
    "Psi": "Ψ",
    "Omega": "Ω",
    "log": "log",
    "ln": "ln",
    "exp": "exp",
    "sin": "sin",
    "cos": "cos",
    "tan": "tan",
    "min": "min",
    "max": "max",
    "lim": "lim",
    "sup": "sup",
    "inf": "inf",
    "det": "det",
    "dim": "dim",
    "ker": "ker",
    "gcd": "gcd",
    "arg": "arg",
    "Pr": "Pr",
    "lg": "lg",
    "in": "∈",
    "subset": "⊂",
    "subseteq": "⊆",
    "supset": "⊃",
    "supseteq": "⊇",
    "cup": "∪",
    "cap": "∩",
    "emptyset": "∅",
    "forall": "∀",
    "exists": "∃",
    "neg": "¬",
    "lnot": "¬",
    "wedge": "∧",
    "land": "∧",
    "vee": "∨",
    "lor": "∨",
    "mid": "|",
    "perp": "⊥",
    "bot": "⊥",
    "langle": "⟨",
    "rangle": "⟩",
    "lbrace": "{",
    "rbrace": "}",
    "uparrow": "↑",
    "downarrow": "↓",
    "Leftarrow": "⇐",
    "Leftrightarrow": "⇔",
    "dagger": "†",
    "ddagger": "‡",
    "aleph": "ℵ",
    "prec": "≺",
}

# The characters that have a raised or a lowered form in Unicode, as that form (x², H₂O):
# how math reads where it is not typeset.
SUPERSCRIPTS = str.maketrans("0123456789+-\u2212=()n", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿ")
SUBSCRIPTS = str.maketrans("0123456789+-\u2212=()", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎")

# Letters set as a word in a math font (``M_{\\mathrm{BH}}``, ``\\mathsf{NP}``): the one
# place math may hold a run of letters, which it would otherwise set as a product of
# variables.
MATH_FONTS = ("mathrm", "mathit", "mathsf", "mathbf", "mathtt")
# What a word in a math font may hold.
MATH_WORD = r"[A-Za-z0-9.\-]+"

# -- math beyond the small math, read leniently ---------------------------------------------
#
# A math body (a BibTeX title's, or profile text's that is not small math) is read into
# items (text, commands, words in a math font, scripts, commands with arguments), then
# written as the profile's small math if it fits (bibtex/latex.py), else as its closest
# text: never as LaTeX the templates would have to trust.

# Commands that mean the same as one the profile's math accepts.
MATH_ALIASES = {"sun": "odot", "lt": "<", "gt": ">"}
MATH_SPACES = {",", ";", ":", "!", " ", "quad", "qquad"}
# Font commands and switches, by the font of the word they set.
MATH_WORD_FONTS = {
    **dict.fromkeys(
        ("rm", "mathrm", "text", "textrm", "mbox", "rmfamily", "operatorname"), "mathrm"
    ),
    **dict.fromkeys(("it", "mathit"), "mathit"),
    **dict.fromkeys(("sf", "mathsf"), "mathsf"),
    **dict.fromkeys(("bf", "mathbf", "boldsymbol", "bm"), "mathbf"),
    **dict.fromkeys(("tt", "mathtt"), "mathtt"),
    **dict.fromkeys(("cal", "mathcal", "mathscr"), "mathcal"),
    "mathbb": "mathbb",
    "mathfrak": "mathfrak",
}
# Closest characters for math commands beyond the small math (amssymb's, the journals',
# and LaTeX's own that readers do not read back as their character).
MATH_TEXT = {
    "lesssim": "≲", "gtrsim": "≳", "sun": "⊙", "arcsec": "″", "deg": "°", "degree": "°",
    "AA": "Å", "micron": "μm", "notin": "∉", "setminus": "∖", "mapsto": "↦", "iff": "⟺",
    "implies": "⟹", "cong": "≅", "succ": "≻", "models": "⊨", "vdash": "⊢", "top": "⊤",
    "sum": "∑", "prod": "∏", "int": "∫", "surd": "√", "longrightarrow": "⟶",
    "varnothing": "∅", "leqslant": "⩽", "geqslant": "⩾", "|": "‖", "Vert": "‖",
    "mathsemicolon": ";",  # ORCID's BibTeX export writes a quote's ; so
}  # fmt: skip
# Accents, as the combining character put after the letter they sit on (\tilde{O} is Õ).
ACCENTS = {
    "tilde": "\u0303", "widetilde": "\u0303", "hat": "\u0302", "widehat": "\u0302",
    "bar": "\u0304", "overline": "\u0305", "vec": "\u20d7", "dot": "\u0307", "ddot": "\u0308",
    "check": "\u030c", "breve": "\u0306", "acute": "\u0301", "grave": "\u0300",
}  # fmt: skip
# Commands with arguments, and how many: \sqrt{x} reads √x, \frac{a}{b} a/b.
_ARGUMENTS = {"sqrt": 1, "frac": 2, "dfrac": 2, "tfrac": 2, **dict.fromkeys(ACCENTS, 1)}
_MARKS = {"%": "%", "<": "<", ">": ">", "{": "{", "}": "}", "$": "$", "&": "&", "#": "#"}
_TOKEN = re.compile(r"\\(?P<command>[A-Za-z]+|.)|(?P<char>.)", re.S)


@dataclass(frozen=True)
class Command:
    name: str


@dataclass(frozen=True)
class Word:
    text: str  # letters in a math font: \rm BH, \mathrm{eff}, \mathsf{NP}
    font: str = "mathrm"


@dataclass(frozen=True)
class Script:
    mark: str  # ^ or _
    items: tuple[Item, ...]


@dataclass(frozen=True)
class Applied:
    """A command and its arguments: \\sqrt{x}, \\frac{a}{b}, \\tilde{O}."""

    name: str
    arguments: tuple[tuple[Item, ...], ...]


Item = str | Command | Word | Script | Applied
_Tokens = list[tuple[str | None, str | None]]


# An escaped brace where only a group can stand: after a command that takes an argument,
# or a script mark (INSPIRE's exports write \sqrt\{ s_\mathrm \{ NN \} \}).
_ESCAPED_GROUP = re.compile(
    r"(?:[_^]|\\(?:" + "|".join([*_ARGUMENTS, *MATH_WORD_FONTS]) + r"))\s*\\\{"
)


def read_math(body: str) -> list[Item]:
    """A math body as items, grouped as TeX groups it."""
    if _ESCAPED_GROUP.search(body):
        # The export escaped the braces that group: they group, as written before it.
        body = body.replace("\\{", "{").replace("\\}", "}")
    tokens = [(m["command"], m["char"]) for m in _TOKEN.finditer(body)]
    return _items(tokens, 0)[0]


def _items(tokens: _Tokens, i: int) -> tuple[list[Item], int]:
    """The items from ``i`` to the end of the group, and where it ends."""
    items: list[Item] = []
    while i < len(tokens):
        command, char = tokens[i]
        if char == "}":
            return items, i + 1
        if char == "{":
            inner, i = _items(tokens, i + 1)
            items.extend(_trimmed(inner))
        elif char in ("^", "_"):
            argument, i = _argument(tokens, i + 1)
            items.append(Script(char, tuple(argument)))
        elif command in MATH_WORD_FONTS:
            words, i = _font_items(tokens, i + 1, MATH_WORD_FONTS[command])
            items.extend(words)
        elif command in _ARGUMENTS:
            arguments = []
            i += 1
            for _ in range(_ARGUMENTS[command]):
                argument, i = _argument(tokens, i)
                arguments.append(tuple(argument))
            items.append(Applied(command, tuple(arguments)))
        elif command is not None:
            items.append(Command(command))
            i += 1
        else:
            items.append(char or "")
            i += 1
    return items, i


def _trimmed(items: list[Item]) -> list[Item]:
    """A group's items without the spaces TeX ignores at its edges ("{ NN }")."""
    while items and items[0] == " ":
        items.pop(0)
    while items and items[-1] == " ":
        items.pop()
    return items


def _argument(tokens: _Tokens, i: int) -> tuple[list[Item], int]:
    """An argument: a group, a word in a math font, or one token."""
    while i < len(tokens) and tokens[i][1] == " ":
        i += 1
    if i >= len(tokens):
        return [], i
    command, char = tokens[i]
    if char == "{":
        inner, end = _items(tokens, i + 1)
        return _trimmed(inner), end
    if command in MATH_WORD_FONTS:
        return _font_items(tokens, i + 1, MATH_WORD_FONTS[command])
    return [Command(command) if command is not None else (char or "")], i + 1


def _font_items(tokens: _Tokens, i: int, font: str) -> tuple[list[Item], int]:
    """What a font command sets: a word, or its words and scripts where its braces hold a
    script (``\\mathrm{H_2O}`` is H, a subscript 2 and O, as TeX sets it)."""
    start = i
    while start < len(tokens) and tokens[start][1] == " ":
        start += 1
    if start < len(tokens) and tokens[start][1] == "{" and _holds_script(tokens, start + 1):
        inner, end = _items(tokens, start + 1)
        return _as_words(_trimmed(inner), font), end
    text, end = _font_text(tokens, i)
    return [Word(text, font)], end


def _holds_script(tokens: _Tokens, i: int) -> bool:
    """Whether the group that starts at ``i`` has a ^ or _ of its own."""
    depth = 0
    for command, char in tokens[i:]:
        if char == "{":
            depth += 1
        elif char == "}":
            if depth == 0:
                return False
            depth -= 1
        elif char in ("^", "_") and depth == 0 and command is None:
            return True
    return False


def _as_words(items: list[Item], font: str) -> list[Item]:
    """The runs of characters among ``items`` as words of ``font``, the rest as it is."""
    out: list[Item] = []
    run: list[str] = []

    def flush() -> None:
        if text := " ".join("".join(run).split()):
            out.append(Word(text, font))
        run.clear()

    for item in items:
        if isinstance(item, str):
            run.append(item)
        elif isinstance(item, Command) and item.name in MATH_SPACES:
            run.append(" ")
        else:
            flush()
            out.append(item)
    flush()
    return out


def _font_text(tokens: _Tokens, i: int) -> tuple[str, int]:
    """What ``\\rm`` switches to the end of its group, or ``\\mathrm{...}`` holds."""
    while i < len(tokens) and tokens[i][1] == " ":
        i += 1
    braced = i < len(tokens) and tokens[i][1] == "{"
    start = end = i + 1 if braced else i
    while end < len(tokens) and tokens[end][1] not in ("}", *(() if braced else ("^", "_"))):
        end += 1
    text = "".join(
        " " if command in MATH_SPACES else (char or MATH_TEXT.get(command or "", ""))
        for command, char in tokens[start:end]
    )
    return " ".join(text.split()), end + 1 if braced else end


def closest_text(items: list[Item] | tuple[Item, ...]) -> str:
    """Math as a reader would say it: symbols as characters, a script raised or lowered
    in Unicode where every character of it has that form, inline otherwise."""
    out = []
    for item in items:
        if isinstance(item, Script):
            text = closest_text(item.items)
            table = SUPERSCRIPTS if item.mark == "^" else SUBSCRIPTS
            out.append(text.translate(table) if all(ord(ch) in table for ch in text) else text)
        elif isinstance(item, Word):
            out.append(_in_font(item.text, item.font))
        elif isinstance(item, Applied):
            out.append(_applied_text(item))
        elif isinstance(item, Command):
            name = MATH_ALIASES.get(item.name, item.name)
            if name in MATH_SPACES:
                out.append(" ")
            else:
                out.append(MATH_TEXT.get(name) or MATH_SYMBOLS.get(name) or _MARKS.get(name, ""))
        else:
            out.append("\u2212" if item == "-" else item)  # math's hyphen is a minus sign
    return "".join(out)


def math_as_text(body: str) -> str:
    """A math body (what stands between its dollars) as its closest text."""
    return " ".join(closest_text(read_math(body)).split())


# Operator names (log, sin): TeX sets them apart from the letters beside them, which text
# written without those spaces would join ("nlog n").
_OPERATORS = {name for name, char in MATH_SYMBOLS.items() if char == name}
# A raised symbol that is a character of its own: 25$^\circ$C is 25°C.
_RAISED = {"circ": "°", "prime": "′", "dagger": "†", "ddagger": "‡"}
# A space written in the math body, which TeX ignores but beside a sign.
_WRITTEN_SPACE = "\x00"


def unicode_math(items: list[Item] | tuple[Item, ...]) -> str | None:
    """Math as Unicode text where that text says what the typeset math says: symbols as
    their characters, each script in Unicode's raised or lowered forms (Σ3, CD4⁺, H₂O,
    10⁻³, ΛCDM, 25°C); None where text cannot (a script with letters, a radical, a
    fraction, a bold or styled letter, an operator name)."""
    text = _unicode(items)
    if text is None:
        return None
    # A space written between two letters or digits is no space in math (Σ 3 is Σ3);
    # beside a sign (S ⊆ T) it stays, as TeX puts one there.
    pieces = text.split(_WRITTEN_SPACE)
    out = pieces[0]
    for piece in pieces[1:]:
        before, after = out.rstrip()[-1:], piece.lstrip()[:1]
        if before and after and not (before.isalnum() and after.isalnum()):
            out = out.rstrip() + " "
        out += piece.lstrip() if out.endswith(" ") else piece
    return " ".join(out.split())


def _unicode(items: list[Item] | tuple[Item, ...]) -> str | None:
    out = []
    for item in items:
        if isinstance(item, Script):
            out.append(_script_unicode(item) or "")
            if not out[-1]:
                return None
        elif isinstance(item, Word):
            if item.font != "mathrm":
                return None  # bold, sans, typewriter, italic words: their style is meant
            out.append(item.text)
        elif isinstance(item, Applied):
            return None
        elif isinstance(item, Command):
            name = MATH_ALIASES.get(item.name, item.name)
            char = MATH_TEXT.get(name) or MATH_SYMBOLS.get(name) or _MARKS.get(name)
            if name in MATH_SPACES:
                out.append(" ")
            elif name in _OPERATORS or not char:
                return None
            else:
                out.append(char)
        elif item == " ":
            out.append(_WRITTEN_SPACE)
        else:
            out.append("\u2212" if item == "-" else item)  # math's hyphen is a minus sign
    return "".join(out)


def _script_unicode(script: Script) -> str | None:
    only = script.items[0] if len(script.items) == 1 else None
    if script.mark == "^" and isinstance(only, Command) and only.name in _RAISED:
        return _RAISED[only.name]
    inner = _unicode(script.items)
    if not inner:
        return None
    inner = inner.replace(_WRITTEN_SPACE, "")
    table = SUPERSCRIPTS if script.mark == "^" else SUBSCRIPTS
    if not all(ord(char) in table for char in inner):
        return None
    return inner.translate(table)


def _applied_text(item: Applied) -> str:
    texts = [closest_text(argument) for argument in item.arguments]
    if item.name == "sqrt":
        return "√" + _grouped(texts[0])
    if item.name in ACCENTS:
        # The mark on the argument's first letter: Õ, p̄.
        text = texts[0]
        return unicodedata.normalize("NFC", text[:1] + ACCENTS[item.name] + text[1:])
    return f"{_grouped(texts[0])}/{_grouped(texts[1])}"  # a fraction


def _grouped(text: str) -> str:
    """A radicand, numerator or denominator: in brackets when it is more than one term."""
    return text if re.fullmatch(r"\w+|\(.*\)", text) else f"({text})"


# The letters of the styled alphabets that Unicode keeps in its Letterlike Symbols block.
_LETTERLIKE = {
    ("mathbb", "C"): "ℂ", ("mathbb", "H"): "ℍ", ("mathbb", "N"): "ℕ", ("mathbb", "P"): "ℙ",
    ("mathbb", "Q"): "ℚ", ("mathbb", "R"): "ℝ", ("mathbb", "Z"): "ℤ",
    ("mathfrak", "C"): "ℭ", ("mathfrak", "H"): "ℌ", ("mathfrak", "I"): "ℑ",
    ("mathfrak", "R"): "ℜ", ("mathfrak", "Z"): "ℨ",
}  # fmt: skip
_ALPHABETS = {"mathbb": "DOUBLE-STRUCK", "mathfrak": "FRAKTUR"}


def _in_font(text: str, font: str) -> str:
    """A word of a math font as text: its letters, but for the alphabets Unicode has as
    characters of their own (ℝ, 𝔤), which say what plain letters do not."""
    if font not in _ALPHABETS:
        return text
    return "".join(_styled(char, font) for char in text)


def _styled(char: str, font: str) -> str:
    if (font, char) in _LETTERLIKE:
        return _LETTERLIKE[(font, char)]
    if not char.isascii() or not char.isalnum():
        return char
    if char.isdigit():
        name = f"MATHEMATICAL {_ALPHABETS[font]} DIGIT {unicodedata.name(char).split()[-1]}"
    else:
        case = "CAPITAL" if char.isupper() else "SMALL"
        name = f"MATHEMATICAL {_ALPHABETS[font]} {case} {char.upper()}"
    try:
        return unicodedata.lookup(name)
    except KeyError:
        return char

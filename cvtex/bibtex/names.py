"""Authors as BibTeX lists them, as a CV shows them.

People mark their own name in their .bib (``\\textbf{Fang, Jin}``, ``\\underline{...}``, a
macro of their own such as ``{\\myname{Jin Fang}}``): the macro is taken off, so that the
name is read as a name, and the name counts as the owner's (set in bold). ``\\emph`` and
other italics are taken off without that meaning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bibtexparser.middlewares.names import (
    InvalidNameError,
    parse_single_name_into_parts,
    split_multiple_persons_names,
)

from ..text.scripts import has_cjk
from .latex import plain_text


@dataclass(frozen=True)
class BibAuthor:
    name: str  # as the CV shows it: "J. Fang", "et al."
    marked: bool  # wrapped in a macro that marks the owner


# Commands of LaTeX that write a letter or an accent: never wrappers.
_LETTER_COMMANDS = {"ss", "aa", "AA", "ae", "AE", "oe", "OE", "o", "O", "l", "L", "i", "j"}
_ACCENTS = set("cvuHkrdbt")
# Wrappers that mean emphasis, not "this is me".
_NOT_MARKING = {"emph", "textit", "textsl", "textrm", "textsc", "textnormal", "mbox", "text"}
_MACRO = re.compile(r"\\([A-Za-z]+)\s*\{")
_SWITCH = re.compile(r"\{\\(bf|bfseries|it|em|sc)\s+")
_ET_AL = re.compile(r"^\{?\s*(others|et\.?\s*al\.?)\s*\}?$", re.IGNORECASE)


def read_authors(value: str, abbreviate: bool) -> list[BibAuthor]:
    """The people of an ``author`` (or ``editor``) field, in order."""
    people = []
    # Macros go before the field is split: bibtexparser's split takes the "\\u" of
    # "and \\underline{...}" for white space.
    for written in split_multiple_persons_names(_unwrapped(value)):
        marked = _MARK in written
        bare = _without_whole_group(written.replace(_MARK, "").strip())
        if _ET_AL.match(bare):
            people.append(BibAuthor("et al.", False))
            continue
        people.append(BibAuthor(_shown(bare, abbreviate), marked))
    return people


# Put where a macro marked a name as the owner's; no .bib holds it (a private-use character).
_MARK = "\ue000"


def _unwrapped(value: str) -> str:
    """The field without the macros around names (or their parts); the names a macro
    marks as the owner's carry _MARK."""
    while True:
        switch = _SWITCH.search(value)
        if switch is not None:
            # {\bf Fang, J.}: the switch goes; its group, if it held the name, later.
            mark = "" if switch[1] in ("it", "em") else _MARK
            value = value[: switch.start()] + "{" + mark + value[switch.end() :]
            continue
        macro = next(
            (
                m
                for m in _MACRO.finditer(value)
                if m[1] not in _LETTER_COMMANDS and not (len(m[1]) == 1 and m[1] in _ACCENTS)
            ),
            None,
        )
        if macro is None:
            return value
        end = _closing_brace(value, macro.end())
        if end is None:
            return value
        mark = "" if macro[1] in _NOT_MARKING else _MARK
        start, stop = macro.start(), end + 1
        inner = mark + value[macro.end() : end]
        # {\myname{Jin Fang}}: the group that held only the macro goes too, or the name
        # would be read as one protected word.
        if start > 0 and value[start - 1] == "{" and value[stop : stop + 1] == "}":
            start, stop = start - 1, stop + 1
        value = value[:start] + inner + value[stop:]


def _without_whole_group(name: str) -> str:
    """``{Fang, Jin}`` left by a switch: the braces go when they hold a whole comma name."""
    if name.startswith("{") and _closing_brace(name, 1) == len(name) - 1 and "," in name:
        return name[1:-1]
    return name


def _closing_brace(text: str, start: int) -> int | None:
    depth = 1
    for index in range(start, len(text)):
        if text[index] == "\\":
            continue
        if text[index] == "{" and text[index - 1] != "\\":
            depth += 1
        elif text[index] == "}" and text[index - 1] != "\\":
            depth -= 1
            if depth == 0:
                return index
    return None


def _shown(written: str, abbreviate: bool) -> str:
    try:
        parts = parse_single_name_into_parts(written, strict=False)
    except InvalidNameError:
        return plain_text(written)
    first, von, last, jr = (
        " ".join(plain_text(part) for part in pieces).strip()
        for pieces in (parts.first, parts.von, parts.last, parts.jr)
    )
    if has_cjk(first + last):
        # A Chinese, Japanese or Korean name puts its family name first and has no initials:
        # "山田, 太郎" (BibTeX's family, given) is 山田太郎; "山田 太郎" stays as written.
        return last + first if "," in written else " ".join(p for p in (first, last) if p)
    if abbreviate and first:
        first = initials(first)
    return " ".join(part for part in (first, von, last) if part) + (f", {jr}" if jr else "")


def initials(given: str) -> str:
    """ "Jin" -> "J.", "Hong-Li" -> "H.-L.", "J. R." stays."""
    return " ".join(
        "-".join(f"{piece[0]}." for piece in word.split("-") if piece) for word in given.split()
    )

"""The font plan of one language's CV, made before it is rendered: a font for each script
its text uses beyond the Latin fonts (and CJK, which xeCJK sets).

The plan reads the localized view and the catalog strings a template prints, finds their
scripts (text/scripts.py), and for each script chooses, for serif and for sans text, the
first of these fonts that has every character the CV writes in it:

1. the Latin font itself (then the script is not switched at all);
2. the fonts the design chooses for it (``design.fonts.scripts`` in theme.yaml or the
   profile);
3. cvtex's fallbacks for the script among installed Debian fonts (Noto Serif and Noto
   Sans for Greek and Cyrillic, Noto Naskh Arabic, ..., Symbola for symbols and emoji).

Latin letters are planned the same way, one by one: those the theme's Latin font of a
family lacks (Sami Ŧ, the Hawaiian ʻokina, ȩ) are set in the first fallback that has
them (Noto Serif or Noto Sans, in the text's series and shape), the others stay in the
Latin font.

A script no installed font covers gets the font that has most of it, or none; the compile
then names each missing character, its field, and a package that has it (provenance.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import BaseModel

from ..errors import ToolchainError
from ..profile.design import FontChoice
from ..text.scripts import CJK, LATIN, SCRIPTS, Fallback, Script, scripts_in
from .fontchoice import describe, resolve
from .fonts import (
    Charset,
    ResolvedFont,
    charset,
    families_with_all,
    file_charset,
    installed_families,
)

LIST_FONTS_HINT = "`fc-list : family` lists the fonts installed on this machine"
# What fontspec sets when a theme's Latin font is not installed.
_DEFAULT_LATIN = {"serif": "Latin Modern Roman", "sans": "Latin Modern Sans"}


@dataclass(frozen=True)
class ScriptFace:
    """The font a script is set in for one family of the text (serif or sans)."""

    name: str
    options: str  # fontspec's options: how to find it, and the OpenType script to shape for
    # The family whose x-height, against the Latin font's, gives the scale (the font's
    # Latin companion); empty: not scaled.
    like: str


@dataclass(frozen=True)
class ScriptFonts:
    """How one script is set: a face for serif and for sans text (None: the Latin font of
    that family has every character, and nothing is switched)."""

    name: str
    serif: ScriptFace | None
    sans: ScriptFace | None
    rtl: bool = False
    actual_text: bool = False
    line_break_locale: str = ""
    # Latin's entry only: the letters the Latin fonts lack, which the escape sets in the
    # face (the others stay in the Latin font).
    letters: frozenset[str] = frozenset()

    @property
    def faces(self) -> list[tuple[str, ScriptFace]]:
        """(NFSS family, face) for the families that switch: "rm" serif, "sf" sans."""
        return [(role, face) for role, face in (("rm", self.serif), ("sf", self.sans)) if face]

    @property
    def wraps(self) -> bool:
        """Whether its runs need more than a font: direction, copyable text, line breaks."""
        return self.rtl or self.actual_text or bool(self.line_break_locale)


def texts(*values: Any) -> list[str]:
    """Every string in the values: dataclasses (the localized view), pydantic models (the
    catalog), lists and dicts, however deep; in no particular order. A loop over a stack,
    not recursion: this runs before every render, over every field of the CV."""
    found: list[str] = []
    stack = list(values)
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif names := _field_names(type(value)):
            stack.extend(getattr(value, name) for name in names)
    return found


@cache
def _field_names(kind: type) -> tuple[str, ...]:
    """The fields of a dataclass or pydantic model type; () for any other type."""
    if issubclass(kind, BaseModel):
        return tuple(kind.model_fields)
    if dataclasses.is_dataclass(kind):
        return tuple(field.name for field in dataclasses.fields(kind))
    return ()


def used_scripts(*values: Any) -> dict[str, set[str]]:
    """The scripts of every string in the values, as scripts.scripts_in gives them, with
    math beyond the small math as the text it is set as (√, ℝ)."""
    text = "\n".join(texts(*values))
    if "$" in text:
        text += "\n" + "\n".join(_math_set_as_text(text))
    return scripts_in(text)


def _math_set_as_text(text: str) -> list[str]:
    from ..text.math import math_as_text
    from ..text.texescape import INLINE_MARKUP, is_small_math, looks_like_math

    bodies = (match["math_text"] for match in INLINE_MARKUP.finditer(text) if match["math"])
    return [
        math_as_text(body) for body in bodies if not is_small_math(body) and looks_like_math(body)
    ]


def plan_scripts(
    used: dict[str, set[str]],
    latin: dict[str, ResolvedFont | None],
    chosen: dict[str, list[FontChoice]],
    chosen_by_user: Iterable[str] = (),
    origins: dict[str, str] | None = None,
) -> tuple[ScriptFonts, ...]:
    """A ScriptFonts for each script in ``used`` but CJK, in a stable order.

    ``latin``: the serif and sans Latin fonts; ``chosen``: the design's fonts per script,
    those in ``chosen_by_user`` written in the profile (where ``origins`` says), which
    must then be installed.
    """
    plans = []
    for name in sorted(used):
        if name == CJK:
            continue
        chars = used[name]
        script = SCRIPTS.get(name)
        design = chosen.get(name, [])
        if name in chosen_by_user and design and not any(_installed(c) for c in design):
            where = (origins or {}).get(name, "design")
            raise ToolchainError(
                f"{where}: design.fonts.scripts.{name}: none of {describe(design)} is installed",
                f"install it, or name another font; {LIST_FONTS_HINT}",
            )
        faces = {
            role: _face(chars, latin[role], design, script, role) for role in ("serif", "sans")
        }
        letters = frozenset()
        if name == LATIN:
            # Only the letters a Latin font lacks leave it; none: nothing to plan.
            letters = frozenset().union(
                *(_latin_charset(latin[role], role).missing(chars) for role in faces)
            )
            if not letters:
                continue
        plans.append(
            ScriptFonts(
                name,
                faces["serif"],
                faces["sans"],
                rtl=bool(script and script.rtl),
                actual_text=bool(script and script.actual_text),
                line_break_locale=script.line_break_locale if script else "",
                letters=letters,
            )
        )
    return tuple(plans)


def _latin_charset(latin: ResolvedFont | None, role: str) -> Charset:
    """What the Latin font of a family has (fontspec's default when it is not installed)."""
    if latin is None:
        return charset(_DEFAULT_LATIN[role])
    return _charset_of(latin) or Charset()


def _installed(choice: FontChoice) -> bool:
    return resolve([choice]) is not None


def _face(
    chars: set[str],
    latin: ResolvedFont | None,
    design: list[FontChoice],
    script: Script | None,
    role: str,
) -> ScriptFace | None:
    if _latin_charset(latin, role).covers(chars):
        return None
    candidates: list[tuple[ResolvedFont, str, Charset | None]] = []
    for choice in design:
        if (found := resolve([choice])) is not None:
            # A font from the TeX tree (by file name) is not fontconfig's: its x-height is
            # not measured.
            candidates.append((found, "" if found.file else found.name, _charset_of(found)))
    for fallback in _fallbacks(script, role, chars):
        if fallback.family in installed_families():
            like = fallback.like if fallback.like in installed_families() else fallback.family
            candidates.append((ResolvedFont(fallback.family), like, charset(fallback.family)))
    if not candidates:
        return None
    covering = [c for c in candidates if c[2] is None or c[2].covers(chars)]
    if covering:
        font, like, _ = covering[0]
    elif design and candidates[0][0].name in {choice.family for choice in design}:
        font, like, _ = candidates[0]  # what was asked for: the compile names what it lacks
    else:
        font, like, _ = max(candidates, key=lambda c: len(chars) - len(_missing(c[2], chars)))
    features = [f"Script={script.otf}"] if script and script.otf else []
    options = ", ".join(part for part in (font.options, *features) if part)
    return ScriptFace(font.name, options, like)


def _charset_of(font: ResolvedFont) -> Charset | None:
    """What the font has: a fontconfig family's text faces, a TeX Live font's regular file
    (None where it cannot be read: not measured)."""
    if font.file:
        return file_charset(font.regular_file) if font.regular_file else None
    return charset(font.name)


def _missing(found: Charset | None, chars: set[str]) -> set[str]:
    return set() if found is None else found.missing(chars)


def _fallbacks(script: Script | None, role: str, chars: set[str]) -> tuple[Fallback, ...]:
    if script is not None:
        return script.serif if role == "serif" else script.sans
    # A script without an entry (OTHER): any installed font that has it, Noto's first,
    # the one of the text's family (serif or sans) before the other.
    family = "Noto Serif" if role == "serif" else "Noto Sans"
    found = families_with_all(chars)
    ranked = sorted(
        found, key=lambda name: (not name.startswith(family), not name.startswith("Noto"))
    )
    return tuple(Fallback(name) for name in ranked)

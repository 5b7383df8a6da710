"""Which font of a chain a CV is set in, how XeLaTeX is told to load it, and why it was
chosen.

A chain (a catalog's ``fonts:``, a theme's ``design.fonts``) lists fonts of every system:
Linux's, macOS's, Windows', and TeX Live's own last. The first installed one is used:

- a family TeX Live ships (texfonts.py) is loaded by file name from TeX Live's tree, the
  same files on every system, whether fontconfig knows it or not;
- any other family through fontconfig (XeLaTeX's own lookup), its faces named the way
  XeLaTeX finds them: by family alone where the family has just a Regular and a Bold,
  else each face by its PostScript name (Hiragino's W3 and W6, PingFang's Semibold, a
  Lato with nine weights), so that bold is the family's bold, never its Black;
- a family with no bold face (SimSun, SimHei, Batang) is emboldened by XeTeX (FakeBold),
  unless its language takes bold from its sans font (``bold: sans``, settings.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from . import fonts, texfonts
from .fonts import FAUX_BOLD, Face, ResolvedFont, family_faces, installed_families

if TYPE_CHECKING:  # only a type here: importing the models would load pydantic
    from ..profile.design import FontChoice

# fontconfig's weights: a face this much heavier than the upright one, and at least medium,
# can be its bold (Hiragino W3 50 -> W6 180, Heiti Light 50 -> Medium 100, Regular 80 ->
# Bold 200 rather than Black 210 or Medium 100).
_BOLD_STEP = 50
_MEDIUM = 100
_BOLD = 200
_REGULAR = 80
_PLAIN_STYLES = frozenset(("Regular", "Bold"))
_WEIGHT_STYLES = ("Light", "Medium")


@dataclass(frozen=True)
class Pick:
    """What a chain gave: the font used (None: none is installed), and the fonts before
    it that are not."""

    font: ResolvedFont | None
    label: str  # the chosen choice as the chain names it: "Songti SC", "FandolSong"
    passed: tuple[str, ...]  # the choices before it, not installed here

    def why(self) -> str:
        """One line: the font, how it was found, what was not found before it."""
        if self.font is None:
            return f"none installed (looked for {', '.join(self.passed)})"
        bold = _bold_note(self.font)
        line = f"{self.label} ({self.font.found_by}{bold})"
        if self.passed:
            line += f"; not installed: {', '.join(self.passed)}"
        return line


def pick(choices: list[FontChoice]) -> Pick:
    """The first of ``choices`` that is installed."""
    passed = []
    for choice in choices:
        label = name_of(choice)
        if (font := find(choice)) is not None:
            return Pick(font, label, tuple(passed))
        passed.append(label)
    return Pick(None, "", tuple(passed))


def resolve(choices: list[FontChoice]) -> ResolvedFont | None:
    """The first of ``choices`` that is installed, or None."""
    return pick(choices).font


def name_of(choice: FontChoice) -> str:
    return choice.family or f"{choice.file} (TeX Live)"


def describe(choices: list[FontChoice]) -> str:
    return " or ".join(name_of(choice) for choice in choices)


def find(choice: FontChoice) -> ResolvedFont | None:
    """The font a choice names, if it is installed: from TeX Live's tree when TeX Live
    ships it, else through fontconfig."""
    stem = choice.file or texfonts.stem_of(choice.family or "")
    if stem and (found := from_tex_tree(stem)) is not None:
        return found
    if choice.family and choice.family in installed_families():
        return through_fontconfig(choice.family)
    return None


@cache
def from_tex_tree(stem: str) -> ResolvedFont | None:
    """A family of files in TeX Live's tree, as fontspec loads it: by file name."""
    family = texfonts.find(stem)
    if family is None:
        return None
    options = [f"Extension={family.extension}"]
    options += [f"{key}=*{name.removeprefix(stem)}" for key, name in family.faces]
    bold = family.face("BoldFont")
    upright = family.face("UprightFont")
    if not bold:  # FandolKai: emboldened
        options += [f"BoldFont=*{upright.removeprefix(stem)}", f"BoldFeatures={{{FAUX_BOLD}}}"]
    return ResolvedFont(
        stem,
        ", ".join(options),
        file=True,
        extension=family.extension,
        bold=bold,
        upright=upright,
        regular_file=family.regular_path,
        found_by=f"file: {family.regular_path}",
        weights=family.weights,
    )


@cache
def through_fontconfig(family: str) -> ResolvedFont:
    """An installed fontconfig family, its faces named so that XeLaTeX takes the right ones."""
    faces = family_faces(family)
    roman = [face for face in faces if face.slant == 0]
    if not roman:  # nothing fc-list could describe: XeLaTeX's own choice
        return ResolvedFont(family, bold=f"{family}/B", upright=family, found_by="fontconfig")
    upright = _upright(roman)
    bold = _bold(roman, upright)
    weights = tuple(
        (face.style, face.postscript)
        for face in roman
        if face.style in _WEIGHT_STYLES and face not in (upright, bold)
    )
    common = {
        "regular_file": upright.file,
        "regular_index": upright.index,
        "found_by": f"fontconfig: {upright.file}",
        "weights": weights,
    }
    if {face.style for face in roman} <= _PLAIN_STYLES and upright.style == "Regular":
        if bold is not None:  # XeLaTeX's family lookup finds both
            return ResolvedFont(family, bold=f"{family}/B", upright=family, **common)
        faux = f"BoldFont={{{family}}}, BoldFeatures={{{FAUX_BOLD}}}"
        return ResolvedFont(family, faux, upright=family, **common)
    options = [f"UprightFont={{{upright.postscript}}}"]
    if bold is not None:
        options.append(f"BoldFont={{{bold.postscript}}}")
    else:
        options += [f"BoldFont={{{upright.postscript}}}", f"BoldFeatures={{{FAUX_BOLD}}}"]
    italics = [face for face in faces if face.slant != 0]
    for key, weight in (("ItalicFont", upright.weight), ("BoldItalicFont", _BOLD)):
        if italics:
            italic = min(italics, key=lambda face: abs(face.weight - weight))
            options.append(f"{key}={{{italic.postscript}}}")
    return ResolvedFont(
        family,
        ", ".join(options),
        bold=bold.postscript if bold else "",
        upright=upright.postscript,
        **common,
    )


def _upright(roman: list[Face]) -> Face:
    """The face text is set in: Regular; else the heaviest lighter than regular (Hiragino
    W3, Heiti Light); else the lightest."""
    regular = [face for face in roman if face.style == "Regular" or face.weight == _REGULAR]
    if regular:
        return min(regular, key=lambda face: face.style != "Regular")
    lighter = [face for face in roman if face.weight < _REGULAR]
    if lighter:
        return max(lighter, key=lambda face: face.weight)
    return min(roman, key=lambda face: face.weight)


def _bold(roman: list[Face], upright: Face) -> Face | None:
    """The face bold text is set in: the one nearest to bold among those clearly heavier
    than the upright one; None if there is none."""
    heavier = [
        face
        for face in roman
        if face.weight >= max(upright.weight + _BOLD_STEP, _MEDIUM) and face != upright
    ]
    if not heavier:
        return None
    return min(heavier, key=lambda face: (abs(face.weight - _BOLD), face.style != "Bold"))


def _bold_note(font: ResolvedFont) -> str:
    """Where bold text comes from, when not from the font's own bold face."""
    if "BoldFont={" not in font.options:
        return ""
    source = font.options.partition("BoldFont={")[2].partition("}")[0]
    if f"BoldFeatures={{{FAUX_BOLD}}}" in font.options:
        return f"; bold: {source} emboldened (no bold face)"
    if source != font.bold:
        return (
            f"; bold: {source.removesuffix('/B')}'s bold"
            if source.endswith("/B")
            else (f"; bold: {source}")
        )
    return ""


def forget() -> None:
    """Forget what was learnt of the installed fonts: a watch's next build asks again, as
    fonts or TeX Live may have been installed since the build that said they were missing."""
    fonts.forget()
    texfonts.forget()
    for cached in (from_tex_tree, through_fontconfig, regular_face):
        cached.cache_clear()


@cache
def regular_face(font: ResolvedFont) -> tuple[Path, int] | None:
    """The file of the font's regular face, and its index in a collection (.ttc)."""
    if font.regular_file:
        return Path(font.regular_file), font.regular_index
    if font.file:
        return None
    faces = [face for face in family_faces(font.name) if face.slant == 0]
    if not faces:
        return None
    upright = _upright(faces)
    return Path(upright.file), upright.index

"""How a CV looks, apart from what it says: the design: block (paper, margins, type,
colours, Latin fonts and fonts for other scripts, fit to pages, tagging) that overrides a
theme's defaults, and the fonts chosen per language (fonts:, the CJK fonts).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StringConstraints, WithJsonSchema, model_validator

from ..text.scripts import SCRIPTS
from .base import Lang, Model

FONT_NAME = r"^[A-Za-z0-9 _.-]+$"  # font names reach TeX: letters, digits, spaces, _ . - only


class FontChoice(Model):
    """A font found through fontconfig by family, or in the TeX tree by file stem."""

    family: str | None = Field(None, pattern=FONT_NAME, description="A fontconfig family name.")
    file: str | None = Field(
        None, pattern=FONT_NAME, description="A TeX Live font's file stem (FandolSong)."
    )

    @model_validator(mode="after")
    def _names_a_font(self) -> FontChoice:
        if not self.family and not self.file:
            raise ValueError("a font needs a family (or a file)")
        return self


class Fonts(Model):
    serif: list[FontChoice] = Field(default_factory=list, description="Candidates, in order.")
    sans: list[FontChoice] = Field(default_factory=list, description="Candidates, in order.")
    bold: Literal["serif", "sans"] | None = Field(
        None,
        description="The face of bold text in the serif font: its own bold, or the sans "
        "font's bold (黑体, as Chinese typesetting does: the Chinese catalogs' choice). "
        "Not given: the language catalog's choice, else serif.",
    )
    package: str | None = Field(
        None,
        pattern=r"^[a-z0-9][a-z0-9.+-]*$",
        description="The Debian package with the fonts.",
        examples=["fonts-noto-cjk"],
    )


LENGTH_PATTERN = r"^\d{1,3}(\.\d{1,3})?\s?(pt|bp|mm|cm|in|em|ex)$"
Length = Annotated[
    str,
    StringConstraints(strip_whitespace=True, pattern=LENGTH_PATTERN),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": LENGTH_PATTERN,
            "description": "A TeX length: 1.5cm, 18mm, 0.75in, 36pt.",
        }
    ),
]
HexColor = Annotated[
    str,
    StringConstraints(pattern=r"^#[0-9A-Fa-f]{6}$"),
    WithJsonSchema(
        {"type": "string", "pattern": r"^#[0-9A-Fa-f]{6}$", "description": "A colour: #1B4F72."}
    ),
]


class Margins(Model):
    """Page margins per side; a side left out keeps the theme's."""

    top: Length | None = None
    bottom: Length | None = None
    left: Length | None = None
    right: Length | None = None


def _points(value: Any) -> Any:
    """A font size as 10, 10.5 or "10.5pt"."""
    if isinstance(value, str) and (
        match := re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(?:pt)?\s*", value)
    ):
        return float(match[1])
    return value


FontSize = Annotated[
    float,
    BeforeValidator(_points),
    Field(ge=7, le=16),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "number", "minimum": 7, "maximum": 16},
                {"type": "string", "pattern": r"^\d+(\.\d+)?\s*pt$"},
            ],
            "description": "The body text size in points: 10, 10.5 or 11pt.",
        }
    ),
]


def _font_candidates(value: Any) -> Any:
    """A family name, or a list of candidates each a family name or {family|file: ...}."""
    if isinstance(value, str):
        value = [value]
    if isinstance(value, list):
        return [{"family": item} if isinstance(item, str) else item for item in value]
    return value


FontCandidates = Annotated[list[FontChoice], BeforeValidator(_font_candidates)]


class Colors(Model):
    """The colours every theme draws with (a theme may leave one unused)."""

    accent: HexColor | None = Field(None, description="The name, section titles, rules, links.")
    muted: HexColor | None = Field(None, description="Secondary text: dates, places, notes.")
    text: HexColor | None = Field(None, description="The body text.")
    tint: HexColor | None = Field(
        None, description="A light background: filled title bars, a side column."
    )


# The scripts a design can choose a font for (text/scripts.py: greek, cyrillic, arabic, ...).
ScriptName = Literal[tuple(SCRIPTS)]  # type: ignore[valid-type]


class DesignFonts(Model):
    """Latin fonts, and fonts for other scripts (CJK fonts stay per language, under fonts:
    or the locale's)."""

    serif: FontCandidates | None = Field(
        None, description="The roman family (\\rmfamily): a family name or candidates in order."
    )
    sans: FontCandidates | None = Field(
        None, description="The sans-serif family (\\sffamily): a family name or candidates."
    )
    scripts: dict[ScriptName, FontCandidates] | None = Field(
        None,
        description="Fonts for text in other scripts, by script (greek, cyrillic, arabic, "
        "hebrew, devanagari, thai, symbols, emoji, math, ...): a family or candidates, for "
        "serif and sans text alike. The first installed one that has every character the CV "
        "writes in that script is used; without one, cvtex chooses among installed fonts.",
    )


def _fit_word(value: object) -> object:
    """fit: off as YAML 1.1 writers spell it (false): the same word."""
    if isinstance(value, bool):
        return "auto" if value else "off"
    return value


class DesignOptions(Model):
    """How a CV looks, whatever its theme: page, margins, type, colours, length."""

    paper: Literal["a4", "letter"] | None = Field(None, description="The paper size.")
    margins: Length | Margins | None = Field(
        None, description="One TeX length for every side, or {top, bottom, left, right}."
    )
    font_size: FontSize | None = None
    line_spacing: float | None = Field(
        None, ge=0.8, le=2.0, description="The leading, as a factor (\\linespread): 1.0, 1.15."
    )
    accent: HexColor | None = Field(None, description="The accent colour; as colors.accent.")
    colors: Colors | None = None
    fonts: DesignFonts | None = None
    fit: Annotated[Literal["auto", "off"] | None, BeforeValidator(_fit_word)] = Field(
        None,
        description="auto (the default): a CV whose last page holds less than a quarter of "
        "a page is fitted to one page fewer, spacing then type tightened within the theme's "
        "bounds and never below 10 pt, with a line saying so; off: the CV as written.",
        examples=["off"],
    )
    fit_pages: int | None = Field(
        None,
        ge=1,
        le=20,
        description="Fit the CV on this many pages: spacing, then the font size, are "
        "tightened within fixed bounds; nothing is left out.",
    )
    tagged: bool | None = Field(
        None,
        description="A tagged PDF: a structure tree (the name and section titles as "
        "headings, entries' lines as headings and paragraphs, lists and their items) that "
        "screen readers and some applicant-tracking systems read. Costs two more XeLaTeX "
        "passes, three in all (see bench/README.md), hence off by default.",
        examples=[True],
    )
    page_numbers: bool | None = Field(
        None,
        description="On each page after the first of a CV of several pages, its number (2 / 3) "
        "and the name (drawn, so that no reader takes them for the text); on by default, "
        "never on a CV of one page.",
        examples=[False],
    )
    attach_profile: bool | None = Field(
        None,
        description="The PDF carries, as an attachment, the profile of what it shows: its "
        "one language's texts, the variant's entries and bullets, no comments, nothing of "
        "another language or variant; `cvtex import` of the PDF then reads it, exactly. Off "
        "by default: a PDF sent out carries only its page.",
        examples=[True],
    )

    @model_validator(mode="after")
    def _one_fit(self) -> DesignOptions:
        if self.fit is not None and self.fit_pages is not None:
            raise ValueError(
                f"fit: {self.fit} and fit_pages: {self.fit_pages} say two things: "
                "keep fit_pages to fit on that many pages, or fit alone"
            )
        return self


class DesignBlock(DesignOptions):
    per_language: dict[Lang, DesignOptions] = Field(
        default_factory=dict,
        description="Options for one language only ({zh: {font_size: 10.5}}); a "
        "Traditional Chinese CV without its own takes zh's.",
    )

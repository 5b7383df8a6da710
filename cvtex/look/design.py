"""A CV's design: page, margins, type, colours and fonts, merged from every place that sets them.

Themes set their defaults in ``theme.yaml`` (``design:``), a profile and a variant set
theirs under ``design:``, and each of them may set options for one language only
(``per_language:``). :func:`merge_design` takes them in that order and gives every option a
value; fitting (see fit.py) then only ever makes spacing and type tighter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import ValidationError

from ..errors import InputError
from ..profile.design import Colors, DesignFonts, DesignOptions, FontChoice, Margins
from ..profile.problems import Problem, plain_message, problems_of, report
from ..text.texescape import TexCode

# The article class's size steps for a 10 pt body: (command, size, baseline skip) in points.
_ARTICLE_STEPS = (
    ("tiny", 5, 6),
    ("scriptsize", 7, 8),
    ("footnotesize", 8, 9.5),
    ("small", 9, 11),
    ("normalsize", 10, 12),
    ("large", 12, 14),
    ("Large", 14.4, 18),
    ("LARGE", 17.28, 22),
    ("huge", 20.74, 25),
    ("Huge", 24.88, 30),
)
SIDES = ("top", "bottom", "left", "right")

# What a theme that sets nothing gets: every option has a value after the merge.
CVTEX_DEFAULTS = DesignOptions(
    paper="a4",
    margins=Margins(top="2cm", bottom="2cm", left="2cm", right="2cm"),
    font_size=10,
    line_spacing=1.0,
    colors=Colors(accent="#1B4F72", muted="#505050", text="#000000", tint="#E8EEF3"),
    fonts=DesignFonts(
        serif=[FontChoice(family="Latin Modern Roman")],
        sans=[FontChoice(family="Latin Modern Sans")],
    ),
)


# Big points (PDF's unit, 1/72 in) in each unit a design's lengths are written in.
_BIG_POINTS = {"pt": 72 / 72.27, "bp": 1.0, "mm": 72 / 25.4, "cm": 72 / 2.54, "in": 72.0}


def big_points(length: str, font_size: float) -> float:
    """A TeX length (1.3cm, 20mm, 0.5in, 36pt, 2em) in big points; an em is the body's
    size (``font_size``), an ex 0.45 of it."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*", length)
    if match is None:
        raise ValueError(f"not a length: {length!r}")
    number, unit = float(match[1]), match[2]
    if unit in ("em", "ex"):
        return number * font_size * (1.0 if unit == "em" else 0.45)
    return number * _BIG_POINTS[unit]


def points(value: float) -> str:
    """A number of points as TeX reads it: 9.6pt, 10pt; never 9.600000000000001pt."""
    return f"{round(value, 2):g}pt"


@dataclass(frozen=True)
class TypeSize:
    command: str
    size: TexCode
    baseline: TexCode


@dataclass(frozen=True)
class Design:
    """Every design option with its value, as a template reads them (docs/themes.md)."""

    paper: str
    margins: dict[str, str]
    font_size: float
    line_spacing: float
    colors: dict[str, str]  # xcolor name -> RRGGBB
    serif: list[FontChoice]
    sans: list[FontChoice]
    # How the CV is fitted to its pages: "auto" (a last page of less than a quarter pulled
    # back, within look/fit.py's bounds), "off" (as written), or the pages it must fit on.
    fit: int | str = "auto"
    tagged: bool = False  # a structure tree (\DocumentMetadata and tagpdf): three passes
    page_numbers: bool = True  # the number and the name on every page after the first
    attach_profile: bool = False  # the PDF carries the profile it shows (render.carried)
    # Fonts chosen for other scripts (greek: [...]), each from the last layer naming it.
    scripts: dict[str, list[FontChoice]] = field(default_factory=dict)
    # Set by fitting only: how much of the theme's vertical space is kept (1.0: all of it).
    spacing: float = 1.0
    # The layer each font role ("serif", "sans", "scripts.greek") was last set in, for
    # messages about fonts not installed.
    origins: dict[str, Layer] = field(default_factory=dict, compare=False)

    @property
    def fit_pages(self) -> int | None:
        """The pages the CV must fit on (fit_pages), or None."""
        return self.fit if isinstance(self.fit, int) else None

    @property
    def geometry(self) -> TexCode:
        sides = ",".join(f"{side}={self.margins[side]}" for side in SIDES)
        return TexCode(f"{self.paper}paper,{sides}")

    @property
    def font_size_text(self) -> TexCode:
        return TexCode(points(self.font_size))

    @property
    def line_spacing_text(self) -> TexCode:
        return TexCode(f"{round(self.line_spacing, 3):g}")

    @property
    def sizes(self) -> list[TypeSize]:
        """\\normalsize and every other size command, scaled to the body size."""
        scale = self.font_size / 10
        return [
            TypeSize(command, TexCode(points(size * scale)), TexCode(points(skip * scale)))
            for command, size, skip in _ARTICLE_STEPS
        ]

    def margin(self, side: str) -> float:
        """A margin of the page (top, bottom, left, right) in big points."""
        return big_points(self.margins[side], self.font_size)

    def space(self, value: float) -> TexCode:
        """A vertical space of the theme (in points), as fitting tightens it."""
        return TexCode(points(value * self.spacing))

    def size(self, value: float) -> TexCode:
        """A type size a theme gives for a 10 pt body (the name's 25 pt), scaled to this one."""
        return TexCode(points(value * self.font_size / 10))

    def tightened(self, spacing: float, font_size: float, line_spacing: float) -> Design:
        return replace(self, spacing=spacing, font_size=font_size, line_spacing=line_spacing)


def language_layers(
    design: DesignOptions | None, own_keys: Sequence[str], converted_from: str | None
) -> list[tuple[str, DesignOptions]]:
    """A design: block's general options, then those for the language: its own
    ``per_language`` entry, else that of the language it is converted from (zh for zh-TW)."""
    if design is None:
        return []
    layers = [("", design)]
    per_language = getattr(design, "per_language", {})
    for key in [*own_keys, converted_from]:
        if key and key in per_language:
            layers.append((key, per_language[key]))
            break
    return layers


@dataclass(frozen=True)
class Layer:
    """Design options from one place, and where that is (for messages)."""

    options: DesignOptions
    origin: str  # "profile.yaml:40:3", or a theme.yaml's
    by_user: bool = False  # written in the profile: a font it names must be installed


def merge_design(layers: Iterable[Layer]) -> Design:
    """Every option from the last layer that sets it, over cvtex's own defaults."""
    values: dict[str, object] = {}
    margins: dict[str, str] = {}
    colors: dict[str, str] = {}
    scripts: dict[str, list[FontChoice]] = {}
    origins: dict[str, Layer] = {}
    for item in [Layer(CVTEX_DEFAULTS, "cvtex"), *layers]:
        layer, origin = item.options, item
        for name in (
            "paper",
            "font_size",
            "line_spacing",
            "tagged",
            "page_numbers",
            "attach_profile",
        ):
            if (value := getattr(layer, name)) is not None:
                values[name] = value
        # fit and fit_pages are one option: the last layer that sets either decides.
        for value in (layer.fit, layer.fit_pages):
            if value is not None:
                values["fit"] = value
        if isinstance(layer.margins, str):
            margins.update(dict.fromkeys(SIDES, layer.margins))
        elif layer.margins is not None:
            margins.update({side: v for side in SIDES if (v := getattr(layer.margins, side))})
        if layer.colors is not None:
            colors.update({name: v for name, v in layer.colors if v is not None})
        if layer.accent is not None:
            colors["accent"] = layer.accent
        if layer.fonts is not None:
            for role in ("serif", "sans"):
                if (choices := getattr(layer.fonts, role)) is not None:
                    values[role] = choices
                    origins[role] = origin
            for script, choices in (layer.fonts.scripts or {}).items():
                scripts[script] = choices
                origins[f"scripts.{script}"] = origin
    return Design(
        paper=str(values["paper"]),
        margins={side: margins[side].replace(" ", "") for side in SIDES},
        font_size=float(values["font_size"]),  # type: ignore[arg-type]
        line_spacing=float(values["line_spacing"]),  # type: ignore[arg-type]
        colors={name: value.removeprefix("#").upper() for name, value in colors.items()},
        serif=list(values["serif"]),  # type: ignore[call-overload]
        sans=list(values["sans"]),  # type: ignore[call-overload]
        fit=values.get("fit", "auto"),  # type: ignore[arg-type]
        tagged=bool(values.get("tagged", False)),
        page_numbers=bool(values.get("page_numbers", True)),
        attach_profile=bool(values.get("attach_profile", False)),
        scripts=scripts,
        origins=origins,
    )


def flattened(layers: Iterable[Layer]) -> dict[str, Any]:
    """Several layers' options as one ``design:`` block writes them, each from the last
    layer that sets it, as :func:`merge_design` takes them: margins side by side (one
    length for all, then a side), colours one by one (``accent`` is the accent colour),
    fonts role by role and script by script."""
    data: dict[str, Any] = {}
    for layer in layers:
        options = layer.options.model_dump(
            mode="json", by_alias=True, exclude_none=True, exclude={"per_language"}
        )
        if isinstance(options.get("margins"), str):
            options["margins"] = dict.fromkeys(SIDES, options["margins"])
        if "accent" in options:
            options.setdefault("colors", {})["accent"] = options.pop("accent")
        _merged_into(data, options)
    return data


def _merged_into(data: dict[str, Any], options: dict[str, Any]) -> None:
    for key, value in options.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            _merged_into(data[key], value)
        else:
            data[key] = value


def command_line_layer(pairs: Sequence[tuple[str, str]]) -> Layer | None:
    """``--design key=value`` options as the last layer of a build's design, over the
    profile's and the variant's; a dotted key sets a nested option (``margins.top``)."""
    if not pairs:
        return None
    data: dict[str, Any] = {}
    for key, value in pairs:
        *parents, last = key.split(".")
        node = data
        for part in parents:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise InputError(f"--design {key}={value}: {part} is set to a value above")
        node[last] = value  # text: pydantic reads numbers from it where a number is meant
    models = (DesignOptions, Margins, Colors, DesignFonts)
    keys = {name for model in models for name in model.model_fields}
    try:
        options = DesignOptions.model_validate(data)
    except ValidationError as exc:
        found = problems_of(exc, lambda error: Problem(error["loc"], plain_message(error, keys)))
        raise InputError(
            report("the --design options have problems:", found, lambda path: "--design"),
            "the keys and values are those of design: in a profile (docs/design.md)",
        ) from None
    return Layer(options, "--design", True)

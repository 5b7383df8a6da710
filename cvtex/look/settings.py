"""The one place where a theme, the profile, a variant and a language meet: what a template
needs besides the CV itself (its design, fonts and icons)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from .. import system
from ..errors import ToolchainError
from ..language.catalog import Catalog, Locales
from ..profile.design import DesignOptions, FontChoice, Fonts
from ..profile.load import LoadedProfile
from ..profile.model import Profile
from ..text.scripts import CJK
from ..text.texescape import TexCode
from .design import Design, Layer, language_layers, merge_design
from .drawn import Furniture, furniture
from .fontchoice import Pick, describe, pick, resolve
from .fontplan import LIST_FONTS_HINT, ScriptFonts, plan_scripts, used_scripts
from .fonts import ResolvedFont
from .icons import font_file_of, icon_glyphs
from .texfonts import stem_of
from .theme import Theme


@dataclass(frozen=True)
class FontSet:
    """The font plan: the fonts a CV is set in, as fontspec and xeCJK take them (None: not
    needed), and a font for each other script its text uses (fontplan.py)."""

    serif: ResolvedFont | None
    sans: ResolvedFont | None
    cjk_serif: ResolvedFont | None
    cjk_sans: ResolvedFont | None
    scripts: tuple[ScriptFonts, ...] = ()

    @property
    def rtl(self) -> bool:
        """Whether some text runs right to left (the template turns on TeX--XeT)."""
        return any(script.rtl for script in self.scripts)

    @property
    def fallback_letters(self) -> frozenset[str]:
        """The Latin letters a Latin font lacks, set in the plan's fallback face."""
        return frozenset().union(*(script.letters for script in self.scripts))


@dataclass(frozen=True)
class Icons:
    font: str | None  # None: the icon font is not installed, and contacts show no icons
    codes: dict[str, str]  # contact type -> code point in that font
    glyphs: dict[str, TexCode]  # code point -> its outline, as the template draws it


@dataclass(frozen=True)
class Settings:
    language: str
    design: Design
    fonts: FontSet
    icons: Icons
    furniture: Furniture  # the running name and page number, drawn (drawn.py)
    # Which font each role is set in, and why (`build -v`); a theme's font that is not
    # installed, and what is used instead (told as a warning: never a silent change).
    font_lines: tuple[str, ...] = ()
    font_warnings: tuple[str, ...] = ()


def design_for(
    theme: Theme, catalog: Catalog, loaded: LoadedProfile, overrides: Layer | None = None
) -> Design:
    """Theme defaults, the profile's design:, the variant's design: (of the variant
    ``loaded`` shows), each with its options for this language after its general ones, then
    the command line's ``overrides``; the later wins."""
    layers = theme.design_layers(catalog.own_keys, catalog.convert_from)
    return merge_design([*layers, *profile_layers(catalog, loaded, overrides)])


def profile_layers(
    catalog: Catalog, loaded: LoadedProfile, overrides: Layer | None = None
) -> list[Layer]:
    """The layers of the design the profile sets for the language (and the variant
    ``loaded`` shows, then the command line's ``overrides``): what it adds to its theme's."""
    profile, source, variant = loaded.profile, loaded.source, loaded.variant
    own, converted_from = catalog.own_keys, catalog.convert_from
    layers: list[Layer] = []

    def written(design: DesignOptions | None, base: tuple[str | int, ...]) -> list[Layer]:
        return [
            Layer(
                options,
                str(source.locate_key((*base, *(("per_language", key) if key else ())))),
                True,
            )
            for key, options in language_layers(design, own, converted_from)
        ]

    layers += written(profile.design, ("design",))
    if variant is not None:
        base = ("variants", loaded.variant_name or "", "design")
        if variant.font_size is not None:
            font_size = DesignOptions(font_size=float(variant.font_size.removesuffix("pt")))
            layers.append(Layer(font_size, str(source.locate((*base[:-1], "font_size"))), True))
        layers += written(variant.design, base)
    if overrides is not None:
        layers.append(overrides)
    return layers


def language_settings(
    theme: Theme,
    catalog: Catalog,
    loaded: LoadedProfile,
    view: Any = None,
    locales: Locales | None = None,
    overrides: Layer | None = None,
    name: str = "",
) -> Settings:
    """Everything a template needs for one language besides the localized CV ``view``,
    whose text (with the catalog's) the font plan is made for; ``name``: the running name
    the pages after the first show (plain text)."""
    design = design_for(theme, catalog, loaded, overrides)
    profile, source = loaded.profile, loaded.source
    own_fonts = profile.fonts.get(catalog.code)
    fonts = own_fonts or catalog.fonts
    own_fonts_at = str(source.locate_key(("fonts", catalog.code)))
    cjk_serif_pick, cjk_sans_pick = pick(fonts.serif), pick(fonts.sans)
    cjk_serif = cjk_serif_pick.font
    cjk_sans = cjk_sans_pick.font or cjk_serif
    if fonts.serif and cjk_serif is None:
        where = f"{own_fonts_at}: fonts.{catalog.code}: " if own_fonts else ""
        raise ToolchainError(
            f"{where}no font for {catalog.language} ({catalog.code}) is installed: "
            f"looked for {describe(fonts.serif)}",
            install_hint(fonts),
        )
    if own_fonts and own_fonts.sans and resolve(own_fonts.sans) is None:
        raise ToolchainError(
            f"{own_fonts_at}: fonts.{catalog.code}.sans: none of {describe(own_fonts.sans)} "
            "is installed",
            f"install one of them, or remove sans: to use the serif font; {LIST_FONTS_HINT}",
        )
    bold = fonts.bold or catalog.fonts.bold
    used = used_scripts(view, catalog) if view is not None else {}
    if cjk_serif is None and CJK in used:
        # CJK text in a CV whose language has no CJK fonts (a Chinese co-author in the
        # English CV): those of the profile's languages, else Simplified Chinese's.
        for candidate in _cjk_fonts(profile, locales or Locales()):
            cjk_serif_pick = pick(candidate.serif)
            if cjk_serif := cjk_serif_pick.font:
                cjk_sans_pick = pick(candidate.sans)
                cjk_sans = cjk_sans_pick.font or cjk_serif
                bold = candidate.bold
                break
    if cjk_serif is not None and cjk_sans is not None and bold == "sans":
        cjk_serif = cjk_serif.with_bold_of(cjk_sans)
    serif_pick, sans_pick = _latin(design, "serif"), _latin(design, "sans")
    serif, sans = serif_pick.font, sans_pick.font
    script_layers = {
        key.removeprefix("scripts."): layer
        for key, layer in design.origins.items()
        if key.startswith("scripts.")
    }
    scripts = plan_scripts(
        used,
        {"serif": serif, "sans": sans},
        design.scripts,
        [name for name, layer in script_layers.items() if layer.by_user],
        {name: layer.origin for name, layer in script_layers.items()},
    )
    icon_font = theme.icon_font if theme.icon_font and font_file_of(theme.icon_font) else None
    fonts_set = FontSet(serif, sans, cjk_serif, cjk_sans, scripts)
    latin = [("serif", serif_pick), ("sans", sans_pick)]
    cjk = [("CJK serif", cjk_serif_pick), ("CJK sans", cjk_sans_pick)] if cjk_serif else []
    if cjk_serif is not None and cjk_serif_pick.font is not None:
        cjk_serif_pick = replace(cjk_serif_pick, font=cjk_serif)  # with its bold, as set
        cjk[0] = ("CJK serif", cjk_serif_pick)
    return Settings(
        language=catalog.code,
        design=design,
        fonts=fonts_set,
        icons=_icons(icon_font, theme.icons if icon_font else {}),
        furniture=furniture(name, catalog.labels.page_number, fonts_set),
        font_lines=tuple(
            f"{role}: {chosen.why()}" for role, chosen in [*latin, *cjk] if chosen.label
        ),
        font_warnings=tuple(
            _replaced(design, theme, role, chosen) for role, chosen in latin if chosen.passed
        ),
    )


def _replaced(design: Design, theme: Theme, role: str, chosen: Pick) -> str:
    """A theme's (or the design's) Latin font that is not installed, what sets the text
    instead, and how to install it here."""
    missing = chosen.passed[0]
    instead = chosen.label or "fontspec's default, Latin Modern"
    install = system.install_tex_font(stem_of(missing) or "")
    layer = design.origins.get(role)
    whose = (
        f"{layer.origin}: design.fonts.{role}:"
        if layer and layer.by_user
        else (f"the {theme.name} theme's {role} font")
    )
    return f"{whose} {missing} is not installed: the text is set in {instead} instead" + (
        f" (install it: {install})" if install else ""
    )


def install_hint(fonts: Fonts) -> str:
    """How to install a font of ``fonts`` on this system: its package, else TeX Live's
    font of the chain (Fandol), else any of them."""
    hints = [system.install_fonts(fonts.package)]
    hints += [system.install_tex_font(choice.file) for choice in fonts.serif if choice.file]
    found = [hint for hint in hints if hint]
    if found:
        return "; or: ".join(dict.fromkeys(found))
    return f"install one of them; {LIST_FONTS_HINT}"


def _cjk_fonts(profile: Profile, locales: Locales) -> Iterator[Fonts]:
    """The CJK fonts of the profile's languages, in its order (its own choice first), then
    Simplified Chinese's; a profile's own choice without ``bold`` takes its language's
    (else Simplified Chinese's)."""
    simplified = locales.catalog("zh").fonts
    for language in profile.languages:
        catalog = locales.catalog(language).fonts if locales.has(language) else simplified
        if own := profile.fonts.get(language):
            bold = own.bold or catalog.bold or simplified.bold
            yield own.model_copy(update={"bold": bold})
        if locales.has(language):
            yield catalog
    yield simplified


def _latin(design: Design, role: str) -> Pick:
    """The first installed candidate; one the profile names must be installed."""
    choices: list[FontChoice] = getattr(design, role)
    chosen = pick(choices)
    layer = design.origins.get(role)
    if chosen.font is None and layer is not None and layer.by_user:
        raise ToolchainError(
            f"{layer.origin}: design.fonts.{role}: none of {describe(choices)} is installed",
            f"install it, or name another font; {LIST_FONTS_HINT}",
        )
    return chosen


def _icons(font: str | None, codes: dict[str, str]) -> Icons:
    glyphs = icon_glyphs(font, list(codes.values())) if font else {}
    return Icons(font, codes, {code: glyph.tex for code, glyph in glyphs.items()})

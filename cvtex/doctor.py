"""``cvtex doctor``: is everything cvtex needs installed, and how to install what is not."""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field

from .compile.engine import XELATEX
from .language.catalog import available_languages, load_catalog
from .live.preview import pdfjs_installed
from .look.design import merge_design
from .look.fonts import charset, describe, in_tex_tree, installed_families, resolve
from .look.theme import builtin_themes
from .text.scripts import SCRIPTS, Fallback

APT_PACKAGES = (
    "texlive-xetex texlive-lang-chinese texlive-latex-extra texlive-fonts-recommended "
    "fonts-noto-cjk fonts-noto-core fonts-lato fonts-roboto fonts-font-awesome fonts-texgyre "
    "fonts-symbola fonts-stix"
)
# Letters of Vietnamese, Polish, Turkish and the Nordic languages: every theme's Latin
# fonts should have them.
LATIN_SAMPLE = "ẠạẮắỆệỮữƠơƯưĐđŁłŻżŚśĘęĞğŞşİıØøÅåÆæÞþÐð"
# Kana and Hangul: a CJK font for Chinese should set Japanese and Korean names too.
CJK_SAMPLE = "かなカナ한국어"
TEX_FILES = (
    "fontspec.sty",
    "xeCJK.sty",
    "xcolor.sty",
    "enumitem.sty",
    "hyperref.sty",
    "geometry.sty",
)


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)
    ok: bool = True

    def check(self, passed: bool, what: str, required: bool = True) -> None:
        mark = "ok     " if passed else ("MISSING" if required else "absent ")
        self.lines.append(f"  {mark} {what}")
        if required and not passed:
            self.ok = False

    def text(self) -> str:
        verdict = (
            "everything cvtex needs is installed"
            if self.ok
            else f"install what is missing with:\n  sudo apt-get install {APT_PACKAGES}\n"
            "  (or, from a cvtex checkout: make system-deps)"
        )
        return "\n".join(["cvtex doctor", *self.lines, verdict])


def diagnose() -> Report:
    report = Report()
    report.check(shutil.which(XELATEX) is not None, "xelatex (TeX Live's XeLaTeX engine)")
    for name in TEX_FILES:
        report.check(in_tex_tree(name), f"TeX package {name}")
    for theme in builtin_themes():
        design = merge_design(theme.design_layers((), None))
        for role, choices in (("serif", design.serif), ("sans", design.sans)):
            found = resolve(choices)
            # Latin Modern always ships with TeX Live, so a missing Latin font is cosmetic.
            report.check(
                found is not None, f"{theme.name} {role} font: {describe(choices)}", required=False
            )
            if found is not None and not found.options:
                lacks = charset(found.name).missing(LATIN_SAMPLE)
                report.check(
                    not lacks,
                    f"{theme.name} {role} font {found.name} has Latin with every diacritic"
                    + (f" (lacks {''.join(sorted(lacks))})" if lacks else ""),
                    required=False,
                )
        if theme.icon_font:
            report.check(
                theme.icon_font in installed_families(),
                f"icon font {theme.icon_font}",
                required=False,
            )
    for code in available_languages():
        catalog = load_catalog(code)
        if catalog.fonts.serif:
            found = resolve(catalog.fonts.serif)
            name = found.name if found else describe(catalog.fonts.serif)
            report.check(found is not None, f"{code} font: {name}")
            if found is not None and not found.options and code == "zh":
                report.check(
                    charset(found.name).covers(CJK_SAMPLE),
                    f"{name} has Japanese kana and Korean Hangul",
                    required=False,
                )
    report.lines.append("  scripts the installed fonts cover (serif; sans):")
    for script in SCRIPTS.values():
        serif, sans = _covering(script.serif, script.sample), _covering(script.sans, script.sample)
        found = "; ".join(dict.fromkeys(name for name in (serif, sans) if name))
        what = f"{script.title}: {found}" if found else f"{script.title}: install {script.package}"
        report.check(serif is not None and sans is not None, what, required=False)
    report.check(shutil.which("pdftotext") is not None, "pdftotext (tests only)", required=False)
    report.check(
        pdfjs_installed(),
        "pdf.js (libjs-pdf): the pages `cvtex preview` shows carry their text, to select and find",
        required=False,
    )
    return report


def _covering(fallbacks: tuple[Fallback, ...], sample: str) -> str | None:
    """The first installed font of ``fallbacks`` that has every character of ``sample``."""
    return next((f.family for f in fallbacks if charset(f.family).covers(sample)), None)

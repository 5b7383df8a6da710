"""``cvtex doctor``: is everything cvtex needs installed, and how to install what is not."""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field

from .design import merge_design
from .engine import XELATEX
from .fonts import describe, in_tex_tree, installed_families, resolve
from .locale import available_languages, load_catalog
from .theme import builtin_themes

APT_PACKAGES = (
    "texlive-xetex texlive-lang-chinese texlive-latex-extra texlive-fonts-recommended "
    "fonts-noto-cjk fonts-noto-core fonts-lato fonts-roboto fonts-font-awesome fonts-texgyre"
)
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
    report.check(shutil.which("pdftotext") is not None, "pdftotext (tests only)", required=False)
    return report

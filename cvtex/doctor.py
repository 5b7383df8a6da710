"""``cvtex doctor``: what this system has of what cvtex needs, which font each language and
theme will be set in and why, and, for anything missing, the command that installs it
here (apt, dnf, pacman, brew, tlmgr, winget). It fails exactly when a build would: no
TeX engine, a TeX package the templates load, or a language with no font for its script.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import system
from .compile.engines import Installed, available_engines
from .compile.tectonic import INSTALL
from .errors import ToolchainError
from .language.catalog import available_languages, is_shipped, load_catalog
from .live.preview import pdfjs_installed
from .look import textree
from .look.design import merge_design
from .look.fontchoice import Pick, find, pick
from .look.fonts import Charset, charset, file_charset
from .look.icons import font_file_of
from .look.texfonts import stem_of
from .look.theme import Theme, builtin_themes, find_theme
from .profile.design import FontChoice, Fonts
from .profile.load import load_profile
from .resources import DEFAULT_THEME
from .text.scripts import SCRIPTS, Fallback

# Letters of Vietnamese, Polish, Turkish and the Nordic languages: every theme's Latin
# fonts should have them.
LATIN_SAMPLE = "ẠạẮắỆệỮữƠơƯưĐđŁłŻżŚśĘęĞğŞşİıØøÅåÆæÞþÐð"
# What a language's font must have for its CV to build: its own letters. Kana for
# Japanese, Hangul for Korean, and for Chinese the Traditional forms too.
LANGUAGE_SAMPLES = {
    "zh": "简历教育经历",
    "zh-TW": "學歷經歷專業",
    "zh-HK": "學歷經驗專業",
    "ja": "学歴かなカナ",
    "ko": "학력경력한국어",
}
# Kana and Hangul: a CJK font for Chinese should set Japanese and Korean names too.
CJK_SAMPLE = "かなカナ한국어"


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)
    ok: bool = True
    missing: list[str] = field(default_factory=list)  # the commands that install them

    def section(self, title: str) -> None:
        self.lines.append(f"{title}:")

    def note(self, text: str) -> None:
        self.lines.append(f"  {text}")

    def check(self, passed: bool, what: str, required: bool = True, install: str = "") -> None:
        mark = "ok     " if passed else ("MISSING" if required else "absent ")
        self.lines.append(f"  {mark} {what}")
        if not passed and install:
            self.lines.append(f"          install: {install}")
            self.missing.append(install)
        if required and not passed:
            self.ok = False

    def text(self) -> str:
        if self.ok:
            verdict = "everything a build needs is installed"
        else:
            verdict = "a build would fail: install what is MISSING (the commands above)"
        return "\n".join(["cvtex doctor", *self.lines, verdict])


@dataclass(frozen=True)
class Scope:
    """What the doctor checks: every shipped language and built-in theme, or those a
    profile builds (its languages, its own fonts, its theme)."""

    languages: tuple[str, ...]
    fonts: dict[str, Fonts]  # a language's fonts: the profile's own, else its catalog's
    themes: tuple[Theme, ...]

    @classmethod
    def everything(cls) -> Scope:
        codes = tuple(available_languages())
        fonts = {code: load_catalog(code).fonts for code in codes}
        return cls(codes, fonts, tuple(builtin_themes()))

    @classmethod
    def of_profile(cls, file: Path) -> Scope:
        loaded = load_profile(file)
        profile = loaded.profile
        codes = tuple(code for code in profile.languages if is_shipped(code))
        fonts = {code: profile.fonts.get(code) or load_catalog(code).fonts for code in codes}
        theme = find_theme(profile.theme or DEFAULT_THEME, file.parent, "theme:")
        return cls(codes, fonts, (theme,))


def diagnose(profile: Path | None = None) -> Report:
    """The report, for every language and theme cvtex ships or for ``profile``'s."""
    scope = Scope.of_profile(profile) if profile is not None else Scope.everything()
    report = Report()
    here = system.current()
    report.lines.append(f"system: {system.describe()}")
    report.section("TeX engine")
    engines = _engines(report)
    if not engines:
        report.check(False, "xelatex (TeX Live's or MiKTeX's)", install=system.install_tex())
        report.note(f"or, without TeX, Tectonic: {INSTALL}")
    for engine in engines:
        report.check(True, f"{engine.name}: {engine.version} ({engine.path})")
    xelatex = next((engine for engine in engines if engine.name == "xelatex"), None)
    if xelatex is not None:
        _tex_files(report, here)
    elif engines:
        report.note("Tectonic brings the TeX packages itself (its bundle, fetched on first run)")
    report.section("fonts")
    if not shutil.which("fc-list"):
        report.check(
            False,
            "fc-list (fontconfig): without it cvtex sees only TeX Live's fonts",
            required=False,
            install=system.install_fontconfig(here),
        )
    _languages(report, here, scope)
    _themes(report, here, scope)
    report.section("other scripts (serif; sans)")
    for script in SCRIPTS.values():
        serif, sans = _covering(script.serif, script.sample), _covering(script.sans, script.sample)
        found = "; ".join(dict.fromkeys(name for name in (serif, sans) if name))
        install = system.install_fonts(script.package, here)
        what = f"{script.title}: {found}" if found else f"{script.title}: no font"
        report.check(serif is not None and sans is not None, what, required=False, install=install)
    report.section("other tools")
    report.check(shutil.which("pdftotext") is not None, "pdftotext (cvtex check)", required=False)
    report.check(
        pdfjs_installed(),
        "pdf.js (libjs-pdf): the pages `cvtex preview` shows carry their text, to select and find",
        required=False,
    )
    return report


def _engines(report: Report) -> list[Installed]:
    """The engines that run; a Tectonic that does not run is named with its remedy."""
    try:
        return available_engines()
    except ToolchainError as exc:
        xelatex = shutil.which("xelatex")
        report.check(False, exc.message, required=not xelatex, install=exc.hint or "")
        if xelatex:
            return [Installed("xelatex", "", xelatex)]
        return []


def _tex_files(report: Report, here: str) -> None:
    found = textree.find(list(system.TEX_FILES))
    for name, package in system.TEX_FILES.items():
        report.check(
            name in found,
            f"TeX package {package} ({name})",
            install=system.install_tex_package(package, name, here),
        )


def _languages(report: Report, here: str, scope: Scope) -> None:
    """Each language's serif and sans pick; one that lacks the language's letters (Fandol
    for Korean) would make its build fail."""
    for code in scope.languages:
        fonts = scope.fonts[code]
        if not fonts.serif:
            continue
        sans = pick(fonts.sans).font
        for role, choices in (("serif", fonts.serif), ("sans", fonts.sans)):
            chosen = pick(choices)
            if role == "serif" and chosen.font and sans and fonts.bold == "sans":
                chosen = replace(chosen, font=chosen.font.with_bold_of(sans))  # as set
            sample = LANGUAGE_SAMPLES.get(code, "")
            lacks = _lacks(chosen, sample)
            install = _font_install(fonts.package, choices, here)
            if chosen.font is None:
                report.check(False, f"{code} {role}: {chosen.why()}", install=install)
            elif lacks:
                report.check(
                    False,
                    f"{code} {role}: {chosen.why()}; it has no {''.join(sorted(lacks))}",
                    install=install,
                )
            else:
                report.check(True, f"{code} {role}: {chosen.why()}")
            if code == "zh" and role == "serif" and chosen.font is not None:
                report.check(
                    not _lacks(chosen, CJK_SAMPLE),
                    f"{chosen.label} has Japanese kana and Korean Hangul (names in a Chinese CV)",
                    required=False,
                )


def _lacks(chosen: Pick, sample: str) -> set[str]:
    if chosen.font is None or not sample:
        return set()
    found = _charset_of(chosen)
    return found.missing(sample) if found.ranges else set()


def _charset_of(chosen: Pick) -> Charset:
    assert chosen.font is not None
    if chosen.font.file:
        return file_charset(chosen.font.regular_file)
    return charset(chosen.font.name)


def _font_install(package: str | None, choices: list[FontChoice], here: str) -> str:
    """The commands that install a font of the chain here: its package, and TeX Live's
    fonts of the chain that are not installed."""
    commands = [system.install_fonts(package, here)]
    commands += [
        system.install_tex_font(choice.file, here)
        for choice in choices
        if choice.file and find(choice) is None
    ]
    return "; or: ".join(dict.fromkeys(command for command in commands if command))


def _themes(report: Report, here: str, scope: Scope) -> None:
    """Each theme's Latin fonts: a theme's later choices (Latin Modern) set its text when
    the first is missing, so none is required; the doctor names what is used instead."""
    for theme in scope.themes:
        design = merge_design(theme.design_layers((), None))
        for role, choices in (("serif", design.serif), ("sans", design.sans)):
            if not choices:
                continue
            chosen = pick(choices)
            first = choices[0]
            stem = first.file or stem_of(first.family or "")
            install = system.install_tex_font(stem, here) if stem else ""
            report.check(
                not chosen.passed,
                f"{theme.name} {role}: {chosen.why()}",
                required=False,
                install=install,
            )
            if chosen.font is not None and not chosen.passed:
                lacks = _charset_of(chosen).missing(LATIN_SAMPLE)
                if lacks:
                    report.note(
                        f"          {chosen.label} lacks {''.join(sorted(lacks))}: "
                        "set in a fallback font (Noto) where a text has them"
                    )
        if theme.icon_font:
            report.check(
                font_file_of(theme.icon_font) is not None,
                f"{theme.name} icon font {theme.icon_font} (contacts' icons)",
                required=False,
                install=system.install_fonts("fonts-font-awesome", here),
            )


def _covering(fallbacks: tuple[Fallback, ...], sample: str) -> str | None:
    """The first installed font of ``fallbacks`` that has every character of ``sample``."""
    return next((f.family for f in fallbacks if charset(f.family).covers(sample)), None)

"""Find the fonts a language asks for among those installed on this machine."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from functools import cache

from .model import FontChoice


@dataclass(frozen=True)
class ResolvedFont:
    """A font as fontspec and xeCJK take it: a name and the options that locate it."""

    name: str
    options: str = ""


@cache
def installed_families() -> frozenset[str]:
    if not shutil.which("fc-list"):
        return frozenset()
    listing = subprocess.run(
        ["fc-list", ":", "family"], capture_output=True, text=True, check=False
    ).stdout
    return frozenset(family.strip() for line in listing.splitlines() for family in line.split(","))


@cache
def in_tex_tree(file_name: str) -> bool:
    if not shutil.which("kpsewhich"):
        return False
    found = subprocess.run(["kpsewhich", file_name], capture_output=True, text=True, check=False)
    return bool(found.stdout.strip())


def resolve(choices: list[FontChoice]) -> ResolvedFont | None:
    """The first of ``choices`` that is installed, or None."""
    for choice in choices:
        if choice.family and choice.family in installed_families():
            return ResolvedFont(choice.family)
        # TeX Live's own fonts (Fandol) are not known to fontconfig: fontspec loads them
        # by file name from the TeX tree.
        if choice.file and in_tex_tree(f"{choice.file}-Regular.otf"):
            return ResolvedFont(
                choice.file, "Extension=.otf, UprightFont=*-Regular, BoldFont=*-Bold"
            )
    return None


def describe(choices: list[FontChoice]) -> str:
    return " or ".join(choice.family or f"{choice.file} (TeX Live)" for choice in choices)


def families_with(char: str) -> list[str]:
    """The installed font families (fontconfig's) that have a glyph for ``char``."""
    if not shutil.which("fc-list"):
        return []
    listing = subprocess.run(
        ["fc-list", f":charset={ord(char):x}", "family"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    # A family line may list several names ("DejaVu Sans,DejaVu Sans Condensed"): the first
    # is the one fontspec finds it by.
    return sorted({line.split(",")[0].strip() for line in listing.splitlines() if line.strip()})

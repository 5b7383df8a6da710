"""The system cvtex runs on, read in one place, and how things are installed there.

``current()`` is the only reader of the platform: every message that says how to install
something (the doctor, a missing font, a missing TeX file) asks it, so a Mac is told of
Homebrew and tlmgr, Windows of winget and MiKTeX, Fedora of dnf, Arch of pacman, Debian
and Ubuntu of apt. ``CVTEX_SYSTEM`` names the system instead (the tests simulate each).
"""

from __future__ import annotations

import os
import platform
from pathlib import Path

SYSTEM_VARIABLE = "CVTEX_SYSTEM"
NAMES = {
    "debian": "Debian or Ubuntu",
    "fedora": "Fedora",
    "arch": "Arch Linux",
    "macos": "macOS",
    "windows": "Windows",
    "linux": "Linux",
}
# What Debian's packages hold: XeLaTeX, the CJK support, the fonts (make system-deps).
APT_PACKAGES = (
    "texlive-xetex texlive-lang-chinese texlive-latex-extra texlive-fonts-recommended "
    "fonts-noto-cjk fonts-noto-core fonts-lato fonts-roboto fonts-font-awesome fonts-texgyre "
    "fonts-symbola fonts-stix"
)
PACMAN_PACKAGES = (
    "texlive-xetex texlive-latexextra texlive-langchinese texlive-langcjk "
    "texlive-langjapanese texlive-langkorean texlive-fontsrecommended texlive-fontsextra "
    "noto-fonts noto-fonts-cjk"
)
FEDORA_FONTS = "google-noto-serif-cjk-fonts google-noto-sans-cjk-fonts"
# The TeX Live packages a CV's compile reads, in every language and theme (what XeLaTeX's
# -recorder lists, by the folder each file is in, LaTeX's own base left out), and the
# fonts TeX Live ships that the themes and chains name: what BasicTeX's tlmgr installs
# (it skips those it has). tests/test_system.py compiles the examples to check the list.
TEX_PACKAGES = (
    "atbegshi atveryend auxhook bigintcalc bitset ctex enumitem etexcmds fontspec geometry "
    "gettitlestring graphics graphics-cfg graphics-def hycolor hyperref iftex infwarerr "
    "intcalc kvdefinekeys kvoptions kvsetkeys l3backend l3kernel l3packages letltxmacro "
    "ltxcmds pdfescape pdftexcmds refcount rerunfilecheck stringenc uniquecounter url xcolor "
    "xecjk"
).split()
TEX_FONTS = "tex-gyre lm fandol roboto lato noto".split()
TLMGR_PACKAGES = " ".join(["xetex", *TEX_PACKAGES, *TEX_FONTS])
# The TeX files the doctor looks for, each with the TeX Live package that has it.
TEX_FILES = {
    "fontspec.sty": "fontspec",
    "xeCJK.sty": "xecjk",
    "ctexhook.sty": "ctex",
    "xparse.sty": "l3packages",
    "xcolor.sty": "xcolor",
    "enumitem.sty": "enumitem",
    "hyperref.sty": "hyperref",
    "geometry.sty": "geometry",
}
# Each Debian font package cvtex's catalogs and script fallbacks name, on the others.
FONT_PACKAGES = {
    "fonts-noto-cjk": {"fedora": FEDORA_FONTS, "arch": "noto-fonts-cjk"},
    "fonts-noto-core": {
        "fedora": "google-noto-serif-fonts google-noto-sans-fonts",
        "arch": "noto-fonts",
    },
}
# A font TeX Live ships (look/texfonts.py), by its TeX Live package.
TEX_FONT_PACKAGES = {
    "texgyre": "tex-gyre",
    "lmroman10": "lm",
    "lmsans10": "lm",
    "NotoSerif": "noto",
    "NotoSans": "noto",
    "Roboto": "roboto",
    "Lato": "lato",
    "Fandol": "fandol",
    "HaranoAji": "haranoaji",
    "UnBatang": "unfonts-core",
    "UnDotum": "unfonts-core",
}
_DEBIAN_OF_TEX_PACKAGE = {
    "tex-gyre": "fonts-texgyre",
    "lm": "fonts-lmodern",
    "noto": "fonts-noto-core",
    "roboto": "fonts-roboto",
    "lato": "fonts-lato",
    "fandol": "texlive-lang-chinese",
    "haranoaji": "texlive-lang-japanese",
    "unfonts-core": "texlive-lang-korean",
}
_ARCH_OF_TEX_PACKAGE = {
    "tex-gyre": "texlive-fontsrecommended",
    "lm": "texlive-fontsrecommended",
    "noto": "texlive-fontsextra",
    "roboto": "texlive-fontsextra",
    "lato": "texlive-fontsextra",
    "fandol": "texlive-langchinese",
    "haranoaji": "texlive-langjapanese",
    "unfonts-core": "texlive-langkorean",
}


def current() -> str:
    """``$CVTEX_SYSTEM`` if it names one, else the system this runs on."""
    named = os.environ.get(SYSTEM_VARIABLE, "").strip().lower()
    if named in NAMES:
        return named
    kind = platform.system()
    if kind == "Darwin":
        return "macos"
    if kind == "Windows":
        return "windows"
    return linux_family(os_release())


def describe() -> str:
    """The system as the doctor names it: "Debian or Ubuntu (Debian GNU/Linux 12)"."""
    system = current()
    if os.environ.get(SYSTEM_VARIABLE, "").strip().lower() == system:
        return f"{NAMES[system]} (as {SYSTEM_VARIABLE} says)"
    detail = os_release().get("PRETTY_NAME") or f"{platform.system()} {platform.release()}"
    if system == "macos":
        detail = f"macOS {platform.mac_ver()[0]}"
    elif system == "windows":
        detail = f"Windows {platform.release()} ({platform.version()})"
    return f"{NAMES[system]} ({detail})"


def os_release(file: Path = Path("/etc/os-release")) -> dict[str, str]:
    """The keys of a Linux's os-release file (ID, ID_LIKE, PRETTY_NAME); {} without one."""
    try:
        text = file.read_text(encoding="utf-8")
    except OSError:
        return {}
    found = {}
    for line in text.splitlines():
        key, _, value = line.partition("=")
        found[key.strip()] = value.strip().strip('"')
    return found


def linux_family(release: dict[str, str]) -> str:
    """debian, fedora or arch: the family whose packages a Linux installs; else linux."""
    ids = {release.get("ID", ""), *release.get("ID_LIKE", "").split()}
    for family, members in (
        ("debian", {"debian", "ubuntu"}),
        ("fedora", {"fedora", "rhel", "centos"}),
        ("arch", {"arch", "manjaro", "endeavouros"}),
    ):
        if ids & members:
            return family
    return "linux"


def install_tex(system: str | None = None) -> str:
    """How to install XeLaTeX with everything cvtex uses."""
    system = system or current()
    if system == "debian":
        return f"sudo apt-get install {APT_PACKAGES}   (or, in a cvtex checkout: make system-deps)"
    if system == "fedora":
        names = ["scheme-basic", "collection-latexrecommended", "xetex", "xecjk", "ctex"]
        packages = " ".join(f"texlive-{name}" for name in [*names, *TEX_FONTS])
        return f"sudo dnf install {packages} {FEDORA_FONTS}"
    if system == "arch":
        return f"sudo pacman -S --needed {PACMAN_PACKAGES}"
    if system == "macos":
        return (
            "brew install --cask mactex-no-gui   (or the smaller BasicTeX: brew install "
            f"--cask basictex, then: sudo tlmgr install {TLMGR_PACKAGES})"
        )
    if system == "windows":
        return (
            "winget install ChristianSchenk.MiKTeX   (it installs the packages a build needs "
            "on first use), or TeX Live's install-tl-windows.exe, or cvtex in WSL"
        )
    return (
        "install TeX Live with XeLaTeX (https://tug.org/texlive/), or the Tectonic engine: "
        "pipx install 'cvtex[tectonic]'"
    )


def tex_package_of(tex_file: str) -> str:
    """The TeX Live package that has ``tex_file`` (its name, for one cvtex does not know)."""
    return TEX_FILES.get(tex_file) or tex_file.rsplit(".", 1)[0].lower()


def install_tex_package(package: str, tex_file: str, system: str | None = None) -> str:
    """How to install the TeX Live package ``package`` that holds ``tex_file``."""
    system = system or current()
    if system == "fedora":
        return f"sudo dnf install 'tex({tex_file})'"
    if system in ("macos", "linux"):
        return f"sudo tlmgr install {package}"
    if system == "windows":
        return f"miktex packages install {package}   (TeX Live: tlmgr install {package})"
    return install_tex(system)


def install_tex_font(stem: str, system: str | None = None) -> str:
    """How to install a font TeX Live ships (look/texfonts.py), by its file stem."""
    system = system or current()
    package = next(
        (name for prefix, name in TEX_FONT_PACKAGES.items() if stem.startswith(prefix)), ""
    )
    if not package:
        return ""
    if system == "debian":
        return f"sudo apt-get install {_DEBIAN_OF_TEX_PACKAGE[package]}"
    if system == "fedora":
        return f"sudo dnf install texlive-{package}"
    if system == "arch":
        return f"sudo pacman -S {_ARCH_OF_TEX_PACKAGE[package]}"
    if system == "windows":
        return f"miktex packages install {package}   (TeX Live: tlmgr install {package})"
    return f"sudo tlmgr install {package}"


def install_fonts(debian_package: str | None, system: str | None = None) -> str:
    """How to install the fonts a catalog names by their Debian package; "" where the
    system's own fonts are meant to be there (macOS, Windows) or nothing is known."""
    system = system or current()
    if not debian_package:
        return ""
    if system == "debian":
        return f"sudo apt-get install {debian_package}   (or: make system-deps)"
    other = FONT_PACKAGES.get(debian_package, {}).get(system)
    if other and system == "fedora":
        return f"sudo dnf install {other}"
    if other and system == "arch":
        return f"sudo pacman -S {other}"
    return ""


def install_fontconfig(system: str | None = None) -> str:
    """How to get fontconfig's fc-list, which cvtex asks what fonts are installed."""
    system = system or current()
    return {
        "debian": "sudo apt-get install fontconfig",
        "fedora": "sudo dnf install fontconfig",
        "arch": "sudo pacman -S fontconfig",
        "macos": "brew install fontconfig",
        "windows": "it comes with MiKTeX and TeX Live: put their bin folder on PATH",
    }.get(system, "install fontconfig")

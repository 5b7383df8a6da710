"""A Tectonic bundle made from this machine's TeX Live, so that Tectonic runs offline in the
tests (``--bundle DIR --only-cached``): a flat folder of the files a compile reads, with a
``SHA256SUM`` (the bundle's digest, which names its cached format) and the
``tectonic-format-latex.tex`` Tectonic builds its LaTeX format from (it inputs
``xelatex.ini``, as TeX Live's own format does).

The files are those XeLaTeX's ``-recorder`` lists while it builds its format and while it
compiles the given sources, the fonts those sources load by file name (kpsewhich finds
them), and the few files of xdvipdfmx and XeTeX that the recorder does not see.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

# Read by XeTeX's font loader and by xdvipdfmx, which -recorder does not list.
UNRECORDED = (
    "pdftex.map",
    "kanjix.map",
    "ckx.map",
    "cid-x.map",
    "glyphlist.txt",
    "pdfglyphlist.txt",
)
# Fonts fontspec and the templates load by file name: Latin Modern (fontspec's default)
# and each family of look/texfonts.py the sources name, every face in its folder.
FONT_FAMILIES = ("lmroman10-regular.otf",)


def recorded(tex: Path, *options: str, ini: bool = False) -> list[Path]:
    """The files XeLaTeX reads to compile ``tex`` in its folder (its -recorder list); or,
    ``ini``, to make a format from it (with e-TeX: the "*")."""
    subprocess.run(
        [
            "xelatex",
            "-recorder",
            "-interaction=nonstopmode",
            *options,
            ("*" if ini else "") + tex.name,
        ],
        cwd=tex.parent,
        capture_output=True,
        check=False,
    )
    fls = tex.parent / f"{tex.stem}.fls"
    if not fls.exists():  # an ini run names its .fls after its job
        fls = next(tex.parent.glob("*.fls"))
    inputs = (
        line.split(" ", 1)[1] for line in fls.read_text().splitlines() if line.startswith("INPUT ")
    )
    return [Path(path) for path in inputs if path.startswith("/") and not path.startswith("/dev")]


def kpsewhich(*names: str) -> list[Path]:
    found = subprocess.run(["kpsewhich", *names], capture_output=True, text=True).stdout
    return [Path(line) for line in found.split()]


def make_bundle(folder: Path, sources: list[Path]) -> Path:
    """The bundle, in ``folder``, for compiling ``sources`` (.tex files XeLaTeX compiles)."""
    folder.mkdir(parents=True, exist_ok=True)
    work = folder.parent / f"{folder.name}-work"
    work.mkdir(exist_ok=True)
    ini = work / "xelatex.ini"
    shutil.copyfile(kpsewhich("xelatex.ini")[0], ini)
    files = set(recorded(ini, "-ini", "-jobname=bundleformat", ini=True))
    for source in sources:
        copy = work / source.name
        shutil.copyfile(source, copy)
        files |= set(recorded(copy))
        text = source.read_text(encoding="utf-8")
        for stem, extension in _file_fonts(text):
            files |= {
                path
                for path in kpsewhich(f"{stem}-regular{extension}", f"{stem}-Regular{extension}")
            }
    for regular in kpsewhich(*FONT_FAMILIES):
        files |= set(regular.parent.glob("*.otf"))
    for regular in list(files):
        if regular.suffix in (".otf", ".ttf"):
            stem = regular.name.rsplit("-", 1)[0]
            files |= set(regular.parent.glob(f"{stem}-*{regular.suffix}"))
    files |= set(kpsewhich(*UNRECORDED, "xelatex.ini"))
    files |= set(kpsewhich("-format=misc fonts", "tex-text.tec"))  # XeTeX's TECkit mappings
    # The TeX fonts a source uses at every size (a fitted CV's math at 8 pt reads cmmi8,
    # the one at 10 pt cmmi10): every metric of their folders, and their Type 1 outlines.
    for metrics in {path.parent for path in files if path.suffix == ".tfm"}:
        files |= set(metrics.glob("*.tfm"))
    stems = [path.stem for path in files if path.suffix == ".tfm"]
    files |= set(kpsewhich(*(f"{stem}.pfb" for stem in stems)))
    for path in sorted(files):
        if path.is_file() and path.suffix not in (".fmt", ".cnf") and path.parent != work:
            target = folder / path.name
            if not target.exists():
                shutil.copyfile(path, target)
    (folder / "tectonic-format-latex.tex").write_text("\\input xelatex.ini\n", encoding="utf-8")
    digest = hashlib.sha256()
    for path in sorted(folder.iterdir()):
        if path.name != "SHA256SUM":
            digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    (folder / "SHA256SUM").write_text(digest.hexdigest() + "\n", encoding="utf-8")
    shutil.rmtree(work)
    return folder


def _file_fonts(tex: str) -> list[tuple[str, str]]:
    """The (stem, extension) of each font a source loads by file name (fontspec's
    ``\\setmainfont{texgyrepagella}[Extension=.otf, ...]``)."""
    import re

    return re.findall(r"\{([A-Za-z0-9_.-]+)\}\[Extension=(\.[a-z]+)", tex)

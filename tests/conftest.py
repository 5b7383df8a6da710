"""Shared fixtures: the example profile built once per test session with real XeLaTeX."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from cvtex.look import theme as themes
from cvtex.look.theme import builtin_names
from cvtex.pipeline.place import BuiltLanguage

from .building import Built, build, run_build_request
from .shared import made_once
from .systems import MACOS, NOTO, WINDOWS, System, make_system

# The cvtex commands the tests run (the CLI's, the editor's, the preview's, the watch's)
# keep Python's compiled bytecode, as on a person's machine: a sandbox that turns it off
# (PYTHONDONTWRITEBYTECODE) had each of them compile cvtex's modules again: 0.1-0.4 s apiece.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "academic" / "profile.yaml"
ENGINEER = ROOT / "examples" / "engineer" / "profile.yaml"
GERMAN = ROOT / "examples" / "locales" / "de.yaml"  # a catalog for a language cvtex lacks


def pdf_info(pdf: Path) -> str:
    """What pdfinfo says of the PDF: pages, title, language, tagged or not."""
    return subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout


def pdf_text(pdf: Path, layout: bool = False) -> str:
    """The PDF's text as laid out on the page, or (``layout=False``) in the order it was
    typeset, which keeps a wrapped field in one piece beside a right-aligned one."""
    mode = "-layout" if layout else "-raw"
    return subprocess.run(
        ["pdftotext", mode, str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout


_BIDI_MARKS = dict.fromkeys([0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])


def line_in(file: Path, text: str, after: str = "") -> int:
    """The line of ``file`` where ``text`` is first written (after the first line that has
    ``after``), counted from 1: where an error or a note should point."""
    lines = file.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if after in line) if after else 0
    return next(i for i, line in enumerate(lines[start:], start + 1) if text in line)


def markup_as_text(item: str) -> str:
    """A profile's light markup as text: **bold**, *italic* and $3\\times$."""
    item = re.sub(r"\*\*(.+?)\*\*", r"\1", item)
    item = re.sub(r"(?<!\w)\*(\S.*?)\*", r"\1", item)
    return re.sub(r"\$(\d(?:\.\d)?)\\times\$", r"\1×", item)


def normalized(text: str) -> str:
    """Text as compared across PDF extraction: full-width forms folded, no spaces, no hyphens.

    Line breaks, hyphenation and the spacing xeCJK adds between scripts all vanish, so a
    phrase matches however the page happened to break it.
    """
    # CJK fonts draw "…" centred, with the glyph of "⋯", and pdftotext reads it back as that.
    text = text.replace("⋯", "…")
    # pdftotext marks the right-to-left runs it finds with embedding marks; NFKC below
    # folds the Arabic presentation forms it reads back into letters.
    text = text.translate(_BIDI_MARKS)
    text = unicodedata.normalize("NFKC", text).replace("、", ",").replace("’", "'")
    return "".join(ch for ch in text if not ch.isspace() and ch not in "-–")


# Every content check runs for every built-in theme: a theme draws all a profile holds.
THEMES = builtin_names()
OVERFULL = re.compile(r"Overfull \\hbox \((\d+(?:\.\d+)?)pt too wide\)")


def overfull_lines(log: str, tolerance: float = 1.0) -> list[str]:
    """The lines XeLaTeX reports running into the margin by more than ``tolerance`` points."""
    return [match[0] for match in OVERFULL.finditer(log) if float(match[1]) > tolerance]


@dataclass(frozen=True)
class BuiltExample:
    out_dir: Path
    results: dict[str, BuiltLanguage]
    theme: str = "classic"

    def text(self, language: str) -> str:
        return pdf_text(self.results[language].pdf)

    def log(self, language: str) -> str:
        return self.results[language].log


@pytest.fixture(scope="session", params=THEMES)
def built_example(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> BuiltExample:
    """The example in its four languages, once per built-in theme (and per run: the
    workers share it, see shared.py)."""
    return example_built(tmp_path_factory, request.param)


def example_built(factory: pytest.TempPathFactory, theme: str) -> BuiltExample:
    """The academic example in its four languages and ``theme``, built once per run."""

    def make(out_dir: Path) -> BuiltExample:
        results = build(EXAMPLE, out_dir=out_dir, theme=theme)
        return BuiltExample(out_dir, {result.language: result for result in results}, theme)

    return made_once(factory, f"example-{theme}", make)


def engineer_built(factory: pytest.TempPathFactory, theme: str = "classic") -> Built:
    """The engineer example in English, Japanese and Korean, built and checked in ``theme``,
    once per run. Its folder is the build's out/ with its build cache: a copy built again
    starts each fit at the step this build found."""

    def make(out_dir: Path) -> Built:
        built = Built(out_dir)
        run_build_request(ENGINEER, built, out_dir=out_dir, theme=theme, check=True)
        return built

    return made_once(factory, f"engineer-{theme}", make)


@pytest.fixture
def custom_theme(tmp_path: Path) -> Iterator[Callable[[str, Callable[[str], str]], str]]:
    """Make theme folders from a copy of the classic one with its base template edited.

    For what only a broken or hostile theme can do to the engine (loop, fail): a profile
    cannot. Returns the folder's path for ``build(theme=...)`` and ``--theme``.
    """

    def make(name: str, edit: Callable[[str], str]) -> str:
        folder = tmp_path / "themes" / name
        shutil.copytree(ROOT / "templates" / "classic", folder)
        base = folder / "base.tex.j2"
        base.write_text(edit(base.read_text(encoding="utf-8")), encoding="utf-8")
        return str(folder)

    yield make
    themes.forget_themes()


@pytest.fixture(scope="session")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], System]:
    """Other systems' fonts on this one (tests/systems.py), each made once per run on first
    use (its faces take seconds to make; the workers share them, see shared.py):
    ``simulated("macos")``, "windows", "windows-simsun" (SimSun and SimHei alone),
    "fedora" (Noto CJK only, no TeX Gyre or Latin fonts in fontconfig), "bare" (fontconfig
    with no font: TeX Live's alone)."""
    made: dict[str, System] = {}
    layouts = {
        "macos": ({"families": list(MACOS)}),
        "windows": ({"families": list(WINDOWS)}),
        "windows-simsun": ({"families": ["SimSun", "SimHei"], "system": "windows"}),
        "fedora": ({"families": [], "dirs": (NOTO,)}),
        "bare": ({"families": [], "system": "linux"}),
    }

    def get(name: str) -> System:
        if name not in made:
            made[name] = made_once(
                tmp_path_factory,
                f"system-{name}",
                lambda folder: make_system(name, folder, **layouts[name]),
            )
        return made[name]

    return get


@pytest.fixture(scope="session", autouse=True)
def private_user_cache(tmp_path_factory: pytest.TempPathFactory):
    """Tests keep cvtex's per-user cache (font list, compiled templates) to themselves."""
    cache = tmp_path_factory.mktemp("user-cache")
    if os.environ.get("PYTEST_XDIST_WORKER"):
        # The workers share the XeLaTeX formats (each made once, not once a worker): a
        # format is only ever a faster start of the same pass (tests/compile/test_formats).
        shared = tmp_path_factory.getbasetemp().parent / "formats"
        shared.mkdir(mode=0o700, exist_ok=True)
        (cache / "formats").symlink_to(shared, target_is_directory=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CVTEX_CACHE_DIR", str(cache))
        yield


TINY = {
    "languages": ["en", "zh"],
    "name": {"en": "Ann Lee", "zh": "李安"},
    "contacts": [{"type": "email", "value": "ann@example.com"}],
    "education": [
        {
            "institution": {"en": "Hunan University", "zh": "湖南大学"},
            "degree": {"en": "B.Eng.", "zh": "工学学士"},
            "start": 2016,
            "end": 2020,
            "bullets": [{"en": "Thesis on networks", "zh": "毕业论文：网络"}],
        }
    ],
}


@pytest.fixture(scope="session")
def tiny_built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small two-language profile built once (per run, see shared.py), with its out/
    folder and build cache."""

    def make(folder: Path) -> Path:
        profile = folder / "cv.yaml"
        profile.write_text(yaml.safe_dump(TINY, allow_unicode=True), encoding="utf-8")
        build(profile)
        return folder

    return made_once(tmp_path_factory, "tiny", make)


@pytest.fixture
def tiny(tiny_built: Path, tmp_path: Path) -> Path:
    """A copy of the built tiny profile (profile, out/ and cache) for one test to change."""
    shutil.copytree(tiny_built, tmp_path / "tiny")
    return tmp_path / "tiny" / "cv.yaml"

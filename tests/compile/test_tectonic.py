"""Tectonic as cvtex's engine, offline: a bundle made from this machine's TeX Live
(tests/tectonic_bundle.py), ``--bundle DIR --only-cached``. The examples' PDFs carry the
same text, in the same fonts, as XeLaTeX's; a missing character, a missing TeX file and a
machine without XeLaTeX are handled as with XeLaTeX."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from cvtex.compile.tectonic import find_tectonic
from cvtex.errors import ExitCode
from cvtex.pipeline.cache import CACHE_FILE

from ..conftest import ENGINEER, EXAMPLE, engineer_built, example_built
from ..end_to_end.test_errors import CVTEX
from ..systems import pdf_fonts
from ..tectonic_bundle import make_bundle
from ..test_doctor import stand_in_path

pytestmark = pytest.mark.skipif(
    find_tectonic() is None, reason="Tectonic is not installed (make venv installs it)"
)


@pytest.fixture(scope="session")
def xelatex_built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Both examples built by XeLaTeX (the run's shared builds): each one's out/ folder."""
    return {
        "academic": example_built(tmp_path_factory, "classic").out_dir,
        "engineer": engineer_built(tmp_path_factory).out_dir,
    }


@pytest.fixture(scope="session")
def bundle(xelatex_built, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A bundle of the files the examples' compiles read (their every fit trial's too)."""
    sources = [tex for out in xelatex_built.values() for tex in sorted(out.glob("*.tex"))]
    return make_bundle(tmp_path_factory.mktemp("tectonic") / "bundle", sources)


@pytest.fixture(scope="session")
def tectonic_env(bundle, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Tectonic's cache (its formats) for this session alone, its LaTeX format made once
    by a compile of its own: otherwise the first builds' languages, compiled side by side,
    would each make it."""
    env = {**os.environ, "TECTONIC_CACHE_DIR": str(tmp_path_factory.mktemp("tectonic-cache"))}
    work = tmp_path_factory.mktemp("tectonic-format")
    (work / "first.tex").write_text(
        "\\documentclass{article}\n\\begin{document}\nA\n\\end{document}\n", encoding="utf-8"
    )
    tectonic = find_tectonic()
    assert tectonic is not None
    command = [tectonic.path, "--bundle", str(bundle), "--only-cached", "--chatter", "minimal"]
    subprocess.run([*command, "first.tex"], cwd=work, env=env, capture_output=True, check=True)
    return env


def cvtex(*args: object, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CVTEX), *map(str, args)], capture_output=True, text=True, env=env, check=False
    )


def text_of(pdf: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-raw", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout


@pytest.mark.parametrize("example", ["academic", "engineer"])
def test_the_examples_come_out_of_tectonic_as_out_of_xelatex(
    xelatex_built, bundle, tectonic_env, tmp_path, example
):
    """Each language compiled again by Tectonic (--force) into a folder that holds XeLaTeX's
    build cache: a fit starts from the step XeLaTeX's build found, as a rebuild does, and
    searches again only if Tectonic's pages no longer fit at it."""
    profile = EXAMPLE if example == "academic" else ENGINEER
    xelatex_out, out = xelatex_built[example], tmp_path / "out"
    out.mkdir()
    shutil.copyfile(xelatex_out / CACHE_FILE, out / CACHE_FILE)
    result = cvtex(
        "build", profile, "--engine", "tectonic", "--bundle", bundle, "--only-cached",
        "--force", "--out", out, env=tectonic_env,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    xelatex_pdfs = sorted(xelatex_out.glob("profile.*.pdf"))
    assert len(xelatex_pdfs) >= 3
    for xelatex_pdf in xelatex_pdfs:
        tectonic_pdf = out / xelatex_pdf.name
        assert text_of(tectonic_pdf) == text_of(xelatex_pdf), xelatex_pdf.name
        assert pdf_fonts(tectonic_pdf) == pdf_fonts(xelatex_pdf), xelatex_pdf.name


def test_a_profile_attached_comes_out_of_tectonic_too(bundle, tectonic_env, tmp_path):
    """design.attach_profile's specials (docs/import/pdf.md) are xdvipdfmx's, as Tectonic's."""
    from pypdf import PdfReader

    out = tmp_path / "out"
    result = cvtex(
        "build", EXAMPLE, "--lang", "en", "--engine", "tectonic", "--bundle", bundle,
        "--only-cached", "--design", "attach_profile=true", "--out", out, env=tectonic_env,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    attached = PdfReader(out / "profile.en.pdf").attachments
    assert list(attached) == ["profile.en.yaml"]
    assert b"name: Jin Fang" in attached["profile.en.yaml"][0]


def test_a_character_no_font_has_stops_a_tectonic_build_too(bundle, tectonic_env, tmp_path):
    """As with XeLaTeX (test_errors.py): the character, its field and line, the font."""
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        "languages: [en]\nname: Jin Fang\nexperience:\n  - title: Shipping\n"
        "    bullets:\n      - Made things \U0001fae0 fast\n",
        encoding="utf-8",
    )
    result = cvtex(
        "build", profile, "--engine", "tectonic", "--bundle", bundle, "--only-cached",
        env=tectonic_env,
    )  # fmt: skip
    assert result.returncode == ExitCode.USER_ERROR, result.stderr
    assert (
        f"{profile}:6:9: experience[0].bullets[0]: the character '\U0001fae0' "
        "(U+1FAE0 MELTING FACE) has no glyph in the font Symbola" in result.stderr
    )
    assert "Traceback" not in result.stderr and not (tmp_path / "out" / "cv.en.pdf").exists()


def test_a_tex_file_the_bundle_lacks_is_named(bundle, tectonic_env, tmp_path):
    lacking = tmp_path / "bundle"
    shutil.copytree(bundle, lacking)
    (lacking / "enumitem.sty").unlink()
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        yaml.safe_dump(
            {"name": "Ann Lee", "education": [{"institution": "MIT", "bullets": ["Thesis"]}]}
        ),
        encoding="utf-8",
    )
    result = cvtex(
        "build", profile, "--engine", "tectonic", "--bundle", lacking, "--only-cached",
        env=tectonic_env,
    )  # fmt: skip
    assert result.returncode == ExitCode.TOOLCHAIN_MISSING, result.stderr
    assert "Tectonic needs the TeX file enumitem.sty, which is not installed" in result.stderr
    assert f"the bundle {lacking} lacks it" in result.stderr


def test_auto_takes_tectonic_where_xelatex_is_not_installed(bundle, tectonic_env, tmp_path):
    env = {**tectonic_env, "PATH": stand_in_path(tmp_path / "bin")}
    profile = tmp_path / "cv.yaml"
    profile.write_text(yaml.safe_dump({"name": "Ann Lee"}), encoding="utf-8")
    result = cvtex("build", profile, "--bundle", bundle, "--only-cached", env=env)
    assert result.returncode == 0, result.stderr
    assert "Ann Lee" in text_of(tmp_path / "out" / "cv.en.pdf")
    doctor = cvtex("doctor", env=env)
    assert doctor.returncode == 0, doctor.stdout
    assert "ok      tectonic: Tectonic " in doctor.stdout


def test_a_bundle_never_fetched_is_explained(tmp_path):
    """The default bundle, nothing cached and no network (--only-cached: never fetched):
    what is missing and how to get it, not Tectonic's stack trace."""
    env = {**os.environ, "TECTONIC_CACHE_DIR": str(tmp_path / "empty-cache")}
    profile = tmp_path / "cv.yaml"
    profile.write_text(yaml.safe_dump({"name": "Ann Lee", "languages": ["en"]}), encoding="utf-8")
    result = cvtex("build", profile, "--engine", "tectonic", "--only-cached", env=env)
    assert result.returncode == ExitCode.TOOLCHAIN_MISSING, result.stderr
    assert "Tectonic's bundle of TeX files is not cached yet" in result.stderr
    assert "run cvtex once online" in result.stderr
    assert "backtrace" not in result.stderr.lower() and "panicked" not in result.stderr

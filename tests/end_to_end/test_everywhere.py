"""What every system gets alike: `python -m cvtex`, and files written with Windows' line
endings (CRLF) read as any other: the same PDF, errors at the same lines."""

from __future__ import annotations

import subprocess
import sys

import yaml

from cvtex.errors import ExitCode

from ..conftest import ROOT, TINY, pdf_text
from .test_errors import CVTEX

GERMAN = ROOT / "examples" / "locales" / "de.yaml"


def crlf(text: str) -> bytes:
    return text.replace("\n", "\r\n").encode("utf-8")


def test_python_dash_m_cvtex_is_the_cvtex_command(tmp_path):
    version = subprocess.run(
        [sys.executable, "-m", "cvtex", "--version"], capture_output=True, text=True, check=False
    )
    assert version.returncode == 0 and version.stdout.startswith("cvtex, version ")
    profile = tmp_path / "cv.yaml"
    made = subprocess.run(
        [sys.executable, "-m", "cvtex", "new", str(profile), "--lang", "en"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    built = subprocess.run(
        [sys.executable, "-m", "cvtex", "build", str(profile)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "out" / "cv.en.pdf").exists()


def test_a_profile_and_a_catalog_with_crlf_line_endings(tmp_path):
    data = {**TINY, "languages": ["en", "zh", "de"]}
    data["name"] = {**TINY["name"], "de": "Ann Lee"}
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    profile = tmp_path / "cv.yaml"
    profile.write_bytes(crlf(text))
    catalog = tmp_path / "de.yaml"
    catalog.write_bytes(crlf(GERMAN.read_text(encoding="utf-8")))
    result = subprocess.run(
        [str(CVTEX), "build", str(profile), "--locale-file", str(catalog)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    for language, words in (("en", "Hunan University"), ("zh", "湖南大学"), ("de", "Ann Lee")):
        assert words in pdf_text(tmp_path / "out" / f"cv.{language}.pdf")
    assert profile.read_bytes() == crlf(text)  # read, never rewritten
    # A mistake is reported at its line, as in a file with LF endings.
    broken = text.replace("start: 2016", "start: 2016-13")
    line = next(n for n, text in enumerate(broken.splitlines(), 1) if "2016-13" in text)
    profile.write_bytes(crlf(broken))
    checked = subprocess.run(
        [str(CVTEX), "validate", str(profile), "--locale-file", str(catalog)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert checked.returncode == ExitCode.USER_ERROR
    assert f"{profile}:{line}:" in checked.stdout + checked.stderr
    assert "\r" not in checked.stdout + checked.stderr

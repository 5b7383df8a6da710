"""An untrusted profile reads no file into the PDF, writes none, runs nothing, and cannot
hang the build; XeLaTeX itself is locked down in case TeX code ever got through.

Two layers are tested apart: the escaping (profile text never becomes TeX code), and the
engine's own limits (no shell escape, paranoid file access, a time limit), by running
XeLaTeX directly on hand-written TeX that tries what escaping prevents.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import time
import uuid
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.compile.engine import run_xelatex
from cvtex.errors import EngineError, ExitCode, InputError

from ..building import build
from ..conftest import pdf_text
from ..profiles import fill_profile


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` with its content."""
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.fixture
def canary(tmp_path: Path) -> tuple[Path, str]:
    """A secret file outside the build folder, holding a token that must never leak."""
    token = f"CANARY{uuid.uuid4().hex}"
    secret = tmp_path / "secrets" / "canary.tex"
    secret.parent.mkdir()
    secret.write_text(f"{token}\n", encoding="utf-8")
    return secret, token


def attacks(secret: Path, landing: Path) -> list[str]:
    """TeX that would read ``secret`` into the PDF, or write a file at ``landing``."""
    return [
        rf"\input{{{secret}}}",
        rf"\input {secret} ",
        rf"\InputIfFileExists{{{secret}}}{{}}{{}}",
        rf"\openin5={secret} \read5 to \x \x",
        rf"\catcode`\@=11 \@@input {secret} ",
        "^^5cinput^^7b" + str(secret) + "^^7d",
        rf"\immediate\write18{{touch {landing}}}",
        rf"\immediate\openout15={landing} \immediate\write15{{pwned}}\immediate\closeout15",
        rf"$\input{{{secret}}}$",
        rf"[link](file://{secret})",
        rf"\href{{file://{secret}}}{{x}}",
    ]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_profile_text_reads_and_writes_no_file(tmp_path, canary, language):
    secret, token = canary
    landing = tmp_path / "secrets" / "pwned.txt"
    texts = attacks(secret, landing)
    filled = fill_profile(language, texts, [texts[0][:20]], [f"https://x.org/{secret}"])
    profile_dir = tmp_path / "profile"
    profile_dir.mkdir()
    profile = filled.write(profile_dir)
    before = snapshot(tmp_path)

    (result,) = build(profile, language, profile_dir / "out")

    text = pdf_text(result.pdf)
    assert token not in text and token not in result.log
    assert r"\input" in text  # the attack is printed, as text
    after = snapshot(tmp_path)
    new_files = sorted(set(after) - set(before))
    assert all(name.startswith("profile/out/") for name in new_files), new_files
    assert {name: after[name] for name in before} == before  # nothing changed either
    assert not landing.exists()


def test_unsafe_link_targets_are_refused_or_left_as_text(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        "languages: [en]\nname: Ann\ncontacts:\n"
        "  - {type: website, value: me, url: 'run:/usr/bin/xcalc'}\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError, match=r"cv.yaml:4:.*contacts\[0\]\.url: 'run:/usr/bin/xcalc'"):
        build(profile, "en", tmp_path / "out")
    profile.write_text(
        "languages: [en]\nname: Ann\nexperience:\n  - title: T\n    bullets:\n"
        "      - '[calc](run:/usr/bin/xcalc) [page](file:///etc/passwd) [js](javascript:x)'\n"
        "      - '[site](example.com/me)'\n",
        encoding="utf-8",
    )
    (result,) = build(profile, "en", tmp_path / "out")
    assert "[calc](run:/usr/bin/xcalc)" in pdf_text(result.pdf)
    # Every link in the PDF is a URI action: none launches a program or opens a file.
    links = subprocess.run(
        ["pdfinfo", "-url", str(result.pdf)], capture_output=True, text=True, check=True
    ).stdout.split()
    assert "https://example.com/me" in links
    assert not any(target.startswith(("run:", "file:", "javascript:")) for target in links)
    objects = _objects(result.pdf)
    assert b"/URI" in objects
    assert b"/Launch" not in objects and b"/GoToR" not in objects


def _objects(pdf: Path) -> bytes:
    """The PDF's bytes with every compressed stream inflated, to search for actions."""
    raw = pdf.read_bytes()
    parts = [raw]
    for match in re.finditer(rb"stream\r?\n(.*?)endstream", raw, re.S):
        with contextlib.suppress(zlib.error):  # not every stream is compressed
            parts.append(zlib.decompress(match[1]))
    return b"".join(parts)


# -- the engine's own limits, on TeX written by hand ------------------------------------

DOCUMENT = "\\documentclass{{article}}\n\\begin{{document}}\n{body}\n\\end{{document}}\n"


def run_tex(folder: Path, body: str, timeout: float = 60) -> str:
    """Typeset ``body`` with cvtex's locked-down engine; the PDF's text."""
    folder.mkdir(exist_ok=True)
    tex = folder / "probe.tex"
    tex.write_text(DOCUMENT.format(body=body), encoding="utf-8")
    return pdf_text(run_xelatex(tex, timeout).pdf)


def test_engine_refuses_to_read_files_outside_its_folder(tmp_path, canary):
    secret, token = canary
    # \openin of an absolute path: paranoid mode makes it look like a missing file.
    text = run_tex(
        tmp_path / "a",
        rf"\newread\r \openin\r={secret} \ifeof\r REFUSED\else\read\r to \x READ:\x\fi",
    )
    assert "REFUSED" in text and token not in text
    # \input of an absolute path, and of one up the tree, stop the engine instead.
    for target in (str(secret), "../secrets/canary.tex"):
        with pytest.raises(EngineError) as error:
            run_tex(tmp_path / "b", rf"\input{{{target}}}")
        assert token not in str(error.value)


@pytest.mark.parametrize("target", ["absolute", "up"], ids=["absolute path", "parent folder"])
def test_engine_writes_no_file_outside_its_folder(tmp_path, target):
    landing = tmp_path / "landing.txt" if target == "absolute" else "../landing.txt"
    body = rf"\newwrite\w \immediate\openout\w={landing} \immediate\write\w{{x}} DONE"
    # Refusing to open the file may stop the run, or the write may go nowhere: either way
    # no file appears outside the engine's folder.
    with contextlib.suppress(EngineError):
        run_tex(tmp_path / "work", body)
    assert not (tmp_path / "landing.txt").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["work"]


def test_engine_runs_no_program(tmp_path):
    ran = tmp_path / "ran.txt"
    text = run_tex(tmp_path / "work", rf"\immediate\write18{{touch {ran}}} DONE")
    assert "DONE" in text
    assert not ran.exists()
    log = (tmp_path / "work" / "probe.log").read_text(encoding="utf-8")
    assert f"runsystem(touch {ran})...disabled." in log


def processes_in(folder: Path) -> list[str]:
    """The processes whose working folder is ``folder``."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and os.readlink(proc / "cwd") == str(folder):
                found.append(proc.name)
        except OSError:
            pass  # gone, or not ours to look at
    return found


def test_a_hung_engine_is_stopped_and_reported(tmp_path):
    folder = tmp_path / "loop"
    folder.mkdir()
    tex = folder / "loop.tex"
    tex.write_text(DOCUMENT.format(body=r"\def\x{\x}\x"), encoding="utf-8")
    started = time.monotonic()
    with pytest.raises(EngineError) as error:
        run_xelatex(tex, timeout=2)
    assert "did not finish loop.tex within 2 s and was stopped" in str(error.value)
    assert time.monotonic() - started < 60  # a guard against hanging, not a benchmark
    assert error.value.exit_code == ExitCode.ENGINE_FAILED
    assert processes_in(folder) == []


def test_cli_timeout_stops_a_looping_theme_with_exit_code_4(tmp_path, custom_theme):
    loop = r"\begin{document}\def\x{\x}\x"
    theme = custom_theme("loops", lambda tex: tex.replace(r"\begin{document}", loop))
    runner = CliRunner()
    profile = tmp_path / "cv.yaml"
    assert runner.invoke(main, ["new", str(profile)]).exit_code == 0
    result = runner.invoke(
        main, ["build", str(profile), "--lang", "en", "--theme", theme, "--timeout", "2"]
    )
    assert result.exit_code == ExitCode.ENGINE_FAILED, result.output
    assert "XeLaTeX did not finish cv.en.tex within 2 s and was stopped" in result.output
    assert "--timeout" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "cv.en.pdf").exists()
    # nothing is left behind: not even the out folder the failed build created
    assert not (tmp_path / "out").exists()

"""The command line: each command over the library, and clean errors with exit codes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cvtex import __version__
from cvtex.cli.main import main
from cvtex.errors import ExitCode

from ..conftest import EXAMPLE, pdf_text


def run(*args: str):
    return CliRunner().invoke(main, [str(arg) for arg in args])


def test_version_and_help():
    assert __version__ in run("--version").output
    for command in ("build", "watch", "validate", "new", "doctor", "schema", "export", "import"):
        result = run(command, "--help")
        assert result.exit_code == 0, result.output
        assert "Usage:" in result.output


def test_new_writes_a_valid_profile_and_never_overwrites(tmp_path):
    target = tmp_path / "my-cv.yaml"
    assert run("new", target).exit_code == 0
    original = target.read_text(encoding="utf-8")
    assert "$schema=file://" in original
    assert run("validate", target).exit_code == 0

    target.write_text(original + "# my edits\n", encoding="utf-8")
    again = run("new", target)
    assert again.exit_code == ExitCode.USER_ERROR
    assert "already exists" in again.output
    assert target.read_text(encoding="utf-8").endswith("# my edits\n")
    assert run("new", target, "--force").exit_code == 0


def test_missing_file_is_a_clean_error(tmp_path):
    result = run("build", tmp_path / "nope.yaml")
    assert result.exit_code == ExitCode.USER_ERROR
    assert "nope.yaml: no such file" in result.output
    assert "Traceback" not in result.output


def test_yaml_syntax_error_names_the_line(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text("name: Jin\ncontacts:\n  - type: email\n   value: x\n", encoding="utf-8")
    result = run("validate", profile)
    assert result.exit_code == ExitCode.USER_ERROR
    assert f"{profile}:4:" in result.output
    assert "YAML syntax error" in result.output
    assert "Traceback" not in result.output


def test_unknown_key_names_its_path_line_and_a_suggestion(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        "name: Jin\neducation:\n  - institution: USTC\n    degre: PhD\n", encoding="utf-8"
    )
    result = run("validate", profile)
    assert result.exit_code == ExitCode.USER_ERROR
    assert f"{profile}:4:" in result.output
    assert "education[0].degre: unknown key 'degre' (did you mean 'degree'?)" in result.output
    assert "education[0].institution" not in result.output  # written, and right


def test_bad_date_and_bad_layout(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        "name: Jin\nexperience:\n  - title: X\n    start: 2020-13\n", encoding="utf-8"
    )
    result = run("validate", profile)
    assert "experience[0].start: month 13 is not between 1 and 12" in result.output
    profile.write_text("name: Jin\nlayout:\n  en: [educaton]\n", encoding="utf-8")
    result = run("validate", profile)
    assert result.exit_code == ExitCode.USER_ERROR
    assert "layout.en[0]: no section 'educaton' (did you mean 'education'?)" in result.output


def test_aliases_are_refused(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text("name: &n Jin\nowner_names: [*n]\n", encoding="utf-8")
    result = run("validate", profile)
    assert result.exit_code == ExitCode.USER_ERROR
    assert "aliases" in result.output


def test_unknown_language_for_build(tmp_path):
    target = tmp_path / "cv.yaml"
    run("new", target)
    result = run("build", target, "--lang", "fr")
    assert result.exit_code == ExitCode.USER_ERROR
    assert "not written in fr" in result.output


def test_build_one_language_writes_pdf_and_tex_beside_the_profile(tmp_path):
    target = tmp_path / "my-cv.yaml"
    run("new", target)
    result = run("build", target, "--lang", "zh")
    assert result.exit_code == 0, result.output
    out = tmp_path / "out"
    names = sorted(p.name for p in out.iterdir())
    assert names == [".cvtex-cache.json", "my-cv.zh.pdf", "my-cv.zh.tex"]
    assert "林梅" in pdf_text(out / "my-cv.zh.pdf")


def test_failed_build_keeps_the_previous_pdf(tmp_path):
    target = tmp_path / "cv.yaml"
    run("new", target)
    assert run("build", target, "--lang", "en", "--out", tmp_path / "o").exit_code == 0
    pdf = tmp_path / "o" / "cv.en.pdf"
    before = pdf.read_bytes()
    # A character no installed font has: the build must fail and leave the old PDF.
    target.write_text(
        target.read_text(encoding="utf-8").replace("Mei Lin, zh", "Mei Lin \U0001fae0, zh"),
        encoding="utf-8",
    )
    result = run("build", target, "--lang", "en", "--out", tmp_path / "o")
    assert result.exit_code == ExitCode.USER_ERROR
    assert "U+1FAE0" in result.output
    assert f"{target}:" in result.output  # points at the profile line that holds it
    assert pdf.read_bytes() == before
    assert not [p for p in (tmp_path / "o").iterdir() if p.is_dir()]  # no work folder left


def test_doctor_reports_installed_toolchain():
    result = run("doctor")
    assert result.exit_code == 0, result.output
    assert "xelatex" in result.output
    assert "MISSING" not in result.output


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_env_variable_selects_language(tmp_path, monkeypatch, lang):
    target = tmp_path / "cv.yaml"
    run("new", target)
    monkeypatch.setenv("CVTEX_LANG", lang)
    assert run("build", target).exit_code == 0
    assert [p.name for p in (tmp_path / "out").glob("*.pdf")] == [f"cv.{lang}.pdf"]


def test_schema_command_matches_shipped_schema():
    shipped = Path(__file__).resolve().parents[2] / "cvtex" / "profile.schema.json"
    assert run("schema").output == shipped.read_text(encoding="utf-8"), (
        "the shipped schema is stale: run `make schema`"
    )


def test_publication_needs_a_title_unless_it_comes_from_a_bibliography(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text("name: A\npublications:\n  - authors: [A]\n    year: 2020\n")
    result = run("validate", profile)
    assert result.exit_code == ExitCode.USER_ERROR
    assert f"{profile}:3:" in result.output and "publications[0].title" in result.output


def test_build_web_formats_only(tmp_path):
    target = tmp_path / "cv.yaml"
    run("new", target)
    result = run("build", target, "--format", "md,html", "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "o").iterdir()) == [
        "cv.en.html",
        "cv.en.md",
        "cv.zh.html",
        "cv.zh.md",
    ]
    assert "wrote" in result.output and str(tmp_path / "o" / "cv.zh.md") in result.output


def test_unknown_format_is_a_clean_error(tmp_path):
    target = tmp_path / "cv.yaml"
    run("new", target)
    result = run("build", target, "--format", "pdf,odt")
    assert result.exit_code == ExitCode.USER_ERROR
    assert (
        "unknown format odt" in result.output and "pdf, md, html, docx, txt, json" in result.output
    )


def test_failed_pdf_writes_no_page_either(tmp_path):
    target = tmp_path / "cv.yaml"
    run("new", target)
    target.write_text(
        target.read_text(encoding="utf-8").replace("Mei Lin, zh", "Mei Lin \U0001fae0, zh"),
        encoding="utf-8",
    )
    result = run("build", target, "--lang", "en", "--format", "pdf,md", "--out", tmp_path / "o")
    assert result.exit_code == ExitCode.USER_ERROR
    assert not (tmp_path / "o").exists()  # the failed build leaves not even its out folder


def test_export_then_import_on_the_command_line(tmp_path):
    target = tmp_path / "cv.yaml"
    run("new", target)
    result = run("export", target, "--to", "jsonresume", "--out", tmp_path / "json")
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "json").iterdir())
    assert [f.name for f in files] == ["cv.en.resume.json", "cv.zh.resume.json"]
    back = tmp_path / "back.yaml"
    result = run("import", *files, "-o", back)
    assert result.exit_code == 0, result.output
    assert f"wrote {back} (en, zh)" in result.output
    assert run("validate", back).exit_code == 0
    again = run("import", *files, "-o", back)
    assert again.exit_code == ExitCode.USER_ERROR and "--force" in again.output
    assert run("import", *files, "-o", back, "--force").exit_code == 0


def test_html_with_a_missing_photo_names_the_line(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text("languages: [en]\nname: X\nphoto: {file: nope.png}\n", encoding="utf-8")
    result = run("build", profile, "--format", "html")
    assert result.exit_code == ExitCode.USER_ERROR
    assert f"{profile}:3:" in result.output and "nope.png" in result.output


# What the `cvtex` console script runs (pyproject.toml).
EXECUTABLE = "import sys; from cvtex.cli.launch import run; sys.argv[0] = 'cvtex'; run()"


def test_cli_starts_without_loading_models_or_templates():
    """`cvtex build` starts XeLaTeX before pydantic and Jinja load (~100 ms); an import of
    them at the top of cli.py or build.py would quietly undo that."""
    code = (
        "import sys, cvtex.cli.launch, cvtex.compile.engine, cvtex.cli.main, "
        "cvtex.pipeline.request, cvtex.pipeline.build; print(sorted(m for m in "
        "('pydantic', 'jinja2', 'cvtex.profile.model') if m in sys.modules))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "[]"


@pytest.mark.parametrize(
    ("args", "code", "stream", "text"),
    [
        (["--version"], 0, "stdout", __version__),
        (["build", "/no/such/cv.yaml"], ExitCode.USER_ERROR, "stderr", "no such file"),
        (["no-such-command"], ExitCode.USAGE, "stderr", "No such command"),
    ],
)
def test_the_executable_flushes_its_output_and_keeps_exit_codes(args, code, stream, text):
    """`cvtex` ends with os._exit (no interpreter teardown): nothing may be lost by it."""
    runner = EXECUTABLE
    done = subprocess.run([sys.executable, "-c", runner, *args], capture_output=True, text=True)
    assert done.returncode == code
    assert text in getattr(done, stream)


def processes_working_in(folder: Path) -> list[str]:
    """Processes whose working folder is inside ``folder`` (Linux /proc)."""
    found = []
    for cwd in Path("/proc").glob("[0-9]*/cwd"):
        try:
            if cwd.readlink().is_relative_to(folder):
                found.append(cwd.parent.name)
        except OSError:
            continue  # ended meanwhile, or not ours to read
    return found


@pytest.mark.parametrize(
    "args",
    [
        ["build", "{profile}", "--out", "{out}", "--force"],  # compiles: the engine is taken
        ["build", "{profile}", "--out", "{out}"],  # nothing changed: it is not needed
        ["build", "{profile}", "--out", "{out}", "--format", "md"],  # no PDF: not needed
        ["build", "--help"],
        ["build", "{profile}", "--no-such-option"],
        ["build", "/no/such/cv.yaml"],
    ],
)
def test_the_executable_leaves_no_engine_behind(args, tiny, tmp_path):
    """`cvtex build` starts XeLaTeX before it parses its command line: that engine is
    either used by the build or stopped, its folder removed, however the command ends."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    out = tiny.parent / "out"
    command = [arg.format(profile=tiny, out=out) for arg in args]
    environment = {**os.environ, "TMPDIR": str(temporary)}
    done = subprocess.run(
        [sys.executable, "-c", EXECUTABLE, *command],
        capture_output=True,
        text=True,
        env=environment,
    )
    assert done.returncode in (0, ExitCode.USER_ERROR, ExitCode.USAGE), done.stderr
    assert list(temporary.iterdir()) == []
    assert processes_working_in(temporary) == []
    if done.returncode == 0 and "--help" not in args:
        assert (out / "cv.zh.pdf").exists() and (out / "cv.en.pdf").exists()


def engine_folders(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*cvtex-*") if path.is_dir()] if folder.exists() else []


@pytest.mark.parametrize("when", ["the early engine starts", "the languages compile"])
def test_a_terminated_build_stops_its_engines_and_removes_their_folders(tmp_path, when):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    profile = tmp_path / "cv.yaml"
    profile.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "out"
    environment = {**os.environ, "TMPDIR": str(temporary)}
    build = subprocess.Popen(
        [sys.executable, "-c", EXECUTABLE, "build", str(profile), "--out", str(out)],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    # The example's four languages on this machine's cores: some compile in folders in out/.
    watched = temporary if when == "the early engine starts" else out
    while not engine_folders(watched) and build.poll() is None:
        time.sleep(0.002)
    build.send_signal(signal.SIGTERM)
    assert build.wait(timeout=120) == 128 + signal.SIGTERM
    assert engine_folders(temporary) == [] and engine_folders(out) == []
    assert processes_working_in(tmp_path) == []

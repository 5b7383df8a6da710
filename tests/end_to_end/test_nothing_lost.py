"""Nothing a user has is lost: a failed build keeps the previous PDF and .tex, whatever
failed, and no build ever changes the profile."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import ExitCode
from cvtex.pipeline.cache import CACHE_FILE


def run(*args: object):
    return CliRunner().invoke(main, [str(arg) for arg in args])


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def outputs(out: Path) -> dict[str, str]:
    """The user's files in the out folder; the build cache's own record may change."""
    return {p.name: digest(p) for p in sorted(out.iterdir()) if p.name != CACHE_FILE}


def break_profile(text: str) -> str:
    return text + "educaton: []\n"


def break_yaml(text: str) -> str:
    return text + "  - : [\n"


def add_missing_glyph(text: str) -> str:
    return text.replace("Mei Lin, zh", "Mei Lin \U0001fae0, zh")


def loop_forever(tex: str) -> str:
    return tex.replace(r"\begin{document}", r"\begin{document}\def\x{\x}\x")


def fail_in_tex(tex: str) -> str:
    return tex.replace(r"\begin{document}", r"\begin{document}\undefinedcommand")


# (failure, how the profile changes, how the theme changes, extra options, exit code)
FAILURES = [
    ("invalid profile", break_profile, None, [], ExitCode.USER_ERROR),
    ("YAML syntax", break_yaml, None, [], ExitCode.USER_ERROR),
    ("missing glyph", add_missing_glyph, None, [], ExitCode.USER_ERROR),
    ("XeLaTeX error", None, fail_in_tex, [], ExitCode.ENGINE_FAILED),
    ("timeout", None, loop_forever, ["--timeout", "2"], ExitCode.ENGINE_FAILED),
    # --force: with nothing changed, the build cache would rightly need no engine at all
    ("no xelatex", None, None, ["--force"], ExitCode.TOOLCHAIN_MISSING),
]


@pytest.mark.parametrize(
    ("change_profile", "change_theme", "options", "code"),
    [failure[1:] for failure in FAILURES],
    ids=[failure[0] for failure in FAILURES],
)
def test_failed_build_keeps_previous_outputs_and_profile(
    tmp_path, monkeypatch, custom_theme, change_profile, change_theme, options, code
):
    profile, out = tmp_path / "cv.yaml", tmp_path / "out"
    assert run("new", profile).exit_code == ExitCode.OK
    first = run("build", profile, "--out", out, "--lang", "en")
    assert first.exit_code == ExitCode.OK, first.output
    before = outputs(out)
    assert sorted(before) == ["cv.en.pdf", "cv.en.tex"]

    if change_profile:
        profile.write_text(change_profile(profile.read_text(encoding="utf-8")), "utf-8")
    if change_theme:
        options = [*options, "--theme", custom_theme("changed", change_theme)]
    if code == ExitCode.TOOLCHAIN_MISSING:
        monkeypatch.setenv("PATH", str(tmp_path / "no-tools"))
    written = digest(profile)

    result = run("build", profile, "--out", out, "--lang", "en", "--quiet", *options)

    assert result.exit_code == code, result.output
    assert result.output.startswith("error: ") and "Traceback" not in result.output
    assert outputs(out) == before  # same files, same bytes, no temporary folders left
    assert digest(profile) == written


def test_a_build_never_changes_the_profile(tmp_path):
    profile = tmp_path / "cv.yaml"
    assert run("new", profile).exit_code == ExitCode.OK
    written, mtime = digest(profile), profile.stat().st_mtime_ns
    # Outputs beside the profile itself, twice: the second replaces the first's outputs.
    for _ in range(2):
        result = run("build", profile, "--out", tmp_path)
        assert result.exit_code == ExitCode.OK, result.output
    assert digest(profile) == written and profile.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        CACHE_FILE, "cv.en.pdf", "cv.en.tex", "cv.yaml", "cv.zh.pdf", "cv.zh.tex",
    ]  # fmt: skip


def test_one_failing_language_keeps_its_previous_pdf(tmp_path):
    profile, out = tmp_path / "cv.yaml", tmp_path / "out"
    run("new", profile)
    assert run("build", profile, "--out", out).exit_code == ExitCode.OK
    before = outputs(out)
    # A character only the Chinese CV shows, which its fonts lack.
    text = profile.read_text(encoding="utf-8")
    profile.write_text(text.replace("zh: 林梅", "zh: 林梅 \U0001fae0", 1), encoding="utf-8")
    result = run("build", profile, "--out", out)
    assert result.exit_code == ExitCode.USER_ERROR, result.output
    after = outputs(out)
    assert after["cv.zh.pdf"] == before["cv.zh.pdf"] and after["cv.zh.tex"] == before["cv.zh.tex"]


def test_new_never_overwrites_without_force(tmp_path):
    target = tmp_path / "cv.yaml"
    target.write_text("name: mine\n", encoding="utf-8")
    result = run("new", target)
    assert result.exit_code == ExitCode.USER_ERROR and "never overwrites" in result.output
    assert target.read_text(encoding="utf-8") == "name: mine\n"
    # A link to a file that does not exist yet: writing through it would create that file.
    dangling = tmp_path / "link.yaml"
    dangling.symlink_to(tmp_path / "elsewhere.yaml")
    result = run("new", dangling)
    assert result.exit_code == ExitCode.USER_ERROR, result.output
    assert not (tmp_path / "elsewhere.yaml").exists()
    assert run("new", target, "--force").exit_code == ExitCode.OK
    assert "name: mine" not in target.read_text(encoding="utf-8")

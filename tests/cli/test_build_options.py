"""Every command that builds takes every build option: watch and preview resolve the same
request as build does, and what they build is what that request asks for.

The loops themselves (waiting for saves, serving the page) are tested in tests/live; here
each command's loop is replaced by one real rebuild of the state the command made.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import ExitCode
from cvtex.live.watch import WatchState, watch_once

from ..conftest import EXAMPLE, TINY, pdf_text

GERMAN = EXAMPLE.parent.parent / "locales" / "de.yaml"


@pytest.fixture
def with_variant(tmp_path: Path) -> Path:
    """The tiny profile in English and German, with an industry variant that leaves out
    the thesis bullet (tagged academic)."""
    data = {
        **TINY,
        "languages": ["en", "de"],
        "name": {"en": "Ann Lee", "de": "Ann Lee"},
        "education": [
            {
                **TINY["education"][0],
                "institution": {"en": "Hunan University", "de": "Universität Hunan"},
                "degree": {"en": "B.Eng.", "de": "B.Eng."},
                "bullets": [
                    {"text": {"en": "Thesis on networks", "de": "Arbeit über Netze"}},
                    "Kept in every CV",
                ],
            }
        ],
        "variants": {"industry": {"exclude": ["academic"]}},
    }
    data["education"][0]["bullets"][0]["tags"] = ["academic"]
    profile = tmp_path / "cv.yaml"
    profile.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return profile


def one_rebuild(made: list[WatchState]):
    """A stand-in for a command's loop: one real build of the state it was given."""

    def loop(state: WatchState, *args: object, **kwargs: object) -> None:
        made.append(state)
        (rebuilt,) = watch_once(state)
        assert rebuilt.error is None, rebuilt.error

    return loop


def test_watch_takes_variant_and_locale_file(with_variant, monkeypatch):
    made: list[WatchState] = []
    monkeypatch.setattr("cvtex.live.watch.watch", one_rebuild(made))
    out = with_variant.parent / "pdfs"
    args = ["watch", str(with_variant), "--variant", "industry"]
    args += ["--locale-file", str(GERMAN), "--lang", "de", "--out", str(out)]
    result = CliRunner().invoke(main, args)

    assert result.exit_code == 0, result.output
    (state,) = made
    assert state.request.variant == "industry"
    assert state.request.locale_files == (GERMAN,)
    text = pdf_text(out / "cv.industry.de.pdf")
    assert "Universität Hunan" in text
    assert "Kept in every CV" in text
    assert "Arbeit über Netze" not in text  # the variant's exclusion applied
    assert not (out / "cv.industry.en.pdf").exists()  # only the language asked for


def test_preview_takes_variant_locale_file_and_formats(with_variant, monkeypatch):
    made: list[WatchState] = []
    monkeypatch.setattr("cvtex.live.preview.preview", one_rebuild(made))
    out = with_variant.parent / "out"
    args = ["preview", str(with_variant), "--variant", "industry", "--locale-file"]
    args += [str(GERMAN), "--format", "pdf,html", "--out", str(out)]
    result = CliRunner().invoke(main, args)

    assert result.exit_code == 0, result.output
    (state,) = made
    assert state.request.formats == ("pdf", "html")
    for language in ("en", "de"):
        assert (out / f"cv.industry.{language}.pdf").is_file()
        page = (out / f"cv.industry.{language}.html").read_text(encoding="utf-8")
        assert "Kept in every CV" in page
        assert "Thesis on networks" not in page and "Arbeit über Netze" not in page
    assert "Universität Hunan" in (out / "cv.industry.de.html").read_text(encoding="utf-8")


def test_design_options_on_the_command_line_go_over_the_profile(tiny):
    out = tiny.parent / "designed"
    args = ["build", str(tiny), "--lang", "en", "--out", str(out), "--design", "font_size=11"]
    result = CliRunner().invoke(main, [*args, "--design", "colors.accent=#1f4e79"])
    assert result.exit_code == 0, result.output
    tex = (out / "cv.en.tex").read_text(encoding="utf-8")
    assert r"{HTML}{1F4E79}" in tex.upper()
    assert pdf_text(out / "cv.en.pdf")

    # The same build without the options is another request: compiled, not kept.
    again = CliRunner().invoke(main, ["build", str(tiny), "--lang", "en", "--out", str(out)])
    assert again.exit_code == 0, again.output
    assert "1F4E79" not in (out / "cv.en.tex").read_text(encoding="utf-8").upper()


def test_a_wrong_design_option_names_it_and_builds_nothing(tiny):
    out = tiny.parent / "not-built"
    args = ["build", str(tiny), "--out", str(out), "--design", "fnt_size=10"]
    result = CliRunner().invoke(main, [*args, "--design", "margins=wide"])
    assert result.exit_code == ExitCode.USER_ERROR
    assert "--design: fnt_size: unknown key 'fnt_size' (did you mean 'font_size'?)" in result.output
    assert "--design: margins" in result.output
    assert "Traceback" not in result.output
    assert not list(out.glob("*.pdf"))

    malformed = CliRunner().invoke(main, ["build", str(tiny), "--design", "font_size"])
    assert malformed.exit_code == ExitCode.USER_ERROR
    assert "--design font_size: expected key=value" in malformed.output

"""The build cache: what a build compiles again, and what it keeps. Real XeLaTeX, no timings."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.compile import engine
from cvtex.language import catalog as locale
from cvtex.look import fonts, theme
from cvtex.pipeline import cache as buildcache
from cvtex.pipeline.cache import CACHE_FILE
from cvtex.profile.load import load_profile
from cvtex.render import latex as render

from ..building import build, render_languages
from ..conftest import EXAMPLE, pdf_text


def compiled(results) -> list[str]:
    return sorted(result.language for result in results if result.compiled)


def kept(results) -> list[str]:
    return sorted(result.language for result in results if not result.compiled)


def snapshot(out: Path) -> dict[str, tuple[bytes, int]]:
    return {
        pdf.name: (pdf.read_bytes(), pdf.stat().st_mtime_ns) for pdf in sorted(out.glob("*.pdf"))
    }


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_nothing_changed_nothing_compiled(tiny):
    out = tiny.parent / "out"
    before = snapshot(out)
    assert set(before) == {"cv.en.pdf", "cv.zh.pdf"}
    first = build(tiny)  # a copied folder: the sources are hashed again, the PDFs kept
    second = build(tiny)  # same folder: answered before the profile is parsed
    for results in (first, second):
        assert compiled(results) == []
        assert kept(results) == ["en", "zh"]
    assert snapshot(out) == before


def test_only_chinese_text_changed_only_chinese_compiled(tiny):
    out = tiny.parent / "out"
    english_before = snapshot(out)["cv.en.pdf"]
    edit(tiny, "湖南大学", "湖南大学信息科学与工程学院")
    results = build(tiny)
    assert compiled(results) == ["zh"]
    assert kept(results) == ["en"]
    assert snapshot(out)["cv.en.pdf"] == english_before
    assert "信息科学与工程学院" in pdf_text(out / "cv.zh.pdf")
    assert "信息科学与工程学\\nobreak 院" in (out / "cv.zh.tex").read_text(encoding="utf-8")
    assert compiled(build(tiny)) == []


def test_a_save_during_the_build_is_not_missed(tiny):
    edit(tiny, "湖南大学", "湖南大学（长沙）")
    saved_during_build = []

    def save_while_compiling(language: str) -> None:  # the profile is already read by now
        edit(tiny, "Hunan University", "Hunan University, Changsha")
        saved_during_build.append(language)

    assert compiled(build(tiny, on_start=save_while_compiling)) == ["zh"]
    assert saved_during_build == ["zh"]
    assert compiled(build(tiny)) == ["en"]  # the English change is built, not trusted away


def test_deleted_or_altered_pdf_is_compiled_again(tiny):
    out = tiny.parent / "out"
    (out / "cv.zh.pdf").unlink()
    results = build(tiny)
    assert compiled(results) == ["zh"]
    assert "湖南大学" in pdf_text(out / "cv.zh.pdf")

    (out / "cv.en.pdf").write_bytes(b"%PDF-1.5 not the one cvtex made")
    assert compiled(build(tiny)) == ["en"]
    assert "Hunan University" in pdf_text(out / "cv.en.pdf")


def test_deleted_tex_is_written_again_without_compiling(tiny):
    out = tiny.parent / "out"
    tex = (out / "cv.en.tex").read_text(encoding="utf-8")
    (out / "cv.en.tex").unlink()
    assert compiled(build(tiny)) == []
    assert (out / "cv.en.tex").read_text(encoding="utf-8") == tex


def test_force_compiles_everything(tiny):
    assert compiled(build(tiny, force=True)) == ["en", "zh"]


def test_changed_template_compiles_again(tiny, tmp_path):
    mine = tmp_path / "themes" / "mine"
    shutil.copytree(theme.TEMPLATES_DIR / "classic", mine)
    assert compiled(build(tiny, theme=str(mine))) == []  # same templates, same sources

    base = mine / "base.tex.j2"
    edit(base, r"\AtBeginDocument{\color{text}}", r"\AtBeginDocument{\color{accent}}")
    _touch_later(base)
    assert compiled(build(tiny, theme=str(mine))) == ["en", "zh"]
    assert r"{\color{accent}}" in (tiny.parent / "out" / "cv.zh.tex").read_text(encoding="utf-8")


def test_changed_theme_design_compiles_again(tiny, tmp_path):
    mine = tmp_path / "themes" / "mine"
    mine.mkdir(parents=True)
    settings = mine / "theme.yaml"
    settings.write_text("extends: classic\n", encoding="utf-8")
    assert compiled(build(tiny, theme=str(mine))) == []
    settings.write_text("extends: classic\ndesign: {accent: '#7B241C'}\n", encoding="utf-8")
    _touch_later(settings)
    theme.forget_themes()  # as a new process, or a watch, would read it again
    assert compiled(build(tiny, theme=str(mine))) == ["en", "zh"]
    assert "{7B241C}" in (tiny.parent / "out" / "cv.en.tex").read_text(encoding="utf-8")


def test_changed_catalog_compiles_its_language_again(tiny, tmp_path, monkeypatch):
    locales = tmp_path / "locales"
    shutil.copytree(locale.LOCALES_DIR, locales)
    monkeypatch.setattr(locale, "LOCALES_DIR", locales)
    locale.load_catalog.cache_clear()
    try:
        edit(locales / "zh.yaml", "教育背景", "教育经历")
        results = build(tiny)
        assert compiled(results) == ["zh"]
        assert "教育经历" in pdf_text(tiny.parent / "out" / "cv.zh.pdf")
    finally:
        locale.load_catalog.cache_clear()


@pytest.mark.parametrize("fact", ["cvtex version", "installed fonts"])
def test_other_cvtex_or_fonts_compile_again(tiny, monkeypatch, fact):
    if fact == "cvtex version":
        monkeypatch.setattr(buildcache, "__version__", "999.0")
    else:
        monkeypatch.setattr(buildcache, "fontconfig_state", lambda: "a font was installed")
    assert compiled(build(tiny)) == ["en", "zh"]


def test_failed_build_keeps_the_record_of_what_did_compile(tiny):
    edit(tiny, "工学学士", "工学学士 \U0001fae0")  # an emoji newer than every installed font
    with pytest.raises(Exception, match="has no glyph"):
        build(tiny)
    edit(tiny, "工学学士 \U0001fae0", "工学学士")
    assert compiled(build(tiny)) == []


def test_unreadable_cache_means_a_full_build_not_an_error(tiny):
    (tiny.parent / "out" / CACHE_FILE).write_text("{not json", encoding="utf-8")
    results = build(tiny)
    assert compiled(results) == ["en", "zh"]
    data = json.loads((tiny.parent / "out" / CACHE_FILE).read_text(encoding="utf-8"))
    assert set(data["outputs"]) == {"cv.en", "cv.zh"}


def test_cli_says_which_language_compiles_and_which_is_kept(tiny):
    edit(tiny, "李安", "李安安")
    result = CliRunner().invoke(main, ["build", str(tiny)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "zh: compiling" in lines
    assert any(line.startswith("en: ") and line.endswith("(up to date)") for line in lines)
    assert any(line.startswith("zh: ") and line.endswith(" s)") for line in lines)
    assert "en: compiling" not in lines

    quiet = CliRunner().invoke(main, ["build", "-q", "--force", str(tiny)])
    assert quiet.exit_code == 0 and quiet.output == ""


def _touch_later(path: Path) -> None:
    """Jinja notices an edited template by its time: make the edit's time unmistakable."""
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))


def test_an_unusable_user_cache_only_costs_time(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("CVTEX_CACHE_DIR", str(blocker / "cache"))
    learnt = (render._environment, fonts.installed_families, engine.engine_facts)
    for cached in learnt:
        cached.cache_clear()
    try:
        loaded = load_profile(EXAMPLE)
        rendered = {item.language: item.tex for item in render_languages(loaded, ["en", "zh"])}
        golden = EXAMPLE.parents[2] / "tests" / "golden"
        for language, tex in rendered.items():
            assert tex == (golden / f"academic.{language}.tex").read_text(encoding="utf-8")
        assert engine.engine_facts() != "missing"
    finally:
        for cached in learnt:
            cached.cache_clear()

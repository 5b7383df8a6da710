"""The plain-text copy (--format txt): one paragraph a line for a form to wrap, or wrapped
at --text-width columns with a Chinese character counting as two."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import InputError
from cvtex.language.catalog import load_catalog
from cvtex.render.blocks import Block, Blocks, Run
from cvtex.render.plaintext import columns, render_text, wrapped

from ..building import build
from ..conftest import EXAMPLE


@pytest.fixture(scope="module")
def texts(tmp_path_factory) -> dict[str, str]:
    out = tmp_path_factory.mktemp("txt")
    build(EXAMPLE, "en,zh,zh-TW", out_dir=out, formats=["txt"])
    wide = tmp_path_factory.mktemp("txt-wrapped")
    build(EXAMPLE, "en,zh", out_dir=wide, formats=["txt"], text_width=40)
    found = {
        lang: (out / f"profile.{lang}.txt").read_text(encoding="utf-8")
        for lang in ("en", "zh", "zh-TW")
    }
    for lang in ("en", "zh"):
        found[f"{lang}@40"] = (wide / f"profile.{lang}.txt").read_text(encoding="utf-8")
    return found


def test_sections_bullets_dates_and_links(texts):
    lines = texts["en"].splitlines()
    assert lines[0] == "Jin Fang"
    assert lines[lines.index("Education") + 1] == "========="
    assert "Ph.D. in Computer Science, Sep 2020 – Jun 2026 (expected)" in lines
    assert "University of Science and Technology of China (USTC), Anhui, China" in lines
    assert any(line.startswith("- ") for line in lines)
    assert any(line.startswith("[1] ") and "J. Fang" in line for line in lines)
    assert "GitHub: example <https://github.com/example>" in texts["en"]
    # An address shown as its own text is not repeated in brackets.
    assert "jin.fang@example.com  ·" in texts["en"] and "<mailto:" not in texts["en"]


def test_one_paragraph_a_line(texts):
    # A long bullet stays on one line, for a form to wrap.
    longest = max(texts["en"].splitlines(), key=len)
    assert len(longest) > 120
    # No markup left: bold is plain text, math is Unicode.
    assert "**" not in texts["en"] and "$" not in texts["en"] and "3×" in texts["en"]


def test_traditional_chinese_is_the_pdfs(texts):
    for language in ("zh", "zh-TW"):
        assert f"\n{load_catalog(language).titles['education']}\n" in texts[language]
    assert "中國科學技術大學" in texts["zh-TW"]
    assert "中国科学技术大学" not in texts["zh-TW"]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_text_width_wraps_counting_chinese_as_two(texts, language):
    wrapped_text = texts[f"{language}@40"]
    lines = wrapped_text.splitlines()
    too_wide = [line for line in lines if columns(line) > 40 and " " in line.strip()]
    assert not too_wide
    assert max(columns(line) for line in lines) >= 36  # lines are filled, not cut short
    if language == "zh":
        assert any(columns(line) > len(line) + 10 for line in lines)  # wide characters
    # The same words, only broken into more lines.
    assert "".join(wrapped_text.split()) == "".join(texts[language].split())
    assert len(lines) > len(texts[language].splitlines())


def test_wrapping_keeps_punctuation_with_its_character_and_indents_items():
    lines = wrapped("- 分布式训练和推理任务，通过挖掘计算通信可重叠部分。", 20, "  ")
    assert all(columns(line) <= 20 for line in lines)
    assert all(line.startswith("  ") for line in lines[1:])
    assert not any(line.strip().startswith(("，", "。")) for line in lines)
    assert columns("中文ab") == 6


def test_numbered_lists_count_from_one_each():
    blocks = [
        Block("item", (Run("a"),), level=1, marker="number", restart=True),
        Block("item", (Run("b"),), level=1, marker="number"),
        Block("item", (Run("c"),), level=1, marker="number", restart=True),
    ]
    text = render_text(Blocks("en", "t", "t", blocks), ", ")
    assert text.splitlines() == ["1. a", "2. b", "1. c"]


def test_text_width_on_the_command_line(tmp_path):
    options = ["--lang", "zh", "--format", "txt", "--text-width", "30", "--out", str(tmp_path)]
    run = CliRunner().invoke(main, ["build", str(EXAMPLE), *options])
    assert run.exit_code == 0, run.output
    lines = (tmp_path / "profile.zh.txt").read_text(encoding="utf-8").splitlines()
    # Only a word longer than the width (a link's address) stands out, alone on its line.
    assert not [line for line in lines if columns(line) > 30 and len(line.split()) > 1]
    narrow = CliRunner().invoke(
        main, ["build", str(EXAMPLE), "--format", "txt", "--text-width", "5"]
    )
    assert narrow.exit_code == 1 and "--text-width 5" in narrow.output


def test_text_width_through_the_request():
    with pytest.raises(InputError, match="too narrow"):
        build(EXAMPLE, formats=["txt"], text_width=3)

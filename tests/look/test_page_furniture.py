"""The page furniture's limits: a CV of one page shows no name or number (only the "updated
on" line, as before), and design page_numbers: false turns them off on a long one. The
long CVs' furniture, in every theme, is checked in tests/check/test_long_cvs.py."""

from __future__ import annotations

import yaml

from ..building import build
from ..check.test_long_cvs import LONG, drawn_by_page
from ..conftest import TINY, pdf_text


def test_a_one_page_cv_shows_no_name_or_number(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text(yaml.safe_dump({**TINY, "updated": "2026-05"}, allow_unicode=True))
    for result in build(profile, "en,zh", tmp_path / "out", "modern"):
        assert drawn_by_page(result.pdf, result.tex) == [""], result.language
        assert ("Last updated: May 2026" if result.language == "en" else "更新于") in pdf_text(
            result.pdf
        )


def test_page_numbers_false_turns_them_off(tmp_path):
    researcher = next(profile for profile in LONG if profile.stem == "researcher")
    data = yaml.safe_load(researcher.read_text(encoding="utf-8"))
    data["design"] = {"page_numbers": False}
    profile = tmp_path / "cv.yaml"
    profile.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    [result] = build(profile, "en", tmp_path / "out", "classic")
    drawn = drawn_by_page(result.pdf, result.tex)
    assert len(drawn) >= 3 and set(drawn) == {""}
    text = pdf_text(result.pdf)
    assert text.count("Last updated: Jul 2026") == 1


def test_a_name_no_font_file_can_draw_is_set_as_hidden_text(tmp_path):
    # Arabic letters are the Arabic font's (the font plan's), which the furniture does not
    # draw: the running name is set as text instead, which pdftotext does not read.
    data = {**TINY, "languages": ["en"], "name": "Ann Lee جين"}
    data["education"] = [
        {
            **TINY["education"][0],
            "bullets": [f"Bullet number {n} of a long list" for n in range(90)],
        }
    ]
    profile = tmp_path / "cv.yaml"
    profile.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    [result] = build(profile, "en", tmp_path / "out", "classic")
    tex = result.tex.read_text(encoding="utf-8")
    assert "\\cvrunningname}{\\cvhidden{" in tex
    pages = pdf_text(result.pdf).split("\f")
    assert len(pages) >= 2 and "Ann Lee" in pages[0]
    assert not any("Ann Lee" in page for page in pages[1:])


def test_a_font_not_found_for_a_moment_is_not_remembered_as_lacking_letters(monkeypatch, tmp_path):
    # fc-match answers with another family while fontconfig caches fonts being installed:
    # the name is then not drawn, and the next build asks again instead of remembering that
    # the font lacks every letter of it.
    from cvtex.look import drawn
    from cvtex.look.fonts import ResolvedFont

    monkeypatch.setenv("CVTEX_CACHE_DIR", str(tmp_path / "user-cache"))  # nothing known yet
    font = ResolvedFont("Noto Sans")
    with monkeypatch.context() as patch:
        patch.setattr(drawn, "regular_face", lambda font: None)
        assert drawn._outlines(font, ["A", "n"]) == {}
    found = drawn._outlines(font, ["A", "n"])
    assert found["0041"] is not None and found["006E"] is not None

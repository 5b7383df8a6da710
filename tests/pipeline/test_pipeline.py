"""The build's stages: each language is localized once, whatever the formats asked for."""

from __future__ import annotations

from collections import Counter

from cvtex.view import localize

from ..building import build


def test_every_format_of_a_language_is_made_from_one_view(tiny, monkeypatch):
    made: Counter[str] = Counter()
    real_view_of = localize.view_of

    def counted(chooser):
        made[chooser.catalog.code] += 1
        return real_view_of(chooser)

    monkeypatch.setattr(localize, "view_of", counted)
    out = tiny.parent / "all-formats"
    build(tiny, out_dir=out, formats=("pdf", "md", "html"), force=True)

    assert made == {"en": 1, "zh": 1}
    for language in ("en", "zh"):
        for extension in ("pdf", "tex", "md", "html"):
            assert (out / f"cv.{language}.{extension}").is_file()

"""The generated parts the pages hold in their files (so that they read whole on GitHub)
are what cvtex generates now; the parts generated for the site alone are announced."""

from __future__ import annotations

import sys

from ..conftest import ROOT

sys.path.insert(0, str(ROOT / "docs" / "hooks"))

import cvtex_docs


def test_every_committed_generated_part_is_current():
    stale = []
    for page in cvtex_docs.generated_pages():
        text = page.read_text(encoding="utf-8")
        if cvtex_docs.expanded(text, str(page), site=False) != text:
            stale.append(str(page.relative_to(ROOT)))
    assert stale == [], f"generated parts out of date in {stale}: run `make docs-generated`"


def test_each_committed_part_is_filled_and_each_other_one_is_announced():
    for page in cvtex_docs.generated_pages():
        text = page.read_text(encoding="utf-8")
        for match in cvtex_docs.MARKER.finditer(text):
            name = match[1]
            if name in cvtex_docs.COMMITTED:
                assert match[2] and match[2].strip(), (page, name)
            else:  # read on GitHub, the page says where its generated part is found
                before = text[: match.start()]
                assert "**On GitHub**" in before.split("\n\n")[-2] + before[-600:], (page, name)


def test_the_tlmgr_list_and_the_font_chains_are_shown():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "sudo tlmgr install xetex " in readme and " xecjk " in readme
    started = (ROOT / "docs" / "getting-started.md").read_text(encoding="utf-8")
    assert "sudo tlmgr install xetex " in started
    fonts = (ROOT / "docs" / "fonts.md").read_text(encoding="utf-8")
    for family in ("Songti SC", "PingFang SC", "Hiragino Mincho ProN", "SimSun", "Malgun Gothic"):
        assert family in fonts

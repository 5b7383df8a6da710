"""What only the sidebar theme does: contacts and the short sections in the side column.

The content checks every theme passes (the example, the full profile, variants, a side
column longer than a page) are in test_example.py and test_full_profile.py. Pages with two
columns are read in the order they were typeset (``pdftotext -raw``: the side column, then
the main one): ``-layout`` would interleave the two columns line by line.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest


def pages(pdf: Path) -> list[str]:
    """Each page's text in typeset order."""
    raw = subprocess.run(
        ["pdftotext", "-raw", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return raw.split("\f")[:-1]


@pytest.mark.parametrize("built_example", ["sidebar"], indirect=True)
def test_side_column_holds_contacts_and_short_sections(built_example):
    """Contacts and the sections of the side kinds go to the side column; the others, in the
    layout's order, to the main column (the example's layout: education, publications,
    experience, awards, skills)."""
    result = built_example.results["en"]
    tex = result.tex.read_text(encoding="utf-8")
    body = tex[tex.index(r"\begin{document}") :]
    side = "".join(re.findall(r"\\cvin\{side\}\{(.*?)\n\}", body, re.DOTALL))
    main = "".join(re.findall(r"\\cvin\{main\}\{(.*?)\n\}", body, re.DOTALL))
    for piece in ("jin.fang@example.com", r"\cvsection{Awards}", r"\cvsection{Skills}"):
        assert piece in side and piece not in main
    titles = re.findall(r"\\cvsection\{(.*?)\}", main)
    assert titles == ["Education", "Publications", "Experience"]
    # Page 1 reads side column first: contacts and awards come before the education.
    first = pages(result.pdf)[0]
    assert first.index("Guorui scholarship") < first.index("Hunan University")


def test_a_themes_side_kinds_are_read_again_once_its_template_changes(tmp_path):
    """The side kinds come from the template's ``side_kinds`` block, compiled once while
    the file stays as it is (render/latex.py): a theme of one's own, edited, is obeyed."""
    import os

    from cvtex.language.catalog import load_catalog
    from cvtex.look.theme import find_theme
    from cvtex.render.latex import side_column_kinds

    theme_folder = tmp_path / "mine"
    theme_folder.mkdir()
    (theme_folder / "theme.yaml").write_text("extends: sidebar\n", encoding="utf-8")
    template = theme_folder / "base.tex.j2"
    english = load_catalog("en")
    saved = []

    def kinds(block: str) -> frozenset[str]:
        template.write_text(
            "((* extends 'sidebar/base.tex.j2' *))\n((* block side_kinds *))"
            f"{block}((* endblock *))\n",
            encoding="utf-8",
        )
        saved.append(block)
        os.utime(template, ns=(0, len(saved) * 10**9))  # saved a second after the last
        return side_column_kinds(find_theme(str(theme_folder)), english)

    assert kinds("skills") == {"skills"}
    assert kinds("awards") == {"awards"}  # the same size, another time
    assert kinds("skills languages") == {"skills", "languages"}
    template.unlink()
    assert side_column_kinds(find_theme(str(theme_folder)), english) == {
        "skills", "languages", "awards", "service", "references"
    }  # fmt: skip

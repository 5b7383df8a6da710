"""Title math beyond the small math: typeset as TeX math through the safe list where every
reader reads it back, set as its closest text elsewhere; in the other formats its closest
text. No dollar sign or backslash reaches the text of a PDF or of any other format."""

from __future__ import annotations

import re

import docx
import yaml

from cvtex.importers import import_sources

from ..building import build
from ..readers import FOUR_READERS

BIB = r"""
@article{minus, title={Lower bounds for \ensuremath{-} things}, author={Lee, Ann},
  journal={J}, year={2020}}
@article{parity, title={Lower bounds for $\mathrm{AC}0[\oplus]$ circuits},
  author={Lee, Ann}, journal={J}, year={2021}}
@article{hard, title={$\mathsf{NP}$-hard sets $S \subseteq \{0,1\}$},
  author={Lee, Ann}, journal={J}, year={2022}}
@article{beyond, title={$\sqrt{s_{NN}}=5$ TeV, $\tilde{O}(n)$, $\mathbb{R}^n$ and $\frac{1}{2}$},
  author={Lee, Ann}, journal={J}, year={2023}}
"""
PROFILE = {
    "languages": ["en", "zh"],
    "name": {"en": "Ann Lee", "zh": "李安"},
    "owner_names": ["Ann Lee"],
    "bibliography": {"file": "refs.bib"},
}
# What every reader and every format shows of each title (the closest text).
SHOWN = ("Lower bounds for − things", "AC0[⊕]", "NP-hard", "√sNN=5 TeV", "Õ(n)", "ℝⁿ", "1/2")


def test_title_math_is_typeset_or_its_closest_text_and_never_source(tmp_path):
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    profile = tmp_path / "cv.yaml"
    profile.write_text(yaml.safe_dump(PROFILE, allow_unicode=True), encoding="utf-8")
    formats = ("pdf", "md", "html", "txt", "docx")
    built = build(profile, "en", tmp_path / "out", formats=formats)
    tex = built[0].tex.read_text(encoding="utf-8")
    # Unicode text where it says it all; else the safe list typesets; what goes beyond
    # it is text, its commands gone.
    assert r"$\mathsf{NP}$" in tex and "AC0{[}" in tex
    assert r"S \cvscript{symbols}{⊆} \{0,1\}" in tex
    assert r"\oplus" not in tex and r"\subseteq" not in tex
    assert not re.search(r"\\(sqrt|tilde|mathbb|frac|ensuremath)", tex)
    for reader in FOUR_READERS:
        text = " ".join(" ".join(reader.pages(built[0].pdf)).split())
        assert not re.search(r"[$\\]", text), (reader.name, text)
        for shown in ("AC0[⊕]", "NP-hard", "√sNN=5 TeV", "Õ(n)", "1/2"):
            assert shown in text, (reader.name, shown, text)
    out = tmp_path / "out"
    txt = (out / "cv.en.txt").read_text(encoding="utf-8")
    html = (out / "cv.en.html").read_text(encoding="utf-8")
    word = "\n".join(p.text for p in docx.Document(str(out / "cv.en.docx")).paragraphs)
    for name, text in (("txt", txt), ("docx", word)):
        assert not re.search(r"[$\\]", text), name
        assert [shown for shown in SHOWN if shown not in text] == [], name
    assert "$" not in html and "\\" not in html.split("<body")[1]
    assert "ℝⁿ" in html and "√sNN=5 TeV" in html


# Titles as the databases export them (Web of Science, PubMed, Crossref via Zotero).
REAL_BIB = r"""
@article{zhao2021sigma,
  title = {{$\Sigma$3} twin boundaries in nanotwinned copper under cyclic loading},
  author = {Zhao, Wei and Lee, Ann},
  journal = {Acta Materialia},
  year = {2021},
  doi = {10.1016/j.actamat.2021.116900}
}
@article{lee2022cd4,
  title = {Tissue-resident {CD4$^+$} T cells after {H$_2$O$_2$} exposure},
  author = {Lee, Ann and Wong, Kai},
  journal = {Nature Immunology},
  year = {2022}
}
@article{lee2023water,
  title = {Proton transfer in {$\mathrm{H_2O}$} ice at 25$^\circ$C
           and {CO\textsubscript{2}} uptake},
  author = {Lee, Ann},
  journal = {Physical Review Letters},
  year = {2023}
}
"""
REAL_SHOWN = (
    "Σ3 twin boundaries in nanotwinned copper",
    "Tissue-resident CD4⁺ T cells after H₂O₂ exposure",
    "Proton transfer in H₂O ice at 25°C and CO₂ uptake",
)


def test_tex_math_in_imported_titles_is_unicode_text_in_the_profile_and_every_pdf(tmp_path):
    """{$\\Sigma$3}: once kept as TeX by the import and printed "$\\Sigma$3" (a dollar
    before a digit taken for money); now Σ3 in the imported profile and in the PDF of each
    language and theme, whether it comes from the .bib at build or from the profile."""
    bib = tmp_path / "refs.bib"
    bib.write_text(REAL_BIB, encoding="utf-8")
    mine = tmp_path / "mine.yaml"
    mine.write_text("name: Ann Lee\nlanguages: [en]\n", encoding="utf-8")
    import_sources([bib], into=mine)
    imported = yaml.safe_load(mine.read_text(encoding="utf-8"))
    titles = [str(publication["title"]) for publication in imported["publications"]]
    assert [shown for shown in REAL_SHOWN if not any(shown in title for title in titles)] == []
    assert not any("$" in title or "\\" in title for title in titles), titles

    # A profile an earlier import wrote, with the TeX kept, beside the .bib read at build.
    written = {
        **PROFILE,
        "publications": [
            {"title": r"$\Sigma$3 boundaries and CD4$^+$ cells", "year": 2020, "authors": ["A"]}
        ],
    }
    profile = tmp_path / "cv.yaml"
    profile.write_text(yaml.safe_dump(written, allow_unicode=True), encoding="utf-8")
    for theme in ("classic", "modern"):
        for built in build(profile, out_dir=tmp_path / theme, theme=theme):
            for reader in FOUR_READERS:
                text = " ".join(" ".join(reader.pages(built.pdf)).split())
                missing = [shown for shown in REAL_SHOWN if shown not in text]
                assert missing == [], (theme, built.language, reader.name, text)
                assert "Σ3 boundaries" in text and "$" not in text, (theme, reader.name, text)

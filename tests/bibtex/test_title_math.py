"""Title math beyond the small math: typeset as TeX math through the safe list where every
reader reads it back, set as its closest text elsewhere; in the other formats its closest
text. No dollar sign or backslash reaches the text of a PDF or of any other format."""

from __future__ import annotations

import re

import docx
import yaml

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
    # The safe list typesets; what goes beyond it is text, its commands gone.
    assert r"$\mathrm{AC}0[\oplus]$" in tex and r"$\mathsf{NP}$" in tex
    assert r"\subseteq" in tex
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

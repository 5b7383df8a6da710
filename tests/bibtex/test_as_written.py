""".bib files as people write them (tests/data/bibtex/as-written.bib, made for these tests):
Zotero's duplicated fields, an entry left open, ADS's journal macros and title math,
al-folio's fields, names wrapped in macros. Each is read as BibTeX reads it, with a
located warning where it reads past something; the CV shows what the entry says."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from cvtex.bibtex.latex import field_text, plain_text
from cvtex.bibtex.names import read_authors
from cvtex.cli.main import main
from cvtex.profile.load import load_profile
from cvtex.view.owner import OwnerNames

from ..building import build
from ..conftest import ROOT, line_in, pdf_text

AS_WRITTEN = ROOT / "tests" / "data" / "bibtex"
BIB = AS_WRITTEN / "as-written.bib"


@pytest.fixture(scope="module")
def loaded():
    profile = load_profile(AS_WRITTEN / "as-written.yaml")
    return profile, {pub.bib: pub for pub in profile.profile.publications}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("as-written")
    warnings: list[str] = []
    results = build(AS_WRITTEN / "as-written.yaml", out_dir=out, on_warning=warnings.append)
    return {result.language: result for result in results}, warnings


def line_of(text: str) -> int:
    return line_in(BIB, text)


def test_a_field_written_twice_keeps_the_first_with_a_located_warning(loaded):
    profile, by_key = loaded
    assert [link.url for link in by_key["zotero2020"].links] == ["https://doi.org/10.1000/first"]
    assert f"{BIB}:{line_of('10.1000/second')}: zotero2020: doi is written twice" in "\n".join(
        profile.warnings
    )


def test_an_entry_that_cannot_be_read_is_left_out_and_the_rest_builds(loaded, built):
    profile, by_key = loaded
    assert "unclosed" not in by_key and len(by_key) == 12
    warning = f"{BIB}:{line_of('@article{unclosed')}: unclosed: this entry could not be read"
    assert any(line.startswith(warning) for line in profile.warnings)
    results, warnings = built
    assert any(line.startswith(warning) for line in warnings)
    assert "Duplicated Fields in a Zotero Export" in pdf_text(results["en"].pdf)


def test_strict_refuses_what_was_read_around(tmp_path):
    for name in ("as-written.yaml", "as-written.bib"):
        shutil.copy(AS_WRITTEN / name, tmp_path / name)
    result = CliRunner().invoke(main, ["build", str(tmp_path / "as-written.yaml"), "--strict"])
    assert result.exit_code == 1
    assert "3 thing(s) in the profile's files could not be read as written" in result.output
    assert "doi is written twice" in result.output and "Traceback" not in result.output
    assert not list(tmp_path.glob("out/*.pdf"))


@pytest.mark.parametrize(
    ("latex", "text"),
    [
        # Math that Unicode text says in full is that text (its scripts raised or
        # lowered), the same in every output; the rest the profile's small math.
        (r"The $M_\odot$ of N$_2$H$^+$", r"The $M_{\odot}$ of N₂H⁺"),
        (r"3 km s$^{-1}$ and $^{13}$CO", "3 km s⁻¹ and ¹³CO"),
        (r"{${\rm M}_\odot$} and $T_{\rm eff}$", r"$\mathrm{M}_{\odot}$ and $T_{\mathrm{eff}}$"),
        (r"$3\,{\rm km\,s^{-1}}$", "3 km s⁻¹"),
        (r"$\Lambda$CDM at $z\sim6$", "ΛCDM at z∼6"),
        (r"{$\Sigma$3} twin boundaries", "Σ3 twin boundaries"),
        (r"{$\Sigma 3$} and {$\Sigma$}9", "Σ3 and Σ9"),
        (r"CD4$^+$ T cells, H$_2$O and $\mathrm{H_2O}$", "CD4⁺ T cells, H₂O and H₂O"),
        (r"CD4\textsuperscript{+}, CO\textsubscript{2}, 25$^\circ$C", "CD4⁺, CO₂, 25°C"),
        (r"Ca$^{2+}$ and Fe$_{3}$O$_{4}$ at $10^{-3}$", "Ca²⁺ and Fe₃O₄ at 10⁻³"),
        (r"$O(n \log n)$ sets $S \subseteq \{0,1\}$", r"$O(n \log n)$ sets S ⊆ {0,1}"),
        # Beyond the small math: its closest text, never a _, ^ or command name.
        (r"$M_{\rm BH}\gtrsim 10^9 M_\sun$", "MBH≳ 10⁹ M⊙"),
        (r"$10^{x_2}$ and $\sqrt{2}$", "10x₂ and √2"),
        (r"{\it Gaia} and \emph{Kepler}, {\S}846", "*Gaia* and *Kepler*, §846"),
        (r"M{\"u}ller \& {\'E}cole -- 50\%", "Müller & École – 50%"),
    ],
)
def test_title_latex_becomes_profile_text(latex, text):
    assert field_text(latex) == text


def test_plain_text_has_no_markup():
    assert plain_text(r"The $M_\odot$ of {\it Gaia}") == "The M⊙ of Gaia"


def test_title_math_is_typeset_and_web_formats_show_its_closest_text(built, tmp_path):
    results, _ = built
    text = " ".join(pdf_text(results["en"].pdf).split())
    assert "The M⊙ of N₂H⁺ Cores at 3 km s⁻¹: ¹³CO and α ∼ 0.5" in text
    assert "ΛCDM" in text and "H₀ ≈ 70" in text
    assert not re.search(r"[_^$\\]|odot|extbf|nderline|myname|mathrm", text)
    build(AS_WRITTEN / "as-written.yaml", "en", tmp_path, formats=("md", "html", "txt"))
    markdown = (tmp_path / "as-written.en.md").read_text(encoding="utf-8")
    assert "The M⊙ of N₂H⁺ Cores at 3 km s⁻¹: ¹³CO and α ∼ 0.5" in markdown
    html = (tmp_path / "as-written.en.html").read_text(encoding="utf-8")
    assert '<span class="math">M<sub>⊙</sub></span> of N₂H⁺ Cores' in html


def test_journal_macros_and_an_article_with_an_eprint(loaded):
    _, by_key = loaded
    ads = by_key["ads2019"]
    assert ads.venue == "Astrophysical Journal" and ads.type == "journal"
    assert ads.status == "published"
    assert {link.type for link in ads.links} == {"doi", "arxiv"}
    assert by_key["etal2016"].venue == "Monthly Notices of the Royal Astronomical Society"
    preprint = by_key["2021arXiv210100001M"]  # ADS's "arXiv e-prints" journal
    assert preprint.type == "preprint" and preprint.status == "preprint"
    assert preprint.venue is None


def test_entry_kinds_are_named_in_each_language(built):
    results, _ = built
    en, zh = (" ".join(pdf_text(results[lang].pdf).split()) for lang in ("en", "zh"))
    assert "A Thesis, PhD thesis, ETH Zürich, 2018" in en
    assert "Master's thesis, TU München" in en
    assert "Technical report, MIT CSAIL, TR-17" in en
    assert "Patent, US 11,234,567 B2" in en and "A Web Page, Online, 2024" in en
    for name in ("博士学位论文", "硕士学位论文", "技术报告", "专利", "网络资源"):
        assert name in zh


def test_macros_around_names_are_taken_off_and_mark_the_owner(loaded, built):
    _, by_key = loaded
    assert [a.name for a in by_key["macros2021"].authors] == ["A. Müller", "K. Lee", "L. Wang"]
    assert [a.name for a in by_key["usermacro2022"].authors] == ["A. Müller", "J. Doe"]
    assert [a.name for a in by_key["etal2016"].authors] == ["A. Mueller", "et al."]
    results, _ = built
    tex = results["en"].tex.read_text(encoding="utf-8")
    owners = re.findall(r"\\cvowner\{([^}]*)\}", tex)
    # Every form of the owner's name, Mueller and A.-H. included; the \underline'd name too.
    assert owners.count("A. Müller") == 9 and owners.count("A. Mueller") == 2
    assert "K. Lee" in owners and r"\cvowner{A.{-}H. Mueller}" in tex
    assert "J. Doe" not in owners and "R. Roe" not in owners


def test_read_authors_as_people_wrap_them():
    people = read_authors(
        r"\textbf{Fang, Jin} and {\bf Zhao, G.} and {\myname{Hong-Li Xu}} and \emph{Wu, C.}"
        r" and {Smith}, J.~R. and others",
        abbreviate=True,
    )
    assert [(p.name, p.marked) for p in people] == [
        ("J. Fang", True),
        ("G. Zhao", True),
        ("H.-L. Xu", True),
        ("C. Wu", False),
        ("J. R. Smith", False),
        ("et al.", False),
    ]


@pytest.mark.parametrize(
    ("written", "owner"),
    [
        ("A. Müller", True),
        ("Müller, Andreas", True),
        ("Andreas Mueller", True),
        ("A. Muller", True),
        ("A.-H. Müller", True),
        ("Andreas H. Müller", True),
        ("Jan Müller", False),
        ("Andrea Müller", False),
        ("A. Miller", False),
        ("Müller", False),
    ],
)
def test_the_owner_is_matched_in_any_form_of_the_given_name(written, owner):
    assert OwnerNames(["Andreas Müller", "方缙"]).match(written) is owner


def test_hyphenated_and_joined_given_names_are_one():
    owners = OwnerNames(["Hong-Li Xu"])
    assert owners.match("Hongli Xu") and owners.match("H.-L. Xu") and owners.match("H. Xu")
    assert owners.match("Xu, Hong-Li") and not owners.match("Hongwei Xu")
    assert OwnerNames(["方缙"]).match("方缙") and not OwnerNames(["方缙"]).match("方晋")


def test_a_japanese_name_is_one_with_or_without_the_space_between_its_parts():
    # 佐藤 陽翔 in the header, 佐藤陽翔 in an author list: one person; 佐藤陽 is another.
    assert OwnerNames(["佐藤 陽翔"]).match("佐藤陽翔")
    assert OwnerNames(["佐藤陽翔"]).match("佐藤 陽翔")
    assert not OwnerNames(["佐藤 陽翔"]).match("佐藤陽")
    assert not OwnerNames(["佐藤"]).match("佐藤 陽翔")
    # Korean writes its spaces: 김 민준 stays apart from 김민
    assert not OwnerNames(["김 민준"]).match("김민 준")


def test_links_are_kept_as_written(loaded, built):
    _, by_key = loaded
    links = {link.url for pub in by_key.values() for link in pub.links}
    assert "https://example.org/paper?id=3&format=pdf--final" in links
    assert "https://doi.org/10.1109/5.771073" in links  # "DOI " taken off
    assert "https://github.com/example/alfolio_code" in links  # TeX's \_ undone
    assert "https://example.org/~amueller/notes_2024.html#part-2" in links
    results, _ = built
    urls = subprocess.run(
        ["pdfinfo", "-url", str(results["en"].pdf)], capture_output=True, text=True, check=True
    ).stdout
    for url in (
        "https://example.org/paper?id=3&format=pdf--final",
        "https://doi.org/10.1109/5.771073",
        "https://example.org/~amueller/notes_2024.html#part-2",
    ):
        assert url in urls.split()


def test_al_folio_fields(loaded):
    profile, by_key = loaded
    paper = by_key["alfolio2023"]
    assert paper.abbr == "ICML" and paper.awards == ["Outstanding Paper Award"]
    assert {link.type for link in paper.links} == {"arxiv", "code"}
    assert any("alfolio2023: pdf = 'alfolio2023.pdf'" in line for line in profile.warnings)


def test_an_entry_without_a_title_is_left_out_unless_the_profile_gives_one(tmp_path):
    (tmp_path / "refs.bib").write_text(
        "@article{a, author={Fang, Jin}, year={2020}}\n@article{b, author={Fang, Jin}, year=1}\n",
        encoding="utf-8",
    )
    (tmp_path / "cv.yaml").write_text(
        "name: Jin Fang\nbibliography: {file: refs.bib}\npublications:\n"
        "  - {bib: a, title: Given Here}\n",
        encoding="utf-8",
    )
    loaded = load_profile(tmp_path / "cv.yaml")
    assert [pub.title for pub in loaded.profile.publications] == ["Given Here"]
    assert loaded.warnings == (
        f"{tmp_path / 'refs.bib'}:2: b: no title: left out (give it one "
        "in the .bib, or in the profile: publications: [{bib: KEY, title: ...}])",
    )


def test_inspire_escaped_braces_in_math():
    assert field_text(r"at $$ \sqrt\{ s_\mathrm \{ NN \} \}=5.36\,\text\{ TeV \} $$") == (
        "at √sNN=5.36 TeV"
    )

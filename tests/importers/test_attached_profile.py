"""Issue 52 item 5's opt-in: a PDF that carries the profile it shows
(``design: {attach_profile: true}``), so that ``cvtex import`` of it is exact.

Real builds, with and without the option, their embedded files read by pypdf (not by the
importer's own reader); the profile the English PDF carries holds no Chinese and none of
the file's comments; each PDF imported and built again gives the same text.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from cvtex.cli.main import main
from cvtex.profile.model import Profile

from ..conftest import EXAMPLE, BuiltExample, pdf_text

HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def _cvtex(*args: object) -> str:
    result = CliRunner().invoke(main, [str(arg) for arg in args])
    assert result.exit_code == 0, (args, result.output, result.exc_info)
    return result.output


def _attachments(pdf: Path) -> dict[str, bytes]:
    return {name: data[0] for name, data in PdfReader(pdf).attachments.items()}


def _comments(profile: Path) -> list[str]:
    """The comments written in a profile file: whole lines, and after a value."""
    found = []
    for line in profile.read_text(encoding="utf-8").splitlines():
        if match := re.search(r"(?:^|\s)#\s*(.+)$", line):
            found.append(match[1].strip())
    return [comment for comment in found if len(comment) >= 12]


@pytest.fixture(scope="module")
def attached(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example built in English and Chinese with the option on."""
    out = tmp_path_factory.mktemp("attached")
    _cvtex("build", EXAMPLE, "--lang", "en,zh", "--design", "attach_profile=true", "--out", out)
    return out


def test_a_pdf_carries_nothing_by_default(built_example: BuiltExample) -> None:
    for language, result in built_example.results.items():
        assert _attachments(result.pdf) == {}, (built_example.theme, language)


@pytest.mark.parametrize("built_example", ["classic"], indirect=True)
def test_each_pdf_carries_the_profile_of_its_one_language(
    attached: Path, built_example: BuiltExample
) -> None:
    for language in ("en", "zh"):
        pdf = attached / f"profile.{language}.pdf"
        files = _attachments(pdf)
        assert list(files) == [f"profile.{language}.yaml"]
        text = files[f"profile.{language}.yaml"].decode("utf-8")
        data = yaml.safe_load(text)
        Profile.model_validate(data)  # a profile cvtex reads as any other
        assert data["languages"] == [language]
        assert not {"variants", "unplaced", "fallback", "bibliography", "include"} & set(data)
        assert "only:" not in text
        # The page is the one the PDF without the option shows.
        assert pdf_text(pdf, layout=True) == pdf_text(
            built_example.results[language].pdf, layout=True
        )
    english = _attachments(attached / "profile.en.pdf")["profile.en.yaml"].decode("utf-8")
    chinese = _attachments(attached / "profile.zh.pdf")["profile.zh.yaml"].decode("utf-8")
    assert not HAN.search(english), HAN.findall(english)
    assert HAN.search(chinese)  # the Chinese side is there to be left out of the English
    for comment in _comments(EXAMPLE):
        assert comment not in english and comment not in chinese, comment
    assert not [line for line in english.splitlines() if line.lstrip().startswith("#")]
    # The default variant leaves out what only the homepage shows (exclude: [homepage]).
    assert "../pdf/" in EXAMPLE.read_text(encoding="utf-8") and "../pdf/" not in english


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_import_takes_the_profile_and_builds_the_same_text(
    attached: Path, language: str, tmp_path: Path
) -> None:
    original = attached / f"profile.{language}.pdf"
    imported = tmp_path / "imported.yaml"
    output = _cvtex("import", original, "-o", imported)
    assert f"read the profile it carries (profile.{language}.yaml)" in output
    assert "placed" not in output  # the page was not read
    _cvtex("build", imported, "--out", tmp_path / "again")
    again = next((tmp_path / "again").glob("*.pdf"))
    assert pdf_text(again, layout=True) == pdf_text(original, layout=True)


PROFILE = """\
# Written for the attachment's test: no comment of this file may be carried.
languages: [en, zh]
name: {en: Mei Lin, zh: 林美}
headline: {en: Systems researcher, zh: 系统方向研究员}
contacts:
  - {type: email, value: mei@example.org}
  - {type: phone, value: "+86 138 0000 0000", only: [zh]}   # the Chinese CV's phone only
personal:
  - {label: {en: Born, zh: 出生年月}, value: {en: null, zh: 1995-06}}   # said in Chinese only
  - {label: {en: Nationality, zh: 国籍}, value: {en: Swedish, zh: 瑞典}}
education:
  - institution: {en: Lund University, zh: 隆德大学}
    degree: {en: M.Sc., zh: 硕士}
    location: {en: Lund, zh: null}
    start: 2015
    end: 2017
experience:
  - title: {en: Senior Engineer, zh: 高级工程师}
    organization: {en: Northwind, zh: {draft: 北风公司, from: deepl}}
    start: 2020-03
    end: present
    bullets:
      - {en: Rebuilt the billing pipeline, zh: 重建计费流水线}
      - {text: {en: Internal tooling, zh: 内部工具}, tags: [internal]}
      - {en: Led a team of four, zh: 带领四人团队}
      - {en: A third bullet, zh: 第三条}
  - title: {en: Intern, zh: 实习生}
    tags: [early]
    start: 2014
    end: 2015
awards:
  - {name: {en: Best Paper Award, zh: 最佳论文奖}, years: [2021]}
  - {name: 国家奖学金, years: [2016], only: [zh]}
others:
  - text: {zh: 开源贡献者}   # no English: the English CV shows the Chinese
skills:
  - category: {en: Languages, zh: 编程语言}
    items: [Rust, Go]
unplaced:
  - {text: "Available from May 2025", page: 1, line: 4}
variants:
  short:
    exclude: [early, internal]
    max_bullets: 2
"""

SECTIONS = ["education", "experience", "awards", "skills", "others"]
CARRIED = {
    "en": {
        "languages": ["en"],
        "name": "Mei Lin",
        "headline": "Systems researcher",
        "contacts": [{"type": "email", "value": "mei@example.org"}],
        "personal": [{"label": "Nationality", "value": "Swedish"}],
        "education": [
            {"start": "2015", "end": "2017", "institution": "Lund University",
             "location": "Lund", "degree": "M.Sc."},
        ],
        "experience": [
            {"start": "2020-03", "end": "present", "title": "Senior Engineer",
             "organization": "Northwind",
             "bullets": ["Rebuilt the billing pipeline", "Led a team of four"]},
        ],
        "awards": [{"name": "Best Paper Award", "years": [2021]}],
        "skills": [{"category": "Languages", "items": ["Rust", "Go"]}],
        "others": [{"text": "开源贡献者"}],  # as the page shows it: the fallback
        "sections": {key: {} for key in SECTIONS},
        "layout": SECTIONS,
        "theme": "classic",
    },
    "zh": {
        "languages": ["zh"],
        "name": "林美",
        "headline": "系统方向研究员",
        "contacts": [
            {"type": "email", "value": "mei@example.org"},
            {"type": "phone", "value": "+86 138 0000 0000"},
        ],
        "personal": [
            {"label": "出生年月", "value": "1995-06"},
            {"label": "国籍", "value": "瑞典"},
        ],
        "education": [
            {"start": "2015", "end": "2017", "institution": "隆德大学", "degree": "硕士"},
        ],
        "experience": [
            {"start": "2020-03", "end": "present", "title": "高级工程师",
             "organization": "北风公司", "bullets": ["重建计费流水线", "带领四人团队"]},
        ],
        "awards": [
            {"name": "最佳论文奖", "years": [2021]},
            {"name": "国家奖学金", "years": [2016]},
        ],
        "skills": [{"category": "编程语言", "items": ["Rust", "Go"]}],
        "others": [{"text": "开源贡献者"}],
        "sections": {key: {} for key in SECTIONS},
        "layout": SECTIONS,
        "theme": "classic",
    },
}  # fmt: skip


def test_the_profile_carried_is_exactly_what_the_pdf_shows(tmp_path: Path) -> None:
    """A variant (an excluded tag, max_bullets), texts in one language only, null in one,
    a fallback, a draft, a scoped contact and personal line, an unplaced line, comments:
    each PDF carries what it shows, and nothing else."""
    profile = tmp_path / "cv.yaml"
    profile.write_text(PROFILE, encoding="utf-8")
    out = tmp_path / "out"
    _cvtex("build", profile, "--variant", "short", "--design", "attach_profile=true",
           "--out", out)  # fmt: skip
    for language, expected in CARRIED.items():
        pdf = out / f"cv.short.{language}.pdf"
        files = _attachments(pdf)
        assert list(files) == [f"cv.short.{language}.yaml"]
        carried = yaml.safe_load(files[f"cv.short.{language}.yaml"])
        assert carried == expected, language
        for comment in _comments(profile):
            assert comment not in files[f"cv.short.{language}.yaml"].decode("utf-8")
        # Built again from its import, the PDF says the same.
        imported = tmp_path / f"imported.{language}.yaml"
        _cvtex("import", pdf, "-o", imported)
        _cvtex("build", imported, "--out", tmp_path / f"again-{language}")
        again = next((tmp_path / f"again-{language}").glob("*.pdf"))
        assert pdf_text(again, layout=True) == pdf_text(pdf, layout=True)


def test_a_pdf_attachment_that_is_no_profile_is_said_and_the_page_read(
    attached: Path, tmp_path: Path
) -> None:
    from pypdf import PdfWriter

    writer = PdfWriter(clone_from=attached / "profile.en.pdf")
    writer._root_object.pop("/Names", None)  # the profile cvtex attached, gone
    writer.add_attachment("notes.yaml", b"- just a list\n")
    pdf = tmp_path / "cv.pdf"
    with pdf.open("wb") as file:
        writer.write(file)
    output = _cvtex("import", pdf, "-o", tmp_path / "cv.yaml")
    assert "its attachment notes.yaml is not the profile of one language" in output
    assert re.search(r"placed \d+ of \d+ lines", output)  # the page, read as any PDF's

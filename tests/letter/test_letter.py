"""Cover letters: the example's letter as golden .tex, compiled letters read back in the
order and layout each language sets them, the packet, the watch, the starter, the errors.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from cvtex.cli.main import main
from cvtex.errors import InputError
from cvtex.live.watch import WatchState, watch_once

from ..building import build, request, tex_sources
from ..conftest import EXAMPLE, GERMAN, THEMES, TINY, pdf_text
from ..end_to_end.test_golden import GOLDEN, UPDATE
from ..pipeline.test_cache import edit

LETTER = EXAMPLE.with_name("letter.yaml")

SHORT = {
    "profile": "cv.yaml",
    "date": "2026-11-24",
    "recipient": {
        "name": {"en": "Dr. Li Wang", "zh": "王力博士"},
        "honorific": {"en": "Dr.", "zh": "博士"},
        "family_name": {"en": "Wang", "zh": "王"},
        "organization": {"en": "Example Lab", "zh": "示例实验室"},
        "address": ["1 Example Road"],
    },
    "subject": {"en": "Application for Engineer", "zh": "应聘工程师"},
    "body": [
        {
            "en": "First paragraph of the letter, long enough to wrap onto a second line on the "
            "page so that its continuation shows where lines start.",
            "zh": "第一段正文，写得足够长，使它在页面上折成两行，"
            "以便看出续行从哪里开始，首行又缩进多少，这里再多写一些文字来确保一定会换行到第二行去。",
        },
        {"en": "Second paragraph.", "zh": "第二段正文。"},
    ],
}


@pytest.fixture
def letter(tmp_path: Path) -> Path:
    """The tiny profile and a short letter to it, in a folder of their own."""
    (tmp_path / "cv.yaml").write_text(yaml.safe_dump(TINY, allow_unicode=True), encoding="utf-8")
    file = tmp_path / "acme.yaml"
    file.write_text(yaml.safe_dump(SHORT, allow_unicode=True), encoding="utf-8")
    return file


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_example_letter_matches_golden(lang):
    (source,) = tex_sources(request(LETTER, lang))
    golden = GOLDEN / f"letter.{lang}.tex"
    if UPDATE:
        golden.write_text(source.tex, encoding="utf-8")
    assert golden.exists(), f"{golden} is missing: run `make golden`"
    assert source.tex == golden.read_text(encoding="utf-8"), (
        f"{golden.name} differs from the rendered TeX; if intended, run `make golden`"
    )


def _lines(pdf: Path) -> list[str]:
    """The PDF's lines as pdftotext reads them by default (a side column as one block)."""
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return [line.strip() for line in text.splitlines() if line.strip()]


def _index(lines: list[str], start: str) -> int:
    found = [i for i, line in enumerate(lines) if line.startswith(start)]
    assert found, f"no line starts with {start!r} in {lines}"
    return found[0]


@pytest.mark.parametrize("theme", THEMES)
def test_english_letter_reads_in_block_order(letter, theme):
    (built,) = build(letter, "en", theme=theme)
    lines = _lines(built.pdf)
    order = [
        _index(lines, "Ann Lee"),
        _index(lines, "November 24, 2026"),
        _index(lines, "Dr. Li Wang"),
        _index(lines, "Example Lab"),
        _index(lines, "Application for Engineer"),
        _index(lines, "Dear Dr. Wang,"),
        _index(lines, "First paragraph"),
        _index(lines, "Second paragraph."),
        _index(lines, "Sincerely,"),
    ]
    assert order == sorted(order), lines
    assert lines[-1] == "Ann Lee"  # the signature ends the letter
    assert PdfReader(built.pdf).trailer["/Root"]["/Lang"] == "en-US"
    assert PdfReader(built.pdf).metadata.title == "Ann Lee – Cover Letter"
    assert len(PdfReader(built.pdf).pages) == 1


def _line_starts(pdf: Path) -> list[tuple[float, str]]:
    """Each line's left edge and text, as pdftotext's bounding boxes give them."""
    xml = subprocess.run(
        ["pdftotext", "-bbox-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    found = []
    for x, body in re.findall(r'<line xMin="([\d.]+)"[^>]*>(.*?)</line>', xml, re.S):
        found.append((float(x), "".join(re.findall(r">([^<]*)</word>", body))))
    return found


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("lang", ["zh", "zh-TW"])
def test_chinese_letter_is_laid_out_as_chinese_letters_are(letter, theme, lang):
    (built,) = build(letter, lang, theme=theme)
    starts = _line_starts(built.pdf)
    texts = [text for _, text in starts]
    salute = "敬礼！" if lang == "zh" else "敬禮！"
    # The salutation with a full-width colon; 此致 and 敬礼！ on lines of their own.
    assert "尊敬的王博士：" in texts
    assert "此致" in texts and salute in texts
    assert texts.index(salute) == texts.index("此致") + 1
    left = dict((text, x) for x, text in starts)["尊敬的王博士："]
    first = next(x for x, text in starts if text.startswith("第一段"))
    second = starts[
        [text for _, text in starts].index(next(t for t in texts if t.startswith("第一段"))) + 1
    ]
    size = 11  # the letter's body: the CV's 10 pt and one
    # Each paragraph's first line indented two characters; its next lines are not.
    assert first - left == pytest.approx(2 * size, abs=1.5)
    assert second[0] == pytest.approx(left, abs=0.5)
    assert any(
        x - left == pytest.approx(2 * size, abs=1.5) for x, t in starts if t.startswith("第二段")
    )
    # 此致 indented two characters, 敬礼！ flush left.
    at = dict((text, x) for x, text in starts)
    assert at["此致"] - left == pytest.approx(2 * size, abs=1.5)
    assert at[salute] == pytest.approx(left, abs=0.5)
    # The signature and the date at the right, after the closing, the date last.
    assert texts[-2:] == ["李安", "2026年11月24日"]
    assert at["李安"] > left + 200


def test_a_packet_is_the_letter_then_the_cv_with_a_bookmark_each(letter):
    built = build(letter, "en,zh", with_cv=True)
    out = letter.parent / "out"
    for language, title in (("en", ("Cover Letter", "CV")), ("zh", ("求职信", "简历"))):
        packet = PdfReader(out / f"acme.packet.{language}.pdf")
        letter_pages = len(PdfReader(out / f"acme.{language}.pdf").pages)
        cv_pages = len(PdfReader(out / f"cv.{language}.pdf").pages)
        assert len(packet.pages) == letter_pages + cv_pages
        marks = [(item.title, packet.get_destination_page_number(item)) for item in packet.outline]
        assert marks == [(title[0], 0), (title[1], letter_pages)]
    assert {result.language for result in built} == {"en", "zh"}
    # The letter names what is enclosed when the CV goes with it.
    assert "Enclosure: CV" in pdf_text(out / "acme.en.pdf")
    assert "附件：简历" in pdf_text(out / "acme.zh.pdf")


@pytest.mark.parametrize(
    ("enclosures", "en", "zh"),
    [
        # She wrote the CV herself: it is listed once, where she put it, in her words.
        (
            ["Publication list", "CV"],
            "Enclosures: Publication list and CV",
            "附件：Publication list、CV",
        ),
        (
            [
                {"en": "Curriculum Vitae (2 pages)", "zh": "个人简历"},
                {"en": "Transcript", "zh": "成绩单"},
            ],
            "Enclosures: Curriculum Vitae (2 pages) and Transcript",
            "附件：个人简历、成绩单",
        ),
        ([{"en": "Résumé", "zh": "履历"}], "Enclosure: Résumé", "附件：履历"),
        # A word that holds the name is not the name: the CV is still added.
        (["CVD growth data"], "Enclosures: CV and CVD growth data", "附件：简历、CVD growth data"),
    ],
    ids=["CV", "Curriculum Vitae", "Résumé", "CVD"],
)
def test_an_enclosure_that_names_the_cv_is_the_cv(letter, enclosures, en, zh):
    """Before, the letter added its CV to hers: "Enclosures: CV, CV and Publication list"."""
    from cvtex.pipeline.build import localize
    from cvtex.pipeline.load import load

    data = {**SHORT, "enclosures": enclosures, "attach_cv": True}
    letter.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    views = {item.language: item.letter for item in localize(load(request(letter, "en,zh")))}
    assert views["en"].enclosures == en
    assert views["zh"].enclosures == zh


def test_a_packet_keeps_the_letters_language_metadata_and_xmp(letter):
    """Before, the packet had a title and /Lang but no XMP packet, subject or keywords."""
    cv = {**TINY, "skills": [{"category": "Languages", "items": ["Python", "Rust"]}]}
    letter.with_name("cv.yaml").write_text(yaml.safe_dump(cv, allow_unicode=True), "utf-8")
    build(letter, "en,zh", with_cv=True)
    out = letter.parent / "out"
    expected = {
        "en": ("en-US", "Ann Lee – Cover Letter and CV", "Application for Engineer"),
        "zh": ("zh-CN", "李安 – 求职信及简历", "应聘工程师"),
    }
    for language, (tag, title, subject) in expected.items():
        packet = PdfReader(out / f"acme.packet.{language}.pdf")
        letter_pdf = PdfReader(out / f"acme.{language}.pdf")
        assert packet.trailer["/Root"]["/Lang"] == letter_pdf.trailer["/Root"]["/Lang"] == tag
        assert packet.metadata.title == title
        assert packet.metadata.author == letter_pdf.metadata.author
        assert packet.metadata.subject == letter_pdf.metadata.subject == subject
        assert "Python" in packet.metadata["/Keywords"]  # the CV's skills
        xmp = packet.xmp_metadata
        assert xmp is not None
        assert xmp.dc_title == {"x-default": title}
        assert xmp.dc_language == [tag]
        assert xmp.dc_description == {"x-default": subject}
        assert [mark.title for mark in packet.outline] == (
            ["Cover Letter", "CV"] if language == "en" else ["求职信", "简历"]
        )
        info = subprocess.run(
            ["pdfinfo", "-meta", str(out / f"acme.packet.{language}.pdf")],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        assert title in info and "<dc:language>" in info


def test_a_packet_reuses_the_cv_already_built(letter):
    seen: list[tuple[str, bool]] = []
    build(letter.with_name("cv.yaml"), "en")
    build(
        letter,
        "en",
        with_cv=True,
        on_done=lambda done: seen.append((done.pdf.name, done.compiled)),
    )
    assert ("cv.en.pdf", False) in seen and ("acme.en.pdf", True) in seen
    # Again, nothing changed: the packet joined from the same PDFs is kept as it is.
    wrote: list[Path] = []
    build(letter, "en", with_cv=True, on_page=wrote.append)
    assert not [path for path in wrote if "packet" in path.name]


def test_watch_rebuilds_the_letter_when_it_or_its_profile_is_saved(letter):
    state = WatchState(request(letter, "zh"))
    try:
        (first,) = watch_once(state)
        assert first.error is None and first.compiled == ["zh"]
        edit(letter, "第二段正文。", "第二段已改。")
        (after_letter,) = watch_once(state)
        assert after_letter.compiled == ["zh"]
        assert "第二段已改" in pdf_text(letter.parent / "out" / "acme.zh.pdf")
        edit(letter.with_name("cv.yaml"), "李安", "李小安")
        (after_profile,) = watch_once(state)
        assert after_profile.changed == [letter.with_name("cv.yaml").resolve()]
        assert "李小安" in pdf_text(letter.parent / "out" / "acme.zh.pdf")
    finally:
        state.close()


def test_a_letter_that_does_not_fit_says_by_how_many_lines(letter):
    data = yaml.safe_load(letter.read_text(encoding="utf-8"))
    data["body"] = [
        {"en": f"Paragraph {n}. " + "A sentence that fills the page. " * 40} for n in range(6)
    ]
    letter.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    (built,) = build(letter, "en")
    match = re.search(r"does not fit on 1 page even at .* needed, (\d+) lines? over", built.fitted)
    assert match, built.fitted
    assert int(match[1]) > 0


def test_a_short_letter_is_not_tightened(letter):
    (built,) = build(letter, "en")
    assert built.fitted == ""


def test_letter_errors_are_located(letter):
    text = letter.read_text(encoding="utf-8")
    letter.write_text(text + "recipeint: {}\n", encoding="utf-8")
    with pytest.raises(InputError) as error:
        build(letter, "en")
    assert f"{letter}:" in error.value.message and "recipeint" in error.value.message
    assert "did you mean 'recipient'" in error.value.message

    letter.write_text(text.replace("profile: cv.yaml", "profile: nowhere.yaml"), encoding="utf-8")
    with pytest.raises(InputError) as error:
        build(letter, "en")
    line = text.splitlines().index("profile: cv.yaml") + 1
    assert f"{letter}:{line}:" in error.value.message and "nowhere.yaml" in error.value.message

    letter.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as error:
        build(letter, "en", formats=("md",))
    assert "a letter is written as pdf or txt" in error.value.message


def test_a_catalog_of_ones_own_writes_its_letter(letter):
    (built,) = build(letter, "de", locale_files=[GERMAN])
    text = pdf_text(built.pdf)
    assert "24. November 2026" in text and "Mit freundlichen Grüßen" in text
    assert "Guten Tag Dr. Wang," in text


def test_a_catalog_without_letter_conventions_is_named(letter, tmp_path):
    catalog = yaml.safe_load(GERMAN.read_text(encoding="utf-8"))
    del catalog["letter"]
    plain = tmp_path / "de.yaml"
    plain.write_text(yaml.safe_dump(catalog, allow_unicode=True), encoding="utf-8")
    with pytest.raises(InputError) as error:
        build(letter, "de", locale_files=[plain])
    assert "has no letter: section" in error.value.message


def test_the_plain_text_letter(letter):
    build(letter, "en,zh", formats=("txt",))
    zh = (letter.parent / "out" / "acme.zh.txt").read_text(encoding="utf-8").splitlines()
    assert "尊敬的王博士：" in zh
    assert any(line.startswith("\u3000\u3000第一段") for line in zh)
    assert zh.index("敬礼！") == zh.index("\u3000\u3000此致") + 1
    en = (letter.parent / "out" / "acme.en.txt").read_text(encoding="utf-8")
    assert en.index("November 24, 2026") < en.index("Dear Dr. Wang,") < en.index("Sincerely,")


def test_letter_new_writes_a_starter_that_builds_and_never_overwrites(letter, tmp_path):
    runner = CliRunner()
    target = tmp_path / "letters" / "next.yaml"
    result = runner.invoke(
        main, ["letter", "new", str(target), "--profile", str(letter.with_name("cv.yaml"))]
    )
    assert result.exit_code == 0, result.output
    assert 'profile: "../cv.yaml"' in target.read_text(encoding="utf-8")
    again = runner.invoke(
        main, ["letter", "new", str(target), "--profile", str(letter.with_name("cv.yaml"))]
    )
    assert again.exit_code == 1 and "never overwrites" in again.output
    result = runner.invoke(main, ["build", str(target), "--lang", "en", "--quiet"])
    assert result.exit_code == 0, result.output
    text = pdf_text(target.parent / "out" / "next.en.pdf")
    assert "Dear Dr. Wang," in text and "Ann Lee" in text


def test_the_example_letter_builds_and_its_folder_is_kept_clean(tmp_path):
    folder = tmp_path / "academic"
    shutil.copytree(EXAMPLE.parent, folder, ignore=shutil.ignore_patterns("out"))
    built = build(folder / "letter.yaml")
    assert [result.language for result in built] == ["en", "zh"]
    for result in built:
        assert len(PdfReader(result.pdf).pages) == 1


def test_validate_names_each_letter_text_that_falls_back(letter):
    edit(letter, "zh: 第二段正文。", "de: Zweiter Absatz.")
    runner = CliRunner()
    result = runner.invoke(main, ["validate", str(letter)])
    assert result.exit_code == 0, result.output
    assert "en: every text written" in result.output
    assert "zh: 1 text(s) fall back" in result.output
    assert f"{letter}:" in result.output and "body[1]" in result.output
    strict = runner.invoke(main, ["validate", str(letter), "--strict"])
    assert strict.exit_code == 1


def test_translate_export_and_merge_take_a_letter(letter, tmp_path):
    edit(letter, "zh: 第二段正文。", "de: Zweiter Absatz.")
    runner = CliRunner()
    rows = tmp_path / "zh.yaml"
    result = runner.invoke(
        main, ["translate", "export", str(letter), "--lang", "zh", "-o", str(rows)]
    )
    assert result.exit_code == 0, result.output
    exported = yaml.safe_load(rows.read_text(encoding="utf-8"))
    (row,) = [item for item in exported["texts"] if item["at"][0].startswith("body[1] ")]
    row["zh"] = "第二段译文。"
    rows.write_text(yaml.safe_dump(exported, allow_unicode=True), encoding="utf-8")
    merged = runner.invoke(main, ["translate", "merge", str(letter), str(rows)])
    assert merged.exit_code == 0, merged.output
    assert "第二段译文。" in letter.read_text(encoding="utf-8")
    assert letter.with_name("acme.yaml.bak").exists()
    (built,) = build(letter, "zh")
    assert "第二段译文" in pdf_text(built.pdf)


def test_the_font_plan_covers_the_letters_own_text(letter):
    # Chinese and Greek in an English letter's body, none in its profile's English header.
    edit(letter, "Second paragraph.", "Second paragraph, to 王力 about the α-test.")
    (built,) = build(letter, "en")
    text = pdf_text(built.pdf)
    assert "王力" in text and "α-test" in text


def test_a_signature_image_is_set_and_kept_beside_the_tex(letter):
    shutil.copy(Path(__file__).parent.parent / "data" / "full" / "photo.png", letter.parent)
    edit(letter, "profile: cv.yaml", "profile: cv.yaml\nsignature: {image: photo.png}")
    (built,) = build(letter, "en")
    assert "\\includegraphics" in built.tex.read_text(encoding="utf-8")
    assert (built.pdf.parent / "acme.signature.png").is_file()
    images = subprocess.run(["pdfimages", "-list", str(built.pdf)], capture_output=True, text=True)
    assert len(images.stdout.strip().splitlines()) == 3  # the header's two lines, one image


def test_a_theme_of_ones_own_changes_a_letter_through_its_blocks(letter, tmp_path):
    theme = tmp_path / "mine"
    theme.mkdir()
    (theme / "theme.yaml").write_text("extends: classic\n", encoding="utf-8")
    (theme / "letter.tex.j2").write_text(
        '((* extends "classic/letter.tex.j2" *))\n'
        "((* block letter_subject *))\n"
        "\\noindent Re: ((( letter.subject )))\\cvletterpart\n"
        "((* endblock *))\n",
        encoding="utf-8",
    )
    (built,) = build(letter, "en", theme=str(theme))
    assert "Re: Application for Engineer" in pdf_text(built.pdf)

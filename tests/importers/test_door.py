"""`cvtex import`'s one door: a file, a folder or a .zip, its kind told from its content and
its language from its text; several sources make one profile."""

from __future__ import annotations

import json
import zipfile

import pytest
import yaml

from cvtex.errors import InputError
from cvtex.importers import import_sources
from cvtex.importers.jsonresume.document import read_resume
from cvtex.importers.language import language_of_text
from cvtex.importers.reader import T

from ..building import build
from ..conftest import ROOT, normalized, pdf_text

SAMPLE = ROOT / "tests" / "data" / "jsonresume" / "sample.resume.json"
BIB = """\
@article{lin2023, title={Gradient Routing}, author={Lin, Mei and Zhao, Gang},
  journal={IEEE/ACM Transactions on Networking}, year={2023}, doi={10.1109/TNET.2023.1}}
"""


def _texts(*texts: str) -> list[T]:
    return [T(text) for text in texts]


@pytest.mark.parametrize(
    ("texts", "language"),
    [
        (_texts("ソフトウェアエンジニア", "東京大学", "情報理工学系研究科"), "ja"),
        (_texts("소프트웨어 엔지니어", "서울대학교", "컴퓨터공학부"), "ko"),
        (_texts("软件工程师", "清华大学", "计算机科学与技术"), "zh"),
        (_texts("軟體工程師", "國立臺灣大學"), "zh-TW"),  # Traditional: issue 49
        (_texts("Software engineer", "Stanford University", "Mei Lin (林梅)"), "en"),
        (_texts("Ingeniero de software", "Universidad de Chile"), "en"),
        ([], "en"),
    ],
)
def test_the_language_is_told_from_the_script(texts, language):
    assert language_of_text({"texts": texts}) == language


def test_a_japanese_json_resume_is_read_as_japanese(tmp_path):
    resume = {
        "basics": {"name": "山田 太郎", "label": "ソフトウェアエンジニア"},
        "work": [{"name": "株式会社サンプル", "position": "エンジニア", "startDate": "2019-04"}],
    }
    source = tmp_path / "resume.json"
    source.write_text(json.dumps(resume, ensure_ascii=False), encoding="utf-8")
    from cvtex.importers.jsonresume import READER
    from cvtex.importers.reader import Context
    from cvtex.importers.source import open_source

    read = READER.read(open_source(source), Context(__import__("datetime").date(2026, 1, 1)))
    assert read.language is None  # the file does not say: the door tells it from the text
    assert language_of_text(read.data) == "ja"


def test_a_zip_of_a_resume_and_a_bib_is_one_profile(tmp_path):
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.write(SAMPLE, "mine/resume.json")
        zipped.writestr("mine/refs.bib", BIB)
        zipped.writestr("mine/notes.txt", "not a CV")
        zipped.writestr("mine/photo.yaml", "just: [a, list]\n")
    imported = import_sources([archive], today=__import__("datetime").date(2026, 1, 1))
    assert imported.profile == tmp_path / "export.yaml"
    data = yaml.safe_load(imported.profile.read_text(encoding="utf-8"))
    assert data["name"] == "Richard Hendriks"
    titles = [publication["title"] for publication in data["publications"]]
    assert "Gradient Routing" in titles and "Video compression for 3d media" in titles
    assert imported.kinds == ["JSON Resume", "BibTeX"]
    assert any("photo.yaml: not a kind of file cvtex imports: skipped" in n for n in imported.notes)


def test_a_folder_is_read_like_an_archive(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "resume.json").write_bytes(SAMPLE.read_bytes())
    (folder / "refs.bib").write_text(BIB, encoding="utf-8")
    imported = import_sources([folder])
    assert imported.profile == tmp_path / "mine.yaml"
    assert "Gradient Routing" in imported.profile.read_text(encoding="utf-8")


def test_a_bib_alone_has_no_name_and_says_where_it_goes(tmp_path):
    bib = tmp_path / "refs.bib"
    bib.write_text(BIB, encoding="utf-8")
    with pytest.raises(InputError, match="gives a name") as caught:
        import_sources([bib])
    assert "--into" in str(caught.value)
    profile = tmp_path / "cv.yaml"
    profile.write_text("name: Mei Lin\nlanguages: [en]\n", encoding="utf-8")
    imported = import_sources([bib], into=profile)
    assert imported.added == [
        "publications: Gradient Routing, IEEE/ACM Transactions on Networking, 2023"
    ]
    assert "https://doi.org/10.1109/TNET.2023.1" in profile.read_text(encoding="utf-8")


def test_bibtex_entries_sharing_a_key_are_all_kept_unless_the_same_work(tmp_path):
    bib = tmp_path / "works.bib"
    bib.write_text(
        "@article{Sumi2024, title={One work}, year={2024}}\n"
        "@article{Sumi2024, title={Another work}, year={2024}}\n"
        "@article{Sumi2024, title={One Work}, year={2024}}\n"
        "@article{Sumi2024, title={A third work}, year={2024}}\n",
        encoding="utf-8",
    )
    profile = tmp_path / "cv.yaml"
    profile.write_text("name: Mei Lin\nlanguages: [en]\n", encoding="utf-8")
    imported = import_sources([bib], into=profile)
    assert [line.split(", ")[0] for line in imported.added] == [
        "publications: One work",
        "publications: Another work",
        "publications: A third work",
    ]
    assert sum("another work: kept" in note for note in imported.notes) == 2
    assert sum("the same work as line 1, read once" in note for note in imported.notes) == 1


def test_a_source_of_no_known_kind_names_the_kinds(tmp_path):
    other = tmp_path / "cv.txt"
    other.write_text("Mei Lin\nEngineer\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        import_sources([other])
    assert "not a kind of file cvtex imports" in caught.value.message
    assert "JSON Resume" in caught.value.hint and "BibTeX" in caught.value.hint
    with pytest.raises(InputError, match="no such file or folder"):
        import_sources([tmp_path / "missing.json"])


@pytest.mark.parametrize(
    ("head", "tail"),
    [
        ('{"basics": {"name": "A"}, "work": ', "}"),  # JSON Resume
        ('{"meta": {"format": "FRESH@1.0.0"}, "name": "A", "employment": {"history": ', "}}"),
        ('{"orcid-identifier": {"path": "0000-0002-1825-0097"}, "activities-summary": ', "}"),
        ('{"no kind": ', "}"),
    ],
)
@pytest.mark.parametrize("levels", [40, 600, 100_000])
def test_json_nested_deeper_than_a_profile_may_be_is_refused_with_a_message(
    tmp_path, head, tail, levels
):
    """JSON nested deeper than YAML may be (40 levels): a message, never Python's
    RecursionError, which JSON Resume's sniffing (100,000 levels) and its tidying (600)
    ended in, as exit 70."""
    source = tmp_path / "deep.json"
    source.write_text(head + "[" * levels + "]" * levels + tail, encoding="utf-8")
    with pytest.raises(InputError, match=r"deep\.json: nesting deeper than 40 levels"):
        import_sources([source], tmp_path / "cv.yaml")


@pytest.mark.parametrize(
    ("language", "resume", "shown"),
    [
        (
            "ja",
            {
                "basics": {"name": "山田 太郎", "label": "ソフトウェアエンジニア"},
                "work": [
                    {
                        "name": "株式会社サンプル",
                        "position": "バックエンドエンジニア",
                        "startDate": "2019-04-01",
                        "highlights": ["決済基盤の設計と運用を担当しました。"],
                    }
                ],
                "education": [
                    {"institution": "東京大学", "studyType": "修士", "endDate": "2019-03"}
                ],
            },
            ["職歴", "学歴", "株式会社サンプル", "2019年4月"],
        ),
        (
            "ko",
            {
                "basics": {"name": "김민지", "label": "소프트웨어 엔지니어"},
                "work": [
                    {
                        "name": "주식회사 예시",
                        "position": "백엔드 개발자",
                        "startDate": "2020-03-02",
                        "highlights": ["결제 시스템의 설계와 운영을 맡았습니다."],
                    }
                ],
                "education": [
                    {"institution": "서울대학교", "studyType": "학사", "endDate": "2020-02"}
                ],
            },
            ["경력", "학력", "주식회사 예시", "2020년 3월"],
        ),
    ],
)
def test_a_japanese_or_korean_resume_becomes_a_profile_in_its_language(
    tmp_path, language, resume, shown
):
    source = tmp_path / "resume.json"
    source.write_text(json.dumps(resume, ensure_ascii=False), encoding="utf-8")
    imported = import_sources([source], tmp_path / "cv.yaml")
    assert imported.languages == [language]
    (built,) = build(imported.profile, None, tmp_path / "out")
    assert built.language == language
    text = normalized(pdf_text(built.pdf))
    for words in shown:
        assert normalized(words) in text, (language, words)


def test_a_file_that_is_no_object_is_the_same_error_for_every_reader(tmp_path):
    """One check (located.one_object) for the readers whose file is one object: an ORCID
    endpoint's file, a FRESH résumé, a JSON Resume."""
    orcid = tmp_path / "orcid"
    orcid.mkdir()
    record = ROOT / "tests" / "data" / "orcid" / "record-3.0.json"
    (orcid / "record.json").write_text(record.read_text(encoding="utf-8"), encoding="utf-8")
    (orcid / "works.json").write_text("[]", encoding="utf-8")
    fresh = tmp_path / "fresh.yaml"
    fresh.write_text("- name: Mei Lin\n  meta: {format: FRESH@1.0.0}\n", encoding="utf-8")
    for source, what in ((orcid, "an ORCID record"), (fresh, "a FRESH résumé")):
        with pytest.raises(InputError) as caught:
            import_sources([source], tmp_path / "cv.yaml")
        assert caught.value.message.endswith(f": {what} is one JSON object, not a list or value")
    with pytest.raises(InputError) as caught:
        read_resume("resume.json", "[1, 2]")
    assert (
        caught.value.message
        == "resume.json: a JSON Resume file is one JSON object, not a list or value"
    )

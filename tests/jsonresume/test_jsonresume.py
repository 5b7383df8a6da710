"""JSON Resume: export valid against the project's schema, import from one file or two."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import InputError
from cvtex.importers import import_sources
from cvtex.profile.load import load_profile
from cvtex.translate.coverage import coverage_report

from ..building import build, export
from ..conftest import EXAMPLE, ROOT, normalized, pdf_text

DATA = ROOT / "tests" / "data" / "jsonresume"
SCHEMA = json.loads((DATA / "schema.json").read_text(encoding="utf-8"))
SAMPLE = DATA / "sample.resume.json"
FULL = ROOT / "tests" / "data" / "full" / "profile.yaml"
ENGINEER = ROOT / "examples" / "engineer" / "profile.yaml"
TODAY = dt.date(2025, 1, 15)  # imports read future end dates as "expected"


def validator() -> jsonschema.Draft7Validator:
    # With format checks: emails and URIs (rfc3986-validator) must be well formed too.
    return jsonschema.Draft7Validator(
        SCHEMA, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER
    )


def errors(document: dict) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator().iter_errors(document)]


def test_the_checker_checks_formats():
    assert errors(json.loads(SAMPLE.read_text(encoding="utf-8"))) == []
    assert errors({"basics": {"url": "../relative.pdf", "email": "nope"}}) != []
    assert errors({"work": [{"startDate": "June 2020"}]}) != []


@pytest.mark.parametrize("profile", [EXAMPLE, FULL])
def test_export_is_valid_json_resume(profile, tmp_path):
    files = export(profile, out_dir=tmp_path)
    languages = load_profile(profile).profile.languages
    assert sorted(file.name for file in files) == sorted(
        f"profile.{lang}.resume.json" for lang in languages
    )
    for file in files:
        document = json.loads(file.read_text(encoding="utf-8"))
        assert errors(document) == [], file.name
        assert file.name == f"profile.{document['meta']['language']}.resume.json"


@pytest.mark.parametrize(
    ("profile", "options"),
    [
        (EXAMPLE, ()),
        (EXAMPLE, ("--variant", "industry", "--lang", "zh-TW,en")),
        (ENGINEER, ("--lang", "ja,ko")),
    ],
)
def test_build_as_json_writes_what_export_writes(profile, options, tmp_path):
    def run(*args: object) -> str:
        result = CliRunner().invoke(main, [str(arg) for arg in args])
        assert result.exit_code == 0, result.output
        return result.output

    assert "json" in run("build", "--help")
    exported = run("export", profile, *options, "--out", tmp_path / "export")
    built = run("build", profile, *options, "--format", "md,json", "--out", tmp_path / "build")
    files = sorted((tmp_path / "export").iterdir())
    assert files and all(file.name.endswith(".resume.json") for file in files)
    assert all(line.startswith("wrote ") for line in exported.splitlines())
    assert sorted(_written(exported)) == files
    # The build writes the same files, byte for byte, beside its Markdown pages.
    for file in files:
        assert (tmp_path / "build" / file.name).read_bytes() == file.read_bytes(), file.name
        assert errors(json.loads(file.read_text(encoding="utf-8"))) == [], file.name
    made = {path.name for path in _written(built) if path.name.endswith(".resume.json")}
    assert made == {file.name for file in files}


def _written(output: str) -> list[Path]:
    return [Path(line.removeprefix("wrote ")) for line in output.splitlines()]


def test_export_carries_the_profile(tmp_path):
    export(EXAMPLE, out_dir=tmp_path)
    en = json.loads((tmp_path / "profile.en.resume.json").read_text(encoding="utf-8"))
    zh = json.loads((tmp_path / "profile.zh.resume.json").read_text(encoding="utf-8"))
    assert en["basics"]["name"] == "Jin Fang" and zh["basics"]["name"] == "方缙"
    assert en["basics"]["profiles"][0]["url"] == "https://github.com/example"
    work = {entry["summary"]: entry for entry in en["work"] if "summary" in entry}
    kernel = work["Communication-Computation Fused GPU Kernel Generation"]
    assert kernel["name"] == "Bytedance" and kernel["position"] == "Research Intern"
    assert kernel["startDate"] == "2024-06" and kernel["endDate"] == "2024-12"
    assert (
        "Achieve end-to-end speed up by 3× and 1.5× compared with Pytorch and vLLM"
        in (kernel["highlights"])
    )
    ongoing = next(entry for entry in en["work"] if entry["startDate"] == "2024-11")
    assert "endDate" not in ongoing  # still going on
    # The homepage variant keeps the publications' links (the CVs' variant leaves them out).
    (homepage,) = export(EXAMPLE, "en", tmp_path, variant="homepage")
    assert homepage.name == "profile.homepage.en.resume.json"
    homepage_en = json.loads(homepage.read_text(encoding="utf-8"))
    pubs = {pub["name"]: pub for pub in homepage_en["publications"]}
    reveal = pubs["Reveal: Robustness-Aware VNF Placement and Request Scheduling in Edge Clouds"]
    assert reveal["publisher"] == "Computer Networks (ComNet)" and reveal["releaseDate"] == "2023"
    assert reveal["summary"].startswith("**J. Fang**, G. Zhao")
    # The first link that works off the homepage: the relative pdf link cannot be a URI.
    assert reveal["url"] == "https://github.com/Fangjin98/reveal-src"
    assert [a["date"] for a in en["awards"] if a["title"].startswith("Doctoral")] == [
        "2022",
        "2023",
    ]
    assert {v["position"] for v in zh["volunteer"]} == {
        "高级计算机网络（COMP6103P）助教",
        "IEEE JSAC、IEEE TNET、ComNet 外审审稿人",
    }
    others = [p for p in en["projects"] if p["type"] == "other"]
    assert others[0]["name"].startswith("[DayDayUp](https://github.com/Fangjin98/daydayup)")


def test_round_trip_of_the_example(tmp_path):
    files = export(EXAMPLE, "en,zh", out_dir=tmp_path)
    imported = import_sources(files, tmp_path / "back.yaml", today=TODAY)
    assert imported.languages == ["en", "zh"]
    loaded = load_profile(imported.profile)
    report = coverage_report(loaded)
    assert "falls back" not in report, report
    original, back = load_profile(EXAMPLE).profile, loaded.profile
    assert back.name == {"en": "Jin Fang", "zh": "方缙"}
    assert back.owner_names == ["J. Fang", "方缙"]
    # Same text in both files: plain; different: a mapping; one file only: `only`.
    education = back.education[0]
    assert education.degree == {"en": "Ph.D.", "zh": "硕博连读"}
    assert education.field == {"en": "Computer Science", "zh": "计算机科学与技术"}
    assert str(education.start) and education.end.expected.year == 2026
    experience = {(e.start.year, e.start.month): e for e in back.experience}
    assert experience[(2024, 11)].only == ["en"] and experience[(2021, 2)].only == ["zh"]
    assert experience[(2024, 6)].only is None
    assert experience[(2024, 6)].organization == {"en": "Bytedance", "zh": "字节跳动"}
    assert back.awards[2].years == [2022, 2023]
    assert back.skills[0].items[0].name == "C/C++"
    for lang in ("en", "zh"):
        shown = [e for e in back.experience if e.only in (None, [lang])]
        assert len(shown) == len([e for e in original.experience if e.only in (None, [lang])])
    # It builds: the Chinese PDF, and both languages' web pages.
    build(imported.profile, languages="zh", out_dir=tmp_path / "out", formats=["pdf", "md", "html"])
    build(imported.profile, languages="en", out_dir=tmp_path / "out", formats=["md", "html"])
    text = normalized(pdf_text(tmp_path / "out" / "back.zh.pdf"))
    for pub in original.publications:
        if pub.only in (None, ["zh"]):
            assert normalized(str(pub.title)) in text
    assert (tmp_path / "out" / "back.en.md").exists()


def test_import_of_the_sample_resume_builds(tmp_path):
    imported = import_sources([SAMPLE], tmp_path / "sample.yaml", today=TODAY)
    assert imported.languages == ["en"]
    profile = load_profile(imported.profile).profile
    assert profile.name == "Richard Hendriks" and profile.headline == "Programmer"
    assert [c.type for c in profile.contacts] == [
        "email",
        "phone",
        "website",
        "location",
        "website",
        "website",
    ]
    assert profile.experience[0].organization == "Pied Piper"
    assert profile.experience[0].title == "CEO/President"  # its summary is a paragraph
    # Its description (of the company) and its summary: two paragraphs, none on the heading.
    description = profile.experience[0].description
    assert description.startswith("Awesome compression company")
    assert "\nPied Piper is a multi-platform" in description
    assert profile.experience[0].team is None
    assert profile.experience[1].title == "Miss Direction"  # a project
    # Volunteer work is a whole entry: its role, organization, summary and highlights.
    assert profile.volunteer[0].title == "Teacher"
    assert profile.volunteer[0].organization == "CoderDojo"
    assert profile.volunteer[0].description and profile.volunteer[0].bullets
    assert profile.awards[0].name == "Digital Compression Pioneer Award, Techcrunch"
    assert profile.others[0].text == "Wildlife"
    assert any("summary" in note for note in imported.notes)  # not an author list
    assert any("basics.image" not in note for note in imported.notes)
    results = build(imported.profile, out_dir=tmp_path / "out", formats=["pdf", "md", "html"])
    text = pdf_text(results[0].pdf)
    assert "Richard Hendriks" in text and "Pied Piper" in text


def _resume(language: str | None, **fields) -> dict:
    document = {"basics": {"name": fields.pop("name", "Mei Lin")}, **fields}
    if language:
        document["meta"] = {"language": language}
    return document


def _write(path: Path, document: dict) -> Path:
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def test_two_languages_become_one_profile(tmp_path):
    en = _write(
        tmp_path / "a.json",
        _resume(
            "en",
            work=[
                {
                    "name": "ByteDance",
                    "position": "Intern",
                    "startDate": "2024-06",
                    "highlights": ["Built kernels", "Sped up 3x"],
                },
                {
                    "name": "Huawei",
                    "position": "Intern",
                    "startDate": "2023-12",
                    "endDate": "2024-05",
                    "highlights": ["Placed workers"],
                },
            ],
            skills=[{"name": "Languages", "keywords": ["C++", "Python"]}],
        ),
    )
    zh = _write(
        tmp_path / "b.json",
        _resume(
            "zh",
            name="林梅",
            work=[
                {
                    "name": "字节跳动",
                    "position": "实习生",
                    "startDate": "2024-06",
                    "highlights": ["编写算子", "加速 3 倍"],
                },
                {
                    "name": "中科大",
                    "position": "研究助理",
                    "startDate": "2021-02",
                    "endDate": "2021-06",
                },
                {
                    "name": "华为",
                    "position": "实习生",
                    "startDate": "2023-12",
                    "endDate": "2024-05",
                    "highlights": ["调研", "部署算法"],
                },
            ],
            skills=[{"name": "编程语言", "keywords": ["C++", "Python"]}],
        ),
    )
    imported = import_sources([en, zh], tmp_path / "cv.yaml", today=TODAY)
    data = yaml.safe_load(imported.profile.read_text(encoding="utf-8"))
    assert data["languages"] == ["en", "zh"]
    assert data["name"] == {"en": "Mei Lin", "zh": "林梅"}
    work = data["experience"]
    assert [w.get("only") for w in work] == [None, ["zh"], None]
    assert work[0]["organization"] == {"en": "ByteDance", "zh": "字节跳动"}
    assert work[0]["end"] == "present"
    assert work[0]["bullets"] == [
        {"en": "Built kernels", "zh": "编写算子"},
        {"en": "Sped up 3x", "zh": "加速 3 倍"},
    ]
    # Different numbers of bullets: each language keeps its own.
    assert work[2]["bullets"] == [
        {"text": "Placed workers", "only": ["en"]},
        {"text": "调研", "only": ["zh"]},
        {"text": "部署算法", "only": ["zh"]},
    ]
    assert data["skills"] == [
        {"category": {"en": "Languages", "zh": "编程语言"}, "items": ["C++", "Python"]}
    ]
    assert "falls back" not in coverage_report(load_profile(imported.profile))


def test_a_summary_of_lines_keeps_its_paragraphs(tmp_path):
    # JSON Resume breaks paragraphs with one newline; a | block needs a blank line.
    summary = "I build networks.\nBefore that, compilers.\n\nAnd a third."
    resume = _write(tmp_path / "r.json", _resume("en", basics={"name": "A", "summary": summary}))
    imported = import_sources([resume], tmp_path / "cv.yaml", today=TODAY)
    assert "summary: |\n  I build networks.\n\n  Before that, compilers.\n\n  And a third.\n" in (
        imported.profile.read_text(encoding="utf-8")
    )
    build(imported.profile, out_dir=tmp_path / "out", formats=["md"])
    page = (tmp_path / "out" / "cv.en.md").read_text(encoding="utf-8")
    assert "\n\nI build networks.\n\nBefore that, compilers.\n\nAnd a third.\n" in page


def test_languages_from_the_flag_the_name_or_the_script(tmp_path):
    a = _write(tmp_path / "cv.en.json", _resume(None))
    b = _write(tmp_path / "resume-b.json", _resume(None, name="林梅"))
    imported = import_sources([a, b], tmp_path / "one.yaml", today=TODAY)
    assert imported.languages == ["en", "zh"]  # a's name, b's Chinese text
    imported = import_sources([a, b], tmp_path / "two.yaml", languages="zh,en", today=TODAY)
    assert imported.languages == ["zh", "en"]
    # Two files in one language: the second adds what the first lacks.
    imported = import_sources([a, a], tmp_path / "three.yaml", today=TODAY)
    assert imported.languages == ["en"]


def test_import_never_overwrites_without_force(tmp_path):
    source = _write(tmp_path / "mine.json", _resume("en"))
    target = tmp_path / "mine.yaml"
    target.write_text("# my profile\n", encoding="utf-8")
    with pytest.raises(InputError, match="never overwrites"):
        import_sources([source], target)
    assert target.read_text(encoding="utf-8") == "# my profile\n"
    import_sources([source], target, force=True)
    assert "Mei Lin" in target.read_text(encoding="utf-8")
    # The default name: beside the file, language and .resume dropped.
    other = _write(tmp_path / "cv.en.resume.json", _resume("en"))
    assert import_sources([other]).profile == tmp_path / "cv.yaml"


def test_bad_input_names_the_file_and_the_field(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"basics": {"name": "x",}}', encoding="utf-8")
    with pytest.raises(InputError, match=r"broken.json:1:\d+: not JSON"):
        import_sources([broken])
    listed = _write(tmp_path / "listed.json", ["not", "a", "resume"])
    with pytest.raises(InputError, match=r"listed.json: not a kind of file .* not one object"):
        import_sources([listed])
    nameless = _write(tmp_path / "nameless.json", {"basics": {}})
    with pytest.raises(InputError, match=r"basics\.name is missing"):
        import_sources([nameless])
    with pytest.raises(InputError, match="name one language for every source"):
        import_sources([SAMPLE, SAMPLE, SAMPLE], languages="en,zh")

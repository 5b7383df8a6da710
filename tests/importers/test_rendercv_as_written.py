"""RenderCV files as its users write them (tests/data/rendercv, made for these tests after
real files from v1.x to v2.8 in English, Spanish, Portuguese, German, Korean and Chinese):
every entry type with its optional fields missing or empty, dates in every form RenderCV
takes, design, locale and settings blocks of any version, keys RenderCV does not know,
section keys in Hangul and Han. No file ends in an internal error; every value is placed
or named with its line."""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings

from cvtex.errors import InputError
from cvtex.importers import import_sources, rendercv
from cvtex.importers.dates import read_range, years_in_words
from cvtex.importers.language import language_of_text
from cvtex.importers.reader import Context
from cvtex.importers.source import open_source

from ..building import build
from ..conftest import ROOT, line_in, markup_as_text, normalized, pdf_text
from .importing import imported_profile
from .mutations import mutated, written

DATA = ROOT / "tests" / "data" / "rendercv"
TODAY = dt.date(2026, 1, 15)


def imported(tmp_path: Path, name: str) -> tuple[list[str], dict]:
    source = tmp_path / name
    shutil.copy(DATA / name, source)
    profile, notes = imported_profile([source], tmp_path / "profile.yaml", today=TODAY)
    return notes, profile


def line_of(name: str, text: str, after: str = "") -> int:
    return line_in(DATA / name, text, after)


def shown(text: str) -> str:
    """A RenderCV text as the PDF shows it: without its markup, a link as its text."""
    return markup_as_text(re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text))


def noted(notes: list[str], name: str, field: str, line: int) -> bool:
    return any(f"{name}:{line}: {field}: " in note for note in notes)


@pytest.fixture
def as_written(tmp_path):
    return imported(tmp_path, "as-written.yaml")


def test_every_entry_type_with_its_optional_fields_missing(as_written):
    _, profile = as_written
    certificates, chile, online, tecnica = profile["education"]
    assert certificates == {  # area: ' ' and degree: ' ': no degree, no field
        "institution": "Certificates",
        "bullets": ["AWS Solutions Architect (2021)"],
    }
    assert "degree" not in chile and chile["field"] == "Computer Science"  # degree: null
    assert online == {"institution": "Online courses", "date": "2024-08"}  # no area
    assert tecnica["gpa"] == "6.8/7.0"
    faro, lumen, ondas = (e for e in profile["experience"] if e["tags"] == ["experience"])
    assert (faro["title"], faro["organization"]) == ("Staff Engineer", "Faro Systems")
    assert lumen["title"] == "Lumen Labs" and "organization" not in lumen  # no position
    assert (ondas["title"], ondas["organization"]) == ("Intern", "Ondas")
    bare, typo, marked = profile["publications"]
    assert bare == {"title": "Notes on Tail Calls"}  # no authors, journal or date
    assert typo["authors"] == ["Ada Quintero"] and typo["venue"] == "SLE 2022"  # author:
    assert marked["title"] == "Linear Scan for Everyone"  # *Title*: cvtex sets italics
    assert marked["authors"] == ["**Ada Quintero**", "Pablo Ríos"]  # ***owner***
    assert "links" not in marked  # doi: ""
    tinycc = next(e for e in profile["experience"] if e["title"] == "tinycc-wasm")
    assert tinycc["links"] == [{"type": "url", "url": "https://github.com/ada-q/tinycc-wasm"}]
    assert tinycc["description"] == "*A C compiler to WebAssembly, in the browser.*"
    skills = {group["category"]: group["items"] for group in profile["skills"]}
    assert skills == {
        "Languages": ["C++", "OCaml (Menhir, Dune)", "Rust"],
        "Tools": ["LLVM", "MLIR", "Cranelift"],  # 、 between items
    }
    assert profile["awards"] == [
        {"name": "Best Poster", "years": [2022, 2023]},
        {"name": "Google Summer of Code mentor"},
    ]
    by_tag = {}
    for entry in profile["others"]:
        by_tag.setdefault(entry["tags"][0], []).append(entry["text"])
    assert by_tag == {  # numbered and reversed numbered entries
        "talks": ["Tail calls in WebAssembly, WasmCon 2023", "Puzzle allocation, PLDI 2022 SRC"],
        "selected-reviews": ["PLDI 2024", "CGO 2023"],
    }
    assert profile["sections"]["teaching"] == {  # text entries, under the catalogs' heading
        "kind": "text",
        "text": "Teaching assistant, Compilers, Universidad de Chile (2016–2018)",
    }
    assert profile["experience"][0]["bullets"] == [
        "Rewrote the register allocator — [post](https://faro.example.com/blog/ra)"  # Typst
    ]


def test_dates_in_every_form_rendercv_takes(as_written):
    _, profile = as_written
    faro, lumen, ondas, tinycc, open_source_, club = profile["experience"]
    assert (faro["start"], faro["end"]) == ("2024-09-01", "present")  # a day
    assert (lumen["start"], lumen["end"]) == ("2021", "2024")  # date: 2021 – 2024
    assert (ondas["start"], ondas["end"]) == ("2019", "2020-03")  # a year as a number
    assert tinycc["date"] == "2023"  # date: Fall 2023, its year kept
    assert (open_source_["start"], open_source_["end"]) == ("2020", "present")  # 2020-present
    assert club["date"] == "2023"
    _, chile, online, tecnica = profile["education"]
    assert (chile["start"], chile["end"]) == ("2014-03", "present")  # end_date: null
    assert online["date"] == "2024-08"  # date: alone
    assert tecnica["end"] == {"expected": "2027-12"}  # an end still to come
    assert profile["publications"][2]["year"] == 2023  # date: Fall 2023
    assert read_range("2020-present", TODAY) == ("2020", "present")
    assert years_in_words("Summer 2022 – Spring 2024") == ("2022", "2024")
    assert years_in_words("ongoing since 2019") == ("2019", "present")


def test_free_text_dates_and_unknown_keys_are_named_with_their_lines(as_written):
    notes, _ = as_written
    name = "as-written.yaml"
    for field, line, says in (
        ("cv.sections.projects[0].date", line_of(name, "Fall 2023", "tinycc"), "kept as 2023"),
        ("cv.sections.publications[2].date", line_of(name, "date: Fall 2023", "Linear"), "2023"),
        ("cv.sections.experience[0].team", line_of(name, "team:"), "not imported"),
        ("cv.sections.projects[2].stars", line_of(name, "stars:"), "not imported"),
        ("cv.sections.publications[1].author", line_of(name, "author:"), "read as authors"),
        ("cv.birthday", line_of(name, "birthday:"), "not imported"),
        ("cv.photo", line_of(name, "photo:"), "add photo"),
        ("cv.cv", line_of(name, "  cv:"), "empty"),  # a stray empty cv: inside cv
        ("cv.sections.Selected_Honors", line_of(name, "Selected_Honors:"), "empty"),
        ("cv.sections.talks", line_of(name, "talks:"), "without their numbers"),
        ("notes", line_of(name, "notes:"), "not imported"),
    ):
        matching = [note for note in notes if f"{name}:{line}: {field}: " in note]
        assert matching and says in matching[0], (field, notes)


def test_design_locale_and_settings_each_key_named_once(as_written):
    notes, profile = as_written
    name = "as-written.yaml"
    assert profile["theme"] == "classic"  # engineeringclassic
    assert profile["design"] == {"paper": "letter", "accent": "#004F90"}
    for field, key in (
        ("design.page", "  page:"),
        ("design.colors", "  colors:"),
        ("design.typography", "  typography:"),
        ("design.templates", "  templates:"),
        ("locale.last_updated", "last_updated:"),
        ("locale.month_abbreviations", "month_abbreviations:"),
        ("settings", "settings:"),
    ):
        assert sum(f": {field}: " in note for note in notes) == 1, field
        assert noted(notes, name, field, line_of(name, key)), field
    settings_note = next(note for note in notes if ": settings: " in note)
    assert "current_date, render_command, bold_keywords" in settings_note
    assert not any("locale.language" in note for note in notes)  # english: placed


def test_cv_summary_is_placed_and_contacts_as_written(as_written):
    _, profile = as_written
    assert profile["summary"].splitlines() == [
        "Compiler engineer with eight years on code generators.",
        "",
        "I like small languages and big test suites.",
    ]
    assert next(iter(profile["sections"])) == "summary"  # the sections in the CV's order
    contacts = [(c["type"], c["value"], c.get("url")) for c in profile["contacts"]]
    assert contacts == [
        ("email", "ada@example.org", None),
        ("phone", "(+56) 9 5555 0100", None),  # tel:
        ("github", "ada-q", "https://github.com/ada-q"),  # username: github.com/ada-q
        ("linkedin", "ada-quintero", "https://linkedin.com/in/ada-quintero"),
        ("website", "X: ada_q", "https://x.com/ada_q"),
        ("website", "Blog", "https://blog.ada.example.org/"),  # custom_connections
        ("gitlab", "adaq", "https://gitlab.com/adaq"),
        ("location", "Valparaíso, Chile", None),
    ]  # website: null is no contact


def test_a_v1_file_with_locale_catalog_and_flat_design(tmp_path):
    notes, profile = imported(tmp_path, "v1.yaml")
    assert profile["contacts"][1] == {"type": "phone", "value": "(+1) 8055550123"}
    assert profile["sections"]["publications"] == {"title": "Selected Publications"}
    assert profile["sections"]["others"] == {"title": "Quick Guide"}
    assert profile["publications"][0]["title"] == "Sampling Ocean Sound Speed Profiles"
    assert profile["design"] == {"paper": "letter"}  # page_size: letterpaper
    for field, key in (
        ("locale_catalog.date_style", "date_style:"),
        ("locale_catalog.abbreviations_for_months", "abbreviations_for_months:"),
        ("design.font_size", "font_size:"),
        ("design.margins", "margins:"),
        ("rendercv_settings", "rendercv_settings:"),
    ):
        assert noted(notes, "v1.yaml", field, line_of("v1.yaml", key)), (field, notes)


def test_section_keys_in_hangul_keep_their_words_and_titles(tmp_path):
    read = rendercv.READER.read(open_source(DATA / "korean.yaml"), Context(TODAY))
    assert read.language == "ko"  # locale: ko
    assert language_of_text(read.data) == "ko"  # and its text says so too
    sections = read.data["sections"]
    assert list(sections) == ["education", "experience", "projects", "awards", "skills"]
    # 경력 is the ko catalog's own title for experience: none is written; 수상 경력 is not.
    assert sections["experience"] == {"kind": "experience", "select": ["experience"]}
    assert sections["awards"]["title"] == "수상 경력"
    assert read.data["awards"] == [{"name": "사내 아이디어 공모전 2위", "years": [2022]}]
    certificates = read.data["education"][1]
    assert set(certificates) == {"institution", "bullets"}
    project = next(e for e in read.data["experience"] if e["tags"] == ["projects"])
    assert project["title"] == "market-notes"
    languages = next(g for g in read.data["skills"] if g["category"] == "언어")
    assert languages["items"] == ["영어 (TOEIC 900, OPIc IH)", "일본어 (JLPT N2)"]
    notes, profile = imported(tmp_path, "korean.yaml")
    assert profile["languages"] == ["ko"]
    assert not any("has no cvtex" in note for note in notes)


def test_section_keys_in_chinese_and_a_summary_named_in_chinese(tmp_path):
    notes, profile = imported(tmp_path, "chinese.yaml")
    assert profile["languages"] == ["zh"]  # locale.language: mandarin_chinese
    assert profile["summary"] == "喜欢自托管服务与开源软件的本科生。"
    # 个人项目 names the projects, 比赛经历 the experience: each keeps its title.
    order = ["summary", "education", "skills", "projects", "experience", "awards"]
    assert list(profile["sections"]) == order
    assert "layout" not in profile  # it would only repeat the sections' order
    homelab, contest = profile["experience"]
    assert (homelab["start"], homelab["end"]) == ("2024", "present")  # 2024 – present
    assert contest["end"] == "2026"
    assert profile["contacts"][1:] == [
        {
            "type": "website",
            "value": "mingyuan.example.org",
            "url": "https://mingyuan.example.org/",
        },
        {"type": "github", "value": "mingyuan", "url": "https://github.com/mingyuan"},
    ]
    assert not any("locale" in note for note in notes)


@pytest.mark.parametrize(
    ("ident", "kind"),
    [
        ("awards", "awards"),  # Premios y reconocimientos: the first awards section
        ("prêmios", "awards"),  # Portuguese
        ("auszeichnungen", "awards"),  # German
        ("수상-경력", "awards"),  # Korean
        ("获奖情况", "awards"),  # Chinese
        ("skills", "skills"),  # Competências: bullets under a title that says skills
        ("kenntnisse", "skills"),
        ("publications", "publications"),  # Publicaciones
        ("projects", "experience"),  # Projetos
        ("habilidades", "skills"),
    ],
)
def test_section_titles_in_other_languages(tmp_path, ident, kind):
    _, profile = imported(tmp_path, "titles.yaml")
    section = profile["sections"][ident]
    assert section.get("kind", ident) == kind
    assert section["title"]  # the title as written


def test_a_spanish_file_with_a_stray_cv_key_and_empty_values(tmp_path):
    notes, profile = imported(tmp_path, "spanish.yaml")
    assert profile["summary"].startswith("**Desarrolladora Full Stack")  # resumen
    assert profile["sections"]["summary"] == {"title": "Resumen"}
    assert profile["sections"]["education"] == {"title": "Educaciòn"}
    assert profile["awards"] == [{"name": "Mejor proyecto final", "years": [2023]}]
    assert not any(contact["type"] == "phone" for contact in profile["contacts"])  # ""
    assert {"type": "linkedin", "value": "lucia-ferreyra"}.items() <= profile["contacts"][2].items()
    assert noted(notes, "spanish.yaml", "cv.cv", line_of("spanish.yaml", "  cv:"))
    assert noted(notes, "spanish.yaml", "locale.language", line_of("spanish.yaml", "language:"))


def test_every_employer_title_school_and_work_reaches_the_pdf(tmp_path):
    for name, language in (("as-written.yaml", "en"), ("chinese.yaml", "zh")):
        folder = tmp_path / language
        folder.mkdir()
        source = folder / name
        shutil.copy(DATA / name, source)
        result = import_sources([source], folder / "profile.yaml", today=TODAY)
        (built,) = build(result.profile, language, folder / "out")
        text = normalized(pdf_text(built.pdf))
        sections = yaml.safe_load(source.read_text(encoding="utf-8"))["cv"]["sections"]
        expected = [
            entry[key]
            for entries in sections.values()
            for entry in entries or []
            if isinstance(entry, dict)
            for key in ("company", "position", "institution", "title", "name")
            if isinstance(entry.get(key), str) and entry[key].strip()
        ]
        missing = [item for item in expected if normalized(shown(item)) not in text]
        assert not missing, (name, missing)


def test_every_corpus_like_file_imports(tmp_path):
    """Each fixture, in whichever language the door can write today, ends in a profile."""
    for name in ("as-written.yaml", "v1.yaml", "chinese.yaml", "spanish.yaml", "titles.yaml"):
        _, profile = imported(tmp_path, name)
        assert profile["name"]
        (tmp_path / "profile.yaml").unlink()


REAL_SHAPED = yaml.safe_load((DATA / "as-written.yaml").read_text(encoding="utf-8"))
EXAMPLES = int(os.environ.get("CVTEX_IMPORT_EXAMPLES", "120"))


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(written(mutated(REAL_SHAPED), forms=("yaml",)))
def test_a_mutated_rendercv_file_imports_or_says_why(file):
    _, content = file
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "cv.yaml"
        source.write_bytes(content)
        try:
            result = import_sources([source], Path(folder) / "p.yaml", today=TODAY)
        except InputError as error:
            assert error.message.strip()
            return
        assert result.profile.is_file()

"""`cvtex import` of a LinkedIn data export (tests/data/linkedin, made for these tests: a 2024
export zipped here from its folder, a 2018 and a 2016 one with the headers of their years,
and one with every oddity real exports have). Other people's data is never opened; every
value is placed or named with its file, line and column; a newer export adds only what is
new; the profile builds and shows every employer, title and school."""

from __future__ import annotations

import codecs
import datetime as dt
import random
import shutil
import tempfile
import zipfile
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cvtex.cli.main import main
from cvtex.errors import InputError
from cvtex.importers import import_sources
from cvtex.importers.identity import Index
from cvtex.importers.into import place_of
from cvtex.importers.linkedin.description import described, paragraphs
from cvtex.importers.linkedin.files import FILES
from cvtex.importers.reader import T
from cvtex.importers.source import Source
from cvtex.importers.write import yaml_text
from cvtex.profile.content import Certificate

from ..building import build
from ..conftest import ROOT, normalized, pdf_text
from .importing import imported_profile

DATA = ROOT / "tests" / "data" / "linkedin"
TODAY = dt.date(2026, 11, 25)
# The name in every file of other people's data in the fixtures: found anywhere in what an
# import writes or says, it would mean such a file was read.
MARKER = "Quartermaine"


def zipped(folder: Path, target: Path) -> Path:
    """The export as LinkedIn sends it: one .zip of the folder's files."""
    with zipfile.ZipFile(target, "w") as archive:
        for file in sorted(folder.rglob("*")):
            if file.is_file():
                archive.write(file, file.relative_to(folder).as_posix())
    return target


def imported(source: Path, tmp_path: Path, name: str = "profile.yaml") -> tuple[dict, list[str]]:
    return imported_profile([source], tmp_path / name, today=TODAY)


@pytest.fixture
def export_2024(tmp_path):
    return zipped(DATA / "export-2024", tmp_path / "Basic_LinkedInDataExport_11-25-2026.zip")


def by_tag(entries: list[dict], tag: str) -> list[dict]:
    return [entry for entry in entries if tag in entry.get("tags", [])]


def test_a_2024_zip_fills_every_list_of_the_profile(export_2024, tmp_path):
    data, _ = imported(export_2024, tmp_path)
    assert data["name"] == "Lucía Ferreira Holm"
    assert data["headline"] == "Staff Data Engineer | Streaming Systems"
    assert data["summary"].startswith("I build data platforms that people can trust")
    assert "\n\nCurrently I lead" in data["summary"]  # the two spaces of a line break
    contacts = [(c["type"], c["value"]) for c in data["contacts"]]
    assert contacts == [
        ("email", "lucia@example.org"),  # the primary one
        ("phone", "+351 912 345 678"),  # with its country code
        ("location", "Lisbon, Portugal"),
        ("website", "lucia.example.org"),
        ("github", "luciafh"),
        ("website", "x.com/luciafh"),
    ]
    positions = by_tag(data["experience"], "experience")
    assert [(p["title"], p["organization"]) for p in positions] == [
        ("Staff Data Engineer", "Northwind Analytics"),
        ("Senior Data Engineer", "Contoso Robotics"),
        ("Data Engineer", "Fabrikam R&D"),  # R&amp;D
    ]
    first = positions[0]
    assert (first["start"], first["end"]) == ("2022-03", "present")
    assert first["description"] == "Leads the streaming platform team of six engineers."
    assert first["bullets"] == [
        "Cut the latency of the order pipeline from minutes to seconds.",
        "Mentored four engineers, two of them now team leads.",
    ]
    assert positions[1]["bullets"] == [
        "Designed the Kafka topology and its schema registry.",
        "Replaced nightly batch jobs with incremental Flink jobs.",
    ]
    [project] = by_tag(data["experience"], "projects")
    assert project["title"] == "Open-source CDC connector"
    assert project["links"] == [{"type": "url", "url": "https://github.com/luciafh/cdc-connector"}]
    [membership] = by_tag(data["experience"], "memberships")
    assert (membership["title"], membership["organization"]) == (
        "Member",
        "Association for Computing Machinery",
    )
    master = data["education"][0]
    assert master["institution"] == "Universidade de Lisboa"
    assert master["degree"] == "Master of Science - MS, Computer Science"
    assert master["description"] == "Thesis: incremental view maintenance for stream joins"
    assert master["bullets"] == ["Teaching assistant for Databases"]
    kafka, aws = data["certificates"]
    assert kafka == {
        "name": "Confluent Certified Developer for Apache Kafka",
        "issuer": "Confluent",
        "start": "2021-06",
        "end": "2023-06",  # expired: valid from and until
        "links": [{"type": "url", "url": "https://www.credential.net/ccdak-4421"}],
        "number": "CCDAK-4421",
    }
    assert aws["date"] == "2022-11" and "end" not in aws  # no expiry is no end
    [paper] = data["publications"]
    assert (paper["venue"], paper["year"]) == ("Proceedings of the Stream Systems Workshop", 2023)
    [patent] = data["patents"]
    assert patent["number"] == "PT 123456" and patent["year"] == 2021
    assert patent["inventors"] == ["Lucía Ferreira Holm", "Tomás Reis"]
    assert data["awards"] == [
        {
            "name": "Best Student Paper Award",
            "years": [2016],
            "description": "For the master's thesis on incremental joins.",
        }
    ]
    assert [o["text"] for o in by_tag(data["others"], "courses")] == [
        "Distributed Systems (CS-4410)",
        "Stream Processing",
    ]
    [toefl] = by_tag(data["others"], "test_scores")
    assert (toefl["text"], toefl["date"]) == ("TOEFL iBT: 112/120", "2015-10")
    [volunteer] = data["volunteer"]
    assert (volunteer["title"], volunteer["organization"]) == ("Python Mentor", "Code for Lisbon")
    assert data["skills"] == [
        {
            "category": "Skills",  # the catalog's title, in the language of the export
            "items": ["Apache Kafka", "Python", "SQL", "Apache Flink", "Data Modeling"],
        }
    ]
    assert data["spoken_languages"][0] == {
        "language": "Portuguese",
        "level": "Native or bilingual proficiency",
    }


def test_sections_in_linkedins_order_each_selecting_its_entries(export_2024, tmp_path):
    data, _ = imported(export_2024, tmp_path)
    assert list(data["sections"]) == [
        "summary",
        "experience",
        "education",
        "certificates",
        "projects",
        "volunteer",
        "skills",
        "publications",
        "patents",
        "courses",
        "awards",
        "test_scores",
        "languages",
        "memberships",
    ]
    sections = data["sections"]
    assert sections["experience"] == {"select": ["experience"]}
    assert sections["projects"] == {"kind": "experience", "select": ["projects"]}
    assert sections["memberships"] == {"kind": "experience", "select": ["memberships"]}
    assert sections["courses"] == {"kind": "others", "select": ["courses"]}
    assert sections["test_scores"] == {"kind": "others", "select": ["test_scores"]}


def test_other_peoples_files_are_never_opened_and_one_note_says_so(
    export_2024, tmp_path, monkeypatch
):
    opened: list[str] = []
    read = Source._read

    def spy(source: Source, name: str) -> bytes:
        opened.append(name)
        return read(source, name)

    monkeypatch.setattr(Source, "_read", spy)
    result = CliRunner().invoke(main, ["import", str(export_2024), "-o", str(tmp_path / "p.yaml")])
    assert result.exit_code == 0, result.output
    profile_files = {name.casefold() for spec in FILES.values() for name in spec.names}
    assert opened and all(Path(name).name.casefold() in profile_files for name in opened)
    assert MARKER not in result.output
    assert MARKER not in (tmp_path / "p.yaml").read_text(encoding="utf-8")
    [note] = [line for line in result.output.splitlines() if "not opened" in line]
    for name in ("Connections.csv", "messages.csv", "Invitations.csv", "Ad_Targeting.csv"):
        assert name in note
    assert "other people's data" in note
    assert "Jobs/Saved Jobs.csv" in note  # a file in a folder of the export


def test_every_value_not_placed_is_named_with_its_file_line_and_column(export_2024, tmp_path):
    _, notes = imported(export_2024, tmp_path)
    zip_name = export_2024.name
    expected = [
        f"{zip_name}/Profile.csv:2: Birth Date: not imported",
        f"{zip_name}/Profile.csv:2: Zip Code: not imported",
        f"{zip_name}/Profile.csv:2: Industry: not imported",
        f"{zip_name}/Publications.csv:2: Description: not imported",
        f"{zip_name}/Patents.csv:2: Issuer: not imported",
        f"{zip_name}/Volunteering.csv:2: Cause: not imported",
        f"{zip_name}/Email Addresses.csv:2: Email Address: not imported",
        f"{zip_name}/PhoneNumbers.csv:4: Number: not imported: the same number",
    ]
    for start in expected:
        assert any(start in note for note in notes), f"no note {start!r} in {notes}"
    # Bookkeeping columns (Updated On, Type) and the columns a value was taken from are not.
    assert not any("Updated On" in note or ": Type:" in note for note in notes)


def test_the_2018_export_and_its_headers(tmp_path):
    data, notes = imported(DATA / "export-2018", tmp_path)
    assert data["name"] == "Arjun Mehta"
    [award] = data["awards"]  # Title,Description,Issuer,Issue Date
    assert award["name"] == "City Hackathon Winner, Pune Innovation Council,City of Pune"
    assert award["years"] == [2018]
    [project] = by_tag(data["experience"], "projects")  # Start Date and End Date
    assert (project["start"], project["end"]) == ("2018-03", "2018-04")
    positions = by_tag(data["experience"], "experience")
    assert positions[0]["organization"] == "Tessellate Labs"  # its trailing space gone
    contacts = [(c["type"], c["value"]) for c in data["contacts"]]
    assert ("phone", "9871234560") in contacts  # Phone Numbers.csv, with a space
    assert ("location", "Pune, India") in contacts  # Geo Location and Country
    assert ("website", "arjun.example.in") in contacts
    assert ("website", "codeberg.example.org/arjun") in contacts
    assert ("website", "x.com/arjunmehta") in contacts
    assert any("Instant Messengers: not imported" in note for note in notes)
    [note] = [note for note in notes if "not opened" in note]
    # The UTF-16 account history and a file in a folder are named, not read.
    assert "Account Status History.csv" in note and "Jobs/Job Seeker Preferences.csv" in note
    assert not any(MARKER in note for note in notes)


def test_the_2016_export_and_its_headers(tmp_path):
    data, notes = imported(DATA / "export-2016", tmp_path)
    assert data["name"] == "Benedikt Kowalczyk"
    positions = data["experience"]
    # Company Name,Description,Location,Start Date,End Date,Title; dates as 9/2003; the
    # export's own order is none, the profile's the latest first.
    assert [(p["organization"], p.get("start")) for p in positions[:4]] == [
        ("Quillwork", "2016-09"),
        ("Quillwork", "2012-04"),
        ("Citrine Systems", "2006-07"),
        ("Riverside Community College", "2003-09"),
    ]
    assert positions[0]["title"] == "Director, Documentation"
    assert positions[0]["end"] == "present"
    assert (positions[3]["start"], positions[3]["end"]) == ("2003-09", "2006-06")
    lakehead = data["education"][0]  # School Name,Location,Start Date,End Date,Major,...
    assert (lakehead["degree"], lakehead["field"], lakehead["location"]) == (
        "B.A.",
        "Linguistics",
        "Lakehead, Oregon",
    )
    assert lakehead["bullets"] == ["Debate society"]
    assert [p["year"] for p in data["publications"]] == [2013, 2016]  # Date as 2/2013
    assert not any("Created Date" in note for note in notes)  # the account's, not the CV's


def test_every_oddity_of_real_exports(tmp_path):
    data, notes = imported(DATA / "oddities", tmp_path)
    at = str(DATA / "oddities")
    assert data["name"] == "Wen Okafor"  # UTF-8 with a byte-order mark, CRLF, trailing spaces
    assert data["headline"] == "Research Engineer at Acme R&D"
    sites = [(c["type"], c["value"]) for c in data["contacts"] if c["type"] != "location"]
    assert sites == [
        ("email", "wen@example.com"),  # none primary: the confirmed one
        ("phone", "+1 415 555 0100"),
        ("website", "wen.example.com"),  # PORTFOLIO:a, PORTFOLIO:b, [BLOG:...]
        ("gitlab", "wenokafor"),
        ("website", "x.com/wen_okafor"),
    ]
    acme, globex, hooli, initech, umbrella = data["experience"]
    # A quoted field over three lines, its bullets written as •; R&amp;D and &quot;.
    assert acme["organization"] == "Acme R&D"
    assert acme["bullets"] == [
        'Wrote the "latency lab" harness.',
        "Cut the test suite's time by half.",
    ]
    assert (acme["start"], acme["end"]) == ("2023-11-12", "present")  # Nov 12 2023, empty end
    # Two spaces for a line break, bullets as a dash and a tab, a tab alone.
    assert (
        globex["description"].rstrip()
        == "Built churn models for the retail team.\n\nKey responsibilities:"
    )
    assert globex["bullets"] == [
        "Modelled churn with gradient boosting.",
        "Presented results to the board.",
        "Ran weekly reviews.",
    ]
    assert (globex["start"], globex["end"]) == ("2019-03", "2023-11-12")  # Mar 2019, Nov 12, 2023
    assert (initech["start"], initech["end"]) == ("2018", "present")  # 2019, "Present"
    assert (umbrella["start"], umbrella["end"]) == ("2004-08", "2007-05")  # 8/2004
    assert umbrella["title"] == "Umbrella Labs"  # no title: the company heads the entry
    assert hooli == {"title": "Software Engineer", "organization": "Hooli", "date": "2018-09"}
    # UTF-16 with its mark, tab-separated; Windows-1252; a skill listed twice.
    assert [lang["language"] for lang in data["spoken_languages"]] == ["Français", "English"]
    assert data["skills"][0]["items"] == [
        "Statistics",
        "Python",
        "Análisis de datos",
        "R&D management",
    ]
    stanford, exchange = data["education"]
    assert stanford["description"] == 'Thesis: "Robust timing".'
    assert stanford["bullets"] == ["Dean's list", "Teaching assistant", "Track team", "Chess club"]
    assert exchange == {"institution": "Exchange semester", "start": "2008", "end": "2010"}
    assert "links" not in data["certificates"][0]  # javascript: is no web address
    for start in [
        f"{at}/Positions.csv:10: Started On: not imported: 'Juil 2018' is not a date",
        f"{at}/Positions.csv:10: not imported: 'stray value' is under no column's name",
        f"{at}/Positions.csv:9: Title: empty: the company is the entry's heading",
        f"{at}/Skills.csv: not UTF-8: read as Windows-1252",
        f"{at}/Skills.csv:4: Name: listed before",
        f"{at}/Education.csv:4: left out: an education needs a school",
        f"{at}/Certifications.csv:2: Url: not imported: 'javascript:alert(1)'",
        f"{at}/Profile.csv:2: Websites: not imported: 'javascript:alert(1)'",
        f"{at}/PhoneNumbers.csv:3: Extension: not imported",
        f"{at}/Volunteer Experiences.csv:2: Cause: not imported",
    ]:
        assert any(note.startswith(start) for note in notes), f"no note {start!r} in {notes}"


def test_a_chinese_export_is_a_chinese_profile_and_builds(tmp_path):
    data, _ = imported(DATA / "export-zh", tmp_path)
    assert data["languages"] == ["zh"]
    assert data["name"] == "王小明"  # Last Name 王, First Name 小明: the family name first
    assert data["summary"].rstrip() == (
        "十年分布式存储经验，负责过日均万亿次请求的对象存储系统。\n\n目前在杭州带领存储内核团队。"
    )
    assert data["skills"][0]["category"] == "专业技能"  # the Chinese catalog's title
    assert data["awards"][0]["name"] == "优秀员工，阿里云"  # joined as Chinese joins them
    assert data["experience"][0]["start"] == "2020-03"  # 2020年3月
    assert data["experience"][0]["bullets"] == [
        "将元数据查询延迟降低百分之六十。",
        "设计了跨地域复制方案。",
    ]
    [built] = build(tmp_path / "profile.yaml", "zh", tmp_path / "out")
    text = normalized(pdf_text(built.pdf))
    for item in ("王小明", "阿里云", "网易", "高级软件工程师", "浙江大学", "专业技能", "优秀员工"):
        assert normalized(item) in text, item


@pytest.mark.parametrize(
    ("text", "description", "bullets"),
    [
        ("One paragraph.", "One paragraph.", []),
        ("First.  Second.", "First.\n\nSecond.", []),
        ("Java EE,  Oracle MySQL.", "Java EE, Oracle MySQL.", []),  # two spaces, no break
        ("Did:  • a • b", "Did:", ["a", "b"]),
        ("Did:\n- a\n- b", "Did:", ["a", "b"]),
        ("Did:  -\ta -\tb", "Did:", ["a", "b"]),
        ("Did:\ta\tb", "Did:", ["a", "b"]),
        ("Key:  - One: x. - Two: y", "Key:", ["One: x.", "Two: y"]),
        ("● a ● b.  After them.", None, ["a", "b.", "After them."]),
        ("Paris - France, 2019 - 2020", "Paris - France, 2019 - 2020", []),
    ],
)
def test_a_description_becomes_paragraphs_and_bullets(text, description, bullets):
    assert described(text) == (description, bullets)


def test_a_text_of_paragraphs_keeps_its_bullets_as_paragraphs():
    assert paragraphs("I like:  • a • b") == "I like:\n\n• a\n\n• b"


def test_one_file_of_an_export_adds_to_a_profile(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text("languages: [en]\nname: Benedikt Kowalczyk\n", encoding="utf-8")
    positions = tmp_path / "Positions.csv"
    shutil.copy(DATA / "export-2016" / "Positions.csv", positions)
    result = import_sources([positions], into=profile, today=TODAY)
    assert len(result.added) == 4
    data = yaml.safe_load(profile.read_text(encoding="utf-8"))
    assert data["name"] == "Benedikt Kowalczyk"
    assert len(data["experience"]) == 4


def test_a_newer_export_adds_only_its_new_position_and_again_nothing(tmp_path):
    # The older export: a year ago, before the move to Northwind; Contoso was current then.
    older = tmp_path / "older"
    shutil.copytree(DATA / "export-2024", older)
    positions = (older / "Positions.csv").read_text(encoding="utf-8").splitlines()
    contoso = positions[2].replace("Jan 2019,Feb 2022", "Jan 2019,")
    (older / "Positions.csv").write_text(
        "\n".join([positions[0], contoso, positions[3]]) + "\n", encoding="utf-8"
    )
    profile = tmp_path / "cv.yaml"
    import_sources([zipped(older, tmp_path / "older.zip")], profile, today=TODAY)
    newer = zipped(DATA / "export-2024", tmp_path / "newer.zip")
    first = import_sources([newer], into=profile, today=TODAY)
    assert first.added == ["experience: Staff Data Engineer, Northwind Analytics, 2022-03"]
    written = profile.read_bytes()
    data = yaml.safe_load(written)
    contoso_entry = next(
        e for e in data["experience"] if e.get("organization") == "Contoso Robotics"
    )
    assert contoso_entry["end"] == "present"  # what the profile said is kept
    # The new position heads the positions, as the latest does in a CV (not after them all).
    assert data["experience"][0]["organization"] == "Northwind Analytics"
    second = import_sources([newer], into=profile, today=TODAY)
    assert second.added == [] and not second.written
    assert profile.read_bytes() == written


@pytest.mark.parametrize(
    ("starts", "new", "place"),
    [
        (["2019", "2016"], "2022", 0),  # the latest first: before the first older one
        (["2019", "2016"], "2017", 1),
        (["2019", "2016"], "2010", 2),
        (["2016", "2019"], "2022", 2),  # the earliest first, as the list is written
        (["2016", "2019"], "2017", 1),
        (["2016", "2019"], "2010", 0),
        ([], "2022", 0),
        (["2019", None], None, 2),  # no date: after the entries of its section
    ],
)
def test_an_added_entry_goes_where_its_date_puts_it(starts, new, place):
    entries = [{"title": "x", **({"start": start} if start else {})} for start in starts]
    assert place_of(entries, {"title": "new", **({"start": new} if new else {})}) == place


def test_an_added_entry_stays_among_the_entries_of_its_section():
    entries = [
        {"title": "a", "start": "2019", "tags": ["experience"]},
        {"title": "b", "start": "2023", "tags": ["projects"]},
    ]
    assert place_of(entries, {"title": "c", "start": "2022", "tags": ["experience"]}) == 0
    assert place_of(entries, {"title": "d", "start": "2024", "tags": ["projects"]}) == 1
    assert place_of(entries, {"title": "e", "start": "2020", "tags": ["talks"]}) == 2


def test_a_certificate_given_again_in_another_year_is_another_one():
    def cert(number: str | None, date: str) -> Certificate:
        return Certificate(
            name="Weekly Coding Challenge", issuer="CodeCamp Academy", number=number, date=date
        )

    have = Index("certificates", [cert("WCC-2023-0042", "2023")])
    assert have.find(cert("WCC-2023-0042", "2023")) is not None
    assert have.find(cert("WCC-2022-0917", "2022")) is None
    assert have.find(cert(None, "2022")) is None
    assert have.find(cert(None, "2023-05")) is not None


def test_the_imported_export_builds_and_shows_every_employer_title_and_school(
    export_2024, tmp_path
):
    profile = import_sources([export_2024], tmp_path / "cv.yaml", today=TODAY).profile
    data = yaml.safe_load(profile.read_text(encoding="utf-8"))
    [built] = build(profile, "en", tmp_path / "out")
    text = normalized(pdf_text(built.pdf))
    wanted = [data["name"]]
    for entry in data["experience"] + data["volunteer"]:
        wanted += [entry["title"], entry.get("organization", "")]
    for entry in data["education"]:
        wanted += [entry["institution"], entry.get("degree", "")]
    wanted += ["Test Scores", "TOEFL iBT", "Courses", "Distributed Systems", "Memberships"]
    missing = [item for item in wanted if item and normalized(item) not in text]
    assert not missing, missing


def test_emoji_and_cjk_are_written_as_themselves():
    # The fast emitter escapes characters beyond the BMP: such a profile takes the other.
    text = yaml_text({"headline": T("🚀 IT Student"), "summary": T("第一段。\n\n🎓 B.Tech")})
    assert "🚀 IT Student" in text and "🎓 B.Tech" in text and "第一段" in text
    assert "\\U" not in text


# Mutations of a real-shaped export, as spreadsheets, editors and damaged downloads make them.
def _mutated(data: bytes, rng: random.Random, how: str) -> bytes:
    text = data.decode("utf-8", errors="replace")
    lines = text.split("\n")
    if how == "utf16":
        return codecs.BOM_UTF16_LE + text.replace(",", "\t").encode("utf-16-le")
    if how == "cp1252":
        return text.encode("cp1252", errors="replace")
    if how == "garbage":
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if how == "truncate":
        return data[: rng.randrange(len(data) + 1)]
    if how == "crlf":
        return text.replace("\n", "\r\n").encode()
    if how == "no_header":
        return "\n".join(lines[1:]).encode()
    if how == "empty_rows":
        return "\n".join(line + "\n,,,," * rng.randrange(3) for line in lines).encode()
    if how == "duplicate_rows":
        return "\n".join(line for line in lines for _ in range(rng.randrange(1, 3))).encode()
    if how == "quotes":
        spot = rng.randrange(len(text) + 1)
        return (text[:spot] + '"' + text[spot:]).encode()
    if how == "nul":
        return data.replace(b",", b"\x00,", 2)
    if how == "dates":
        for word in ("2019", "Mar 2022", "Jan 2019", "2014", "Oct 2016", "Jun 2021"):
            text = text.replace(word, rng.choice(["13/2019", "Juil 2018", "0", "present", ""]))
        return text.encode()
    if how == "retype":
        cells = text.split(",")
        for _ in range(3):
            cells[rng.randrange(len(cells))] = rng.choice(["", "[]", "{", "&amp;", "9" * 40])
        return ",".join(cells).encode()
    if how == "swap_columns":
        header, *rest = lines
        names = header.split(",")
        rng.shuffle(names)
        return "\n".join([",".join(names), *rest]).encode()
    return data  # "none"


_HOWS = [
    "none", "utf16", "cp1252", "garbage", "truncate", "crlf", "no_header", "empty_rows",
    "duplicate_rows", "quotes", "nul", "dates", "retype", "swap_columns", "drop",
]  # fmt: skip
_FILES = sorted(path.name for path in (DATA / "export-2024").glob("*.csv"))


@settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    st.lists(st.tuples(st.sampled_from(_FILES), st.sampled_from(_HOWS)), max_size=6),
    st.integers(0, 2**32),
    st.booleans(),
)
def test_a_mutated_export_imports_or_says_why_never_a_traceback(mutations, seed, as_zip):
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        export = work / "export"
        shutil.copytree(DATA / "export-2024", export)
        for name, how in mutations:
            file = export / name
            if not file.exists():
                continue
            if how == "drop":
                file.unlink()
            else:
                file.write_bytes(_mutated(file.read_bytes(), rng, how))
        source = zipped(export, work / "export.zip") if as_zip else export
        try:
            result = import_sources([source], work / "cv.yaml", today=TODAY)
        except InputError as error:
            assert error.message.strip()
            return
        data = yaml.safe_load(result.profile.read_text(encoding="utf-8"))
        assert data["name"]
        assert all(note.strip() for note in result.notes)

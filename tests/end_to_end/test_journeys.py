"""Three applicants' paths through cvtex, from the files they have to what they send (issue
43: a real applicant's path loses nothing).

Each path runs once, with the command line, on files written as the real tools write them
(tests/data/journeys/README.md): imports, validate, builds in two themes, a translation, a
letter with its packet, and `cvtex check`. Then every employer, school, position, degree,
work and author list the sources give must be in each PDF that shows its kind, in that
language's form, or be named in a note the commands printed; the publications are in date
order; no TeX shows on a page; each language whose CV shows another's text says how many;
the packet holds the letter and the CV.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result

from cvtex.cli.main import main

from ..conftest import ROOT, normalized, pdf_text

DATA = ROOT / "tests" / "data" / "journeys"
THEMES = ("classic", "modern")


@dataclass(frozen=True)
class Given:
    """A value a source file gives, and what each language's CV shows for it."""

    kind: str  # name, employer, position, school, degree, work, talk
    text: str
    source: str
    shown: Mapping[str, str] = field(default_factory=dict)  # language: its text there
    languages: tuple[str, ...] = ()  # only the CVs in these languages (all when empty)

    def in_language(self, language: str) -> str:
        return self.shown.get(language, self.text)


@dataclass(frozen=True)
class Work:
    """A publication as a reader sees it: its title, its authors in order, its year, and
    the title it has in another language."""

    title: str
    year: int
    authors: tuple[str, ...] = ()
    translated: str = ""


@dataclass
class Journey:
    folder: Path
    profile: Path
    languages: tuple[str, ...]
    said: list[str] = field(default_factory=list)  # all the commands printed, in order
    builds: list[str] = field(default_factory=list)  # what each build printed
    pdfs: dict[tuple[str, str], Path] = field(default_factory=dict)  # (theme, language)
    letters: dict[str, Path] = field(default_factory=dict)
    packets: dict[str, Path] = field(default_factory=dict)
    check: Result | None = None

    def run(self, *args: object, must_succeed: bool = True) -> Result:
        result = CliRunner().invoke(main, [str(arg) for arg in args])
        self.said.append(result.output)
        if must_succeed:
            # A step that fails ends the path: nothing after it could be tried.
            assert result.exit_code == 0, (args, result.output, result.exception)
        return result

    def build(self, *options: object) -> str:
        output = self.run("build", self.profile, *options).output
        self.builds.append(output)
        return output

    def notes(self) -> list[str]:
        """The lines of notes and warnings that say a value is not shown or not kept.

        Lines that list what an import added, or which texts look untranslated, name values
        that are kept: they do not excuse a value missing from the page.
        """
        losing = ("not imported", "left out", "not shown", "shows no", "no cv", "does not show")
        return [
            line
            for output in self.said
            for line in output.splitlines()
            if line.startswith(("note:", "warning:")) and any(w in line.lower() for w in losing)
        ]


def folded(text: str) -> str:
    """Text compared across extraction (conftest.normalized) and case: a title imported
    from two databases keeps one of their capitalizations."""
    return normalized(text).casefold()


def named_in(notes: Iterable[str], text: str) -> bool:
    # Notes shorten long titles with "...": the start of a text names it.
    start = folded(text)[:30]
    return any(start in folded(note) for note in notes)


def lost(journey: Journey, given: Iterable[Given]) -> list[str]:
    """Each given value that a built PDF of its languages lacks and no note names."""
    notes = journey.notes()
    missing = []
    for (theme, language), pdf in journey.pdfs.items():
        page = folded(pdf_text(pdf))
        for item in given:
            if item.languages and language not in item.languages:
                continue
            text = item.in_language(language)
            if folded(text) not in page and not named_in(notes, text):
                missing.append(f"{theme} {language}: {item.kind} {text!r} ({item.source})")
    return missing


def author_list(authors: Iterable[str]) -> re.Pattern[str]:
    """The authors in their order, each as "Given Family", "G. Family" or "Family, Given",
    with only a list's separators between them."""
    names = []
    for author in authors:
        given, family = author.rsplit(" ", 1)
        forms = [given + family, f"{given[0]}.{family}", f"{family},{given}"]
        names.append("(?:" + "|".join(re.escape(folded(form)) for form in forms) + ")")
    return re.compile("(?:,|;|&|and|,and)".join(names))


def lost_authors(journey: Journey, works: Iterable[Work]) -> list[str]:
    missing = []
    for (theme, language), pdf in journey.pdfs.items():
        page = folded(pdf_text(pdf))
        for work in works:
            if work.authors and not author_list(work.authors).search(page):
                missing.append(f"{theme} {language}: {', '.join(work.authors)} ({work.title})")
    return missing


def out_of_order(journey: Journey, works: Iterable[Work]) -> list[str]:
    """Each PDF whose publications are not all there, newest first, with the order it shows
    (a work found by the title it has in that CV's language, or its own)."""
    wrong = []
    for (theme, language), pdf in journey.pdfs.items():
        page = folded(pdf_text(pdf))
        placed = []
        for work in works:
            titles = [title for title in (work.translated, work.title) if title]
            at = next((at for title in titles if (at := page.find(folded(title))) >= 0), -1)
            placed.append((at, work.year, work.title))
        shown = [f"{year} {title[:30]}" for at, year, title in sorted(placed) if at >= 0]
        years = [year for at, year, _ in sorted(placed) if at >= 0]
        if len(years) < len(placed) or years != sorted(years, reverse=True):
            wrong.append(f"{theme} {language}: {shown} of {len(placed)}")
    return wrong


TEX = re.compile(r"\$|\\[A-Za-z]+|[{}]")


def tex_on_pages(pdfs: Iterable[Path]) -> dict[str, list[str]]:
    """TeX that reached a page: math shifts, commands, BibTeX's protecting braces."""
    found = {pdf.name: TEX.findall(pdf_text(pdf)) for pdf in pdfs}
    return {name: marks for name, marks in found.items() if marks}


def reports_how_many(output: str, language: str) -> bool:
    """Whether a build's output says how many texts of a language's CV fall back to another
    language or look untranslated, naming the language on that line."""
    line = rf"(?m)^.*(?<![\w-]){re.escape(language)}(?![\w-]).*\b\d+\b.*(fall back|untranslated)"
    return re.search(line, output) is not None


def page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    return int(re.search(r"^Pages:\s+(\d+)", info.stdout, re.M)[1])


def holds_letter_and_cv(packet: Path, letter: Path, cv: Path) -> list[str]:
    problems = []
    if not packet.exists():
        return [f"{packet.name}: not written"]
    if page_count(packet) != page_count(letter) + page_count(cv):
        problems.append(f"{packet.name}: {page_count(packet)} pages")
    if normalized(pdf_text(packet)) != normalized(pdf_text(letter) + pdf_text(cv)):
        problems.append(f"{packet.name}: not the letter's text, then the CV's")
    return problems


def enclosures_line(letter: Path, opening: str) -> str:
    return next(line for line in pdf_text(letter).splitlines() if line.startswith(opening))


def add_languages(profile: Path, written: str, wanted: str) -> None:
    """The profile's author makes a second language one of the CV's, as docs/languages.md
    says: the import wrote the sources' language alone."""
    text = profile.read_text(encoding="utf-8")
    assert f"\nlanguages: {written}\n" in text, text[:400]
    profile.write_text(text.replace(f"\nlanguages: {written}\n", f"\nlanguages: {wanted}\n"))


def build_in_both_themes(journey: Journey) -> None:
    """Each theme into its own folder; the classic one in out/, where the packet and the
    check find the CV."""
    for theme in THEMES:
        out = journey.folder / ("out" if theme == "classic" else f"out-{theme}")
        journey.build("--theme", theme, "--out", out)
        for language in journey.languages:
            journey.pdfs[theme, language] = out / f"{journey.profile.stem}.{language}.pdf"


def write_letter(journey: Journey, name: str, fill: Mapping[str, object]) -> Path:
    """`cvtex letter new`, then the applicant's own texts in the starter's keys."""
    letter = journey.folder / name
    journey.run("letter", "new", letter, "--profile", journey.profile)
    starter = yaml.safe_load(letter.read_text(encoding="utf-8"))
    assert starter["profile"] and "body" in starter and "recipient" in starter
    letter.write_text(yaml.safe_dump({**starter, **fill}, allow_unicode=True), encoding="utf-8")
    return letter


def send_letter(journey: Journey, letter: Path, languages: Iterable[str]) -> None:
    journey.run("build", letter, "--with-cv")
    out = journey.folder / "out"
    for language in languages:
        journey.letters[language] = out / f"{letter.stem}.{language}.pdf"
        journey.packets[language] = out / f"{letter.stem}.packet.{language}.pdf"


def copy_sources(person: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp(person)
    shutil.copytree(DATA / person, folder / "sources")
    return folder


# --- What the sources give, read from them as their readers would -------------------------


def linkedin(folder: Path) -> list[Given]:
    def rows(name: str) -> list[dict[str, str]]:
        with open(folder / name, encoding="utf-8", newline="") as file:
            return list(csv.DictReader(file))

    (profile,) = rows("Profile.csv")
    given = [Given("name", f"{profile['First Name']} {profile['Last Name']}", "Profile.csv")]
    for row in rows("Positions.csv"):
        given += [
            Given("employer", row["Company Name"], "Positions.csv"),
            Given("position", row["Title"], "Positions.csv"),
        ]
    for row in rows("Education.csv"):
        given += [
            Given("school", row["School Name"], "Education.csv"),
            Given("degree", row["Degree Name"], "Education.csv"),
        ]
    return given


# TeX math a database passed on in a title, as a reader sees it.
MATH = {"$\\Sigma$": "Σ"}


def as_read(title: str) -> str:
    for tex, text in MATH.items():
        title = title.replace(tex, text)
    return title


def orcid_works(groups: list[dict], source: str) -> tuple[list[Given], list[Work]]:
    """Each group's preferred summary (ORCID lists the highest display index first)."""
    given, works = [], []
    for group in groups:
        summary = max(group["work-summary"], key=lambda work: int(work["display-index"]))
        title = as_read(summary["title"]["title"]["value"])
        translated = summary["title"]["translated-title"] or {}
        shown = {translated["language-code"]: translated["value"]} if translated else {}
        talk = summary["type"] == "lecture-speech"
        given.append(Given("talk" if talk else "work", title, source, shown))
        if not talk:
            year = int(summary["publication-date"]["year"]["value"])
            works.append(Work(title, year, translated=translated.get("value", "")))
    return given, works


def orcid_record(path: Path) -> tuple[list[Given], list[Work]]:
    record = json.loads(path.read_text(encoding="utf-8"))
    name = record["person"]["name"]
    full = f"{name['given-names']['value']} {name['family-name']['value']}"
    given = [Given("name", full, path.name, languages=("en",))]
    activities = record["activities-summary"]
    for section, place, title in (
        ("employments", "employer", "position"),
        ("educations", "school", "degree"),
    ):
        for group in activities[section]["affiliation-group"]:
            for summary in group["summaries"]:
                (entry,) = summary.values()
                given.append(Given(place, entry["organization"]["name"], path.name))
                given.append(Given(title, entry["role-title"], path.name))
    works_given, works = orcid_works(activities["works"]["group"], path.name)
    return given + works_given, works


def rendercv(path: Path) -> list[Given]:
    cv = yaml.safe_load(path.read_text(encoding="utf-8"))["cv"]
    given = [Given("name", cv["name"], path.name)]
    for entry in cv["sections"].get("experience", []):
        given.append(Given("employer", entry["company"], path.name))
        given.append(Given("position", entry["position"], path.name))
    for entry in cv["sections"].get("education", []):
        given.append(Given("school", entry["institution"], path.name))
        given.append(Given("degree", entry["degree"], path.name))
    return given


def json_resume(path: Path, shown: Mapping[str, Mapping[str, str]] | None = None) -> list[Given]:
    """``shown``: per language, the form its CV shows a text in (Traditional Chinese)."""
    resume = json.loads(path.read_text(encoding="utf-8"))

    def of(kind: str, text: str) -> Given:
        forms = {lang: texts[text] for lang, texts in (shown or {}).items() if text in texts}
        return Given(kind, text, path.name, forms)

    given = [of("name", resume["basics"]["name"])]
    for job in resume.get("work", []):
        given += [of("employer", job["name"]), of("position", job["position"])]
    for school in resume.get("education", []):
        given += [of("school", school["institution"]), of("degree", school["studyType"])]
    given += [of("work", paper["name"]) for paper in resume.get("publications", [])]
    return given


# --- (a) Siyu Wang: a materials-science PhD, a postdoc in Germany and a post in China -----

SIYU = DATA / "siyu"
# The .bib's five papers as a reader sees them: LaTeX decoded ({$\Sigma$3} is Σ3,
# Kov{\'a}cs is Kovács), BibTeX's "Family, Given" as names.
SIYU_BIB = [
    Work("Hydrogen trapping at Σ3 twin boundaries in a nickel-based superalloy", 2023,
         ("Siyu Wang", "Lena Hoffmann", "Wei Zhang", "Qiang Liu")),
    Work("Deformation twinning in a CoCrFeMnNi high-entropy alloy at 77 K", 2019,
         ("Siyu Wang", "Hui Tang", "Jianguo Li")),
    Work("Machine-learned interatomic potentials for hydrogen in Ni-Cr-Fe alloys", 2024,
         ("Mingyu Zhou", "Siyu Wang", "András Kovács")),
    Work("In situ TEM observation of hydride formation in zirconium cladding", 2021,
         ("Siyu Wang", "Yue Peng", "Qiang Liu")),
    Work("Atom probe tomography of hydrogen in nickel-based superalloys: A cryogenic transfer "
         "workflow", 2022, ("Siyu Wang", "Wei Zhang", "Qiang Liu")),
]  # fmt: skip
# What she writes into the translation file: each text once, as a translator does.
SIYU_ZH = {
    "Siyu Wang": "王思雨",
    "Shanghai Jiao Tong University": "上海交通大学",
    "Central South University": "中南大学",
    "Shanghai, China": "中国上海",
    "Postdoctoral Researcher": "博士后研究员",
    "Doctor of Philosophy - PhD, Materials Science and Engineering": "工学博士（材料科学与工程）",
}
# The 简历's lines of her own, as LinkedIn's import note asks (Birth Date: add it under
# personal:); a Chinese faculty post expects them.
SIYU_PERSONAL = """\
personal:
  - label: {en: Born, zh: 出生年月}
    value: {en: October 1993, zh: '1993.10'}
  - label: {en: Objective, zh: 求职意向}
    value: {en: Postdoctoral research on hydrogen in alloys, zh: 高校教职（材料科学与工程）}
"""
SIYU_LETTER = {
    "languages": ["en"],  # the German post's letter, in English only
    "recipient": {
        "name": "Dr. Katrin Becker",
        "honorific": "Dr.",
        "family_name": "Becker",
        "position": "Group Leader, Alloy Design and Microstructure",
        "organization": "Karlsruhe Institute of Technology (KIT)",
        "address": ["Institute for Materials Research", "76344 Eggenstein-Leopoldshafen"],
    },
    "subject": "Application for the Postdoctoral Researcher position (2026-PD-17)",
    "body": [
        "I am writing to apply for the postdoctoral position on hydrogen in nickel-based "
        "superalloys (reference 2026-PD-17).",
        "At Shanghai Jiao Tong University I built a cryogenic transfer workflow for atom "
        "probe tomography and used it to locate hydrogen at Σ3 twin boundaries.",
        "Thank you for your consideration. I look forward to hearing from you.",
    ],
    "enclosures": ["Curriculum vitae", "List of publications", "Two letters of reference"],
}


def translate(journey: Journey, language: str, texts: Mapping[str, str]) -> None:
    """translate export, fill each text's first listing (a translator writes a text once,
    however often it is listed), translate merge."""
    exported = journey.folder / f"me.{language}.translation.yaml"
    journey.run("translate", "export", journey.profile, "--lang", language, "-o", exported)
    listing = yaml.safe_load(exported.read_text(encoding="utf-8"))
    source = journey.languages[0]
    done = set()
    for unit in listing["texts"]:
        text = unit.get(source)
        if text in texts and text not in done:
            unit[language] = texts[text]
            unit.pop("suggested", None)  # her own translation, not a suggestion
            done.add(text)
    assert done == set(texts), set(texts) - done  # each was listed for translation
    exported.write_text(yaml.safe_dump(listing, allow_unicode=True, sort_keys=False), "utf-8")
    journey.run("translate", "merge", journey.profile, exported)


@pytest.fixture(scope="module")
def siyu(tmp_path_factory: pytest.TempPathFactory) -> Journey:
    folder = copy_sources("siyu", tmp_path_factory)
    sources = folder / "sources"
    journey = Journey(folder, folder / "me.yaml", ("en", "zh"))
    journey.run("import", sources / "linkedin", "-o", journey.profile)
    journey.run("import", sources / "works.json", "--into", journey.profile)
    journey.run("import", sources / "papers.bib", "--into", journey.profile)
    journey.run("validate", journey.profile)
    add_languages(journey.profile, "[en]", "[en, zh]")
    written = journey.profile.read_text(encoding="utf-8").rstrip("\n")
    journey.profile.write_text(f"{written}\n{SIYU_PERSONAL}", encoding="utf-8")
    build_in_both_themes(journey)  # her first look, before any Chinese
    translate(journey, "zh", SIYU_ZH)
    build_in_both_themes(journey)
    letter = write_letter(journey, "kit.yaml", SIYU_LETTER)
    send_letter(journey, letter, ["en"])
    posting = sources / "posting.txt"
    journey.check = journey.run("check", journey.profile, "--posting", posting, must_succeed=False)
    return journey


def siyu_given() -> tuple[list[Given], list[Work]]:
    given = linkedin(SIYU / "linkedin")
    works = json.loads((SIYU / "works.json").read_text(encoding="utf-8"))
    orcid, orcid_papers = orcid_works(works["group"], "works.json")
    bib = [Given("work", work.title, "papers.bib") for work in SIYU_BIB]
    # The Chinese CV shows her translations; what she left untranslated, as written.
    translated = [
        Given(item.kind, item.text, item.source, {"zh": SIYU_ZH[item.text]})
        if item.text in SIYU_ZH
        else item
        for item in given
    ]
    # One work, two sources: the same DOI or title; the bib's years agree with ORCID's.
    papers = {folded(work.title): work for work in orcid_papers + SIYU_BIB}
    return translated + orcid + bib, list(papers.values())


def test_siyu_loses_no_employer_school_title_or_work(siyu):
    given, _ = siyu_given()
    missing = lost(siyu, given)
    assert not missing, "\n".join(missing)


def test_siyu_keeps_every_author_list(siyu):
    # ORCID's summaries have no authors: the .bib's complete the works they share.
    missing = lost_authors(siyu, SIYU_BIB)
    assert not missing, "\n".join(missing)


def test_siyu_publications_newest_first(siyu):
    _, works = siyu_given()
    wrong = out_of_order(siyu, works)
    assert not wrong, wrong


def test_siyu_talk_is_a_talk(siyu):
    # ORCID's lecture-speech is a talk of hers, not a publication.
    profile = yaml.safe_load(siyu.profile.read_text(encoding="utf-8"))
    talk = "Imaging hydrogen at grain boundaries by cryogenic atom probe tomography"
    assert [entry["title"] for entry in profile.get("talks", [])] == [talk]
    assert talk not in str(profile.get("publications"))


def test_siyu_pages_show_no_tex(siyu):
    pdfs = [*siyu.pdfs.values(), *siyu.letters.values(), *siyu.packets.values()]
    assert not tex_on_pages(pdfs)


def untold(journey: Journey, languages: Iterable[str]) -> list[str]:
    """Each build (numbered in the path's order) that does not say how many texts of a
    language's CV are another language's."""
    return [
        f"build {number}: {language}"
        for number, output in enumerate(journey.builds, 1)
        for language in languages
        if not reports_how_many(output, language)
    ]


def test_siyu_builds_say_how_many_chinese_texts_are_english(siyu):
    # Before and after her translation, the 简历 shows English texts: each build says so.
    assert len(siyu.builds) == 4
    missing = untold(siyu, ["zh"])
    assert not missing, (missing, siyu.builds)


SHANGHAI = "Shanghai, China"


def test_siyu_one_translation_serves_every_place(siyu):
    """She translated each text once; the Chinese CV shows it wherever the text stands
    (the universities head her degrees and name her employers; the city is in three
    places)."""
    english = []
    for theme in THEMES:
        page = folded(pdf_text(siyu.pdfs[theme, "zh"]))
        for text in ("Shanghai Jiao Tong University", "Central South University", SHANGHAI):
            if folded(text) in page:
                english.append(f"{theme}: {text} (not {SIYU_ZH[text]})")
    assert not english, "\n".join(english)


def test_siyu_personal_lines_in_the_modern_theme(siyu):
    lines = {"en": ["Born", "October 1993"], "zh": ["出生年月", "1993.10"]}
    missing = [
        f"{language}: {line}"
        for language, texts in lines.items()
        for line in texts
        if folded(line) not in folded(pdf_text(siyu.pdfs["modern", language]))
    ]
    assert not missing, missing


def test_siyu_packet_holds_letter_and_cv(siyu):
    cv = siyu.folder / "out" / "me.en.pdf"
    assert not holds_letter_and_cv(siyu.packets["en"], siyu.letters["en"], cv)
    # Her enclosures name the CV: the packet does not name it again.
    line = enclosures_line(siyu.letters["en"], "Enclosures:")
    assert sum(line.count(name) for name in ("CV", "Curriculum vitae", "Résumé")) == 1, line


def posting_report(check: Result, language: str = "en") -> dict[str, list[str]]:
    """The terms `cvtex check --posting` lists as shown and as not shown in one language."""
    part = check.output.split(f"{language}: posting:")[1].split("posting:")[0]
    report = {}
    for line in part.splitlines():
        if match := re.match(r"\s+(shown|not shown) \(\d+\): (.*)", line):
            report[match[1]] = match[2].split(", ")
    return report


def test_siyu_check_reads_every_text_back(siyu):
    assert siyu.check.exit_code == 0, siyu.check.output


# The posting's boilerplate: the institute, the code, pay, dates, people, documents.
POSTING_BOILERPLATE = (
    *("KIT", "Karlsruhe", "2026-PD-17", "m/f/d", "TV-L", "E13", "April", "January"),
    *("Katrin", "Becker", "cover letter", "CV", "job ticket"),
)
# What the posting needs and her CV shows, and what it needs and she lacks.
POSTING_SHOWN = (
    *("atom probe tomography", "focused ion beam", "Python", "PhD", "Materials Science"),
    *("density functional theory", "Acta Materialia"),
)
POSTING_LACKED = ("thermal desorption spectroscopy",)
TASK_VERBS = ("study", "correlate", "prepare", "run", "write")


def test_siyu_posting_terms_as_a_recruiter_reads_them(siyu):
    report = posting_report(siyu.check)
    terms = report.get("shown", []) + report.get("not shown", [])
    assert terms, siyu.check.output
    problems = [
        f"boilerplate: {term}"
        for term in terms
        if any(word.casefold() in term.casefold() for word in POSTING_BOILERPLATE)
    ]
    # Each term once: a skill the CV writes with its acronym is the posting's term.
    keys = [re.sub(r"\s*\([^)]*\)", "", term).casefold().replace("-", " ") for term in terms]
    problems += [
        f"twice: {term}" for term, key in zip(terms, keys, strict=True) if keys.count(key) > 1
    ]
    # A task's verb is no part of the need.
    problems += [f"a verb: {term}" for term in terms if term.split()[0].casefold() in TASK_VERBS]
    shown = [term.casefold() for term in report.get("shown", [])]
    problems += [f"not found: {need}" for need in POSTING_SHOWN if need.casefold() not in shown]
    lacked = [term.casefold() for term in report.get("not shown", [])]
    problems += [f"not reported: {need}" for need in POSTING_LACKED if need not in lacked]
    assert not problems, "\n".join([*problems, str(report)])


# --- (b) Haoran Chen: a software engineer moving from Shenzhen to Singapore ---------------

HAORAN = DATA / "haoran"
# The Hong Kong CV's Traditional Chinese for the older résumé's Simplified texts.
HAORAN_HK = {
    "陈浩然": "陳浩然",
    "华为技术有限公司": "華為技術有限公司",
    "软件开发工程师": "軟件開發工程師",
    "中兴通讯股份有限公司": "中興通訊股份有限公司",
    "软件开发实习生": "軟件開發實習生",
    "中山大学": "中山大學",
    "工学学士": "工學學士",
    "基于 Raft 的分布式配置中心设计与实践": "基於 Raft 的分佈式配置中心設計與實踐",
}
HAORAN_LETTER = {
    "languages": ["en"],
    "recipient": {
        "name": "Ms. Priya Raman",
        "honorific": "Ms.",
        "family_name": "Raman",
        "position": "Engineering Manager, Payments Platform",
        "organization": "Lumen Pay Pte. Ltd.",
        "address": ["1 Fusionopolis Way, #12-01", "Singapore 138632"],
    },
    "subject": "Application for Senior Backend Engineer, Payments Platform",
    "body": [
        "I am writing to apply for the Senior Backend Engineer role on your payments platform.",
        "At Tencent I led the move of WeChat Pay's settlement ledger to TiDB with no downtime; "
        "before that I built WeBank's risk-control rules engine.",
        "I relocate to Singapore in early 2027 and hold an Employment Pass in-principle approval.",
    ],
    "enclosures": ["Two references"],
}


@pytest.fixture(scope="module")
def haoran(tmp_path_factory: pytest.TempPathFactory) -> Journey:
    folder = copy_sources("haoran", tmp_path_factory)
    sources = folder / "sources"
    journey = Journey(folder, folder / "me.yaml", ("en", "zh-HK"))
    journey.run("import", sources / "cv.yaml", "-o", journey.profile)
    journey.run("import", sources / "resume.json", "--into", journey.profile)
    journey.run("validate", journey.profile)
    add_languages(journey.profile, "[en]", "[en, zh-HK]")
    build_in_both_themes(journey)
    letter = write_letter(journey, "lumen.yaml", HAORAN_LETTER)
    send_letter(journey, letter, ["en"])
    journey.check = journey.run("check", journey.profile, must_succeed=False)
    return journey


def haoran_given() -> list[Given]:
    newer = rendercv(HAORAN / "cv.yaml")
    older = json_resume(HAORAN / "resume.json", {"zh-HK": HAORAN_HK})
    # His English name heads the English CV, his Chinese one the Hong Kong CV.
    return [only_in(item, "en") for item in newer] + [only_in(item, "zh-HK") for item in older]


def only_in(item: Given, language: str) -> Given:
    """A name only in the CV of its language; any other value everywhere."""
    if item.kind != "name":
        return item
    return Given(item.kind, item.text, item.source, item.shown, (language,))


HAORAN_WORKS = [Work("基于 Raft 的分布式配置中心设计与实践", 2017)]


def test_haoran_loses_no_employer_school_title_or_work(haoran):
    given = [item for item in haoran_given() if item.kind != "name"]
    missing = lost(haoran, given)
    assert not missing, "\n".join(missing)


def test_haoran_keeps_both_his_names(haoran):
    # The older résumé's 陈浩然 is the name a Hong Kong CV shows, or a note says why not.
    names = [item for item in haoran_given() if item.kind == "name"]
    missing = lost(haoran, names)
    assert not missing, "\n".join(missing)


def test_haoran_pages_show_no_tex(haoran):
    pdfs = [*haoran.pdfs.values(), *haoran.letters.values(), *haoran.packets.values()]
    assert not tex_on_pages(pdfs)


def test_haoran_builds_say_how_many_texts_are_of_another_language(haoran):
    # The English CV shows the older résumé's Chinese; the Hong Kong one the newer English.
    missing = untold(haoran, haoran.languages)
    assert not missing, (missing, haoran.builds)


def test_haoran_packet_holds_letter_and_cv(haoran):
    cv = haoran.folder / "out" / "me.en.pdf"
    assert not holds_letter_and_cv(haoran.packets["en"], haoran.letters["en"], cv)
    line = enclosures_line(haoran.letters["en"], "Enclosures:")
    assert line.count("CV") == 1 and "Two references" in line, line


def test_haoran_check_reads_every_text_back(haoran):
    assert haoran.check.exit_code == 0, haoran.check.output


# --- (c) Kim Jimin: a Korean postdoc, a Korean résumé and an English ORCID record ---------

JIMIN = DATA / "jimin"
JIMIN_LETTER = {
    "languages": ["ko"],  # a Korean university's faculty post
    "recipient": {
        "name": "이수현",
        "honorific": "교수",
        "family_name": "이",
        "position": "학과장",
        "organization": "부산대학교 화학공학과",
    },
    "subject": "화학공학과 전임교원(이차전지 분야) 지원",
    "body": [
        "부산대학교 화학공학과 이차전지 분야 전임교원 채용에 지원합니다.",
        "한국과학기술원에서 극저온 전자현미경으로 리튬 금속 음극의 고체 전해질 계면을 연구하여 "
        "Joule과 ACS Energy Letters에 발표하였습니다.",
        "검토해 주셔서 감사합니다.",
    ],
    "enclosures": ["연구계획서", "논문 목록"],
}


@pytest.fixture(scope="module")
def jimin(tmp_path_factory: pytest.TempPathFactory) -> Journey:
    folder = copy_sources("jimin", tmp_path_factory)
    sources = folder / "sources"
    journey = Journey(folder, folder / "me.yaml", ("ko", "en"))
    journey.run("import", sources / "resume.json", "-o", journey.profile)
    journey.run("import", sources / "record.json", "--into", journey.profile)
    journey.run("validate", journey.profile)
    add_languages(journey.profile, "[ko]", "[ko, en]")
    build_in_both_themes(journey)
    letter = write_letter(journey, "pusan.yaml", JIMIN_LETTER)
    send_letter(journey, letter, ["ko"])
    journey.check = journey.run("check", journey.profile, must_succeed=False)
    return journey


def jimin_given() -> tuple[list[Given], list[Work]]:
    # Her Korean name heads the Korean CV; ORCID's English one the English CV.
    resume = [only_in(item, "ko") for item in json_resume(JIMIN / "resume.json")]
    record, works = orcid_record(JIMIN / "record.json")
    # The Korean paper is in both; ORCID gives its English title, for the English CV.
    (korean,) = [item for item in record if item.shown]
    resume = [
        Given(item.kind, item.text, item.source, korean.shown) if item.text == korean.text else item
        for item in resume
    ]
    return resume + record, works


def test_jimin_loses_no_employer_school_title_or_work(jimin):
    given = [item for item in jimin_given()[0] if item.kind != "name"]
    missing = lost(jimin, given)
    assert not missing, "\n".join(missing)


def test_jimin_keeps_both_her_names(jimin):
    names = [item for item in jimin_given()[0] if item.kind == "name"]
    missing = lost(jimin, names)
    assert not missing, "\n".join(missing)


def test_jimin_publications_newest_first(jimin):
    # The Korean paper is found by its Korean title or by ORCID's English one.
    wrong = out_of_order(jimin, jimin_given()[1])
    assert not wrong, wrong


def test_jimin_talk_is_a_talk(jimin):
    profile = yaml.safe_load(jimin.profile.read_text(encoding="utf-8"))
    talk = "Seeing the SEI: cryogenic electron microscopy of lithium metal anodes"
    assert talk in str(profile.get("talks")) and talk not in str(profile.get("publications"))


def test_jimin_pages_show_no_tex(jimin):
    pdfs = [*jimin.pdfs.values(), *jimin.letters.values(), *jimin.packets.values()]
    assert not tex_on_pages(pdfs)


def test_jimin_builds_say_how_many_texts_are_of_another_language(jimin):
    # The Korean CV shows ORCID's English; the English CV the résumé's Korean.
    missing = untold(jimin, jimin.languages)
    assert not missing, (missing, jimin.builds)


def test_jimin_packet_holds_letter_and_cv(jimin):
    cv = jimin.folder / "out" / "me.ko.pdf"
    assert not holds_letter_and_cv(jimin.packets["ko"], jimin.letters["ko"], cv)
    line = enclosures_line(jimin.letters["ko"], "첨부:")
    assert line.count("이력서") == 1 and "연구계획서" in line, line


def test_jimin_check_reads_every_text_back(jimin):
    assert jimin.check.exit_code == 0, jimin.check.output

"""`cvtex check --posting`: a job posting's terms (skills, tools, degrees, the needs it
writes in lower case; English and Chinese postings) against what each language's PDF, and
a letter's, shows as read back, with where the posting asks for the missing ones and the
missing terms the profile holds in items the CV leaves out. A posting is read as a
recruiter reads it: its boilerplate (gender tags, pay grades, reference numbers, months,
titles, the documents to send) and its sections of no need (We offer, How to apply) are
no terms, and no term runs across punctuation."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cvtex.check.posting import posting_terms
from cvtex.check.terms import catalog_words, find, words_key
from cvtex.cli.main import main
from cvtex.language.catalog import load_catalog
from cvtex.text.scripts import has_cjk

from ..conftest import TINY

ENGLISH_POSTING = """\
Research Engineer, Distributed Systems

About the role
We are looking for an engineer to join our ML Infrastructure team.

Requirements
- PhD in Computer Science or a related field.
- Strong programming skills in C++ and Python; experience with PyTorch.
- Experience deploying services on Kubernetes is a plus.
- Familiarity with CUDA, gRPC and k8s operators.
"""
CHINESE_POSTING = """\
分布式系统研发工程师

任职要求：
1. 计算机相关专业博士学历；
2. 精通 C++ 和 Python，熟悉 PyTorch；
3. 熟悉分布式系统、可编程交换机者优先；
4. 有 Kubernetes 集群部署经验者优先。
"""
PROFILE = {
    **TINY,
    "education": [
        {
            "institution": {"en": "Hunan University", "zh": "湖南大学"},
            "degree": {"en": "Ph.D. in Computer Science", "zh": "计算机科学博士"},
            "start": 2016,
            "end": 2021,
            "bullets": [
                {
                    "en": "Distributed systems on programmable switches",
                    "zh": "基于可编程交换机的分布式系统",
                },
                {
                    "text": {
                        "en": "Deployed services on Kubernetes",
                        "zh": "在 Kubernetes 上部署服务",
                    },
                    "tags": ["cloud"],
                },
            ],
        }
    ],
    "skills": [
        {"category": {"en": "Languages", "zh": "语言"}, "items": ["C++", "Python", "PyTorch"]}
    ],
    "variants": {"short": {"exclude": ["cloud"]}},
}


# A German postdoc's posting, as she copied it from the institute's page.
GERMAN_POSTING = """\
Postdoctoral Researcher (m/f/d) in Atom Probe Tomography
Reference number: MP-14
Max-Planck-Institut für Nachhaltige Materialien, Department Microstructure Physics, Düsseldorf

The Department Microstructure Physics invites applications for a Postdoctoral Researcher
(m/f/d), starting January 2027, for two years. Salary according to TV-L E13, full-time.

Your tasks
- Investigate hydrogen embrittlement in high-strength steels and nickel-based superalloys
  using atom probe tomography and correlative transmission electron microscopy (TEM).
- Prepare site-specific specimens by focused ion beam (FIB) milling.
- Develop data analysis workflows in Python/MATLAB for APT reconstructions.

Your profile
- PhD in Materials Science, Physics, Chemistry or a related field.
- Experience with electron backscatter diffraction (EBSD) or thermal desorption spectroscopy.
- Knowledge of density functional theory (DFT) is an advantage.

We offer
An international, interdisciplinary environment at the Max Planck Society, which strives
for gender equality and diversity.

How to apply
Please submit your application (cover letter, CV, publication list, contact details of two
referees) as a single PDF by 31 January 2027 via our online portal, quoting MP-14. For
questions, contact Prof. Dr. Anna Schmidt, Head of Department.
"""
# A Chinese university's faculty posting.
CHINESE_FACULTY_POSTING = """\
华东理工大学材料科学与工程学院2027年度高层次人才招聘公告

一、招聘岗位
材料科学与工程学院 副教授/讲师（准聘长聘制），岗位编号：CL-2027-03

二、研究方向
1. 金属材料氢脆、高熵合金、镍基高温合金；
2. 原子探针层析技术（APT）、透射电子显微镜（TEM）表征；
3. 计算材料学：第一性原理计算、分子动力学模拟。

三、应聘条件
1. 具有材料科学与工程、物理学、化学等相关学科博士学位，具有海外博士后研究经历者优先；
2. 年龄一般不超过35周岁；
3. 在Acta Materialia、Nature Materials等高水平期刊发表论文；
4. 熟悉聚焦离子束（FIB）制样与电子背散射衍射（EBSD）分析。

四、待遇
提供具有竞争力的薪酬、安家费及科研启动经费，协助解决子女入学。

五、应聘方式
请将个人简历、代表性论文及三封推荐信发送至 hr@example.edu.cn，邮件主题注明“应聘岗位+姓名”。
截止日期：2027年3月31日。
"""
# Mei Chen, a materials scientist: her CV writes the posting's needs in its own case,
# hyphens and acronyms (atom-probe tomography, Hydrogen Embrittlement, FIB, TEM).
MATERIALS = {
    "languages": ["en", "zh"],
    "name": {"en": "Mei Chen", "zh": "陈梅"},
    "contacts": [{"type": "email", "value": "mei@example.com"}],
    "education": [
        {
            "institution": {"en": "Central South University", "zh": "中南大学"},
            "degree": {
                "en": "Ph.D. in Materials Science and Engineering",
                "zh": "材料科学与工程博士",
            },
            "start": 2019,
            "end": 2024,
            "bullets": [
                {
                    "en": "Thesis: Hydrogen Embrittlement of high-strength steels, studied "
                    "by atom-probe tomography",
                    "zh": "博士论文：用原子探针层析技术研究高强钢的氢脆",
                },
                {
                    "en": "Specimens lifted out by FIB; hydrides imaged by TEM",
                    "zh": "用 FIB 制样，用 TEM 观察氢化物",
                },
            ],
        }
    ],
    "skills": [
        {"category": {"en": "Methods", "zh": "方法"}, "items": ["Python", "MATLAB", "EBSD"]}
    ],
}

# A posting that names its institute by an acronym, quotes its group's name, and asks for
# needs after a task's verb (run thermal desorption spectroscopy).
KIT_POSTING = """\
Postdoctoral Researcher (m/f/d) - Hydrogen in Nickel-Based Superalloys
Institute for Applied Materials, Karlsruhe Institute of Technology (KIT)

The group "Alloy Design and Microstructure" (ADM) invites applications.

Your tasks
- Correlate APT with electron backscatter diffraction (EBSD) at KIT's facilities.
- Prepare specimens by focused ion beam (FIB) and run thermal desorption spectroscopy.
- Write analysis code and data analysis scripts in Python.

Your profile
- PhD in Materials Science; a stay at an MPI is an advantage.

About us
KIT works with the Max-Planck-Institut für Eisenforschung.
"""


def english_and_chinese_words():
    return [catalog_words(load_catalog(code)) for code in ("en", "zh")]


def terms_of(posting: str, vocabulary: tuple[str, ...] = ()) -> dict[str, object]:
    """The posting's terms by their case-folded words."""
    terms = posting_terms(posting, list(vocabulary), english_and_chinese_words())
    return {words_key(term.text): term for term in terms}


BOILERPLATE = ["m/f/d", "MP-14", "TV-L", "E13", "January", "Department", "CV", "PDF",
               "Prof", "Dr.", "Postdoctoral", "Max Planck Society", "University", "Schmidt",
               "cover letter", "gender equality", "online portal", "publication list"]  # fmt: skip
CHINESE_BOILERPLATE = ["CL-2027-03", "岗位编号", "简历", "推荐信", "大学", "学院",
                       "副教授", "讲师", "年龄", "周岁", "薪酬", "安家费", "截止", "邮件",
                       "example"]  # fmt: skip


def test_a_postings_boilerplate_is_never_a_term():
    """Before, "m/f/d", "TV-L", "E13", "MP-14", "January", "Department" and "CV" were terms
    the CV lacked."""
    postings = [(GERMAN_POSTING, BOILERPLATE), (CHINESE_FACULTY_POSTING, CHINESE_BOILERPLATE)]
    for posting, plate in postings:
        terms = terms_of(posting)
        for word in plate:
            assert not [key for key in terms if word.casefold() in key], (word, list(terms))


def test_boilerplate_words_are_no_terms_without_headings_either():
    posting = (
        "Research Associate (w/m/d) in Corrosion Science, University of Stuttgart, Institute\n"
        "for Materials Testing. Pay grade E 13 TV-L, Job ID 4711-B. Send your CV, cover\n"
        "letter and Résumé by 1 March to the Head of Department.\n"
    )
    assert list(terms_of(posting)) == ["corrosion science"]


def test_no_term_runs_across_punctuation():
    """Before, "PhD in Materials Science, Physics, Chemistry" gave the term "Materials Science
    Physics Chemistry"."""
    terms = terms_of(GERMAN_POSTING)
    for wanted in ("materials science", "physics", "chemistry", "python", "matlab"):
        assert wanted in terms, (wanted, list(terms))
    assert not [key for key in terms if any(mark in key for mark in ",;()/:")], list(terms)
    chinese = terms_of(CHINESE_FACULTY_POSTING)
    for wanted in ("高熵合金", "镍基高温合金", "物理学", "化学"):
        assert wanted in chinese, (wanted, list(chinese))
    assert not [key for key in chinese if any(mark in key for mark in "、，；：（）")]


def test_a_postings_lower_case_needs_are_terms():
    """Before, only capitalized words and the profile's skills were terms: the posting's
    "atom probe tomography" and "hydrogen embrittlement" were not."""
    terms = terms_of(GERMAN_POSTING)
    for wanted in ("atom probe tomography", "hydrogen embrittlement", "high strength steels",
                   "nickel based superalloys", "thermal desorption spectroscopy"):  # fmt: skip
        assert wanted in terms, (wanted, list(terms))
    # A parenthesized acronym names the words it spells, and only those.
    spelled = {
        "transmission electron microscopy": "TEM",
        "focused ion beam": "FIB",
        "electron backscatter diffraction": "EBSD",
        "density functional theory": "DFT",
    }
    for words, acronym in spelled.items():
        assert acronym in terms[words].names, (words, terms.get(words))
        assert acronym.casefold() not in terms  # a name of the term, not a term of its own
    assert "correlative transmission electron microscopy" not in terms
    # An acronym written alone is the term its letters begin: APT, atom probe tomography.
    assert "APT" in terms["atom probe tomography"].names
    # The posting's prose is not: its verbs, the sections that ask for nothing.
    for unwanted in ("investigate hydrogen embrittlement", "related field", "gender equality",
                     "contact details", "referees", "international", "Nachhaltige"):  # fmt: skip
        assert not [key for key in terms if unwanted.casefold() in key], (unwanted, list(terms))


def test_a_chinese_postings_needs_are_its_words_between_stop_words():
    """Before, "Nature Materials等高水平期刊发表论文", "龄一般不超过" and "请将个人简历"
    were terms, and "Acta Materialia" was not."""
    terms = terms_of(CHINESE_FACULTY_POSTING)
    for wanted in ("原子探针层析技术", "透射电子显微镜", "计算材料学", "第一性原理计算",
                   "分子动力学模拟", "聚焦离子束", "电子背散射衍射", "acta materialia",
                   "nature materials", "博士"):  # fmt: skip
        assert wanted in terms, (wanted, list(terms))
    assert terms["原子探针层析技术"].names == ("APT",)
    assert terms["聚焦离子束"].names == ("FIB",)
    assert "材料科学" in terms  # 华东理工大学's name cut off
    assert all(len(key) <= 8 for key in terms if has_cjk(key)), list(terms)
    assert not [key for key in terms if "龄" in key or "论文" in key or "简历" in key]
    # Chinese has no capitals: a Latin word that opens its line is no sentence's first word.
    assert {"python", "linux"} <= set(terms_of("1. Python 编程；\n2. Linux 系统管理。"))


def test_each_term_keeps_the_line_that_asks_for_it():
    lines = GERMAN_POSTING.splitlines()
    terms = terms_of(GERMAN_POSTING)
    for words, needle in (("hydrogen embrittlement", "Investigate hydrogen"),
                          ("atom probe tomography", "Postdoctoral Researcher (m/f/d) in"),
                          ("density functional theory", "Knowledge of")):  # fmt: skip
        line = next(n for n, text in enumerate(lines, 1) if needle in text)
        assert terms[words].line == line
        assert needle in terms[words].phrase


def test_terms_are_found_by_their_case_folded_words():
    text = words_key("Thesis: Hydrogen Embrittlement studied by atom-probe tomography (APT)")
    assert find(words_key("hydrogen embrittlement"), text) >= 0
    assert find(words_key("Atom Probe Tomography"), text) >= 0
    assert find(words_key("probe"), text) >= 0 and find(words_key("tom"), text) < 0


def test_an_english_postings_terms_are_its_skills_tools_and_degrees():
    terms = [
        term.text for term in posting_terms(ENGLISH_POSTING, ["C++"], english_and_chinese_words())
    ]
    for wanted in ("PhD", "Computer Science", "C++", "Python", "PyTorch", "Kubernetes", "CUDA",
                   "gRPC", "k8s", "Distributed Systems"):  # fmt: skip
        assert wanted in terms, (wanted, terms)
    # Words of the posting that name no skill: the catalog's stop words, sentence starts.
    for unwanted in ("Requirements", "Strong", "Experience", "Familiarity", "We", "About"):
        assert unwanted not in terms, (unwanted, terms)
    assert len(terms) == len({term.casefold() for term in terms})  # each once


def test_a_chinese_postings_terms_are_cut_at_punctuation_and_stop_words():
    terms = [term.text for term in posting_terms(CHINESE_POSTING, [], english_and_chinese_words())]
    for wanted in ("博士", "C++", "Python", "PyTorch", "分布式系统", "可编程交换机", "Kubernetes"):
        assert wanted in terms, (wanted, terms)
    # "熟悉", "经验", "者优先" are cut off; nothing longer than a term is kept whole.
    assert not [term for term in terms if term.startswith(("熟悉", "精通")) or "优先" in term]


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("posting", [ENGLISH_POSTING, CHINESE_POSTING])
def test_check_reports_a_postings_terms_in_each_language(tmp_path, posting):
    profile = write(tmp_path, "cv.yaml", yaml.safe_dump(PROFILE, allow_unicode=True))
    job = write(tmp_path, "posting.txt", posting)
    arguments = ["check", str(profile), "--variant", "short", "--posting", str(job)]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 0, result.output
    english, chinese = result.output.split("en: posting:")[1].split("zh: posting:")
    shown = next(line for line in english.splitlines() if line.strip().startswith("shown"))
    # The degree shows by another of its names (Ph.D., 博士); the skills by their own.
    for term in ("C++", "Python", "PyTorch"):
        assert term in shown
    assert ("PhD" if posting is ENGLISH_POSTING else "博士") in shown
    missing = next(line for line in english.splitlines() if "not shown" in line)
    assert "Kubernetes" in missing
    # The variant leaves the Kubernetes bullet out: the report says where the profile has it.
    lines = profile.read_text(encoding="utf-8").splitlines()
    bullet = next(number for number, line in enumerate(lines, 1) if "Kubernetes" in line)
    assert "in items this CV leaves out (1):" in english
    assert f"{profile}:{bullet}: Kubernetes:" in english
    # The Chinese CV's report is in the Chinese catalog's words.
    assert "已显示" in chinese and "未显示" in chinese and "资料中有、本简历未列出" in chinese
    assert "Kubernetes" in chinese.split("未显示")[1]


def test_a_letter_is_checked_against_a_posting(tmp_path):
    write(tmp_path, "cv.yaml", yaml.safe_dump(PROFILE, allow_unicode=True))
    letter = {
        "profile": "cv.yaml",
        "date": "2026-11-24",
        "recipient": {"organization": {"en": "Example Lab", "zh": "示例实验室"}},
        "subject": {"en": "Application for Engineer", "zh": "应聘工程师"},
        "body": [{"en": "I write C++ and Python every day.", "zh": "我每天写 C++ 和 Python。"}],
    }
    file = write(tmp_path, "acme.yaml", yaml.safe_dump(letter, allow_unicode=True))
    job = write(tmp_path, "posting.txt", ENGLISH_POSTING)
    result = CliRunner().invoke(main, ["check", str(file), "--posting", str(job)])
    assert result.exit_code == 0, result.output
    english = result.output.split("en: posting:")[1].split("zh: posting:")[0]
    shown = next(line for line in english.splitlines() if line.strip().startswith("shown"))
    assert "C++" in shown and "Python" in shown and "PyTorch" not in shown
    # What the letter does not say and the profile holds: named with its line.
    assert "in the profile, not in the letter" in english and "PyTorch" in english
    # Without a posting a letter has no check.
    result = CliRunner().invoke(main, ["check", str(file)])
    assert result.exit_code != 0 and "--posting" in result.output


def test_check_reports_a_postings_needs_by_their_words_and_where_it_asks(tmp_path):
    """Her CV writes atom-probe tomography, Hydrogen Embrittlement, FIB and TEM: shown. What
    it lacks is named with the posting's line; no boilerplate is named at all."""
    profile = write(tmp_path, "cv.yaml", yaml.safe_dump(MATERIALS, allow_unicode=True))
    job = write(tmp_path, "posting.txt", GERMAN_POSTING)
    arguments = ["check", str(profile), "--lang", "en", "--posting", str(job)]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 0, result.output
    report = result.output.split("en: posting:")[1]
    shown = next(line for line in report.splitlines() if line.strip().startswith("shown"))
    for term in ("Atom Probe Tomography", "hydrogen embrittlement", "high-strength steels",
                 "transmission electron microscopy", "focused ion beam",
                 "electron backscatter diffraction", "PhD", "Python", "MATLAB",
                 "Materials Science"):  # fmt: skip
        assert term in shown, (term, report)
    missing = next(line for line in report.splitlines() if "not shown" in line)
    for term in ("thermal desorption spectroscopy", "density functional theory"):
        assert term in missing, (term, report)
    # Each missing term with the posting's line that asks for it.
    lines = GERMAN_POSTING.splitlines()
    asks = next(n for n, line in enumerate(lines, 1) if "density functional theory" in line)
    assert f"    {job}:{asks}: density functional theory" in report
    for word in BOILERPLATE:
        assert word not in report, (word, report)


def test_a_letter_names_no_boilerplate_it_shares_with_the_posting(tmp_path):
    """Before, the letter's "Department" (its recipient's) was a term it showed."""
    write(tmp_path, "cv.yaml", yaml.safe_dump(MATERIALS, allow_unicode=True))
    letter = {
        "profile": "cv.yaml",
        "date": "2026-11-24",
        "recipient": {
            "name": "Prof. Dr. Anna Schmidt",
            "organization": "Max Planck Institute, Department Microstructure Physics",
        },
        "subject": "Application for the postdoctoral position MP-14 (m/f/d)",
        "body": ["My thesis studied hydrogen embrittlement by atom probe tomography."],
        "enclosures": ["CV", "Publication list"],
    }
    file = write(tmp_path, "mpi.yaml", yaml.safe_dump(letter, allow_unicode=True))
    job = write(tmp_path, "posting.txt", GERMAN_POSTING)
    result = CliRunner().invoke(main, ["check", str(file), "--lang", "en", "--posting", str(job)])
    assert result.exit_code == 0, result.output
    report = result.output.split("en: posting:")[1]
    shown = next(line for line in report.splitlines() if line.strip().startswith("shown"))
    assert "hydrogen embrittlement" in shown and "Atom Probe Tomography" in shown
    for word in ("Department", "MP-14", "m/f/d", "CV", "Schmidt", "Prof"):
        assert word not in report, (word, report)


def test_an_organizations_acronym_is_no_term():
    """Before, KIT (Karlsruhe Institute of Technology, the posting's own) was a term the CV
    lacked, and so were an institute's MPI, a group's ADM, a university's ECUST, and the
    "s facilities" of "at KIT's facilities"."""
    terms = terms_of(KIT_POSTING)
    for acronym in ("kit", "mpi", "adm"):
        assert not [key for key in terms if acronym in key.split()], (acronym, list(terms))
    # Where the acronym stands alone, and where it is spelled, the same; the name spelled
    # in a section of no need (About us) names the acronym in one of needs (MPI).
    assert "karlsruhe" not in " ".join(terms)
    # Nor is what follows its apostrophe: "at KIT's facilities" is no "s facilities".
    assert not [key for key in terms if key.startswith("s ")], list(terms)
    chinese = terms_of(
        "华东理工大学（ECUST）招聘\n1. 熟悉原子探针层析技术（APT）；\n2. 在 ECUST 工作。\n"
    )
    assert "ecust" not in chinese and "原子探针层析技术" in chinese, list(chinese)
    # An acronym of a need is still a term: APT is atom probe tomography's; TEM is none of
    # an organization's, though the posting names one.
    terms = terms_of("Institute for Applied Materials\nExperience with TEM and APT is required.\n")
    assert {"tem", "apt"} <= set(terms), list(terms)


def test_a_profile_term_written_with_its_acronym_is_one_term():
    """Before, the profile's "Focused Ion Beam (FIB)" and the posting's "focused ion beam
    (FIB)" were two terms."""
    skills = ("Focused Ion Beam (FIB)", "Electron Backscatter Diffraction (EBSD)", "Python (NumPy)")
    terms = posting_terms(KIT_POSTING, list(skills), english_and_chinese_words())
    keys = [words_key(term.text) for term in terms]
    for once in ("focused ion beam", "electron backscatter diffraction"):
        assert keys.count(once) == 1, keys
    assert not [key for key in keys if "(" in key or key in ("fib", "ebsd")], keys
    by_key = dict(zip(keys, terms, strict=True))
    assert by_key["focused ion beam"].names == ("FIB",)
    # The posting writes only one of the spellings: the term is the one it writes, shown by
    # the other too.
    only = posting_terms("- Prepare specimens by FIB.\n", list(skills), english_and_chinese_words())
    assert [(term.text, term.names) for term in only] == [("FIB", ("Focused Ion Beam",))]
    words = "- Prepare specimens by focused ion beam.\n"
    only = posting_terms(words, list(skills), english_and_chinese_words())
    assert [(term.text, term.names) for term in only] == [("focused ion beam", ("FIB",))]
    # A parenthesis that spells no acronym of the words is no other name.
    only = posting_terms("- Python (NumPy).\n", list(skills), english_and_chinese_words())
    assert (only[0].text, only[0].names) == ("Python (NumPy)", ()), only


def test_a_tasks_verb_is_no_part_of_the_need():
    """Before, "run thermal desorption spectroscopy" was a term, which no CV writes."""
    terms = terms_of(KIT_POSTING)
    assert "thermal desorption spectroscopy" in terms, list(terms)
    verbs = ("run", "correlate", "prepare", "write")
    assert not [key for key in terms if key.split()[0] in verbs], list(terms)


def test_a_quoted_name_is_no_term():
    """Before, the group "Alloy Design and Microstructure" gave the terms Alloy and
    Microstructure."""
    terms = terms_of(KIT_POSTING)
    assert not {"alloy", "microstructure"} & set(" ".join(terms).split()), list(terms)
    # What a posting quotes in lower case, or a phrase of a need, is no name.
    terms = terms_of('- Study "hydrogen trapping" at grain boundaries by "Atom Probe" and .NET.\n')
    assert "hydrogen trapping" in terms and "grain boundaries" in terms, list(terms)


def test_code_a_task_writes_is_no_need():
    """Before, "analysis code" and "data analysis scripts" were terms: what the job's code
    is for is, not the code."""
    terms = terms_of(KIT_POSTING)
    assert "data analysis" in terms and "python" in terms, list(terms)
    assert not [key for key in terms if key.endswith(("code", "scripts"))], list(terms)
    assert "analysis" not in terms  # one word is no term


def test_check_reports_each_need_once_without_its_verb(tmp_path):
    """Her skills write focused ion beam and electron backscatter diffraction with their
    acronyms: each is one term, shown; the thermal desorption spectroscopy she lacks is not
    shown, with its line, without the task's verb; the institute's acronym is no term."""
    skills = ["Python", "Focused Ion Beam (FIB)", "Electron Backscatter Diffraction (EBSD)"]
    materials = {**MATERIALS, "skills": [{"category": "Methods", "items": skills}]}
    profile = write(tmp_path, "cv.yaml", yaml.safe_dump(materials, allow_unicode=True))
    job = write(tmp_path, "posting.txt", KIT_POSTING)
    arguments = ["check", str(profile), "--lang", "en", "--posting", str(job)]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 0, result.output
    report = result.output.split("en: posting:")[1]
    shown = next(line for line in report.splitlines() if line.strip().startswith("shown"))
    missing = next(line for line in report.splitlines() if "not shown" in line)
    for term in ("focused ion beam", "electron backscatter diffraction", "Python"):
        assert shown.split(": ", 1)[1].split(", ").count(term) == 1, (term, report)
        assert term.casefold() not in missing.casefold(), (term, report)
    assert "thermal desorption spectroscopy" in missing.split(": ", 1)[1].split(", ")
    asks = next(n for n, line in enumerate(KIT_POSTING.splitlines(), 1) if "desorption" in line)
    assert f"    {job}:{asks}: thermal desorption spectroscopy" in report
    for word in ("KIT", "Karlsruhe", "Alloy", "code"):
        assert word not in report, (word, report)


def test_a_chinese_tasks_verb_and_code_are_no_part_of_the_need():
    """Before, 运用 and 编写分析程序 were terms, and 利用原子探针层析技术 and
    进行第一性原理计算, a verb on the need, too long to be one."""
    posting = (
        "岗位职责：\n1. 利用原子探针层析技术研究氢陷阱；\n"
        "2. 进行第一性原理计算，运用 Python 编写分析程序。\n"
    )
    terms = terms_of(posting)
    for wanted in ("原子探针层析技术", "氢陷阱", "第一性原理计算", "python"):
        assert wanted in terms, (wanted, list(terms))
    verbs = ("利用", "进行", "运用", "编写")
    assert not [key for key in terms if key.startswith(verbs) or "程序" in key], list(terms)

"""Chinese-first files imported (issue 49, item 5 and the import side of items 2 and 3):
every value placed where a profile has it, or named in a note at its file and line.

Each file of tests/data/chinese-first/ is written for one point (its README says which);
the imports run as `cvtex import` runs them, and the profiles they write are built with
real XeLaTeX where the point is what a CV shows.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.importers.labelled import field_of, names
from cvtex.importers.language import language_of
from cvtex.importers.owners import name_forms, suggestion
from cvtex.importers.titles import named
from cvtex.profile.load import load_profile

from ..conftest import ROOT, line_in, normalized, pdf_text
from .importing import imported_profile

DATA = ROOT / "tests" / "data" / "chinese-first"
TODAY = dt.date(2026, 1, 15)


def imported(tmp_path: Path, name: str, **options) -> tuple[list[str], dict]:
    source = tmp_path / name
    shutil.copy(DATA / name, source)
    profile, notes = imported_profile([source], tmp_path / "profile.yaml", today=TODAY, **options)
    return notes, profile


def at(name: str, text: str, after: str = "") -> str:
    """``name:line``: where a note about ``text`` must point."""
    return f"{name}:{line_in(DATA / name, text, after)}"


def note_at(notes: list[str], where: str, *words: str) -> str | None:
    return next(
        (note for note in notes if f"{where}:" in note and all(w in note for w in words)), None
    )


def cvtex(*args: object) -> str:
    result = CliRunner().invoke(main, [str(arg) for arg in args])
    assert result.exit_code == 0, (args, result.output)
    return result.output


# --- RenderCV files with JSON Resume's keys ---------------------------------------------


def test_json_resume_keys_in_a_rendercv_file_are_placed(tmp_path):
    notes, profile = imported(tmp_path, "keys.yaml")
    assert profile["languages"] == ["zh"]
    tsinghua, zju = profile["education"]
    assert (tsinghua["degree"], tsinghua["start"], tsinghua["end"]) == (
        "硕士",
        "2019-09",
        "2022-06",
    )
    assert zju["degree"] == "工学学士"  # studyType
    assert zju["gpa"] == "3.9/4.0"  # score
    assert zju["bullets"] == ["数据结构、操作系统、编译原理"]  # courses
    (job,) = profile["experience"]
    assert (job["title"], job["organization"]) == ("机器学习工程师", "字节跳动")  # name: employer
    assert job["description"] == "负责推荐系统的模型训练与上线。"  # summary
    # keywords: a line of their own, the same in every CV (written in Latin letters)
    assert job["bullets"] == ["模型训练时间缩短 40%", {"same": "Python, PyTorch, Kubernetes"}]
    assert profile["skills"] == [
        {"category": "编程语言", "items": ["Python", "C++", "Go"]},
        {"category": "机器学习（熟练）", "items": ["推荐系统", "图神经网络"]},
    ]
    (award,) = profile["awards"]
    assert award == {  # awarder: who gave it, after its name
        "name": "优秀毕业生，清华大学",
        "years": [2022],
        "description": "授予综合表现优秀的毕业研究生。",
    }
    (paper,) = profile["publications"]  # JSON Resume's name, publisher, releaseDate
    assert paper == {"title": "图神经网络的分布式训练方法", "venue": "计算机学报", "year": 2021,
                     "month": 11}  # fmt: skip
    # Its summary is prose: no authors, and a note at its line.
    assert note_at(notes, at("keys.yaml", "summary: 本文"), "论文[0].summary", "not imported")


def test_advisor_and_dissertation_lines_become_their_fields(tmp_path):
    _, profile = imported(tmp_path, "keys.yaml")
    tsinghua = profile["education"][0]
    assert tsinghua["advisors"] == ["王立新"]  # 指导教师：王立新 教授: the name, not 教授
    assert tsinghua["dissertation"] == "大规模图神经网络的分布式训练"
    assert "bullets" not in tsinghua  # both lines are fields now, not bullets


@pytest.mark.parametrize(
    ("line", "field", "people"),
    [
        ("导师：林乾", "advisors", ["林乾"]),
        ("合作导师：Tony Cai 教授", "advisors", ["Tony Cai"]),
        ("指導教授：陳明德、林美玲 教授", "advisors", ["陳明德", "林美玲"]),
        ("Advisor: Prof. Jane Smith and Dr. Wei Li", "advisors", ["Jane Smith", "Wei Li"]),
        ("**Supervisors:** A. Moreau, K. Ito", "advisors", ["A. Moreau", "K. Ito"]),
        ("指導教員：山田太郎 准教授", "advisors", ["山田太郎"]),
        ("지도교수: 김철수 교수님", "advisors", ["김철수"]),
        ("学位论文：高维协方差矩阵的稀疏估计", "dissertation", ["高维协方差矩阵的稀疏估计"]),
    ],
)
def test_a_labelled_line_names_its_field_and_people(line, field, people):
    found = field_of(line)
    assert found is not None and found[0] == field
    assert names(found[1]) == people


@pytest.mark.parametrize(
    "line", ["提出一种方法：在三个数据集上验证", "Built the pipeline: 3x faster", "导师", "Advisor"]
)
def test_a_bullet_with_a_colon_is_no_field(line):
    assert field_of(line) is None


# --- Sections placed by their name -------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "section"),
    [
        ("Honors and Awards", "awards"),
        ("荣誉奖项", "awards"),
        ("获奖经历", "awards"),
        ("獲獎", "awards"),
        ("受賞歴", "awards"),
        ("수상 경력", "awards"),
        ("Skills", "skills"),
        ("技能", "skills"),
        ("專業技能", "skills"),
        ("Programming Languages", "skills"),
        ("Language Skills", "languages"),
        ("Academic Interests", "interests"),
        ("研究方向", "interests"),
        ("研究興趣", "interests"),
        ("科研经历", "research"),
        ("Research Experience", "research"),
        ("教学经历", "teaching"),
        ("项目经历", "projects"),
        ("教育背景", "education"),
        ("学歴", "education"),
        ("论文发表", "publications"),
        ("个人简介", "summary"),
        ("Biology", None),  # bio is a word of summaries, not the start of any word
        ("开源贡献", None),
    ],
)
def test_a_title_names_its_section_in_any_language(title, section):
    assert named(title) == section


def test_sections_are_placed_by_their_names_and_titled_in_their_language(tmp_path):
    notes, profile = imported(tmp_path, "sections.yaml")
    assert profile["languages"] == ["zh"]
    sections = profile["sections"]
    # Five sections named awards in five languages: all awards.
    awards = [ident for ident, s in sections.items() if s.get("kind", ident) == "awards"]
    assert len(awards) == 5 and len(profile["awards"]) == 5
    # The first takes the kind's id; its English title names it in a Chinese file: each
    # CV shows its catalog's heading (奖项荣誉, Awards), and a note says so at its line.
    assert "title" not in sections["awards"]
    assert note_at(notes, at("sections.yaml", "Honors and Awards"), "奖项荣誉")
    assert sections["荣誉奖项"]["title"] == "荣誉奖项"  # written in the file's language
    assert sections["수상-경력"]["title"] == {"ko": "수상 경력"}  # under its own language
    # Skills: a one-line entry and a labelled bullet are both groups.
    skills = {group["category"]: group["items"] for group in profile["skills"]}
    assert skills["编程"] == ["Python", "R"] and skills["数据分析"] == ["pandas", "SQL"]
    # Research interests: a group of skills of their own, under the catalogs' heading.
    assert sections["interests"] == {"kind": "skills", "select": ["interests"]}
    interests = [g for g in profile["skills"] if g.get("tags") == ["interests"]]
    assert interests == [
        {"category": "研究方向", "items": ["因果推断", "贝叶斯统计"], "tags": ["interests"]}
    ]
    # A name cvtex does not know: its entries by their type, its title kept, a note.
    assert sections["others"] == {"title": "我的收藏"}
    assert profile["others"] == [{"text": "邮票与古籍"}]
    assert note_at(notes, at("sections.yaml", "我的收藏"), "does not know")
    # A date that is not one: named at its line; the entry stays.
    assert note_at(notes, at("sections.yaml", "start_date: 明年"), "'明年' is not a date")
    assert profile["experience"][0]["organization"] == "中国科学院"


def test_notes_are_printed_in_the_order_of_their_lines(tmp_path):
    source = tmp_path / "sections.yaml"
    shutil.copy(DATA / "sections.yaml", source)
    output = cvtex("import", source)
    lines = [int(m[1]) for m in re.finditer(r"^note: .*?sections\.yaml:(\d+):", output, re.M)]
    assert len(lines) >= 5 and lines == sorted(lines)


# --- Dates YAML reads as numbers -----------------------------------------------------------


def test_a_date_read_as_a_number_keeps_the_month_the_file_writes(tmp_path):
    notes, profile = imported(tmp_path, "numbers.yaml")
    alibaba, tencent, baidu = profile["experience"]
    assert alibaba["start"] == "2025-10"  # start_date: 2025.10, which YAML reads as 2025.1
    assert (tencent["start"], tencent["end"]) == ("2019-01", "2019-12")
    # 2024.13 is no month: its year is kept, and a note at its line says so.
    assert baidu["start"] == "2024"
    assert note_at(notes, at("numbers.yaml", "2024.13"), "'2024.13' kept as 2024")


# --- Traditional from Simplified, over the whole file --------------------------------------


def test_a_traditional_json_resume_is_imported_as_zh_tw_exactly_as_written(tmp_path):
    notes, profile = imported(tmp_path, "traditional.json")
    assert profile["languages"] == ["zh-TW"]
    assert profile["headline"] == "AI 網路工程師"
    assert profile["summary"] == "八年網路與平台工程經驗，負責台北資料中心的自動化導入與權限管理。"
    bullets = profile["experience"][0]["bullets"]
    assert bullets[:2] == [
        "導入 GitOps 流程，將網路設定變更時間縮短 60%",
        "撰寫 Ansible 腳本稽核交換器權限",
    ]
    assert profile["education"][0]["advisors"] == ["陳明德"]  # 指導教授：陳明德
    # One line in Simplified characters: kept as written, under zh-TW, named at its line.
    assert bullets[2] == "维护内部文档系统"
    assert note_at(notes, at("traditional.json", "维护内部文档系统"), "Simplified characters")
    # Taiwan's address from the country down, its name not its code.
    assert {"type": "location", "value": "臺灣台北市"} in profile["contacts"]


def test_a_file_that_says_only_chinese_is_traditional_by_its_text(tmp_path):
    _, profile = imported(tmp_path, "traditional.yaml")  # locale.language: mandarin_chinese
    assert profile["languages"] == ["zh-TW"]
    assert profile["experience"][0]["bullets"] == ["導入自動化測試流程"]
    (tmp_path / "profile.yaml").unlink()
    _, told = imported(tmp_path, "traditional.yaml", languages="zh")
    assert told["languages"] == ["zh"]  # --lang decides


def test_lang_zh_hk_names_hong_kong_s_traditional(tmp_path):
    _, profile = imported(tmp_path, "traditional.json", languages="zh-HK")
    assert profile["languages"] == ["zh-HK"]
    assert profile["headline"] == "AI 網路工程師"


@pytest.mark.parametrize(
    ("texts", "language"),
    [
        (["軟體工程師", "國立臺灣大學", "負責資料中心的自動化導入"], "zh-TW"),
        (["软件工程师", "清华大学", "负责数据中心的自动化导入"], "zh"),
        # Most characters are the same in both forms; the few that differ decide.
        (["研究方向", "機器學習", "深度学习", "資料科學"], "zh-TW"),
        (["基于 PyTorch 的训练框架", "Python", "Kubernetes", "Go"], "zh"),
        (["Software engineer", "Python", "Mei Lin (林梅)"], "en"),
        (
            [
                "搭建实验平台，服务 30 个业务团队",
                "负责推荐系统的模型训练",
                "负责数据中心的自动化导入",
                "数据科学家",
                "東京オフィスと協力",
            ],
            "zh",
        ),
        (["東京大学", "ソフトウェアエンジニア", "大規模分散システムの設計"], "ja"),
        (["서울대학교", "소프트웨어 엔지니어", "韓國科學技術院"], "ko"),
    ],
)
def test_a_file_s_language_is_the_language_most_of_its_words_are_in(texts, language):
    assert language_of(texts) == language


# --- A JSON Resume in Simplified Chinese ----------------------------------------------------


def test_a_chinese_json_resume_keeps_its_month_address_and_authors(tmp_path):
    notes, profile = imported(tmp_path, "simplified.json")
    assert profile["languages"] == ["zh"]
    # From the country down, the country by its name: 北京 is written once (北京市).
    assert {"type": "location", "value": "中国北京市海淀区颐和园路5号"} in profile["contacts"]
    prose, paper = profile["publications"]
    assert (prose["year"], prose["month"]) == (2023, 5)  # releaseDate: 2023-05
    assert "authors" not in prose  # a summary in sentences is no author list
    assert note_at(notes, at("simplified.json", '"summary": "本文'), "not an author list")
    assert paper["authors"] == ["周静怡", "李明"]  # its summary, cvtex's own export's form
    assert (paper["year"], paper["month"]) == (2021, 9)
    assert profile["owner_names"] == ["周静怡"]  # set in bold there: **周静怡**
    assert profile["awards"] == [
        {"name": "年度技术创新奖，美团", "years": [2022], "description": "表彰实验平台的建设。"}
    ]
    # A Japanese line in a Chinese file: imported as written, named at its line.
    assert "東京オフィスとの共同研究を担当" in profile["experience"][0]["bullets"]
    assert note_at(notes, at("simplified.json", "東京オフィス"), "written in Japanese")


# --- A .bib into a Chinese-first profile ----------------------------------------------------


@pytest.fixture
def with_papers(tmp_path):
    for name in ("profile.yaml", "refs.bib"):
        shutil.copy(DATA / name, tmp_path / name)
    output = cvtex("import", tmp_path / "refs.bib", "--into", tmp_path / "profile.yaml")
    data = yaml.safe_load((tmp_path / "profile.yaml").read_text(encoding="utf-8"))
    return tmp_path, output, data


def test_a_bib_into_a_chinese_first_profile_writes_texts_for_every_language(with_papers):
    _, output, data = with_papers
    mediation, forests = data["publications"]
    # Plain texts: a paper has one title in every CV; none falls back or lacks a language.
    assert mediation["title"] == "Debiased inference for high-dimensional mediation effects"
    assert mediation["venue"] == "Journal of the American Statistical Association"
    assert (mediation["year"], mediation["month"]) == (2025, 3)
    assert forests["authors"] == ["Y. Zhou", "M. Xu", "L. Wang"]
    assert "does not list" not in output  # no language of its own to add


def test_the_owner_is_found_by_the_pinyin_of_a_chinese_name(with_papers):
    _, output, data = with_papers
    assert data["owner_names"] == ["M. Xu"]
    assert re.search(r"note: .*refs\.bib: owner_names: M\. Xu added: .*许明哲", output)


def test_a_linked_bib_and_an_imported_one_give_the_same_authors(with_papers, tmp_path):
    folder, _, data = with_papers
    linked = folder / "linked.yaml"
    shutil.copy(DATA / "profile.yaml", linked)
    with linked.open("a", encoding="utf-8") as file:
        file.write("bibliography: {file: refs.bib}\n")
    shown = load_profile(linked).profile.publications
    by_title = {str(p.title): [str(a.name) for a in p.authors] for p in shown}
    for publication in data["publications"]:
        assert by_title[publication["title"]] == publication["authors"]


def test_the_imported_papers_build_strict_in_both_languages(with_papers):
    folder, _, _ = with_papers
    output = cvtex("build", folder / "profile.yaml", "--strict")
    assert "fall back" not in output
    for language in ("zh", "en"):
        page = normalized(pdf_text(folder / "out" / f"profile.{language}.pdf"))
        assert normalized("Doubly robust causal forests at scale") in page
        assert normalized("Y. Zhou, M. Xu, L. Wang") in page


@pytest.mark.parametrize(
    ("name", "forms"),
    [
        ("许明哲", ["Mingzhe Xu", "M. Xu", "Xu Mingzhe"]),
        ("欧阳修", ["Xiu Ouyang", "X. Ouyang"]),  # a family name of two characters
        ("曾国藩", ["Guofan Zeng", "G.-F. Zeng"]),  # 曾 is Zeng in a name
        ("吕小明", ["Xiaoming Lü", "Xiaoming Lyu", "Xiaoming Lu"]),
        ("陳怡君", ["Yijun Chen", "I-Chun Chen"]),  # Taiwan's Wade-Giles too
        ("Haoran Chen", ["Haoran Chen", "H. Chen"]),
    ],
)
def test_a_name_s_forms_in_author_lists(name, forms):
    assert set(forms) <= set(name_forms(name, chinese=True))


def test_a_publication_s_month_goes_back_out_in_the_json_resume_export(tmp_path):
    imported(tmp_path, "simplified.json")
    cvtex("build", tmp_path / "profile.yaml", "--format", "json")
    written = tmp_path / "out" / "profile.zh.resume.json"
    resume = json.loads(written.read_text(encoding="utf-8"))
    dates = {p["name"]: p["releaseDate"] for p in resume["publications"]}
    assert dates == {"在线实验中的方差缩减方法": "2023-05", "异质处理效应的稳健估计": "2021-09"}


def test_an_owner_not_found_is_suggested_and_one_already_there_is_left_alone():
    papers = [{"authors": ["Y. Zhou", "L. Wang"]}]
    names, what = suggestion({"zh": "许明哲", "en": "Mingzhe Xu"}, ["zh", "en"], [], papers)
    assert names == [] and "owner_names: [Mingzhe Xu, Ming-Zhe Xu, M. Xu]" in what
    # An author who is the owner by the profile's English name, or set in bold: nothing.
    assert suggestion({"zh": "许明哲", "en": "Mingzhe Xu"}, ["zh", "en"], [],
                      [{"authors": ["Mingzhe Xu"]}]) is None  # fmt: skip
    assert suggestion("许明哲", ["zh"], [], [{"authors": ["**许明哲**", "林乾"]}]) is None
    # A Japanese name is no pinyin's: its forms are the name's own.
    assert suggestion("山田 太郎", ["ja"], [], papers) == (
        [],
        "no author is 山田 太郎 by the profile's name or owner_names: if you are among them, "
        "add the form the author lists write, such as owner_names: [山田 太郎, 山田太郎]",
    )

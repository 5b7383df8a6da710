"""`cvtex check --posting`: a job posting's terms (skills, tools, degrees; English and
Chinese postings) against what each language's PDF, and a letter's, shows as read back,
with the missing terms the profile holds in items the CV leaves out."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cvtex.check.posting import posting_terms
from cvtex.cli.main import main
from cvtex.language.catalog import load_catalog

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


def english_and_chinese_words():
    return [load_catalog(code).posting for code in ("en", "zh")]


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

"""Three people who write their CV first in Chinese or Japanese, through cvtex with the
command line (issue 49, item 7): an engineer in Taipei with a Traditional JSON Resume, a
statistics PhD in Beijing with a Chinese RenderCV file and a .bib, an engineer in Tokyo
with a Japanese JSON Resume (tests/data/journeys/README.md).

Each imports his file, builds the CV in the language he wrote, adds English, has it
drafted by a machine translator (a local server on 127.0.0.1 speaking the OpenAI-compatible
chat completions API, answering from the English a translator would give), writes the
names of people himself (they are never sent), accepts the drafts and builds again. Each
value his file gives is placed in the profile or named in a note at its file and line, and
shows in the CV of his language; `build --strict` refuses the English CV while the drafts
wait, and builds it once they are accepted.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result

from cvtex.cli.main import main

from ..conftest import ROOT, normalized, pdf_text
from ..language.engine_servers import Received, Reply, Server, completion, serve

DATA = ROOT / "tests" / "data" / "journeys"


@dataclass
class Journey:
    folder: Path
    profile: Path
    language: str  # the language he writes first
    said: list[str] = field(default_factory=list)
    steps: dict[str, Result] = field(default_factory=dict)  # a named step: what it did
    sent: list[str] = field(default_factory=list)  # what the machine translator was sent
    imported: dict = field(default_factory=dict)  # the profile as the import wrote it

    def run(self, *args: object, step: str = "", must_succeed: bool = True) -> Result:
        result = CliRunner().invoke(main, [str(arg) for arg in args])
        self.said.append(result.output)
        if step:
            self.steps[step] = result
        if must_succeed:
            assert result.exit_code == 0, (args, result.output, result.exception)
        return result

    def pdf(self, language: str) -> Path:
        return self.folder / "out" / f"{self.profile.stem}.{language}.pdf"

    def notes(self) -> list[str]:
        return [line for out in self.said for line in out.splitlines() if line.startswith("note:")]


# --- The machine translator ----------------------------------------------------------------


@contextmanager
def translator(english: Mapping[str, str], sent: list[str]) -> Iterator[Server]:
    """An OpenAI-compatible engine on 127.0.0.1 that answers each text with the English a
    translator gives it; a text it has no English for comes back as it was sent, so that a
    CV showing it shows what was not translated."""

    def answer(server: Server, received: Received) -> Reply:
        assert received.method == "POST" and received.path == "/v1/chat/completions"
        message = json.loads(received.body["messages"][-1]["content"])
        texts = [text["text"] for text in message["texts"]]
        sent.extend(texts)
        replies = [
            {"id": text["id"], "text": english.get(text["text"], text["text"])}
            for text in message["texts"]
        ]
        content = json.dumps({"translations": replies}, ensure_ascii=False)
        return Reply(body=completion(content))

    with serve(answer) as server:
        yield server


def add_english(journey: Journey) -> None:
    """English after his language, as docs/languages.md says."""
    text = journey.profile.read_text(encoding="utf-8")
    first = f"\nlanguages: [{journey.language}]\n"
    assert first in text, text[:300]
    journey.profile.write_text(text.replace(first, f"\nlanguages: [{journey.language}, en]\n"))


def write_names(journey: Journey, names: Mapping[str, str]) -> None:
    """The English forms of the people's names, written by him where the draft left them
    (`validate --lang en` lists each): each name written once in the profile becomes
    {his language: ..., en: ...}, in either of the forms a Japanese name is written (佐藤 陽翔
    in the header, 佐藤陽翔 in an author list)."""
    text = journey.profile.read_text(encoding="utf-8")
    for name, english in names.items():
        count = 0
        for form in dict.fromkeys((name, name.replace(" ", ""))):
            # Set in bold in an author list: **许明哲**, its English too.
            bold = re.escape(f"'**{form}**'")
            mine = f"{{{journey.language}: '**{form}**', en: '**{english}**'}}"
            text = re.sub(bold, lambda _, mine=mine: mine, text)
            text, found = re.subn(
                rf"(?<=[\s\[,]){re.escape(form)}(?=[\s\],]|$)",
                f"{{{journey.language}: {form}, en: {english}}}",
                text,
                flags=re.M,
            )
            count += found
        assert count, name
    journey.profile.write_text(text, encoding="utf-8")


def walk(
    journey: Journey,
    sources: list[tuple[str, ...]],
    english: Mapping[str, str],
    names: Mapping[str, str],
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Import, build his language's CV, add English, draft, refuse strict, accept, write
    the names, build strict."""
    for args in sources:
        journey.run("import", *args)
    journey.imported = yaml.safe_load(journey.profile.read_text(encoding="utf-8"))
    journey.run("validate", journey.profile)
    journey.run("build", journey.profile, "--lang", journey.language)
    add_english(journey)
    cache = tmp_path_factory.mktemp("cache")
    with translator(english, journey.sent) as server:
        draft = CliRunner().invoke(
            main,
            [
                "translate", "draft", str(journey.profile), "--lang", "en",
                "--engine", "openai", "--base-url", f"{server.url}/v1", "--model", "test",
            ],
            env={"CVTEX_TRANSLATE_KEY": "sk-test", "CVTEX_CACHE_DIR": str(cache)},
        )  # fmt: skip
    journey.said.append(draft.output)
    assert draft.exit_code == 0, draft.output
    journey.run("build", journey.profile, "--strict", step="strict before", must_succeed=False)
    journey.run("translate", "accept", journey.profile)
    write_names(journey, names)
    journey.run("build", journey.profile, "--strict", step="strict after", must_succeed=False)


def walked(
    person: str,
    language: str,
    english: Mapping[str, str],
    names: Mapping[str, str],
    tmp_path_factory: pytest.TempPathFactory,
) -> Journey:
    """His files copied, then his path walked: his first file imported into me.yaml, each
    other one (a .bib) added --into it."""
    folder = tmp_path_factory.mktemp(person)
    for file in (DATA / person).iterdir():
        shutil.copy(file, folder / file.name)
    journey = Journey(folder, folder / "me.yaml", language)
    first, *more = sorted(folder.iterdir(), key=lambda file: file.suffix == ".bib")
    sources = [
        (first, "-o", journey.profile),
        *((file, "--into", journey.profile) for file in more),
    ]
    walk(journey, sources, english, names, tmp_path_factory)
    return journey


# --- What a file gives: every text of it, with the file it is in ---------------------------


def texts_of(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from texts_of(item)


def resume_of(person: str) -> dict:
    return json.loads((DATA / person / "resume.json").read_text(encoding="utf-8"))


def resume_given(resume: dict) -> list[str]:
    """What a JSON Resume gives: its label and summary, employers, positions, summaries,
    highlights and technologies, schools, fields and degrees, skills, an award and its
    giver, a publication (its lines that are fields given by their callers)."""
    given = [resume["basics"]["label"], resume["basics"]["summary"]]
    for job in resume["work"]:
        given += [job["name"], job["position"], job.get("summary", "")]
        given += job["highlights"] + job.get("keywords", [])
    for school in resume["education"]:
        given += [school["institution"], school["area"], school["studyType"]]
    for skill in resume["skills"]:
        given += [skill["name"], *skill["keywords"]]
    award = resume["awards"][0]
    given += [award["title"], award["awarder"], resume["publications"][0]["name"]]
    return [text for text in given if text]


def folded(text: str) -> str:
    return normalized(text).casefold()


def unplaced(journey: Journey, given: Iterable[str]) -> list[str]:
    """Each text the source gives that the profile lacks and no note names. A text the
    import writes in another place or form (an advisor line: its name) is given as the
    form the profile has."""
    profile = journey.profile.read_text(encoding="utf-8")
    written = folded(" ".join(texts_of(yaml.safe_load(profile))))
    notes = folded(" ".join(journey.notes()))
    return [text for text in given if folded(text) not in written and folded(text) not in notes]


def not_shown(pdf: Path, given: Iterable[str]) -> list[str]:
    page = folded(pdf_text(pdf))
    return [text for text in given if folded(text) not in page]


def unspaced(text: str) -> str:
    return "".join(text.split())


def not_as_written(pdf: Path, given: Iterable[str]) -> list[str]:
    """Each text that the PDF does not show character for character: nothing folded, no
    form converted, only the white space of line breaks (and xeCJK's glue) left out."""
    page = unspaced(pdf_text(pdf))
    return [text for text in given if unspaced(text) not in page]


# Han, kana and Hangul: what an English CV shows only in a text written {same: ...}.
CJK_LETTERS = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def same_texts(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        if set(value) == {"same"}:
            yield str(value["same"])
        for item in value.values():
            yield from same_texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from same_texts(item)


def cjk_in_english(journey: Journey) -> list[str]:
    """The lines of his English PDF with Han, kana or Hangul outside his {same:} texts."""
    pdf = journey.pdf("en")
    assert pdf.exists(), journey.said[-1]
    profile = yaml.safe_load(journey.profile.read_text(encoding="utf-8"))
    page = pdf_text(pdf)
    for same in same_texts(profile):
        page = page.replace(same, "")
    return [line for line in page.splitlines() if CJK_LETTERS.search(line)]


# --- (a) 張家豪: Taipei, a Traditional JSON Resume --------------------------------------------

CHIAHAO_ENGLISH = {
    "AI 網路工程師": "AI Network Engineer",
    "臺灣台北市": "Taipei, Taiwan",
    (
        "八年網路與平台工程經驗，負責台北資料中心的自動化導入與權限管理，"
        "熟悉以 Python 與 Go 撰寫維運腳本。"
    ): (
        "Eight years of network and platform engineering; led automation rollout and access "
        "control for a Taipei data center; writes operations scripts in Python and Go."
    ),
    "國立臺灣大學": "National Taiwan University",
    "碩士": "M.S.",
    "電機工程學系": "Electrical Engineering",
    "以機器學習偵測資料中心網路異常": (
        "Detecting data-center network anomalies with machine learning"
    ),
    "國立成功大學": "National Cheng Kung University",
    "學士": "B.S.",
    "資深網路工程師": "Senior Network Engineer",
    "雲橋科技股份有限公司": "CloudBridge Technology Co., Ltd.",
    "台北": "Taipei",
    "負責資料中心網路自動化與 AI 叢集的網路架構。": (
        "Owns data-center network automation and the network architecture of AI clusters."
    ),
    "導入 GitOps 流程，將網路設定變更時間縮短 60%": (
        "Introduced a GitOps workflow, cutting network change time by 60%"
    ),
    "撰寫 Ansible 腳本，每日稽核交換器權限": (
        "Wrote Ansible scripts that audit switch permissions daily"
    ),
    "建立網路設計文件與值班手冊，新進同仁上手時間減半": (
        "Wrote network design documents and on-call runbooks, halving onboarding time"
    ),
    "網路工程師": "Network Engineer",
    "中華電信股份有限公司": "Chunghwa Telecom Co., Ltd.",
    "新北": "New Taipei",
    "維護北區骨幹網路，年度可用率 99.99%": (
        "Maintained the northern backbone network at 99.99% yearly availability"
    ),
    "規劃 BGP 路由政策與流量工程": "Planned BGP routing policy and traffic engineering",
    "臺灣網際網路研討會": "Taiwan Academic Network Conference",
    "年度最佳團隊獎，雲橋科技": "Team of the Year Award, CloudBridge Technology",
    "主導資料中心網路自動化專案。": "For leading the data-center network automation project.",
    "程式語言": "Programming languages",
    "網路（專精）": "Networking (expert)",
    "人工智慧": "Artificial intelligence",
    "模型微調": "Model fine-tuning",
    "推論服務部署": "Inference service deployment",
    "中文": "Chinese",
    "母語": "Native",
    "英文": "English",
    "流利": "Fluent",
}
# The people's names: never sent; he writes their English forms himself.
CHIAHAO_NAMES = {"張家豪": "Chia-Hao Chang", "陳銘德": "Ming-Te Chen"}


@pytest.fixture(scope="module")
def chiahao(tmp_path_factory: pytest.TempPathFactory) -> Journey:
    return walked("chiahao", "zh-TW", CHIAHAO_ENGLISH, CHIAHAO_NAMES, tmp_path_factory)


def chiahao_given() -> list[str]:
    resume = resume_of("chiahao")
    # Its advisor and dissertation lines are fields: the advisor's name, the title.
    return [*resume_given(resume), resume["basics"]["name"], "陳銘德",
            "以機器學習偵測資料中心網路異常", resume["certificates"][0]["name"]]  # fmt: skip


def test_chiahao_is_imported_as_traditional_chinese(chiahao):
    profile = chiahao.imported
    assert profile["languages"] == ["zh-TW"]
    # His texts, byte for byte as he wrote them (導入, 權限, 腳本: no conversion).
    resume = json.loads((DATA / "chiahao" / "resume.json").read_text(encoding="utf-8"))
    assert profile["summary"] == resume["basics"]["summary"]
    assert profile["experience"][0]["bullets"][:3] == resume["work"][0]["highlights"]


def test_chiahao_every_value_is_placed_or_named(chiahao):
    missing = unplaced(chiahao, chiahao_given())
    assert not missing, missing


def test_chiahao_names_are_never_sent(chiahao):
    assert chiahao.sent, chiahao.said
    assert not {name for name in CHIAHAO_NAMES if any(name in text for text in chiahao.sent)}


def test_chiahao_zh_tw_pdf_shows_his_texts_exactly_as_written(chiahao):
    resume = resume_of("chiahao")
    # Every text of his file, character for character (導入, 權限, 腳本, 文件, 台, no
    # Simplified-to-Taiwan phrase conversion run over them): where the import placed a
    # text in parts (the advisor line: his name; the city after its country; the venue
    # and its abbreviation, which the CV sets in its own brackets), the parts.
    written = [*chiahao_given(), resume["basics"]["location"]["city"],
               "臺灣網際網路研討會", "TANET", resume["education"][0]["courses"][1]]  # fmt: skip
    pdf = chiahao.pdf("zh-TW")
    assert not not_as_written(pdf, written), not_as_written(pdf, written)
    page = unspaced(pdf_text(pdf))
    for converted in ("匯入", "許可權", "指令碼", "檔案", "臺北", "个人简介", "教育背景"):
        assert converted not in page, converted


def test_chiahao_english_pdf_has_no_chinese_outside_same_texts(chiahao):
    assert not cjk_in_english(chiahao), cjk_in_english(chiahao)


def test_chiahao_strict_refuses_the_drafts_and_builds_once_accepted(chiahao):
    before = chiahao.steps["strict before"]
    assert before.exit_code != 0 and "drafts not yet accepted" in before.output, before.output
    after = chiahao.steps["strict after"]
    assert after.exit_code == 0, after.output


# --- (b) 许明哲: Beijing, a Chinese RenderCV file and a .bib ----------------------------------

MINGZHE_ENGLISH = {
    "统计学博士研究生 · 高维统计与因果推断": (
        "PhD student in statistics · high-dimensional statistics and causal inference"
    ),
    "北京": "Beijing",
    (
        "北京大学统计学博士研究生，研究高维统计推断与因果推断，"
        "关注基于 PyTorch 的可扩展计算方法。申请美国高校博士后职位。"
    ): (
        "PhD student in statistics at Peking University working on high-dimensional "
        "inference and causal inference, with scalable methods built on PyTorch; applying "
        "for postdoctoral positions in the United States."
    ),
    "北京大学": "Peking University",
    "博士": "Ph.D.",
    "统计学": "Statistics",
    "高维协方差矩阵的稀疏估计与推断": (
        "Sparse estimation and inference for high-dimensional covariance matrices"
    ),
    "中国人民大学": "Renmin University of China",
    "理学学士": "B.S.",
    "数理统计、实变函数、随机过程": "Mathematical statistics, real analysis, stochastic processes",
    "联合培养博士生": "Visiting PhD student",
    "宾夕法尼亚大学沃顿商学院": "The Wharton School, University of Pennsylvania",
    "美国费城": "Philadelphia, USA",
    "提出高维中介分析的去偏估计方法，完成论文一篇": (
        "Proposed a debiased estimator for high-dimensional mediation analysis (one paper)"
    ),
    "研究实习生": "Research Intern",
    "微软亚洲研究院": "Microsoft Research Asia",
    "参与大规模因果推断平台的研发。": "Worked on a large-scale causal inference platform.",
    "基于 PyTorch 的训练框架中实现双重稳健估计": (
        "Implemented doubly robust estimation in a PyTorch-based training framework"
    ),
    "高维中介效应的去偏推断": "Debiased inference for high-dimensional mediation effects",
    "中国科学：数学": "Scientia Sinica Mathematica",
    "国家奖学金，教育部": "National Scholarship, Ministry of Education",
    "北京大学校长奖学金，北京大学": "President's Scholarship, Peking University",
    "授予年度科研成果突出的研究生。": "For graduate students with outstanding research.",
    "全国大学生数学建模竞赛一等奖，中国工业与应用数学学会": (
        "First Prize, China Undergraduate Mathematical Contest in Modeling, CSIAM"
    ),
    "《统计研究》审稿人": "Reviewer, Statistical Research",
    "研究方向": "Research Interests",
    "高维统计推断": "High-dimensional statistical inference",
    "因果推断与半参数方法": "Causal inference and semiparametric methods",
    "深度学习理论": "Theory of deep learning",
    "编程语言": "Programming languages",
    "统计方法（熟练）": "Statistical methods (proficient)",
    "高维回归": "High-dimensional regression",
    "贝叶斯推断": "Bayesian inference",
    "生存分析": "Survival analysis",
    "研究经历": "Research Experience",
    "论文发表": "Publications",
}
MINGZHE_NAMES = {"许明哲": "Mingzhe Xu", "林乾": "Qian Lin"}


@pytest.fixture(scope="module")
def mingzhe(tmp_path_factory: pytest.TempPathFactory) -> Journey:
    return walked("mingzhe", "zh", MINGZHE_ENGLISH, MINGZHE_NAMES, tmp_path_factory)


def mingzhe_given() -> list[str]:
    cv = yaml.safe_load((DATA / "mingzhe" / "cv.yaml").read_text(encoding="utf-8"))["cv"]
    sections = cv["sections"]
    given = [cv["name"], cv["headline"], *sections["个人简介"]]
    for school in sections["教育背景"]:
        given += [school["institution"], school["area"], school["studyType"]]
    given += ["林乾", "高维协方差矩阵的稀疏估计与推断", "Tony Cai"]  # lines that are fields
    for job in sections["研究经历"]:
        given += [job["company"], job["position"], *job.get("keywords", [])]
    for award in sections["Honors and Awards"]:
        given += [award["title"], award["awarder"]]
    for group in sections["Skills"]:
        given += [group["name"], *group["keywords"]]
    given += [entry["bullet"] for entry in sections["Academic Interests"]]
    given += [paper.get("title") or paper["name"] for paper in sections["论文发表"]]
    bib = (DATA / "mingzhe" / "papers.bib").read_text(encoding="utf-8")
    given += re.findall(r"^\s*title = \{(.*)\},$", bib, re.M)
    return given


def test_mingzhe_every_value_is_placed_or_named(mingzhe):
    missing = unplaced(mingzhe, mingzhe_given())
    assert not missing, missing


def test_mingzhe_chinese_cv_shows_every_value(mingzhe):
    # His own CV, before English: the Chinese one shows all his file gives.
    shown = [text for text in mingzhe_given() if text != "许明哲"]
    missing = not_shown(mingzhe.pdf("zh"), shown)
    assert not missing, missing


def test_mingzhe_papers_and_owner(mingzhe):
    profile = yaml.safe_load(mingzhe.profile.read_text(encoding="utf-8"))
    assert profile["owner_names"] == ["M. Xu"]  # the .bib's form of 许明哲, by its pinyin
    titles = [str(p["title"]) for p in profile["publications"]]
    assert "Doubly robust causal forests at scale" in titles  # plain: one title for both CVs
    visiting = profile["experience"][0]
    assert visiting["start"] == "2024-10"  # start_date: 2024.10, read from the file's text
    assert visiting["mentors"] == [{"same": "Tony Cai"}]  # 合作导师：Tony Cai 教授: a name


def test_mingzhe_names_are_never_sent(mingzhe):
    assert mingzhe.sent, mingzhe.said
    assert not [text for text in mingzhe.sent if "许明哲" in text or "林乾" in text]


def test_mingzhe_english_pdf_has_no_chinese_outside_same_texts(mingzhe):
    assert not cjk_in_english(mingzhe), cjk_in_english(mingzhe)


def test_mingzhe_strict_refuses_the_drafts_and_builds_once_accepted(mingzhe):
    before = mingzhe.steps["strict before"]
    assert before.exit_code != 0 and "drafts not yet accepted" in before.output, before.output
    after = mingzhe.steps["strict after"]
    assert after.exit_code == 0, after.output


# --- (c) 佐藤 陽翔: Tokyo, a Japanese JSON Resume --------------------------------------------

HARUTO_ENGLISH = {
    "ソフトウェアエンジニア": "Software Engineer",
    "日本東京都渋谷区": "Shibuya, Tokyo, Japan",
    (
        "大規模分散システムの設計と運用に十年携わってきました。"
        "Go と Rust によるストレージ基盤の開発が専門です。"
    ): (
        "Ten years designing and running large distributed systems; specializes in storage "
        "platforms written in Go and Rust."
    ),
    "東京大学": "The University of Tokyo",
    "修士": "M.S.",
    "情報理工学系研究科": "Graduate School of Information Science and Technology",
    "シニアソフトウェアエンジニア": "Senior Software Engineer",
    "株式会社ミライクラウド": "Mirai Cloud Inc.",
    "分散ストレージの書き込み遅延を四割削減": "Cut distributed storage write latency by 40%",
    "障害対応の手順書を整備し、復旧時間を半分に短縮": (
        "Wrote incident runbooks, halving recovery time"
    ),
    "研究員": "Researcher",
    "日本電信電話株式会社": "Nippon Telegraph and Telephone Corporation",
    "データセンター間の複製方式を研究し、特許を二件出願": (
        "Researched inter-data-center replication and filed two patents"
    ),
    "地理分散ストレージにおける複製遅延の削減": (
        "Reducing replication delay in geo-distributed storage"
    ),
    "情報処理学会論文誌": "Journal of Information Processing",
    "社長賞、株式会社ミライクラウド": "President's Award, Mirai Cloud Inc.",
    "言語": "Languages",
    "基盤": "Infrastructure",
    "分散ストレージ": "Distributed storage",
    "可観測性": "Observability",
    "日本語": "Japanese",
    "母語": "Native",
    "英語": "English",
    "ビジネス": "Business",
}
HARUTO_NAMES = {"佐藤 陽翔": "Haruto Sato", "山田 太郎": "Taro Yamada"}


@pytest.fixture(scope="module")
def haruto(tmp_path_factory: pytest.TempPathFactory) -> Journey:
    return walked("haruto", "ja", HARUTO_ENGLISH, HARUTO_NAMES, tmp_path_factory)


def haruto_given() -> list[str]:
    return [*resume_given(resume_of("haruto")), "山田 太郎"]  # 指導教員：山田 太郎 教授


def test_haruto_is_imported_as_japanese(haruto):
    assert haruto.imported["languages"] == ["ja"]  # 東京大学, 研究員: Han alone, with kana


def test_haruto_every_value_is_placed_or_named(haruto):
    missing = unplaced(haruto, haruto_given())
    assert not missing, missing


def test_haruto_japanese_cv_shows_every_value(haruto):
    missing = not_shown(haruto.pdf("ja"), haruto_given())
    assert not missing, missing


def test_haruto_japanese_pdf_is_as_written(haruto):
    pdf = haruto.pdf("ja")
    assert not not_as_written(pdf, haruto_given()), not_as_written(pdf, haruto_given())
    # His name and his advisor's keep the space between family and given name he wrote
    # (xeCJK drops a plain space between two Han characters), in the header and the
    # advisor line; his own name is found in the author list that writes it without one.
    lines = [" ".join(line.split()) for line in pdf_text(pdf).splitlines()]
    assert lines[0] == "佐藤 陽翔", lines[:2]
    assert any(line.endswith("指導教員：山田 太郎") for line in lines), lines
    tex = (haruto.folder / "out" / "me.ja.tex").read_text(encoding="utf-8")
    assert "\\cvowner{佐藤陽\\nobreak 翔}" in tex or "\\cvowner{佐藤陽翔}" in tex


def test_haruto_english_pdf_has_no_japanese_outside_same_texts(haruto):
    assert not cjk_in_english(haruto), cjk_in_english(haruto)
    # One advisor is an Advisor, as the English CV words it.
    assert "Advisor: Taro Yamada" in pdf_text(haruto.pdf("en"))


def test_haruto_strict_refuses_the_drafts_and_builds_once_accepted(haruto):
    before = haruto.steps["strict before"]
    assert before.exit_code != 0 and "drafts not yet accepted" in before.output, before.output
    after = haruto.steps["strict after"]
    assert after.exit_code == 0, after.output

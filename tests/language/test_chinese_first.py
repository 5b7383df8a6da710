"""A CV written in Chinese first: its English side is honest. The one rule of a text's
language (text/written.py) is what validate, build's count, `--strict`, `translate export`
and `draft` and the editor all tell, on one profile, text for text: a Chinese sentence with
English terms in it is Chinese, and so is a skill item, a venue, a title and an author."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import ExitCode
from cvtex.language.catalog import Locales
from cvtex.live.editfacts import facts_of
from cvtex.profile.source import load_yaml

from .engine_servers import deepl_answer, openai_answer, serve

DATA = Path(__file__).parents[1] / "data" / "chinese_first"
HAN = re.compile(r"[\u3400-\u9fff]")
# What the issue saw printed in the English CV, or never reported, or never sent.
CHINESE_WITH_ENGLISH = [
    "合作导师：Tony Cai 教授（宾夕法尼亚大学访问期间）",
    "基于 PyTorch 的训练框架，支持千卡规模的 RLHF 训练",
    "负责 Kubernetes 集群的 CI/CD 流水线",
]
SKILL_ITEMS = ["深度学习理论", "模型微调"]
PEOPLE = {"陈松蹊教授", "林乾", "张伟", "陈松蹊"}  # an advisor, authors, a referee


def run(*args: object, env: dict[str, str] | None = None):
    return CliRunner().invoke(main, [str(arg) for arg in args], env=env)


@pytest.fixture
def profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CVTEX_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "cv.yaml"
    shutil.copy(DATA / "beijing.yaml", path)
    return path


def draft_into_english(profile: Path, url: str):
    drafted = run(
        "translate", "draft", profile, "--lang", "en", "--engine", "openai",
        "--base-url", f"{url}/v1", "--model", "test-model",
        env={"CVTEX_TRANSLATE_KEY": "sk-test"},
    )  # fmt: skip
    assert drafted.exit_code == 0, drafted.output
    return drafted


def listed(report: str) -> dict[str, str]:
    """validate's "looks untranslated" lines: text by path."""
    found = re.findall(r"^    looks untranslated: line \d+: (\S+): '(.*)'$", report, re.M)
    return dict(found)


def test_every_command_names_the_same_chinese_texts_of_the_english_cv(profile, tmp_path):
    validated = run("validate", profile, "--lang", "en")
    assert validated.exit_code == 0, validated.output
    untranslated = listed(validated.stdout)
    count = len(untranslated)
    # Chinese with English terms, skill items, titles, venues, authors: all named.
    assert set(CHINESE_WITH_ENGLISH + SKILL_ITEMS + ["中国科学：数学", "统计研究"]) <= set(
        untranslated.values()
    )
    assert {"publications[0].authors[1]", "skills[1].items[0]", "publications[0].venue"} <= (
        set(untranslated)
    )
    # Never named: what is English, written per language, or {same: ...}.
    for english in ("Python", "Annals of Statistics", "Wei Zhang", "English (fluent)"):
        assert english not in untranslated.values()
    assert not [text for text in untranslated.values() if not HAN.search(text)]
    # Not "70 of 70 text fields have en text".
    have, total = map(int, re.search(r"en: (\d+) of (\d+) text fields", validated.stdout).groups())
    assert have + count == total and have < total / 2
    chinese = run("validate", profile, "--lang", "zh")
    assert f"zh: {total} of {total} text fields have zh text" in chinese.stdout

    # build counts the same texts, and --strict refuses them on both commands alike.
    built = run("build", profile, "--lang", "en", "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output
    assert f"warning: en: {count} look untranslated" in built.stderr
    strict = run("validate", profile, "--lang", "en", "--strict")
    strict_build = run("build", profile, "--lang", "en", "--strict", "--out", tmp_path / "o2")
    assert strict.exit_code == strict_build.exit_code == ExitCode.USER_ERROR
    problem = f"{count} text field(s) look untranslated in en"
    assert problem in strict.stderr and problem in strict_build.stderr

    # translate export: each text once, at the very places validate names.
    exported = run("translate", "export", profile, "--lang", "en")
    assert exported.exit_code == 0, exported.output
    sheet = yaml.safe_load((tmp_path / "cv.en.translation.yaml").read_text(encoding="utf-8"))
    places = {at.split(" (")[0] for unit in sheet["texts"] for at in unit["at"]}
    assert places == set(untranslated)
    assert {unit["zh"] for unit in sheet["texts"]} == set(untranslated.values())

    # The editor marks the same boxes.
    data, _ = load_yaml(profile, prose=True)
    facts = facts_of(1, profile, profile.read_text(encoding="utf-8"), data, Locales())
    marked = {tuple(item["path"]) for item in facts.untranslated if item["lang"] == "en"}
    assert {_dotted(path) for path in marked} == set(untranslated)

    # translate draft: every text but people's names and what the memory knows is sent.
    suggested = {unit["zh"] for unit in sheet["texts"] if unit.get("suggested")}
    with serve(openai_answer) as server:
        drafted = draft_into_english(profile, server.url)
    sent = [
        text["text"]
        for request in server.received
        for text in json.loads(request.body["messages"][-1]["content"])["texts"]
    ]
    assert len(sent) == len(set(sent))
    assert set(sent) == set(untranslated.values()) - PEOPLE - suggested
    assert not PEOPLE & set(sent)
    assert f"{len(suggested)} text(s) drafted into en from the memory, {len(sent)} by openai" in (
        drafted.output
    )
    # The owner's own name is in the memory (name: {zh: 林乾, en: Qian Lin}); the others'
    # are theirs to write.
    assert "林乾" in suggested
    assert f"{len(PEOPLE - suggested)} name(s) of people left for you to write" in drafted.stderr


def test_the_request_names_both_languages(profile):
    with serve(openai_answer) as server:
        draft_into_english(profile, server.url)
    request = server.received[0].body
    system = request["messages"][0]["content"]
    assert "from 简体中文 (zh) into English (en)" in system
    message = json.loads(request["messages"][-1]["content"])
    assert (message["source_language"], message["target_language"]) == ("zh", "en")


def _dotted(path: tuple[str | int, ...]) -> str:
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path)[1:]


# A profile written first in each CJK language, drafted into English; and English drafted
# into Simplified and Traditional Chinese.
FIRST = {
    "zh": ("负责 Kubernetes 集群的 CI/CD 流水线", "ZH"),
    "zh-TW": ("導入資料並設定權限", "ZH"),
    "zh-HK": ("負責數據平台的維護", "ZH"),
    "ja": ("東京大学で機械学習を研究", "JA"),
    "ko": ("Kubernetes 기반 배포 자동화", "KO"),
}


@pytest.mark.parametrize("first", list(FIRST))
def test_deepl_is_told_the_source_and_the_english_variant(tmp_path, monkeypatch, first):
    monkeypatch.setenv("CVTEX_CACHE_DIR", str(tmp_path / "cache"))
    text, source_lang = FIRST[first]
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        f"languages: [{first}, en]\nname: {{{first}: 林, en: Lin}}\nheadline: {text}\n",
        encoding="utf-8",
    )
    british = tmp_path / "en.yaml"  # an English catalog of one's own, for British English
    british.write_text(
        (Path(__file__).parents[2] / "locales" / "en.yaml")
        .read_text(encoding="utf-8")
        .replace("tag: en-US", "tag: en-GB"),
        encoding="utf-8",
    )
    with serve(lambda server, received: deepl_answer(server, received)) as server:
        for locale, variant in (((), "EN-US"), (("--locale-file", british), "EN-GB")):
            sent = len(server.received)
            result = run(
                "translate", "draft", profile, "--lang", "en", "--engine", "deepl",
                "--base-url", server.url, "--out", tmp_path / f"{variant}.yaml", *locale,
                env={"CVTEX_TRANSLATE_KEY": "key:fx"},
            )  # fmt: skip
            assert result.exit_code == 0, result.output
            # British English is not taken from the cache of the American draft.
            (request,) = [r for r in server.received[sent:] if r.path == "/v2/translate"]
            assert request.body["text"] == [text]
            languages = (request.body["source_lang"], request.body["target_lang"])
            assert languages == (source_lang, variant)
            written = (tmp_path / f"{variant}.yaml").read_text(encoding="utf-8")
            assert "headline: {" + first + ": " in written and "en: {draft: EN " in written


@pytest.mark.parametrize(("target", "variant"), [("zh", "ZH-HANS"), ("zh-TW", "ZH-HANT")])
def test_english_is_drafted_into_simplified_or_traditional(tmp_path, monkeypatch, target, variant):
    monkeypatch.setenv("CVTEX_CACHE_DIR", str(tmp_path / "cache"))
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        f"languages: [en, {target}]\nname: {{en: Lin, {target}: 林}}\n"
        "headline: Statistician working on transfer learning\n",
        encoding="utf-8",
    )
    with serve(lambda server, received: deepl_answer(server, received)) as server:
        result = run(
            "translate", "draft", profile, "--lang", target, "--engine", "deepl",
            "--base-url", server.url, env={"CVTEX_TRANSLATE_KEY": "key:fx"},
        )  # fmt: skip
    assert result.exit_code == 0, result.output
    (request,) = [r for r in server.received if r.path == "/v2/translate"]
    assert (request.body["source_lang"], request.body["target_lang"]) == ("EN", variant)
    assert f"{target}: {{draft: 译：Statistician" in profile.read_text(encoding="utf-8")


# -- Traditional Chinese as a source -------------------------------------------------------

# The texts of the Taiwan engineer's profile that OpenCC's s2twp would change (導入 → 匯入,
# 文件 → 檔案, 權限 → 許可權, 腳本 → 指令碼, 台 → 臺, 優化 → 最佳化, 平台 → 平臺, ...).
REWRITTEN_BY_S2TWP = [
    "AI 網路工程師，專注於雲端平台與資料工程",
    "台北市大安區",
    "國立台灣大學",
    "台北",
    "論文：以強化學習優化網路流量調度",
    "導入使用者資料至公司資料倉儲，每日處理 20 億筆紀錄",
    "撰寫 API 技術文件並維護內部開發者入口網站",
    "設計角色權限管理系統，支援三萬名員工的存取控制",
    "維護 Python 部署腳本，將發布時間由兩小時縮短為十分鐘",
    "建置後台監控服務與告警平台",
    "台中",
]


@pytest.mark.parametrize("traditional", ["zh-TW", "zh-HK"])
def test_official_names_are_found_from_traditional_both_ways(tmp_path, monkeypatch, traditional):
    # The catalog's official names are written in Simplified (zh's terms:); a profile
    # written in Traditional first finds them as its CV converts them, and an English one
    # drafting its Traditional gets them so converted. No engine: the memory alone.
    monkeypatch.setenv("CVTEX_CACHE_DIR", str(tmp_path / "cache"))
    first = tmp_path / "first.yaml"
    first.write_text(
        f"languages: [{traditional}, en]\nname: {{{traditional}: 張三, en: San Zhang}}\n"
        "education:\n  - institution: 北京大學\n  - institution: 清華大學\n",
        encoding="utf-8",
    )
    drafted = run("translate", "draft", first, "--lang", "en")
    assert drafted.exit_code == 0, drafted.output
    written = first.read_text(encoding="utf-8")
    assert "{draft: Peking University, from: catalog}" in written
    assert "{draft: Tsinghua University, from: catalog}" in written
    english = tmp_path / "english.yaml"
    english.write_text(
        f"languages: [en, {traditional}]\nname: {{en: San Zhang, {traditional}: 張三}}\n"
        "education:\n  - institution: Peking University\n",
        encoding="utf-8",
    )
    assert run("translate", "draft", english, "--lang", traditional).exit_code == 0
    assert "{draft: 北京大學, from: catalog}" in english.read_text(encoding="utf-8")


def test_traditional_text_is_set_as_written_and_converted_for_the_others(tmp_path):
    from cvtex.language.traditional import Conversion

    from ..building import build
    from ..conftest import normalized, pdf_text

    profile = tmp_path / "cv.yaml"
    shutil.copy(DATA / "taipei.yaml", profile)
    written = profile.read_text(encoding="utf-8")
    assert len(REWRITTEN_BY_S2TWP) == 11
    s2twp = Conversion("s2twp", {})
    for text in REWRITTEN_BY_S2TWP:
        assert text in written and s2twp(text) != text, text  # what a second s2twp breaks

    out = tmp_path / "out"
    build(profile, languages="zh-TW,zh,zh-HK", out_dir=out)
    taiwan = normalized(pdf_text(out / "cv.zh-TW.pdf"))
    for text in REWRITTEN_BY_S2TWP:
        assert normalized(text) in taiwan, text
        assert normalized(s2twp(text)) not in taiwan, text
    # The headings are the Traditional catalog's, not the Simplified ones.
    assert all(title in taiwan for title in ("學歷", "工作經歷", "專業技能"))
    assert not any(title in taiwan for title in ("教育背景", "工作经历"))

    # The Simplified CV goes through Taiwan-to-Simplified phrasing (tw2sp); the Hong Kong
    # one from Taiwan's forms to Hong Kong's (tw2t, then t2hk).
    mainland = normalized(pdf_text(out / "cv.zh.pdf"))
    tw2sp, tw2hk = Conversion("tw2sp", {}), Conversion(["tw2t", "t2hk"], {})
    for text in REWRITTEN_BY_S2TWP:
        assert normalized(tw2sp(text)) in mainland, text
    assert "导入用户数据" in mainland and "软件工程师" in mainland and "教育背景" in mainland
    hong_kong = normalized(pdf_text(out / "cv.zh-HK.pdf"))
    for text in REWRITTEN_BY_S2TWP:
        assert normalized(tw2hk(text)) in hong_kong, text


# -- the rest of the path in the source language ---------------------------------------------


def test_letter_new_on_a_traditional_profile_writes_traditional_and_names_its_pdfs(tmp_path):
    profile = tmp_path / "cv.yaml"
    text = (DATA / "taipei.yaml").read_text(encoding="utf-8")
    profile.write_text(text.replace("[zh-TW, en, zh, zh-HK]", "[zh-TW, en]"), encoding="utf-8")
    letter = tmp_path / "apply.yaml"
    result = run("letter", "new", letter, "--profile", profile)
    assert result.exit_code == 0, result.output
    assert "makes apply.zh-TW.pdf, apply.en.pdf" in result.output
    written = letter.read_text(encoding="utf-8")
    assert "(apply.zh-TW.pdf, apply.en.pdf)" in written
    starter = yaml.safe_load(written)
    assert starter["subject"] == {"en": starter["subject"]["en"], "zh-TW": "應聘研究科學家職位"}
    assert all(set(paragraph) == {"en", "zh-TW"} for paragraph in starter["body"])
    assert "{zh-TW: ..., en: ...}" in written  # how the letter's texts are written
    keys = [line for line in written.splitlines() if not line.lstrip().startswith("#")]
    assert not [line for line in keys if re.search(r"\bzh:", line)]
    built = run("build", letter, "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output
    assert sorted(path.name for path in (tmp_path / "out").glob("*.pdf")) == [
        "apply.en.pdf",
        "apply.zh-TW.pdf",
    ]
    assert "warning" not in built.output  # every text of the letter written in both


def test_word_and_text_copies_label_contacts_in_every_language(tmp_path):
    import docx

    from cvtex.language.catalog import available_languages, load_catalog

    english = set(load_catalog("en").contact_labels)
    for code in available_languages():
        assert set(load_catalog(code).contact_labels) >= english, code
    profile = tmp_path / "cv.yaml"
    text = (DATA / "taipei.yaml").read_text(encoding="utf-8")
    profile.write_text(
        text.replace(
            "  - {type: location, value: 台北市大安區}\n",
            "  - {type: location, value: 台北市大安區}\n  - {type: github, value: kychen}\n"
            "  - {type: scholar, value: kychen, url: 'https://scholar.google.com/x'}\n",
        ),
        encoding="utf-8",
    )
    out = tmp_path / "out"
    built = run("build", profile, "--lang", "zh-TW,zh-HK", "--format", "txt,docx", "--out", out)
    assert built.exit_code == 0, built.output
    for code in ("zh-TW", "zh-HK"):
        plain = (out / f"cv.{code}.txt").read_text(encoding="utf-8")
        assert "GitHub：kychen" in plain and "Google 學術搜尋：kychen" in plain, code
        word = "\n".join(p.text for p in docx.Document(str(out / f"cv.{code}.docx")).paragraphs)
        assert "GitHub：kychen" in word and "Google 學術搜尋：kychen" in word, code


def test_the_posting_report_in_taiwan_wording(tmp_path):
    profile = tmp_path / "cv.yaml"
    shutil.copy(DATA / "taipei.yaml", profile)
    posting = tmp_path / "posting.txt"
    posting.write_text(
        "資深後端工程師\n工作內容：\n- 負責資料平台與後台服務的設計與開發\n"
        "條件要求：\n- 熟悉 Python 或 Go\n- 具備資料工程經驗，熟悉 Kafka 尤佳\n"
        "福利制度：\n- 年終獎金\n",
        encoding="utf-8",
    )
    checked = run(
        "check", profile, "--lang", "zh-TW", "--posting", posting, "--out", tmp_path / "out"
    )
    assert checked.exit_code == 0, checked.output
    report = checked.output[checked.output.index("zh-TW: posting:") :]
    assert "職缺要求中的" in report and "已顯示" in report
    assert not set(report) & set("个词显读档"), report  # no Simplified character
    for word in ("條件", "尤佳", "年終獎金"):  # a heading, "preferred", a benefit: no terms
        assert word not in report, report
    assert "Kafka" in report


@pytest.mark.parametrize("language", ["zh-TW", "zh-HK"])
def test_new_starts_a_traditional_profile(tmp_path, language):
    profile = tmp_path / "cv.yaml"
    assert run("new", profile, "--lang", f"{language},en").exit_code == 0
    written = profile.read_text(encoding="utf-8")
    data = yaml.safe_load(written)
    assert data["languages"] == [language, "en"]
    assert data["education"][0]["institution"] == {"en": "Example University", language: "示例大學"}
    assert not re.search(r"\bzh:", written)
    assert f"only: [{language}]" in written  # the Chinese-only entries, in its own key
    report = run("validate", profile, "--lang", language).stdout
    assert re.search(rf"{language}: (\d+) of \1 text fields have {language} text, 0 fall", report)
    assert "converted" not in report  # written in Traditional: nothing converted again


def test_what_each_cv_names_of_texts_in_other_scripts(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        "languages: [en, zh]\nname: {en: Ann Lee, zh: 李安}\n"
        "experience:\n  - title: {en: Intern, zh: 实习生}\n    start: 2024\n"
        "    bullets: [東京大学で機械学習を研究, 熟悉 Python、R、SQL]\n"
        "publications:\n  - authors: [Иван Смирнов, Ann Lee]\n    title: データ分析の基礎\n"
        "    year: 2024\n"
        "skills:\n  - category: {en: Skills, zh: 技能}\n    items: [データ分析, 深度学习]\n",
        encoding="utf-8",
    )
    english = listed(run("validate", profile, "--lang", "en").stdout)
    chinese = listed(run("validate", profile, "--lang", "zh").stdout)
    # English: every CJK text, wherever it is (a title, a skill item); not a Russian author,
    # nor 熟悉 Python、R、SQL, three English words against two Chinese, as the rule reads it.
    assert set(english.values()) == {
        "東京大学で機械学習を研究",
        "データ分析の基礎",
        "データ分析",
        "深度学习",
    }
    # Chinese: Japanese where it is text of the CV; a paper's title and a skill item are
    # the same in every CJK CV; Chinese naming tools in Latin letters is Chinese.
    assert set(chinese.values()) == {"東京大学で機械学習を研究"}


def test_a_hong_kong_profile_is_converted_for_taiwan_and_the_mainland(tmp_path):
    from cvtex.language.catalog import load_catalog
    from cvtex.profile.load import load_profile
    from cvtex.view.localize import localize

    profile = tmp_path / "cv.yaml"
    profile.write_text(
        "languages: [zh-HK, en, zh-TW, zh]\nname: {zh-HK: 陳大文, en: Tai Man Chan}\n"
        "headline: 着重於衞生數據的綫路分析\n",
        encoding="utf-8",
    )
    loaded = load_profile(profile)
    headline = {
        code: localize(loaded, load_catalog(code)).headline for code in loaded.profile.languages
    }
    assert headline["zh-HK"] == "着重於衞生數據的綫路分析"  # as written
    assert headline["zh-TW"] == "著重於衛生數據的線路分析"  # hk2t, then t2tw
    assert headline["zh"] == "着重于卫生数据的线路分析"  # hk2s

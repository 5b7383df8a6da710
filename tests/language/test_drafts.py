"""The second language drafted for its author, and checked by them: `cvtex translate draft`
from the memory and through machine translators (test servers on 127.0.0.1 speaking the
OpenAI chat completions and DeepL API v2 shapes), what is sent, the cache, the failures,
and `validate` and `accept`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import ExitCode
from cvtex.profile.load import load_profile
from cvtex.profile.source import format_path

from .engine_servers import Reply, completion, deepl_answer, openai_answer, serve

PROFILE = """\
# Ann's CV: English first.
languages: [en, zh, zh-TW]
name: {en: Ann Lee, zh: 李安}
headline: PhD student in networking

education:
  - institution: {en: University of Science and Technology of China, zh: 中国科学技术大学}
    degree: {en: Ph.D., zh: 博士}
    start: 2020
    end: 2025
    bullets:
      - Visited Tencent and the University of Science and Technology of China
      - "Sped up training by $3\\\\times$ ([code](https://example.com/x))"

experience:
  - title: Research Intern
    organization: Tencent   # the same text is translated in the entry below
    location: Beijing, China
    start: 2023
    end: 2024
    bullets:
      - Built the fastest kernels
  - title: Research Intern
    organization: {en: Tencent, zh: 腾讯}
    start: 2022
    end: 2023
"""

SENT = {
    "PhD student in networking",
    "Visited Tencent and the University of Science and Technology of China",
    "Sped up training by $3\\times$ ([code](https://example.com/x))",
    "Research Intern",
    "Beijing, China",
    "Built the fastest kernels",
}


def run(*args: object, env: dict[str, str] | None = None):
    return CliRunner().invoke(main, [str(arg) for arg in args], env=env)


@pytest.fixture
def profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CVTEX_CACHE_DIR", str(tmp_path / "cache"))
    for name in ("OPENAI_API_KEY", "CVTEX_TRANSLATE_KEY", "DEEPL_AUTH_KEY"):
        monkeypatch.delenv(name, raising=False)
    path = tmp_path / "cv.yaml"
    path.write_text(PROFILE, encoding="utf-8")
    return path


def draft_openai(profile: Path, url: str, *more: object, key: str = "sk-test"):
    return run(
        "translate", "draft", profile, "--lang", "zh", "--engine", "openai",
        "--base-url", f"{url}/v1", "--model", "test-model", *more,
        env={"CVTEX_TRANSLATE_KEY": key},
    )  # fmt: skip


# -- the memory ------------------------------------------------------------------------------


def test_without_an_engine_only_the_memory_drafts_and_nothing_is_sent(profile, tmp_path):
    other = tmp_path / "other.yaml"
    other.write_text(
        "languages: [en, zh]\nname: {en: B, zh: 乙}\nheadline: "
        "{en: PhD student in networking, zh: 网络方向博士生}\n",
        encoding="utf-8",
    )
    result = run("translate", "draft", profile, "--lang", "zh", "--memory", other)
    assert result.exit_code == 0, result.output
    assert "2 text(s) drafted into zh from the memory" in result.output
    assert "5 text(s) left without a draft (--engine sends them" in result.stderr
    after = profile.read_text(encoding="utf-8")
    # The profile's own pair, another profile's; each marked as from the memory.
    assert "organization: {en: Tencent, zh: {draft: 腾讯, from: memory}} # the same" in after
    assert (
        "headline: {en: PhD student in networking, zh: {draft: 网络方向博士生, from: memory "
        in (after)
    )
    assert "from: memory other.yaml}}" in after
    # Drafts go to zh alone: zh-TW stays a conversion of it.
    assert "zh-TW:" not in after
    refused = run("translate", "draft", profile, "--lang", "zh-TW")
    assert refused.exit_code == ExitCode.USER_ERROR
    assert "zh-TW is converted from zh by OpenCC: drafts go to zh" in refused.output


def test_an_official_name_of_the_catalog_is_drafted_from_it(tmp_path, monkeypatch):
    monkeypatch.setenv("CVTEX_CACHE_DIR", str(tmp_path / "cache"))
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        "languages: [en, zh]\nname: {en: A, zh: 甲}\nexperience:\n"
        "  - {title: {en: Intern, zh: 实习生}, organization: Tencent, start: 2024}\n"
        "education:\n  - {institution: University of Science and Technology of China, "
        "start: 2020}\n",
        encoding="utf-8",
    )
    assert run("translate", "draft", profile, "--lang", "zh").exit_code == 0
    after = profile.read_text(encoding="utf-8")
    assert "organization: {en: Tencent, zh: {draft: 腾讯, from: catalog}}" in after
    assert "zh: {draft: 中国科学技术大学, from: catalog}}" in after


# -- an OpenAI-compatible endpoint --------------------------------------------------------------


def test_openai_is_sent_each_untranslated_text_once_with_context_and_glossary(profile):
    with serve(openai_answer) as server:
        result = draft_openai(profile, server.url)
    assert result.exit_code == 0, result.output
    assert "1 text(s) drafted into zh from the memory, 6 by openai" in result.output
    (request,) = server.received
    assert request.headers["Authorization"] == "Bearer sk-test"
    assert request.body["model"] == "test-model"
    assert request.body["response_format"] == {"type": "json_object"}
    assert "reply with one json object" in request.body["messages"][0]["content"].lower()
    message = json.loads(request.body["messages"][1]["content"])
    assert (message["source_language"], message["target_language"]) == ("en", "zh")
    texts = {text["text"]: text for text in message["texts"]}
    # Each text once (Research Intern stands twice); nothing translated or remembered.
    assert set(texts) == SENT and len(message["texts"]) == len(SENT)
    assert len({text["id"] for text in message["texts"]}) == len(SENT)
    assert texts["Built the fastest kernels"]["context"] == {
        "section": "experience",
        "field": "bullets",
        "organization": "Tencent",
    }
    # The glossary: the profile's own pairs and the catalog's official names the texts hold.
    glossary = {(entry["source"], entry["target"]) for entry in message["glossary"]}
    assert {
        ("University of Science and Technology of China", "中国科学技术大学"),
        ("Tencent", "腾讯"),
        ("Beijing", "北京"),
    } <= glossary

    after = profile.read_text(encoding="utf-8")
    drafted = "from: openai test-model}}"
    assert (
        "headline: {en: PhD student in networking, zh: {draft: 译：PhD student in networking, "
        + drafted
    ) in after
    assert after.count("{en: Research Intern, zh: {draft: 译：Research Intern, " + drafted) == 2
    assert "译：Visited 腾讯 and the 中国科学技术大学" in after
    assert "# Ann's CV: English first.\n" in after and "# the same text is" in after
    loaded = load_profile(profile)
    assert len(loaded.drafts) == 8
    assert loaded.profile.headline == {
        "en": "PhD student in networking",
        "zh": "译：PhD student in networking",
    }


def test_validate_lists_each_draft_and_strict_refuses_until_accepted(profile):
    with serve(openai_answer) as server:
        assert draft_openai(profile, server.url).exit_code == 0
    report = run("validate", profile, "--lang", "zh,zh-TW")
    assert report.exit_code == 0
    listed = [line for line in report.stdout.splitlines() if "draft, not yet accepted" in line]
    assert len(listed) == 8
    assert (
        "    draft, not yet accepted: line 4: headline: zh: '译：PhD student in networking' "
        "(from openai test-model)" in listed
    )
    assert "warning: 8 text(s) in zh are drafts not yet accepted" in report.stderr
    strict = run("validate", profile, "--strict")
    assert strict.exit_code == ExitCode.USER_ERROR
    assert "8 text(s) in zh are drafts not yet accepted (--strict)" in strict.stderr
    assert "cvtex translate accept" in strict.stderr

    accepted = run("translate", "accept", profile, "experience[0]")
    assert accepted.exit_code == 0, accepted.output
    assert "4 draft(s) accepted" in accepted.output  # title, organization, location, bullet
    after = profile.read_text(encoding="utf-8")
    assert "  - title: {en: Research Intern, zh: 译：Research Intern}\n" in after
    assert len(load_profile(profile).drafts) == 4
    unknown = run("translate", "accept", profile, "awards[3]")
    assert unknown.exit_code == ExitCode.USER_ERROR and "no draft at awards[3]" in unknown.output

    assert "4 draft(s) accepted" in run("translate", "accept", profile).output
    assert run("validate", profile, "--strict").exit_code == 0
    # A copy for each run that wrote, the first (the profile before any draft) kept.
    assert sorted(path.name for path in profile.parent.glob("cv.yaml*")) == [
        "cv.yaml",
        "cv.yaml.bak",
        "cv.yaml.bak2",
        "cv.yaml.bak3",
    ]
    assert profile.with_name("cv.yaml.bak").read_text(encoding="utf-8") == PROFILE


def test_dry_run_prints_what_would_be_sent_and_sends_nothing(profile):
    with serve(openai_answer) as server:
        result = draft_openai(profile, server.url, "--dry-run", key="sk-secret")
    assert result.exit_code == 0, result.output
    assert server.received == []
    assert profile.read_text(encoding="utf-8") == PROFILE
    assert f"POST {server.url}/v1/chat/completions\n" in result.output
    assert "Authorization: Bearer ***" in result.output and "sk-secret" not in result.output
    body = result.output.split("Authorization: Bearer ***\n\n", 1)[1].split("\n\n--dry-run")[0]
    sent = json.loads(body)
    texts = json.loads(sent["messages"][1]["content"])["texts"]
    assert {text["text"] for text in texts} == SENT
    assert "--dry-run: 1 request(s) would be sent; 1 text(s) from the memory" in result.output


def test_a_second_run_sends_nothing(profile):
    with serve(openai_answer) as server:
        assert draft_openai(profile, server.url).exit_code == 0
        drafted = profile.read_text(encoding="utf-8")
        # Drafted already: nothing to send.
        assert draft_openai(profile, server.url).exit_code == 0
        # The profile as it was: the cache answers.
        profile.write_text(PROFILE, encoding="utf-8")
        again = draft_openai(profile, server.url)
        assert again.exit_code == 0, again.output
    assert len(server.received) == 1
    assert "(6 from the cache)" in again.output
    assert profile.read_text(encoding="utf-8") == drafted


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        (
            Reply(429, {"error": "slow down"}, {"Retry-After": "120"}),
            "too many requests (HTTP 429 from {url}/v1/chat/completions); it asks to wait 120 s",
        ),
        (
            Reply(503, {"error": {"message": "model is loading"}}),
            "the engine failed (HTTP 503 from {url}/v1/chat/completions): "
            '{{"error": {{"message": "model is loading"}}}}',
        ),
        (Reply(401, {"error": "bad key"}), "the key was refused (HTTP 401"),
        (Reply(body=b"<html>proxy error</html>"), "cannot be used (not JSON: <html>proxy"),
        (Reply(body=completion("Sure! Here are the translations")), "not a JSON object"),
        (
            Reply(body=completion('{"translations": [{"id": "t99", "text": "x"}]}')),
            "an id that was not sent: 't99'",
        ),
        (Reply(body=completion('{"translations": []}')), "no translation for t1, t2"),
        (Reply(body={"choices": []}), "no choices[0].message.content"),
        (Reply(delay=3), "no reply from {url}/v1/chat/completions within 1 s"),
    ],
)
def test_an_engine_failure_is_a_clear_message_and_the_profile_untouched(profile, reply, message):
    with serve(openai_answer) as server:
        server.queued.append(reply)
        result = draft_openai(profile, server.url, "--timeout", "1")
    assert result.exit_code == ExitCode.ENGINE_FAILED, result.output
    assert result.stderr.startswith("error: openai test-model: ")
    assert message.format(url=server.url) in result.stderr
    assert "Traceback" not in result.output
    assert profile.read_text(encoding="utf-8") == PROFILE
    assert not profile.with_name("cv.yaml.bak").exists()


def test_a_short_rate_limit_is_waited_out(profile):
    with serve(openai_answer) as server:
        server.queued.append(Reply(429, {"error": "wait"}, {"Retry-After": "0"}))
        result = draft_openai(profile, server.url)
    assert result.exit_code == 0, result.output
    assert len(server.received) == 2
    assert "6 by openai" in result.output


def test_a_draft_that_loses_a_link_or_formula_is_not_used(profile):
    def careless(server, received):
        message = json.loads(received.body["messages"][-1]["content"])
        translations = [
            {"id": text["id"], "text": "译文" + text["text"].replace("$3\\times$", "三倍")}
            for text in message["texts"]
        ]
        return Reply(body=completion(json.dumps({"translations": translations})))

    with serve(careless) as server:
        result = draft_openai(profile, server.url)
    assert result.exit_code == 0, result.output
    assert "5 by openai" in result.output and "1 text(s) left without a draft" in result.stderr
    assert "三倍" not in profile.read_text(encoding="utf-8")


# -- DeepL ----------------------------------------------------------------------------------------


def draft_deepl(profile: Path, url: str, *more: object):
    return run(
        "translate", "draft", profile, "--lang", "zh", "--engine", "deepl", "--base-url", url,
        *more, env={"CVTEX_TRANSLATE_KEY": "key-test:fx"},
    )  # fmt: skip


def test_deepl_gets_a_glossary_and_each_text_with_its_context(profile):
    with serve(deepl_answer) as server:
        result = draft_deepl(profile, server.url)
    assert result.exit_code == 0, result.output
    assert "6 by deepl" in result.output
    requests = [(r.method, r.path) for r in server.received]
    assert requests[0] == ("POST", "/v2/glossaries") and requests[-1] == (
        "DELETE",
        "/v2/glossaries/g-1",
    )
    assert all(r.headers["Authorization"] == "DeepL-Auth-Key key-test:fx" for r in server.received)
    glossary = server.received[0].body
    assert (glossary["source_lang"], glossary["target_lang"]) == ("en", "zh")
    assert glossary["entries_format"] == "tsv"
    assert "University of Science and Technology of China\t中国科学技术大学" in (
        glossary["entries"].splitlines()
    )
    translated = [r.body for r in server.received if r.path == "/v2/translate"]
    assert all(
        body["target_lang"] == "ZH-HANS" and body["source_lang"] == "EN" for body in translated
    )
    assert all(
        body["glossary_id"] == "g-1" and body["tag_handling"] == "xml" for body in translated
    )
    texts = [text for body in translated for text in body["text"]]
    assert len(texts) == len(SENT) and "Research Intern" in texts
    # Link targets and formulas are sent in tags DeepL leaves alone.
    assert "Sped up training by <x>$3\\times$</x> ([code]<x>(https://example.com/x)</x>)" in texts
    kernels = next(body for body in translated if "Built the fastest kernels" in body["text"])
    assert kernels["context"] == (
        "Lines of a curriculum vitae, from its experience section, of an entry at Tencent."
    )
    after = profile.read_text(encoding="utf-8")
    assert "{draft: 译：Visited 腾讯 and the 中国科学技术大学, from: deepl}" in after
    bullet = load_profile(profile).profile.education[0].bullets[1].text
    assert bullet["zh"] == "译：Sped up training by $3\\times$ ([code](https://example.com/x))"


def test_deepl_without_a_glossary_for_the_languages_gets_the_terms_as_context(profile):
    with serve(lambda server, received: deepl_answer(server, received, glossaries=False)) as server:
        result = draft_deepl(profile, server.url)
    assert result.exit_code == 0, result.output
    translated = [r.body for r in server.received if r.path == "/v2/translate"]
    assert all("glossary_id" not in body for body in translated)
    visited = next(body for body in translated if any("Visited" in t for t in body["text"]))
    assert "University of Science and Technology of China = 中国科学技术大学" in visited["context"]


def test_deepl_without_its_key_says_so(profile):
    result = run("translate", "draft", profile, "--lang", "zh", "--engine", "deepl")
    assert result.exit_code == ExitCode.ENGINE_FAILED
    assert "DEEPL_AUTH_KEY is not set" in result.output
    assert profile.read_text(encoding="utf-8") == PROFILE


# -- the academic example, its Chinese removed ----------------------------------------------------

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "academic" / "profile.yaml"
CHINESE = ("zh", "zh-TW", "zh-HK", "zh-Hant")


def without_chinese(text: str) -> str:
    """The example as an English author would have it: no Chinese text, no entry for the
    Chinese CV alone (comments, layout and the rest as they are)."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    from cvtex.profile.edit import editable

    document = editable(text)

    def strip(node: object) -> None:
        if isinstance(node, CommentedMap):
            keys = list(node)
            if keys and all(key in (*CHINESE, "en") for key in keys) and "en" in keys:
                for key in CHINESE:
                    node.pop(key, None)
            for key in list(node):
                if key not in ("layout", "glossary", "protect", "owner_names"):
                    strip(node[key])
        elif isinstance(node, CommentedSeq):
            for index in reversed(range(len(node))):
                item = node[index]
                if isinstance(item, CommentedMap) and list(item.get("only") or []) == ["zh"]:
                    del node[index]
                else:
                    strip(item)

    strip(document.document)
    return document.dump_text()


def test_the_academic_example_drafted_into_chinese_builds_and_lists_every_draft(
    tmp_path, monkeypatch
):
    from ..building import build
    from ..conftest import normalized, pdf_text

    monkeypatch.setenv("CVTEX_CACHE_DIR", str(tmp_path / "cache"))
    profile = tmp_path / "profile.yaml"
    english = without_chinese(EXAMPLE.read_text(encoding="utf-8"))
    import yaml

    data = json.dumps(yaml.safe_load(english), ensure_ascii=False)
    assert "中国科学技术大学" not in data and '"only": ["zh"]' not in data
    profile.write_text(english, encoding="utf-8")
    before = run("validate", profile, "--lang", "zh")
    assert "falls back: " in before.stdout

    with serve(openai_answer) as server:
        drafted = draft_openai(profile, server.url)
    assert drafted.exit_code == 0, drafted.output
    sent = [
        text["text"]
        for request in server.received
        for text in json.loads(request.body["messages"][1]["content"])["texts"]
    ]
    assert len(sent) == len(set(sent)) > 20  # each distinct text once
    # People's names are theirs to write: never sent.
    assert not {"Jin Fang", "Prof. Hongli Xu", "Prof. Gongming Zhao"} & set(sent)
    assert "3 name(s) of people left for you to write: Jin Fang, Prof. Hongli Xu" in (
        drafted.stderr
    )
    # The catalog's official name of the university goes with the texts that hold it.
    glossaries = [
        json.loads(request.body["messages"][1]["content"])["glossary"]
        for request in server.received
    ]
    assert {
        "source": "University of Science and Technology of China",
        "target": "中国科学技术大学",
    } in ([entry for glossary in glossaries for entry in glossary])

    loaded = load_profile(profile)
    report = run("validate", profile, "--lang", "zh,zh-TW")
    listed = [line for line in report.stdout.splitlines() if "draft, not yet accepted" in line]
    assert len(listed) == len(loaded.drafts) > 20
    for found in loaded.drafts:
        assert any(f": {format_path(found.path)}: zh: " in line for line in listed), found
    zh = report.stdout.split("  zh-TW:")[0]
    # Every text drafted but the names, which fall back to English until written.
    assert " 3 fall back" in zh and "look untranslated" not in zh
    assert re.search(r"falls back: line \d+: name has no zh text", zh)
    strict = run("validate", profile, "--strict", "--lang", "zh")
    assert strict.exit_code == ExitCode.USER_ERROR
    assert f"{len(loaded.drafts)} text(s) in zh are drafts not yet accepted" in strict.stderr

    strict_build = run("build", profile, "--lang", "zh", "--strict", "--out", tmp_path / "out")
    assert strict_build.exit_code == ExitCode.USER_ERROR
    assert f"{len(loaded.drafts)} text(s) in zh are drafts not yet accepted (--strict)" in (
        strict_build.stderr
    )
    warnings: list[str] = []
    (zh, tw) = build(
        profile, languages="zh,zh-TW", out_dir=tmp_path / "out", on_warning=warnings.append
    )
    assert f"{len(loaded.drafts)} text(s) in zh are drafts not yet accepted: " in warnings[0]
    chinese = normalized(pdf_text(zh.pdf))
    assert normalized("中国科学技术大学") in chinese and normalized("译：") in chinese
    assert normalized("譯：") in normalized(pdf_text(tw.pdf))  # converted from the zh drafts


def test_drafts_reviewed_in_a_po_editor_replace_the_drafts(profile):
    import polib

    with serve(openai_answer) as server:
        assert draft_openai(profile, server.url).exit_code == 0
    sheet = profile.with_name("cv.zh.po")
    assert run("translate", "export", profile, "--lang", "zh", "-o", sheet).exit_code == 0
    po = polib.pofile(str(sheet))
    entries = {entry.msgid: entry for entry in po}
    assert len(entries) == 7 and all(entry.fuzzy for entry in entries.values())
    assert "suggested: draft openai test-model" in entries["Research Intern"].comment
    entries["Research Intern"].msgstr = "研究实习生"  # corrected, and so checked
    entries["Research Intern"].flags.remove("fuzzy")
    po.save(str(sheet))
    result = run("translate", "merge", profile, sheet)
    assert "1 translation(s) into zh merged (at 2 place(s)), 0 left empty, 6 suggestion" in (
        result.output
    )
    after = profile.read_text(encoding="utf-8")
    assert after.count("title: {en: Research Intern, zh: 研究实习生}") == 2
    assert len(load_profile(profile).drafts) == 6

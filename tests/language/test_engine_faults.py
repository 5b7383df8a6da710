"""Machine drafts under faults and hostile servers, against engines on 127.0.0.1 that speak
the OpenAI chat completions and DeepL API v2 shapes (engine_servers.py): a run cut short
resumes, the key goes only where it belongs, a reply is bounded in time and size, and what
is sent is what the documentation says."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import ExitCode

from .engine_servers import (
    Received,
    Reply,
    Server,
    deepl_answer,
    openai_answer,
    serve,
    without_keys,
)

CVTEX = Path(sys.executable).with_name("cvtex")
TEXTS = 67  # two requests to either engine: 40 + 27 (openai), 50 + 17 (deepl)

PROFILE = (
    "languages: [en, zh]\nname: {en: Ann Lee, zh: 李安}\n"
    "personal:\n  - {label: Date of birth, value: 1 May 1990}\n"
    '  - {label: Address, value: "12 Elm Street, Springfield"}\n'
    "experience:\n  - title: {en: Engineer, zh: 工程师}\n    organization: {en: Acme, zh: 极致}\n"
    "    start: 2020\n    bullets:\n"
    + "".join(f"      - Built the system number {number} for the team\n" for number in range(TEXTS))
)


@pytest.fixture
def profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    without_keys(monkeypatch, tmp_path / "cache")
    file = tmp_path / "cv.yaml"
    file.write_text(PROFILE, encoding="utf-8")
    return file


def run(*args: object, env: dict[str, str] | None = None):
    return CliRunner().invoke(main, [str(arg) for arg in args], env=env)


def openai(profile: Path, url: str, *more: object, env: dict[str, str] | None = None):
    return run(
        "translate", "draft", profile, "--lang", "zh", "--engine", "openai",
        "--base-url", f"{url}/v1", "--model", "test-model", *more,
        env={"CVTEX_TRANSLATE_KEY": "sk-test"} if env is None else env,
    )  # fmt: skip


def deepl(profile: Path, url: str, *more: object):
    return run(
        "translate", "draft", profile, "--lang", "zh", "--engine", "deepl", "--base-url", url,
        *more, env={"CVTEX_TRANSLATE_KEY": "key-test:fx"},
    )  # fmt: skip


def texts_sent(server: Server) -> list[str]:
    sent = []
    for received in server.received:
        if received.path.endswith("/chat/completions"):
            message = json.loads(received.body["messages"][-1]["content"])
            sent += [text["text"] for text in message["texts"]]
        elif received.path == "/v2/translate":
            sent += received.body["text"]
    return sent


def failing_second(
    answer: Callable[[Server, Received], Reply], failure: Reply
) -> Callable[[Server, Received], Reply]:
    """The engine's answers, but the second request of translations fails."""

    def answered(server: Server, received: Received) -> Reply:
        translating = [r for r in server.received if r.path.endswith(("completions", "translate"))]
        if received in translating and len(translating) == 2:
            return failure
        return answer(server, received)

    return answered


# -- a run cut short resumes ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("engine", "failure", "said"),
    [
        ("openai", Reply(500, {"error": "overloaded"}), "the engine failed (HTTP 500"),
        ("openai", Reply(delay=5), "no reply from"),
        ("deepl", Reply(456, {"message": "Quota exceeded"}), "quota is used up (HTTP 456"),
    ],
    ids=["500", "time-out", "456"],
)
def test_what_arrived_before_a_failure_is_kept_and_only_the_rest_is_sent_again(
    profile, engine, failure, said
):
    answer = openai_answer if engine == "openai" else deepl_answer
    first = 40 if engine == "openai" else 50
    draft = openai if engine == "openai" else deepl
    with serve(failing_second(answer, failure)) as server:
        result = draft(profile, server.url, "--timeout", "2")
        assert result.exit_code == ExitCode.ENGINE_FAILED, result.output
        assert said in result.output and "kept in the cache" in result.output
        assert len(texts_sent(server)) == TEXTS
        assert "draft:" not in profile.read_text(encoding="utf-8")  # nothing written
        sent = len(texts_sent(server))
        result = draft(profile, server.url)  # the same engine, answering again
        assert result.exit_code == 0, result.output
        assert len(texts_sent(server)) - sent == TEXTS - first  # the rest, only
    assert f"({first} from the cache)" in result.output
    assert profile.read_text(encoding="utf-8").count("{draft: 译：Built the system") == TEXTS


def test_ctrl_c_during_a_run_keeps_what_arrived(profile):
    stalled = threading.Event()

    def answer(server: Server, received: Received) -> Reply:
        if len(server.received) == 2:
            stalled.set()
            return Reply(delay=60)
        return openai_answer(server, received)

    with serve(answer) as server:
        process = subprocess.Popen(
            [str(CVTEX), "translate", "draft", str(profile), "--lang", "zh", "--engine",
             "openai", "--base-url", f"{server.url}/v1", "--model", "test-model"],
            env={**os.environ, "CVTEX_TRANSLATE_KEY": "sk-test"},
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )  # fmt: skip
        assert stalled.wait(120), "the second request never came"
        process.send_signal(signal.SIGINT)
        output, _ = process.communicate(timeout=60)
        assert process.returncode != 0 and "Traceback" not in output
        sent = len(texts_sent(server))
        result = openai(profile, server.url)
        assert result.exit_code == 0, result.output
        assert len(texts_sent(server)) - sent == TEXTS - 40


# -- the key goes only where it belongs -------------------------------------------------------


def test_a_redirect_to_another_origin_is_not_followed(profile):
    with serve(openai_answer) as elsewhere:

        def moved(server: Server, received: Received) -> Reply:
            location = f"{elsewhere.url}/v1/chat/completions"
            return Reply(307, headers={"Location": location})

        with serve(moved) as server:
            result = openai(profile, server.url)
    assert result.exit_code == ExitCode.ENGINE_FAILED
    assert "redirects to" in result.output and "key was not sent there" in result.output
    assert elsewhere.received == []


def test_a_key_with_a_newline_is_trimmed_and_one_with_control_characters_refused(profile):
    with serve(openai_answer) as server:
        result = openai(profile, server.url, env={"CVTEX_TRANSLATE_KEY": "sk-test\r\n"})
        assert result.exit_code == 0, result.output
        assert server.received[0].headers["Authorization"] == "Bearer sk-test"
    profile.write_text(PROFILE, encoding="utf-8")  # undrafted again
    with serve(openai_answer) as server:
        secret = "sk-secret\x1b[2Jrest"
        result = openai(profile, server.url, env={"CVTEX_TRANSLATE_KEY": secret})
    assert result.exit_code == ExitCode.USER_ERROR
    assert "CVTEX_TRANSLATE_KEY holds a control character" in result.output
    assert "sk-secret" not in result.output and "rest" not in result.output
    assert server.received == []


def test_openais_key_goes_to_openai_only(profile):
    with serve(openai_answer) as server:
        result = openai(profile, server.url, env={"OPENAI_API_KEY": "sk-openai"})
    assert result.exit_code == 0, result.output
    assert all("Authorization" not in received.headers for received in server.received)
    profile.write_text(PROFILE, encoding="utf-8")  # undrafted again
    # To OpenAI itself: sent (shown hidden by --dry-run, which sends nothing).
    shown = run(
        "translate", "draft", profile, "--lang", "zh", "--engine", "openai",
        "--model", "gpt-4o-mini", "--dry-run", env={"OPENAI_API_KEY": "sk-openai"},
    )  # fmt: skip
    assert shown.exit_code == 0, shown.output
    assert "POST https://api.openai.com/v1/chat/completions" in shown.output
    assert "Authorization: Bearer ***" in shown.output and "sk-openai" not in shown.output


def test_deepls_key_goes_to_deepl_only(profile):
    # To any other host (here one on 127.0.0.1 that speaks DeepL's API): never DEEPL_AUTH_KEY;
    # CVTEX_TRANSLATE_KEY when set, else no key at all.
    for env, sent in (
        ({"DEEPL_AUTH_KEY": "dk-secret:fx"}, None),
        ({"DEEPL_AUTH_KEY": "dk-secret:fx", "CVTEX_TRANSLATE_KEY": "proxy-key"}, "proxy-key"),
    ):
        profile.write_text(PROFILE, encoding="utf-8")
        with serve(deepl_answer) as server:
            result = run(
                "translate", "draft", profile, "--lang", "zh", "--engine", "deepl",
                "--base-url", server.url, env=env,
            )  # fmt: skip
        assert result.exit_code == 0, result.output
        assert server.received
        for received in server.received:
            assert "dk-secret" not in json.dumps(received.headers)
            assert "dk-secret" not in json.dumps(received.body, ensure_ascii=False)
            expected = None if sent is None else f"DeepL-Auth-Key {sent}"
            assert received.headers.get("Authorization") == expected
    # DeepL's own hosts, https only, get it (shown hidden by --dry-run, which sends nothing);
    # the same host over plain http, or a host that only ends like DeepL's, does not.
    for url, own in (
        (None, True),
        ("https://api.deepl.com", True),
        ("https://api-free.deepl.com/v2", True),
        ("http://api-free.deepl.com", False),
        ("https://api.deepl.com.example.org", False),
    ):
        profile.write_text(PROFILE, encoding="utf-8")
        where = () if url is None else ("--base-url", url)
        shown = run(
            "translate", "draft", profile, "--lang", "zh", "--engine", "deepl", *where,
            "--dry-run", env={"DEEPL_AUTH_KEY": "dk-secret:fx"},
        )  # fmt: skip
        assert shown.exit_code == 0, shown.output
        assert "dk-secret" not in shown.output
        assert ("Authorization: DeepL-Auth-Key ***" in shown.output) == own, url
    # DeepL itself needs its key: without it nothing is sent and the variable is named.
    missing = run("translate", "draft", profile, "--lang", "zh", "--engine", "deepl")
    assert missing.exit_code == ExitCode.ENGINE_FAILED
    assert "DEEPL_AUTH_KEY is not set" in missing.output


def test_the_base_url_is_an_http_address_without_a_password(profile):
    for url, said in (
        ("ftp://127.0.0.1/v1", "starts with https://"),
        ("file:///etc/passwd", "starts with https://"),
        ("http://ann:hunter2@127.0.0.1:9/v1", "a user and password in it"),
    ):
        result = run(
            "translate", "draft", profile, "--lang", "zh", "--engine", "openai",
            "--base-url", url, "--model", "m", "--dry-run",
        )  # fmt: skip
        assert result.exit_code == ExitCode.USER_ERROR, url
        assert said in result.output and "hunter2" not in result.output
    plain = run(
        "translate", "draft", profile, "--lang", "zh", "--engine", "openai",
        "--base-url", "http://translate.example.com/v1", "--model", "m", "--dry-run",
    )  # fmt: skip
    assert plain.exit_code == 0, plain.output
    assert "plain http to another machine" in plain.stderr


# -- bounded -------------------------------------------------------------------------------


def test_the_timeout_bounds_the_whole_reply_however_slowly_it_drips(profile):
    def dripping(server: Server, received: Received) -> Reply:
        reply = openai_answer(server, received)
        return Reply(body=reply.body, drip=0.2)  # minutes for the whole reply

    with serve(dripping) as server:
        result = openai(profile, server.url, "--timeout", "2")
    assert result.exit_code == ExitCode.ENGINE_FAILED
    assert "no reply from" in result.output and "within 2 s" in result.output


def test_a_reply_is_read_up_to_10_mb(profile):
    with serve(
        lambda server, received: Reply(body=b"[" + b" " * (50 * 1024 * 1024) + b"]")
    ) as server:
        result = openai(profile, server.url)
    assert result.exit_code == ExitCode.ENGINE_FAILED
    assert "larger than 10 MB" in result.output


def test_a_malformed_glossary_id_is_a_clear_message_and_what_arrived_is_kept(tmp_path, profile):
    # A glossary (a name the catalog knows) with a glossary_id no address can hold.
    profile.write_text(
        PROFILE.replace("organization: {en: Acme, zh: 极致}", "organization: Tencent"), "utf-8"
    )

    def answer(server: Server, received: Received) -> Reply:
        reply = deepl_answer(server, received)
        if received.path == "/v2/glossaries" and received.method == "POST":
            reply.body["glossary_id"] = "g 1\r\nX-Evil: yes"
        return reply

    with serve(answer) as server:
        result = deepl(profile, server.url)
    assert result.exit_code in (0, ExitCode.ENGINE_FAILED), result.output
    assert "InvalidURL" not in result.output and "Traceback" not in result.output
    cached = list((tmp_path / "cache" / "translations").rglob("*.json"))
    assert len(cached) >= TEXTS


def test_the_cache_is_for_this_user_only(tmp_path, profile):
    with serve(openai_answer) as server:
        assert openai(profile, server.url).exit_code == 0
    folder = tmp_path / "cache" / "translations"
    files = list(folder.rglob("*.json"))
    assert files
    for path in [folder, *{file.parent for file in files}]:
        assert path.stat().st_mode & 0o777 == 0o700, path
    for file in files:
        assert file.stat().st_mode & 0o777 == 0o600, file


# -- what is sent ----------------------------------------------------------------------------


def test_personal_lines_are_sent_only_when_asked(profile):
    kept = openai(profile, "http://127.0.0.1:9", "--dry-run")
    assert kept.exit_code == 0, kept.output
    for private in ("1 May 1990", "12 Elm Street", "Date of birth"):
        assert private not in kept.output
    # Counted as lines (two: a label and a value each), not as the texts in them.
    assert "2 personal line(s) kept on this machine, not sent" in kept.stderr
    asked = openai(profile, "http://127.0.0.1:9", "--dry-run", "--include", "personal")
    assert "1 May 1990" in asked.output and "12 Elm Street" in asked.output

"""`cvtex edit` under faults, hostile requests and fast hands, the real command in a process
of its own: another program saving the file while a change from the page is being made,
requests that are not what the page sends, connections left half sent, a long session on
a long profile, and photos that are not images."""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cvtex.live.preview import MAX_THREADS

from .editing import PROFILE, Editor, png, start_editor, wait_until

# Comments make the file long (each change reads it a few times, as a long profile is
# read) without making the CV long (its build stays quick).
PADDING = "".join(f"# {number:05d} {'a note kept in the file ' * 4}\n" for number in range(4000))


@pytest.fixture
def editor(tmp_path: Path) -> Iterator[Editor]:
    profile = tmp_path / "cv.yaml"
    profile.write_text(PADDING + PROFILE, encoding="utf-8")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    running = start_editor(profile, "--lang", "en", temporary=temporary)
    yield running
    running.stop()


def save_as_an_editor_does(file: Path, text: str) -> None:
    """Written beside, then renamed over the file: what most text editors do."""
    beside = file.with_name(f".{file.name}.other-program")
    beside.write_text(text, encoding="utf-8")
    os.replace(beside, file)


def test_a_save_by_another_program_during_a_change_is_never_overwritten(editor):
    rounds, lost = 30, []
    rng = random.Random(50)
    for number in range(rounds):
        _, state = editor.api("/api/state")
        text = editor.file.read_text(encoding="utf-8")
        theirs = re.sub(
            r'(?m)^  en: ".*Engineer: systems"$', f'  en: "Disk {number}; Engineer: systems"', text
        )
        assert theirs != text
        body = {
            "base": state["revision"],
            "changes": [{"op": "set", "path": ["name", "en"], "value": f"Page {number}"}],
            "writer": "test",
        }
        answers: list[tuple[int, object]] = []
        page = threading.Thread(
            target=lambda body=body, answers=answers: answers.append(editor.api("/api/edit", body))
        )
        page.start()
        time.sleep(rng.uniform(0.0, 0.1))  # within ~100 ms of the page's change
        save_as_an_editor_does(editor.file, theirs)
        page.join()
        status, answer = answers[0]
        assert status == 200, answer
        after = editor.file.read_text(encoding="utf-8")
        if f"Disk {number};" not in after:
            lost.append(number)
        # The editor has read the file as it is now before the next round.
        wait_until(
            lambda after=after: (
                editor.api("/api/state")[1]["data"]["name"]["en"]
                == json.loads(json.dumps(_name(after)))
            ),
            what="the editor read the file",
        )
    assert lost == [], f"another program's save overwritten in rounds {lost}"


def _name(text: str) -> str:
    line = next(line for line in text.splitlines() if line.startswith("name:"))
    return line.split("{en: ", 1)[1].split(",", 1)[0]


# -- who gets in ------------------------------------------------------------------------------


def test_only_the_person_who_started_it_gets_in(editor):
    editor.wait_for_line("built")
    token = editor.token()
    # Another account on the computer, without the address printed: no page (so no token
    # to read in it), no document, no PDF.
    status, page = editor.request("/")
    assert status == 403 and token not in page
    for path in ("/api/state", "/api/form", "/events", "/cv.en.pdf", "/page/cv.en.pdf/1.png"):
        assert editor.request(path)[0] == 403, path
    # The address printed: its token becomes a cookie no script reads and no other site's
    # request carries, and the page is loaded without the token in its address.
    host, port = editor.origin.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=60)
    connection.request("GET", f"/?token={token}")
    answer = connection.getresponse()
    assert answer.status == 303 and answer.getheader("Location") == "/"
    cookie = answer.getheader("Set-Cookie")
    connection.close()
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    pair = cookie.split(";")[0]
    assert pair == f"cvtex-token-{port}={token}"
    # The cookie alone lets the page in: the page itself holds no token.
    status, page = editor.request("/", headers={"Cookie": pair})
    assert status == 200 and token not in page
    status, state = editor.request("/api/state", headers={"Cookie": pair})
    assert status == 200 and state["name"] == "cv.yaml"
    assert editor.request("/cv.en.pdf", headers={"Cookie": pair})[1][:5] == b"%PDF-"
    wrong = f"cvtex-token-{port}=guessed"
    assert editor.request("/api/state", headers={"Cookie": wrong})[0] == 403
    # The tab's icon needs nothing, and is served (no error in the page's console).
    status, icon = editor.request("/favicon.ico")
    assert status == 200 and icon.startswith(b"<svg")


# -- requests the page never sends ---------------------------------------------------------------


def said(editor: Editor) -> str:
    lines = []
    while not editor.lines.empty():
        lines.append(editor.lines.get())
    return "".join(lines)


def test_a_request_the_page_never_sends_gets_400_and_its_reason(editor):
    before = editor.file.read_bytes()
    _, state = editor.api("/api/state")
    base = state["revision"]
    name = ["name", "en"]

    def change(value: object) -> dict[str, object]:
        return {"base": base, "changes": [{"op": "set", "path": name, "value": value}]}

    deep: object = "Ann"
    for _ in range(45):
        deep = [deep]
    bodies = {
        "changes not a list": json.dumps({"base": base, "changes": "abc"}),
        "a change not an object": json.dumps({"base": base, "changes": [1, "x"]}),
        "no base": json.dumps({"changes": []}),
        "base not a number": json.dumps({"base": True, "changes": []}),
        "not an object": "[]",
        "not JSON": "{base: 1",
        "a lone surrogate": json.dumps(change("\ud800")),
        "deeper than validate takes": json.dumps(change(deep)),
        "deeper than Python parses": '{"base": 1, "changes": [' + "[" * 100_000 + "]" * 100_000,
    }
    token = {"X-Cvtex-Token": editor.token(), "Content-Type": "application/json"}
    for what, body in bodies.items():
        status, answer = editor.request("/api/edit", raw=body.encode(), headers=token)
        assert status == 400, (what, status, answer)
        assert isinstance(answer, dict) and answer["error"], what
    assert editor.file.read_bytes() == before
    assert editor.api("/api/state")[0] == 200  # still answering
    assert "Traceback" not in said(editor)


def test_half_sent_connections_time_out_and_hold_few_threads(editor):
    host, port = editor.origin.removeprefix("http://").split(":")
    tasks = f"/proc/{editor.process.pid}/task"
    before = len(os.listdir(tasks))
    held = []
    # A quarter as many again as the server has threads: were each to hold a thread, the
    # count below would show it. The ones over MAX_THREADS are dropped after a second's
    # wait for a thread, while the others hold theirs: more would only wait for them (10 s).
    extra = MAX_THREADS // 4
    for _ in range(MAX_THREADS + extra):
        connection = socket.create_connection((host, int(port)), timeout=60)
        connection.sendall(
            b"POST /api/edit HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Len"  # and no more
        )
        held.append(connection)
    try:
        time.sleep(2)  # the server has taken all it takes
        threads = len(os.listdir(tasks))
        assert threads < before + MAX_THREADS + extra // 2, (before, threads)
        # Each is closed by the server, sooner or later: none is held for ever.
        for connection in held:
            assert connection.recv(1024) == b""  # closed, whatever the server said before
    finally:
        for connection in held:
            connection.close()
    assert editor.api("/api/state")[0] == 200
    assert "Traceback" not in said(editor)


# -- the photo ----------------------------------------------------------------------------------


def test_a_photo_is_decoded_before_it_is_taken_and_the_one_it_replaces_is_kept(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text(PROFILE.replace("headline:", "photo: {file: me.png}\nheadline:"), "utf-8")
    original = png(8, 8)
    (tmp_path / "me.png").write_bytes(original)
    (tmp_path / "me.png").chmod(0o600)
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    running = start_editor(profile, "--lang", "en", temporary=temporary)
    try:
        token = {"X-Cvtex-Token": running.token(), "Content-Type": "image/png"}
        fakes = {
            "the signature and nothing": b"\x89PNG\r\n\x1a\n" + b"\0" * 20,
            "cut short": png(64, 64)[:-30],
            "another kind": b"\xff\xd8\xff\xe0" + b"\0" * 100,
        }
        for what, data in fakes.items():
            status, answer = running.request("/photo", raw=data, headers=token)
            assert status == 400 and "not written" in answer["error"], what
            assert (tmp_path / "me.png").read_bytes() == original, what
        first, second = png(16, 16), png(24, 24)
        status, answer = running.request("/photo", raw=first, headers=token)
        assert status == 200 and answer["backup"].endswith("me.png.bak")
        assert (tmp_path / "me.png").read_bytes() == first
        assert (tmp_path / "me.png.bak").read_bytes() == original
        assert (tmp_path / "me.png").stat().st_mode & 0o777 == 0o600
        # Once a session: the copy stays the photo as it was before it.
        assert running.request("/photo", raw=second, headers=token)[0] == 200
        assert (tmp_path / "me.png.bak").read_bytes() == original
        # Put back, as the page's Undo does: the image it replaced, sent again.
        assert running.request("/photo", raw=original, headers=token)[0] == 200
        assert (tmp_path / "me.png").read_bytes() == original
    finally:
        running.stop()

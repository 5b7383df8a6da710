"""`cvtex edit`'s server, as another site or program would try it: it listens on 127.0.0.1
only, answers only requests addressed to it, writes only with the page's token (and never
for another origin), serves nothing but the document, its PDFs and the photo it names in
its folder, and fetches nothing from the network."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from cvtex.live.editserver import PAGE_DIR

from .editing import PROFILE, Editor, changed_from, png, start_editor, wait_until

PNG = png()


@pytest.fixture
def editor(tmp_path: Path) -> Iterator[Editor]:
    profile = tmp_path / "cv.yaml"
    profile.write_text(PROFILE.replace("headline:", "photo: {file: me.png}\nheadline:"), "utf-8")
    (tmp_path / "me.png").write_bytes(PNG)
    (tmp_path / "secret.png").write_bytes(PNG + b"secret")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    # --lang en: the server is what is tested here, one PDF is enough.
    running = start_editor(profile, "--lang", "en", temporary=temporary)
    yield running
    running.stop()


def change(editor: Editor, text: str) -> dict[str, object]:
    status, state = editor.api("/api/state")
    assert status == 200
    return {
        "base": state["revision"],
        "changes": [{"op": "set", "path": ["name", "en"], "value": text}],
        "writer": "test",
    }


def test_a_write_needs_the_pages_token(editor):
    before = editor.file.read_bytes()
    body = change(editor, "Mallory")
    for headers in ({}, {"X-Cvtex-Token": "guessed"}):
        status, answer = editor.request("/api/edit", body, headers)
        assert status == 403 and "token" in answer["error"]
    # The token, sent from another site's page: refused too.
    token = editor.token()
    for headers in (
        {"X-Cvtex-Token": token, "Origin": "http://evil.example"},
        {"X-Cvtex-Token": token, "Sec-Fetch-Site": "cross-site"},
    ):
        assert editor.request("/api/edit", body, headers)[0] == 403
    # Addressed by another name (DNS rebinding): not answered at all.
    assert editor.request("/", host="evil.example:8421")[0] == 421
    assert (
        editor.request("/api/edit", body, {"X-Cvtex-Token": token}, host="evil.example")[0] == 421
    )
    assert editor.file.read_bytes() == before
    # With the token, from the page itself: written.
    status, answer = editor.request("/api/edit", body, {"X-Cvtex-Token": token})
    assert status == 200 and answer["conflicts"] == []
    assert "name: {en: Mallory, zh: 李安}" in changed_from(editor.file, before.decode())


def test_reading_the_document_needs_the_token_too(editor):
    editor.wait_for_line("built")  # the PDFs exist: a refusal is for the token, not for them
    for path in ("/api/state", "/api/form", "/api/facts", "/photo", "/cv.en.pdf"):
        assert editor.request(path)[0] == 403, path
    token = editor.token()
    assert editor.request(f"/cv.en.pdf?token={token}")[1][:5] == b"%PDF-"
    assert editor.request("/page/cv.en.pdf/1.png?w=300")[0] == 403
    status, image = editor.request(f"/page/cv.en.pdf/1.png?w=300&token={token}")
    assert status == 200 and image.startswith(b"\x89PNG")
    status, state = editor.api("/api/state")
    assert status == 200 and state["data"]["name"] == {"en": "Ann Lee", "zh": "李安"}
    assert state["languages"] == ["en", "zh", "zh-TW"]
    assert state["converted_from"] == {"zh-TW": "zh"}


def test_it_listens_on_127_0_0_1_only(editor):
    port = int(editor.origin.rsplit(":", 1)[1])
    listening = []
    for table in (Path("/proc/net/tcp"), Path("/proc/net/tcp6")):
        if not table.exists():
            continue
        for line in table.read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, local_port = local.split(":")
            if state == "0A" and int(local_port, 16) == port:  # 0A: LISTEN
                listening.append(address)
    assert listening == ["0100007F"]  # 127.0.0.1, and no other address


def test_the_photo_served_and_written_is_the_one_the_profile_names(editor):
    token = editor.token()
    status, image = editor.request(f"/photo?token={token}")
    assert status == 200 and image == PNG
    # A new image: written over the named file, and nowhere else.
    new = png(16, 16)
    status, _ = editor.request(
        "/photo", raw=new + b"", headers={"X-Cvtex-Token": token, "Content-Type": "image/png"}
    )
    assert status == 200
    assert (editor.file.parent / "me.png").read_bytes() == new
    # Not an image, or not the named file's kind: refused.
    for kind, data in (("image/png", b"#!/bin/sh\n"), ("image/jpeg", PNG)):
        status, _ = editor.request(
            "/photo", raw=data, headers={"X-Cvtex-Token": token, "Content-Type": kind}
        )
        assert status in (400, 415)
    # A photo named outside the profile's folder is neither served nor written.
    text = editor.file.read_text(encoding="utf-8")
    editor.file.write_text(text.replace("{file: me.png}", "{file: ../me.png}"), "utf-8")
    wait_until(
        lambda: editor.api("/api/state")[1]["data"]["photo"]["file"] == "../me.png",
        what="the editor read the change",
    )
    assert editor.request(f"/photo?token={token}")[0] == 404
    status, _ = editor.request(
        "/photo", raw=PNG, headers={"X-Cvtex-Token": token, "Content-Type": "image/png"}
    )
    assert status == 409
    assert not (editor.file.parent.parent / "me.png").exists()


def test_no_other_file_is_served(editor):
    token = editor.token()
    (editor.file.parent / "notes.txt").write_text("private", encoding="utf-8")
    for path in ("/cv.yaml", "/notes.txt", "/../cv.yaml", "/%2e%2e/cv.yaml", "/cv.zh.pdf"):
        assert editor.request(f"{path}?token={token}")[0] == 404, path
    for path in ("/page/../cv.yaml/1.png", "/page/cv.yaml/1.png", "/page/cv.en.pdf/9.png"):
        assert editor.request(f"{path}?token={token}&w=300")[0] == 404, path


def test_nothing_comes_from_the_network(editor):
    status, page = editor.request("/", headers={"X-Cvtex-Token": editor.token()})
    assert status == 200
    for name in re.findall(r'(?:src|href)="([^"]+)"', page):
        assert name.startswith("/"), name  # every script and style from cvtex itself
    for file in PAGE_DIR.iterdir():
        text = file.read_text(encoding="utf-8")
        assert not re.search(r"https?://", text), f"{file.name} names a web address"
    status, _ = editor.request("/edit.js")
    assert status == 200


def test_a_bad_change_is_refused_with_its_reason_and_nothing_written(editor):
    before = editor.file.read_bytes()
    _, state = editor.api("/api/state")
    status, answer = editor.api(
        "/api/edit",
        {
            "base": state["revision"],
            "changes": [{"op": "delete", "path": ["awards", 0]}],
            "writer": "test",
        },
    )
    assert status == 409 and "awards[0]" in answer["error"]
    assert editor.file.read_bytes() == before


def test_an_edit_is_built_on_the_engines_the_editor_keeps_waiting(tmp_path):
    """The editor builds as `cvtex watch` does: once the first build is there, an engine per
    language waits with its preamble read (as many as the machine has cores, at least two),
    and an edit is compiled on them, to PDFs that show it."""
    import queue
    import threading

    from cvtex.live.editserver import serve_editor
    from cvtex.live.editsession import EditSession
    from cvtex.live.watch import Rebuilt, WatchState

    from ..building import request
    from ..conftest import pdf_text

    profile = tmp_path / "cv.yaml"
    profile.write_text(PROFILE, encoding="utf-8")
    state = WatchState(request(profile, "en,zh"))
    builds: queue.Queue[Rebuilt] = queue.Queue()
    stop = threading.Event()
    editor = threading.Thread(
        target=serve_editor,
        args=(state, 0, lambda url: None, builds.put),
        kwargs={"stop": stop, "interval": 0.05},
        daemon=True,
    )
    editor.start()
    try:
        first = builds.get(timeout=300)
        assert first.error is None and sorted(first.compiled + first.kept) == ["en", "zh"]
        wait_until(lambda: {"cv.en", "cv.zh"} <= set(state.waiting), 300, "engines waiting")
        # Another page's edit, through the same write path: the editor's watch takes it up.
        other = EditSession(profile)
        changes = [
            {"op": "set", "path": ["name", "en"], "value": "Ann Li"},
            {"op": "set", "path": ["name", "zh"], "value": "李小安"},
        ]
        other.apply(other.current.number, changes, "page")
        rebuilt = builds.get(timeout=300)
        assert rebuilt.error is None and sorted(rebuilt.compiled) == ["en", "zh"]
        assert sorted(rebuilt.primed) == ["en", "zh"]
        assert "李小安" in pdf_text(tmp_path / "out" / "cv.zh.pdf")
        assert "Ann Li" in pdf_text(tmp_path / "out" / "cv.en.pdf")
    finally:
        stop.set()
        editor.join(timeout=120)
        state.close()


def test_the_page_waits_at_most_150_ms_after_the_last_keystroke():
    """The page sends the typing once it stops: 150 ms after the last key at most (the
    issue's bound), and by that one timer only."""
    script = (PAGE_DIR / "edit.js").read_text(encoding="utf-8")
    (debounce,) = re.findall(r"^const DEBOUNCE = (\d+);", script, re.MULTILINE)
    assert 0 < int(debounce) <= 150
    assert re.findall(r"setTimeout\(flush, (\w+)\)", script) == ["DEBOUNCE"]

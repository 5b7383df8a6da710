"""`cvtex edit` under faults, hostile requests and fast hands, the real command in a process
of its own: another program saving the file while a change from the page is being made,
requests that are not what the page sends, connections left half sent, a long session on
a long profile, and photos that are not images."""

from __future__ import annotations

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
            target=lambda body=body: answers.append(editor.api("/api/edit", body))
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

"""A file replaced while another program holds it, as Windows refuses until it lets go (a
PDF viewer, an indexer): the replace is tried again, and a replace that never succeeds
leaves the old file whole and no temporary beside it. Held here for real: an immutable
file (chattr +i) refuses to be replaced with the same PermissionError, until the flag goes."""

from __future__ import annotations

import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from cvtex import atomic


def hold(file: Path) -> None:
    done = subprocess.run(["chattr", "+i", str(file)], capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"chattr cannot hold a file here: {done.stderr.decode().strip()}")


def release(file: Path) -> None:
    subprocess.run(["chattr", "-i", str(file)], check=True)


@pytest.fixture
def held(tmp_path: Path):
    if not shutil.which("chattr"):
        pytest.skip("no chattr")
    target = tmp_path / "profile.en.pdf"
    target.write_bytes(b"old")
    hold(target)
    yield target
    release(target)


def test_a_held_file_is_replaced_once_it_is_let_go(held):
    timer = threading.Timer(0.2, release, [held])
    timer.start()
    try:
        atomic.write_bytes(held, b"new")
    finally:
        timer.join()
    assert held.read_bytes() == b"new"
    assert [path.name for path in held.parent.iterdir()] == [held.name]


def test_a_file_never_let_go_is_left_whole(held):
    with pytest.raises(PermissionError):
        atomic.write_text(held, "new")
    assert held.read_bytes() == b"old"
    assert [path.name for path in held.parent.iterdir()] == [held.name]


def test_moving_a_built_pdf_into_place_waits_as_well(held, tmp_path):
    built = tmp_path / "engine" / "cvtex-job.pdf"
    built.parent.mkdir()
    built.write_bytes(b"built")
    timer = threading.Timer(0.2, release, [held])
    timer.start()
    try:
        atomic.move_into_place(built, held)
    finally:
        timer.join()
    assert held.read_bytes() == b"built" and not built.exists()

"""Engines die with cvtex, however it ends, and the next cvtex removes their folders.

Real `cvtex build` processes are killed with SIGKILL at several moments; what they leave
is read from /proc. Waits only bound how long a broken cleanup can hang a test.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from cvtex.compile import orphans
from cvtex.compile.engine import Engine

from ..conftest import EXAMPLE, pdf_text

if not sys.platform.startswith("linux"):
    pytest.skip("parent-death signals and /proc are Linux's", allow_module_level=True)

CVTEX = Path(sys.executable).with_name("cvtex")
BOUND = 120.0  # seconds a dying engine may take to be gone, however busy the machine


def engines_under(folder: Path) -> list[int]:
    """Live XeLaTeX processes working in ``folder`` or below it."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "comm").read_text().strip() != "xelatex":
                continue
            if (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X"):
                continue
            cwd = Path(os.readlink(entry / "cwd"))
        except OSError:
            continue  # ended while being looked at
        if cwd.is_relative_to(folder):
            found.append(int(entry.name))
    return found


def cvtex_script(script: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """``script`` run by a Python of its own (a cvtex that may be killed, or forks), in
    ``folder``: what it printed, and said."""
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=folder
    )


def wait_until(condition, bound: float = BOUND) -> bool:
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def environment(tmp_path: Path) -> dict[str, str]:
    temporary = tmp_path / "tmp"
    temporary.mkdir(exist_ok=True)
    return {**os.environ, "TMPDIR": str(temporary)}


def start_build(tmp_path: Path) -> subprocess.Popen[bytes]:
    out = str(tmp_path / "out")
    return subprocess.Popen(
        [str(CVTEX), "build", "-q", "--force", "--lang", "en,zh", "--out", out, str(EXAMPLE)],
        env=environment(tmp_path),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def kill(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait()


def assert_nothing_left_after_the_next_start(tmp_path: Path) -> None:
    # The engines are gone with their cvtex, without anyone else's help...
    assert wait_until(lambda: not engines_under(tmp_path)), engines_under(tmp_path)
    # ...and their folders with the next cvtex: any command clears the temporary folder,
    # a build its out dir.
    env = environment(tmp_path)
    subprocess.run([str(CVTEX), "--version"], env=env, check=True, capture_output=True)
    assert list((tmp_path / "tmp").iterdir()) == []
    out = tmp_path / "out"
    command = [str(CVTEX), "build", "-q", "--lang", "en,zh", "--out", str(out), str(EXAMPLE)]
    subprocess.run(command, env=env, check=True, capture_output=True)
    assert sorted(path.name for path in out.iterdir()) == [
        ".cvtex-cache.json",
        "profile.en.pdf",
        "profile.en.tex",
        "profile.zh.pdf",
        "profile.zh.tex",
    ]
    assert list((tmp_path / "tmp").iterdir()) == []
    # A pass is over once its log says so: its XeLaTeX may still be handing back its memory.
    assert wait_until(lambda: not engines_under(tmp_path)), engines_under(tmp_path)


@pytest.mark.parametrize("moment", [0.05, 0.2, 0.5, 1.0])
def test_a_build_killed_at_any_moment_leaves_no_engine(tmp_path, moment):
    build = start_build(tmp_path)
    time.sleep(moment)  # where in the build the kill lands; nothing is timed
    kill(build)
    assert_nothing_left_after_the_next_start(tmp_path)


@pytest.mark.parametrize("running", [1, 2])
def test_a_build_killed_while_its_engines_run_leaves_no_engine(tmp_path, running):
    build = start_build(tmp_path)
    seen = wait_until(lambda: len(engines_under(tmp_path)) >= running or build.poll() is not None)
    assert seen and build.poll() is None, "the build ended before its engines were seen"
    kill(build)
    assert_nothing_left_after_the_next_start(tmp_path)


def test_an_engine_started_by_a_thread_outlives_the_thread(tmp_path):
    """The kernel's parent-death signal follows the thread that forked: an engine started
    from a worker thread must not die when that thread ends (a watch's waiting engine)."""
    engine = Engine(tmp_path)
    worker = threading.Thread(target=engine.start)
    worker.start()
    worker.join()
    assert engine.process is not None and engine.process.poll() is None
    run = engine.run(
        "\\documentclass{article}\\begin{document}Still here.\\end{document}\n", "cv.en.tex"
    )
    assert "Still here." in pdf_text(run.pdf)


def test_a_folder_whose_owner_lives_is_kept(tmp_path):
    mine = orphans.private_folder(orphans.OUT_PREFIX, tmp_path)
    other = subprocess.Popen(["sleep", "600"])
    try:
        started = orphans._start_time(other.pid)
        theirs = tmp_path / f"{orphans.OUT_PREFIX}{other.pid}.{started}-abcd"
        reused = tmp_path / f"{orphans.OUT_PREFIX}{other.pid}.{started - 1}-abcd"  # an old pid
        theirs.mkdir()
        reused.mkdir()
        assert orphans.remove_stale(tmp_path, orphans.OUT_PREFIX) == [reused]
        assert mine.is_dir() and theirs.is_dir()
    finally:
        other.kill()
        other.wait()
    assert orphans.remove_stale(tmp_path, orphans.OUT_PREFIX) == [theirs]
    assert mine.is_dir()


def test_only_engine_folders_are_removed(tmp_path):
    (tmp_path / "notes").mkdir()
    (tmp_path / ".cvtex-cache.json").write_text("{}")
    (tmp_path / "profile.en.pdf").write_text("%PDF")
    unowned = tmp_path / ".cvtex-old1234"  # an older cvtex's folder: kept until a day old
    unowned.mkdir()
    assert orphans.remove_stale(tmp_path, orphans.OUT_PREFIX) == []
    day_old = time.time() - 2 * 24 * 3600
    os.utime(unowned, (day_old, day_old))
    assert orphans.remove_stale(tmp_path, orphans.OUT_PREFIX) == [unowned]
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        ".cvtex-cache.json",
        "notes",
        "profile.en.pdf",
    ]


def test_a_termination_waits_until_an_engine_is_known():
    """SIGTERM in the middle of making an engine takes effect once it is made."""
    previous = signal.signal(signal.SIGTERM, orphans.on_terminate)
    steps = []
    try:
        with pytest.raises(SystemExit) as caught:
            with orphans.uninterrupted():
                os.kill(os.getpid(), signal.SIGTERM)
                steps.append("made")  # still runs: the signal is held
            steps.append("after")  # never runs: the exit comes as the block ends
        assert caught.value.code == 128 + signal.SIGTERM
        assert steps == ["made"]
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_ctrl_c_while_an_engine_is_forked_stops_cvtex(tmp_path):
    # Python handles a signal that arrives while it forks inside its fork hooks, which drop
    # the KeyboardInterrupt: the editor and the preview once went on after a Ctrl-C. Here
    # the Ctrl-C comes exactly then, every time; and the engine started is not left with
    # the signals blocked that cvtex held meanwhile. cvtex forks so on a system without
    # setpriv (see the next test), as here.
    script = (
        "import os, signal\n"
        # As a terminal starts it: a shell that runs the suite in the background (nohup,
        # a CI runner) hands SIGINT on ignored, and Python then raises no KeyboardInterrupt.
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from cvtex.compile import orphans\n"
        "orphans._setpriv = lambda: None\n"
        "def blocked():\n"
        "    child = orphans.spawn(['grep', 'SigBlk', '/proc/self/status'], stdout=-1)\n"
        "    print(child.communicate()[0].decode().split()[1])\n"
        "blocked()\n"
        "os.register_at_fork(after_in_parent=lambda: os.kill(os.getpid(), signal.SIGINT))\n"
        "try:\n"
        "    blocked()\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
    )
    done = cvtex_script(script, tmp_path)
    assert done.stdout.split() == ["0000000000000000", "interrupted"], done.stderr


@pytest.mark.skipif(shutil.which("setpriv") is None, reason="util-linux's setpriv is missing")
@pytest.mark.parametrize("thread", ["main", "other"])
def test_starting_an_engine_copies_nothing_of_cvtex(tmp_path, thread):
    """An engine that dies with cvtex is started as any program is, not by a fork of cvtex
    (see orphans): a fork copies its page tables, and each page cvtex writes afterwards
    faults. Here cvtex holds 256 MB, starts an engine, then writes each page again; the
    engine still dies with cvtex, its signals unblocked."""
    script = (
        "import os, resource, shutil, sys, threading\n"
        "from cvtex.compile import orphans\n"
        "os.register_at_fork(before=lambda: print('forked', flush=True))\n"
        "held = bytearray(256 << 20)\n"
        "def write():\n"
        "    held[::4096] = bytes(len(held[::4096]))\n"
        "write()\n"
        "started = []\n"
        "def start():\n"
        "    started.append(orphans.spawn([shutil.which('grep'), 'SigBlk', '/proc/self/status'],"
        " stdout=-1, start_new_session=True))\n"
        f"runner = threading.Thread(target=start) if {thread == 'other'} else None\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt\n"
        "runner.start() or runner.join() if runner else start()\n"
        "write()\n"
        "faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before\n"
        "print(started[0].communicate()[0].decode().split()[1], faults > len(held) // 4096 // 4)\n"
        "sleeper = orphans.spawn([shutil.which('sleep'), '600'])\n"
        "print(sleeper.pid, flush=True)\n"
        "os.kill(os.getpid(), 9)\n"
    )
    done = cvtex_script(script, tmp_path)
    assert "forked" not in done.stdout, done.stderr
    blocked, copied, sleeper = done.stdout.split()
    assert (blocked, copied) == ("0000000000000000", "False"), done.stderr
    assert wait_until(lambda: _state(int(sleeper)) == "Z")


@pytest.mark.skipif(shutil.which("setpriv") is None, reason="util-linux's setpriv is missing")
def test_an_engine_whose_cvtex_died_before_it_asked_for_the_signal_never_starts(tmp_path):
    """Through setpriv, the parent is checked after the request, as in the fork's path: a
    cvtex killed before it would leave an engine waiting on its named pipe for ever. Here
    the parent it names is not its parent (as once cvtex is gone)."""
    made = tmp_path / "started"
    chain = [shutil.which("setpriv"), "--pdeathsig", "KILL", "--", "/bin/sh", "-c"]
    touch = [shutil.which("touch"), str(made)]
    gone = subprocess.run([*chain, orphans._PARENT_CHECK, "1", *touch], check=False)
    assert gone.returncode != 0 and not made.exists()
    here = subprocess.run([*chain, orphans._PARENT_CHECK, str(os.getpid()), *touch], check=False)
    assert here.returncode == 0 and made.exists()


def test_an_engine_left_ending_is_waited_for_before_cvtex_exits(tmp_path):
    """An engine whose pass is over ends by itself, unwaited (orphans.reap); cvtex exits
    only once it has, so that nothing of a build outlives the command."""
    pid_file = tmp_path / "pid"
    script = (
        "import subprocess, sys\n"
        "from cvtex.compile import orphans\n"
        "ending = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(1.5)'])\n"
        f"open({str(pid_file)!r}, 'w').write(str(ending.pid))\n"
        "orphans.reap(ending)\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)
    pid = int(pid_file.read_text())
    # Its parent has exited: had it not waited, the child would still be sleeping.
    assert not Path(f"/proc/{pid}").exists() or "Z" in _state(pid)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1].split()[0]
    except (OSError, IndexError):
        return "Z"

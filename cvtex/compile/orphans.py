"""No engine outlives cvtex, and no engine folder outlives its owner.

XeLaTeX runs in a session of its own (so that stopping it stops whatever it started), so a
cvtex killed outright (SIGKILL, the OOM killer, a crash) would leave it running, blocked on
its pipe forever, and its folder behind. Two measures close that:

* On Linux each engine asks the kernel for SIGKILL when its parent dies
  (``PR_SET_PDEATHSIG``). util-linux's ``setpriv --pdeathsig`` makes the request and then
  executes the engine, so that cvtex starts it as Python starts any program (vfork, exec).
  Python code run between fork and exec would need a true fork instead, whose cost grows
  with cvtex's memory: its page tables copied, then a fault on every page cvtex writes
  afterwards, 40 ms and more per engine in a process of 400 MB (a long-running editor or
  a test worker), against a fraction of a millisecond. Where setpriv is missing or too old
  (before util-linux 2.33), the request is made that way, between fork and exec. Either
  way it is followed by a check that the parent is still there (through setpriv, by a
  shell that then executes the engine): had it died in between, the request would never
  fire, and an engine waiting to open its named pipe would wait for ever.
  The kernel means the parent *thread*: the signal comes when the thread that forked
  ends. So engines are forked only by the main thread or by one spawner thread that lives
  as long as the process; a worker thread of a build's pool, which ends when the build
  does, would take a watch's waiting engine with it.
* Every engine folder carries its owner in its name (pid and the process's start time, so
  a reused pid is not taken for the owner). At the next start, cvtex removes the folders
  whose owner is gone; a folder whose owner lives is never touched.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from queue import SimpleQueue
from typing import TYPE_CHECKING, Any

from ..libc import linux_function

# concurrent.futures brings logging (4 ms): imported once a thread other than the main one
# starts an engine, after the first engine has started.
if TYPE_CHECKING:
    from concurrent.futures import Future

TEMP_PREFIX = "cvtex-engine-"  # in the temporary folder: the engine started before the CLI
OUT_PREFIX = ".cvtex-engine-"  # in an out dir: so that results move into place in one step
_OWNER = re.compile(r"(\d+)\.(\d+)-")
# Folders of cvtex versions that did not name their owner: removed once surely abandoned.
_UNOWNED = re.compile(r"^(?:cvtex-engine-|\.cvtex-)[\w.-]*$")
_UNOWNED_AGE = 24 * 3600.0
_PR_SET_PDEATHSIG = 1


# SIGTERM while an engine is being made (folder, pipe, process) would leave the pieces
# not yet known to whoever stops engines; it is held back until they are (see launch).
_holding = 0
_held: int | None = None


def on_terminate(signum: int, _frame: object) -> None:
    """The SIGTERM handler: exit as Ctrl-C does (cleanup runs), unless held back."""
    global _held
    if _holding:
        _held = signum
        return
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def uninterrupted() -> Iterator[None]:
    """Hold termination and Ctrl-C back for the block; they take effect as the block ends.

    Ctrl-C too: one that lands while a child is forked is raised inside an at-fork hook,
    where Python ignores it, and cvtex would neither stop nor know of the engine started.
    Python runs signal handlers in the main thread only, so elsewhere this does nothing."""
    global _holding, _held
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    interrupted: list[int] = []
    previous = signal.getsignal(signal.SIGINT)
    # Python's own handler, or one of cvtex's (a watch's, a block around this one): held,
    # and called as the block ends. Ctrl-C ignored (SIG_IGN) stays ignored.
    holding_ctrl_c = callable(previous)
    if holding_ctrl_c:
        signal.signal(signal.SIGINT, lambda signum, _frame: interrupted.append(signum))
    _holding += 1
    try:
        yield
    finally:
        _holding -= 1
        if holding_ctrl_c:
            signal.signal(signal.SIGINT, previous)
        if not _holding and _held is not None:
            signum, _held = _held, None
            raise SystemExit(128 + signum)
        if interrupted:
            assert callable(previous)
            previous(signal.SIGINT, None)
            raise KeyboardInterrupt  # were it a handler that does not raise


_HELD = {signal.SIGINT, signal.SIGTERM}


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM blocked for the block (in the main thread, which handles them):
    one that comes meanwhile is handled as the block ends (outside ``uninterrupted`` too,
    where a spawn is not always made)."""
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _start_time(pid: int) -> int | None:
    """When the process started (clock ticks since boot), None if it is gone or a zombie.

    0 where there is no /proc: the pid alone then names the owner."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_bytes()
    except FileNotFoundError:
        return None
    except OSError:
        return 0
    fields = stat[stat.rfind(b")") + 2 :].split()
    if fields[0] in (b"Z", b"X"):  # dead, waiting to be reaped
        return None
    return int(fields[19])


def _own_tag() -> str:
    return f"{os.getpid()}.{_start_time(os.getpid()) or 0}-"


def private_folder(prefix: str, parent: Path | None = None) -> Path:
    """A new folder for one engine, named after this process, in ``parent`` (default: the
    temporary folder)."""
    return Path(tempfile.mkdtemp(prefix=prefix + _own_tag(), dir=parent))


def _owner_alive(pid: int, started: int) -> bool:
    if pid == os.getpid():
        return True
    now = _start_time(pid)
    if now is None:
        return False
    if now == 0 or started == 0:  # no /proc to tell a reused pid apart: ask the kernel
        return _running(pid)
    return now == started


def _running(pid: int) -> bool:
    """Whether a process of that pid runs. Not os.kill(pid, 0) on Windows: there it ends
    the process."""
    if os.name == "nt":
        import ctypes

        kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        try:
            kernel.GetExitCodeProcess(handle, ctypes.byref(code))
        finally:
            kernel.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def kill(process: subprocess.Popen[bytes]) -> None:
    """End an engine and whatever it started (xdvipdfmx): its process group on POSIX
    (it was started in a session of its own), its process tree on Windows."""
    if process.poll() is not None:
        return
    if os.name == "nt":
        subprocess.run(
            ["taskkill", "/F", "/T", "/PID", str(process.pid)], capture_output=True, check=False
        )
        process.kill()
    else:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    process.wait()


# Engines whose pass is over, ending by themselves (handing back their memory) in the
# background: waited for before cvtex exits, so that none outlives it.
_ending: set[subprocess.Popen[bytes]] = set()
_ENDING_GRACE = 5.0  # seconds an ending engine is given at exit before it is killed


def reap(process: subprocess.Popen[bytes]) -> None:
    """Let an engine that is ending by itself end without waiting for it here."""
    _ending.add(process)

    def wait() -> None:
        process.wait()
        _ending.discard(process)

    threading.Thread(target=wait, name="cvtex-engine-reaper", daemon=True).start()


@atexit.register
def wait_for_ending() -> None:
    """Wait for the engines left ending (the ``cvtex`` executable calls it before its
    quick exit, which skips atexit); one that hangs is killed."""
    for process in list(_ending):
        try:
            process.wait(timeout=_ENDING_GRACE)
        except subprocess.TimeoutExpired:
            kill(process)


def remove_stale(parent: Path, prefix: str) -> list[Path]:
    """Remove the engine folders in ``parent`` whose owner has ended; returns them."""
    removed = []
    try:
        entries = list(os.scandir(parent))
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith(prefix[0]) or not entry.is_dir(follow_symlinks=False):
            continue
        if entry.name.startswith(prefix) and (owner := _OWNER.match(entry.name, len(prefix))):
            stale = not _owner_alive(int(owner[1]), int(owner[2]))
        elif _UNOWNED.match(entry.name):
            stale = _age(entry) > _UNOWNED_AGE
        else:
            continue
        if stale:
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(Path(entry.path))
    return removed


def _age(entry: os.DirEntry[str]) -> float:
    try:
        return time.time() - entry.stat(follow_symlinks=False).st_mtime
    except OSError:
        return 0.0


def remove_stale_temporary() -> None:
    """Remove what killed cvtex processes left in the temporary folder."""
    with contextlib.suppress(OSError):
        remove_stale(Path(tempfile.gettempdir()), TEMP_PREFIX)


def _prctl() -> Callable[..., int] | None:
    import ctypes

    return linux_function("prctl", (ctypes.c_int, *[ctypes.c_ulong] * 4), ctypes.c_int)


def _die_with(parent: int, prctl: Callable[..., int]) -> None:
    """Run in the child between fork and exec: it imports and allocates nothing of its own.
    The signals cvtex holds back while it forks or makes an engine are the child's again."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the request: nobody will send it
        os.kill(os.getpid(), signal.SIGKILL)


def spawn(command: list[str], **options: Any) -> subprocess.Popen[bytes]:
    """``subprocess.Popen(command, **options)``, for a child that must die with cvtex."""
    if _prctl() is None:
        return subprocess.Popen(command, **options)
    if threading.current_thread() is not threading.main_thread():
        return _Spawner.get().spawn(command, options)
    return _dying_with_this_thread(command, options)


def _dying_with_this_thread(command: list[str], options: dict[str, Any]) -> subprocess.Popen:
    setpriv = _setpriv()
    program = command[0]
    # A program that cannot run is refused by Popen itself, as without setpriv.
    if setpriv and os.path.isabs(program) and os.access(program, os.X_OK):
        return subprocess.Popen(_through_setpriv(setpriv, command), **options)
    prctl = _prctl()
    assert prctl is not None
    options = {**options, "preexec_fn": functools.partial(_die_with, os.getpid(), prctl)}
    # Ctrl-C (or a SIGTERM) handled while the child is forked is handled inside Python's
    # fork hooks, which print the KeyboardInterrupt it raises and drop it: cvtex then went
    # on as if nothing were pressed. Held until the fork is over, it is raised after it.
    # (Without preexec_fn, Python runs no fork hooks.)
    with _signals_held():
        return subprocess.Popen(command, **options)


_PARENT_CHECK = 'test "$PPID" = "$0" && exec "$@"'


def _through_setpriv(setpriv: str, command: list[str]) -> list[str]:
    """``command`` in one process with the request, then the check that its parent is
    still there (a shell's $PPID is its parent as it starts)."""
    check = ["/bin/sh", "-c", _PARENT_CHECK, str(os.getpid())]
    return [setpriv, "--pdeathsig", "KILL", "--", *check, *command]


@functools.cache
def _setpriv() -> str | None:
    """util-linux's setpriv, if it knows ``--pdeathsig`` (asked once: 2 ms)."""
    found = shutil.which("setpriv")
    if found is None:
        return None
    try:
        asked = subprocess.run(
            _through_setpriv(found, [found, "--version"]),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return found if asked.returncode == 0 else None


class _Spawner:
    """The one thread that forks engines for other threads: it lives as long as cvtex."""

    _instance: _Spawner | None = None
    _lock = threading.Lock()

    def __init__(self) -> None:
        self._jobs: SimpleQueue[tuple[list[str], dict[str, Any], Future[Any]]] = SimpleQueue()
        self._pid = os.getpid()
        threading.Thread(target=self._serve, name="cvtex-engine-spawner", daemon=True).start()

    @classmethod
    def get(cls) -> _Spawner:
        with cls._lock:
            # A forked copy of cvtex (a test's worker) has no thread: it starts its own.
            if cls._instance is None or cls._instance._pid != os.getpid():
                cls._instance = cls()
            return cls._instance

    def spawn(self, command: list[str], options: dict[str, Any]) -> subprocess.Popen[bytes]:
        from concurrent.futures import Future

        done: Future[subprocess.Popen[bytes]] = Future()
        self._jobs.put((command, options, done))
        return done.result()

    def _serve(self) -> None:
        while True:
            command, options, done = self._jobs.get()
            try:
                done.set_result(_dying_with_this_thread(command, options))
            except BaseException as exc:  # the caller raises it as Popen would have
                done.set_exception(exc)

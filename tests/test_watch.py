"""`cvtex watch`: what a save rebuilds, and that an error does not stop the watch.

The polling step, watch_once(), is driven directly; one test runs the real loop in a
thread. Nothing here measures time: waits only bound how long a broken watch can hang.
"""

from __future__ import annotations

import queue
import shutil
import threading
from pathlib import Path

from cvtex import theme
from cvtex.errors import InputError
from cvtex.watch import Rebuilt, WatchState, watch, watch_once

from .conftest import pdf_text
from .test_cache import edit


def test_first_poll_builds_then_only_saves_rebuild(tiny):
    state = WatchState(tiny)
    (first,) = watch_once(state)
    assert first.error is None and first.changed == []
    assert sorted(first.compiled + first.kept) == ["en", "zh"]
    assert watch_once(state) == []  # nothing saved: nothing done

    edit(tiny, "李安", "李小安")
    (rebuilt,) = watch_once(state)
    assert rebuilt.changed == [tiny.resolve()]
    assert rebuilt.compiled == ["zh"] and rebuilt.kept == ["en"]
    assert "rebuilt zh in" in rebuilt.summary() and "cv.yaml" in rebuilt.summary()
    assert "李小安" in pdf_text(tiny.parent / "out" / "cv.zh.pdf")
    assert watch_once(state) == []


def test_an_error_is_reported_and_watching_goes_on(tiny):
    state = WatchState(tiny)
    watch_once(state)
    good = tiny.read_text(encoding="utf-8")

    tiny.write_text(good + "skills: [\n", encoding="utf-8")
    (failed,) = watch_once(state)
    assert isinstance(failed.error, InputError)
    assert f"{tiny}:" in failed.error.message and "YAML syntax error" in failed.error.message
    assert "build failed" in failed.summary()
    assert watch_once(state) == []  # the same broken file is not built again and again

    tiny.write_text(good.replace("Hunan University", "Hunan University, Changsha"), "utf-8")
    (fixed,) = watch_once(state)
    assert fixed.error is None and fixed.compiled == ["en"] and fixed.kept == ["zh"]


def test_a_saved_template_rebuilds(tiny, tmp_path):
    mine = tmp_path / "themes" / "mine"
    shutil.copytree(theme.TEMPLATES_DIR / "classic", mine)
    state = WatchState(tiny, theme=str(mine))
    watch_once(state)

    child = mine / "zh.tex.j2"
    edit(child, "PunctStyle=quanjiao", "PunctStyle=kaiming")
    (rebuilt,) = watch_once(state)
    assert rebuilt.changed == [child.resolve()]
    assert rebuilt.compiled == ["zh"] and rebuilt.kept == ["en"]


def test_a_saved_theme_design_rebuilds(tiny, tmp_path):
    mine = tmp_path / "themes" / "mine"
    mine.mkdir(parents=True)
    settings = mine / "theme.yaml"
    settings.write_text("extends: classic\n", encoding="utf-8")
    state = WatchState(tiny, theme=str(mine))
    watch_once(state)

    edit(
        settings,
        "extends: classic\n",
        "extends: classic\ndesign: {per_language: {en: {paper: letter}}}\n",
    )
    (rebuilt,) = watch_once(state)
    assert rebuilt.changed == [settings.resolve()]
    assert rebuilt.compiled == ["en"] and rebuilt.kept == ["zh"]


def test_the_watch_loop_rebuilds_on_save_until_stopped(tiny):
    reports: queue.Queue[Rebuilt] = queue.Queue()
    stop = threading.Event()
    thread = threading.Thread(
        target=watch, args=(WatchState(tiny), reports.put, 0.05, stop), daemon=True
    )
    thread.start()
    try:
        first = reports.get(timeout=120)
        assert first.error is None
        edit(tiny, "Ann Lee", "Ann B. Lee")
        rebuilt = reports.get(timeout=120)
        assert rebuilt.changed == [Path(tiny).resolve()]
        assert rebuilt.compiled == ["en"]
    finally:
        stop.set()
        thread.join(timeout=120)
    assert not thread.is_alive()
    assert "Ann B. Lee" in pdf_text(tiny.parent / "out" / "cv.en.pdf")

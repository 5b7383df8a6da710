"""`cvtex watch`: what a save rebuilds, that an error does not stop the watch, and that the
engines it keeps waiting give the same PDFs as fresh ones.

The polling step, watch_once(), is driven directly; some tests run the real loop in a
thread. Nothing here measures time: waits only bound how long a broken watch can hang.
"""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cvtex.compile import headstart, orphans
from cvtex.errors import InputError
from cvtex.live.watch import Rebuilt, WatchState, watch, watch_once
from cvtex.look import theme

from ..building import build, request
from ..compile.test_orphans import engines_under, wait_until
from ..conftest import normalized, pdf_text
from ..pipeline.test_cache import edit


@pytest.fixture
def watching() -> Iterator[Callable[..., WatchState]]:
    """WatchStates whose waiting engines are stopped when the test ends, as a watch does."""
    made: list[WatchState] = []

    def make(*args, **kwargs) -> WatchState:
        made.append(WatchState(request(*args, **kwargs)))
        return made[-1]

    yield make
    for state in made:
        state.close()


def pages(pdf: Path, folder: Path) -> list[bytes]:
    """The PDF's pages as pixels (PNG files of a deterministic encoder)."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(pdf), str(folder / "p")], check=True)
    return [png.read_bytes() for png in sorted(folder.glob("p*.png"))]


def test_first_poll_builds_then_only_saves_rebuild(tiny, watching):
    state = watching(tiny)
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


def test_an_error_is_reported_and_watching_goes_on(tiny, watching):
    state = watching(tiny)
    watch_once(state)
    good = tiny.read_text(encoding="utf-8")
    pdf = tiny.parent / "out" / "cv.en.pdf"
    before = pdf.read_bytes()

    tiny.write_text(good + "skills: [\n", encoding="utf-8")
    (failed,) = watch_once(state)
    assert isinstance(failed.error, InputError)
    assert f"{tiny}:" in failed.error.message and "YAML syntax error" in failed.error.message
    assert "build failed" in failed.summary()
    assert watch_once(state) == []  # the same broken file is not built again and again
    assert pdf.read_bytes() == before  # the last good PDF stays

    tiny.write_text(good.replace("Hunan University", "Hunan University, Changsha"), "utf-8")
    (fixed,) = watch_once(state)
    assert fixed.error is None and fixed.compiled == ["en"] and fixed.kept == ["zh"]


def test_a_saved_template_rebuilds(tiny, tmp_path, watching):
    mine = tmp_path / "themes" / "mine"
    shutil.copytree(theme.TEMPLATES_DIR / "classic", mine)
    state = watching(tiny, theme=str(mine))
    watch_once(state)

    child = mine / "zh.tex.j2"
    edit(child, "PunctStyle=quanjiao", "PunctStyle=kaiming")
    (rebuilt,) = watch_once(state)
    assert rebuilt.changed == [child.resolve()]
    assert rebuilt.compiled == ["zh"] and rebuilt.kept == ["en"]


def test_a_saved_theme_design_rebuilds(tiny, tmp_path, watching):
    mine = tmp_path / "themes" / "mine"
    mine.mkdir(parents=True)
    settings = mine / "theme.yaml"
    settings.write_text("extends: classic\n", encoding="utf-8")
    state = watching(tiny, theme=str(mine))
    watch_once(state)

    edit(
        settings,
        "extends: classic\n",
        "extends: classic\ndesign: {per_language: {en: {paper: letter}}}\n",
    )
    (rebuilt,) = watch_once(state)
    assert rebuilt.changed == [settings.resolve()]
    assert rebuilt.compiled == ["en"] and rebuilt.kept == ["zh"]
    # The English preamble changed (letter paper): its waiting engine had read the old one,
    # so a fresh engine compiled, and the one waiting now has read the new one.
    assert rebuilt.primed == []
    assert "letterpaper" in state.waiting["cv.en"].engine.primed
    assert "letterpaper" in (tiny.parent / "out" / "cv.en.tex").read_text(encoding="utf-8")


def run_watch(state: WatchState, interval: float) -> tuple[queue.Queue, Callable[[], None]]:
    """The real loop in a thread; returns its reports and a function that stops it."""
    reports: queue.Queue[Rebuilt] = queue.Queue()
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=(state, reports.put, interval, stop))
    thread.start()

    def stopped() -> None:
        stop.set()
        thread.join(timeout=120)
        assert not thread.is_alive()

    return reports, stopped


def test_the_watch_loop_rebuilds_on_save_until_stopped(tiny):
    # An interval longer than the test may wait: the save is seen through inotify.
    state = WatchState(request(tiny))
    reports, stopped = run_watch(state, interval=600)
    try:
        first = reports.get(timeout=120)
        assert first.error is None
        edit(tiny, "Hunan University", "Hunan University, Changsha")
        rebuilt = reports.get(timeout=120)
        assert rebuilt.changed == [Path(tiny).resolve()]
        assert rebuilt.compiled == ["en"] and rebuilt.primed == ["en"]
        assert state.woken_by == "inotify"
    finally:
        stopped()
    assert "Hunan University, Changsha" in pdf_text(tiny.parent / "out" / "cv.en.pdf")
    # The engines that waited for the next save are gone, and their folders.
    out = tiny.parent / "out"
    assert wait_until(lambda: not engines_under(out))
    assert not [path for path in out.iterdir() if path.name.startswith(orphans.OUT_PREFIX)]


def test_without_inotify_the_watch_polls_and_still_rebuilds_on_save(tiny, monkeypatch):
    """Where there is no inotify (macOS, Windows, a network share): the files' stamps are
    looked at every interval. Forced here with CVTEX_WATCH=poll; a real save."""
    monkeypatch.setenv("CVTEX_WATCH", "poll")
    state = WatchState(request(tiny))
    reports, stopped = run_watch(state, interval=0.3)
    try:
        assert reports.get(timeout=120).error is None
        assert state.woken_by == "polling"
        edit(tiny, "Hunan University", "Hunan University, Changsha")
        rebuilt = reports.get(timeout=120)
        assert rebuilt.error is None and rebuilt.changed == [Path(tiny).resolve()]
        assert rebuilt.compiled == ["en"]
    finally:
        stopped()
    assert "Hunan University, Changsha" in pdf_text(tiny.parent / "out" / "cv.en.pdf")


def test_waiting_engines_make_the_same_pdfs_as_a_fresh_build(tiny, tmp_path, watching):
    state = watching(tiny)
    watch_once(state)
    out = tiny.parent / "out"
    # One engine per language waits, having read its source up to the CV's text: the
    # preamble and the theme's font warm-up.
    assert sorted(state.waiting) == ["cv.en", "cv.zh"]
    for stem, waiting in state.waiting.items():
        tex = (out / f"{stem}.tex").read_text(encoding="utf-8")
        assert waiting.engine.primed == headstart.primer(tex)
        warm_up = waiting.engine.primed.partition("\\begin{document}\n")[2]
        assert "\n\\setbox0=\\vbox{" in warm_up and "\\cvname{Aa" in warm_up
        assert waiting.engine.primed.endswith(f"\n{headstart.BODY_MARK}\n")
    for round_number in range(2):
        edit(
            tiny,
            f"Thesis on networks{'!' * round_number}",
            f"Thesis on networks{'!' * (round_number + 1)}",
        )
        edit(
            tiny,
            f"毕业论文：网络{'！' * round_number}",
            f"毕业论文：网络{'！' * (round_number + 1)}",
        )
        (rebuilt,) = watch_once(state)
        assert rebuilt.error is None
        assert sorted(rebuilt.compiled) == ["en", "zh"] and sorted(rebuilt.primed) == ["en", "zh"]
        assert sorted(state.waiting) == ["cv.en", "cv.zh"]  # never more than one per language
    assert "Thesis on networks!!" in pdf_text(out / "cv.en.pdf")
    assert normalized("毕业论文：网络！！") in normalized(pdf_text(out / "cv.zh.pdf"))
    fresh = build(tiny, out_dir=tmp_path / "fresh", force=True)
    for result in fresh:
        assert result.tex.read_bytes() == (out / result.tex.name).read_bytes()
        watched = pages(out / result.pdf.name, tmp_path / "pages" / "watched" / result.language)
        assert watched == pages(result.pdf, tmp_path / "pages" / "fresh" / result.language)


def test_an_error_after_the_preamble_leaves_the_last_pdf_and_a_waiting_engine(
    tiny, tmp_path, custom_theme, watching
):
    mine = custom_theme("mine", lambda text: text)
    state = watching(tiny, theme=mine)
    watch_once(state)
    pdf = tiny.parent / "out" / "cv.zh.pdf"
    before = pdf.read_bytes()
    body = Path(mine) / "base.tex.j2"
    good = body.read_text(encoding="utf-8")
    assert "\\begin{document}\n" in good
    body.write_text(
        good.replace("\\begin{document}\n", "\\begin{document}\n\\nosuchmacro\n"), "utf-8"
    )
    (failed,) = watch_once(state)
    assert failed.error is not None and "Undefined control sequence" in failed.error.message
    assert sorted(failed.primed) == []  # both languages failed on the engines that waited
    assert failed.pdfs == {} and sorted(failed.languages) == ["en", "zh"]
    assert pdf.read_bytes() == before
    assert sorted(state.waiting) == ["cv.en", "cv.zh"]  # waiting again, on the last good start
    body.write_text(good, encoding="utf-8")
    (fixed,) = watch_once(state)
    assert fixed.error is None and sorted(fixed.kept) == ["en", "zh"]
    assert sorted(fixed.pdfs) == ["en", "zh"]


def test_engines_wait_for_as_many_languages_as_compile_at_once(tiny, watching):
    edit(tiny, "- zh\n", "- zh\n- zh-TW\n")
    state = watching(tiny)
    (first,) = watch_once(state)
    assert first.compiled == ["zh-TW"]
    limit = min(3, max(2, os.cpu_count() or 1))
    assert len(state.waiting) == limit and "cv.zh-TW" in state.waiting
    edit(tiny, "Hunan University", "Hunan University, Changsha")
    (rebuilt,) = watch_once(state)
    assert rebuilt.compiled == ["en"]
    # The languages compiled last are those most likely edited next.
    assert len(state.waiting) == limit and {"cv.en", "cv.zh-TW"} <= set(state.waiting)


class Pages:
    """What a preview's or an editor's pages tell the watch: the languages on screen, and
    the last build they show."""

    def __init__(self, looked: set[str]) -> None:
        self.looked = looked
        self.drawn = 0

    def looked_at(self) -> set[str] | None:
        return self.looked

    def showing(self, number: int) -> bool:
        return self.drawn >= number


def test_the_languages_on_screen_are_built_first_and_the_others_once_shown(tiny, watching):
    edit(tiny, "- zh\n", "- zh\n- zh-TW\n")
    state = watching(tiny)
    state.show_wait = 3600.0  # never: only the pages decide here
    pages = Pages({"en", "zh"})
    state.viewers = pages
    (first,) = watch_once(state)  # the first build: every language
    assert sorted(first.compiled + first.kept) == ["en", "zh", "zh-TW"] and first.behind == []
    pages.drawn = first.number
    assert watch_once(state) == []  # shown: the next engines start
    assert {"cv.en", "cv.zh"} <= set(state.waiting)

    edit(tiny, "李安", "李小安")  # the Chinese text, which zh-TW is converted from
    (rebuilt,) = watch_once(state)
    assert rebuilt.compiled == ["zh"] and rebuilt.behind == ["zh-TW"]
    assert rebuilt.languages == ["en", "zh", "zh-TW"]  # every pane stays
    assert "李小安" in pdf_text(tiny.parent / "out" / "cv.zh.pdf")
    # Not shown yet: nothing else is built, and no engine started for the next save.
    assert watch_once(state) == [] and watch_once(state) == []
    assert "cv.zh" not in state.waiting
    assert "李小安" not in pdf_text(tiny.parent / "out" / "cv.zh-TW.pdf")
    pages.drawn = rebuilt.number
    (rest,) = watch_once(state)
    assert rest.compiled == ["zh-TW"] and rest.behind == [] and "cv.zh" in state.waiting
    assert "李小安" in pdf_text(tiny.parent / "out" / "cv.zh-TW.pdf")
    assert "rebuilt zh-TW" in rest.summary() and "cv.yaml" in rest.summary()

    # A pane left behind that the person scrolls to is built at once, shown or not.
    edit(tiny, "李小安", "李大安")
    (rebuilt,) = watch_once(state)
    assert rebuilt.behind == ["zh-TW"] and watch_once(state) == []
    pages.looked = {"en", "zh", "zh-TW"}
    (rest,) = watch_once(state)
    assert rest.compiled == ["zh-TW"]
    assert "李大安" in pdf_text(tiny.parent / "out" / "cv.zh-TW.pdf")


def test_the_languages_left_behind_give_way_to_the_next_save(tiny, watching, monkeypatch):
    """A save while the languages left behind compile stops their engines: the languages
    on screen are built for the new save first."""
    from cvtex.live import watch as watching_module

    edit(tiny, "- zh\n", "- zh\n- zh-TW\n")
    state = watching(tiny)
    pages = Pages({"en", "zh"})
    state.viewers = pages
    pages.drawn = watch_once(state)[0].number
    watch_once(state)
    edit(tiny, "李安", "李小安")
    (rebuilt,) = watch_once(state)
    assert rebuilt.behind == ["zh-TW"]
    started = watching_module._start_engine
    saves = []

    def start_then_save(out_dir, primer):
        engine = started(out_dir, primer)
        if primer is None and not saves:  # the person types on as the first one starts
            edit(tiny, "李小安", "李大安")
            saves.append(primer)
        return engine

    monkeypatch.setattr(watching_module, "_start_engine", start_then_save)
    pages.drawn = rebuilt.number
    assert watch_once(state) == []  # given up, nothing reported
    assert saves and state.behind == ["zh-TW"]
    assert "李小安" not in pdf_text(tiny.parent / "out" / "cv.zh-TW.pdf")
    monkeypatch.setattr(watching_module, "_start_engine", started)
    (again,) = watch_once(state)  # the new save: the languages on screen first
    assert sorted(again.compiled + again.kept) == ["en", "zh"] and again.behind == ["zh-TW"]
    assert "李大安" in pdf_text(tiny.parent / "out" / "cv.zh.pdf")
    pages.drawn = again.number
    (rest,) = watch_once(state)
    # (zh-TW may have been compiled already, by the build given up: its compile that had
    # no engine of its own to stop went on.)
    assert sorted(rest.compiled + rest.kept) == ["en", "zh", "zh-TW"] and rest.behind == []
    assert "李大安" in pdf_text(tiny.parent / "out" / "cv.zh-TW.pdf")
    assert wait_until(lambda: not engines_under(tiny.parent / "out") or bool(state.waiting))


def test_the_panes_keep_the_profiles_order_whichever_language_is_ready_first(tiny, watching):
    edit(tiny, "- en\n- zh\n", "- zh\n- en\n")
    state = watching(tiny)
    (first,) = watch_once(state)
    assert first.languages == ["zh", "en"]
    edit(tiny, "Hunan University", "Hunan University, Changsha")
    (rebuilt,) = watch_once(state)
    assert rebuilt.languages == ["zh", "en"] and rebuilt.compiled == ["en"]


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # the drop
def test_a_ctrl_c_python_drops_in_a_finalizer_still_stops_the_watch():
    """Python drops the KeyboardInterrupt of a Ctrl-C that lands while a finalizer runs
    ("Exception ignored in"): the editor once went on watching. The watch's stop is set
    too, and the interrupt raised again once the loop has ended."""
    from cvtex.live import watch as watching

    class Finalized:
        def __del__(self):
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(100_000):  # the handler runs in here: its exception is dropped
                pass

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    stop = threading.Event()
    try:
        with watching._ctrl_c_stops(stop) as pressed:
            Finalized()  # gone at once: its finalizer runs here
            assert pressed.is_set() and stop.is_set()
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)


def test_what_lasts_is_set_aside_from_the_collector_only_after_a_build_that_imported():
    import gc
    import sys

    from cvtex.live.watch import _set_aside_what_lasts

    try:
        gc.unfreeze()
        # Nothing imported since the count given: nothing set aside (a cycle set aside is
        # never collected, so never once per build).
        assert _set_aside_what_lasts(len(sys.modules)) == len(sys.modules)
        assert gc.get_freeze_count() == 0
        # Modules imported since: what exists now is set aside, and a full collection
        # goes through only what is made after.
        assert _set_aside_what_lasts(len(sys.modules) - 1) == len(sys.modules)
        frozen = gc.get_freeze_count()
        assert frozen > 10_000
        assert len(gc.get_objects()) < frozen
    finally:
        gc.unfreeze()

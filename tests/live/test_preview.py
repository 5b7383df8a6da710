"""`cvtex preview` in a real headless Chromium: both panes load their PDFs, a save reloads
the pane whose PDF changed, a failed build shows its error in place of the panes, and the
next good save clears it. The real command runs in a process of its own; nothing is timed
(waits only bound how long a broken preview can hang a test).
"""

from __future__ import annotations

import http.client
import os
import queue
import shutil
import signal
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cvtex.compile import orphans
from cvtex.live.preview import PAGE_DIR, PDFJS_DIR
from cvtex.look import theme

from ..browser import CHROMIUM, Browser
from ..compile.test_orphans import engines_under, wait_until
from ..pipeline.test_cache import edit

if CHROMIUM is None and not os.environ.get("CI"):
    pytest.skip("chromium is not installed (make test-system-deps)", allow_module_level=True)

CVTEX = Path(sys.executable).with_name("cvtex")
PANE = 'document.querySelector(`.pane[data-lang="{lang}"]`)'


@dataclass
class Running:
    process: subprocess.Popen[str]
    url: str  # as printed: with the token, which the page trades for its cookie
    lines: queue.Queue[str]

    def fetch(
        self, path: str, host: str | None = None, token: bool = True
    ) -> tuple[int, bytes, dict[str, str]]:
        origin, _, query = self.url.partition("/?token=")
        request = urllib.request.Request(origin + path)
        if host:
            request.add_header("Host", host)
        if token:
            request.add_header("X-Cvtex-Token", query)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, response.read(), dict(response.headers)
        except urllib.error.HTTPError as exc:
            return exc.code, b"", dict(exc.headers)


@pytest.fixture
def launch(tiny: Path, tmp_path: Path) -> Iterator[Callable[..., Running]]:
    """Start `cvtex preview` on the tiny profile (with more options if given); it is
    stopped as Ctrl-C stops it when the test ends."""
    started: list[Running] = []
    temporary = tmp_path / "tmp"
    temporary.mkdir()

    def start(*options: str) -> Running:
        process = subprocess.Popen(
            [str(CVTEX), "preview", str(tiny), "--port", "0", *options],
            env={**os.environ, "TMPDIR": str(temporary)},
            # Ctrl-C stops it, even when the tests run as a background job (whose shell
            # has the children ignore SIGINT).
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        lines: queue.Queue[str] = queue.Queue()
        assert process.stdout is not None
        stdout = process.stdout
        threading.Thread(target=lambda: [lines.put(line) for line in stdout], daemon=True).start()
        first = lines.get(timeout=120)
        assert first.startswith(f"preview of {tiny}: http://127.0.0.1:"), first
        started.append(Running(process, first.split(": ", 1)[1].split()[0], lines))
        return started[-1]

    yield start
    for running in started:
        if running.process.poll() is None:
            running.process.send_signal(signal.SIGINT)
            running.process.wait(timeout=120)


@pytest.fixture
def preview(launch: Callable[..., Running]) -> Running:
    return launch()


@pytest.fixture
def browser() -> Iterator[Browser]:
    opened = Browser()
    try:
        yield opened
    finally:
        opened.close()


def shown_pdf(lang: str) -> str:
    """The PDF a pane shows (its address and version), whichever viewer draws it."""
    return f"{PANE.format(lang=lang)}.dataset.shown"


def viewer_visible(lang: str) -> str:
    pane = PANE.format(lang=lang)
    return f"(!{pane}.querySelector('iframe').hidden || !{pane}.querySelector('.pages').hidden)"


def shows_pdf(lang: str, version: int) -> str:
    pane = PANE.format(lang=lang)
    return (
        f"{pane} && {viewer_visible(lang)} && {pane}.querySelector('.error').hidden && "
        f"{shown_pdf(lang)} === '/cv.{lang}.pdf?v={version}'"
    )


def shows_error(lang: str) -> str:
    pane = PANE.format(lang=lang)
    return (
        f"{pane} && !{viewer_visible(lang)} && "
        f"!{pane}.querySelector('.error').hidden && {pane}.querySelector('pre').textContent"
    )


@pytest.mark.parametrize("viewer", ["pages", "browser"])
def test_the_preview_shows_both_languages_and_follows_saves(
    launch, browser, tiny, tmp_path, viewer
):
    preview = launch("--viewer", viewer)
    browser.open(preview.url)
    browser.wait_for(f"{shows_pdf('en', 1)} && {shows_pdf('zh', 1)}")
    titles = browser.evaluate(
        "[...document.querySelectorAll('.pane .title')].map(e => e.textContent)"
    )
    assert titles == ["English", "简体中文"]
    for lang, text in (("en", "Hunan University"), ("zh", "湖南大学")):
        status, pdf, headers = preview.fetch(f"/cv.{lang}.pdf")
        assert status == 200 and headers["Content-Type"] == "application/pdf"
        assert pdf == (tiny.parent / "out" / f"cv.{lang}.pdf").read_bytes()
        assert text.encode("utf-16-be") in pdf or text in pdf_text_of(pdf, tmp_path)

    # A save that changes the Chinese text: only the Chinese pane loads a new PDF.
    edit(tiny, "湖南大学", "湖南大学（长沙）")
    browser.wait_for(shows_pdf("zh", 2))
    assert browser.evaluate(shown_pdf("en")) == "/cv.en.pdf?v=1"
    # The page notes the build it shows, and how long after the build's end by the server's
    # clock (the benchmark reads it; no time is asserted): the save's build, the second.
    noted = "[Number(document.body.dataset.shownNumber), document.body.dataset.shownAfter]"
    number, after = browser.wait_for(f"document.body.dataset.shownNumber >= 2 && {noted}")
    assert number >= 2 and float(after) >= 0, (number, after)
    # Each pane is the viewer asked for.
    element = "iframe" if viewer == "browser" else ".pages"
    assert browser.evaluate(f"!{PANE.format(lang='zh')}.querySelector('{element}').hidden")
    assert "湖南大学（长沙）" in pdf_text_of(preview.fetch("/cv.zh.pdf")[1], tmp_path)

    # A broken profile: every pane shows the error as the command line prints it.
    good = tiny.read_text(encoding="utf-8")
    tiny.write_text(good + "skills: [\n", encoding="utf-8")
    for lang in ("en", "zh"):
        shown = browser.wait_for(shows_error(lang))
        assert shown.startswith(f"error: {tiny}:") and "YAML syntax error" in shown
        assert "hint:" in shown
    # The last good PDFs are still there, and still served.
    assert "湖南大学（长沙）" in pdf_text_of(preview.fetch("/cv.zh.pdf")[1], tmp_path)

    # The next good save clears the error; the changed language loads its new PDF.
    tiny.write_text(good.replace("Hunan University", "Hunan University, Changsha"), "utf-8")
    browser.wait_for(f"{shows_pdf('en', 2)} && {shows_pdf('zh', 2)}")
    assert browser.evaluate("document.querySelectorAll('.pane').length") == 2
    browser.screenshot(tmp_path / "preview.png")  # kept for a person to look at on failure


def test_drawn_pages_keep_their_place_when_a_new_pdf_comes(launch, browser, tiny):
    """The default viewer, with pdf.js installed (the set-up installs libjs-pdf): every page
    drawn, and a pane scrolled down stays there when its PDF is replaced; the page's text
    laid over each page."""
    assert (PDFJS_DIR / "pdf.js").is_file(), "pdf.js is not installed (make system-deps)"
    preview = launch()
    browser.open(preview.url)
    browser.wait_for(f"{shows_pdf('en', 1)} && {shows_pdf('zh', 1)}")
    pages = f"{PANE.format(lang='zh')}.querySelector('.pages')"
    images = f"[...{pages}.querySelectorAll('.page > img')]"
    assert browser.evaluate(f"{images}.filter(i => i.naturalWidth > 0).length") == pdf_pages(
        tiny.parent / "out" / "cv.zh.pdf"
    )
    middle = f"Math.round(({pages}.scrollHeight - {pages}.clientHeight) / 2)"
    scrolled = browser.evaluate(f"{pages}.scrollTop = {middle}, {pages}.scrollTop")
    assert scrolled > 50  # the page is taller than the pane: there is somewhere to go
    edit(tiny, "湖南大学", "湖南大学（长沙）")
    browser.wait_for(shows_pdf("zh", 2))
    assert browser.evaluate(f"{pages}.scrollTop") == scrolled
    assert browser.evaluate(f"{PANE.format(lang='en')}.querySelector('.pages').scrollTop") == 0
    # Each page carries its text over the drawing, where the browser selects and finds it:
    # the new PDF's text, one layer per page, the same size as the page.
    layers = f"[...{pages}.querySelectorAll('.page')].map(p => p.querySelector('.textLayer'))"
    text = browser.wait_for(
        f"{layers}.every(Boolean) && {layers}.map(l => l.textContent).join('').includes"
        "('湖南大学（长沙）') && "
        f"{layers}.map(l => l.textContent).join('')"
    )
    assert "湖南大学（长沙）" in text, text
    assert browser.evaluate(f"{layers}.length") == pdf_pages(tiny.parent / "out" / "cv.zh.pdf")
    sizes = f"{layers}.map(l => [l.offsetWidth, l.offsetHeight, l.previousSibling.offsetWidth])"
    assert all(
        width == image > 0 and height > 0 for width, height, image in browser.evaluate(sizes)
    )
    assert (
        browser.evaluate(
            f"(() => {{ const range = document.createRange(); range.selectNodeContents({pages});"
            " const selection = getSelection(); selection.removeAllRanges();"
            " selection.addRange(range); return selection.toString(); })()"
        ).count("湖南大学")
        >= 1
    )


def test_a_new_pdf_loads_only_the_pages_that_look_different(launch, browser, tiny):
    """A save that changes the first page of a longer CV: the page loads the first page's
    new image; every other page looks the same (the same digest), so its image stays."""
    entries = "".join(
        f"- title: {{en: Paper {number} on the scheduling of distributed training jobs, "
        f"zh: 论文{number}}}\n  venue: Networked Systems\n  year: 2020\n"
        for number in range(90)
    )
    tiny.write_text(tiny.read_text(encoding="utf-8") + "publications:\n" + entries, "utf-8")
    preview = launch("--lang", "en")
    browser.open(preview.url)
    browser.wait_for(shows_pdf("en", 1), 300)
    # A first save: the build after it reads what the first one noted (its .aux), as every
    # later one does.
    edit(tiny, "Thesis on networks", "Thesis on network calculus")
    browser.wait_for(shows_pdf("en", 2), 300)
    pages = pdf_pages(tiny.parent / "out" / "cv.en.pdf")
    assert pages >= 2
    shown = f"{PANE.format(lang='en')}.querySelector('.pages')"
    sheets = f"[...{shown}.querySelectorAll(':scope > .page')]"
    # Scrolled to where the first page ends: every page is near the screen, so drawn; each
    # image marked.
    browser.wait_for(f"{sheets}.length === {pages}")
    browser.evaluate(f"{shown}.scrollTop = {sheets}[1].offsetTop - {shown}.clientHeight / 2")
    # (drawn at the width wanted now: a scroll bar that came narrowed the pages)
    drawn = "s.dataset.has === s.dataset.want.split('|').slice(0, 2).join('|')"
    browser.wait_for(f"{sheets}.length === {pages} && {sheets}.every(s => {drawn})")
    before = browser.evaluate(
        f"{sheets}.map(s => (s.querySelector('img').dataset.before = '1', s.dataset.digest))"
    )
    edit(tiny, "Hunan University", "Hunan University, Changsha")
    browser.wait_for(shows_pdf("en", 3), 300)
    after = browser.evaluate(
        f"{sheets}.map(s => [s.dataset.digest, Boolean(s.querySelector('img').dataset.before),"
        " s.dataset.has])"
    )
    assert len(after) == pages and all(has.startswith("3|") for _, _, has in after)
    assert after[0][0] != before[0] and not after[0][1]  # the first page: drawn anew
    for number in range(1, pages):
        digest, kept, _ = after[number]
        assert digest == before[number] and kept, (number, after, before)


def pdf_pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[1] for line in info.splitlines() if line.startswith("Pages:")))


def test_the_pages_are_shown_without_pdfjs_too(launch, tiny):
    """pdf.js only lays the text over the pages: without it (here blocked), the server's
    images of the pages are shown all the same."""
    preview = launch()
    opened = Browser()
    try:
        opened.open("about:blank")
        opened.send("Network.enable")
        opened.send("Network.setBlockedURLs", {"urls": ["*/pdfjs/*"]})
        opened.send("Page.navigate", {"url": preview.url})
        opened.wait_for(f"{shows_pdf('en', 1)} && {shows_pdf('zh', 1)}")
        assert opened.evaluate("typeof pdfjsLib") == "undefined"
        images = "[...document.querySelectorAll('.page > img')]"
        assert opened.evaluate(f"{images}.length > 0 && {images}.every(i => i.naturalWidth > 0)")
        assert opened.evaluate("document.querySelectorAll('.textLayer').length") == 0
    finally:
        opened.close()


def pdf_text_of(pdf: bytes, folder: Path) -> str:
    from ..conftest import pdf_text

    file = folder / "fetched.pdf"
    file.write_bytes(pdf)
    return pdf_text(file)


def test_a_failed_compile_shows_in_its_own_pane_only(launch, browser, tmp_path):
    """An error in one language's compile replaces that pane; the other keeps its PDF.
    A profile's text cannot break a compile, so a theme of one's own does."""
    mine = tmp_path / "themes" / "mine"
    shutil.copytree(theme.TEMPLATES_DIR / "classic", mine)
    running = launch("--theme", str(mine))
    browser.open(running.url)
    browser.wait_for(f"{shows_pdf('en', 1)} && {shows_pdf('zh', 1)}")
    setup = "((* block language_setup *))\n"
    edit(mine / "zh.tex.j2", setup, setup + "\\nosuchmacro\n")
    shown = browser.wait_for(shows_error("zh"))
    assert shown.startswith("error: XeLaTeX failed on cv.zh.tex") and "nosuchmacro" in shown
    assert browser.evaluate(shows_pdf("en", 1))
    edit(mine / "zh.tex.j2", setup + "\\nosuchmacro\n", setup)
    browser.wait_for(f"{shows_pdf('en', 1)} && {shows_pdf('zh', 1)}")  # the same PDF again


def test_the_page_and_its_pdfs_come_only_from_cvtex(preview):
    assert "up to date" in preview.lines.get(timeout=120)  # the first build: PDFs to serve
    status, _, headers = preview.fetch("/")
    assert status == 200
    policy = headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'self'" in policy
    for asset in PAGE_DIR.iterdir():
        text = asset.read_text(encoding="utf-8")
        assert "http:" not in text and "https:" not in text and "//" + "cdn" not in text
    assert preview.fetch("/preview.js")[0] == 200
    assert preview.fetch("/pdfjs/pdf.worker.js")[0] == 200  # Debian's pdf.js, as installed
    # Only the panes' PDFs are served: no other file, however the path is written.
    for path in ("/cv.yaml", "/../cv.yaml", "/%2e%2e/out/cv.en.tex", "/cv.de.pdf", "/x.pdf"):
        assert preview.fetch(path)[0] == 404, path
    # A request that names another host (a page elsewhere rebinding its name) is refused.
    assert preview.fetch("/", host="attacker.example:80")[0] == 421
    assert preview.fetch("/cv.en.pdf", host="localhost")[0] == 200


def test_the_page_and_its_pdfs_are_only_for_who_started_it(preview):
    assert "up to date" in preview.lines.get(timeout=120)
    for path in ("/", "/cv.en.pdf", "/events"):
        assert preview.fetch(path, token=False)[0] == 403, path
    # The address printed: its token becomes the page's cookie, and that alone lets it in.
    origin, token = preview.url.split("/?token=")
    host, port = origin.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=60)
    connection.request("GET", f"/?token={token}")
    answer = connection.getresponse()
    cookie = answer.getheader("Set-Cookie") or ""
    connection.close()
    assert answer.status == 303 and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    connection = http.client.HTTPConnection(host, int(port), timeout=60)
    connection.request("GET", "/cv.en.pdf", headers={"Cookie": cookie.split(";")[0]})
    assert connection.getresponse().read()[:5] == b"%PDF-"
    connection.close()
    assert preview.fetch("/favicon.ico", token=False)[0] == 200


@pytest.mark.parametrize("moment", ["starting", "waiting"])
def test_stopping_the_preview_stops_its_engines(launch, tiny, tmp_path, moment):
    """Ctrl-C as the engines for the next build start (before cvtex knows of them), or once
    they wait: whenever it lands, nothing is left, on a busy machine as on an idle one."""
    preview = launch()
    assert "up to date" in preview.lines.get(timeout=120)
    out = tiny.parent / "out"
    enough = 1 if moment == "starting" else 2  # one per language once they wait
    assert wait_until(lambda: len(engines_under(out)) >= enough, 120)
    preview.process.send_signal(signal.SIGINT)
    assert preview.process.wait(timeout=120) == 0
    assert wait_until(lambda: not engines_under(tmp_path), 120)
    assert not [path for path in out.iterdir() if path.name.startswith(orphans.OUT_PREFIX)]


def test_a_port_in_use_is_a_clean_error(tiny):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run(
            [str(CVTEX), "preview", str(tiny), "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert run.returncode == 1
    assert f"error: cannot serve the preview on 127.0.0.1:{port}" in run.stderr
    assert "--port" in run.stderr and "Traceback" not in run.stderr


def test_the_panes_follow_the_builds(tmp_path):
    """The state the page is sent: what each pane shows after each kind of build."""
    from cvtex.errors import EngineError, InputError
    from cvtex.live.preview import PreviewState
    from cvtex.live.watch import Rebuilt

    profile = tmp_path / "cv.yaml"
    shown = PreviewState(profile)
    pdfs = {lang: tmp_path / "out" / f"cv.{lang}.pdf" for lang in ("en", "zh")}

    def panes() -> dict[str, tuple[int, str | None]]:
        return {
            pane["lang"]: (pane["version"], pane["error"]) for pane in shown.snapshot()["panes"]
        }

    # Broken from the start: no language known yet, one pane says why.
    shown.update(Rebuilt([], [], [], 0.1, InputError(f"{profile}:3:1: bad", "fix it")))
    assert panes() == {"": (0, f"error: {profile}:3:1: bad\n  hint: fix it")}
    shown.update(Rebuilt([profile], ["en", "zh"], [], 1.0, None, pdfs, ["en", "zh"]))
    assert panes() == {"en": (1, None), "zh": (1, None)}
    # Only Chinese failed: English shows its new PDF, Chinese the error.
    failed = EngineError("XeLaTeX failed on cv.zh.tex:\n    ! Undefined control sequence.")
    shown.update(Rebuilt([profile], ["en"], [], 1.0, failed, {"en": pdfs["en"]}, ["en", "zh"]))
    assert panes() == {"en": (2, None), "zh": (1, f"error: {failed}")}
    # Put back as it was: the PDF on disk is right again, shown without a reload.
    shown.update(Rebuilt([profile], [], ["en", "zh"], 0.1, None, pdfs, ["en", "zh"]))
    assert panes() == {"en": (2, None), "zh": (1, None)}
    assert shown.pdf("/cv.zh.pdf") == pdfs["zh"] and shown.pdf("/cv.yaml") is None

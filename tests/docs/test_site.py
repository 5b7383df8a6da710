"""The documentation site: it builds strict, its references cover every key and command,
it fetches nothing from the network when read, and its search finds Chinese words.

The site is built once per session (mkdocs build --strict, as `make docs`), served from
127.0.0.1 and read by headless Chromium (tests/browser.py), whose network log shows every
request a page and its search worker make.
"""

from __future__ import annotations

import functools
import html
import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote, urlsplit

import click
import pytest

from cvtex.cli.main import main

from ..browser import Browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "hooks"))

import cvtex_docs  # noqa: E402
from schema_reference import anchor, gaps  # noqa: E402

README_LINES = 250


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    if built.returncode:
        pytest.fail(f"mkdocs build --strict failed:\n{built.stderr[-4000:]}")
    return out


@pytest.fixture(scope="session")
def served(site: Path) -> Iterator[str]:
    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def page_ids(page: Path) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', page.read_text(encoding="utf-8")))


# --- the references ---------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["profile", "catalog", "letter"])
def test_every_key_has_a_description_and_an_example(kind: str) -> None:
    """A key added to a model without a description= (or without an example in the example
    files, the docs or its examples=) is named here: the reference would show it bare."""
    assert gaps(cvtex_docs.schemas()[kind], cvtex_docs.examples(kind)) == []


@pytest.mark.parametrize("kind", ["profile", "catalog", "letter"])
def test_every_top_level_key_has_its_section(site: Path, kind: str) -> None:
    ids = page_ids(site / "reference" / f"{kind}.html")
    keys = cvtex_docs.schemas()[kind]["properties"]
    assert keys
    assert [key for key in keys if anchor(key) not in ids] == []


def commands(command: click.Command, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    yield path
    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            yield from commands(sub, (*path, name))


def command_at(path: tuple[str, ...]) -> click.Command:
    command: click.Command = main
    for name in path[1:]:
        assert isinstance(command, click.Group)
        command = command.commands[name]
    return command


def test_every_command_and_option_has_its_place(site: Path) -> None:
    page = (site / "reference" / "cli.html").read_text(encoding="utf-8")
    ids = page_ids(site / "reference" / "cli.html")
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    for path in commands(main, ("cvtex",)):
        command = command_at(path)
        assert "-".join(path) in ids, f"no section for {' '.join(path)}"
        for option in command.params:
            for name in option.opts:
                assert name in text, f"{' '.join(path)}: {name} is not on the page"
            if getattr(option, "help", None):
                shown = " ".join(option.help.replace("`", "").split())
                assert shown in " ".join(text.split()), option.help
    # What mkdocs-click would get wrong unless corrected (docs/hooks/cvtex_docs.py).
    assert "Sentinel" not in text
    assert "<stem>.<lang>.resume.json" in text
    assert re.search(r"<code>[^<]*cvtex translate merge cv.yaml cv.zh.translation.yaml", page)


def test_the_gallery_shows_every_picture(site: Path) -> None:
    page = (site / "gallery.html").read_text(encoding="utf-8")
    pictures = sorted(path.name for path in (ROOT / "docs" / "gallery").glob("*.png"))
    assert pictures
    assert [name for name in pictures if f'src="gallery/{name}"' not in page] == []


def test_readme_is_a_front_door() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_LINES
    assert "make demo" in readme and "make test" in readme
    linked = re.findall(r"\]\((docs/[^)#]+)", readme)
    assert len(linked) >= 8
    assert [link for link in linked if not (ROOT / link).is_file()] == []


# --- nothing from the network -----------------------------------------------------------

# Where a page or style sheet makes the browser fetch something by itself.
FETCHING_TAGS = re.compile(
    r"<(?:script|img|iframe|source|video|audio|embed|track|input)\b[^>]*\bsrc=\"([^\"]+)\""
    r"|<link\b[^>]*\bhref=\"([^\"]+)\"|<object\b[^>]*\bdata=\"([^\"]+)\"",
    re.IGNORECASE,
)
CSS_FETCHES = re.compile(r"@import\s+(?:url\()?[\"']?([^\"')\s;]+)|url\(\s*[\"']?([^\"')]+)")


def test_no_file_of_the_site_names_another_host_to_fetch(site: Path) -> None:
    found = []
    for file in site.rglob("*"):
        if file.suffix == ".html":
            text = file.read_text(encoding="utf-8")
            urls = [next(u for u in match.groups() if u) for match in FETCHING_TAGS.finditer(text)]
        elif file.suffix == ".css":
            text = file.read_text(encoding="utf-8")
            urls = [next(u for u in match.groups() if u) for match in CSS_FETCHES.finditer(text)]
        else:
            continue
        found += [f"{file.relative_to(site)}: {url}" for url in urls if urlsplit(url).netloc]
    assert found == []
    # Material's web fonts are off: no Google Fonts address anywhere in the pages.
    assert not any("fonts.googleapis" in p.read_text() for p in site.rglob("*.html"))


def page_requests(net_log: Path, origin: str) -> list[str]:
    """The URLs requested on behalf of pages from ``origin`` (and their workers), from
    Chromium's network log; the browser's own traffic (updates, its search engine) is
    not the site's."""
    log = json.loads(net_log.read_text(encoding="utf-8"))
    start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    urls_by_source: dict[int, str] = {}
    requested = []
    for event in log["events"]:
        params = event.get("params", {})
        if "url" in params:
            urls_by_source.setdefault(event["source"]["id"], params["url"])
        if event["type"] == start and params.get("initiator") == origin:
            requested.append(params.get("url") or urls_by_source[event["source"]["id"]])
    return requested


def test_reading_and_searching_fetch_nothing_and_find_chinese(served: str, tmp_path: Path):
    """Pages open and search runs with every request to the site itself; a Chinese word of
    a page finds that page (jieba splits the index's Chinese into words)."""
    net_log = tmp_path / "net.json"
    browser = Browser(1280, 900, (f"--log-net-log={net_log}", "--net-log-capture-mode=Default"))
    found: dict[str, list[str]] = {}
    try:
        for word, page in (("简历", "index.html"), ("求职意向", "profile.html")):
            browser.open(f"{served}/{page}?q={quote(word)}")
            titles = browser.wait_for(
                "(() => { const titles = [...document.querySelectorAll("
                "'.md-search-result__item h1')].map(e => e.textContent.trim());"
                " return titles.length ? titles : null })()",
                bound=60,
            )
            found[word] = titles
        browser.open(f"{served}/reference/profile.html")
        browser.wait_for("document.readyState === 'complete'")
        time.sleep(1)  # let late requests (the search worker, images) start
    finally:
        browser.close()
    assert "The profile" in found["求职意向"], found
    assert "cvtex" in found["简历"], found
    requested = page_requests(net_log, served)
    assert any(url.endswith("search_index.json") for url in requested), requested
    assert [url for url in requested if not url.startswith(served + "/")] == []

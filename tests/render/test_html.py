"""The HTML CV in a real headless browser (Debian's chromium): it renders, prints and
fetches nothing, and no field can bring its own HTML or script."""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import tempfile
import zlib
from pathlib import Path

import pytest

from cvtex.language.catalog import load_catalog
from cvtex.profile.load import load_profile
from cvtex.view.localize import localize

from ..building import build
from ..conftest import EXAMPLE, ROOT, normalized, pdf_text

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FULL = ROOT / "tests" / "data" / "full" / "profile.yaml"

if CHROMIUM is None and not os.environ.get("CI"):
    pytest.skip("chromium is not installed (make test-system-deps)", allow_module_level=True)


def chromium(page: Path, *arguments: str) -> str:
    """Run headless Chromium on a page, in a fresh profile, with no network of its own."""
    assert CHROMIUM, "chromium is missing: `make test-system-deps` installs it"
    with tempfile.TemporaryDirectory(prefix="cvtex-chromium-") as profile_dir:
        run = subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",  # tests run as root in CI
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile_dir}",
                *arguments,
                page.resolve().as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("html")
    build(EXAMPLE, out_dir=out, formats=["html"])
    return {lang: out / f"profile.{lang}.html" for lang in ("en", "zh")}


def view(lang: str):
    loaded = load_profile(EXAMPLE)
    return localize(loaded.showing(loaded.profile.default_variant), load_catalog(lang))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_page_fetches_nothing(pages, lang):
    page = pages[lang].read_text(encoding="utf-8")
    assert "<script" not in page and "<link" not in page and "<iframe" not in page
    assert "@import" not in page and "url(" not in page
    assert not re.search(r'\bsrc="(?!data:)', page)
    assert "@media print" in page and "@page" in page


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_browser_shows_every_section_and_publication(pages, lang):
    dom = chromium(pages[lang], "--dump-dom")
    cv = view(lang)
    assert f"<h1>{cv.name}</h1>" in dom
    headings = re.findall(r"<h2>(.*?)</h2>", dom)
    assert headings == [section.title for section in cv.sections]
    publications = next(s for s in cv.sections if s.kind == "publications").entries
    titles = [cite.title for group in publications.groups for cite in group.citations]
    assert len(titles) >= 6
    for title in titles:
        assert f'<em class="title">{title}</em>' in dom
    assert dom.count('<strong class="owner">') >= len(titles)  # the owner, in bold


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_page_prints(pages, lang, tmp_path):
    pdf = tmp_path / f"{lang}.pdf"
    chromium(pages[lang], f"--print-to-pdf={pdf}", "--no-pdf-header-footer")
    text = normalized(pdf_text(pdf))
    cv = view(lang)
    for expected in [cv.name, *(section.title for section in cv.sections)]:
        assert normalized(expected) in text
    if lang == "zh":
        assert "中国科学技术大学" in text


def test_the_chinese_font_stack_names_an_installed_font(pages):
    # Chinese is set in a Simplified Chinese font the page names, not in whatever the
    # browser falls back to (a Japanese form of the same characters, say).
    style = pages["zh"].read_text(encoding="utf-8").split("<style>")[1]
    stack = re.search(r"--serif:([^;]+);", style)[1]
    named = [family.strip().strip('"') for family in stack.split(",")]
    installed = subprocess.run(
        ["fc-list", ":lang=zh-cn", "family"], capture_output=True, text=True, check=True
    ).stdout
    assert any(family in installed for family in named if "CJK" in family or "Han" in family)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_screenshot_shows_a_page(pages, lang, tmp_path):
    png = tmp_path / f"{lang}.png"
    chromium(pages[lang], f"--screenshot={png}", "--window-size=1200,1600", "--hide-scrollbars")
    width, height, pixels = _png_pixels(png)
    assert (width, height) == (1200, 1600)
    # Text on a page: many shades (anti-aliasing), far from a blank or single-colour image.
    assert len(set(pixels)) > 40


def test_no_field_brings_html_or_script(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        "languages: [en]\n"
        "name: \"<script>document.title = 'pwned'</script>Mei\"\n"
        "summary: >-\n"
        "  <img src=x onerror=\"document.title='pwned'\"> [click](javascript:alert(1))\n"
        "  **bold** & <b>not bold</b> $3\\times$\n"
        'contacts: [{type: website, value: "javascript:alert(1)"}]\n',
        encoding="utf-8",
    )
    build(profile, out_dir=tmp_path, formats=["html"])
    dom = chromium(tmp_path / "cv.en.html", "--dump-dom")
    body = dom.split("<body>", 1)[1]
    assert "<script" not in body and "<img" not in body and "<b>" not in body
    assert 'href="javascript' not in dom
    assert "&lt;script&gt;document.title = 'pwned'&lt;/script&gt;Mei" in body
    assert "<strong>bold</strong> &amp; &lt;b&gt;not bold&lt;/b&gt;" in body
    assert '<span class="math">3×</span>' in body
    assert "<title>&lt;script&gt;" in dom  # the title is the text, and nothing ran


def test_the_photo_is_inlined(tmp_path):
    build(FULL, out_dir=tmp_path, formats=["html"], languages="zh")
    page = (tmp_path / "profile.zh.html").read_text(encoding="utf-8")
    assert '<img src="data:image/png;base64,' in page


def _png_pixels(file: Path) -> tuple[int, int, bytes]:
    """Width, height and the raw (filtered) scanline bytes of a PNG, enough to tell blank."""
    data = file.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks = 8, []
    width = height = 0
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    return width, height, zlib.decompress(b"".join(chunks))

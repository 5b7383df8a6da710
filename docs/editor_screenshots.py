"""The pictures of docs/editor.md: `cvtex edit` on the example, in a headless Chromium
(Debian's, driven by tests/browser.py), with the page in English and in Chinese.

    .venv/bin/python docs/editor_screenshots.py

Writes docs/editor/editor.en.png and editor.zh.png, and editor.error.en.png (a wrong date:
its message at its field, the build's error in the panes); quantized by pngquant, when
installed, as the gallery's pictures are.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import CTRL, Browser  # noqa: E402

EXAMPLE = ROOT / "examples" / "academic"
PICTURES = ROOT / "docs" / "editor"
CVTEX = Path(sys.executable).with_name("cvtex")
# The page in each language: the browser's languages, and where the form is scrolled to.
SHOTS = (("en", "en-US,en", '["education"]'), ("zh", "zh-CN,zh", '["education"]'))


def main() -> int:
    PICTURES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cvtex-editor-") as scratch:
        folder = Path(scratch) / "academic"
        shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns("out"))
        profile = folder / "profile.yaml"
        editor = subprocess.Popen(
            [str(CVTEX), "edit", str(profile), "--port", "0", "--lang", "en,zh"],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert editor.stdout is not None
            url = editor.stdout.readline().split(": ", 1)[1].split()[0]
            for language, accepted, scrolled_to in SHOTS:
                shoot(url, accepted, scrolled_to, PICTURES / f"editor.{language}.png")
            shoot(url, "en-US,en", '["education"]', PICTURES / "editor.error.en.png", "2020-13")
        finally:
            editor.send_signal(signal.SIGTERM)
            editor.wait(timeout=120)
    return 0


def shoot(url: str, accepted: str, scrolled_to: str, picture: Path, start: str = "") -> None:
    """The page scrolled to a field; with ``start``, education 1's start date typed over
    (a wrong one: the message at the field, the build's error in the panes)."""
    browser = Browser(1600, 1000, extra_args=(f"--accept-lang={accepted}",))
    try:
        browser.open(url)
        browser.wait_for(
            "!!(window.cvtexEditor?.page.facts && document.querySelectorAll('.pane').length"
            " && [...document.querySelectorAll('.pane')].every(p => p.dataset.shown))",
            300,
        )
        browser.evaluate(
            f"document.querySelector('#form [data-path=\\'{scrolled_to}\\']').scrollIntoView()"
        )
        # Focus in a box, as while typing: its field's other forms show.
        browser.evaluate(
            "document.querySelector('[aria-label=\"education 1, degree (zh)\"]').focus()"
        )
        if start:
            browser.click('[aria-label="education 1, start"]')
            browser.press("a", CTRL)
            browser.type(start)
            browser.wait_for("!!document.querySelector('.problem')", 120)
            browser.wait_for("[...document.querySelectorAll('.pane .error')].every(e => !e.hidden)")
            browser.evaluate(
                "document.querySelector('[aria-label=\"education 1, start\"]')"
                ".scrollIntoView({block: 'center'})"
            )
        time.sleep(1)
        browser.screenshot(picture)
    finally:
        browser.close()
    if shutil.which("pngquant"):
        subprocess.run(
            ["pngquant", "--force", "--skip-if-larger", "--ext", ".png", str(picture)], check=False
        )
    print(f"wrote {picture.relative_to(ROOT)}")


if __name__ == "__main__":
    raise SystemExit(main())

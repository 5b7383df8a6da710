# ruff: noqa: F811  (the fixtures of test_edit_page, imported, are its tests' arguments)
"""`cvtex edit` in a real headless Chromium: a text marked "may be out of date" confirmed
from its box as still saying the same, as `cvtex translate confirm` records it; the
profile is left as it was written, and validate agrees."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cvtex.cli.main import main

from .editing import PROFILE, box
from .test_edit_page import (  # noqa: F401  (fixtures)
    browser,
    built,
    editor,
    folder,
    launch,
    opened,
)


def strict(profile) -> object:
    return CliRunner().invoke(main, ["validate", str(profile), "--lang", "en", "--strict"])


def test_a_text_that_may_be_out_of_date_is_confirmed_from_its_box(folder, launch, browser):
    profile = folder / "cv.yaml"
    assert strict(profile).exit_code == 0  # seen: its languages agree
    changed = PROFILE.replace("'系统工程师'", "'系统与网络工程师'")
    profile.write_text(changed, encoding="utf-8")
    before = strict(profile)
    assert before.exit_code != 0 and "may be out of date" in before.output, before.output

    opened(browser, launch())
    english = box("headline (en)")
    assert browser.evaluate(f"{english}.parentElement.dataset.state") == "out-of-date"
    label = "Confirm that headline (en) still says the same"
    button = f"[aria-label={json.dumps(label)}]"
    assert browser.evaluate(f"document.querySelector({json.dumps(button)}).textContent") == (
        "Confirm"
    )
    browser.click(button)
    browser.wait_for(f"{english}.parentElement.dataset.state === 'written'")
    browser.wait_for(f"!document.querySelector({json.dumps(button)})")

    # Recorded as `cvtex translate confirm` records it: validate --strict passes, and the
    # profile is byte for byte as it was.
    after = strict(profile)
    assert after.exit_code == 0, after.output
    assert "out of date" not in after.output
    assert profile.read_text(encoding="utf-8") == changed
    # The facts the server works out again agree: the mark stays gone once they arrive.
    browser.wait_for("window.cvtexEditor.page.factsStale === false")
    assert browser.evaluate(f"{english}.parentElement.dataset.state") == "written"
    # A confirmation for a revision the page no longer shows is refused, unrecorded.
    refused = browser.evaluate(
        "fetch('/api/confirm', {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({base: 0, path: ['headline'], lang: 'en'})})"
        ".then((response) => response.status)"
    )
    assert refused == 409

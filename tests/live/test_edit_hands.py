# ruff: noqa: F811  (the fixtures of test_edit_page, imported, are its tests' arguments)
"""`cvtex edit` in a real headless Chromium, under fast hands: machine drafts shown in their
boxes and accepted, a form chosen before its value, entries moved four times a second,
the focus after a split and a removal, and a page that stays steady (panes in one order,
headings that follow their text, entries named alike everywhere)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..browser import ALT
from .editing import PROFILE, box, changed_from, selector, wait_until
from .test_edit_page import (  # noqa: F401  (fixtures)
    READY,
    browser,
    built,
    editor,
    folder,
    launch,
    opened,
    write_into,
)

DRAFTED = PROFILE.replace(
    "degree: {en: B.Eng., zh: 工学学士}",
    "degree: {en: B.Eng., zh: {draft: 工学学士（草稿）, from: deepl}}",
).replace(
    "      - {en: Networks lab, zh: 网络实验室}",
    "      - {en: Networks lab, zh: {draft: 网络实验室（草稿）, from: deepl}}",
)

ENTRIES = """\
languages: [en, zh]
name: {en: Ann Lee, zh: 李安}
awards:
  - title: {en: Best Paper, zh: 最佳论文}
experience:
""" + "".join(
    f"  - title: {{en: {letter}, zh: {letter}}}\n    organization: Acme\n    start: 2020\n"
    for letter in "ABCDE"
)


def settled(browser) -> None:
    """Every change the page made is answered and drawn."""
    browser.evaluate("window.cvtexEditor.flush()")
    browser.wait_for("window.cvtexEditor.page.queue.then(() => true)")
    browser.wait_for(
        "!window.cvtexEditor.page.moves.length && !window.cvtexEditor.page.pending.size"
    )


def active_label(browser) -> str:
    active = "document.activeElement"
    return browser.evaluate(
        f"{active}.getAttribute('aria-label') || {active}.id || {active}.tagName"
    )


def test_a_draft_shows_in_its_box_marked_and_is_accepted(folder, launch, browser):
    (folder / "cv.yaml").write_text(DRAFTED, encoding="utf-8")
    editor = launch()
    opened(browser, editor)
    degree = "education 1, degree (zh)"
    assert browser.evaluate(f"{box(degree)}.value") == "工学学士（草稿）"  # not an empty box
    assert browser.evaluate(f"{box(degree)}.parentElement.dataset.state") == "draft"
    mark = browser.evaluate(f"{box(degree)}.parentElement.querySelector('.mark').textContent")
    assert "deepl" in mark
    assert browser.wait_for("!document.getElementById('accept-all').hidden")
    assert "2" in browser.evaluate("document.getElementById('accept-all').textContent")
    # Accepted for this box: the draft becomes the text, the focus stays in its box.
    browser.click(f"[aria-label={json.dumps('Accept the draft of ' + degree)}]")
    accepted = changed_from(editor.file, DRAFTED)
    assert "degree: {en: B.Eng., zh: 工学学士（草稿）}" in accepted
    assert "{draft: 网络实验室（草稿）, from: deepl}" in accepted
    browser.wait_for(f"document.activeElement === {box(degree)}")
    # And all the others at once.
    browser.click("#accept-all")
    done = changed_from(editor.file, accepted)
    assert "draft:" not in done and "{en: Networks lab, zh: 网络实验室（草稿）}" in done
    browser.wait_for("document.getElementById('accept-all').hidden")
    assert browser.evaluate("document.activeElement.id") == "undo"  # not the page's body


def test_a_form_chosen_before_its_value_writes_nothing_and_stays_chosen(folder, launch, browser):
    (folder / "cv.yaml").write_text(ENTRIES, encoding="utf-8")
    editor = launch()
    opened(browser, editor)
    browser.click("#f-awards-0-years-add")
    form = "document.getElementById('f-awards-0-years-form')"
    browser.wait_for(f"!!{form}")
    browser.evaluate(
        f"{form}.focus(); {form}.value = '0'; {form}.dispatchEvent(new Event('change'))"
    )
    settled(browser)
    assert browser.evaluate(f"{form}.value") == "0"  # "one value", not "(not set)" again
    assert editor.file.read_text(encoding="utf-8") == ENTRIES  # nothing written yet
    browser.click("#f-awards-0-years")
    browser.type("2021")
    written = changed_from(editor.file, ENTRIES)
    assert "years: 2021" in written and 'years: ""' not in written


def test_alt_arrows_pressed_fast_move_the_focused_entry_and_the_focus_follows(
    folder, launch, browser
):
    (folder / "cv.yaml").write_text(ENTRIES, encoding="utf-8")
    editor = launch()
    opened(browser, editor)
    browser.click(f"[aria-label={json.dumps('experience 5, title (en)')}]")
    for _ in range(4):  # as fast as DevTools sends keys: far more than four a second
        browser.press("ArrowUp", ALT)
    settled(browser)
    order = r"(?m)^  - title: \{en: ([A-E]), zh"
    wait_until(
        lambda: re.findall(order, editor.file.read_text(encoding="utf-8")) == list("EABCD"),
        what="E moved to the top, the others in their order",
    )
    browser.wait_for("document.activeElement.value === 'E'")
    assert active_label(browser) == "experience 1, title (en)"


def test_the_focus_stays_on_the_form_after_a_split_and_a_removal(editor, browser):
    opened(browser, editor)
    once = "education 2, bullets 2 (all languages)"
    browser.click(f"[aria-label={json.dumps(once)}]")
    browser.click(f"[aria-label={json.dumps('Write per language: education 2, bullets 2')}]")
    changed_from(editor.file, PROFILE)
    browser.wait_for(f"document.activeElement === {box('education 2, bullets 2 (en)')}")
    text = editor.file.read_text(encoding="utf-8")
    browser.click(f"[aria-label={json.dumps('Remove education 2')}]")
    changed_from(editor.file, text)
    settled(browser)
    browser.wait_for("document.activeElement !== document.body")
    assert active_label(browser) == "Remove education 1"


def test_the_page_stays_steady(editor, browser):
    opened(browser, editor)
    panes = "[...document.querySelectorAll('.pane')].map(pane => pane.dataset.lang).join()"
    browser.wait_for(f"{panes} === 'en,zh'")
    # No address on the page carries the token (it would stay in the browser's history).
    addresses = "[...document.querySelectorAll('a[href], img[src]')].map(e => e.href || e.src)"
    assert browser.wait_for(f"{addresses}.length > 2")
    assert "token" not in " ".join(browser.evaluate(addresses))
    assert browser.evaluate("location.search") == ""
    before = PROFILE
    for text in ("Kyoto Univ.", "Kyoto University (exchange)"):
        write_into(browser, "education 2, institution (en)", text)
        before = changed_from(editor.file, before)
        # The entry's heading follows its text as it is typed.
        summary = json.dumps(selector(["education", 1]) + " .summary")
        heading = browser.wait_for(f"document.querySelector({summary})?.textContent")
        assert heading == f" · {text}"
        browser.wait_for(
            "window.cvtexEditor.page.facts?.revision === window.cvtexEditor.page.revision"
        )
        assert browser.evaluate(panes) == "en,zh"  # source first, whichever was built first
    # A build error names the entry as the form does: "education 1, start".
    write_into(browser, "education 1, start", "2016-13")
    error = browser.wait_for(
        "[...document.querySelectorAll('.pane .error pre')].map(e => e.textContent).join('')"
    )
    assert "education 1, start" in error and "education[0]" not in error
    listed = browser.wait_for("document.getElementById('problems').textContent")
    assert "education[0]" not in listed


def test_the_photo_replaced_is_put_back_by_undo(folder, launch, browser, tmp_path):
    from .editing import png

    text = PROFILE.replace("headline:", "photo: {file: me.png}\nheadline:")
    (folder / "cv.yaml").write_text(text, encoding="utf-8")
    original = png(8, 8)
    (folder / "me.png").write_bytes(original)
    editor = launch()
    opened(browser, editor)
    new = tmp_path / "new.png"
    new.write_bytes(png(20, 20))
    browser.choose_file("#photo-upload", new)
    wait_until(lambda: (folder / "me.png").read_bytes() == new.read_bytes(), what="replaced")
    assert (folder / "me.png.bak").read_bytes() == original
    browser.click("#undo")
    wait_until(lambda: (folder / "me.png").read_bytes() == original, what="put back by Undo")
    assert Path(folder / "cv.yaml").read_text(encoding="utf-8") == text

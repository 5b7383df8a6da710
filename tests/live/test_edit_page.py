"""`cvtex edit` in a real headless Chromium, driven as a person drives it: the mouse, the
keyboard, an input method for Chinese. Each test runs the real command on a commented
profile and reads the file it writes.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ..browser import ALT, CHROMIUM, CTRL, SHIFT, Browser
from .editing import (
    LETTER,
    PROFILE,
    Editor,
    box,
    changed_from,
    field,
    png,
    selector,
    start_editor,
    wait_until,
)

if CHROMIUM is None and not os.environ.get("CI"):
    pytest.skip("chromium is not installed (make test-system-deps)", allow_module_level=True)

# The form drawn, and the marks and problems of the file as opened shown: from then on
# nothing moves under the mouse.
READY = (
    "!!(window.cvtexEditor && document.querySelector('#form textarea')"
    " && window.cvtexEditor.page.facts?.revision === window.cvtexEditor.page.revision)"
)


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The profile built once (out/ and the build cache): each test's editor starts from it
    with every PDF up to date."""
    from cvtex.pipeline.build import build
    from cvtex.pipeline.request import resolve_request

    folder = tmp_path_factory.mktemp("edited")
    (folder / "cv.yaml").write_text(PROFILE, encoding="utf-8")
    (folder / "letter.yaml").write_text(LETTER, encoding="utf-8")
    from cvtex.pipeline.report import Reporter

    build(resolve_request(folder / "cv.yaml", languages="en,zh"), Reporter())
    return folder


@pytest.fixture
def folder(built: Path, tmp_path: Path) -> Path:
    shutil.copytree(built, tmp_path / "cv")
    return tmp_path / "cv"


@pytest.fixture
def launch(folder: Path, tmp_path: Path) -> Iterator[Callable[..., Editor]]:
    started: list[Editor] = []
    temporary = tmp_path / "tmp"
    temporary.mkdir()

    def start(name: str = "cv.yaml", *options: str) -> Editor:
        started.append(
            start_editor(folder / name, "--lang", "en,zh", *options, temporary=temporary)
        )
        return started[-1]

    yield start
    for editor in started:
        editor.stop()


@pytest.fixture
def editor(launch: Callable[..., Editor]) -> Editor:
    return launch()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Browser]:
    opened = Browser(1600, 1000)
    try:
        yield opened
    finally:
        opened.screenshot(tmp_path / "editor.png")  # for a person to look at on failure
        opened.close()


def opened(browser: Browser, editor: Editor) -> Browser:
    browser.open(editor.url)
    browser.wait_for(READY)
    return browser


def write_into(browser: Browser, name: str, text: str) -> None:
    """Click into the box, select what it holds, type ``text`` over it."""
    browser.click(f"[aria-label={_quoted(name)}]")
    browser.press("a", CTRL)
    browser.type(text)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def lines_changed(before: str, after: str) -> list[str]:
    return [
        line
        for line in difflib.unified_diff(before.splitlines(), after.splitlines(), n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


def test_every_text_shows_one_box_per_language_side_by_side(editor, browser):
    opened(browser, editor)
    boxes = f"[...{field(['name'])}.querySelectorAll('textarea')]"
    names = browser.evaluate(f"{boxes}.map(e => e.getAttribute('aria-label'))")
    assert names == ["name (en)", "name (zh)", "name (zh-TW)"]
    assert browser.evaluate(f"{box('name (zh)')}.value") == "李安"
    # Side by side: the boxes of one text share a row.
    tops = browser.evaluate(f"{boxes}.map(e => e.getBoundingClientRect().top)")
    assert len(set(tops)) == 1
    # zh-TW shows its conversion from zh until it is written.
    institution = "education 1, institution (zh-TW)"
    browser.wait_for(f"{box(institution)}.placeholder === '湖南大學'")
    assert browser.evaluate(f"{box(institution)}.parentElement.dataset.state") == "converted"
    # A text given once for all languages: one box, said so, and marked as it looks in zh.
    once = "education 2, bullets 2 (all languages)"
    assert browser.evaluate(f"{box(once)}.value") == "Exchange"
    mark = browser.wait_for(f"{box(once)}.parentElement.querySelector('.mark').textContent")
    assert "zh" in mark
    # Written per language, the languages without text are marked untranslated.
    browser.click(f"{selector(['education', 1, 'bullets', 1])} .text-tools button")
    text = changed_from(editor.file, PROFILE)
    assert lines_changed(PROFILE, text) == ["-      - Exchange", "+      - {en: Exchange}"]
    browser.wait_for(f"!!{box('education 2, bullets 2 (zh)')}")
    assert browser.evaluate(
        f"{box('education 2, bullets 2 (zh)')}.parentElement.dataset.state"
    ) == ("missing")


def test_a_zh_box_writes_exactly_that_value(editor, browser):
    opened(browser, editor)
    write_into(browser, "education 1, institution (zh)", "湖南大学（长沙）")
    text = changed_from(editor.file, PROFILE)
    assert lines_changed(PROFILE, text) == [
        "-  - institution: {en: Hunan University, zh: 湖南大学}",
        "+  - institution: {en: Hunan University, zh: 湖南大学（长沙）}",
    ]
    # The file as it was is kept, once for the session.
    backup = editor.file.with_name("cv.yaml.bak")
    assert backup.read_text(encoding="utf-8") == PROFILE
    write_into(browser, "headline (en)", "Engineer")
    text = changed_from(editor.file, text)
    assert '  en: "Engineer"' in text.splitlines()  # its quotes kept
    assert sorted(path.name for path in editor.file.parent.glob("cv.yaml.bak*")) == ["cv.yaml.bak"]
    # zh-TW's conversion follows the zh text.
    browser.wait_for(
        f"{box('education 1, institution (zh-TW)')}.placeholder === '湖南大學（長沙）'"
    )


def test_entries_are_added_moved_and_removed(editor, browser):
    opened(browser, editor)
    browser.click("#f-education-add-item")
    browser.wait_for(f"document.activeElement === {box('education 3, institution (en)')}")
    browser.type("MIT")
    added = changed_from(editor.file, PROFILE)
    assert added == PROFILE + "\n  - institution: {en: MIT}\n"
    browser.wait_for(f"!{box('Move education 3 up')}.disabled")
    browser.click(f"[aria-label={_quoted('Move education 3 up')}]")
    moved = changed_from(editor.file, added)
    assert moved.index("{en: MIT}") < moved.index("# the exchange term") < moved.index("Kyoto")
    browser.wait_for(f"{box('education 2, institution (en)')}.value === 'MIT'")
    browser.click(f"[aria-label={_quoted('Remove education 2')}]")
    removed = changed_from(editor.file, moved)
    assert removed == PROFILE  # every comment and blank line where it was


def test_a_value_changed_on_disk_while_it_is_edited_is_a_conflict(editor, browser):
    opened(browser, editor)
    write_into(browser, "education 1, degree (en)", "B.Sc.")
    # Saved by another program before the page writes its edit (a moment after typing).
    theirs = PROFILE.replace("{en: B.Eng.,", "{en: BEng (Hons),")
    editor.file.write_text(theirs, encoding="utf-8")
    panel = browser.wait_for(
        f"{field(['education', 0, 'degree', 'en'])}?.querySelector('.conflict-panel')?.textContent"
    )
    assert "BEng (Hons)" in panel and "B.Sc." in panel
    assert editor.file.read_text(encoding="utf-8") == theirs  # never silently overwritten
    browser.click(".conflict-panel .keep-mine")
    mine = changed_from(editor.file, theirs)
    assert lines_changed(theirs, mine) == [
        "-    degree: {en: BEng (Hons), zh: 工学学士}  # a bachelor's",
        "+    degree: {en: B.Sc., zh: 工学学士}  # a bachelor's",
    ]
    browser.wait_for("!document.querySelector('.conflict-panel')")


def test_a_save_made_elsewhere_shows_in_the_form(editor, browser):
    opened(browser, editor)
    write_into(browser, "headline (zh)", "网络工程师")
    mine = changed_from(editor.file, PROFILE)
    # git pull, or another editor: a value the page did not touch.
    theirs = mine.replace("{en: Kyoto University, zh: 京都大学}", "{en: Kyoto U., zh: 京都大学}")
    editor.file.write_text(theirs, encoding="utf-8")
    browser.wait_for(f"{box('education 2, institution (en)')}.value === 'Kyoto U.'")
    assert browser.evaluate(f"{box('headline (zh)')}.value") == "网络工程师"
    assert not browser.evaluate("document.querySelector('.conflict-panel')")
    # Saved half-way through (not YAML now): the form waits, and says why; then follows.
    editor.file.write_text(theirs + "skills: [\n", encoding="utf-8")
    banner = browser.wait_for(
        "!document.getElementById('banner').hidden && document.getElementById('banner').textContent"
    )
    assert "not valid YAML" in banner
    assert browser.evaluate("document.getElementById('form').inert")
    editor.file.write_text(theirs, encoding="utf-8")
    browser.wait_for(
        "document.getElementById('banner').hidden && !document.getElementById('form').inert"
    )
    # The next edit is made on the file as it is now.
    write_into(browser, "education 2, institution (zh)", "京都大学（日本）")
    after = changed_from(editor.file, theirs)
    assert lines_changed(theirs, after) == [
        "-  - institution: {en: Kyoto U., zh: 京都大学}",
        "+  - institution: {en: Kyoto U., zh: 京都大学（日本）}",
    ]


def validate_line(file: Path, path: str) -> tuple[int, str]:
    """The line and message `cvtex validate` prints for the field at ``path``."""
    from .editing import CVTEX

    run = subprocess.run([str(CVTEX), "validate", str(file)], capture_output=True, text=True)
    found = re.search(
        rf"^  {re.escape(str(file))}:(\d+):\d+: {re.escape(path)}: (.*)$", run.stderr, re.M
    )
    assert found, run.stderr
    return int(found[1]), found[2]


def test_an_error_shows_at_its_field_and_the_form_keeps_its_state(editor, browser):
    opened(browser, editor)
    browser.wait_for("[...document.querySelectorAll('.pane')].every(p => p.dataset.shown)")
    write_into(browser, "education 1, start", "2016-13")
    changed_from(editor.file, PROFILE)
    line, message = validate_line(editor.file, "education[0].start")
    shown = browser.wait_for(
        f"{field(['education', 0, 'start'])}.querySelector('.problem')?.textContent"
    )
    assert shown == f"line {line}: {message}"
    assert "month 13" in message
    assert browser.evaluate(f"{box('education 1, start')}.getAttribute('aria-invalid')") == "true"
    # The build fails; its error shows where the PDFs were, and the form stays as it is.
    browser.wait_for("[...document.querySelectorAll('.pane .error')].every(e => !e.hidden)")
    assert browser.evaluate(f"{box('education 1, start')}.value") == "2016-13"
    assert browser.evaluate(f"document.activeElement === {box('education 1, start')}")
    browser.press("Backspace")
    browser.type("0")
    browser.wait_for(f"!{field(['education', 0, 'start'])}.querySelector('.problem')")
    browser.wait_for("[...document.querySelectorAll('.pane .error')].every(e => e.hidden)")


def test_the_pdfs_follow_the_form_and_the_time_is_shown(editor, browser):
    opened(browser, editor)
    pane = "document.querySelector('.pane[data-lang=\"{}\"]')?.dataset.shown"
    browser.wait_for(f"{pane.format('en')} && {pane.format('zh')}")
    before = {lang: browser.evaluate(pane.format(lang)) for lang in ("en", "zh")}
    # The Chinese pane scrolled down (a low window: its page is taller than the pane): it
    # stays where it is when its new PDF comes.
    browser.send(
        "Emulation.setDeviceMetricsOverride",
        {"width": 1600, "height": 420, "deviceScaleFactor": 1, "mobile": False},
    )
    pages = "document.querySelector('.pane[data-lang=\"zh\"] .pages')"
    browser.wait_for(f"{pages}.scrollHeight > {pages}.clientHeight + 50")
    scrolled = browser.evaluate(f"{pages}.scrollTop = 40, {pages}.scrollTop")
    assert scrolled > 0
    write_into(browser, "name (zh)", "李安安")
    seconds = browser.wait_for("document.getElementById('timing').dataset.seconds", 120)
    assert 0 < float(seconds) < 60
    assert browser.evaluate(pane.format("zh")) != before["zh"]
    assert browser.evaluate(pane.format("en")) == before["en"]  # English did not change
    assert browser.evaluate(f"{pages}.scrollTop") == scrolled
    assert "s" in browser.evaluate("document.getElementById('timing').textContent")


def test_the_panes_on_screen_are_built_first(launch, tmp_path):
    """Three languages, zh-TW converted from zh, in a window that shows two panes: the page
    says which; a Chinese edit rebuilds zh alone, and zh-TW after, once zh is shown."""
    editor = launch("cv.yaml", "--lang", "en,zh,zh-TW")
    narrow = Browser(1100, 900)
    try:
        opened(narrow, editor)
        pane = "document.querySelector('.pane[data-lang=\"{}\"]')?.dataset.shown"
        narrow.wait_for(" && ".join(pane.format(lang) for lang in ("en", "zh", "zh-TW")))
        assert narrow.evaluate("window.cvtexEditor.page.panes.visible()") == ["en", "zh"]
        # Once the page has told the server so (after it drew the first build).
        narrow.wait_for("window.cvtexEditor.page.told.startsWith('en,zh|')")
        before = narrow.evaluate(pane.format("zh-TW"))
        write_into(narrow, "name (zh)", "李安安")
        first = editor.wait_for_line("cv.yaml: rebuilt")
        assert "rebuilt zh in" in first and "zh-TW" not in first.split("(")[0], first
        later = editor.wait_for_line("cv.yaml: rebuilt")
        assert "rebuilt zh-TW in" in later, later
        narrow.wait_for(f"{pane.format('zh-TW')} !== {json.dumps(before)}")
        narrow.evaluate(
            "document.getElementById('panes').scrollLeft = 10000"
        )  # the pane left behind, scrolled to, shows the new PDF
        narrow.wait_for("window.cvtexEditor.page.panes.visible().includes('zh-TW')")
    finally:
        narrow.screenshot(tmp_path / "narrow.png")
        narrow.close()


def test_undo_and_redo(editor, browser):
    opened(browser, editor)
    write_into(browser, "name (en)", "Ann B. Lee")
    first = changed_from(editor.file, PROFILE)
    browser.click(f"[aria-label={_quoted('Move education 2 up')}]")
    second = changed_from(editor.file, first)
    assert second.index("Kyoto") < second.index("Hunan")
    browser.click("#undo")
    assert changed_from(editor.file, second) == first
    browser.click("#undo")
    assert changed_from(editor.file, first) == PROFILE
    browser.click("#redo")
    assert changed_from(editor.file, PROFILE) == first


def test_the_undo_and_redo_buttons_stay_put_as_builds_end(editor, browser):
    # The keystroke time shown after each build once stood between the buttons and the page
    # language: its text changing moved Undo between a click's press and release, and the
    # click was lost (test_undo_and_redo failed so, now and then, on a busy machine).
    opened(browser, editor)
    boxes = (
        "['undo', 'redo'].map(id => { const r = document.getElementById(id)"
        ".getBoundingClientRect(); return [r.x, r.y, r.width]; })"
    )
    before = browser.evaluate(boxes)
    for text in ("Keystroke to PDFs: 0.4 s", "Keystroke to PDFs: 12.75 s", "按键到 PDF：1.2 秒"):
        browser.evaluate(f"document.getElementById('timing').textContent = {json.dumps(text)}")
        assert browser.evaluate(boxes) == before, text


def test_keyboard_only(editor, browser):
    opened(browser, editor)
    target = "education 2, institution (en)"
    for _ in range(300):  # Tab from the top of the page to the box, as a person does
        if browser.evaluate("document.activeElement?.getAttribute('aria-label')") == target:
            break
        browser.press("Tab")
    else:
        raise AssertionError(f"Tab never reached {target}")
    browser.press("End")
    browser.type(" (exchange)")
    typed = changed_from(editor.file, PROFILE)
    assert "{en: Kyoto University (exchange), zh: 京都大学}" in typed
    # Alt+Up moves the entry that holds the focus; the focus goes with it.
    browser.press("ArrowUp", ALT)
    moved = changed_from(editor.file, typed)
    assert moved.index("Kyoto") < moved.index("Hunan")
    browser.wait_for(
        "document.activeElement?.getAttribute('aria-label') === 'education 1, institution (en)'"
    )
    # Ctrl+Z undoes the move, then the typing; Ctrl+Shift+Z redoes.
    browser.press("z", CTRL)
    assert changed_from(editor.file, moved) == typed
    browser.press("z", CTRL)
    assert changed_from(editor.file, typed) == PROFILE
    browser.press("z", CTRL | SHIFT)
    assert changed_from(editor.file, PROFILE) == typed
    # Enter on an "Add" button: a new entry, the focus in its first box.
    for _ in range(300):
        if browser.evaluate("document.activeElement?.id") == "f-education-add-item":
            break
        browser.press("Tab")
    browser.press("Enter")
    browser.wait_for(f"document.activeElement === {box('education 3, institution (en)')}")
    # Every control has a name to be read out.
    unnamed = browser.evaluate(
        "[...document.querySelectorAll('#form textarea, #form input, #form select, #form button')]"
        ".filter(e => !(e.getAttribute('aria-label') || e.textContent.trim() || e.labels?.length))"
        ".map(e => e.outerHTML.slice(0, 80))"
    )
    assert unnamed == []


def test_the_page_speaks_the_browsers_language_or_the_one_chosen(editor, tmp_path):
    chinese = Browser(1400, 900, extra_args=("--accept-lang=zh-CN,zh",))
    try:
        opened(chinese, editor)
        assert chinese.evaluate("document.documentElement.lang") == "zh"
        assert (
            chinese.evaluate("document.querySelector('header strong').textContent")
            == "cvtex 编辑器"
        )
        assert chinese.evaluate("document.getElementById('undo').textContent") == "撤销"
        # The boxes' names are the YAML's keys, whatever the page's language.
        assert chinese.evaluate(f"!!{box('name (zh)')}")
        chinese.evaluate(
            "(() => { const s = document.getElementById('page-lang'); s.value = 'en';"
            " s.dispatchEvent(new Event('change')); })()"
        )
        assert chinese.evaluate("document.getElementById('undo').textContent") == "Undo"
    finally:
        chinese.close()


def test_a_letter_is_edited_the_same_way(launch, browser):
    editor = launch("letter.yaml")
    opened(browser, editor)
    assert browser.evaluate(f"{box('body 1 (zh)')}.value") == "我写信申请该职位。"
    write_into(browser, "body 2 (zh)", "感谢您拨冗阅读。")
    text = changed_from(editor.file, LETTER)
    assert lines_changed(LETTER, text) == [
        "-  - {en: Thank you for your time., zh: 感谢您的时间。}",
        "+  - {en: Thank you for your time., zh: 感谢您拨冗阅读。}",
    ]
    titles = browser.wait_for(
        "[...document.querySelectorAll('.pane .title')].map(e => e.textContent).join('|')"
    )
    assert titles == "English|简体中文"


def test_a_session_that_changes_nothing_leaves_the_file_as_it_was(editor, browser):
    opened(browser, editor)
    browser.click(f"[aria-label={_quoted('name (zh)')}]")
    browser.press("Tab")
    browser.wait_for("[...document.querySelectorAll('.pane')].every(p => p.dataset.shown)")
    editor.stop()
    assert editor.file.read_bytes() == PROFILE.encode()
    assert not list(editor.file.parent.glob("cv.yaml.bak*"))


def test_the_photo_is_shown_and_replaced(folder, launch, browser):
    (folder / "me.png").write_bytes(png())
    profile = folder / "cv.yaml"
    profile.write_text(PROFILE.replace("headline:", "photo: {file: me.png}\nheadline:"), "utf-8")
    editor = launch()
    opened(browser, editor)
    browser.wait_for("document.querySelector('.photo img')?.naturalWidth === 8")
    chosen = folder.parent / "new-photo.png"
    chosen.write_bytes(png(16, 16))
    browser.choose_file("#photo-upload", chosen)
    wait_until(lambda: (folder / "me.png").read_bytes() == png(16, 16), what="the photo written")
    browser.wait_for("document.querySelector('.photo img')?.naturalWidth === 16")
    assert profile.read_text(encoding="utf-8").count("me.png") == 1  # the profile unchanged


FULL = Path(__file__).resolve().parents[1] / "data" / "full"


def test_the_form_has_every_section_entry_and_field(tmp_path, browser):
    """The full test profile (every feature of the content model): every top-level key of
    the schema is a section or can be added, every field of every entry kind it holds is
    shown or can be added, each widget is the kind its schema asks for."""
    folder = tmp_path / "full"
    shutil.copytree(FULL, folder)
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    editor = start_editor(folder / "profile.yaml", "--lang", "en", temporary=temporary)
    try:
        opened(browser, editor)
        _, form = editor.api("/api/form")
        _, state = editor.api("/api/state")
        data = state["data"]
        missing = []
        root = form["models"][form["root"]["model"]]
        for field_ in root["fields"]:
            if not browser.evaluate(
                f"!!({field([field_['key']])} || {add_button([field_['key']])})"
            ):
                missing.append(field_["key"])
        # Every entry kind the profile lists: its first entry shows every field, or offers it.
        for key, spec in ((f["key"], f["spec"]) for f in root["fields"]):
            if spec["kind"] != "list" or spec["items"]["kind"] != "object" or not data.get(key):
                continue
            model = form["models"][spec["items"]["model"]]
            for field_ in model["fields"]:
                path = [key, 0, field_["key"]]
                if not browser.evaluate(f"!!({field(path)} || {add_button(path)})"):
                    missing.append(".".join(map(str, path)))
        assert missing == []
        # Each field with the schema's label and help.
        institution = field(["education", 0, "institution"])
        assert browser.evaluate(f"{institution}.querySelector('.label').textContent") == (
            "Institution"
        )
        assert browser.evaluate(f"{institution}.querySelector('.help').textContent") == (
            "The university or school: the entry's heading."
        )
        # The widgets the schema asks for.
        assert browser.evaluate(f"{box('education 1, start')}.placeholder") == (
            "2024, 2024-09 or 2024-09-01"
        )
        end = f"{field(['education', 0, 'end'])}.querySelector('select')"
        end_forms = browser.evaluate(f"[...{end}.options].map(o => o.value)")
        assert end_forms == ["date", "present", "expected"]
        assert browser.evaluate(f"{box('photo, show (zh)')}.checked")
        assert not browser.evaluate(f"{box('photo, show (en)')}.checked")
        browser.wait_for("document.querySelector('.photo img')?.naturalWidth > 0")
        assert browser.evaluate(f"{box('Remove experience 1, tags 1')}.tagName") == "BUTTON"
        assert browser.evaluate(f"{box('The key of variants, one-page')}.value") == "one-page"
        # design: its options with their allowed values, added and chosen from the keyboard.
        text = editor.file.read_text(encoding="utf-8")
        browser.click(f"#{'f-design-add'}")
        browser.wait_for(f"!!{field(['design'])}")
        browser.click("#f-design-paper-add")
        browser.wait_for(f"document.activeElement === {box('design, paper')}")
        choices = browser.evaluate(f"[...{box('design, paper')}.options].map(o => o.value)")
        assert choices == ["", "a4", "letter"]
        browser.press("ArrowDown")  # a4: written at once
        browser.press("ArrowDown")  # letter
        written = wait_until(
            lambda: "paper: letter" in (now := editor.file.read_text(encoding="utf-8")) and now
        )
        assert lines_changed(text, written) == ["+design:", "+  paper: letter"]
    finally:
        editor.stop()


def add_button(path: list[object]) -> str:
    """The button that adds the field at ``path`` (its id as form.js's idOf makes it)."""
    ident = "f-" + "-".join(str(part) for part in path) + "-add"
    return f"document.getElementById({ident!r})"


def test_a_write_without_the_token_is_refused_in_the_browser(editor, browser, tmp_path):
    opened(browser, editor)
    change = (
        "JSON.stringify({base: window.cvtexEditor.page.revision, writer: 'x', changes: "
        "[{op: 'set', path: ['name', 'en'], value: 'Mallory'}]})"
    )
    # Without the page's cookie (the token traded for it when the page was opened): refused.
    status = browser.evaluate(
        f"fetch('/api/edit', {{method: 'POST', credentials: 'omit', headers: "
        f"{{'Content-Type': 'application/json'}}, body: {change}}}).then(r => r.status)"
    )
    assert status == 403
    # From another site's page (another origin: another port), as a cross-site form would.
    import http.server
    import threading

    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("<!doctype html><title>elsewhere</title>")
    handler = lambda *args: http.server.SimpleHTTPRequestHandler(  # noqa: E731
        *args, directory=str(tmp_path / "site")
    )
    elsewhere = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=elsewhere.serve_forever, daemon=True).start()
    try:
        other = Browser(800, 600)
        try:
            other.open(f"http://localhost:{elsewhere.server_address[1]}/")
            other.wait_for("document.title === 'elsewhere'")
            target = editor.origin + "/api/edit"
            body = (
                "JSON.stringify({base: 1, writer: 'x', changes: "
                "[{op: 'set', path: ['name', 'en'], value: 'Mallory'}]})"
            )
            other.evaluate(
                f"fetch({target!r}, {{method: 'POST', mode: 'no-cors',"
                f" headers: {{'Content-Type': 'text/plain'}}, body: {body}}}).catch(() => 0)"
            )
            sent = other.evaluate(
                f"fetch({target!r}, {{method: 'POST', headers: {{'X-Cvtex-Token': 'guess',"
                " 'Content-Type': 'application/json'}, body: '{}'}).then(() => 'answered',"
                " () => 'blocked')"
            )
            assert sent == "blocked"  # the browser's preflight gets no leave to send it
        finally:
            other.close()
    finally:
        elsewhere.shutdown()
    assert editor.file.read_text(encoding="utf-8") == PROFILE


def test_a_text_written_before_its_other_language_changed_is_marked(folder, launch, browser):
    from click.testing import CliRunner

    from cvtex.cli.main import main

    profile = folder / "cv.yaml"
    assert CliRunner().invoke(main, ["validate", str(profile)]).exit_code == 0  # seen
    changed = PROFILE.replace("'系统工程师'", "'系统与网络工程师'")
    profile.write_text(changed, encoding="utf-8")
    seen = CliRunner().invoke(main, ["validate", str(profile)])
    assert "may be out of date: line 6: headline: en: 'Engineer: systems'" in seen.stdout

    opened(browser, launch())
    english = box("headline (en)")
    assert browser.evaluate(f"{english}.parentElement.dataset.state") == "out-of-date"
    mark = browser.evaluate(f"{english}.parentElement.querySelector('.mark').textContent")
    assert mark == "may be out of date: its 简体中文 changed since"
    assert browser.evaluate(f"{box('headline (zh)')}.parentElement.dataset.state") == "written"
    # The legend says which language is written first, and which is converted.
    legend = browser.evaluate("document.getElementById('languages').textContent")
    assert "en · English · written first" in legend
    assert "zh-TW · 繁體中文（臺灣） · converted from 简体中文" in legend

    # The English caught up: no longer marked, and validate agrees.
    write_into(browser, "headline (en)", "Engineer: systems and networks")
    browser.wait_for(f"{english}.parentElement.dataset.state === 'written'")
    after = CliRunner().invoke(main, ["validate", str(profile)])
    assert after.exit_code == 0, after.output
    assert "Engineer: systems and networks" in profile.read_text(encoding="utf-8")
    assert "out of date" not in after.output

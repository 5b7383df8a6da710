"""How fast is cvtex, measured against the floor: one bare XeLaTeX pass over the same .tex.

Run it with `make bench`. For the example profile and a generated large one it times, in
rounds that interleave everything so that a busy machine slows all of them alike:

* cold:   `cvtex build --lang en,zh` into an empty output folder (both compiled);
* floor:  a bare `xelatex` pass over each generated .tex, alone; the slower language counts;
* warm:   `cvtex build` again with nothing changed;
* zh-only: `cvtex build` after changing one Chinese text (only Chinese is compiled);
* python: import, load, validate, localize and render en and zh (bench/python_side.py);
* the edit loop, on the example: a save that changes one English and one Chinese text,
  until both new PDFs are on disk, under `cvtex watch` (engines waiting) and as
  `cvtex build` run after the save; against a bare pass of the slower language.

* the CJK languages: a cold build of one language, zh, ja or ko, of the same text (the
  example's Chinese, which the Japanese and Korean CVs fall back to), each set by its own
  language's machinery; and the engineer example's own Japanese and Korean CVs.
  `--only-languages` measures this alone.
* the other formats: a cold PDF build against the same build asked for pdf,docx,txt too
  (what the Word and plain-text copies add); `--only-formats` measures this alone.
* imports: `cvtex import` of a LinkedIn export of 2,000 rows and of an ORCID record of
  2,000 works, into a new profile and again `--into` the profile it made (`--only-imports`).
* drafts: `cvtex translate draft --engine openai` of 200 texts through a local server that
  answers at once, cvtex's own time per text, and again from the cache (`--only-drafts`).
* the editor: `cvtex edit` in a headless Chromium, a keystroke in an English and in a
  Chinese box, until both panes have drawn their new PDFs (`--only-editor`).
* the preview: `cvtex preview` in a headless Chromium, a save of one English and one
  Chinese text, until the page shows both new PDFs, and how long after the build's end
  (`--only-preview`).
* the editor's memory: 200 edits of a 1.5 MB profile of 4,688 publications, through the
  edit session and the facts the page shows, its resident size (bench/editor_memory.py,
  `--only-editor-memory`).
* the language rule: which language each of 2,000 texts is written in, and the English
  CV's untranslated scan of them (bench/language_rule.py, `--only-rule`).

It prints medians and the ratios to the floor, and with --write puts them, with the
machine they came from, into bench/README.md. It measures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
EXAMPLE = ROOT / "examples" / "academic" / "profile.yaml"
CVTEX = Path(sys.executable).with_name("cvtex")
# What the issue measures: `cvtex build --lang en,zh` (the example also declares zh-TW, zh-HK).
LANGUAGES = "en,zh"
CJK_BEGIN, CJK_END = "<!-- bench:cjk:begin -->", "<!-- bench:cjk:end -->"
CJK_LANGUAGES = ("zh", "ja", "ko")
ENGINEER = ROOT / "examples" / "engineer" / "profile.yaml"
README = BENCH / "README.md"
BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"
FORMATS_BEGIN, FORMATS_END = "<!-- bench:formats:begin -->", "<!-- bench:formats:end -->"
OTHER_FORMATS = "pdf,docx,txt"
LETTERS_BEGIN, LETTERS_END = "<!-- bench:letters:begin -->", "<!-- bench:letters:end -->"
ATS_BEGIN, ATS_END = "<!-- bench:ats:begin -->", "<!-- bench:ats:end -->"
IMPORTS_BEGIN, IMPORTS_END = "<!-- bench:imports:begin -->", "<!-- bench:imports:end -->"
DRAFTS_BEGIN, DRAFTS_END = "<!-- bench:drafts:begin -->", "<!-- bench:drafts:end -->"
RULE_BEGIN, RULE_END = "<!-- bench:rule:begin -->", "<!-- bench:rule:end -->"
DRAFTED_TEXTS = 200
EDITOR_BEGIN, EDITOR_END = "<!-- bench:editor:begin -->", "<!-- bench:editor:end -->"
PREVIEW_BEGIN, PREVIEW_END = "<!-- bench:preview:begin -->", "<!-- bench:preview:end -->"
MEMORY_BEGIN, MEMORY_END = "<!-- bench:editor-memory:begin -->", "<!-- bench:editor-memory:end -->"
EDITOR_EDITS = 200  # the editor's long session: edits of the 1.5 MB profile
EDITOR_MEMORY_GOAL = 300  # MB, issue 50's
PYTHON_BEGIN, PYTHON_END = "<!-- bench:python:begin -->", "<!-- bench:python:end -->"
# The long-CV row: a .bib of this many publications (bench/large_profile.py), edited and
# built again; the Python side's cost per publication is the slope between the sizes.
BIB_SIZES = (50, 250, 1000)
# --seccomp-bpf: only the traced calls stop the process. Without it strace stops every
# process at every system call, and a build under it took 2.7-3.0 s instead of 0.8 s: the
# first byte read 288 ms where it is 100-130 ms (strace 5.3 and later).
STRACE = [
    "strace",
    "--seccomp-bpf",
    "-f",
    "-ttt",
    "-qq",
    "-s",
    "4",
    "-e",
    "trace=execve,write",
    "-e",
    "signal=none",
]
SNIFFED = '"%\\n'  # how strace shows the first bytes cvtex writes into an engine's pipe
ZH_TEXT = ("中国科学技术大学", "中国科学技术大学（合肥）")  # Chinese text only
# The edit loop's save: one text of each language, the same entry's (the n-th save: n).
EDITED_ENTRY = "{en: University of Science and Technology of China (USTC), zh: 中国科学技术大学}"
SETTLE = 3.0  # seconds between saves: the watch's next engines load their preambles

sys.path.insert(0, str(BENCH))
from import_sources import linkedin_export, orcid_record  # noqa: E402
from large_profile import large_bibliography, large_profile  # noqa: E402
from translation_server import translation_server, untranslated_profile  # noqa: E402

from cvtex import cachefiles  # noqa: E402
from cvtex.check.extractors import EXTRACTORS  # noqa: E402
from cvtex.compile import headstart  # noqa: E402


def cvtex_environment() -> dict[str, str]:
    """As a user runs cvtex: Python keeps compiled bytecode (some sandboxes turn that off)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def timed(command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    subprocess.run(
        command, cwd=cwd, env=env or cvtex_environment(), check=True, stdout=subprocess.DEVNULL
    )
    return time.perf_counter() - started


def bare_pass(tex: Path, scratch: Path) -> float:
    """One XeLaTeX pass over a copy of ``tex`` in a clean folder: the floor."""
    folder = scratch / f"bare-{tex.stem}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    shutil.copy(tex, folder)
    command = ["xelatex", "-interaction=nonstopmode", "-halt-on-error", tex.name]
    return timed(command, cwd=folder, env=dict(os.environ))


def bare_pass_cpu(tex: Path, scratch: Path) -> float:
    """The CPU time (user and system) of a bare pass: what a compile costs, however busy
    the machine is with other work."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    bare_pass(tex, scratch)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def python_side(profile: Path) -> dict[str, float]:
    started = time.perf_counter()
    output = subprocess.run(
        [sys.executable, str(BENCH / "python_side.py"), str(profile), LANGUAGES],
        env=cvtex_environment(),
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    total = time.perf_counter() - started
    return {**json.loads(output), "total": total}


def cpu_of(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """A command's wall time, its CPU time (user and system, its children's included: what
    a busy machine lengthens far less than the wall time) and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    output = subprocess.run(
        command, env=env or cvtex_environment(), check=True, capture_output=True, text=True
    ).stdout
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, output


def peak_memory(command: list[str]) -> float:
    """The largest resident size (MB) of any process ``command`` runs: measured in a
    process of its own, whose children are only that command's."""
    probe = (
        "import resource, subprocess, sys; "
        "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, *command],
        env=cvtex_environment(),
        check=True,
        capture_output=True,
        text=True,
    )
    return int(done.stdout.split()[-1]) / 1024


def first_byte(command: list[str]) -> tuple[float, float]:
    """Seconds from the command's start until its first byte reaches an XeLaTeX engine
    (the first write into an engine's pipe, as strace sees it), and until it ends."""
    with tempfile.NamedTemporaryFile(suffix=".strace") as log:
        started = time.perf_counter()
        subprocess.run(
            [*STRACE, "-o", log.name, *command],
            env=cvtex_environment(),
            check=True,
            stdout=subprocess.DEVNULL,
        )
        total = time.perf_counter() - started
        trace = Path(log.name).read_text()
    start = re.search(r"^\d+\s+([\d.]+) execve\(", trace, re.M)
    fed = re.search(rf"^\d+\s+([\d.]+) write\(\d+, {re.escape(SNIFFED)}", trace, re.M)
    if start is None or fed is None:
        raise SystemExit("strace saw no write into an engine: is strace installed?")
    return float(fed[1]) - float(start[1]), total


def python_growth(example: Path, scratch: Path, rounds: int) -> Series:
    """The Python side of a rebuild after a one-word edit, for a CV whose publications come
    from a .bib of 50, 250 and 1,000 entries (each size once built before, as a person's
    CV is), in CPU time; the start of the example's rebuild until XeLaTeX reads its first
    byte (strace); what `import cvtex.cli.main` costs; and the largest process of a build."""
    series = Series()
    profiles = {}
    for count in BIB_SIZES:
        folder = scratch / f"bib{count}"
        shutil.copytree(example.parent, folder, ignore=shutil.ignore_patterns("out"))
        profile_text, bib = large_bibliography(count)
        (folder / "refs.bib").write_text(bib, encoding="utf-8")
        profiles[count] = folder / example.name
        profiles[count].write_text(profile_text, encoding="utf-8")
        timed(build_command(folder / "out", profiles[count]))  # the .bib read, remembered
    original = example.read_text(encoding="utf-8")
    edited = example.with_name("first-byte.yaml")
    out = scratch / "out-first-byte"
    edited.write_text(original, encoding="utf-8")
    timed(build_command(out, edited))
    side = [sys.executable, str(BENCH / "python_side.py")]
    importing = [sys.executable, "-c", "import cvtex.cli.main"]
    for number in range(1, rounds + 1):
        for count, profile in profiles.items():
            text = profile.read_text(encoding="utf-8")
            profile.write_text(text.replace("Jin Fang", f"Jin Fang{number}", 1), encoding="utf-8")
            wall, cpu, _ = cpu_of([*side, str(profile), LANGUAGES])
            series.add(f"python {count}", cpu)
            series.add(f"python wall {count}", wall)
            profile.write_text(text, encoding="utf-8")
        edited.write_text(original.replace(EDITED_ENTRY, edited_entry(number)), encoding="utf-8")
        fed, total = first_byte(build_command(out, edited))
        series.add("first byte", fed)
        series.add("edit build (strace)", total)
        series.add("import cli.main", cpu_of(importing)[1])
        series.add("python example", cpu_of([*side, str(example), LANGUAGES])[1])
        print(
            f"  python round {number}: "
            + ", ".join(f"{n}: {series.values[f'python {n}'][-1]:.3f} s" for n in BIB_SIZES)
            + f"; first byte {fed:.3f} s",
            flush=True,
        )
    shutil.rmtree(out, ignore_errors=True)
    series.add("peak", peak_memory(build_command(out, edited)))
    series.add("peak python", peak_memory([*side, str(example), LANGUAGES]))
    return series


def python_growth_report(series: Series, rounds: int, load_before: tuple[float, ...]) -> str:
    def ms(name: str) -> str:
        return f"{series.median(name) * 1000:.0f} ms"

    low, high = BIB_SIZES[0], BIB_SIZES[-1]
    slope = (series.median(f"python {high}") - series.median(f"python {low}")) / (high - low)
    lines = [
        f"Measured {time.strftime('%Y-%m-%d')} on: {machine(load_before)}; medians of "
        f"{rounds} rounds, CPU time (user and system) unless said otherwise.",
        "",
        "| what | time |",
        "| --- | --- |",
        f"| `import cvtex.cli.main`, a process of its own | {ms('import cli.main')} |",
        "| start of `cvtex build` (the example, one English and one Chinese text changed) to "
        f"the first byte XeLaTeX reads, wall time (fastest) | {ms('first byte')} "
        f"({min(series.values['first byte']) * 1000:.0f} ms) |",
        f"| the Python side of a build of the example (bench/python_side.py) "
        f"| {ms('python example')} |",
    ]
    for count in BIB_SIZES:
        lines.append(
            f"| the Python side after one name changed, {count} publications in a .bib "
            f"| {ms(f'python {count}')} |"
        )
    lines += [
        f"| **per publication** (from {low} to {high}) | **{slope * 1000:.2f} ms** |",
        f"| peak memory: the build's largest process (XeLaTeX, Chinese) "
        f"| {series.median('peak'):.0f} MB |",
        f"| peak memory: cvtex's own Python side | {series.median('peak python'):.0f} MB |",
    ]
    return "\n".join(lines)


@dataclass
class Series:
    values: dict[str, list[float]] = field(default_factory=dict)

    def add(self, name: str, value: float) -> None:
        self.values.setdefault(name, []).append(value)

    def median(self, name: str) -> float:
        return statistics.median(self.values[name])


def build_command(out: Path, profile: Path) -> list[str]:
    return [str(CVTEX), "build", "-q", "--lang", LANGUAGES, "--out", str(out), str(profile)]


def without_head_start(scratch: Path) -> dict[str, str]:
    """cvtex's environment with a per-user cache that remembers no preamble (see
    cvtex/compile/headstart.py) and is otherwise the one builds have filled."""
    cache = scratch / "user-cache-no-preambles"
    if not cache.exists():
        shutil.copytree(cachefiles.user_folder(), cache, dirs_exist_ok=True)
    shutil.rmtree(cache / headstart.FOLDER, ignore_errors=True)
    return {**cvtex_environment(), "CVTEX_CACHE_DIR": str(cache)}


def measure(profile: Path, scratch: Path, rounds: int, label: str) -> Series:
    out = scratch / f"out-{profile.stem}"
    edited = profile.with_name(f"{profile.stem}-edited.yaml")
    original = profile.read_text(encoding="utf-8")
    assert ZH_TEXT[0] in original, "the benchmark edits a Chinese text it expects to find"
    series = Series()

    def build(profile_file: Path) -> list[str]:
        return build_command(out, profile_file)

    for round_number in range(1, rounds + 1):
        shutil.rmtree(out, ignore_errors=True)
        series.add("cold", timed(build(profile)))
        series.add("pages", pdf_pages(out / f"{profile.stem}.zh.pdf"))
        floors = {
            tex.stem: bare_pass(tex, scratch) for tex in sorted(out.glob(f"{profile.stem}.*.tex"))
        }
        for stem, seconds in floors.items():
            series.add(f"floor {stem.rsplit('.', 1)[1]}", seconds)
        series.add("floor", max(floors.values()))
        shutil.rmtree(scratch / "out-unprimed", ignore_errors=True)
        unprimed = timed(
            build_command(scratch / "out-unprimed", profile), env=without_head_start(scratch)
        )
        series.add("cold unprimed", unprimed)
        series.add("warm", timed(build(profile)))
        # The same profile under another name, then one Chinese text changed.
        shutil.rmtree(out, ignore_errors=True)
        edited.write_text(original, encoding="utf-8")
        timed(build(edited))
        edited.write_text(original.replace(*ZH_TEXT, 1), encoding="utf-8")
        series.add("zh-only", timed(build(edited)))
        for part, seconds in python_side(profile).items():
            series.add(f"python {part}", seconds)
        series.add("cold / floor", series.values["cold"][-1] / series.values["floor"][-1])
        print(
            f"  {label} round {round_number}: cold {series.values['cold'][-1]:.2f} s, "
            f"floor {series.values['floor'][-1]:.2f} s, warm {series.values['warm'][-1]:.3f} s, "
            f"python {series.values['python total'][-1] * 1000:.0f} ms",
            flush=True,
        )
    return series


def edited_entry(number: int) -> str:
    return EDITED_ENTRY.replace("(USTC),", f"(USTC) {number},").replace("大学}", f"大学{number}}}")


def edit_loop(profile: Path, scratch: Path, rounds: int) -> Series:
    """A save that changes one English and one Chinese text: the time until both new PDFs
    are on disk, under `cvtex watch` and by `cvtex build` after the save, and a bare pass
    over each language's new .tex, in the same rounds."""
    import threading

    original = profile.read_text(encoding="utf-8")
    assert EDITED_ENTRY in original, "the benchmark edits an entry it expects to find"
    # Beside the profile, so that files it names are found.
    watched, built = profile.with_name("watched.yaml"), profile.with_name("built.yaml")
    for copy in (watched, built):
        copy.write_text(original, encoding="utf-8")
    out_watch, out_build = scratch / "out-watch", scratch / "out-edit"
    timed(build_command(out_build, built))
    watch = subprocess.Popen(
        [str(CVTEX), "watch", "--lang", LANGUAGES, "--out", str(out_watch), str(watched)],
        env=cvtex_environment(),
        stdout=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert watch.stdout is not None
        for line in watch.stdout:
            lines.append(line)
            if " built " in line:
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    series = Series()
    try:
        if not ready.wait(300):
            raise SystemExit(f"cvtex watch did not build: {''.join(lines)}")
        pdfs = [out_watch / f"{watched.stem}.{language}.pdf" for language in ("en", "zh")]
        for number in range(1, rounds + 1):
            time.sleep(SETTLE)
            text = original.replace(EDITED_ENTRY, edited_entry(number))
            before = [pdf.stat().st_ino for pdf in pdfs]
            started = time.perf_counter()
            watched.write_text(text, encoding="utf-8")
            # A new PDF is moved into place under the same name: a new inode.
            while any(_inode(pdf) == old for pdf, old in zip(pdfs, before, strict=True)):
                if time.perf_counter() - started > 120:
                    raise SystemExit(f"cvtex watch did not rebuild: {''.join(lines[-5:])}")
                time.sleep(0.001)
            series.add("watch", time.perf_counter() - started)
            time.sleep(SETTLE)  # the watch's next engines start now: let them settle
            built.write_text(text, encoding="utf-8")
            series.add("edit build", timed(build_command(out_build, built)))
            floors = {
                language: bare_pass(out_build / f"{built.stem}.{language}.tex", scratch)
                for language in ("en", "zh")
            }
            for language, seconds in floors.items():
                series.add(f"floor {language}", seconds)
            series.add("floor", max(floors.values()))
            series.add("watch / floor", series.values["watch"][-1] / series.values["floor"][-1])
            series.add(
                "edit build / floor", series.values["edit build"][-1] / series.values["floor"][-1]
            )
            print(
                f"  edit loop round {number}: watch {series.values['watch'][-1]:.3f} s, "
                f"cvtex build {series.values['edit build'][-1]:.3f} s, "
                f"floor {series.values['floor'][-1]:.3f} s",
                flush=True,
            )
    finally:
        # SIGTERM, which cvtex handles as it does Ctrl-C: a bench started in the background
        # by a non-interactive shell passes SIGINT on ignored, and the watch would not stop.
        watch.send_signal(signal.SIGTERM)
        watch.wait(timeout=120)
        for copy in (watched, built):
            copy.unlink(missing_ok=True)
    return series


def editor_loop(profile: Path, scratch: Path, rounds: int) -> Series:
    """`cvtex edit` in a headless Chromium: a keystroke in an English box, then one in the
    Chinese box of the same text, as a person types; the time the page shows from the last
    keystroke until both panes have drawn their new PDFs (it includes the page's wait for
    the typing to stop, edit.js's DEBOUNCE). Each round also times a bare pass over both
    new .tex files."""
    sys.path.insert(0, str(ROOT))
    from tests.browser import CHROMIUM, Browser

    series = Series()
    if CHROMIUM is None:
        print("  cvtex edit: no Chromium (make test-system-deps), not measured", flush=True)
        return series
    edited = profile.with_name("edited.yaml")
    edited.write_text(profile.read_text(encoding="utf-8"), encoding="utf-8")
    out = scratch / "out-editor"
    timed(build_command(out, edited))
    editor = subprocess.Popen(
        [str(CVTEX), "edit", "--port", "0", "--lang", LANGUAGES, "--out", str(out), str(edited)],
        env=cvtex_environment(),
        stdout=subprocess.PIPE,
        text=True,
    )
    browser = None
    try:
        assert editor.stdout is not None
        url = editor.stdout.readline().split(": ", 1)[1].split()[0]
        browser = Browser(1600, 1000)
        browser.open(url)
        drawn = "[...document.querySelectorAll('.pane')].every(p => p.dataset.shown)"
        browser.wait_for(f"!!window.cvtexEditor?.page.facts && {drawn}", 300)
        timing = "Number(document.getElementById('timing').dataset.count || 0)"
        for number in range(1, rounds + 1):
            time.sleep(SETTLE)
            shown = browser.evaluate(timing)
            for language in ("en", "zh"):
                name = f"education 1, institution ({language})"
                browser.evaluate(f"document.querySelector('[aria-label=\"{name}\"]').focus()")
                browser.press("End")
                if number > 1:
                    browser.press("Backspace")
                browser.press(str(number % 10))
            # Until the page has shown the build of its last write: the two keystrokes go
            # as one write, but on a busy machine they may go as two, and the build of the
            # first may be shown (and timed) before the second is written.
            settled = (
                "window.cvtexEditor.page.awaiting === null && !window.cvtexEditor.page.pending.size"
            )
            browser.wait_for(f"{timing} > {shown} && {settled}", 120)
            series.add(
                "editor",
                float(browser.evaluate("document.getElementById('timing').dataset.seconds")),
            )
            parts = browser.evaluate("window.cvtexEditor.page.times")
            for part in ("written", "built"):
                series.add(part, parts[part])
            floors = {
                language: bare_pass(out / f"{edited.stem}.{language}.tex", scratch)
                for language in ("en", "zh")
            }
            for language, seconds in floors.items():
                series.add(f"floor {language}", seconds)
            series.add("floor", max(floors.values()))
            series.add("editor / floor", series.values["editor"][-1] / series.values["floor"][-1])
            print(
                f"  cvtex edit round {number}: keystroke to both PDFs "
                f"{series.values['editor'][-1]:.3f} s (written {parts['written']:.3f} s, built "
                f"{parts['built']:.3f} s), floor {series.values['floor'][-1]:.3f} s",
                flush=True,
            )
    finally:
        if browser is not None:
            browser.close()
        editor.send_signal(signal.SIGTERM)
        editor.wait(timeout=120)
        edited.unlink(missing_ok=True)
    return series


def preview_loop(profile: Path, scratch: Path, rounds: int) -> Series:
    """`cvtex preview` in a headless Chromium: a save that changes one English and one
    Chinese text, until the page shows both new PDFs (by the page's own record of when it
    showed the build, the same clock as the save's), and how long after the build's end the
    page showed it; a bare pass over both new .tex files in the same rounds."""
    sys.path.insert(0, str(ROOT))
    from tests.browser import CHROMIUM, Browser

    series = Series()
    if CHROMIUM is None:
        print("  cvtex preview: no Chromium (make test-system-deps), not measured", flush=True)
        return series
    original = profile.read_text(encoding="utf-8")
    assert EDITED_ENTRY in original, "the benchmark edits an entry it expects to find"
    previewed = profile.with_name("previewed.yaml")
    previewed.write_text(original, encoding="utf-8")
    out = scratch / "out-preview"
    command = [str(CVTEX), "preview", "--port", "0", "--lang", LANGUAGES, "--out", str(out)]
    preview = subprocess.Popen(
        [*command, str(previewed)],
        env=cvtex_environment(),
        stdout=subprocess.PIPE,
        text=True,
    )
    browser = None
    body = "document.body.dataset"
    try:
        assert preview.stdout is not None
        url = preview.stdout.readline().split(": ", 1)[1].split()[0]
        browser = Browser(1600, 1000)
        browser.open(url)
        panes = "[...document.querySelectorAll('.pane')]"
        browser.wait_for(f"{panes}.length === 2 && {panes}.every(p => p.dataset.shown)", 300)
        for number in range(1, rounds + 1):
            time.sleep(SETTLE)
            versions = browser.evaluate(f"{panes}.map(p => p.dataset.shown)")
            saved = time.time()
            previewed.write_text(
                original.replace(EDITED_ENTRY, edited_entry(number)), encoding="utf-8"
            )
            new = " && ".join(
                f"{panes}[{index}].dataset.shown !== {json.dumps(version)}"
                for index, version in enumerate(versions)
            )
            # Both panes show their new PDF, and the page has noted the build it shows.
            browser.wait_for(
                f"{new} && Number({body}.shownAt) > {saved}",
                120,
            )
            shown = browser.evaluate(f"[Number({body}.shownAt), Number({body}.shownAfter)]")
            series.add("preview", shown[0] - saved)
            series.add("after the build", shown[1])
            floors = {
                language: bare_pass(out / f"{previewed.stem}.{language}.tex", scratch)
                for language in ("en", "zh")
            }
            for language, seconds in floors.items():
                series.add(f"floor {language}", seconds)
            series.add("floor", max(floors.values()))
            series.add("preview / floor", series.values["preview"][-1] / series.values["floor"][-1])
            print(
                f"  cvtex preview round {number}: save to both PDFs shown "
                f"{series.values['preview'][-1]:.3f} s ({shown[1]:.3f} s after the build's "
                f"end), floor {series.values['floor'][-1]:.3f} s",
                flush=True,
            )
    finally:
        if browser is not None:
            browser.close()
        preview.send_signal(signal.SIGTERM)
        preview.wait(timeout=120)
        previewed.unlink(missing_ok=True)
    return series


def editor_report(series: Series, rounds: int, load_before: tuple[float, ...]) -> str:
    if not series.values:
        return "cvtex edit was not measured: no Chromium."
    values = series.values["editor / floor"]
    ratio = f"**{statistics.median(values):.2f}x** ({min(values):.2f}-{max(values):.2f})"
    return "\n".join(
        [
            f"Measured {time.strftime('%Y-%m-%d')} on: {machine(load_before)}; medians of "
            f"{rounds} rounds of the example, `--lang {LANGUAGES}`.",
            "",
            "| floor (en / zh) | keystroke to both PDFs shown | edit / floor | of which: "
            "file written | both PDFs built |",
            "| --- | --- | --- | --- | --- |",
            f"| {series.median('floor en'):.2f} s / {series.median('floor zh'):.2f} s "
            f"| {series.median('editor'):.3f} s | {ratio} | {series.median('written'):.3f} s "
            f"| {series.median('built'):.3f} s |",
        ]
    )


def preview_report(series: Series, rounds: int, load_before: tuple[float, ...]) -> str:
    if not series.values:
        return "cvtex preview was not measured: no Chromium."
    values = series.values["preview / floor"]
    ratio = f"**{statistics.median(values):.2f}x** ({min(values):.2f}-{max(values):.2f})"
    after = series.values["after the build"]
    return "\n".join(
        [
            f"Measured {time.strftime('%Y-%m-%d')} on: {machine(load_before)}; medians of "
            f"{rounds} rounds of the example, `--lang {LANGUAGES}`.",
            "",
            "| floor (en / zh) | save to both PDFs shown | preview / floor "
            "| shown after the build's end (goal: 0.2 s) |",
            "| --- | --- | --- | --- |",
            f"| {series.median('floor en'):.2f} s / {series.median('floor zh'):.2f} s "
            f"| {series.median('preview'):.3f} s | {ratio} "
            f"| **{statistics.median(after):.3f} s** ({min(after):.3f}-{max(after):.3f}) |",
        ]
    )


def editor_memory(_profile: Path, _scratch: Path, rounds: int) -> Series:
    """The editor's resident memory over 200 edits of a 1.5 MB profile, each round in a
    process of its own (bench/editor_memory.py)."""
    series = Series()
    for number in range(1, rounds + 1):
        command = [sys.executable, str(BENCH / "editor_memory.py"), "--edits", str(EDITOR_EDITS)]
        printed = subprocess.run(
            command, env=cvtex_environment(), capture_output=True, text=True, check=True
        ).stdout
        found = json.loads(printed.strip().splitlines()[-1])
        for name, megabytes in found["points"].items():
            series.add(name, megabytes)
        series.add("peak", found["peak"])
        series.add("before", found["before"])
        series.add("bytes", found["bytes"])
        print(f"  editor memory round {number}: {found}", flush=True)
    return series


def editor_memory_report(series: Series, rounds: int, load_before: tuple[float, ...]) -> str:
    points = [name for name in series.values if name == "opened" or name.startswith("after ")]
    return "\n".join(
        [
            f"Measured {time.strftime('%Y-%m-%d')} on: {machine(load_before)}; the largest of "
            f"{rounds} round(s), a profile of {series.median('bytes') / 1e6:.2f} MB; Python "
            f"and cvtex's modules alone: {max(series.values['before']):.0f} MB.",
            "",
            "| " + " | ".join(points) + f" | peak (goal: under {EDITOR_MEMORY_GOAL} MB) |",
            "| " + " | ".join("---" for _ in range(len(points) + 1)) + " |",
            "| "
            + " | ".join(f"{max(series.values[name]):.0f} MB" for name in points)
            + f" | **{max(series.values['peak']):.0f} MB** |",
        ]
    )


def _inode(path: Path) -> int | None:
    try:
        return path.stat().st_ino
    except OSError:
        return None


def edit_loop_report(series: Series, rounds: int) -> str:
    def ratios(name: str) -> str:
        values = series.values[f"{name} / floor"]
        return f"**{statistics.median(values):.2f}x** ({min(values):.2f}-{max(values):.2f})"

    return "\n".join(
        [
            f"The edit loop, example ({rounds} rounds): a save that changes one English and "
            "one Chinese text, until both new PDFs are on disk; the ratio is the median of "
            "each round's time over that round's bare pass of the slower language (in "
            "brackets: the lowest and highest round). Goals: watch 0.35x, build 1.15x.",
            "",
            "| floor (en / zh) | cvtex watch | watch / floor | cvtex build after the save "
            "| build / floor |",
            "| --- | --- | --- | --- | --- |",
            f"| {series.median('floor en'):.2f} s / {series.median('floor zh'):.2f} s "
            f"| {series.median('watch'):.3f} s | {ratios('watch')} "
            f"| {series.median('edit build'):.3f} s | {ratios('edit build')} |",
        ]
    )


def preamble_costs(tex: Path, scratch: Path, repeats: int) -> list[tuple[str, float]]:
    """What each step of the preamble adds to a pass: the preamble cut after each package
    or font it loads, over a body of one Latin and one Chinese word (best of ``repeats``)."""
    source = tex.read_text(encoding="utf-8")
    preamble = source[: source.index(r"\begin{document}")].splitlines()
    steps = [
        index
        for index, line in enumerate(preamble)
        if re.match(r"\\(documentclass|usepackage|set\w*font|newfontfamily)", line)
    ]
    body = "\\begin{document}\nCV 简历 {\\sffamily\\bfseries CV 简历}\n\\end{document}\n"
    folder = scratch / "preamble"
    folder.mkdir(exist_ok=True)
    for index in steps:
        cut = folder / f"cut{index}.tex"
        cut.write_text("\n".join(preamble[: index + 1]) + "\n" + body, encoding="utf-8")
    best = {index: float("inf") for index in steps}
    for _ in range(repeats):  # round robin, so that a busy moment does not hit one step only
        for index in steps:
            command = ["xelatex", "-interaction=nonstopmode", f"cut{index}.tex"]
            best[index] = min(best[index], timed(command, cwd=folder))
    costs, previous = [], 0.0
    for index in steps:
        costs.append((preamble[index].strip(), best[index] - previous))
        previous = best[index]
    return costs


def first_run(profile: Path, scratch: Path, rounds: int = 3) -> float:
    """A cold build with an empty per-user cache too (fonts not yet listed, templates
    not yet compiled): the very first build on a machine. The median of ``rounds``."""
    out = scratch / "out-first"
    env = {**cvtex_environment(), "CVTEX_CACHE_DIR": str(scratch / "empty-user-cache")}
    times = []
    for _ in range(rounds):
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(env["CVTEX_CACHE_DIR"], ignore_errors=True)
        times.append(
            timed(
                build_command(out, profile),
                env=env,
            )
        )
    return statistics.median(times)


def pdf_pages(pdf: Path) -> float:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    match = re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE)
    return float(match[1]) if match else 0.0


def machine(load_before: tuple[float, float, float]) -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    tex = subprocess.run(["xelatex", "--version"], capture_output=True, text=True).stdout
    tex_version = tex.splitlines()[0] if tex else "xelatex not found"
    load = ", ".join(f"{value:.2f}" for value in load_before)
    return (
        f"{os.cpu_count()} cores, {cpu}; {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}; {tex_version}. Load average (1, 5, 15 min) "
        f"before the run, that is other work on the machine: {load}"
    )


def report(
    results: dict[str, Series],
    first: float,
    rounds: dict[str, int],
    load_before: tuple[float, float, float],
) -> str:
    def ms(value: float) -> str:
        return f"{value * 1000:.0f} ms"

    lines = [
        f"Measured {time.strftime('%Y-%m-%d')} on: {machine(load_before)}.",
        "",
        "Medians over the rounds ("
        + ", ".join(f"{name}: {count}" for name, count in rounds.items())
        + " rounds); the ratio is the median of each round's cold build over that round's "
        "floor (in brackets: the lowest and highest round).",
        "",
        "| profile | pages (zh) | floor: one bare xelatex pass (en / zh) | cvtex cold | "
        "cold / floor | cold, no preamble remembered | warm (nothing changed) "
        "| one zh text changed | Python side |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, series in results.items():
        ratios = series.values["cold / floor"]
        lines.append(
            f"| {name} | {series.median('pages'):.0f} "
            f"| {series.median('floor en'):.2f} s / {series.median('floor zh'):.2f} s "
            f"| {series.median('cold'):.2f} s | **{series.median('cold / floor'):.2f}x** "
            f"({min(ratios):.2f}-{max(ratios):.2f}) "
            f"| {series.median('cold unprimed'):.2f} s "
            f"({series.median('cold unprimed') / series.median('floor'):.2f}x) "
            f"| {ms(series.median('warm'))} | {series.median('zh-only'):.2f} s "
            f"| {ms(series.median('python total'))} |"
        )
    lines += [
        "",
        "The same ratio measured two more ways, less sensitive to one disturbed run: the "
        "median cold build over the median floor, and the fastest cold build over the "
        "fastest floor (each the run least slowed by other work, as `timeit` reports).",
        "",
        "| profile | median / median | fastest / fastest |",
        "| --- | --- | --- |",
    ]
    for name, series in results.items():
        cold, floor = series.values["cold"], series.values["floor"]
        lines.append(
            f"| {name} | {statistics.median(cold) / statistics.median(floor):.2f}x "
            f"| {min(cold) / min(floor):.2f}x |"
        )
    lines += ["", "The Python side (a process of its own: start, import, load, render):", ""]
    lines += ["| profile | import | load + validate | localize + render | whole process |"]
    lines += ["| --- | --- | --- | --- | --- |"]
    for name, series in results.items():
        lines.append(
            f"| {name} | {ms(series.median('python import'))} "
            f"| {ms(series.median('python load'))} | {ms(series.median('python render'))} "
            f"| {ms(series.median('python total'))} |"
        )
    lines += ["", f"A first build on a machine (empty per-user cache), example: {first:.2f} s."]
    return "\n".join(lines)


def preamble_report(costs: list[tuple[str, float]], repeats: int) -> str:
    lines = [
        "What the Chinese preamble costs, step by step (best of "
        f"{repeats}; a step cut after each line, over a two-word body):",
        "",
        "| preamble line | adds |",
        "| --- | --- |",
    ]
    for line, seconds in costs:
        lines.append(f"| `{line}` | {seconds * 1000:+.0f} ms |")
    return "\n".join(lines)


def other_formats(profile: Path, scratch: Path, rounds: int) -> Series:
    """Cold builds of the PDFs alone and of the PDFs with the Word and plain-text copies,
    alternated so that a busy minute slows both alike."""
    series = Series()
    for round_number in range(1, rounds + 1):
        for name, formats in (("pdf", "pdf"), ("pdf+docx+txt", OTHER_FORMATS)):
            out = scratch / f"out-formats-{name}"
            shutil.rmtree(out, ignore_errors=True)
            series.add(name, timed([*build_command(out, profile), "--format", formats]))
        series.add("ratio", series.values["pdf+docx+txt"][-1] / series.values["pdf"][-1])
        print(
            f"  formats round {round_number}: pdf {series.values['pdf'][-1]:.2f} s, "
            f"pdf,docx,txt {series.values['pdf+docx+txt'][-1]:.2f} s",
            flush=True,
        )
    return series


def other_formats_report(series: Series, rounds: int, load_before: tuple[float, ...]) -> str:
    pdf, both = series.median("pdf"), series.median("pdf+docx+txt")
    ratios = series.values["ratio"]
    return "\n".join(
        [
            f"Measured {time.strftime('%Y-%m-%d')} on: {machine(load_before)}; medians of "
            f"{rounds} alternated rounds of a cold `cvtex build --lang {LANGUAGES}` of the "
            "example, with and without the Word and plain-text copies.",
            "",
            "| build | cold | added |",
            "| --- | --- | --- |",
            f"| `--format pdf` | {pdf:.2f} s | |",
            f"| `--format {OTHER_FORMATS}` | {both:.2f} s | **{(both / pdf - 1) * 100:+.1f}%** "
            f"(rounds' ratios {min(ratios):.2f}-{max(ratios):.2f}) |",
        ]
    )


def letters(example: Path, scratch: Path, rounds: int) -> Series:
    """The example's letter: a cold build, against a bare XeLaTeX pass of its source in the
    same round; a rebuild with nothing changed; and ``--with-cv`` a second time, when the
    letter, the CV and the packet joined from them are all current."""
    letter = example.with_name("letter.yaml")
    series = Series()
    for round_number in range(1, rounds + 1):
        out = scratch / "out-letter"
        shutil.rmtree(out, ignore_errors=True)
        series.add("cold", timed(build_command(out, letter)))
        floors = [bare_pass(tex, scratch) for tex in sorted(out.glob(f"{letter.stem}.*.tex"))]
        series.add("floor", max(floors))
        series.add("warm", timed(build_command(out, letter)))
        timed([*build_command(out, letter), "--with-cv"])  # the CV, built once
        series.add("packet", timed([*build_command(out, letter), "--with-cv"]))
        series.add("cold / floor", series.values["cold"][-1] / series.values["floor"][-1])
        print(
            f"  letter round {round_number}: cold {series.values['cold'][-1]:.2f} s, "
            f"floor {series.values['floor'][-1]:.2f} s, warm {series.values['warm'][-1]:.3f} s, "
            f"packet {series.values['packet'][-1]:.3f} s",
            flush=True,
        )
    return series


def letters_report(series: Series, rounds: int, load_before: tuple[float, ...]) -> str:
    ratios = series.values["cold / floor"]
    return "\n".join(
        [
            f"Measured {time.strftime('%Y-%m-%d')} on: {machine(load_before)}; medians of "
            f"{rounds} rounds of `cvtex build examples/academic/letter.yaml --lang {LANGUAGES}`.",
            "",
            "| letter build | time | against a bare XeLaTeX pass |",
            "| --- | --- | --- |",
            f"| bare pass of the letter's source (the slower language) "
            f"| {series.median('floor'):.2f} s | 1.00x |",
            f"| cold (both languages, in parallel) | {series.median('cold'):.2f} s "
            f"| **{statistics.median(ratios):.2f}x** "
            f"(rounds {min(ratios):.2f}-{max(ratios):.2f}) |",
            f"| nothing changed | {series.median('warm') * 1000:.0f} ms | |",
            f"| `--with-cv` again: letter, CV and packet current "
            f"| {series.median('packet') * 1000:.0f} ms | |",
        ]
    )


def cjk_languages(example: Path, scratch: Path, rounds: int) -> Series:
    """One language's cold build, zh, ja and ko in turn (each round in another order), of
    the same text: the example's, with the Japanese and Korean CVs falling back to its
    Chinese, so that only how each language is set differs (its fonts; Japanese's tied
    kana, Korean's words kept whole); each against a bare XeLaTeX pass of its own source.
    Then the engineer example's own Japanese and Korean CVs, against their bare passes."""
    same = example.with_name("same-text.yaml")
    text = example.read_text(encoding="utf-8")
    same.write_text(text + "\nfallback: {ja: [zh], ko: [zh]}\n", encoding="utf-8")
    engineer = scratch / "engineer"
    shutil.copytree(
        ENGINEER.parent, engineer, ignore=shutil.ignore_patterns("out"), dirs_exist_ok=True
    )
    series = Series()
    for round_number in range(1, rounds + 1):
        shift = round_number % len(CJK_LANGUAGES)
        for language in CJK_LANGUAGES[shift:] + CJK_LANGUAGES[:shift]:
            out = scratch / f"out-cjk-{language}"
            shutil.rmtree(out, ignore_errors=True)
            series.add(language, timed(one_language(out, same, language)))
            tex = out / f"{same.stem}.{language}.tex"
            series.add(f"floor {language}", bare_pass(tex, scratch))
            series.add(f"cpu {language}", bare_pass_cpu(tex, scratch))
        for language in ("ja", "ko"):
            series.add(f"{language} / zh", series.values[language][-1] / series.values["zh"][-1])
            cpu = series.values[f"cpu {language}"][-1] / series.values["cpu zh"][-1]
            series.add(f"cpu {language} / zh", cpu)
            out = scratch / f"out-engineer-{language}"
            shutil.rmtree(out, ignore_errors=True)
            profile = engineer / ENGINEER.name
            series.add(f"engineer {language}", timed(one_language(out, profile, language)))
            floor = bare_pass(out / f"{profile.stem}.{language}.tex", scratch)
            series.add(f"engineer floor {language}", floor)
        print(
            f"  cjk round {round_number}: "
            + ", ".join(f"{lang} {series.values[lang][-1]:.2f} s" for lang in CJK_LANGUAGES),
            flush=True,
        )
    return series


def one_language(out: Path, profile: Path, language: str) -> list[str]:
    return [str(CVTEX), "build", "-q", "--lang", language, "--out", str(out), str(profile)]


def cjk_languages_report(series: Series, rounds: int, load_before: tuple[float, ...]) -> str:
    def against_zh(language: str, kind: str = "") -> str:
        if language == "zh":
            return "1.00x"
        ratios = series.values[f"{kind}{language} / zh"]
        return f"**{statistics.median(ratios):.2f}x** (rounds {min(ratios):.2f}-{max(ratios):.2f})"

    def engineer(language: str) -> str:
        cold, floor = (
            series.median(f"engineer {language}"),
            series.median(f"engineer floor {language}"),
        )
        return f"{cold:.2f} s (bare pass {floor:.2f} s, {cold / floor:.2f}x)"

    lines = [
        f"Measured {time.strftime('%Y-%m-%d')} on: {machine(load_before)}; medians of "
        f"{rounds} rounds of a cold `cvtex build --lang <one language>` of the example's text.",
        "",
        "| language | bare XeLaTeX pass | its CPU time | CPU, against zh's | cvtex cold "
        "| cold, against zh's in the same round | the engineer example's own text |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for language in CJK_LANGUAGES:
        lines.append(
            f"| {language} | {series.median(f'floor {language}'):.2f} s "
            f"| {series.median(f'cpu {language}'):.2f} s | {against_zh(language, 'cpu ')} "
            f"| {series.median(language):.2f} s | {against_zh(language)} "
            f"| {engineer(language) if language != 'zh' else ''} |"
        )
    return "\n".join(lines)


def machine_reading(example: Path, scratch: Path, rounds: int) -> Series:
    """What ``cvtex check`` and ``design: {tagged: true}`` cost: a cold build of the example
    plain and tagged (alternated), against a bare XeLaTeX pass of its slower language in the
    same round; and ``cvtex check`` on PDFs already built, less a rebuild that finds them
    current, per PDF read back."""
    languages = LANGUAGES.split(",")
    series = Series()
    for round_number in range(1, rounds + 1):
        plain, tagged = scratch / "out-plain", scratch / "out-tagged"
        for out in (plain, tagged):
            shutil.rmtree(out, ignore_errors=True)
        series.add("plain", timed(build_command(plain, example)))
        series.add("tagged", timed([*build_command(tagged, example), "--design", "tagged=true"]))
        floors = [bare_pass(tex, scratch) for tex in sorted(plain.glob(f"{example.stem}.*.tex"))]
        series.add("floor", max(floors))
        current = timed(build_command(plain, example))
        check = [str(CVTEX), "check", "-q", "--lang", LANGUAGES, "--out", str(plain), str(example)]
        series.add("check per pdf", (timed(check) - current) / len(languages))
        # Each reader alone, in this process, on the same PDFs: what each adds to a check.
        for reader in EXTRACTORS:
            started = time.perf_counter()
            for language in languages:
                reader.pages(plain / f"{example.stem}.{language}.pdf")
            series.add(f"reader {reader.name}", (time.perf_counter() - started) / len(languages))
        for name in ("plain", "tagged"):
            series.add(f"{name} / floor", series.values[name][-1] / series.values["floor"][-1])
        print(
            f"  ats round {round_number}: floor {series.values['floor'][-1]:.2f} s, plain "
            f"{series.values['plain'][-1]:.2f} s, tagged {series.values['tagged'][-1]:.2f} s, "
            f"check {series.values['check per pdf'][-1] * 1000:.0f} ms a PDF",
            flush=True,
        )
    return series


def machine_reading_report(series: Series, rounds: int, load_before: tuple[float, ...]) -> str:
    floor = series.median("floor")

    def ratio(name: str) -> str:
        ratios = series.values[f"{name} / floor"]
        return f"**{statistics.median(ratios):.2f}x** (rounds {min(ratios):.2f}-{max(ratios):.2f})"

    check = series.median("check per pdf")
    return "\n".join(
        [
            f"Measured {time.strftime('%Y-%m-%d')} on: {machine(load_before)}; medians of "
            f"{rounds} rounds of the example, `--lang {LANGUAGES}`.",
            "",
            "| what | time | against a bare XeLaTeX pass |",
            "| --- | --- | --- |",
            f"| bare pass of the example's source (the slower language) | {floor:.2f} s | 1.00x |",
            f"| cold build | {series.median('plain'):.2f} s | {ratio('plain')} |",
            f"| cold build, `tagged: true` | {series.median('tagged'):.2f} s | {ratio('tagged')} |",
            f"| `cvtex check`, reading one PDF back (three readers) | {check * 1000:.0f} ms "
            f"| {check / floor:.2f}x |",
            *(
                f"| of which {reader.name} | {series.median(f'reader {reader.name}') * 1000:.0f}"
                f" ms | {series.median(f'reader {reader.name}') / floor:.2f}x |"
                for reader in EXTRACTORS
            ),
        ]
    )


def imports(example: Path, scratch: Path, rounds: int) -> Series:
    """``cvtex import`` of a LinkedIn export of 2,000 rows and an ORCID record of 2,000
    works: into a new profile, then ``--into`` that profile again (all found there); and a
    bare XeLaTeX pass of the example in the same round, for scale."""
    series = Series()
    sources = {"linkedin": linkedin_export(scratch), "orcid": orcid_record(scratch)}
    out = scratch / "out-imports"
    timed(build_command(out, example))
    tex = next(out.glob(f"{example.stem}.en.tex"))
    sources["pdf"] = three_pages(out / f"{example.stem}.en.pdf", out / f"{example.stem}.zh.pdf")
    for round_number in range(1, rounds + 1):
        for name, source in sources.items():
            profile = scratch / f"imported-{name}.yaml"
            profile.unlink(missing_ok=True)
            before = os.times()
            series.add(
                f"{name} new", timed([str(CVTEX), "import", str(source), "-o", str(profile)])
            )
            after = os.times()
            # The processor's time too: what the command costs whatever else the machine runs.
            series.add(
                f"{name} new cpu",
                after.children_user
                - before.children_user
                + after.children_system
                - before.children_system,
            )
            series.add(
                f"{name} into", timed([str(CVTEX), "import", str(source), "--into", str(profile)])
            )
        series.add("floor", bare_pass(tex, scratch))
        print(
            f"  imports round {round_number}: "
            + ", ".join(f"{name} {values[-1]:.2f} s" for name, values in series.values.items()),
            flush=True,
        )
    return series


def three_pages(english: Path, chinese: Path) -> Path:
    """A 3-page PDF CV: the example's two English pages and the first Chinese one."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    writer.append(PdfReader(english))
    writer.append(PdfReader(chinese), pages=(0, 1))
    joined = english.with_name("three-pages.pdf")
    with joined.open("wb") as handle:
        writer.write(handle)
    return joined


def imports_report(series: Series, rounds: int, load_before: tuple[float, ...]) -> str:
    floor = series.median("floor")
    rows = [
        f"Measured {time.strftime('%Y-%m-%d')} on: {machine(load_before)}; medians of {rounds} "
        "rounds, the whole `cvtex import` command (Python's start included).",
        "",
        "| what | time | against a bare XeLaTeX pass of the example (en) |",
        "| --- | --- | --- |",
    ]
    for name, what in (
        ("linkedin", "LinkedIn export, 2,000 rows"),
        ("orcid", "ORCID record, 2,000 works"),
        ("pdf", "a 3-page PDF (the example's English CV and its Chinese one's first page)"),
    ):
        for step, how in (("new", "into a new profile"), ("into", "`--into` it again (all there)")):
            value = series.median(f"{name} {step}")
            rows.append(f"| {what}, {how} | {value:.2f} s | {value / floor:.2f}x |")
    rows.append(f"| bare XeLaTeX pass of the example (en) | {floor:.2f} s | 1.00x |")
    cpu = ", ".join(
        f"{what.split(',')[0]} {series.median(f'{name} new cpu'):.2f} s"
        for name, what in (("linkedin", "LinkedIn"), ("orcid", "ORCID"), ("pdf", "the PDF"))
    )
    rows += ["", f"Processor time (user + system) of each import into a new profile: {cpu}."]
    return "\n".join(rows)


def drafts(example: Path, scratch: Path, rounds: int) -> Series:
    """``cvtex translate draft --engine openai`` of 200 distinct texts through a local
    server that answers at once: the whole command, the server's share, and again from
    the cache (the profile as it was, nothing sent)."""
    series = Series()
    profile = scratch / "untranslated.yaml"
    original = untranslated_profile(DRAFTED_TEXTS)
    with translation_server() as server:
        for round_number in range(1, rounds + 1):
            env = {
                **cvtex_environment(),
                "CVTEX_CACHE_DIR": str(scratch / f"drafts-{round_number}"),
            }
            command = [
                str(CVTEX), "translate", "draft", str(profile), "--lang", "zh",
                "--engine", "openai", "--base-url", server.url, "--model", "bench",
            ]  # fmt: skip
            profile.write_text(original, encoding="utf-8")
            before = server.seconds
            series.add("draft", timed(command, env=env))
            series.add("server", server.seconds - before)
            profile.write_text(original, encoding="utf-8")
            requests = server.requests
            series.add("cached", timed(command, env=env))
            assert server.requests == requests, "the cached run sent something"
            print(
                f"  drafts round {round_number}: {series.values['draft'][-1]:.2f} s, server "
                f"{series.values['server'][-1] * 1000:.0f} ms, cached "
                f"{series.values['cached'][-1]:.2f} s",
                flush=True,
            )
        series.add("requests", server.requests / rounds)
    return series


def drafts_report(series: Series, rounds: int, load_before: tuple[float, ...]) -> str:
    draft, server = series.median("draft"), series.median("server")
    own = draft - server
    cached = series.median("cached")
    per_text = 1000 / DRAFTED_TEXTS
    return "\n".join(
        [
            f"Measured {time.strftime('%Y-%m-%d')} on: {machine(load_before)}; medians of "
            f"{rounds} rounds, the whole `cvtex translate draft` command (Python's start "
            "included).",
            "",
            "| what | time | per text |",
            "| --- | --- | --- |",
            f"| drafting {DRAFTED_TEXTS} texts through a local test server "
            f"({series.median('requests'):.0f} requests), the whole command | {draft:.2f} s | "
            f"{draft * per_text:.1f} ms |",
            f"| of which the server answering | {server * 1000:.0f} ms | "
            f"{server * per_text:.2f} ms |",
            f"| **cvtex's own time** | {own:.2f} s | **{own * per_text:.1f} ms** |",
            f"| again with the profile as it was: every draft from the cache, nothing sent | "
            f"{cached:.2f} s | {cached * per_text:.1f} ms |",
        ]
    )


def language_rule(example: Path, scratch: Path, rounds: int) -> Series:
    """bench/language_rule.py in a process of its own each round."""
    series = Series()
    script = BENCH / "language_rule.py"
    for round_number in range(1, rounds + 1):
        found = json.loads(
            subprocess.run(
                [sys.executable, str(script)], capture_output=True, text=True, check=True
            ).stdout
        )
        for name, value in found.items():
            series.add(name, value)
        print(
            f"  rule round {round_number}: {found['rule'] * 1000:.1f} ms "
            f"(CPU {found['rule_cpu'] * 1000:.1f} ms), scan {found['scan'] * 1000:.1f} ms",
            flush=True,
        )
    return series


def language_rule_report(series: Series, rounds: int, load_before: tuple[float, ...]) -> str:
    def ms(name: str) -> str:
        return f"{series.median(name) * 1000:.1f} ms"

    texts = int(series.median("texts"))
    return "\n".join(
        [
            f"Measured {time.strftime('%Y-%m-%d')} on: {machine(load_before)}; medians of "
            f"{rounds} rounds, each in a process of its own. A generated Chinese-first profile "
            f"of {texts:,} texts ({int(series.median('chinese')):,} Chinese ones with English "
            "terms or names in them, the others English, Japanese, Korean), as the English CV "
            "shows them. Goal: under 50 ms.",
            "",
            "| what | time | CPU time |",
            "| --- | --- | --- |",
            f"| the rule (`written_in`) over every text | **{ms('rule')}** | {ms('rule_cpu')} |",
            f"| the untranslated scan ({int(series.median('untranslated')):,} named, each with "
            f"its line) | {ms('scan')} | {ms('scan_cpu')} |",
        ]
    )


@dataclass(frozen=True)
class Section:
    """A part of bench/README.md, between its markers, measured alone (``--only-...``) or
    in the full run: ``measure(example, scratch, rounds)``, then ``report(series, rounds,
    load_before)``."""

    only: str  # the option that asks for it alone, as argparse names it
    rounds: str  # the option with its number of rounds
    measure: Callable[[Path, Path, int], Series]
    report: Callable[[Series, int, tuple[float, ...]], str]
    markers: tuple[str, str]

    def measured(
        self, example: Path, scratch: Path, args: argparse.Namespace, load_before: tuple[float, ...]
    ) -> str:
        rounds = getattr(args, self.rounds)
        return self.report(self.measure(example, scratch, rounds), rounds, load_before)


SECTIONS = (
    Section(
        "only_formats",
        "formats_rounds",
        other_formats,
        other_formats_report,
        (FORMATS_BEGIN, FORMATS_END),
    ),
    Section("only_letters", "letter_rounds", letters, letters_report, (LETTERS_BEGIN, LETTERS_END)),
    Section(
        "only_languages",
        "language_rounds",
        cjk_languages,
        cjk_languages_report,
        (CJK_BEGIN, CJK_END),
    ),
    Section(
        "only_ats", "ats_rounds", machine_reading, machine_reading_report, (ATS_BEGIN, ATS_END)
    ),
    Section(
        "only_imports", "imports_rounds", imports, imports_report, (IMPORTS_BEGIN, IMPORTS_END)
    ),
    Section("only_drafts", "drafts_rounds", drafts, drafts_report, (DRAFTS_BEGIN, DRAFTS_END)),
    Section("only_editor", "editor_rounds", editor_loop, editor_report, (EDITOR_BEGIN, EDITOR_END)),
    Section(
        "only_editor_memory",
        "editor_memory_rounds",
        editor_memory,
        editor_memory_report,
        (MEMORY_BEGIN, MEMORY_END),
    ),
    Section(
        "only_preview",
        "preview_rounds",
        preview_loop,
        preview_report,
        (PREVIEW_BEGIN, PREVIEW_END),
    ),
    Section(
        "only_python",
        "python_rounds",
        python_growth,
        python_growth_report,
        (PYTHON_BEGIN, PYTHON_END),
    ),
    Section(
        "only_rule", "rule_rounds", language_rule, language_rule_report, (RULE_BEGIN, RULE_END)
    ),
)


def write_readme(text: str, begin: str = BEGIN, end_mark: str = END) -> None:
    readme = README.read_text(encoding="utf-8")
    start, end = readme.index(begin) + len(begin), readme.index(end_mark)
    README.write_text(readme[:start] + "\n" + text + "\n" + readme[end:], encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="rounds for the example")
    parser.add_argument("--large-rounds", type=int, default=3)
    parser.add_argument("--preamble-repeats", type=int, default=5)
    parser.add_argument("--edit-rounds", type=int, default=10, help="rounds of the edit loop")
    parser.add_argument(
        "--only-edit-loop", action="store_true", help="measure the edit loop alone (quicker)"
    )
    parser.add_argument(
        "--only-formats",
        action="store_true",
        help="measure what the Word and plain-text copies add to a PDF build, alone",
    )
    parser.add_argument("--formats-rounds", type=int, default=10)
    parser.add_argument(
        "--only-letters", action="store_true", help="measure the example's letter alone"
    )
    parser.add_argument("--letter-rounds", type=int, default=10)
    parser.add_argument(
        "--only-languages",
        action="store_true",
        help="measure a Chinese, a Japanese and a Korean build of the same text alone",
    )
    parser.add_argument("--language-rounds", type=int, default=8)
    parser.add_argument(
        "--only-ats",
        action="store_true",
        help="measure cvtex check and tagged: true alone",
    )
    parser.add_argument("--ats-rounds", type=int, default=8)
    parser.add_argument("--only-imports", action="store_true", help="measure cvtex import alone")
    parser.add_argument("--imports-rounds", type=int, default=5)
    parser.add_argument(
        "--only-drafts",
        action="store_true",
        help="measure cvtex translate draft of 200 texts through a local server alone",
    )
    parser.add_argument("--drafts-rounds", type=int, default=5)
    parser.add_argument(
        "--only-editor",
        action="store_true",
        help="measure cvtex edit alone: a keystroke to both PDFs shown",
    )
    parser.add_argument("--editor-rounds", type=int, default=8)
    parser.add_argument(
        "--only-preview",
        action="store_true",
        help="measure cvtex preview alone: a save to both PDFs shown",
    )
    parser.add_argument("--preview-rounds", type=int, default=8)
    parser.add_argument(
        "--only-editor-memory",
        action="store_true",
        help="measure the editor's memory alone: 200 edits of a 1.5 MB profile",
    )
    parser.add_argument("--editor-memory-rounds", type=int, default=1)
    parser.add_argument(
        "--only-python",
        action="store_true",
        help="measure the Python side alone: per publication, to XeLaTeX's first byte, memory",
    )
    parser.add_argument("--python-rounds", type=int, default=5)
    parser.add_argument(
        "--only-rule",
        action="store_true",
        help="measure the language rule over a profile of 2,000 texts alone",
    )
    parser.add_argument("--rule-rounds", type=int, default=9)
    parser.add_argument("--publications", default="100,500", help="sizes of the generated profiles")
    parser.add_argument("--write", action="store_true", help="update bench/README.md")
    args = parser.parse_args()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="cvtex-bench-") as folder:
        scratch = Path(folder)
        # A copy of the example's folder, so that files the profile names come along.
        profiles = scratch / "profiles"
        shutil.copytree(EXAMPLE.parent, profiles, ignore=shutil.ignore_patterns("out"))
        example = profiles / EXAMPLE.name
        timed(build_command(scratch / "warm-up", example))
        for section in SECTIONS:
            if getattr(args, section.only):
                text = section.measured(example, scratch, args, load_before)
                print("\n" + text)
                if args.write:
                    write_readme(text, *section.markers)
                return
        if args.only_edit_loop:
            print(
                "\n"
                + edit_loop_report(edit_loop(example, scratch, args.edit_rounds), args.edit_rounds)
            )
            return
        results = {"example": measure(example, scratch, args.rounds, "example")}
        for count in (int(part) for part in args.publications.split(",")):
            large = profiles / f"large{count}.yaml"
            large.write_text(large_profile(count), encoding="utf-8")
            name = f"{count} publications"
            results[name] = measure(large, scratch, args.large_rounds, name)
        first = first_run(example, scratch)
        timed(build_command(scratch / "warm-up", example))
        tex = scratch / "warm-up" / f"{example.stem}.zh.tex"
        preamble = preamble_costs(tex, scratch, args.preamble_repeats)
        loop = edit_loop(example, scratch, args.edit_rounds)
        sections = [
            (section, section.measured(example, scratch, args, load_before)) for section in SECTIONS
        ]
    rounds = {"example": args.rounds, "generated": args.large_rounds}
    text = report(results, first, rounds, load_before)
    text += "\n\n" + edit_loop_report(loop, args.edit_rounds)
    text += "\n\n" + preamble_report(preamble, args.preamble_repeats)
    print()
    print(text)
    for _, section_text in sections:
        print("\n" + section_text)
    if args.write:
        write_readme(text)
        for section, section_text in sections:
            write_readme(section_text, *section.markers)
        print(f"\nwritten to {README.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

"""The head start: an engine started on the preamble the last build used, before the profile
is parsed. It must never change a PDF: a wrong or stale guess only costs the head start.
Real XeLaTeX, no timings."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
import yaml

from cvtex.compile import engine, headstart
from cvtex.compile.engine import Engine
from cvtex.errors import EngineError

from ..building import build
from ..conftest import TINY, pdf_text

PREAMBLE = "\\documentclass{article}\n\\usepackage{xcolor}\n"
DOCUMENT = PREAMBLE + "\\begin{document}\nHello from the body.\n\\end{document}\n"


def primed_engine(tmp_path: Path, primer: str, name: str = "primed") -> Engine:
    folder = tmp_path / name
    folder.mkdir()
    engine = Engine(folder)
    engine.start()
    engine.prime(primer)
    return engine


def test_preamble_is_everything_before_the_body():
    assert headstart.preamble(DOCUMENT) == PREAMBLE
    assert headstart.preamble("no body here\n") == ""


def test_shared_start_keeps_whole_common_lines():
    english = "a\nb\nfonts: latin\nc\n"
    chinese = "a\nb\nfonts: latin and cjk\nc\n"
    assert headstart.shared_start([english, chinese]) == "a\nb\n"
    assert headstart.shared_start([english]) == english
    assert headstart.shared_start(["a\nb", "a\nb"]) == "a\n"  # an unfinished line never counts
    assert headstart.shared_start([]) == ""


def test_primed_engine_makes_the_same_pdf(tmp_path):
    engine = primed_engine(tmp_path, PREAMBLE)
    assert engine.primed == PREAMBLE
    assert engine.accepts(DOCUMENT)
    assert not engine.accepts(DOCUMENT.replace("xcolor", "graphicx"))
    run = engine.run(DOCUMENT, "cv.en.tex")
    assert "Hello from the body." in pdf_text(run.pdf)
    assert (engine.folder / "cv.en.tex").read_text(encoding="utf-8") == DOCUMENT


def test_primed_engine_reads_a_rest_longer_than_a_pipe(tmp_path):
    filler = "".join(f"% filler line {n} of a long body\n" for n in range(3000))
    long_document = DOCUMENT.replace("Hello", filler + "Hello")
    assert len(long_document.encode()) > 1 << 16
    run = primed_engine(tmp_path, PREAMBLE).run(long_document, "cv.en.tex")
    assert "Hello from the body." in pdf_text(run.pdf)


def test_a_preamble_larger_than_a_pipe_is_primed(tmp_path):
    # A theme's preamble with CJK fonts is 30-50 KiB (the sidebar's 48): larger than a
    # pipe's buffer once was, it was not put in ahead and every rebuild lost its head start.
    padding = "".join(f"% preamble line {n} of a large theme\n" for n in range(2000))
    preamble = PREAMBLE + padding
    assert len(preamble.encode()) > (1 << 16)
    engine = primed_engine(tmp_path, preamble)
    assert engine.primed == preamble
    document = DOCUMENT.replace(PREAMBLE, preamble)
    assert "Hello from the body." in pdf_text(engine.run(document, "cv.zh.tex").pdf)


def test_primed_engine_sees_the_end_of_an_unfinished_source(tmp_path):
    # No \end{document}: XeLaTeX stops only at the end of its input, which must come as
    # soon as it has read everything, not at the time limit.
    unfinished = PREAMBLE + "\\begin{document}\nNo end.\n"
    with pytest.raises(EngineError) as caught:
        primed_engine(tmp_path, PREAMBLE).run(unfinished, "cv.en.tex", timeout=60)
    assert "did not finish" not in caught.value.message


def test_error_in_the_primed_part_names_its_line(tmp_path):
    broken = "\\documentclass{article}\n\\nosuchmacro\n"
    engine = primed_engine(tmp_path, broken)
    with pytest.raises(EngineError) as caught:
        engine.run(broken + "\\begin{document}\nx\n\\end{document}\n", "cv.zh.tex")
    assert "cv.zh.tex:2: Undefined control sequence" in caught.value.message


def test_a_primer_larger_than_a_pipe_may_grow_to_is_not_given(tmp_path):
    huge = "".join(f"% line {n} of a preamble larger than a pipe holds\n" for n in range(25000))
    assert len(huge.encode()) > 1 << 20  # Linux's pipe-max-size, by default
    engine = primed_engine(tmp_path, huge)
    assert engine.primed == ""
    run = engine.run(huge + DOCUMENT, "cv.en.tex")
    assert "Hello from the body." in pdf_text(run.pdf)


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    file = tmp_path / "cv.yaml"
    file.write_text(yaml.safe_dump(TINY, allow_unicode=True), encoding="utf-8")
    return file


def primed(results) -> list[str]:
    return sorted(result.language for result in results if result.primed)


def test_second_build_starts_on_the_remembered_preamble(profile, tmp_path):
    first = build(profile, out_dir=tmp_path / "first")
    assert primed(first) == []  # nothing remembered yet
    second = build(profile, out_dir=tmp_path / "second")  # an empty folder: all compile
    # One engine is started early (a new folder holds no record of how many will compile).
    assert len(primed(second)) == 1
    for language in ("en", "zh"):
        name = f"cv.{language}"
        assert pdf_text(tmp_path / "second" / f"{name}.pdf") == pdf_text(
            tmp_path / "first" / f"{name}.pdf"
        )
        assert (tmp_path / "second" / f"{name}.tex").read_bytes() == (
            tmp_path / "first" / f"{name}.tex"
        ).read_bytes()


def test_changed_preamble_builds_right_without_the_head_start(profile, tmp_path):
    build(profile, out_dir=tmp_path / "first")
    data = yaml.safe_load(profile.read_text(encoding="utf-8"))
    data.update(variants={"letter": {"design": {"paper": "letter"}}}, default_variant="letter")
    profile.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    results = build(profile, out_dir=tmp_path / "second")
    assert primed(results) == []  # both preambles differ from the ones remembered
    for result, text in zip(results, ("Hunan University", "湖南大学"), strict=True):
        assert "{geometry}" in result.tex.read_text(encoding="utf-8")
        assert "\\usepackage[letterpaper," in result.tex.read_text(encoding="utf-8")
        assert text in pdf_text(result.pdf)
    assert len(primed(build(profile, out_dir=tmp_path / "third"))) == 1  # remembered anew


def test_a_wrong_record_never_reaches_a_pdf(profile, tmp_path, monkeypatch):
    """Whatever the per-user record says, only a guess equal to the real source is used."""
    build(profile, out_dir=tmp_path / "first")
    monkeypatch.setenv("CVTEX_CACHE_DIR", str(tmp_path / "user-cache"))
    record = tmp_path / "user-cache" / headstart.FOLDER
    forged = DOCUMENT.replace("\\usepackage{xcolor}", "\\AtBeginDocument{FORGED TEXT}")
    # The key a build without --theme uses: its request's theme, "".
    headstart.remember(profile, "", None, {"en": forged, "zh": forged})
    files = list(record.glob("*.json"))
    assert len(files) == 1 and "FORGED" in files[0].read_text(encoding="utf-8")
    results = build(profile, out_dir=tmp_path / "second")
    assert primed(results) == []
    for result in results:
        assert "FORGED" not in pdf_text(result.pdf)
    files[0].write_text("{not json", encoding="utf-8")  # unreadable: no head start, no error
    results = build(profile, out_dir=tmp_path / "third")
    assert primed(results) == []
    assert json.loads(files[0].read_text(encoding="utf-8"))  # and it is written afresh


def test_an_engine_started_before_the_command_line_is_taken_once_or_stopped(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    engine.start_early()
    early = engine.take_early()
    assert early is not None and early.warm and early.folder.parent == tmp_path / "tmp"
    assert engine.take_early() is None
    early.stop()  # what a build does with an engine it took
    shutil.rmtree(early.folder)
    engine.start_early()
    engine.stop_early()
    assert list((tmp_path / "tmp").iterdir()) == []


def test_without_a_usable_temporary_folder_nothing_is_started_early(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "missing"))
    engine.start_early()  # no error: the build starts its engines in the out dir instead
    assert engine.take_early() is None


def test_a_build_takes_over_an_engine_in_another_file_system(profile, tmp_path, monkeypatch):
    """The engine the executable starts early works in the temporary folder, which is often
    another file system than the out dir: its results are copied, then moved into place."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    real_replace = os.replace
    crossed = []

    def replace_within_one_file_system(source, target):
        if Path(source).is_relative_to(tmp_path / "tmp"):
            crossed.append(Path(target).name)
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace_within_one_file_system)
    engine.start_early()
    results = build(profile, out_dir=tmp_path / "out")
    assert engine.take_early() is None  # taken over by the build
    assert sorted(crossed) == ["cv.en.pdf", "cv.en.tex"] or sorted(crossed) == [
        "cv.zh.pdf",
        "cv.zh.tex",
    ]
    for result in results:
        assert {"en": "Hunan University", "zh": "湖南大学"}[result.language] in pdf_text(result.pdf)
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == [
        ".cvtex-cache.json",
        "cv.en.pdf",
        "cv.en.tex",
        "cv.zh.pdf",
        "cv.zh.tex",
    ]
    assert list((tmp_path / "tmp").iterdir()) == []


def test_primed_engine_obeys_the_time_limit(tmp_path):
    endless = PREAMBLE + "\\begin{document}\\def\\x{\\x}\\x\n\\end{document}\n"
    engine = primed_engine(tmp_path, PREAMBLE)
    with pytest.raises(EngineError, match=r"did not finish cv\.en\.tex within 2 s"):
        engine.run(endless, "cv.en.tex", timeout=2)
    assert engine.process is not None and engine.process.poll() is not None


WARMED = (
    PREAMBLE
    + "\\begin{document}\n\\setbox0=\\hbox{Aa}\n"
    + headstart.BODY_MARK
    + "\nHello from the body.\n\\end{document}\n"
)


def test_primer_runs_through_the_font_warm_up_to_the_body_mark():
    assert headstart.primer(WARMED) == WARMED[: WARMED.index("Hello")]
    # Without the mark: up to the line that opens the body.
    assert headstart.primer(DOCUMENT) == PREAMBLE + "\\begin{document}\n"
    # The mark counts only after \begin{document}, as a line of its own.
    early = PREAMBLE.replace("\n", f"\n{headstart.BODY_MARK}\n", 1) + DOCUMENT[len(PREAMBLE) :]
    assert headstart.primer(early) == early[: early.index("Hello")]


def test_engine_primed_through_the_warm_up_makes_the_same_pdf(tmp_path):
    primer = headstart.primer(WARMED)
    run = primed_engine(tmp_path, primer).run(WARMED, "cv.en.tex")
    assert pdf_text(run.pdf).split() == ["Hello", "from", "the", "body.", "1"]  # 1: the page


def test_the_head_start_goes_to_chinese_even_after_a_slow_english_compile(
    profile, tmp_path, monkeypatch
):
    """An English compile that took longer last time (it had no head start and shared a
    core) must not take the head start from the Chinese one, which needs it most. On one
    core there is one head start."""
    out = tmp_path / "out"
    build(profile, out_dir=out)
    cache_file = out / ".cvtex-cache.json"
    record = json.loads(cache_file.read_text(encoding="utf-8"))
    record["outputs"]["cv.en"]["seconds"] = 9.0
    record["outputs"]["cv.zh"]["seconds"] = 0.5
    cache_file.write_text(json.dumps(record), encoding="utf-8")
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert primed(build(profile, out_dir=out, force=True)) == ["zh"]


def test_on_two_cores_each_language_compiles_on_an_engine_started_ahead(profile, tmp_path):
    """One engine starts at once, for Chinese; the English one once the profile is loaded
    (cvtex's imports, which would compete with it for the second core, are done)."""
    out = tmp_path / "out"
    build(profile, out_dir=out)
    counts = []
    real = headstart.EnginesAhead.start

    def start(self, count):
        counts.append(count)
        return real(self, count)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "cpu_count", lambda: 2)
        patch.setattr(headstart.EnginesAhead, "start", start)
        results = build(profile, out_dir=out, force=True)
    assert counts == [1, 1]  # at once, then once loaded
    assert primed(results) == ["en", "zh"]
    for result, text in zip(results, ("Hunan University", "湖南大学"), strict=True):
        assert text in pdf_text(result.pdf)


def test_an_engine_started_ahead_for_a_pdf_that_stays_is_stopped_before_the_compiles(
    profile, tmp_path, monkeypatch
):
    """Only the Chinese text changed: the English engine, started once the profile was
    loaded, is stopped as soon as the build knows its PDF stays, not left loading its fonts
    on the core the Chinese compile uses."""
    from cvtex.compile import pdf

    out = tmp_path / "out"
    for _ in range(2):  # the second build makes each language's format
        build(profile, out_dir=out, force=True)
    profile.write_text(profile.read_text(encoding="utf-8").replace("湖南大学", "湖南大学（长沙）"))
    events = []
    real_stop, real_typeset = Engine.stop, pdf.typeset

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            events.append(("stop", "xeCJK" in self.primed))
        real_stop(self)

    def typeset(source, *args, **kwargs):
        done = real_typeset(source, *args, **kwargs)
        events.append(("typeset", source.language))
        return done

    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(Engine, "stop", stop)
    monkeypatch.setattr(pdf, "typeset", typeset)
    results = build(profile, out_dir=out)
    assert [result.language for result in results if result.compiled] == ["zh"]
    assert primed(results) == ["zh"]
    assert ("stop", False) in events
    assert events.index(("stop", False)) < events.index(("typeset", "zh"))
    assert "湖南大学（长沙）" in pdf_text(out / "cv.zh.pdf")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_after_the_body_mark_no_font_is_looked_up(built_example, lang, tmp_path):
    # What a waiting engine does after a save: typeset the body. Every face was loaded by
    # the warm-up; a font looked up again (fontspec's \addfontfeature at each use: a search
    # of the TeX tree and two opens of the font file) would cost every save. The .tex with
    # a file written at the body mark, compiled under strace: no open after that file's.
    tex = built_example.results[lang].tex.read_text(encoding="utf-8")
    mark = f"\n{headstart.BODY_MARK}\n"
    assert mark in tex
    written = (
        "\\newwrite\\cvmark\\immediate\\openout\\cvmark=body-mark.txt"
        "\\immediate\\closeout\\cvmark\n"
    )
    (tmp_path / "cv.tex").write_text(tex.replace(mark, mark + written, 1), encoding="utf-8")
    trace = tmp_path / "trace.txt"
    subprocess.run(
        ["strace", "-e", "trace=openat", "-o", str(trace), "xelatex", "-no-pdf",
         "-interaction=nonstopmode", "-halt-on-error", "cv.tex"],
        cwd=tmp_path, capture_output=True, check=True, env=engine.locked_down_environment(),
    )  # fmt: skip
    opened = [
        line.split('"')[1]
        for line in trace.read_text().splitlines()
        if "openat(" in line and "ENOENT" not in line
    ]
    after = opened[opened.index("body-mark.txt") + 1 :]
    assert after and [path for path in after if not path.startswith("cv.")] == [], (
        built_example.theme,
        after,
    )  # only the document's own files (cv.xdv, cv.aux): no font, no folder of the TeX tree

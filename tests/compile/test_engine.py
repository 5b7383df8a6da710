"""The engine: an XeLaTeX started before its source exists gives the same PDF as one started
on a file, and its errors and time limit behave the same. Real XeLaTeX."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from cvtex.compile.engine import PIPE_JOB, Engine
from cvtex.errors import EngineError

from ..conftest import pdf_text

DOCUMENT = "\n".join(
    [
        r"\documentclass{article}",
        r"\begin{document}",
        # More than a pipe holds, cheap to typeset: comments are read, then dropped.
        *(f"% filler line {n} of a source longer than a pipe buffer" for n in range(2000)),
        "The last line of a long source.",
        r"\end{document}",
        "",
    ]
)


def engine_in(tmp_path: Path, name: str, started: bool) -> Engine:
    folder = tmp_path / name
    folder.mkdir()
    engine = Engine(folder)
    if started:
        engine.start()
    return engine


def test_started_engine_makes_the_same_pdf_as_a_cold_one(tmp_path):
    assert len(DOCUMENT.encode()) > 1 << 16  # more than a pipe buffers: fed as it is read
    cold = engine_in(tmp_path, "cold", started=False)
    warm = engine_in(tmp_path, "warm", started=True)
    assert warm.warm and not cold.warm
    cold_run = cold.run(DOCUMENT, "cv.en.tex")
    warm_run = warm.run(DOCUMENT, "cv.en.tex")
    assert pdf_text(warm_run.pdf) == pdf_text(cold_run.pdf)
    assert "The last line of a long source." in pdf_text(warm_run.pdf)
    # The source is left beside the PDF under its own name, and the log speaks of it.
    assert (warm.folder / "cv.en.tex").read_text(encoding="utf-8") == DOCUMENT
    assert "Output written on cv.en.pdf" in warm_run.log


def test_started_engine_names_the_real_file_in_errors(tmp_path):
    warm = engine_in(tmp_path, "warm", started=True)
    broken = DOCUMENT.replace(r"\begin{document}", r"\begin{document}\nosuchmacro")
    with pytest.raises(EngineError) as caught:
        warm.run(broken, "cv.zh.tex")
    assert "cv.zh.tex:2: Undefined control sequence" in caught.value.message
    assert "cvtex-job" not in caught.value.message


def test_started_engine_obeys_the_time_limit(tmp_path):
    warm = engine_in(tmp_path, "warm", started=True)
    endless = r"\documentclass{article}\begin{document}\def\x{\x}\x\end{document}"
    with pytest.raises(EngineError, match=r"did not finish cv\.en\.tex within 2 s"):
        warm.run(endless, "cv.en.tex", timeout=2)
    assert warm.process is not None and warm.process.poll() is not None


def test_a_started_engine_never_fed_is_stopped(tmp_path):
    warm = engine_in(tmp_path, "warm", started=True)
    assert warm.process is not None and warm.process.poll() is None
    warm.stop()
    assert warm.process.poll() is not None


def test_the_engines_programs_keep_their_temporary_files_in_its_folder(tmp_path):
    # xdvipdfmx copies a document read from a pipe into a temporary file; an engine killed
    # with cvtex must leave it in its own folder (removed by the next cvtex), not in /tmp.
    warm = engine_in(tmp_path, "warm", started=True)
    assert warm.process is not None
    environ = Path(f"/proc/{warm.process.pid}/environ").read_bytes().split(b"\0")
    folder = str(warm.folder.resolve()).encode()
    for name in (b"TMPDIR", b"TMP", b"TEMP"):
        assert name + b"=" + folder in environ
    warm.stop()


def test_where_a_pipe_cannot_be_opened_ahead_the_engine_waits_for_xelatex(tmp_path, monkeypatch):
    # POSIX leaves opening a FIFO for reading and writing undefined; Linux allows it.
    # Elsewhere the engine is given its source once XeLaTeX has opened the pipe.
    real_open = os.open

    def open_without_read_write(path, flags, *args):
        if flags & os.O_RDWR and str(path).endswith(f"{PIPE_JOB}.tex"):
            raise OSError(errno.EINVAL, "refused for this test")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", open_without_read_write)
    warm = engine_in(tmp_path, "warm", started=True)
    warm.prime(r"\documentclass{article}")  # nothing can be put in ahead: ignored
    assert warm.warm and warm.primed == ""
    run = warm.run(DOCUMENT, "cv.en.tex")
    assert "The last line of a long source." in pdf_text(run.pdf)


def test_a_pass_is_over_when_its_log_says_it_made_the_pdf_and_only_then(tmp_path):
    """A pass ends when XeLaTeX's log says its PDF is written without an error, before the
    process has handed back its memory: it then exits with 0, as was inferred. A pass that
    wrote a page, then met an error, is waited for and fails as before."""
    for started in (False, True):
        engine = engine_in(tmp_path, f"good-{started}", started)
        run = engine.run(DOCUMENT, "cv.en.tex")
        assert "The last line of a long source." in pdf_text(run.pdf)
        assert engine.process is not None and engine.process.wait(timeout=60) == 0
    late = DOCUMENT.replace("The last line", "A first page.\\newpage\\nosuchmacro The last line")
    engine = engine_in(tmp_path, "late-error", True)
    with pytest.raises(EngineError) as caught:
        engine.run(late, "cv.en.tex")
    assert "Undefined control sequence" in caught.value.message
    log = (engine.folder / f"{PIPE_JOB}.log").read_text(encoding="utf-8")
    assert "Output written on" in log  # the page before the error was written
    assert engine.process is not None and engine.process.returncode == 1


def test_a_second_pass_is_not_over_at_the_first_pass_s_log(tmp_path):
    """Another pass in the same folder reads the .aux the pass before wrote: it is over at
    its own log's end, not at the one the pass before left (which says "Output written"
    until the new XeLaTeX, still loading its format, truncates it)."""
    labelled = DOCUMENT.replace(
        "The last line of a long source.",
        r"The last line is on page \pageref{end}.\label{end}",
    )
    for started in (False, True):
        engine = engine_in(tmp_path, f"again-{started}", started)
        first = engine.run(labelled, "cv.en.tex")
        assert "on page ??" in " ".join(pdf_text(first.pdf).split())
        again = engine.again("cv.en.tex")
        assert "on page 1." in " ".join(pdf_text(again.pdf).split())  # read as it ended
        assert engine.process is not None and engine.process.wait(timeout=60) == 0

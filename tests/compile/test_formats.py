"""Formats that hold a design's packages (compile/formats.py). An engine started on one is
not given those lines: the PDF must be the same, page for page and in its text, and the
work skipped must be only the packages' loading. Real XeLaTeX, no timings."""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from cvtex.compile import formats, orphans
from cvtex.compile.engine import Engine
from cvtex.errors import EngineError
from cvtex.profile.load import load_profile

from ..building import render_languages
from ..conftest import EXAMPLE, ROOT, pdf_text

ENGINEER = ROOT / "examples" / "engineer" / "profile.yaml"


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """A user cache of the test's own: no format made by another test."""
    monkeypatch.setenv("CVTEX_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(formats, "_missing", {})
    return tmp_path / "cache" / formats.FOLDER


def made(tex: str) -> formats.Format:
    """The format of tex's head, made as builds make it: the second time it is met."""
    assert formats.ready(tex) is None
    assert formats.ready(tex) is None
    formats.make_missing()
    fmt = formats.ready(tex)
    assert fmt is not None
    return fmt


def pages(pdf: Path, folder: Path) -> list[bytes]:
    subprocess.run(["pdftoppm", "-r", "50", "-png", str(pdf), str(folder / "page")], check=True)
    return [page.read_bytes() for page in sorted(folder.glob("page*.png"))]


def test_the_head_is_the_class_line_and_the_package_lines_after_it():
    tex = (
        "% made by cvtex\n\\documentclass[10pt]{article}\n\\usepackage[a4paper]{geometry}\n"
        "\n% a comment\n\\usepackage{fontspec}\n\\setmainfont{Pagella}\n\\usepackage{xcolor}\n"
    )
    assert formats.head(tex) == tex[: tex.index("\\setmainfont")]
    # Not a format's: no class line first, a tagged PDF's metadata, options over two lines.
    assert formats.head("\\usepackage{xcolor}\n\\documentclass{article}\n") == ""
    assert formats.head("\\DocumentMetadata{}\n\\documentclass{article}\n") == ""
    assert formats.head("\\documentclass{article}\n\\usepackage[a,\n b]{x}\n") == (
        "\\documentclass{article}\n"
    )
    assert formats.head("\\documentclass{article}") == ""  # no whole line


@pytest.mark.parametrize(
    ("profile", "theme", "lang"),
    [
        (EXAMPLE, "classic", "en"),
        (EXAMPLE, "classic", "zh"),
        (EXAMPLE, "sidebar", "zh"),
        (ENGINEER, "modern", "ja"),
    ],
)
def test_an_engine_on_a_format_makes_the_same_pdf(profile, theme, lang, tmp_path, own_cache):
    (rendered,) = render_languages(load_profile(profile), [lang], theme)
    tex = rendered.tex
    (tmp_path / "plain").mkdir()
    plain = Engine(tmp_path / "plain").run(tex, "cv.tex")
    fmt = made(tex)
    assert "{hyperref}\n" in fmt.head
    (tmp_path / "fast").mkdir()
    engine = Engine(tmp_path / "fast")
    engine.start(fmt)
    fast = engine.run(tex, "cv.tex")
    # The packages came from the format: the pass never read their files.
    assert "fontspec.sty" in plain.log and "fontspec.sty" not in fast.log
    assert "format=" + fmt.path.stem in fast.log
    # Kept inflated, so that no pass inflates it (zlib reads it as it is).
    assert not fmt.path.read_bytes().startswith(b"\x1f\x8b")
    assert pdf_text(fast.pdf) == pdf_text(plain.pdf)
    (tmp_path / "plain-pages").mkdir()
    (tmp_path / "fast-pages").mkdir()
    assert pages(fast.pdf, tmp_path / "fast-pages") == pages(plain.pdf, tmp_path / "plain-pages")
    # The .tex beside the PDF is the whole source, as a person would compile it.
    assert (tmp_path / "fast" / "cv.tex").read_text(encoding="utf-8") == tex


def test_a_pass_without_a_format_of_its_own_loads_latexs_kept_inflated(
    tmp_path, own_cache, monkeypatch
):
    """A tagged source has no head: its passes load TeX Live's xelatex.fmt, from an
    inflated copy in the cache once a build has made it, and make the same PDF."""
    (rendered,) = render_languages(load_profile(EXAMPLE), ["zh"], "classic")
    tex = rendered.tex.replace("\\documentclass", "\\DocumentMetadata{}\n\\documentclass", 1)
    assert formats.head(tex) == "" and formats.ready(tex) is None
    (tmp_path / "plain").mkdir()
    plain = Engine(tmp_path / "plain").run(tex, "cv.tex")
    assert formats.latex() is None  # noted as wanted, made after the build's PDFs
    formats.make_missing()
    latex = formats.latex()
    assert latex is not None and latex.head == ""
    assert not latex.path.read_bytes().startswith(b"\x1f\x8b")
    commands = []
    spawn = orphans.spawn
    monkeypatch.setattr(
        orphans, "spawn", lambda command, **kw: spawn(commands.append(command) or command, **kw)
    )
    (tmp_path / "copy").mkdir()
    engine = Engine(tmp_path / "copy")
    engine.latex = latex
    copied = engine.run(tex, "cv.tex")
    assert pdf_text(copied.pdf) == pdf_text(plain.pdf)
    engine.again("cv.tex")  # a tagged PDF's next pass reads the whole .tex too
    assert [command[1] for command in commands] == [f"-fmt={latex.name}"] * 2
    (tmp_path / "plain-pages").mkdir()
    (tmp_path / "copy-pages").mkdir()
    assert pages(copied.pdf, tmp_path / "copy-pages") == pages(plain.pdf, tmp_path / "plain-pages")


def test_an_error_names_its_line_of_the_tex_file(tmp_path, own_cache):
    head = "\\documentclass{article}\n\\usepackage{xcolor}\n"
    tex = head + "\\begin{document}\nHello.\n\\nosuchmacro\n\\end{document}\n"
    fmt = made(tex)
    engine = Engine(tmp_path)
    engine.start(fmt)
    with pytest.raises(EngineError) as raised:
        engine.run(tex, "cv.tex")
    assert raised.value.tex_line == 5  # as the file beside it numbers it
    assert "nosuchmacro" in str(raised.value)


def test_a_format_is_made_again_once_a_package_it_holds_changes(tmp_path, own_cache, monkeypatch):
    local = tmp_path / "texinputs"
    local.mkdir()
    (local / "cvmine.sty").write_text("\\def\\cvmine{one}\n", encoding="utf-8")
    monkeypatch.setenv("TEXINPUTS", f"{local}:")
    tex = (
        "\\documentclass{article}\n\\usepackage{cvmine}\n"
        "\\begin{document}\n\\cvmine\n\\end{document}\n"
    )
    fmt = made(tex)
    record = json.loads(fmt.path.with_suffix(".json").read_text(encoding="utf-8"))
    assert str(local / "cvmine.sty") in record["files"]
    (local / "cvmine.sty").write_text("\\def\\cvmine{two}\n", encoding="utf-8")
    assert formats.ready(tex) is None  # stale: wanted again
    formats.make_missing()
    again = formats.ready(tex)
    assert again is not None
    (tmp_path / "run").mkdir()
    engine = Engine(tmp_path / "run")
    engine.start(again)
    assert "two" in pdf_text(engine.run(tex, "cv.tex").pdf)


def test_a_head_whose_format_cannot_be_made_is_not_tried_again_for_a_day(tmp_path, own_cache):
    tex = "\\documentclass{article}\n\\usepackage{cvtexnosuchpackage}\n\\begin{document}\n"
    formats.ready(tex)
    formats.ready(tex)
    formats.make_missing()
    assert formats.ready(tex) is None
    assert formats._missing == {}
    assert not list(own_cache.glob("*.fmt"))
    assert not list(own_cache.glob("dump-*"))
    # A day on, it is tried again (the package may have been installed meanwhile).
    (record_file,) = own_cache.glob("*.json")
    record = json.loads(record_file.read_text(encoding="utf-8"))
    record["at"] -= 2 * 86400
    record_file.write_text(json.dumps(record), encoding="utf-8")
    record_file.with_suffix(".fmt").write_bytes(b"")  # one made before, since gone stale
    formats.ready(tex)
    formats.ready(tex)
    assert list(formats._missing.values()) == [formats.head(tex)]


def test_the_early_engine_starts_on_the_last_first_compile_s_format(tmp_path, own_cache):
    tex = "\\documentclass{article}\n\\usepackage{xcolor}\n\\begin{document}\nHi.\n"
    assert formats.early() is None
    fmt = made(tex)
    formats.remember_early(tex)
    assert formats.early() == fmt


def test_a_dump_interrupted_goes_on_no_longer_and_leaves_no_folder(own_cache, monkeypatch):
    tex = "\\documentclass{article}\n\\usepackage{xcolor}\n\\begin{document}\n"
    formats.ready(tex)
    formats.ready(tex)
    dumps = []
    start_dump = formats._start_dump

    def spied(*args):
        work, process = start_dump(*args)
        dumps.append(process)
        return work, process

    wait = subprocess.Popen.wait

    def interrupted(self, timeout=None):  # Ctrl-C while the dump runs
        if timeout == formats._DUMP_TIMEOUT:
            raise KeyboardInterrupt
        return wait(self, timeout)

    monkeypatch.setattr(formats, "_start_dump", spied)
    monkeypatch.setattr(subprocess.Popen, "wait", interrupted)
    with pytest.raises(KeyboardInterrupt):
        formats.make_missing()
    (dump,) = dumps
    assert dump.wait(timeout=10) < 0  # killed, not let run to its end
    assert not list(own_cache.glob("dump-*"))
    assert not list(own_cache.glob("*.fmt"))


def test_the_formats_used_last_are_kept_and_none_chosen_within_the_hour_is_removed(own_cache):
    own_cache.mkdir(parents=True)
    old = time.time() - 2 * 3600
    for number in range(formats.KEPT + 3):
        made_file = own_cache / f"{number:02}.fmt"
        made_file.write_bytes(b"")
        made_file.with_suffix(".json").write_text("{}", encoding="utf-8")
        # The three oldest: two chosen hours ago, one a moment ago.
        stamp = old + number if number < 2 else time.time() - formats.KEPT + number
        os.utime(made_file, (stamp, stamp))
    formats._forget_oldest(own_cache)
    left = sorted(path.name for path in own_cache.glob("*.fmt"))
    assert left == [f"{number:02}.fmt" for number in range(2, formats.KEPT + 3)]
    assert not (own_cache / "00.json").exists() and (own_cache / "02.json").exists()

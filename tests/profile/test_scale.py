"""Scale and abuse: a very long CV builds; absurd files are refused early and cheaply.

A profile is read at most MAX_BYTES into memory, and refused at the first alias or past
MAX_DEPTH levels while it is being parsed, before any tree is built. The memory checks use
tracemalloc; the time checks are generous guards against hanging, not benchmarks.
"""

from __future__ import annotations

import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest
import yaml

from cvtex.errors import InputError
from cvtex.profile.load import load_profile
from cvtex.profile.source import MAX_BYTES, MAX_DEPTH

from ..building import build
from ..conftest import pdf_text


def pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    return int(next(line for line in info.stdout.splitlines() if line.startswith("Pages:"))[6:])


def long_cv(publications: int, experiences: int) -> dict:
    return {
        "languages": ["en"],
        "name": "Ann Long",
        "owner_names": ["A. Long"],
        "experience": [
            {
                "title": f"Project {i} on in-network aggregation",
                "organization": "Lab",
                "start": 2000 + i % 20,
                "end": "present",
                "bullets": [f"Result {i}: faster by $3\\times$ & 50% smaller"],
            }
            for i in range(experiences)
        ],
        "publications": [
            {
                "authors": ["A. Long", f"B. Coauthor{i}", "C. Third"],
                "title": f"Paper number {i} about gradient routing",
                "venue": "Conference on Things",
                "abbr": "CoT",
                "year": 2000 + i % 25,
            }
            for i in range(publications)
        ],
    }


def write(folder: Path, data: dict) -> Path:
    profile = folder / "cv.yaml"
    profile.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return profile


def test_500_publications_and_100_experiences_build(tmp_path):
    small = build(write(tmp_path, long_cv(2, 1)), "en", tmp_path / "small")[0]
    (big,) = build(write(tmp_path, long_cv(500, 100)), "en", tmp_path / "big")
    assert pages(big.pdf) > 10 * pages(small.pdf)
    text = pdf_text(big.pdf, layout=False)
    assert "[500] A. Long, B. Coauthor499, C. Third" in text.replace("\n", " ")
    assert "Project 99 on in-network aggregation" in text


def measured(action) -> tuple[Exception, int, float]:
    """Run ``action``, which must raise; the error, peak memory in bytes and the seconds of
    CPU it took (not of the clock: other work on the machine must not decide a verdict)."""
    tracemalloc.start()
    started = time.process_time()
    try:
        action()
    except Exception as error:
        caught = error
    else:
        raise AssertionError("expected an error")
    finally:
        seconds = time.process_time() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return caught, peak, seconds


def test_a_10_mb_profile_is_refused_without_reading_it(tmp_path):
    profile = tmp_path / "huge.yaml"
    line = "  - {title: 'A paper about things', venue: Somewhere, year: 2020, authors: [X]}\n"
    profile.write_text("name: X\npublications:\n" + line * (10 * 2**20 // len(line)))
    assert profile.stat().st_size > 10 * 2**20
    error, peak, seconds = measured(lambda: load_profile(profile))
    assert isinstance(error, InputError)
    assert f"{profile}: the file is larger than {MAX_BYTES // 1024} KiB" in str(error)
    assert peak < MAX_BYTES + 2**20  # what it read: the limit, not the file
    assert seconds < 5


def test_an_endless_file_is_refused(tmp_path):
    error, peak, _ = measured(lambda: load_profile(Path("/dev/zero")))
    assert isinstance(error, InputError) and "larger than" in str(error)
    assert peak < MAX_BYTES + 2**20


def test_billion_laughs_is_refused_at_the_first_alias(tmp_path):
    lines = ["lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in range(1, 30):  # 10**30 strings, were the aliases expanded
        refs = ", ".join([f"*l{level - 1}"] * 10)
        lines.append(f"lol{level}: &l{level} [{refs}]")
    profile = tmp_path / "laughs.yaml"
    profile.write_text("name: X\n" + "\n".join(lines) + "\n", encoding="utf-8")
    error, peak, seconds = measured(lambda: load_profile(profile))
    assert isinstance(error, InputError)
    assert f"{profile}:3:12: YAML aliases (*l0) are not supported" in str(error)
    assert peak < 2**20 and seconds < 5


@pytest.mark.parametrize("brackets", ["[", "{a: "])
def test_deep_nesting_is_refused_without_recursion(tmp_path, brackets):
    # Near a million levels in 2 MiB: PyYAML's composer would recurse out of Python's
    # stack, and libyaml's would crash the interpreter.
    depth = (MAX_BYTES - 100) // (len(brackets) + 1)
    profile = tmp_path / "deep.yaml"
    closing = "]" if brackets == "[" else "}"
    profile.write_text("name: X\nx: " + brackets * depth + closing * depth + "\n")
    error, peak, seconds = measured(lambda: load_profile(profile))
    assert isinstance(error, InputError)
    assert f"nesting deeper than {MAX_DEPTH} levels" in str(error)
    assert f"{profile}:2:" in str(error)
    assert peak < MAX_BYTES * 4 and seconds < 5


def test_a_field_full_of_markup_markers_renders_in_linear_time(tmp_path):
    # Markup matching once rescanned to the end of the field from every marker: for half a
    # megabyte, an hour, in Python, where no engine timeout reaches. Now a second or two;
    # run apart, with a limit.
    script = (
        "from cvtex.text.texescape import to_tex\n"
        "for unit in ('**a ', '[', '*a ', '$a ', 'a'):\n"
        "    to_tex(unit * (2**19 // len(unit)))\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=120)

"""What Tectonic costs against XeLaTeX, on the same .tex files: its first run (which builds
the LaTeX format from its bundle), and each language's pass once the format is cached.

Run it with `.venv/bin/python bench/tectonic.py --write`. It builds the examples with
XeLaTeX (cvtex build), makes a Tectonic bundle of the files those compiles read (as the
tests do: tests/tectonic_bundle.py), then, in interleaved rounds so that a busy machine
slows both alike, times:

* Tectonic's first run: a pass over the English .tex with an empty Tectonic cache;
* each language's .tex (en, zh, ja, ko): a bare XeLaTeX pass, and a Tectonic pass with its
  format cached (--only-cached, the bundle folder), each alone;
* the Chinese .tex again with its CJK fonts swapped for TeX Live's Fandol (a few MB, where
  Noto CJK's collections are 20-27 MB each): Tectonic reads and hashes every font file it
  opens, so its CJK cost follows the size of the font files.

It writes the medians, the machine and its load to bench/tectonic.md. It asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))

from cvtex.compile.tectonic import find_tectonic  # noqa: E402
from tests.tectonic_bundle import make_bundle  # noqa: E402

CVTEX = Path(sys.executable).with_name("cvtex")
OUTPUT = BENCH / "tectonic.md"
SOURCES = {
    "en": ("academic", "en"),
    "zh": ("academic", "zh"),
    "ja": ("engineer", "ja"),
    "ko": ("engineer", "ko"),
}


def timed(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} failed in {cwd}: {done.stderr.decode()[-500:]}")
    return seconds


def fandol(tex: str) -> str:
    """The Chinese source with its CJK fonts set to TeX Live's Fandol, by file name."""
    lines = []
    for line in tex.splitlines(keepends=True):
        faces = "[Extension=.otf, UprightFont=*-Regular, BoldFont=FandolHei-Bold]\n"
        if line.startswith("\\setCJKmainfont{"):
            line = "\\setCJKmainfont{FandolSong}" + faces
        elif line.startswith("\\setCJKsansfont{"):
            line = "\\setCJKsansfont{FandolHei}" + faces
        lines.append(line)
    return "".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--write", action="store_true", help=f"write {OUTPUT.name}")
    args = parser.parse_args()
    tectonic = find_tectonic()
    if tectonic is None:
        raise SystemExit("Tectonic is not installed (make venv installs it)")
    work = Path(tempfile.mkdtemp(prefix="cvtex-bench-tectonic-"))
    try:
        sources: dict[str, Path] = {}
        for example in ("academic", "engineer"):
            out = work / example
            subprocess.run(
                [str(CVTEX), "build", str(ROOT / "examples" / example / "profile.yaml"),
                 "--out", str(out), "-q", "--force"],
                check=True,
            )  # fmt: skip
        for language, (example, code) in SOURCES.items():
            sources[language] = work / example / f"profile.{code}.tex"
        chinese = sources["zh"].read_text(encoding="utf-8")
        fandol_tex = work / "fandol" / "profile.zh-fandol.tex"
        fandol_tex.parent.mkdir()
        fandol_tex.write_text(fandol(chinese), encoding="utf-8")
        sources["zh, Fandol"] = fandol_tex
        bundle = make_bundle(work / "bundle", list(sources.values()))
        engines = {
            "xelatex": lambda tex: [
                "xelatex", "-interaction=nonstopmode", "-halt-on-error", tex.name,
            ],
            "tectonic": lambda tex: [
                tectonic.path, "--reruns", "0", "--untrusted", "--chatter", "minimal",
                "--bundle", str(bundle), "--only-cached", tex.name,
            ],
        }  # fmt: skip
        first: list[float] = []
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.rounds):
            cache = Path(tempfile.mkdtemp(prefix="tectonic-cache-", dir=work))
            env = {**os.environ, "TECTONIC_CACHE_DIR": str(cache)}
            first.append(timed(engines["tectonic"](sources["en"]), sources["en"].parent, env))
            for language, tex in sources.items():
                for engine, command in engines.items():
                    folder = Path(tempfile.mkdtemp(dir=work))
                    shutil.copyfile(tex, folder / tex.name)
                    seconds = timed(command(folder / tex.name), folder, env)
                    times.setdefault((language, engine), []).append(seconds)
            shutil.rmtree(cache)
        report = render(first, times, tectonic.version, args.rounds)
        print(report)
        if args.write:
            OUTPUT.write_text(report, encoding="utf-8")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def render(
    first: list[float], times: dict[tuple[str, str], list[float]], version: str, rounds: int
) -> str:
    median = statistics.median
    warm_en = median(times[("en", "tectonic")])
    lines = [
        "# Tectonic against XeLaTeX",
        "",
        "`.venv/bin/python bench/tectonic.py --write` writes this page (bench/tectonic.py says",
        "what it measures). Medians of "
        f"{rounds} interleaved rounds, each engine alone on the same `.tex` files.",
        "",
        f"- {version}; XeLaTeX {_xelatex()}",
        f"- {platform.platform()}, {os.cpu_count()} cores; load average when done: "
        f"{' '.join(f'{value:.1f}' for value in os.getloadavg())}",
        "",
        "| what | XeLaTeX | Tectonic | Tectonic / XeLaTeX |",
        "|---|---:|---:|---:|",
        f"| first run, English (builds the format) | | {median(first):.2f} s | "
        f"{median(first) - warm_en:+.2f} s for the format |",
    ]
    for language in dict.fromkeys(key[0] for key in times):
        xelatex, tectonic = (
            median(times[(language, "xelatex")]),
            median(times[(language, "tectonic")]),
        )
        lines.append(
            f"| {language} | {xelatex:.2f} s | {tectonic:.2f} s | {tectonic / xelatex:.1f}x |"
        )
    lines += [
        "",
        "The format is built once per bundle and kept in Tectonic's cache; a CJK pass costs",
        "Tectonic more than a Latin one because it reads and hashes each font file it opens",
        "(Noto CJK's collections are 20-27 MB each; the Fandol row is the same Chinese CV in",
        "TeX Live's Fandol, a few MB).",
        "",
    ]
    return "\n".join(lines)


def _xelatex() -> str:
    answer = subprocess.run(["xelatex", "--version"], capture_output=True, text=True).stdout
    return answer.splitlines()[0].removeprefix("XeTeX ") if answer else "?"


if __name__ == "__main__":
    main()

"""Every text of a set of CVs read back by four PDF readers, per theme: docs/ats.md's table.

    .venv/bin/python bench/readers.py CORPUS_DIR [--out SCRATCH]

CORPUS_DIR holds RenderCV files (cv.yaml) to import with ``cvtex import``: docs/ats.md
measures RenderCV's four ATS test résumés (``scripts/ats_proof/corpus`` in
rendercv/rendercv: minimal, standard_full, diacritics, academic), which are not part of
cvtex. With them, cvtex's example in its four languages. Each PDF of each built-in theme is
read as ``cvtex check`` reads it (pdftotext, pdfminer.six, PDFium), and by PyMuPDF too
(a development dependency: its licence keeps it out of cvtex). It prints one table row per
theme, and each finding; it measures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from cvtex.check import extractors
from cvtex.check.extractors import EXTRACTORS, Extractor
from cvtex.check.reading import Reading
from cvtex.look.theme import builtin_names
from cvtex.pipeline.build import build
from cvtex.pipeline.report import Reporter
from cvtex.pipeline.request import resolve_request

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "academic" / "profile.yaml"
CVTEX = Path(sys.executable).with_name("cvtex")


def pymupdf_pages(pdf: Path) -> list[str]:
    import pymupdf

    with pymupdf.open(str(pdf)) as document:
        return [page.get_text() for page in document]


READERS = (*EXTRACTORS, Extractor("pymupdf", pymupdf_pages))


class Readings(Reporter):
    def __init__(self) -> None:
        self.readings: list[Reading] = []

    def checked(self, reading: Reading) -> None:
        self.readings.append(reading)


def imported(corpus: Path, scratch: Path) -> list[Path]:
    profiles = []
    for source in sorted(corpus.glob("*.yaml")):
        profile = scratch / f"{source.stem}.profile.yaml"
        subprocess.run(
            [str(CVTEX), "import", str(source), "-o", str(profile), "--force"],
            check=True,
            capture_output=True,
        )
        profiles.append(profile)
    return profiles


def read(profile: Path, theme: str, out: Path) -> list[Reading]:
    reporter = Readings()
    request = resolve_request(profile, theme=theme, out_dir=out, check=True, force=True)
    build(request, reporter)
    return reporter.readings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path, help="a folder of RenderCV files")
    parser.add_argument("--out", type=Path, help="where to build (default: a temporary folder)")
    args = parser.parse_args()
    scratch = args.out or Path(tempfile.mkdtemp(prefix="cvtex-readers-"))
    scratch.mkdir(parents=True, exist_ok=True)
    extractors.EXTRACTORS = READERS
    profiles = [*imported(args.corpus, scratch), EXAMPLE]
    names = [reader.name for reader in READERS]
    rows, totals, clean_total, pdf_total = [], Counter(), 0, 0
    texts_total = 0
    for theme in builtin_names():
        found, texts, clean, pdfs = Counter(), 0, 0, 0
        for profile in profiles:
            for reading in read(profile, theme, scratch / theme / profile.stem):
                pdfs += 1
                texts += reading.texts
                clean += reading.ok
                found.update(reading.found)
                for finding in reading.findings:
                    print(
                        f"{theme} {profile.stem} {reading.language}: {finding.extractor}: "
                        f"{finding.miss.kind}: {finding.miss.text!r} -> {finding.miss.got!r}",
                        flush=True,
                    )
        cells = " | ".join(f"{found[name]} / {texts}" for name in names)
        rows.append(f"| {theme} | {cells} | {clean} / {pdfs} |")
        totals.update(found)
        texts_total += texts
        clean_total += clean
        pdf_total += pdfs
    share = " | ".join(f"**{100 * totals[name] / texts_total:.1f}%**" for name in names)
    print()
    columns = " | ".join(f"texts found, {name}" for name in names)
    print(f"| theme | {columns} | PDFs with no finding |")
    print(f"| --- | {' | '.join('---' for _ in names)} | --- |")
    print("\n".join(rows))
    print(f"| all | {share} | {clean_total} / {pdf_total} |")
    print(f"\n{pdf_total} PDFs, {texts_total} expected texts")


if __name__ == "__main__":
    main()

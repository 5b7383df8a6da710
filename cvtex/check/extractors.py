"""Two independent readers of a PDF's text, as applicant-tracking systems use them.

Poppler's ``pdftotext`` (the reader behind many parsers) and pdfminer.six (a Python one,
with its own layout analysis), each in its default mode: what a parser that never heard
of cvtex gets. Neither is ours: a PDF that passes only a reader of our own proves nothing.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import EngineError, ToolchainError


@dataclass(frozen=True)
class Extractor:
    name: str
    pages: Callable[[Path], list[str]]  # the text of each page, in the reader's order


def poppler_pages(pdf: Path) -> list[str]:
    if shutil.which("pdftotext") is None:
        raise ToolchainError(
            "cvtex check reads PDFs with pdftotext, which is not installed",
            "install Debian's poppler-utils (make system-deps does)",
        )
    run = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True
    )
    if run.returncode != 0:
        raise EngineError(f"{pdf}: pdftotext could not read it: {run.stderr.strip()}")
    return _pages(run.stdout)


def pdfminer_pages(pdf: Path) -> list[str]:
    from pdfminer.high_level import extract_text

    try:
        return _pages(extract_text(str(pdf)))
    except Exception as exc:  # pdfminer raises its own kinds for a damaged file
        raise EngineError(f"{pdf}: pdfminer.six could not read it: {exc}") from None


def _pages(text: str) -> list[str]:
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()  # both readers end the last page with a form feed
    return pages


EXTRACTORS = (Extractor("pdftotext", poppler_pages), Extractor("pdfminer", pdfminer_pages))

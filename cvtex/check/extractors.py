"""Three independent readers of a PDF's text, as applicant-tracking systems use them.

Poppler's ``pdftotext`` (the reader behind many parsers), pdfminer.six (a Python one,
with its own layout analysis) and PDFium through pypdfium2 (Chrome's reader), each in its
default mode: what a parser that never heard of cvtex gets. None is ours: a PDF that
passes only a reader of our own proves nothing. The tests add a fourth, PyMuPDF, which
many résumé parsers use; its licence (AGPL) keeps it out of cvtex itself.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..compile import pdfium
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
        ["pdftotext", "-enc", "UTF-8", str(pdf), "-"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
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


def pdfium_pages(pdf: Path) -> list[str]:
    pages = []
    with pdfium.opened(pdf) as document:
        for page in document:
            text = page.get_textpage()
            # PDFium ends its lines with CR LF.
            pages.append(text.get_text_range().replace("\r\n", "\n"))
            text.close()
            page.close()
    return pages


def _pages(text: str) -> list[str]:
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()  # both readers end the last page with a form feed
    return pages


EXTRACTORS = (
    Extractor("pdftotext", poppler_pages),
    Extractor("pdfminer", pdfminer_pages),
    Extractor("pdfium", pdfium_pages),
)


def read_pages(pdf: Path, extractors: tuple[Extractor, ...] | None = None) -> dict[str, list[str]]:
    """Each reader's pages of ``pdf`` (cvtex's readers by default): read once, for the check
    of the CV and for a posting's terms."""
    return {extractor.name: extractor.pages(pdf) for extractor in extractors or EXTRACTORS}

"""PDFium (through pypdfium2), one caller at a time in a process.

PDFium is not thread-safe: two threads in it at once, even on two documents, corrupt its
state and crash the process. cvtex reads PDFs with it from several threads (each
language's build measures its last page while the others compile; the editor draws pages
while a build reads them), so every use holds this lock: ``opened`` holds it for as long
as a document is open."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import EngineError

LOCK = threading.RLock()


@contextlib.contextmanager
def opened(pdf: Path) -> Iterator[Any]:
    """``pdf`` as a PDFium document, closed after; EngineError if PDFium cannot read it."""
    import pypdfium2

    with LOCK:
        try:
            document = pypdfium2.PdfDocument(str(pdf))
        except pypdfium2.PdfiumError as exc:
            raise EngineError(f"{pdf}: PDFium could not read it: {exc}") from None
        try:
            yield document
        finally:
            document.close()

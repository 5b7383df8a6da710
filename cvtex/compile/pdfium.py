"""PDFium (through pypdfium2), one caller at a time in a process.

PDFium is not thread-safe: two threads in it at once, even on two documents, corrupt its
state and crash the process. cvtex reads PDFs with it from several threads (each
language's build measures its last page while the others compile; the editor draws pages
while a build reads them), so every use holds this lock."""

from __future__ import annotations

import threading

LOCK = threading.RLock()

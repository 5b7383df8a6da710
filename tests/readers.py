"""The tests' fourth PDF reader, PyMuPDF, beside cvtex check's three.

PyMuPDF is what RenderCV's published ATS proof and many Python résumé parsers read with.
Its licence (AGPL) keeps it a test dependency: cvtex never imports it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cvtex.check import extractors
from cvtex.check.extractors import EXTRACTORS, Extractor


def pymupdf_pages(pdf: Path) -> list[str]:
    """Each page's text as ``page.get_text()`` gives it, PyMuPDF's default."""
    import pymupdf

    with pymupdf.open(str(pdf)) as document:
        return [page.get_text() for page in document]


PYMUPDF = Extractor("pymupdf", pymupdf_pages)
FOUR_READERS = (*EXTRACTORS, PYMUPDF)
READER_NAMES = tuple(reader.name for reader in FOUR_READERS)


@contextmanager
def four_readers() -> Iterator[None]:
    """cvtex check reads with PyMuPDF too while inside."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(extractors, "EXTRACTORS", FOUR_READERS)
        yield

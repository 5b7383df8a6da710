"""A PDF's pages as PNG images, drawn by PDFium (pypdfium2, which `cvtex check` reads with).

The editor's panes show these rather than drawing the PDFs in the page with pdf.js: PDFium
draws a CV's page in a few milliseconds where pdf.js took most of a second for each new
PDF (its fonts made into web fonts, or its glyphs into paths), which was most of the time
from a keystroke to the PDFs shown. PDFium is not thread-safe: one page is drawn at a time.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict
from pathlib import Path

MIN_WIDTH, MAX_WIDTH = 100, 4000  # pixels: a pane's width, times the screen's pixel ratio
_CACHED = 32  # images kept: both panes' pages at two widths, say
_lock = threading.Lock()
_images: OrderedDict[tuple[str, int, int, int], bytes] = OrderedDict()
_sizes: OrderedDict[tuple[str, int], list[tuple[float, float]]] = OrderedDict()


def _key(pdf: Path) -> tuple[str, int]:
    stat = pdf.stat()
    return (str(pdf), stat.st_mtime_ns ^ stat.st_ino)


def page_sizes(pdf: Path) -> list[tuple[float, float]]:
    """Each page's width and height in points; [] for a file that is no PDF (yet)."""
    import pypdfium2

    try:
        key = _key(pdf)
    except OSError:
        return []
    with _lock:
        if key in _sizes:
            return _sizes[key]
        try:
            document = pypdfium2.PdfDocument(str(pdf))
        except pypdfium2.PdfiumError:
            return []
        try:
            sizes = [document[index].get_size() for index in range(len(document))]
        finally:
            document.close()
        _sizes[key] = sizes
        while len(_sizes) > _CACHED:
            _sizes.popitem(last=False)
        return sizes


def page_png(pdf: Path, number: int, width: int) -> bytes | None:
    """Page ``number`` (from 1) drawn ``width`` pixels wide, as PNG; None if there is none."""
    import pypdfium2

    width = max(MIN_WIDTH, min(MAX_WIDTH, width))
    try:
        key = (*_key(pdf), number, width)
    except OSError:
        return None
    with _lock:
        if key in _images:
            _images.move_to_end(key)
            return _images[key]
        try:
            document = pypdfium2.PdfDocument(str(pdf))
        except pypdfium2.PdfiumError:
            return None
        try:
            if not 1 <= number <= len(document):
                return None
            page = document[number - 1]
            bitmap = page.render(scale=width / page.get_width(), rev_byteorder=True)
            png = _png(bytes(bitmap.buffer), bitmap.width, bitmap.height, bitmap.stride)
        finally:
            document.close()
        _images[key] = png
        while len(_images) > _CACHED:
            _images.popitem(last=False)
        return png


def _png(pixels: bytes, width: int, height: int, stride: int) -> bytes:
    """RGB rows as a PNG file: no filter, quick compression (served on this computer)."""
    rows = b"".join(
        b"\x00" + pixels[row * stride : row * stride + width * 3] for row in range(height)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 1))
        + chunk(b"IEND", b"")
    )

"""A PDF's pages as PNG images, drawn by PDFium (pypdfium2, which `cvtex check` reads with).

The panes of the editor and the preview show these rather than drawing the PDFs in the page
with pdf.js: PDFium draws a CV's page in a few milliseconds where pdf.js took most of a
second for each new PDF (its fonts made into web fonts, or its glyphs into paths), which
was most of the time from a save to the new PDF shown.

Each image carries a digest of its pixels, so that a pane loads again only the pages that
look different: a page whose pixels are the same is the same image, whichever PDF it came
from. And the pages a pane looked at, at the width it asked for, are drawn as soon as a
new PDF is built (:meth:`Looked.drawn_ahead`), before the next engines start, so that a
pane asking for them gets them at once. PDFium is not thread-safe: one page is drawn at a
time.
"""

from __future__ import annotations

import hashlib
import struct
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..compile import pdfium
from ..errors import EngineError

MIN_WIDTH, MAX_WIDTH = 100, 4000  # pixels: a pane's width, times the screen's pixel ratio
AHEAD = 12  # pages of a PDF drawn ahead, at most: those a pane shows at once, and some
_CACHED = 48  # images kept: the pages shown of two or three panes, and those drawn ahead
_lock = pdfium.LOCK  # PDFium's own (one caller at a time), which the caches share
_images: OrderedDict[tuple[str, int, int, int], Drawn] = OrderedDict()
_pngs: OrderedDict[str, bytes] = OrderedDict()  # by digest: a page drawn the same, encoded once
_sizes: OrderedDict[tuple[str, int], list[tuple[float, float]]] = OrderedDict()


@dataclass(frozen=True)
class Drawn:
    png: bytes
    digest: str  # of the pixels and the size: equal digests, the same image


def _key(pdf: Path) -> tuple[str, int]:
    stat = pdf.stat()
    return (str(pdf), stat.st_mtime_ns ^ stat.st_ino)


def page_sizes(pdf: Path) -> list[tuple[float, float]]:
    """Each page's width and height in points; [] for a file that is no PDF (yet)."""
    try:
        key = _key(pdf)
    except OSError:
        return []
    with _lock:
        if key in _sizes:
            return _sizes[key]
        try:
            with pdfium.opened(pdf) as document:
                return _remember_sizes(key, document)
        except EngineError:
            return []


def _remember_sizes(key: tuple[str, int], document: Any) -> list[tuple[float, float]]:
    """The document's page sizes, kept for the pages' next look. Read from the page tree,
    without loading a page: loading each took 9 ms of a Chinese CV's two pages, after every
    build, between its end and the state sent to the pages."""
    import pypdfium2

    sizes = _sizes.get(key)
    if sizes is None:
        try:
            sizes = [document.get_page_size(index) for index in range(len(document))]
        except pypdfium2.PdfiumError:  # a page tree PDFium cannot read: no sizes, not kept
            return []
        _sizes[key] = sizes
        while len(_sizes) > _CACHED:
            _sizes.popitem(last=False)
    return sizes


def page_image(pdf: Path, number: int, width: int) -> Drawn | None:
    """Page ``number`` (from 1) drawn ``width`` pixels wide; None if there is none."""
    return _drawn(pdf, [number], width).get(number)


def page_png(pdf: Path, number: int, width: int) -> bytes | None:
    drawn = page_image(pdf, number, width)
    return drawn.png if drawn is not None else None


def _drawn(pdf: Path, numbers: list[int], width: int) -> dict[int, Drawn]:
    """The pages ``numbers`` of ``pdf`` at ``width``: from the cache, or drawn (the document
    opened once for all of them)."""
    width = max(MIN_WIDTH, min(MAX_WIDTH, width))
    try:
        base = _key(pdf)
    except OSError:
        return {}
    found: dict[int, Drawn] = {}
    with _lock:
        missing = []
        for number in numbers:
            cached = _images.get((*base, number, width))
            if cached is not None:
                _images.move_to_end((*base, number, width))
                found[number] = cached
            else:
                missing.append(number)
        if not missing:
            return found
        try:
            with pdfium.opened(pdf) as document:
                _remember_sizes(base, document)  # asked for next, with the new state
                for number in missing:
                    if not 1 <= number <= len(document):
                        continue
                    page = document[number - 1]
                    bitmap = page.render(scale=width / page.get_width(), rev_byteorder=True)
                    pixels = bytes(bitmap.buffer)
                    size = struct.pack(">III", bitmap.width, bitmap.height, bitmap.stride)
                    digest = hashlib.sha256(size + pixels).hexdigest()[:32]
                    png = _pngs.get(digest)
                    if png is None:  # a page that looks as none drawn lately
                        png = _png(pixels, bitmap.width, bitmap.height, bitmap.stride)
                        _pngs[digest] = png
                    _pngs.move_to_end(digest)
                    _images[(*base, number, width)] = found[number] = Drawn(png, digest)
        except EngineError:
            return found
        for cache in (_images, _pngs):
            while len(cache) > _CACHED:
                cache.popitem(last=False)
    return found


@dataclass
class Looked:
    """What the open pages asked to see of each pane's PDF (by its address): the width,
    and which pages."""

    _asked: dict[str, tuple[int, set[int]]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def asked(self, address: str, number: int, width: int) -> None:
        """A page asked for page ``number`` of the PDF at ``address`` at ``width``."""
        with self._lock:
            known, numbers = self._asked.get(address, (width, set()))
            if known != width:
                numbers = set()
            numbers.add(number)
            self._asked[address] = (width, numbers)

    def drawn_ahead(self, address: str, pdf: Path) -> dict[str, object] | None:
        """The pages of ``pdf`` (now at ``address``) that a page looked at before, drawn at
        the width it asked for: ``{"width": ..., "digests": {page: digest}}``, sent with the
        state; None if no page asked for any yet."""
        with self._lock:
            width, numbers = self._asked.get(address, (0, set()))
        if not numbers:
            return None
        drawn = _drawn(pdf, sorted(numbers)[:AHEAD], width)
        return {"width": width, "digests": {str(n): image.digest for n, image in drawn.items()}}


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

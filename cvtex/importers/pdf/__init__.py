"""A CV as a PDF, made by any program: its characters read with their place, font and size
(pdfminer.six), as lines in reading order, column by column, the lines printed on every
page set apart (:mod:`.running`); then read as a person reads a CV (:mod:`..printed`).
A PDF cvtex made carrying its profile (:mod:`.attached`) is read from that profile.
"""

from __future__ import annotations

from ..reader import Context, Read, Reader
from ..source import Source


def recognizes(source: Source) -> bool:
    return source.is_file and source.read()[:1024].lstrip().startswith(b"%PDF")


def read(source: Source, context: Context) -> Read:
    from ..printed.reading import read_lines
    from .attached import carried
    from .glyphs import read_pages
    from .layout import page_lines
    from .running import without_running

    found, notes = carried(READER.kind, source, context)
    if found is not None:
        return found
    pages = read_pages(source.where(), source.read())
    lines, left_out = without_running([(page.height, page_lines(page)) for page in pages])
    read = read_lines(READER.kind, source, lines, context, left_out)
    read.notes[:0] = notes
    return read


READER = Reader("PDF", recognizes, read)

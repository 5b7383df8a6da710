"""A CV as a Word file (.docx): its paragraphs, with their styles, runs and lists, and its
tables' cells, read with python-docx as lines; then read as a person reads a CV
(:mod:`..printed`)."""

from __future__ import annotations

from ..reader import Context, Read, Reader
from ..source import Source


def recognizes(source: Source) -> bool:
    return source.archive and "word/document.xml" in source.names


def read(source: Source, context: Context) -> Read:
    from ..printed.reading import read_lines
    from .paragraphs import document_lines

    lines = document_lines(source.where(), source.path.read_bytes())
    return read_lines(READER.kind, source, lines, context)


READER = Reader("Word file", recognizes, read)

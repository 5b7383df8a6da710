"""A Word file's paragraphs as printed lines: each paragraph one line (Word wraps it, the
writer did not), its runs' bold and italic as spans, a tab or a table's cell as a cell of
its own; a table used as a page's columns (a cell of many paragraphs) read cell by cell.
Its size is the runs' (or the style's); its style's name says Title or Heading; a list
paragraph (Word's numbering) is an item.
"""

from __future__ import annotations

import io
from typing import Any

from ...errors import InputError
from ..printed.lines import Cell, Line, Span

_DEFAULT_SIZE = 11.0


def document_lines(path: str, data: bytes) -> list[Line]:
    """The lines of the Word file ``data``, in the order Word shows them."""
    try:
        import docx
    except ImportError:  # pragma: no cover - python-docx is a dependency
        raise InputError("python-docx is not installed", "pip install python-docx") from None
    try:
        document = docx.Document(io.BytesIO(data))
    except Exception as exc:  # python-docx raises many kinds (PackageNotFoundError, KeyError, ...)
        raise InputError(
            f"{path}: a damaged Word file that cannot be read ({type(exc).__name__})",
            "open it in Word or LibreOffice and save it again as .docx, then import that",
        ) from None
    lines: list[Line] = []
    _read(document.element.body, document, lines)
    return lines + _running(document)


def _read(element: Any, parent: Any, lines: list[Line]) -> None:
    """The lines of a body's paragraphs and tables, each paragraph followed by the text
    boxes anchored in it (a template of boxes: the name in one, the contacts in another)."""
    for block in _blocks(element, parent):
        if block.__class__.__name__ == "Table":
            _table(block, lines)
            continue
        _paragraph(block, lines)
        for box in _boxes(block._p):
            _read(box, parent, lines)


def _boxes(element: Any) -> list[Any]:
    """The text boxes drawn in a paragraph, once each: Word writes each twice, as a
    drawing and as its fallback for old readers."""
    from docx.oxml.ns import qn

    return [
        box
        for box in element.iter(qn("w:txbxContent"))
        if not any(ancestor.tag.endswith("}Fallback") for ancestor in box.iterancestors())
    ]


def _running(document: Any) -> list[Line]:
    """The page header's and footer's lines (Word prints them on every page: a name and
    contacts are often there), each once, marked ``running``: read with the CV's header."""
    found: list[Line] = []
    seen: set[str] = set()
    for section in document.sections:
        parts = [("header", section.header), ("footer", section.footer)]
        if section.different_first_page_header_footer:
            parts += [("header", section.first_page_header), ("footer", section.first_page_footer)]
        for name, part in parts:
            if part.is_linked_to_previous:
                continue
            lines: list[Line] = []
            _read(part._element, part, lines)
            for line in lines:
                if line.text not in seen:
                    seen.add(line.text)
                    line.running, line.part = True, f"page {name}"
                    found.append(line)
    return found


def _blocks(element: Any, parent: Any) -> list[Any]:
    """The paragraphs and tables of a body (the document's, a header's), in order."""
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    blocks = []
    for child in element.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "p":
            blocks.append(Paragraph(child, parent))
        elif tag == "tbl":
            blocks.append(Table(child, parent))
    return blocks


def _table(table: Any, lines: list[Line]) -> None:
    """A table's rows: a row whose cells hold one paragraph each is one line of cells (a
    date beside a title); a cell of many paragraphs (a column of the page) is read whole,
    cell after cell."""
    for row in table.rows:
        cells = _unique(row.cells)
        if all(len(cell.paragraphs) <= 1 and not cell.tables for cell in cells):
            spans = [_spans(cell.paragraphs[0]) if cell.paragraphs else [] for cell in cells]
            parts = [
                Cell(part, index, index + 1) for index, part in enumerate(spans) if _text(part)
            ]
            if parts:
                first = cells[0].paragraphs[0] if cells[0].paragraphs else None
                lines.append(_line(parts, first, len(lines) + 1))
            continue
        for cell in cells:
            for paragraph in cell.paragraphs:
                _paragraph(paragraph, lines)
            for inner in cell.tables:
                _table(inner, lines)


def _unique(cells: list[Any]) -> list[Any]:
    """A merged cell is given once per column it spans: once."""
    seen, unique = set(), []
    for cell in cells:
        if id(cell._tc) not in seen:
            seen.add(id(cell._tc))
            unique.append(cell)
    return unique


def _paragraph(paragraph: Any, lines: list[Line]) -> None:
    spans = _spans(paragraph)
    if not _text(spans):
        return
    # A tab (to a right-aligned stop) sets a date or a place apart: a cell of its own.
    cells: list[list[Span]] = [[]]
    for span in spans:
        parts = span.text.split("\t")
        for index, part in enumerate(parts):
            if index:
                cells.append([])
            if part:
                cells[-1].append(Span(part, span.bold, span.italic, span.link))
    parts = [Cell(part, index, index + 1) for index, part in enumerate(cells) if _text(part)]
    lines.append(_line(parts, paragraph, len(lines) + 1))


def _line(cells: list[Cell], paragraph: Any, number: int) -> Line:
    style = paragraph.style.name if paragraph is not None and paragraph.style is not None else ""
    line = Line(cells, None, number, size=_size(paragraph), style=style)
    line.listed = paragraph is not None and _listed(paragraph)
    line.links = [span.link for cell in cells for span in cell.spans if span.link]
    return line


def _text(spans: list[Span]) -> str:
    return "".join(span.text for span in spans).strip()


def _spans(paragraph: Any) -> list[Span]:
    """The paragraph's runs as spans, a hyperlink's runs with its address; a style's bold
    or italic counts where the run says nothing."""
    style_font = paragraph.style.font if paragraph.style is not None else None
    spans = []
    for item in paragraph.iter_inner_content():
        runs, link = ([item], None)
        if item.__class__.__name__ == "Hyperlink":
            runs, link = item.runs, item.url or None
        for run in runs:
            text = run.text
            if not text:
                continue
            bold = run.bold if run.bold is not None else bool(style_font and style_font.bold)
            italic = (
                run.italic if run.italic is not None else bool(style_font and style_font.italic)
            )
            spans.append(Span(text, bool(bold), bool(italic), link))
    return spans


def _size(paragraph: Any) -> float:
    if paragraph is None:
        return _DEFAULT_SIZE
    sizes = [
        run.font.size.pt for run in paragraph.runs if run.font.size is not None and run.text.strip()
    ]
    if sizes:
        return max(sizes, key=sizes.count)
    style = paragraph.style
    while style is not None:
        if style.font.size is not None:
            return style.font.size.pt
        style = style.base_style
    return _DEFAULT_SIZE


def _listed(paragraph: Any) -> bool:
    """Whether Word numbers or bullets the paragraph (its own numbering, or its style's)."""
    properties = paragraph._p.pPr
    if properties is not None and properties.numPr is not None:
        return True
    style = paragraph.style
    while style is not None:
        element = style.element.pPr
        if element is not None and element.numPr is not None:
            return True
        style = style.base_style
    return "list" in (paragraph.style.name.casefold() if paragraph.style is not None else "")

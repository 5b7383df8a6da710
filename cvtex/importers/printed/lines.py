"""A printed line as the structure reader sees it: its cells (text set apart by a wide gap,
or a tab, or a table's cell), each of spans of one style, and where it stands.

Both readers give the same shape: a PDF's lines come from its characters, a Word file's
from its paragraphs (one paragraph, one line: Word wraps, a person does not).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Span:
    """Text of one style: the unit that tells an italic title inside a reference."""

    text: str
    bold: bool = False
    italic: bool = False
    link: str | None = None


@dataclass
class Cell:
    """Text with no wide gap inside: the left or right part of an entry's heading line."""

    spans: list[Span]
    x0: float = 0.0
    x1: float = 0.0
    size: float = 0.0  # its largest letters' size, in points (a PDF's; 0: the line's)

    @property
    def text(self) -> str:
        return "".join(span.text for span in self.spans).strip()

    @property
    def bold(self) -> bool:
        return _most(self.spans, "bold")

    @property
    def italic(self) -> bool:
        return _most(self.spans, "italic")


def _most(spans: list[Span], style: str) -> bool:
    """Whether most of the letters of ``spans`` are of ``style``."""
    letters = sum(len(span.text.strip()) for span in spans)
    styled = sum(len(span.text.strip()) for span in spans if getattr(span, style))
    return letters > 0 and styled * 2 > letters


@dataclass
class Line:
    """One line of the document, in reading order."""

    cells: list[Cell]
    page: int | None  # 1, 2, ... for a PDF; None for a Word file (no pages until printed)
    number: int  # the line on its page, or the paragraph in a Word file
    size: float = 10.0  # the font size of most of its letters, in points
    top: float = 0.0  # from the top of the page, in points (a PDF's)
    gap: float = 0.0  # the space above it, in points (from the line before, same column)
    right: float = 0.0  # where its column's text ends on this page: a wrapped line reaches it
    first_word: float = 0.0  # the width of its first word: would it have fit on the line above?
    style: str = ""  # a Word paragraph's style: Heading 1, Title, List Bullet
    listed: bool = False  # a Word paragraph in a list (numbered or bulleted by Word itself)
    links: list[str] = field(default_factory=list)  # addresses its text links to
    # Printed on every page (a footer of contacts): read once, with the header.
    running: bool = False
    part: str = ""  # a Word file's part other than its body: "page header", "page footer"

    @property
    def text(self) -> str:
        return "   ".join(cell.text for cell in self.cells if cell.text)

    @property
    def x0(self) -> float:
        return self.cells[0].x0 if self.cells else 0.0

    @property
    def x1(self) -> float:
        return self.cells[-1].x1 if self.cells else 0.0

    @property
    def bold(self) -> bool:
        return _most([span for cell in self.cells for span in cell.spans], "bold")

    @property
    def italic(self) -> bool:
        return _most([span for cell in self.cells for span in cell.spans], "italic")

    def where(self, file: str) -> str:
        """``cv.pdf:2:14`` (page 2, line 14), or ``cv.docx:¶40`` (its 40th paragraph)."""
        if self.page is None:
            return f"{file}: {self.part + ', ' if self.part else ''}paragraph {self.number}"
        return f"{file}: page {self.page}, line {self.number}"


@dataclass
class LeftOut:
    """A line left out of the reading (a page number, a footer's repeat), and why: said
    in a note with its page and line, never dropped silently."""

    line: Line  # the first copy, when the line is printed on every page
    why: str
    copies: int = 1  # how many of its copies were left out

"""A PDF's characters, with where each stands and its font, read by pdfminer.six without
its layout analysis (the lines are ours: :mod:`.layout`); a PDF that has no text to read,
or whose text reads as glyph numbers, refused with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...errors import InputError

# A file larger than this is no CV (a CV with photos is a few MiB).
MAX_PAGES = 40
# Glyphs drawn with no Unicode map read as "(cid:12)": past this share, the text is noise.
_MOST_UNMAPPED = 0.15
_BOLD = re.compile(r"bold|black|heavy|semibold|demibold|extrabold|ultrabold|[-,]bd?\b", re.I)
_ITALIC = re.compile(r"italic|oblique|slanted|[-,]it?\b|kursiv", re.I)
# A font's subset prefix: ABCDEF+Lato-Bold.
_SUBSET = re.compile(r"^[A-Z]{6}\+")


@dataclass(frozen=True)
class Glyph:
    text: str
    x0: float
    x1: float
    baseline: float  # from the top of the page
    size: float
    bold: bool
    italic: bool


@dataclass
class Page:
    number: int
    width: float
    height: float
    glyphs: list[Glyph] = field(default_factory=list)
    links: list[tuple[tuple[float, float, float, float], str]] = field(default_factory=list)
    images: int = 0


@dataclass(frozen=True)
class FontStyle:
    bold: bool
    italic: bool


def font_style(name: str) -> FontStyle:
    """Bold and italic as the font's name says (Lato-BoldItalic, TimesNewRomanPS-BoldMT)."""
    name = _SUBSET.sub("", name)
    return FontStyle(bool(_BOLD.search(name)), bool(_ITALIC.search(name)))


def read_pages(path: str, data: bytes) -> list[Page]:
    """Every page's glyphs and link areas; an error that says why when there is no text."""
    import io

    from pdfminer.converter import PDFPageAggregator
    from pdfminer.pdfdocument import PDFDocument, PDFEncryptionError, PDFPasswordIncorrect
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFParser

    try:
        parser = PDFParser(io.BytesIO(data))
        document = PDFDocument(parser)
        if not document.is_extractable:
            raise InputError(
                f"{path}: its author forbids copying its text (the PDF says so)",
                "export the CV again from the program that wrote it, without that restriction",
            )
        manager = PDFResourceManager(caching=True)
        device = PDFPageAggregator(manager, laparams=None)
        interpreter = PDFPageInterpreter(manager, device)
        pages = []
        for number, page in enumerate(PDFPage.create_pages(document), 1):
            if number > MAX_PAGES:
                raise InputError(
                    f"{path}: more than {MAX_PAGES} pages: not a CV",
                    "cvtex import reads a CV; is it the file you meant?",
                )
            interpreter.process_page(page)
            pages.append(_page(number, page, device.get_result(), document))
    except (PDFPasswordIncorrect, PDFEncryptionError):
        raise InputError(
            f"{path}: the PDF is encrypted with a password",
            "open it with its password and save or print it as a PDF without one, then import "
            "that copy",
        ) from None
    except InputError:
        raise
    except Exception as exc:  # pdfminer raises many kinds (PSException, KeyError, ...)
        raise InputError(
            f"{path}: a damaged PDF that cannot be read ({type(exc).__name__}: {exc})",
            "open it in a PDF viewer and save or print it as a new PDF, then import that",
        ) from None
    _refuse_unreadable(path, pages)
    return pages


def _page(number: int, page: Any, layout: Any, document: Any) -> Page:
    from pdfminer.layout import LTChar, LTFigure, LTImage

    x0, y0, x1, y1 = page.mediabox
    result = Page(number, x1 - x0, y1 - y0)
    styles: dict[str, FontStyle] = {}
    pending = list(layout)
    while pending:
        item = pending.pop()
        if isinstance(item, LTChar):
            style = styles.get(item.fontname)
            if style is None:
                style = styles[item.fontname] = font_style(item.fontname)
            baseline = y1 - item.matrix[5]
            # Upright glyphs only: a rotated watermark or a margin's vertical text is not
            # the CV's reading.
            if item.upright:
                result.glyphs.append(
                    Glyph(
                        item.get_text(),
                        item.x0 - x0,
                        item.x1 - x0,
                        baseline,
                        round(item.size, 1),
                        style.bold,
                        style.italic,
                    )
                )
        elif isinstance(item, LTImage):
            result.images += 1
        elif isinstance(item, LTFigure) or hasattr(item, "__iter__"):
            pending.extend(item)
    result.links = _links(page, y1, x0, document)
    return result


def _links(page: Any, top: float, left: float, document: Any) -> list:
    """The page's link annotations: their area (from the top of the page) and address."""
    from pdfminer.pdftypes import resolve1

    found = []
    for annotation in resolve1(page.annots) or []:
        annotation = resolve1(annotation)
        if not isinstance(annotation, dict):
            continue
        action = resolve1(annotation.get("A"))
        rect = resolve1(annotation.get("Rect"))
        if not isinstance(action, dict) or not isinstance(rect, list) or len(rect) != 4:
            continue
        uri = resolve1(action.get("URI"))
        if isinstance(uri, bytes):
            uri = uri.decode("latin-1", errors="replace")
        if not isinstance(uri, str):
            continue
        a, b, c, d = (float(resolve1(value)) for value in rect)
        found.append(((min(a, c) - left, top - max(b, d), max(a, c) - left, top - min(b, d)), uri))
    return found


def _refuse_unreadable(path: str, pages: list[Page]) -> None:
    glyphs = [glyph for page in pages for glyph in page.glyphs if glyph.text.strip()]
    if not glyphs:
        images = sum(page.images for page in pages)
        if images:
            raise InputError(
                f"{path}: no text layer: its {len(pages)} page(s) are pictures ({images} "
                "image(s)), as a scanned CV is",
                "cvtex reads a PDF's text, not pictures of it: export the CV as a PDF from the "
                "program that wrote it, or give the scan a text layer first (OCR, for example "
                "ocrmypdf)",
            )
        raise InputError(
            f"{path}: no text in it at all",
            "is it the CV? Export the CV as a PDF from the program that wrote it",
        )
    unmapped = sum(glyph.text.startswith("(cid:") for glyph in glyphs)
    if unmapped > _MOST_UNMAPPED * len(glyphs):
        raise InputError(
            f"{path}: {unmapped} of its {len(glyphs)} characters have no Unicode meaning: its "
            "fonts carry no Unicode map (ToUnicode), so its text reads as glyph numbers, not "
            "letters",
            "export the CV again from the program that wrote it (most do write the map), or "
            "print it to a new PDF; cvtex will not guess the letters",
        )

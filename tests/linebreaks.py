"""Line breaks as they stand on a PDF's pages, judged against the texts the CV shows.

Two rules of CJK typesetting a CV must keep:

* Korean breaks between words (at spaces, and after punctuation), never inside one: a line
  that ends in Hangul and a next line that starts with Hangul are a break inside a word
  when the two pieces, joined, are part of a word the CV's text holds ("엔지니|어입니다").
* Japanese kinsoku (JIS X 4051, W3C jlreq): no line starts with closing brackets, 、。,
  the prolonged sound mark ー, small kana, iteration marks or middle dots, and no line ends
  with an opening bracket.

The lines are read from the glyphs' positions in the order they were typeset (pdfminer.six,
without its layout analysis): a line ends where the next glyph sits on another baseline.
pdftotext's lines are no measure here: it also starts a new line where a glyph is drawn
left of the one before, as xeCJK's kerning of adjacent punctuation does ("）、").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

# Characters no line may start with (jlreq cl-02, cl-04 to cl-07, and the conditional
# Japanese starters: small kana and ー), and those no line may end with (cl-01).
NOT_AT_START = frozenset(
    "、。，．）〕］｝〉》」』】〙〗〟’”｠»"
    "ー゠〜～・：；！？‼⁇⁈⁉ヽヾゝゞ々〻"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
)
NOT_AT_END = frozenset("（〔［｛〈《「『【〘〖〝‘“｟«")

_HANGUL = re.compile("[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
# Where a word goes from Hangul to Latin letters or digits, or back.
_SCRIPT_CHANGE = re.compile(
    "(?<=[0-9A-Za-z])(?=[\uac00-\ud7a3])|(?<=[\uac00-\ud7a3])(?=[0-9A-Za-z])"
)


@dataclass(frozen=True)
class Break:
    before: str  # the end of the line
    after: str  # the start of the next one

    def __str__(self) -> str:
        return f"{self.before}|{self.after}"


@dataclass(frozen=True)
class Line:
    text: str
    left: float  # the x of its first glyph's left edge, in points
    right: float  # and of its last glyph's right edge
    page_width: float


def pdf_lines(pdf: Path, space: float = 0.2) -> list[str]:
    """The PDF's lines of text, in the order typeset; a gap wider than ``space`` (in ems of
    the glyph before it) between two glyphs of a line is a space."""
    return [line.text for line in pdf_line_boxes(pdf, space)]


def pdf_line_boxes(pdf: Path, space: float = 0.2) -> list[Line]:
    """:func:`pdf_lines` with where each line stands across its page."""
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.layout import LTChar
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    resources = PDFResourceManager()
    device = PDFPageAggregator(resources, laparams=None)  # the glyphs as typeset, in order
    interpreter = PDFPageInterpreter(resources, device)
    lines: list[Line] = []
    with pdf.open("rb") as file:
        for pdf_page in PDFPage.get_pages(file):
            interpreter.process_page(pdf_page)
            page = device.get_result()
            glyphs: list[LTChar] = []
            for item in [*page, None]:
                if item is not None and (
                    not isinstance(item, LTChar) or not item.get_text().strip()
                ):
                    continue
                if glyphs and (item is None or _starts_line(glyphs[-1], item)):
                    text = "".join(
                        (" " if gap else "") + glyph.get_text()
                        for glyph, gap in zip(glyphs, _gaps(glyphs, space), strict=True)
                    )
                    lines.append(Line(text, glyphs[0].x0, glyphs[-1].x1, page.width))
                    glyphs = []
                if item is not None:
                    glyphs.append(item)
    return lines


def _starts_line(last, glyph) -> bool:
    """Whether ``glyph`` sits on another baseline than ``last``, or back to its left."""
    size = max(last.size, 1.0)
    return abs(glyph.y0 - last.y0) > size * 0.4 or glyph.x0 < last.x0 - size * 0.6


def _gaps(glyphs: list, space: float) -> list[bool]:
    """For each glyph, whether a space stands before it."""
    return [False] + [
        glyph.x0 - last.x1 > max(last.size, 1.0) * space for last, glyph in pairwise(glyphs)
    ]


def korean_word_breaks(lines: list[str], shown: Iterable[str]) -> list[Break]:
    """The line ends that fall inside a Korean word of the ``shown`` texts."""
    words = "\n".join({word for text in shown for word in text.split() if _HANGUL.search(word)})
    found = []
    for line, following in pairwise(lines):
        end, start = line.split()[-1], following.split()[0]
        if _HANGUL.match(end[-1]) and _HANGUL.match(start[0]) and end + start in words:
            found.append(Break(end, start))
    return found


def kinsoku_breaks(lines: list[str]) -> list[Break]:
    """The line ends that break a kinsoku rule."""
    return [
        Break(line[-8:], following[:8])
        for line, following in pairwise(lines)
        if following[0] in NOT_AT_START or line[-1] in NOT_AT_END
    ]


def split_words(lines: list[str], shown: Iterable[str]) -> list[str]:
    """Korean words of the ``shown`` texts that join Hangul to Latin letters or digits
    ("7년", "Go로") and come back with a space inside: a gap the typesetting put there."""
    words = {word.strip(".,:;()'\"") for text in shown for word in text.split()}
    words = {word for word in words if _SCRIPT_CHANGE.search(word)}
    page = "\n".join(lines)
    found = []
    for word in sorted(words):
        if word in page:
            continue
        spaced = _SCRIPT_CHANGE.sub(" ", word)
        if spaced in page:
            found.append(word)
    return found


def lost_spaces(lines: list[str], shown: Iterable[str]) -> list[str]:
    """Pairs of words of the ``shown`` texts, one of them Korean, that come back with no
    space between them ("스터디'분산" for "스터디 '분산")."""
    page = "\n".join(lines)
    found = []
    for text in shown:
        words = text.split()
        for first, second in pairwise(words):
            if not (_HANGUL.search(first[-1:]) or _HANGUL.search(second[:1])):
                continue
            if first + second in page and f"{first} {second}" not in page:
                found.append(f"{first} {second}")
    return found

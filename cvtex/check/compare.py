"""What came back from a reader, against what the CV shows.

Texts are compared as a parser compares them: case, the width of full-width forms and
curly quotes aside, and with CJK rules for spaces (a line break inside Chinese or Japanese
text is not a space; xeCJK's spacing between them and Latin is not one either; Korean
keeps the spaces between its words). A hyphen
that ends a line joins the next without a space, as a hyphen of the text does ("In-" /
"network" is "In-network"); a word TeX split with a hyphen of its own then comes back
as "Dis-tributed", which a search for "Distributed" misses, and is reported.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from .expected import Phrase

# Hangul keeps the spaces between Korean words, and loses only one beside another script,
# which a reader may find or not (7년, Go로: a Korean CV sets them as one word, xeCJK in
# another language's CV with its glue between the scripts).
_HANGUL = "\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af"
_SPACE_BESIDE_HANGUL = re.compile(
    rf"(?<=[{_HANGUL}])\s+(?=[^\s{_HANGUL}])|(?<=[^\s{_HANGUL}])\s+(?=[{_HANGUL}])"
)
# Han, kana, CJK punctuation and full-width forms: no space is kept beside them.
_CJK = (
    "\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u31a0-\u31ff\u3200-\u9fff"
    "\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
)
_SPACE_BY_CJK = re.compile(rf"\s+(?=[{_CJK}])|(?<=[{_CJK}])\s+")
_CJK_EDGE = re.compile(rf"[{_CJK}]")
_LINE_END_HYPHEN = re.compile(r"-[ \t]*\n\s*")
_SPACES = re.compile(r"\s+")
_SPACE_BEFORE_CLOSING = re.compile(r"\s+(?=[,.;:)\]])")
_FOLD = str.maketrans(
    {
        "\u2010": "-",  # the hyphen some fonts map "-" to (Lato: pdfminer reads U+2010)
        "\u2219": "\u00b7",  # the middle dot Lato draws as its bullet operator (pdfminer)
        "\u2011": "-",
        "\u00ad": None,  # a soft hyphen is no character of the text
        "\ufffe": None,  # PDFium's mark of a hyphen TeX put at a line's end, the word joined
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u22ef": "\u2026",  # CJK fonts draw "…" with the glyph of "⋯"
        **dict.fromkeys([0x200B, 0x200E, 0x200F, *range(0x202A, 0x202F), 0xFEFF]),
    }
)

MissKind = Literal["missing", "split", "order", "stray"]


@dataclass(frozen=True)
class Miss:
    kind: MissKind
    text: str  # the CV's text, or the stray character
    got: str  # what the reader gave where the text should be
    phrase: Phrase | None = None


def comparable(text: str) -> str:
    # An icon's private-use character is reported as stray on its own; the text around it
    # is still compared as the text it is.
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Co")
    text = _LINE_END_HYPHEN.sub("-", text.translate(_FOLD))
    text = _SPACE_BESIDE_HANGUL.sub("", _SPACE_BY_CJK.sub("", text))
    text = unicodedata.normalize("NFKC", text).casefold()
    # A raised mark (Lin*, Fang†) comes back with a space after it: "Lin* ,".
    text = _SPACE_BEFORE_CLOSING.sub("", text)
    return _SPACES.sub(" ", text).strip()


@dataclass(frozen=True)
class Readback:
    """One reader's text of one PDF, in the comparable form, with its pages' bounds."""

    text: str
    page_starts: list[int]

    @classmethod
    def of(cls, pages: Iterable[str]) -> Readback:
        text, starts = "", []
        for page in pages:
            page = comparable(page)
            # Pages join as lines do: without a space where Chinese text runs over the break.
            if text and not (_CJK_EDGE.match(text[-1]) or _CJK_EDGE.match(page[:1])):
                text += " "
            starts.append(len(text))
            text += page
        return cls(text + " ", starts)

    def page_of(self, position: int) -> int:
        return bisect.bisect_right(self.page_starts, position) - 1

    def around(self, position: int, width: int = 30) -> str:
        return self.text[max(0, position - width) : position + width].strip()


# An ideographic space sets two phrases apart by the width of a character: a reader may
# take that white for the edge of a column and read what stands beside them in between
# ("湖南大学　信息科学与工程学院" beside an entry's dates). Like a line break, it is no
# break of a word: each phrase must come back whole, and in order.
_PHRASE_SPACE = re.compile("\u3000+")


def _pieces(text: str) -> list[str]:
    return [piece for part in _PHRASE_SPACE.split(text) if (piece := comparable(part))]


def _find(pieces: list[str], back: Readback, start: int = 0) -> int:
    """Where the first of ``pieces`` comes back at or after ``start``, each of the others
    after the one before it; -1 if one does not."""
    if not pieces:
        return -1
    first = position = back.text.find(pieces[0], start)
    for piece in pieces[1:]:
        if position < 0:
            break
        position = back.text.find(piece, position + 1)
    return first if position >= 0 else -1


def misses(phrases: list[Phrase], pages: list[str]) -> tuple[list[Miss], int]:
    """What did not come back whole, in order and clean; and how many texts did."""
    back = Readback.of(pages)
    found: dict[int, int] = {}  # phrase index -> where it came back
    result: list[Miss] = []
    for index, phrase in enumerate(phrases):
        wanted = comparable(phrase.text)
        position = back.text.find(wanted)
        if position < 0 and "\u3000" in phrase.text:
            position = _find(_pieces(phrase.text), back)
        if position >= 0:
            found[index] = position
        else:
            result.append(_missing(phrase, wanted, back))
    result += _out_of_order(phrases, found, back)
    result += _stray(pages)
    return result, len(found)


def _missing(phrase: Phrase, wanted: str, back: Readback) -> Miss:
    for word in re.findall(r"[^\W\d_][\w'-]*[^\W\d_]", wanted):
        # The word in two pieces where a line broke it: with a hyphen of TeX's, or (if the
        # word comes back nowhere whole) a space. A word of a repeated phrase may come back
        # whole elsewhere; its hyphenated piece here is still a split.
        whole = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", back.text)
        joint = "-" if whole else "(?:- ?| )"
        for cut in range(2, len(word) - 1):
            head, tail = re.escape(word[:cut]), re.escape(word[cut:])
            if split := re.search(rf"(?<!\w){head}{joint}{tail}(?!\w)", back.text):
                return Miss("split", word, split.group(), phrase)
    return Miss("missing", phrase.text, _closest(wanted, back), phrase)


def _closest(wanted: str, back: Readback) -> str:
    """Where the longest beginning of ``wanted`` comes back, or nothing if none does."""
    low, high = 0, len(wanted)
    while low < high:  # the longest prefix found: a prefix of a found prefix is found too
        middle = (low + high + 1) // 2
        if wanted[:middle] in back.text:
            low = middle
        else:
            high = middle - 1
    if low < min(8, len(wanted)):
        return ""
    position = back.text.find(wanted[:low])
    return back.text[position : position + low + 30].strip()


def _out_of_order(phrases: list[Phrase], found: dict[int, int], back: Readback) -> list[Miss]:
    """The name first; each column in its order; on a page, no column read inside another."""
    result: list[Miss] = []
    name = found.get(0)
    if name is not None and any(position < name for position in found.values()):
        first = min(found.values())
        result.append(Miss("order", phrases[0].text, back.around(first), phrases[0]))
    placed: dict[int, int] = {}  # in order, per column: phrase index -> position
    for column in ("main", "side"):
        cursor = -1
        for index, phrase in enumerate(phrases):
            if phrase.column != column or not phrase.ordered or index not in found:
                continue
            # A text found more than once: its first place after the one before it.
            position = back.text.find(comparable(phrase.text), cursor + 1)
            if position < 0 and "\u3000" in phrase.text:
                position = _find(_pieces(phrase.text), back, cursor + 1)
            if position < 0:
                result.append(Miss("order", phrase.text, back.around(found[index]), phrase))
                continue
            placed[index] = cursor = position
    result += _interleaved(phrases, placed, back)
    return result


def _interleaved(phrases: list[Phrase], placed: dict[int, int], back: Readback) -> list[Miss]:
    """A text of one column read between two consecutive texts of the other, on one page:
    the reader went across the columns line by line."""
    by_column: dict[str, list[int]] = {"main": [], "side": []}
    for index in sorted(placed, key=placed.get):
        by_column[phrases[index].column].append(placed[index])
    result = []
    for index, position in placed.items():
        others = by_column["main" if phrases[index].column == "side" else "side"]
        at = bisect.bisect_left(others, position)
        if 0 < at < len(others):
            before, after = others[at - 1], others[at]
            page = back.page_of(position)
            if back.page_of(before) == page == back.page_of(after):
                result.append(
                    Miss("order", phrases[index].text, back.around(position), phrases[index])
                )
    return result


def _stray(pages: list[str]) -> list[Miss]:
    """Characters no text holds: an icon's private code, a glyph the reader could not map."""
    seen: dict[str, str] = {}
    for page in pages:
        for match in re.finditer(r"[^\s]", page):
            char = match.group()
            if char in seen:
                continue
            category = unicodedata.category(char)
            if char == "\ufffe":
                continue  # PDFium's mark of a line-end hyphen it took away
            if category in ("Co", "Cn", "Cc", "Cs") or char == "\ufffd":
                start = max(0, match.start() - 25)
                seen[char] = " ".join(page[start : match.end() + 25].split())
    return [Miss("stray", f"U+{ord(char):04X}", context) for char, context in seen.items()]

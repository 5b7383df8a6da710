"""The section a title names, in any language people write it in: "Honors and Awards",
荣誉奖项 and 獲獎 name the awards, 研究方向 and "Academic Interests" the research interests,
科研经历 the research experience; a printed CV's heading EDUCATION or 教 育 背 景 the
education.

The words are data (``titles.yaml`` beside this module), the one dictionary of section
names every importer reads, with every catalog's headings (``locales/*.yaml`` ``titles:``).
A title names a section's id: a kind of section, an id the catalogs give a heading of its
own (research, projects, interests, about), read as the kind ``titles.yaml`` gives it, or
a part of the header under a heading of its own (contacts, personal). A free title
(RenderCV's) names the section of a word in it (:func:`named`); a printed heading, the
section it is whole (:func:`whole`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from ..language.catalog import available_languages, load_catalog
from ..profile.model import POOLS
from ..text.written import is_cjk

_DATA = Path(__file__).with_name("titles.yaml")
_CJK = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
# Between two Han, kana or Hangul characters a space is no word's end: 教 育 背 景 is a
# heading set spaced out, 학술활동 the same name as 학술 활동.
_CJK_SPACES = re.compile(rf"(?<=[{_CJK}])\s+(?=[{_CJK}])")


@dataclass(frozen=True)
class _Word:
    section: str  # the id it names
    order: int  # its section's place in titles.yaml: the first wins a tie
    text: str  # folded; a phrase of words, or CJK
    prefix: bool  # "award*": the start of a word
    whole_only: bool  # "=language": only the whole title
    within_only: bool  # "~实习": only within a longer title, never a heading by itself
    cjk: bool  # Han, kana or Hangul: found anywhere in a title

    def is_all_of(self, title: str) -> bool:
        """Whether the (folded) title is this word: itself, or one word it starts."""
        if self.prefix:
            return title.startswith(self.text) and re.fullmatch(r"\w*", title[len(self.text) :])
        return title == self.text

    def is_in(self, title: str) -> bool:
        """Whether the word stands in the (folded) title, or is all of it."""
        if self.whole_only:
            return self.is_all_of(title)
        if self.cjk:
            return self.text in title
        end = "" if self.prefix else r"(?!\w)"
        return re.search(rf"(?<!\w){re.escape(self.text)}{end}", title) is not None


def folded(title: str) -> str:
    """A title as the words are compared with it: no case, each run of punctuation and
    spaces one space, none between two Han, kana or Hangul characters."""
    text = " ".join(re.split(r"[\W_]+", title.casefold())).strip()
    return _CJK_SPACES.sub("", text)


@cache
def _data() -> tuple[dict[str, str], tuple[_Word, ...]]:
    data = yaml.safe_load(_DATA.read_text(encoding="utf-8"))
    words = tuple(
        _Word(
            section,
            order,
            text := folded(word.strip("=~*")),
            word.endswith("*"),
            word.startswith("="),
            word.startswith("~"),
            is_cjk(text),
        )
        for order, (section, languages) in enumerate(data["names"].items())
        for group in languages.values()
        for word in group
    )
    return dict(data["kinds"]), words


@cache
def _headings() -> dict[str, str]:
    """Every catalog's heading (folded) -> the id it is the heading of."""
    headings: dict[str, str] = {}
    for code in available_languages():
        for ident, heading in load_catalog(code).titles.items():
            headings.setdefault(folded(heading), ident)
    return headings


@cache
def _whole_names() -> dict[str, str]:
    """Each catalog's heading and each word a heading may be (folded) -> its id; the
    catalogs' first, then the words in their order."""
    names = dict(_headings())
    for word in _data()[1]:
        if not word.prefix and not word.within_only:
            names.setdefault(word.text, word.section)
    return names


def _chosen(words: list[_Word]) -> str | None:
    """The section of the longest word; on a tie, of the section written first."""
    if not words:
        return None
    return min(words, key=lambda word: (-len(word.text), word.order)).section


def whole(title: str) -> str | None:
    """The id of the section ``title`` is the name of, whole: a catalog's heading, a word
    of ``titles.yaml``, or one word a word ending in * starts ("Awards"); None for any
    other title ("Natural Language Processing")."""
    text = folded(title)
    if not text:
        return None
    if (ident := _whole_names().get(text)) is not None:
        return ident
    return _chosen(
        [
            word
            for word in _data()[1]
            if word.prefix and not word.within_only and word.is_all_of(text)
        ]
    )


def named(title: str) -> str | None:
    """The id of the section ``title`` names (awards, research, interests, ...): a
    catalog's heading, whole, else the longest word of ``titles.yaml`` in it; None for a
    title that names none."""
    text = folded(title)
    if (ident := _headings().get(text)) is not None and kind_of(ident) is not None:
        return ident
    return _chosen([word for word in _data()[1] if word.is_in(text)])


def kind_of(ident: str) -> str | None:
    """The kind of section an id is read as: itself when it is a kind (awards), else
    what ``titles.yaml`` gives (research: experience); None for an id of neither (a part
    of the header: contacts, personal)."""
    if ident in POOLS or ident in ("summary", "text"):
        return ident
    return _data()[0].get(ident)


def is_heading(title: str, ident: str) -> bool:
    """Whether ``title`` is a catalog's own heading of the section ``ident``: each CV
    then shows its own language's heading, and the title need not be written."""
    text = folded(title)
    return any(
        folded(load_catalog(code).titles.get(ident, "")) == text for code in available_languages()
    )

"""The section a title of another tool's file names, in any language people write it in:
"Honors and Awards", 荣誉奖项 and 獲獎 name the awards, 研究方向 and "Academic Interests" the
research interests, 科研经历 the research experience.

The words are data (``titles.yaml`` beside this module), with every catalog's headings
(``locales/*.yaml`` ``titles:``). A title names a section's id: a kind of section, or an id
the catalogs give a heading of its own (research, projects, interests, about), read as
the kind ``titles.yaml`` gives it.
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


@dataclass(frozen=True)
class _Word:
    section: str  # the id it names
    order: int  # its section's place in titles.yaml: the first wins a tie
    text: str  # casefolded; a phrase of words, or CJK
    prefix: bool  # "award*": the start of a word

    def matches(self, folded: str, title: str) -> bool:
        if is_cjk(self.text):
            return self.text in title
        end = "" if self.prefix else r"(?!\w)"
        return re.search(rf"(?<!\w){re.escape(self.text)}{end}", folded) is not None


@cache
def _data() -> tuple[dict[str, str], tuple[_Word, ...]]:
    data = yaml.safe_load(_DATA.read_text(encoding="utf-8"))
    words = tuple(
        _Word(section, order, word.rstrip("*").casefold(), word.endswith("*"))
        for order, (section, languages) in enumerate(data["names"].items())
        for group in languages.values()
        for word in group
    )
    return dict(data["kinds"]), words


@cache
def _headings() -> dict[str, str]:
    """Every catalog's heading (casefolded) -> the id it is the heading of."""
    headings: dict[str, str] = {}
    for code in available_languages():
        for ident, heading in load_catalog(code).titles.items():
            headings.setdefault(_folded(heading), ident)
    return headings


def _folded(title: str) -> str:
    return " ".join(re.split(r"[\W_]+", title.casefold())).strip()


def named(title: str) -> str | None:
    """The id of the section ``title`` names (awards, research, interests, ...): a
    catalog's heading, whole, else the longest word of ``titles.yaml`` in it; None for a
    title that names none."""
    folded = _folded(title)
    if (ident := _headings().get(folded)) is not None and kind_of(ident) is not None:
        return ident
    found = [word for word in _data()[1] if word.matches(folded, title)]
    if not found:
        return None
    return min(found, key=lambda word: (-len(word.text), word.order)).section


def kind_of(ident: str) -> str | None:
    """The kind of section an id is read as: itself when it is a kind (awards), else
    what ``titles.yaml`` gives (research: experience); None for an id of neither."""
    if ident in POOLS or ident in ("summary", "text"):
        return ident
    return _data()[0].get(ident)


def is_heading(title: str, ident: str) -> bool:
    """Whether ``title`` is a catalog's own heading of the section ``ident``: each CV
    then shows its own language's heading, and the title need not be written."""
    folded = _folded(title)
    return any(
        _folded(load_catalog(code).titles.get(ident, "")) == folded
        for code in available_languages()
    )

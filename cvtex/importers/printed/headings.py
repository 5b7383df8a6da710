"""Section headings by their words: a line that is, whole, a name of a section in the one
dictionary of section names (``importers/titles.yaml``, in English, Simplified and
Traditional Chinese, Japanese, Korean and more) or a catalog's own title (so cvtex's own
PDFs read back). The look of a heading (size, weight, capitals), learnt from the headings
the words found, finds the sections whose words are no one's (:mod:`.structure`).

A heading matches whole, after its case, spaces, a colon, a number before it and a
bilingual half (教育背景 Education) are set aside; or ends in a word of a kind whose
headings grow longer (Technical Skills, Software Development Projects).
"""

from __future__ import annotations

import re

from .. import titles

# How a printed CV's section is read where not as its id's kind: research interests are
# a paragraph far more often than groups of skills; the header's parts are the header's.
_READ_AS = {"interests": "summary", "contacts": "contacts", "personal": "personal"}
# Kinds whose heading word may end a longer heading of the same kind: Job Experience,
# Technical Skills, Selected Awards (not languages: Programming Languages heads skills).
_TAILS = {"experience", "education", "skills", "publications", "awards", "certificates"}
_NOT_WORD = re.compile(r"[:：.。\s]+$|^[\s•▪■◆●§#\d.)]+")


def key(text: str) -> str:
    """A heading as it is looked up: no case, one space, no colon or number before it."""
    return titles.folded(_NOT_WORD.sub("", text.strip()))


def _kind(text: str) -> str | None:
    ident = titles.whole(text)
    if ident is None:
        return None
    return _READ_AS.get(ident) or titles.kind_of(ident)


def heading_kind(text: str) -> str | None:
    """The section kind ``text`` heads (education, contacts, ...), or None. A bilingual
    heading (教育背景 Education, Education / 教育背景) is looked up by either half."""
    found = _kind(key(text))
    if found or len(text) > 60:
        return found
    words = key(text).split()
    if 1 < len(words) <= 4 and (last := _kind(words[-1])) in _TAILS:  # Job Experience
        return last
    for half in re.split(
        r"\s*[/|｜／]\s*|(?<=[^\x00-\x7f])\s*(?=[A-Za-z])|(?<=[A-Za-z])\s+(?=[^\x00-\x7f])", text
    ):
        if half and half != text and (found := _kind(key(half))):
            return found
    return None

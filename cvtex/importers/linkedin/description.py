"""A description as LinkedIn exports it, as paragraphs and bullets: its line breaks reach
the export as two spaces, its bullets as ``•``, ``-`` or a tab. The paragraphs become the
entry's description, the bullets its bullets."""

from __future__ import annotations

import re

# A description's pieces. LinkedIn keeps no line breaks: a break reaches the export as two
# spaces (or a tab), a bullet as one of these characters, or a dash or tab starting a line.
_BULLETS = "•●▪◦‣➢►■◆❖➤✓✔"
_BULLET_MARK = re.compile(rf"[{_BULLETS}]|[-–*]?\t+")
_PLAIN = re.compile(rf"[{_BULLETS}\t\n\r]|\s\s|\s[-–]\s|^[-–*+]\s")
_ENDS = ".!?:;。！？：；"  # what ends a sentence or a heading, in Latin and CJK text
_BREAK = re.compile(rf"\n|(?<=[{_ENDS})\]\"”）])\s{{2,}}|\s{{2,}}(?=[-–—*+]\s)")
_LINE_BULLET = re.compile(r"^[-–—*+]\s+")
# A dash after the end of a sentence starts an item ("... on time. - Testing: ..."): the
# line break before it reached the export as one space. In a list of dashes, so does a dash
# before a capital.
_SENTENCE_DASH = re.compile(rf"(?<=[{_ENDS}])\s+[-–]\s+(?=\w)")
_DASH_ITEM = re.compile(r"\s+[-–]\s+(?=[A-Z])")
_START = "\x00"


def pieces(text: str) -> list[tuple[bool, str]]:
    """A description as its paragraphs and bullets, in order: (is_bullet, text)."""
    if not _PLAIN.search(text):  # one paragraph, as most are
        return [(False, " ".join(text.split()))] if text.strip() else []
    text = _BULLET_MARK.sub(_START, text.replace("\r\n", "\n").replace("\r", "\n"))
    text = _SENTENCE_DASH.sub(_START, text)
    found: list[tuple[bool, str]] = []
    for line in _BREAK.split(text):
        line = line.strip()
        if _LINE_BULLET.match(line):
            line = _START + _DASH_ITEM.sub(_START, _LINE_BULLET.sub("", line))
        parts = line.split(_START)
        after_bullets = any(bullet for bullet, _ in found)
        for index, part in enumerate(parts):
            words = " ".join(part.split())
            if words:
                found.append((index > 0 or after_bullets, words))
    return found


def described(text: str) -> tuple[str | None, list[str]]:
    """An entry's description and bullets: the paragraphs before its first bullet, then every
    bullet (and any line after them, as one)."""
    found = pieces(text)
    first = next((i for i, (bullet, _) in enumerate(found) if bullet), len(found))
    description = "\n\n".join(words for _, words in found[:first])
    return description or None, [words for _, words in found[first:]]


def paragraphs(text: str) -> str:
    """A text of paragraphs only (a summary, an award's description): a bullet is a
    paragraph of its own, with its mark."""
    return "\n\n".join(f"• {words}" if bullet else words for bullet, words in pieces(text))

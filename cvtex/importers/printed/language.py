"""The language of a printed CV, by the one rule for a text's language
(:func:`cvtex.text.written.written_in`) over all of its lines; a Chinese one in Traditional
characters (zh-TW) when OpenCC's Traditional-to-Simplified conversion changes more of its
characters than the other way round.

The Traditional test is one function, :func:`traditional`, over the file's whole text: one
character says little (many are the same in both), the file as a whole does.
"""

from __future__ import annotations

from ...text.written import written_in


def language_of_lines(texts: list[str]) -> str:
    """en, zh, zh-TW, ja or ko for a file whose lines are ``texts``; a file in another
    alphabet is taken as en (cvtex's catalogs are those)."""
    whole = "\n".join(texts)
    written = written_in(whole)
    if written == "zh" and traditional(whole):
        return "zh-TW"
    return written if written in ("zh", "ja", "ko") else "en"


def traditional(text: str) -> bool:
    """Whether ``text``'s Chinese is written in Traditional characters: converting it to
    Simplified changes more characters than converting it to Traditional does."""
    import opencc

    han = "".join(char for char in text if "\u4e00" <= char <= "\u9fff")
    if not han:
        return False
    to_simplified = opencc.OpenCC("t2s").convert(han)
    to_traditional = opencc.OpenCC("s2t").convert(han)
    changed_by = lambda other: sum(a != b for a, b in zip(han, other, strict=False))  # noqa: E731
    return changed_by(to_simplified) > changed_by(to_traditional)

"""A list written on one line (Python, C++ (17), Go; 英语、日语): its items, split at the
separators that stand outside brackets, so that "C++ (11, 17)" stays one item."""

from __future__ import annotations


def split_list(text: str, separators: str = ",，、") -> list[str]:
    """The items of ``text``, split at ``separators`` outside brackets, each stripped."""
    items, depth, current = [], 0, ""
    for char in text:
        depth += char in "([（【"
        depth -= char in ")]）】" and depth > 0
        if char in separators and depth == 0:
            items.append(current)
            current = ""
        else:
            current += char
    return [item.strip() for item in [*items, current] if item.strip()]

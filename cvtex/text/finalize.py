"""The Jinja ``finalize`` hook of every renderer (LaTeX, HTML, Markdown), made from the
renderer's escape: one rule for what a template may print unescaped, whatever the output.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

Written = TypeVar("Written", bound=str)


def finalizer(written: type[Written], escape: Callable[[str], str]) -> Callable[[object], Written]:
    """The hook every printed value passes through, so that a template cannot forget to
    escape: a value of type ``written`` (already in the output's language, from the escape
    or the template itself) passes unchanged; None prints nothing; a number is printed as
    it is, as no escape would change it; anything else is ``escape``d as text."""

    def finalize(value: object) -> Written:
        if isinstance(value, written):
            return value
        if value is None:
            return written("")
        if isinstance(value, (int, float)):
            return written(str(value))
        return written(escape(str(value)))

    return finalize

"""What a user wrote wrong, said where they wrote it: pydantic's validation errors turned
into one located line each, for every file cvtex validates with models (profiles, locale
catalogs, theme.yaml files, JSON Resume documents).

Each kind of file words some errors its own way (a profile knows its union branches, a
catalog its keys); what they share is said here once: the shape of the report, the
did-you-mean, and the plain wording of pydantic's error kinds.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from .source import Path_, format_path


@dataclass(frozen=True)
class Problem:
    path: Path_  # where in the file's data: keys and list positions
    message: str


def suggest(word: str, candidates: Collection[str]) -> str:
    """ " (did you mean 'x'?)" for the candidate closest to ``word``, or ""."""
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def plain_message(error: Any, keys: Collection[str] = ()) -> str:
    """One pydantic error in words: a validator's own message as it is, a choice with the
    closest allowed value, an unknown key with the closest of ``keys``, else pydantic's
    message with the value that was given."""
    kind = error["type"]
    if kind == "value_error":
        return str(error["ctx"]["error"])
    if kind == "extra_forbidden":
        key = str(error["loc"][-1])
        return f"unknown key {key!r}{suggest(key, keys)}"
    got = error.get("input")
    if kind == "literal_error" and isinstance(got, str):
        choices = set(re.findall(r"'([^']*)'", error["ctx"]["expected"]))
        return f"{got!r} is not one of {error['ctx']['expected']}{suggest(got, choices)}"
    shown = "" if isinstance(got, dict | list) or kind == "missing" else f" (got {got!r})"
    return f"{error['msg'][0].lower()}{error['msg'][1:]}{shown}"


def problems_of(
    exc: ValidationError, message: Callable[[Any], Problem] | None = None
) -> list[Problem]:
    """Each error of ``exc`` as a problem; ``message`` words the errors a kind of file
    words its own way (default: at pydantic's location, in :func:`plain_message`'s words)."""
    word = message or (lambda error: Problem(tuple(error["loc"]), plain_message(error)))
    return [word(error) for error in exc.errors(include_url=False)]


def report(heading: str, problems: Iterable[Problem], where: Callable[[Path_], str]) -> str:
    """The heading, then one indented line per problem: where, the field's path, what."""
    lines = [heading]
    for problem in problems:
        lines.append(f"  {where(problem.path)}: {format_path(problem.path)}: {problem.message}")
    return "\n".join(lines)

"""Two files of one CV, each in one language (a JSON Resume in English and one in
Chinese), as one bilingual profile.

Entries are paired by their dates and other language-neutral values (by position where
there are none); a text that is the same in both stays plain, one that differs becomes
``{en: ..., zh: ...}``, one missing in a language becomes null there, and an entry or bullet
found in one language only is kept with ``only: [that language]``.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .reader import T, TextMap


class _Conflict(Exception):
    """Two entries paired by their dates hold values that cannot be one entry."""


@dataclass(frozen=True)
class Merger:
    first: str
    second: str

    def profile(self, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
        merged: dict[str, Any] = {"languages": [self.first, self.second]}
        for key in dict.fromkeys([*a, *b]):
            if key == "updated":  # the later of the two files' times
                merged[key] = max(value for value in (a.get(key), b.get(key)) if value)
            elif key in ("owner_names", "layout") and _plain_lists(a.get(key), b.get(key)):
                # Names, and section ids (FRESH and RenderCV give sections): each once.
                merged[key] = list(dict.fromkeys([*a.get(key, []), *b.get(key, [])]))
            elif isinstance(a.get(key, b.get(key)), list):
                merged[key] = self.entries(a.get(key, []), b.get(key, []))
            else:
                try:
                    merged[key] = self.value(a.get(key), b.get(key), key)
                except _Conflict:  # the files disagree (two themes): the first file's
                    merged[key] = a[key] if key in a else b[key]
        return merged

    def entries(self, a: list[dict[str, Any]], b: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for x, y in _align(a, b):
            if x is None or y is None:
                out.append(
                    self.only(x if y is None else y, self.first if y is None else self.second)
                )
                continue
            try:
                out.append(self.entry(x, y))
            except _Conflict:
                out.extend([self.only(x, self.first), self.only(y, self.second)])
        return out

    def only(self, entry: dict[str, Any], language: str) -> dict[str, Any]:
        return {**entry, "only": [language]}

    def entry(self, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
        return {key: self.value(a.get(key), b.get(key), key) for key in dict.fromkeys([*a, *b])}

    def value(self, a: Any, b: Any, key: str) -> Any:
        if isinstance(a, T) or isinstance(b, T):
            if a == b:
                return str(a)
            # Missing in one language: null, which shows nothing there.
            return TextMap({self.first: plain(a), self.second: plain(b)})
        if a is None or b is None:
            return a if b is None else b
        if isinstance(a, list) and isinstance(b, list):
            return self.list(a, b, key)
        if isinstance(a, dict) and isinstance(b, dict) and key != "end":
            return self.entry(a, b)
        if a != b:
            raise _Conflict(key)
        return a

    def list(self, a: list[Any], b: list[Any], key: str) -> list[Any]:
        if len(a) == len(b):
            return [self.value(x, y, key) for x, y in zip(a, b, strict=True)]
        if key in ("bullets", "items") and all(isinstance(v, T) for v in [*a, *b]):
            # Bullets cannot be paired across languages by their text: each keeps its own.
            return [{"text": str(v), "only": [self.first]} for v in a] + [
                {"text": str(v), "only": [self.second]} for v in b
            ]
        if key == "tags":
            return list(dict.fromkeys([*a, *b]))
        raise _Conflict(key)


def _plain_lists(*values: Any) -> bool:
    return all(
        value is None or (isinstance(value, list) and not any(isinstance(v, dict) for v in value))
        for value in values
    )


def plain(value: Any) -> Any:
    return str(value) if isinstance(value, T) else value


def _neutral(entry: dict[str, Any]) -> tuple[Any, ...]:
    """What an entry says in any language: its dates, years, numbers and addresses."""
    return tuple(
        (key, json.dumps(value, sort_keys=True))
        for key, value in entry.items()
        if key in ("start", "end", "date", "year", "years", "type", "abbr", "gpa", "email")
    )


def _whole(entry: dict[str, Any]) -> str:
    return json.dumps(entry, sort_keys=True, ensure_ascii=False)


def _align(
    a: list[dict[str, Any]], b: list[dict[str, Any]]
) -> list[tuple[dict[str, Any] | None, dict[str, Any] | None]]:
    """Pairs of entries that are the same thing: equal entries first, then equal dates and
    other language-neutral values, in order (and so by position where there are none)."""
    return _align_by(a, b, [_whole, _neutral])


def _align_by(
    a: list[dict[str, Any]],
    b: list[dict[str, Any]],
    keys: list[Callable[[dict[str, Any]], Any]],
) -> list[tuple[dict[str, Any] | None, dict[str, Any] | None]]:
    if not keys:
        return [(x, None) for x in a] + [(None, y) for y in b]
    key, rest = keys[0], keys[1:]
    matcher = difflib.SequenceMatcher(None, [key(x) for x in a], [key(y) for y in b], False)
    pairs: list[tuple[dict[str, Any] | None, dict[str, Any] | None]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            pairs.extend(zip(a[i1:i2], b[j1:j2], strict=True))
        else:
            pairs.extend(_align_by(a[i1:i2], b[j1:j2], rest))
    return pairs

"""Where a text the PDF should show was written: the profile's file and line.

The view keeps no trail back to the profile, and need not: a text is looked for among the
profile's own values (each with its file and line from the source map), as written and,
for a converted language (zh-TW), as converted; the longest value it holds, or that holds
it, is where it came from. A text no value holds (a section's default title, a date
written by the catalog) is named by the profile's file alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..profile.load import LoadedProfile
from ..profile.source import Position
from ..render.blocks import text_of
from .compare import comparable

Convert = Any  # language.traditional.Convert


class Locator:
    def __init__(self, profile: LoadedProfile, convert: Convert | None = None) -> None:
        self.file = profile.file
        self.values: list[tuple[str, Position]] = []
        data = profile.profile.model_dump(by_alias=True, exclude_defaults=True)
        for path, text in _strings(data, ()):
            shown = text_of(text)
            forms = {comparable(shown)}
            if convert is not None:
                forms.add(comparable(convert(shown)))
            position = profile.source.locate(path)
            self.values += [(form, position) for form in forms if len(form) >= 2]

    def __call__(self, text: str) -> str:
        wanted = comparable(text)
        best: tuple[int, Position] | None = None
        for value, position in self.values:
            if (value in wanted or wanted in value) and (best is None or len(value) > best[0]):
                best = (len(value), position)
        if best is None:
            return str(self.file)
        position = best[1]
        return f"{position.file}:{position.line}"


def _strings(data: Any, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _strings(value, (*path, index))

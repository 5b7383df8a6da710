"""Random mutations of a real-shaped file, for the importers' property tests: values
dropped, duplicated, given another type, dates garbled, the text in another encoding or cut
short. Whatever comes out, an import ends with a profile or an error a person can act on
(InputError), never another exception."""

from __future__ import annotations

import copy
import json
from typing import Any

import yaml
from hypothesis import strategies as st

ODD_TEXTS = [
    "",
    " ",
    "present",
    "Present",
    "2024-13",
    "2024-02-30",
    "2024-09-01",
    "Fall 2023",
    "2020-present",
    "1999 – 2001",
    "tel:+1 555",
    "<br />",
    "R&amp;D <b>x</b>",
    "**",
    "[a](javascript:alert(1))",
    "github.com/someone",
    "null",
    "0",
    "履歴書",
    "경력",
    "\x00",
    "%",
    "\\",
]
ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=3000),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(ODD_TEXTS),
    st.text(max_size=20),
    st.lists(st.sampled_from(ODD_TEXTS), max_size=3),
    st.dictionaries(
        st.sampled_from(["a", "name", "date", "url"]), st.sampled_from(ODD_TEXTS), max_size=2
    ),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*prefix, index)))
    return found


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


@st.composite
def mutated(draw: st.DrawFn, data: Any) -> Any:
    """``data`` with one to eight of its values dropped, retyped or duplicated."""
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(min_value=1, max_value=8))):
        # Deepest first: Hypothesis favours the first choices, and a file without its
        # top-level part (cv:, employment:) tests little.
        paths = sorted(_paths(data), key=len, reverse=True)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent, last = _parent(data, path), path[-1]
        action = draw(st.sampled_from(["drop", "retype", "retype", "duplicate", "empty"]))
        if action == "drop":
            del parent[last]
        elif action == "retype":
            parent[last] = draw(ODD_VALUES)
        elif action == "duplicate" and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        elif action == "duplicate":
            parent[f"{last}2"] = copy.deepcopy(parent[last])
        else:
            parent[last] = type(parent[last])() if isinstance(parent[last], (dict, list)) else ""
    return data


@st.composite
def written(
    draw: st.DrawFn, files: st.SearchStrategy[Any], forms: tuple[str, ...] = ("json", "yaml")
) -> tuple[str, bytes]:
    """Data drawn from ``files`` as a file's suffix and bytes: JSON or YAML, now and then
    in Latin-1 or cut short."""
    data = draw(files)
    form = draw(st.sampled_from(forms))
    if form == "json":
        text = json.dumps(data, ensure_ascii=False, indent=2, default=str)
    else:
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    encoding = draw(st.sampled_from(["utf-8", "utf-8", "utf-8", "latin-1", "cut"]))
    suffix = ".json" if form == "json" else ".yaml"
    if encoding == "latin-1":
        return suffix, text.encode("latin-1", errors="replace")
    raw = text.encode("utf-8")
    if encoding == "cut":
        raw = raw[: draw(st.integers(min_value=0, max_value=len(raw)))]
    return suffix, raw

"""Read YAML into plain data while remembering where every value was written.

We build the Python values from PyYAML's parser events ourselves, so that each path
(``("education", 0, "start")``) maps to its line and column. Doing the construction by hand
also lets us refuse aliases, deep nesting and absurd sizes before they cost memory.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import InputError
from ..text.scripts import spaceless

Path_ = tuple[str | int, ...]

MAX_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 40
_NESTING_HINT = "a profile needs a handful of levels: check the indentation"
_CHUNK = 64 * 1024

# libyaml's parser when PyYAML was built with it: the same nodes and marks, 15x faster.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# One constructor for every scalar: building a loader per value costs more than parsing.
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


@dataclass(frozen=True)
class Position:
    file: Path
    line: int  # 1-based
    column: int  # 1-based

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass
class SourceMap:
    """Where each value of a loaded document stands in its file."""

    file: Path
    positions: dict[Path_, Position] = field(default_factory=dict)
    keys: dict[Path_, Position] = field(default_factory=dict)  # where each key is written
    # Values that joined from elsewhere: a path here -> the file and path they were written at.
    origins: dict[Path_, tuple[Path, Path_]] = field(default_factory=dict)

    def graft(self, other: SourceMap, from_prefix: Path_, to_prefix: Path_) -> None:
        """Take the positions under ``from_prefix`` in ``other`` as if written at ``to_prefix``.

        Included files and bibliographies join the profile's lists; their values keep
        pointing at the file and line they were written in.
        """
        size = len(from_prefix)
        for mine, theirs in ((self.positions, other.positions), (self.keys, other.keys)):
            for path, position in theirs.items():
                if path[:size] == from_prefix:
                    mine[(*to_prefix, *path[size:])] = position
        self.origins[tuple(to_prefix)] = other.origin(from_prefix)
        for path, origin in other.origins.items():
            if path[:size] == from_prefix and len(path) > size:
                self.origins[(*to_prefix, *path[size:])] = origin

    def origin(self, path: Path_) -> tuple[Path, Path_]:
        """The file ``path`` was written in, and its path there (an included file's own)."""
        path = tuple(path)
        for size in range(len(path), 0, -1):
            if (found := self.origins.get(path[:size])) is not None:
                return found[0], (*found[1], *path[size:])
        return self.file, path

    def locate_key(self, path: Path_) -> Position:
        """Where the key of ``path`` is written (a nested mapping starts a line below it)."""
        return self.keys.get(tuple(path)) or self.locate(path)

    def locate(self, path: Path_) -> Position:
        """The position of ``path``, or of its nearest ancestor that was written in the file."""
        return self.positions.get(self.written(path), Position(self.file, 1, 1))

    def written(self, path: Path_) -> Path_:
        """``path``, or its nearest ancestor that was written in the file."""
        path = tuple(path)
        while path not in self.positions and path:
            path = path[:-1]
        return path


def format_path(path: Path_) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def load_yaml(file: Path, text: str | None = None, *, prose: bool = False) -> tuple[Any, SourceMap]:
    """Parse ``file`` into plain dicts, lists and scalars, with a map of positions.

    ``prose``: a ``|`` block is read as :func:`unwrapped` prose, so that every text of a
    profile means one thing whichever style it is written in: one line per paragraph.
    """
    if text is None:
        text = _read(file)
    source_map = SourceMap(file)
    try:
        return _build(yaml.parse(text, Loader=_LOADER), source_map, prose), source_map
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{file}:{mark.line + 1}:{mark.column + 1}" if mark else str(file)
        problem = exc.problem or exc.context or "invalid YAML"
        if "nesting depth" in problem:
            # PyYAML 6.0.4's scanner reads a flow collection ahead of its events and
            # stops at its own limit before the one below is reached: the same refusal.
            raise InputError(
                f"{where}: nesting deeper than {MAX_DEPTH} levels", _NESTING_HINT
            ) from None
        if mark and (column := _indenting_tab(text, mark.line)) is not None:
            # libyaml words a tab by what it cannot start ("found character that cannot
            # start any token"): name the tab, the one thing to change.
            raise InputError(
                f"{file}:{mark.line + 1}:{column + 1}: YAML syntax error: a tab in the "
                "indentation; YAML indents with spaces only",
                "indent with spaces (set your editor to insert spaces for Tab)",
            ) from None
        raise InputError(
            f"{where}: YAML syntax error: {problem}",
            "check the indentation, and quote values that contain ': ' "
            "or start with a special character",
        ) from None
    except yaml.YAMLError as exc:
        raise InputError(f"{file}: YAML error: {exc}") from None


def _indenting_tab(text: str, line: int) -> int | None:
    """Where a tab stands in the indentation of ``line`` (0-based), before its text or its
    list dash; None if there is none."""
    lines = text.splitlines()
    if line >= len(lines):
        return None
    indentation = re.match(r"[ \t-]*", lines[line])
    position = indentation[0].find("\t") if indentation else -1
    return position if position >= 0 else None


# libyaml's parser when PyYAML has it (as its wheels do): the same events, many times faster.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _read(file: Path) -> str:
    """The file's text, read no further than MAX_BYTES: a huge file, or a device that never
    ends, is refused without being loaded into memory."""
    try:
        with file.open("rb") as handle:
            chunks, size = [], 0
            while size <= MAX_BYTES and (chunk := handle.read(_CHUNK)):
                chunks.append(chunk)
                size += len(chunk)
    except FileNotFoundError:
        raise InputError(
            f"{file}: no such file", "check the path, or create one with `cvtex new`"
        ) from None
    except IsADirectoryError:
        raise InputError(f"{file}: is a folder, not a YAML file") from None
    except PermissionError:
        raise InputError(f"{file}: no permission to read it", "check its permissions") from None
    if size > MAX_BYTES:
        raise InputError(
            f"{file}: the file is larger than {MAX_BYTES // 1024} KiB, the most cvtex reads",
            "a CV profile is a few dozen KiB: remove what is not CV content",
        )
    data = b"".join(chunks)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(
            f"{file}:{line}: not UTF-8 text (byte {exc.start})", "save the file as UTF-8"
        ) from None


@dataclass
class _Open:
    """A mapping or sequence whose end event has not come yet."""

    value: dict[str, Any] | list[Any]
    path: Path_
    key: str | None = None  # in a mapping: the key whose value comes next


def unwrapped(block: str) -> str:
    """A literal block's text as paragraphs, one per line: a blank line separates them, and
    the lines between are joined, by a space, or by nothing between two Chinese or Japanese
    characters. Folded (``>``) and plain scalars come out of YAML this way already; a
    literal block would otherwise end a paragraph at each line it was wrapped at."""
    paragraphs: list[str] = []
    for chunk in _BLANK_LINES.split(block.strip()):
        joined = ""
        for line in chunk.splitlines():
            line = line.strip()
            if joined and line:
                joined += "" if spaceless(joined[-1], line[0]) else " "
            joined += line
        paragraphs.append(joined)
    return "\n".join(paragraphs)


_BLANK_LINES = re.compile(r"\n[ \t]*\n\s*")


def _build(events: Iterable[yaml.Event], smap: SourceMap, prose: bool = False) -> Any:
    """Plain values from the parser's events, recording where each one starts.

    Built from events with a stack rather than from PyYAML's node tree: its composer
    recurses, so a deeply nested document would exhaust Python's stack (and crash libyaml's),
    and it resolves aliases into shared nodes before we could refuse them.
    """
    stack: list[_Open] = []
    root: Any = None
    documents = 0
    for event in events:
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise InputError(
                    f"{_at(smap, event)}: a second YAML document (after ---)",
                    "a profile is one document: remove the --- line, or merge the two",
                )
            continue
        if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            done = stack.pop()
            if stack:
                _attach(stack[-1], done.value)
            else:
                root = done.value
            continue
        if not isinstance(event, (yaml.NodeEvent, yaml.CollectionStartEvent)):
            continue  # stream start and end, document end
        if isinstance(event, yaml.AliasEvent):
            # Refusing aliases refuses "billion laughs" documents before anything is built.
            raise InputError(
                f"{_at(smap, event)}: YAML aliases (*{event.anchor}) are not supported in profiles",
                "write the value out where it is used",
            )
        parent = stack[-1] if stack else None
        if parent is not None and isinstance(parent.value, dict) and parent.key is None:
            parent.key = _key(event, parent, smap)
            continue
        path: Path_ = _child_path(parent) if parent else ()
        smap.positions[path] = Position(
            smap.file, event.start_mark.line + 1, event.start_mark.column + 1
        )
        if isinstance(event, yaml.ScalarEvent):
            value = scalar_value(event)
            if prose and event.style == "|" and isinstance(value, str):
                value = unwrapped(value)
            if parent is None:
                root = value
            else:
                _attach(parent, value)
            continue
        if len(stack) >= MAX_DEPTH:
            raise InputError(
                f"{_at(smap, event)}: nesting deeper than {MAX_DEPTH} levels", _NESTING_HINT
            )
        container: dict[str, Any] | list[Any] = (
            {} if isinstance(event, yaml.MappingStartEvent) else []
        )
        stack.append(_Open(container, path))
    return root


def _at(smap: SourceMap, event: yaml.Event) -> Position:
    return Position(smap.file, event.start_mark.line + 1, event.start_mark.column + 1)


def _child_path(parent: _Open) -> Path_:
    if isinstance(parent.value, dict):
        return (*parent.path, parent.key or "")
    return (*parent.path, len(parent.value))


def _attach(parent: _Open, value: Any) -> None:
    if isinstance(parent.value, dict):
        parent.value[parent.key or ""] = value
        parent.key = None
    else:
        parent.value.append(value)


def _key(event: yaml.Event, parent: _Open, smap: SourceMap) -> str:
    where = _at(smap, event)
    if not isinstance(event, yaml.ScalarEvent):
        raise InputError(f"{where}: a key must be a word, not a list or a mapping")
    if _tag(event) == "tag:yaml.org,2002:merge":
        raise InputError(f"{where}: YAML merge keys (<<) are not supported", "write the keys out")
    key = scalar_value(event)
    if not isinstance(key, (str, int)) or isinstance(key, bool):
        raise InputError(f"{where}: a key must be a word, not {key!r}")
    key = str(key)
    assert isinstance(parent.value, dict)
    if key in parent.value:
        raise InputError(f"{where}: the key {key!r} appears twice in {format_path(parent.path)}")
    smap.keys[(*parent.path, key)] = where
    return key


_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


def _tag(event: yaml.ScalarEvent) -> str:
    if event.tag not in (None, "!"):
        return event.tag
    return _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit)


def scalar_value(event: yaml.ScalarEvent) -> Any:
    """A scalar as cvtex reads it: the YAML 1.1 core types, dates as the text written."""
    tag = _tag(event)
    # Only the YAML 1.1 core types; dates stay strings so that "2020-09" is ours to parse.
    if tag == "tag:yaml.org,2002:timestamp":
        return event.value
    constructor = yaml.SafeLoader.yaml_constructors.get(tag)
    if constructor is None or tag.startswith("!"):
        return event.value
    node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    return constructor(_CONSTRUCTOR, node)

"""Read YAML into plain data while remembering where every value was written.

PyYAML's composer gives a node tree with positions; we build the Python values from it
ourselves so that each path (``("education", 0, "start")``) maps to its line and column.
Doing the construction by hand also lets us refuse aliases, tags and absurd sizes before
they cost memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import InputError

Path_ = tuple[str | int, ...]

MAX_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 40

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

    def locate(self, path: Path_) -> Position:
        """The position of ``path``, or of its nearest ancestor that was written in the file."""
        path = tuple(path)
        while path not in self.positions and path:
            path = path[:-1]
        return self.positions.get(path, Position(self.file, 1, 1))


def format_path(path: Path_) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def load_yaml(file: Path, text: str | None = None) -> tuple[Any, SourceMap]:
    """Parse ``file`` into plain dicts, lists and scalars, with a map of positions."""
    if text is None:
        try:
            if file.stat().st_size > MAX_BYTES:
                raise InputError(
                    f"{file}: the file is {file.stat().st_size // 1024} KiB; "
                    f"cvtex reads at most {MAX_BYTES // 1024} KiB",
                    "split it with include: or remove what is not CV content",
                )
            text = file.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise InputError(
                f"{file}: no such file", "check the path, or create one with `cvtex new`"
            ) from None
        except IsADirectoryError:
            raise InputError(f"{file}: is a folder, not a YAML file") from None
        except UnicodeDecodeError as exc:
            raise InputError(
                f"{file}: not UTF-8 text (byte {exc.start})", "save the file as UTF-8"
            ) from None
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{file}:{mark.line + 1}:{mark.column + 1}" if mark else str(file)
        problem = exc.problem or exc.context or "invalid YAML"
        raise InputError(
            f"{where}: YAML syntax error: {problem}",
            "check the indentation, and quote values that contain ': ' "
            "or start with a special character",
        ) from None
    except yaml.YAMLError as exc:
        raise InputError(f"{file}: YAML error: {exc}") from None
    source_map = SourceMap(file)
    if node is None:
        return None, source_map
    return _build(node, (), source_map, 0, set()), source_map


def _build(node: yaml.Node, path: Path_, smap: SourceMap, depth: int, seen: set[int]) -> Any:
    smap.positions[path] = Position(smap.file, node.start_mark.line + 1, node.start_mark.column + 1)
    if depth > MAX_DEPTH:
        raise InputError(f"{smap.locate(path)}: nesting deeper than {MAX_DEPTH} levels")
    if id(node) in seen:
        # The composer hands back the anchored node itself for each alias, so a node met
        # twice is an alias: refusing them also refuses "billion laughs" documents.
        raise InputError(
            f"{smap.locate(path)}: YAML aliases (*name) are not supported in profiles",
            "write the value out, or move shared content to a file and use include:",
        )
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise InputError(f"{smap.locate(path)}: YAML merge keys (<<) are not supported")
            key = _scalar(key_node)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise InputError(
                    f"{smap.file}:{key_node.start_mark.line + 1}: a key must be a word, not {key!r}"
                )
            key = str(key)
            if key in result:
                raise InputError(
                    f"{smap.file}:{key_node.start_mark.line + 1}: "
                    f"the key {key!r} appears twice in {format_path(path)}"
                )
            result[key] = _build(value_node, (*path, key), smap, depth + 1, seen)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [
            _build(item, (*path, i), smap, depth + 1, seen) for i, item in enumerate(node.value)
        ]
    return _scalar(node)


def _scalar(node: yaml.Node) -> Any:
    if not isinstance(node, yaml.ScalarNode):
        return None
    # Only the YAML 1.1 core types; dates stay strings so that "2020-09" is ours to parse.
    if node.tag == "tag:yaml.org,2002:timestamp":
        return node.value
    constructor = yaml.SafeLoader.yaml_constructors.get(node.tag)
    if constructor is None or node.tag.startswith("!"):
        return node.value
    return constructor(_CONSTRUCTOR, node)

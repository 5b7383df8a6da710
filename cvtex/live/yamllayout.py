"""Where each value of a YAML text is written, and its data: read whole, or read again only
where a change was made.

PyYAML's events carry where each value starts and ends; :func:`read` keeps those places
(a :class:`Layout`) with the data, as cvtex reads it (dates as written). yamltext changes
the text at those places and checks each change by reading the new text back.

Reading a long profile whole takes a while (a 1.5 MB profile of 4,688 publications: half
a second of processor time), and every change is read back. So a changed text is read
again only around the change, where that is provably the same as reading it whole
(:func:`reread`): the entry of a block list or mapping that holds the change, on lines of
its own, is read as a document by itself; the rest of the text is the same, so is its data,
and its places only move by what the change added. Otherwise it is read whole. The last
texts read are remembered, so that the text a change was checked on is not read again by
the next change.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import yaml

from ..errors import InputError
from ..profile.source import format_path, scalar_value

Key = str | int
Path_ = tuple[Key, ...]

PARSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
RECENT = 4  # layouts remembered: the file's, a change's, and the one being checked
_LINKS = 16  # changes whose nodes are moved when asked for, before they are moved once for all


class CannotWrite(InputError):
    """A change that cannot be made in place without touching other values."""


@dataclass(slots=True)
class Node:
    """Where one value of the document is written."""

    kind: str  # "scalar", "map" or "seq"
    style: str  # scalars: "" (plain), "'", '"', "|", ">"; collections: "flow" or "block"
    start: int  # its first character
    end: int  # just after its last character (a block scalar: its trailing newline too)
    content_end: int = 0  # after its last character that is not white space
    key_start: int | None = None  # in a mapping: its key
    key_end: int | None = None
    colon_end: int | None = None  # in a mapping: just after the colon that follows the key
    dash: int | None = None  # in a block sequence: its "-"
    children: list[Key] = field(default_factory=list)

    @property
    def entry_start(self) -> int:
        """Where the entry starts: its key, its dash, or the value itself."""
        if self.key_start is not None:
            return self.key_start
        return self.dash if self.dash is not None else self.start

    @property
    def entry_end(self) -> int:
        """After the entry's last character: a null written as nothing ends at its key."""
        return max(self.content_end, self.key_end or 0)

    @property
    def inline(self) -> bool:
        return self.style not in ("block", "|", ">")

    def moved(self, by: int) -> Node:
        """The same node, ``by`` characters further on (its children are not copied: a
        node's list of children never changes once read)."""
        return Node(
            self.kind,
            self.style,
            self.start + by,
            self.end + by,
            self.content_end + by,
            None if self.key_start is None else self.key_start + by,
            None if self.key_end is None else self.key_end + by,
            None if self.colon_end is None else self.colon_end + by,
            None if self.dash is None else self.dash + by,
            self.children,
        )


@dataclass
class Layout:
    """The document's data (dates as written, as cvtex reads them) and where each value is.

    Layouts are shared (see read): neither their data nor their nodes are changed once
    made; a change makes a new text, and its own layout."""

    text: str
    data: Any
    nodes: Mapping[Path_, Node]
    indents: Any = field(default=None, repr=False, compare=False)  # yamltext's, once worked out

    def node(self, path: Path_) -> Node:
        try:
            return self.nodes[tuple(path)]
        except KeyError:
            raise CannotWrite(f"no value at {shown(path)} in the file") from None


_lock = threading.Lock()
_recent: OrderedDict[str, Layout] = OrderedDict()


def read(text: str) -> Layout:
    """The document's data and the place of every value in ``text``."""
    with _lock:
        known = _recent.get(text)
        if known is not None:
            _recent.move_to_end(text)
            return known
    return _remembered(read_whole(text))


def _remembered(layout: Layout) -> Layout:
    with _lock:
        _recent[layout.text] = layout
        _recent.move_to_end(layout.text)
        while len(_recent) > RECENT:
            _recent.popitem(last=False)
    return layout


def read_whole(text: str) -> Layout:
    """``text`` read whole, not remembered (what read and reread must give)."""
    nodes: dict[Path_, Node] = {}
    try:
        data = _walk(yaml.parse(text, Loader=PARSER), text, nodes)
    except (yaml.YAMLError, ValueError) as exc:  # ValueError: a key with no colon after it
        raise InputError(f"the file is not YAML cvtex can edit: {exc}") from None
    return Layout(text, data, nodes)


# --- a text read again where it changed --------------------------------------------------------


def reread(layout: Layout, text: str) -> Layout:
    """The layout of ``text``, a change of ``layout.text``: what read(text) gives, reading
    again only the entry around the change when that gives the same (see _entry_around)."""
    with _lock:
        known = _recent.get(text)
    if known is not None:
        return read(text)
    start, old_end, new_end = changed_span(layout.text, text)
    around = _entry_around(layout, start, old_end)
    if around is None:
        return read(text)
    path, line_start, after = around
    by = new_end - old_end
    try:
        part = read_whole(text[line_start : after + by])
    except InputError:
        return read(text)  # which says why, as reading it whole would
    entry = _one_entry(part, path, layout.nodes[path].entry_start - line_start)
    if entry is None:
        return read(text)
    fresh = {(*path, *at[1:]): node.moved(line_start) for at, node in part.nodes.items() if at}
    nodes = _Moved(layout.nodes, path, fresh, after, new_end - old_end)
    # Where the entry's holders end: as before, moved, if something after the entry ends
    # them; else where the entry (or the holder below, which holds it) now ends.
    below = fresh[path]
    for size in range(len(path) - 1, -1, -1):
        holder = nodes[path[:size]].moved(0)
        if holder.end >= after:
            holder.end += by
        else:
            holder.end = below.entry_end
        holder.content_end = holder.end
        fresh[path[:size]] = below = holder
    flat = nodes if nodes.links < _LINKS else dict(nodes.items())
    return _remembered(Layout(text, _replaced(layout.data, path, entry), flat))


class _Moved(Mapping[Path_, Node]):
    """The nodes of a text changed inside one entry: the entry's (and its holders') read
    again, every other the text before's, moved by what the change added where it comes
    after the change. Moved when asked for: a long profile has tens of thousands of nodes,
    and a change asks for a handful."""

    def __init__(
        self,
        before: Mapping[Path_, Node],
        entry: Path_,
        fresh: dict[Path_, Node],
        after: int,
        by: int,
    ) -> None:
        self._before = before
        self._entry = entry
        self._fresh = fresh
        self._after = after
        self._by = by
        self.links = before.links + 1 if isinstance(before, _Moved) else 1

    def __getitem__(self, path: Path_) -> Node:
        node = self._fresh.get(path)
        if node is not None:
            return node
        if path[: len(self._entry)] == self._entry:
            raise KeyError(path)  # the entry's value as it was: gone
        node = self._before[path]
        return node.moved(self._by) if self._by and node.start >= self._after else node

    def __iter__(self) -> Iterator[Path_]:
        yield from self._fresh
        depth = len(self._entry)
        for path in self._before:
            if path[:depth] != self._entry and path not in self._fresh:
                yield path

    def __len__(self) -> int:
        return sum(1 for _ in self)


def changed_span(old: str, new: str) -> tuple[int, int, int]:
    """Where ``new`` differs from ``old``: the start, and the end in each."""
    limit = min(len(old), len(new))
    start = _common(old, new, limit, lambda size: old[:size] == new[:size])
    limit -= start
    tail = _common(old, new, limit, lambda size: old[len(old) - size :] == new[len(new) - size :])
    return start, len(old) - tail, len(new) - tail


def _common(old: str, new: str, limit: int, same: Any) -> int:
    """The largest size up to ``limit`` for which ``same(size)`` holds (it holds for all
    sizes below one that holds): by halves, each comparison made in C."""
    low, high = 0, limit
    while low < high:
        middle = (low + high + 1) // 2
        if same(middle):
            low = middle
        else:
            high = middle - 1
    return low


def _entry_around(layout: Layout, start: int, end: int) -> tuple[Path_, int, int] | None:
    """The deepest entry of a block list or mapping whose lines hold the change between
    ``start`` and ``end``: its path, where its first line starts, and where the line that
    ends it starts (past the blank and comment lines after it). None if there is none.

    Such an entry starts a line of its own (spaces, then its dash or its key) and is ended
    by the next line written left of it or at its column. Read as a document by itself,
    it is read as it is read in its place: what comes before it is the same text, so it
    leaves the parser in the same state, and its end is decided by that same next line or
    by the text's end, which ends it alike (a quote or bracket left open fails there, where
    in place it would have run on into the lines below). The change must leave its first
    line as far as its value (indentation, dash or key and colon) as it was; _one_entry
    then checks that the new text still reads as one such entry."""
    text = layout.text
    holder: Path_ = ()
    found = None
    while True:
        node = layout.nodes[holder]
        if node.kind == "scalar" or node.style != "block" or not node.children:
            return found
        inside = None
        for child in _children_near(layout, holder, node, start):
            if node.kind == "map" and node.children.count(child) > 1:
                return found  # read whole, the later of the two wins
            entry = layout.nodes[(*holder, child)]
            first_line = text.rfind("\n", 0, entry.entry_start) + 1
            if text[first_line : entry.entry_start].strip(" "):
                return found  # "- key: ..." on its item's dash line: the item is the entry
            value_start = entry.colon_end if entry.dash is None else entry.dash + 1
            if value_start is None or start < value_start:
                continue
            after = _ending_line(text, entry, first_line)
            if after is not None and end <= after:
                inside = (child, first_line, after)
                break
        if inside is None:
            return found
        child, first_line, after = inside
        holder = (*holder, child)
        found = (holder, first_line, after)


def _children_near(layout: Layout, holder: Path_, node: Node, start: int) -> list[Key]:
    """The children that may hold ``start``: the last one starting before it (found by
    halves: a list may have thousands), and the next."""
    children = node.children
    low, high = 0, len(children) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if layout.nodes[(*holder, children[middle])].entry_start <= start:
            low = middle
        else:
            high = middle - 1
    return children[low : low + 2]


def _ending_line(text: str, entry: Node, first_line: int) -> int | None:
    """The start of the first line after the entry that is neither blank nor a comment
    (the text's end if there is none); None if that line is written right of the entry's
    column (it would be the entry's own: not a text this module read)."""
    column = entry.entry_start - first_line
    at = text.find("\n", max(entry.entry_end - 1, entry.entry_start))
    while at >= 0:
        line_start = at + 1
        at = text.find("\n", line_start)
        line = text[line_start : len(text) if at < 0 else at]
        stripped = line.lstrip(" ")
        if stripped and not stripped.startswith("#"):
            return line_start if len(line) - len(stripped) <= column else None
    return len(text)


def _one_entry(part: Layout, path: Path_, column: int) -> list[Any] | None:
    """``[value]`` of the one entry ``part`` holds, if it is the entry at ``path`` (a list's
    item, or a mapping's key) at ``column`` of its first line; else None."""
    root = part.nodes.get(())
    if root is None or root.style != "block" or len(root.children) != 1:
        return None
    (child,) = root.children
    entry = part.nodes[(child,)]
    if isinstance(path[-1], int):
        if root.kind != "seq" or entry.dash is None or entry.dash != column:
            return None
        return [part.data[0]]
    if root.kind != "map" or child != path[-1] or entry.key_start != column:
        return None
    return [part.data[child]]


def _replaced(data: Any, path: Path_, entry: list[Any]) -> Any:
    """``data`` with the value at ``path`` replaced by ``entry[0]``: the containers on the
    way copied, every other value shared."""
    (value,) = entry
    if not path:
        return value
    copy: Any = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = _replaced(data[path[0]], path[1:], entry)
    return copy


def shown(path: Path_) -> str:
    """A path as messages name it: ``education[0].start``."""
    return format_path(path) if path else "the document"


# --- reading events --------------------------------------------------------------------------


@dataclass
class _Open:
    node: Node
    path: Path_
    value: dict[str, Any] | list[Any]
    key: tuple[str, int, int] | None = None  # a mapping's key waiting for its value


def _walk(events: Iterator[yaml.Event], text: str, nodes: dict[Path_, Node]) -> Any:
    stack: list[_Open] = []
    root: Any = None
    for event in events:
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise InputError("the editor does not edit files with YAML anchors or aliases")
        if isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            done = stack.pop()
            node = done.node
            if node.style == "flow":
                node.end = node.content_end = event.end_mark.index
            else:
                node.end = node.content_end = max(
                    (nodes[(*done.path, child)].entry_end for child in node.children),
                    default=node.start,
                )
            if stack:
                _attach(stack[-1], done.value)
            else:
                root = done.value
            continue
        if not isinstance(event, yaml.ScalarEvent | yaml.CollectionStartEvent):
            continue
        parent = stack[-1] if stack else None
        if parent is not None and isinstance(parent.value, dict) and parent.key is None:
            if not isinstance(event, yaml.ScalarEvent):
                raise InputError("the editor edits files whose keys are words")
            parent.key = (str(scalar_value(event)), event.start_mark.index, event.end_mark.index)
            continue
        start = event.start_mark.index
        if isinstance(event, yaml.ScalarEvent):
            style = event.style or ""
            node = Node("scalar", style, start, event.end_mark.index)
            node.content_end = (
                start + len(text[start : node.end].rstrip())
                if style in "|>" and style
                else node.end
            )
        else:
            kind = "map" if isinstance(event, yaml.MappingStartEvent) else "seq"
            node = Node(kind, "flow" if event.flow_style else "block", start, start)
        path: Path_ = ()
        if parent is not None:
            if isinstance(parent.value, dict):
                assert parent.key is not None
                name, key_start, key_end = parent.key
                node.key_start, node.key_end = key_start, key_end
                node.colon_end = text.index(":", key_end) + 1
                path = (*parent.path, name)
                parent.node.children.append(name)
            else:
                path = (*parent.path, len(parent.value))
                parent.node.children.append(len(parent.value))
                if parent.node.style == "block":
                    node.dash = _dash_before(text, start)
        nodes[path] = node
        if isinstance(event, yaml.ScalarEvent):
            value = scalar_value(event)
            if parent is None:
                root = value
            else:
                _attach(parent, value)
        else:
            stack.append(_Open(node, path, {} if node.kind == "map" else []))
    return root


def _attach(parent: _Open, value: Any) -> None:
    if isinstance(parent.value, dict):
        assert parent.key is not None
        parent.value[parent.key[0]] = value
        parent.key = None
    else:
        parent.value.append(value)


def _dash_before(text: str, start: int) -> int:
    at = start - 1
    while at >= 0 and text[at] in " \t\r\n":
        at -= 1
    if at < 0 or text[at] != "-":
        raise InputError("the editor cannot find where a list item starts (a comment after '-'?)")
    return at

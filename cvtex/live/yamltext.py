"""A YAML file changed in place, one value at a time, the rest of its text kept byte for byte.

Each change is made on the text itself, where the parser says the value starts and ends
(PyYAML's events carry both marks), rather than by loading the file and dumping it again:
a dump gives the comment between two entries to the wrong one, and rewrites whatever it
does not reproduce exactly. So a changed value rewrites its own lines only; comments, key
order, quoting, flow style and blank lines stay as they were written. New values are
written in the file's own indentation, a text by language as ``{en: ..., zh: ...}``.

Every change is checked by reading the new text back: it must hold the old data with
exactly that change, or nothing is written (:class:`CannotWrite`).
"""

from __future__ import annotations

import bisect
import datetime as dt
import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

import yaml

from ..errors import InputError
from .yamllayout import PARSER, CannotWrite, Key, Layout, Node, Path_, read, reread, shown

_LANGUAGE_KEY = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")
INLINE_TEXTS = 100  # a text by language up to this long is written on one line: {en: .., zh: ..}
INLINE_LISTS = 80  # a list of short values up to this long: [a, b]


# --- the changes ---------------------------------------------------------------------------


def set_value(text: str, path: Path_, value: Any, order: list[str] | None = None) -> str:
    """``value`` at ``path``: the value there replaced, or a new key of its mapping, put
    after the keys that come before it in ``order`` (the schema's order of keys)."""
    layout = read(text)
    path = tuple(path)
    if not path:
        raise CannotWrite("the editor changes values inside the document, not all of it")
    if path not in layout.nodes and len(path) > 1 and _at(layout.data, path[:-1]) is None:
        return set_value(text, path[:-1], {path[-1]: value})  # a mapping written as nothing yet
    expected = _with(layout.data, path, lambda parent, key: _put(parent, key, value, order))
    if path in layout.nodes:
        new = _Writer(layout).replace(path, value)
    else:
        new = _Writer(layout).add_key(path, value, order)
    return _checked(layout, new, expected, path)


def delete(text: str, path: Path_) -> str:
    """The key or the list item at ``path`` taken out, with the lines it was written on."""
    layout = read(text)
    path = tuple(path)
    layout.node(path)
    expected = _with(layout.data, path, _remove)
    return _checked(layout, _Writer(layout).delete(path), expected, path)


def insert(text: str, path: Path_, index: int, value: Any) -> str:
    """``value`` inserted into the list at ``path`` as its item ``index``."""
    layout = read(text)
    path = tuple(path)
    target = _at(layout.data, path)
    if not isinstance(target, list):
        raise CannotWrite(f"{shown(path)} is not a list")
    index = max(0, min(index, len(target)))
    expected = _with(layout.data, path, lambda parent, key: parent[key].insert(index, value))
    return _checked(layout, _Writer(layout).insert(path, index, value), expected, path)


def move(text: str, path: Path_, source: int, target: int) -> str:
    """The list item ``source`` of the list at ``path`` moved to be its item ``target``."""
    layout = read(text)
    path = tuple(path)
    items = _at(layout.data, path)
    if not isinstance(items, list) or not (0 <= source < len(items) and 0 <= target < len(items)):
        raise CannotWrite(f"{shown(path)} has no item {source} to move to {target}")
    if source == target:
        return text

    def moved(parent: Any, key: Key) -> None:
        parent[key].insert(target, parent[key].pop(source))

    expected = _with(layout.data, path, moved)
    return _checked(layout, _Writer(layout).move(path, source, target), expected, path)


def rename(text: str, path: Path_, new_key: str) -> str:
    """The key at ``path`` renamed, where it stands."""
    layout = read(text)
    path = tuple(path)
    node = layout.node(path)
    parent = _at(layout.data, path[:-1])
    if node.key_start is None or not isinstance(parent, dict):
        raise CannotWrite(f"{shown(path)} is not a key")
    if new_key in parent and new_key != path[-1]:
        raise CannotWrite(f"{shown(path[:-1])} has a key {new_key!r} already")

    expected = _with(layout.data, path[:-1], lambda parent, key: None)
    container = _at(expected, path[:-1])
    items = [(new_key if name == path[-1] else name, item) for name, item in container.items()]
    container.clear()
    container.update(items)
    assert node.key_end is not None
    new = text[: node.key_start] + _key_text(new_key) + text[node.key_end :]
    return _checked(layout, new, expected, path)


def written_as(text: str, path: Path_, earlier: Layout) -> str:
    """``text`` with the value at ``path`` written as ``earlier`` wrote it (its quotes, the
    comment on its line and above it), where both hold that very value: putting a value
    back, or undoing its change, gives back the bytes it had. ``text`` as it is otherwise."""
    try:
        now, then = read(text), earlier
        node, old = now.nodes.get(tuple(path)), then.nodes.get(tuple(path))
        if node is None or old is None:
            return text
        if not same(_at(now.data, path), _at(then.data, path)):
            return text
    except InputError:
        return text
    before = then.text
    # Its whole lines first (a comment above it or after it comes back too), else the
    # value alone (an item of a flow mapping shares its line with others).
    now_lines, old_lines = _Writer(now)._extent(node), _Writer(then)._extent(old)
    # With the blank lines above it: entries written a blank line apart stay so.
    now_lines = (_blank_lines_above(text, now_lines[0]), now_lines[1])
    old_lines = (_blank_lines_above(before, old_lines[0]), old_lines[1])
    for (start, end), (old_start, old_end) in (
        (now_lines, old_lines),
        ((node.start, node.end), (old.start, old.end)),
    ):
        candidate = text[:start] + before[old_start:old_end] + text[end:]
        if candidate == text:
            return text
        try:
            if same(reread(now, candidate).data, now.data):
                return candidate
        except InputError:
            continue
    return text


# --- the expected data ---------------------------------------------------------------------


def _at(data: Any, path: Path_) -> Any:
    for key in path:
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            raise CannotWrite(f"no value at {shown(path)} in the file") from None
    return data


def _with(data: Any, path: Path_, change: Any) -> Any:
    """``data`` with ``change(parent, key)`` applied at ``path``: the containers on the
    path copied (the value at its end too, which a change may change in place), every other
    value shared with ``data``."""
    copy = _copied(data)
    if not path:
        return copy
    _at(data, path[:-1])  # a missing parent named as such
    parent = copy
    for key in path[:-1]:
        child = _copied(parent[key])
        parent[key] = child
        parent = child
    key = path[-1]
    if isinstance(parent, dict):
        present = key in parent
    else:
        present = (
            isinstance(parent, list) and isinstance(key, int) and -len(parent) <= key < len(parent)
        )
    if present:
        parent[key] = _copied(parent[key])
    change(parent, key)
    return copy


def _copied(value: Any) -> Any:
    if isinstance(value, dict):
        return dict(value)
    return list(value) if isinstance(value, list) else value


def _put(parent: Any, key: Key, value: Any, order: list[str] | None) -> None:
    if isinstance(parent, list) or (isinstance(parent, dict) and key in parent):
        parent[key] = value
        return
    if not isinstance(parent, dict):
        raise CannotWrite("a new key goes into a mapping")
    keys = list(parent)
    position = _position(keys, str(key), order)
    items = list(parent.items())
    items.insert(position, (key, value))
    parent.clear()
    parent.update(items)


def _position(keys: list[str], key: str, order: list[str] | None) -> int:
    """Where a new key goes among ``keys``: after the last that ``order`` puts before it."""
    if not order or key not in order:
        return len(keys)
    before = set(order[: order.index(key)])
    position = 0
    for index, existing in enumerate(keys):
        if existing in before:
            position = index + 1
    return position


def _remove(parent: Any, key: Key) -> None:
    del parent[key]


def same(one: Any, other: Any) -> bool:
    """Whether two values are the same data: the same types (1 is not 1.0 nor True), keys
    in the same order. A value shared by both is the same without a look inside: a change
    copies only what is on its path, so comparing its data with the data before is quick."""
    if one is other:
        return True
    if type(one) is not type(other):
        return False
    if isinstance(one, dict):
        return len(one) == len(other) and all(
            key == other_key and same(item, other_item)
            for (key, item), (other_key, other_item) in zip(one.items(), other.items(), strict=True)
        )
    if isinstance(one, list):
        return len(one) == len(other) and all(
            same(item, other_item) for item, other_item in zip(one, other, strict=True)
        )
    return bool(one == other)


def _checked(layout: Layout, new: str, expected: Any, path: Path_) -> str:
    """``new`` (a change of ``layout``'s text), if it reads back as ``expected``."""
    try:
        got = reread(layout, new).data
    except InputError:
        got = None
    if not same(got, expected):
        raise CannotWrite(
            f"{shown(path)}: this change cannot be written without touching other lines",
            "make it in a text editor; the file was not changed",
        )
    return new


# --- writing new values ----------------------------------------------------------------------


@dataclass(frozen=True)
class Indents:
    """The file's own indentation, so that new values are written as the rest are."""

    mapping: int = 2  # a nested mapping's keys, past its parent key
    sequence: int = 2  # a list's dashes, past the key that holds it
    item: int = 2  # a mapping in a list: its keys, past the dash


def indents_of(layout: Layout) -> Indents:
    mapping: Counter[int] = Counter()
    sequence: Counter[int] = Counter()
    item: Counter[int] = Counter()
    text = layout.text
    for path, node in layout.nodes.items():
        if node.style != "block" or not path:
            continue
        first = layout.nodes[(*path, node.children[0])] if node.children else None
        if first is None:
            continue
        if node.key_start is not None:
            holder = _column(text, node.key_start)
            if node.kind == "map" and first.key_start is not None:
                mapping[_column(text, first.key_start) - holder] += 1
            elif node.kind == "seq" and first.dash is not None:
                sequence[_column(text, first.dash) - holder] += 1
        if node.kind == "seq":
            for child in node.children:
                entry = layout.nodes[(*path, child)]
                if entry.kind == "map" and entry.style == "block" and entry.dash is not None:
                    item[entry.start - entry.dash] += 1

    def commonest(counts: Counter[int], default: int) -> int:
        positive = [(count, step) for step, count in counts.items() if step >= 0]
        return max(positive)[1] if positive else default

    return Indents(
        max(1, commonest(mapping, 2)), commonest(sequence, 2), max(2, commonest(item, 2))
    )


def _blank_lines_above(text: str, line_start: int) -> int:
    at = line_start
    while at > 0 and _is_blank_line(text, at - 1, before=True):
        at = _line_start(text, at - 1)
    return at


def _column(text: str, index: int) -> int:
    return index - _line_start(text, index)


def _line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def _line_after(text: str, index: int) -> int:
    """Just after the newline that ends the line holding ``index`` (or the text's end)."""
    found = text.find("\n", index)
    return len(text) if found < 0 else found + 1


def _parses_as(snippet: str, value: Any, flow: bool) -> bool:
    """Whether ``snippet`` reads back as ``value`` where it goes, by libyaml and by
    PyYAML's own parser alike (they differ on some plain scalars in flow collections)."""
    documents = [f"[{snippet}]", f"{{k: {snippet}}}"] if flow else [f"k: {snippet}\n"]
    for document in documents:
        for loader in {PARSER, yaml.SafeLoader}:
            try:
                data = yaml.load(document, Loader=loader)
            except yaml.YAMLError:
                return False
            got = data[0] if isinstance(data, list) and data else None
            if isinstance(data, dict):
                got = data.get("k")
            if isinstance(got, dt.date | dt.datetime) and isinstance(value, str):
                # cvtex reads a date as it is written (profile/source.py)
                got = snippet if snippet == value else got
            if not same(got, value):
                return False
    return True


def _double_quoted(value: str) -> str:
    # JSON's escapes are all YAML double-quoted escapes; non-ASCII stays as written.
    return json.dumps(value, ensure_ascii=False)


def scalar_text(value: Any, flow: bool, style: str = "") -> str:
    """A scalar as one line of YAML, in ``style`` if it can be read back the same (plain,
    single or double quotes), else double-quoted."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if not isinstance(value, str):
        raise CannotWrite(f"cannot write {value!r} in YAML")
    candidates = []
    if style == "'" and "\n" not in value:
        candidates.append("'" + value.replace("'", "''") + "'")
    if style in ("", "|", ">") and value and "\n" not in value:
        candidates.append(value)
    for candidate in candidates:
        if _parses_as(candidate, value, flow):
            return candidate
    return _double_quoted(value)


def _block_scalar(value: str, indent: int, style: str = "|") -> str | None:
    """A multi-line text as a block scalar (``|`` or ``>``) at ``indent``, or None."""
    if not value.strip() or value[0] in " \t" or "\t" in value or "\r" in value:
        return None
    body = value[:-1] if value.endswith("\n") else value
    chomp = "" if value.endswith("\n") and not value.endswith("\n\n") else "-"
    if value.endswith("\n\n"):
        chomp, body = "+", value.rstrip("\n")
    lines = body.split("\n")
    if style == ">":
        if any(line[:1] in (" ", "\t") for line in lines):
            return None
        lines = "\n\n".join(lines).split("\n")
    pad = " " * indent
    rendered = style + chomp + "".join(f"\n{pad}{line}" if line else "\n" for line in lines)
    if chomp == "+":
        rendered += "\n" * (len(value) - len(value.rstrip("\n")) - 1)
    return rendered


def _is_text_by_language(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and bool(value)
        and all(_LANGUAGE_KEY.match(key) for key in value)
        and all(item is None or isinstance(item, str) for item in value.values())
    )


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _key_text(key: str) -> str:
    return scalar_text(str(key), flow=True)


def inline_text(value: Any, flow: bool) -> str | None:
    """``value`` on one line (a scalar, or a flow collection for short texts by language and
    short lists), or None where it is written as a block. In a flow collection, always."""
    if _is_scalar(value):
        if isinstance(value, str) and "\n" in value and not flow:
            return None
        return scalar_text(value, flow=True) if flow else scalar_text(value, flow=False)
    if isinstance(value, dict):
        parts = [f"{_key_text(key)}: {inline_text(item, True)}" for key, item in value.items()]
        written = "{" + ", ".join(parts) + "}"
        short = len(written) <= INLINE_TEXTS and "\n" not in written
        if flow or not value or (_is_text_by_language(value) and short):
            return written
        return None
    if isinstance(value, list):
        written = "[" + ", ".join(str(inline_text(item, True)) for item in value) + "]"
        scalars = all(_is_scalar(item) for item in value)
        if flow or not value or (scalars and len(written) <= INLINE_LISTS and "\n" not in written):
            return written
        return None
    raise CannotWrite(f"cannot write {value!r} in YAML")


class _Writer:
    """The text changes, on one layout of the file."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.text = layout.text
        self._scalar_spans: list[tuple[int, int]] | None = None  # see _inside_scalar

    @property
    def indents(self) -> Indents:
        # Worked out over every node, once a text, and only to write a new block: a value
        # replaced where it stands needs none.
        if self.layout.indents is None:
            self.layout.indents = indents_of(self.layout)
        return self.layout.indents

    # Values written anew ---------------------------------------------------------------------

    def after_key(self, value: Any, key_column: int) -> str:
        """What follows ``key:`` for ``value``: a space and the value, or its block lines."""
        inline = inline_text(value, flow=False)
        if inline is not None:
            return " " + inline
        if isinstance(value, str):
            block = _block_scalar(value, key_column + self.indents.mapping)
            return " " + (block or _double_quoted(value))
        if isinstance(value, dict):
            return "\n" + self.block_map(value, key_column + self.indents.mapping)
        return "\n" + self.block_seq(value, key_column + self.indents.sequence)

    def block_map(self, value: dict[str, Any], column: int) -> str:
        pad = " " * column
        return "\n".join(
            f"{pad}{_key_text(key)}:{self.after_key(item, column)}" for key, item in value.items()
        )

    def block_seq(self, value: list[Any], dash_column: int) -> str:
        pad = " " * dash_column
        return "\n".join(f"{pad}- {self.item(item, dash_column)}" for item in value)

    def item(self, value: Any, dash_column: int) -> str:
        """A list item's text after its ``- `` (its first line at the dash's line)."""
        column = dash_column + self.indents.item
        inline = inline_text(value, flow=False)
        if inline is not None:
            return inline
        if isinstance(value, str):
            return _block_scalar(value, column) or _double_quoted(value)
        if isinstance(value, dict):
            block = self.block_map(value, column)
            return block[column:]
        return str(inline_text(value, flow=True))

    # The changes -------------------------------------------------------------------------------

    def _splice(self, start: int, end: int, new: str) -> str:
        return self.text[:start] + new + self.text[end:]

    def _parent(self, path: Path_) -> Node | None:
        return self.layout.nodes.get(path[:-1]) if path else None

    def replace(self, path: Path_, value: Any) -> str:
        node = self.layout.node(path)
        parent = self._parent(path)
        text = self.text
        if node.kind == "scalar" and _is_scalar(value):
            return self._replace_scalar(node, parent, value)
        if parent is None:
            raise CannotWrite("the editor changes values inside the document")
        if parent.style == "flow":
            return self._splice(node.start, node.end, str(inline_text(value, flow=True)))
        block_end = _line_after(text, node.content_end - 1) if node.content_end > node.start else 0
        inline = inline_text(value, flow=False)
        if parent.kind == "map":
            assert node.key_start is not None and node.colon_end is not None
            key_column = _column(text, node.key_start)
            if inline is not None:
                if node.inline and node.end > node.start:
                    return self._splice(node.start, node.end, inline)
                if node.inline:  # a null written as nothing
                    return self._splice(node.colon_end, node.colon_end, " " + inline)
                return self._splice(node.colon_end, block_end, " " + inline + "\n")
            if node.style == "block" and node.kind == _kind_of(value) and node.children:
                first = self.layout.nodes[(*path, node.children[0])]
                first_line = _line_start(text, first.entry_start)
                column = first.entry_start - first_line
                lines = (
                    self.block_map(value, column)
                    if isinstance(value, dict)
                    else self.block_seq(value, column)
                )
                return self._splice(first_line, block_end, lines + "\n")
            rendered = self.after_key(value, key_column)
            if node.inline:
                return self._splice(node.colon_end, max(node.end, node.colon_end), rendered)
            return self._splice(node.colon_end, block_end, rendered + "\n")
        # An item of a block list.
        column = _column(text, node.start)
        if inline is not None:
            written = inline
        elif isinstance(value, dict):
            written = self.block_map(value, column)[column:]
        elif isinstance(value, str):
            written = _block_scalar(value, column) or _double_quoted(value)
        else:
            written = str(inline_text(value, flow=True))
        if node.inline:
            return self._splice(node.start, node.end, written)
        return self._splice(node.start, block_end, written + "\n")

    def _replace_scalar(self, node: Node, parent: Node | None, value: Any) -> str:
        text = self.text
        flow = parent is not None and parent.style == "flow"
        if node.style in ("|", ">"):
            end = _line_after(text, node.content_end - 1)
            if node.style and text[node.start + 1 : node.start + 2] == "+":
                end = node.end  # kept trailing newlines are the value's own
            indent = _block_indent(text, node)
            block = _block_scalar(value, indent, node.style) if isinstance(value, str) else None
            written = block or scalar_text(value, flow=False)
            return self._splice(node.start, end, written + "\n")
        if isinstance(value, str) and "\n" in value and not flow and parent is not None:
            indent = self._block_indent_for(node, parent)
            block = _block_scalar(value, indent)
            rest = text[node.end : _line_after(text, node.end)]
            if block is not None and not rest.strip():  # nothing after it on its line
                return self._splice(node.start, node.end, self._after_colon(node) + block)
        written = scalar_text(value, flow, node.style)
        return self._splice(node.start, node.end, self._after_colon(node) + written)

    def _after_colon(self, node: Node) -> str:
        """A space before a value written where there was none (``key:`` for null)."""
        return " " if node.start > 0 and self.text[node.start - 1] == ":" else ""

    def _block_indent_for(self, node: Node, parent: Node) -> int:
        if node.key_start is not None:
            return _column(self.text, node.key_start) + self.indents.mapping
        return _column(self.text, node.start)

    def add_key(self, path: Path_, value: Any, order: list[str] | None) -> str:
        text = self.text
        holder_path, key = path[:-1], str(path[-1])
        holder = self.layout.nodes.get(holder_path)
        if holder is None:
            raise CannotWrite(f"no mapping at {shown(holder_path)} to add {key} to")
        if holder.kind != "map":
            if holder.kind == "scalar" and _at(self.layout.data, holder_path) is None:
                return self.replace(holder_path, {key: value})
            raise CannotWrite(f"{shown(holder_path)} is not a mapping")
        keys = [str(name) for name in holder.children]
        position = _position(keys, key, order)
        if holder.style == "flow":
            written = f"{_key_text(key)}: {inline_text(value, flow=True)}"
            if not keys:
                return self._splice(holder.start, holder.end, "{" + written + "}")
            if position > 0:
                before = self.layout.nodes[(*holder_path, keys[position - 1])]
                return self._splice(before.end, before.end, ", " + written)
            first = self.layout.nodes[(*holder_path, keys[0])]
            assert first.key_start is not None
            return self._splice(first.key_start, first.key_start, written + ", ")
        first = self.layout.nodes[(*holder_path, keys[0])]
        assert first.key_start is not None
        column = _column(text, first.key_start)
        entry = f"{_key_text(key)}:{self.after_key(value, column)}"
        if position > 0:
            before = self.layout.nodes[(*holder_path, keys[position - 1])]
            at = _line_after(text, before.entry_end - 1)
            lead = "" if text[:at].endswith("\n") else "\n"
            return self._splice(at, at, lead + " " * column + entry + "\n")
        if text[_line_start(text, first.key_start) : first.key_start].strip():
            # The first key stands on its list item's dash line: "- institution: ...".
            return self._splice(first.key_start, first.key_start, entry + "\n" + " " * column)
        at = self._above_comments(_line_start(text, first.key_start), column)
        return self._splice(at, at, " " * column + entry + "\n")

    def _above_comments(self, line_start: int, column: int) -> int:
        """The start of the comment lines right above ``line_start`` (none blank), indented
        at least to ``column``: they tell of the entry below, and stay above it."""
        text = self.text
        at = line_start
        while at > 0:
            previous = _line_start(text, at - 1)
            line = text[previous : at - 1]
            stripped = line.lstrip(" ")
            if not stripped.startswith("#") or len(line) - len(stripped) < column:
                break
            if self._inside_scalar(previous):  # a block scalar's line that begins with "#"
                break
            at = previous
        return at

    def _inside_scalar(self, position: int) -> bool:
        """Whether ``position`` is inside a scalar written over several lines (its text)."""
        if self._scalar_spans is None:
            text = self.text
            self._scalar_spans = sorted(
                (node.start, node.end)
                for node in self.layout.nodes.values()
                if node.kind == "scalar" and text.find("\n", node.start, node.end) != -1
            )
        index = bisect.bisect_right(self._scalar_spans, (position, len(self.text))) - 1
        return index >= 0 and self._scalar_spans[index][1] > position

    def _extent(self, node: Node) -> tuple[int, int]:
        """An entry's whole lines: the comments right above it, to the end of its last line."""
        text = self.text
        first_line = _line_start(text, node.entry_start)
        column = node.entry_start - first_line
        return self._above_comments(first_line, column), _line_after(text, node.entry_end - 1)

    def delete(self, path: Path_) -> str:
        text = self.text
        node = self.layout.node(path)
        parent = self._parent(path)
        if parent is None:
            raise CannotWrite("the editor changes values inside the document")
        position = parent.children.index(path[-1])
        count = len(parent.children)
        if count == 1:
            return self.replace(path[:-1], {} if parent.kind == "map" else [])
        siblings = [self.layout.nodes[(*path[:-1], child)] for child in parent.children]
        if parent.style == "flow":
            if position < count - 1:
                return self._splice(node.entry_start, siblings[position + 1].entry_start, "")
            return self._splice(siblings[position - 1].end, node.end, "")
        first_line = _line_start(text, node.entry_start)
        if text[first_line : node.entry_start].strip():  # "- key: ..." on its item's dash line
            return self._splice(node.entry_start, siblings[position + 1].entry_start, "")
        start, end = self._extent(node)
        if parent.kind == "seq" and self._separated(parent, path[:-1]):
            if position < count - 1 and _is_blank_line(text, end):
                end = _line_after(text, end)
            elif (
                position == count - 1 and start > 0 and _is_blank_line(text, start - 1, before=True)
            ):
                start = _line_start(text, start - 1)
        return self._splice(start, end, "")

    def _separated(self, seq: Node, path: Path_) -> bool:
        """Whether the list's items are written a blank line apart."""
        if len(seq.children) < 2:
            return False
        line = self._extent(self.layout.nodes[(*path, seq.children[1])])[0]
        return line > 0 and _is_blank_line(self.text, line - 1, before=True)

    def insert(self, path: Path_, index: int, value: Any) -> str:
        text = self.text
        seq = self.layout.node(path)
        if seq.kind != "seq":
            raise CannotWrite(f"{shown(path)} is not a list")
        items = [self.layout.nodes[(*path, child)] for child in seq.children]
        if seq.style == "flow":
            written = str(inline_text(value, flow=True))
            if not items:
                return self._splice(seq.start, seq.end, "[" + written + "]")
            if index < len(items):
                return self._splice(items[index].start, items[index].start, written + ", ")
            return self._splice(items[-1].end, items[-1].end, ", " + written)
        assert items[0].dash is not None
        dash_column = _column(text, items[0].dash)
        written = " " * dash_column + "- " + self.item(value, dash_column) + "\n"
        gap = "\n" if self._separated(seq, path) else ""
        if index < len(items):
            at = self._extent(items[index])[0]
            return self._splice(at, at, written + gap)
        at = _line_after(text, items[-1].entry_end - 1)
        lead = "" if text[:at].endswith("\n") else "\n"
        return self._splice(at, at, lead + gap + written)

    def move(self, path: Path_, source: int, target: int) -> str:
        text = self.text
        seq = self.layout.node(path)
        items = [self.layout.nodes[(*path, child)] for child in seq.children]
        if seq.style == "flow":
            written = [text[item.start : item.end] for item in items]
            written.insert(target, written.pop(source))
            return self._splice(items[0].start, items[-1].end, ", ".join(written))
        start, end = self._extent(items[source])
        block = text[start:end]
        if not block.endswith("\n"):
            block += "\n"
        gap = "\n" if self._separated(seq, path) else ""
        without = _Writer(reread(self.layout, self.delete((*path, source))))
        remaining = [
            without.layout.nodes[(*path, child)] for child in without.layout.node(path).children
        ]
        if target < len(remaining):
            at = without._extent(remaining[target])[0]
            return without._splice(at, at, block + gap)
        at = _line_after(without.text, remaining[-1].entry_end - 1)
        lead = "" if without.text[:at].endswith("\n") else "\n"
        return without._splice(at, at, lead + gap + block)


def _kind_of(value: Any) -> str:
    if isinstance(value, dict):
        return "map"
    return "seq" if isinstance(value, list) else "scalar"


def _is_blank_line(text: str, index: int, before: bool = False) -> bool:
    """Whether the line at ``index`` (``before``: the line that ``index`` ends) is blank."""
    start = _line_start(text, index) if before else index
    end = text.find("\n", start)
    line = text[start : len(text) if end < 0 else end]
    return end >= 0 and not line.strip()


def _block_indent(text: str, node: Node) -> int:
    """The indentation of a block scalar's lines."""
    body = text[_line_after(text, node.start) : node.end]
    for line in body.split("\n"):
        if line.strip():
            return len(line) - len(line.lstrip(" "))
    return _column(text, node.start) + 2

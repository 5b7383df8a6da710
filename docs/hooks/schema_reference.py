"""A reference page written from a JSON Schema: every key with its type, default, description
and an example, so that the page says what the models say and cannot drift from them.

The profile's reference reads ``cvtex.profile.schema.profile_schema()``, the locale catalog's
reads the ``Catalog`` model's schema; examples come from real files (the example profile, the
shipped catalogs), else from the schema's own ``examples``.

Each top-level key gets a section of its own. An object type (an education entry, a link) is
described where it is first met, as a table of its keys; later uses link to that table.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

Node = dict[str, Any]

LANG_PATTERN = r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"  # as cvtex.profile.base's

# Longer examples are cut to their first list item or left for a shorter one.
EXAMPLE_WIDTH = 72


@dataclass
class Reference:
    """The state of one page: which types are described already, and where."""

    schema: Node
    text_link: str  # where the page explains the forms of a text (a string, {en: ...}, ...)
    described: dict[str, str] = field(default_factory=dict)  # type name -> its anchor
    instances: dict[str, list[Node]] = field(default_factory=dict)  # type name -> examples
    # (key, its schema) -> values met under that key in any type: an entry's `only:` or
    # `start:` is written the same in every kind of entry.
    values: dict[tuple[str, str], list[Any]] = field(default_factory=dict)
    top: list[Node] = field(default_factory=list)  # the example documents themselves

    def definition(self, name: str) -> Node:
        return self.schema.get("$defs", {})[name]


def reference(schema: Node, examples: Sequence[Any], text_link: str, level: int = 2) -> str:
    """The Markdown of the reference: a table of the top-level keys, then a section per key.

    ``examples``: documents valid under ``schema``; the first that has a key gives its example.
    """
    page = Reference(schema, text_link, top=[doc for doc in examples if isinstance(doc, dict)])
    for document in page.top:
        _collect(page, schema, document)
    keys = schema.get("properties", {})
    required = set(schema.get("required", ()))
    lines = ["| Key | Type | Default | Description |", "| --- | --- | --- | --- |"]
    for key, node in keys.items():
        summary = _cell(description_of(page, node))
        lines.append(
            f"| [`{key}`](#{anchor(key)}) | {type_of(page, node)} | "
            f"{default_of(node, key in required)} | {summary} |"
        )
    lines.append("")
    for key, node in keys.items():
        lines.extend(_key_section(page, key, node, key in required, level))
    return "\n".join(lines) + "\n"


def gaps(schema: Node, examples: Sequence[Any]) -> list[str]:
    """Each key the reference would show without a description or without an example."""
    page = Reference(schema, "", top=[doc for doc in examples if isinstance(doc, dict)])
    for document in page.top:
        _collect(page, schema, document)
    found = []
    places = [("the top level", schema, page.top)]
    places += [
        (name, definition, page.instances.get(name, []))
        for name, definition in schema.get("$defs", {}).items()
    ]
    for place, node, holders in places:
        for key, field_node in node.get("properties", {}).items():
            if key == "$schema":
                continue
            if not description_of(page, field_node):
                found.append(f"{place}: {key}: no description")
            if not example_of(page, [one for one in holders if key in one], key, field_node):
                found.append(f"{place}: {key}: no example")
    return found


def anchor(key: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-") or "key"


def type_anchor(name: str) -> str:
    return "type-" + anchor(name)


def _key_section(page: Reference, key: str, node: Node, required: bool, level: int) -> list[str]:
    hashes = "#" * level
    lines = [f"{hashes} `{key}` {{#{anchor(key)}}}", ""]
    description = description_of(page, node)
    if description:
        lines += [_cell(description, table=False), ""]
    lines += [
        f"- **Type:** {type_of(page, node)}",
        f"- **Default:** {default_of(node, required)}",
    ]
    example = example_of(page, [doc for doc in page.top if key in doc], key, node)
    if example:
        lines += ["- **Example:**", "", "    ```yaml", *(f"    {ln}" for ln in example), "    ```"]
    lines.append("")
    for name in _types_in(node):
        lines.extend(_type_section(page, name, level + 1))
    return lines


def _type_section(page: Reference, name: str, level: int) -> list[str]:
    """The table of an object type's keys, then the types first met inside it."""
    if name in page.described:
        return []
    page.described[name] = type_anchor(name)
    definition = page.definition(name)
    hashes = "#" * min(level, 6)
    lines = [f"{hashes} {_title(name)} {{#{type_anchor(name)}}}", ""]
    if definition.get("description"):
        lines += [_cell(definition["description"], table=False), ""]
    lines += ["| Key | Type | Default | Description and example |", "| --- | --- | --- | --- |"]
    required = set(definition.get("required", ()))
    instances = page.instances.get(name, [])
    nested: list[str] = []
    for key, node in definition.get("properties", {}).items():
        example = example_of(page, [one for one in instances if key in one], key, node)
        described = _cell(description_of(page, node))
        if example:
            shown = " ".join(example) if len(example) == 1 else None
            if shown is not None:
                described += f"<br>*Example:* `{shown}`" if described else f"`{shown}`"
        lines.append(
            f"| `{key}` | {type_of(page, node)} | {default_of(node, key in required)} | "
            f"{described} |"
        )
        nested.extend(n for n in _types_in(node) if n not in nested)
    lines.append("")
    for inner in nested:
        lines.extend(_type_section(page, inner, level + 1 if level < 4 else level))
    return lines


def _title(name: str) -> str:
    """DesignBlock -> Design block."""
    words = re.findall(r"[A-Z][a-z0-9]*|[a-z0-9]+", name)
    return " ".join([words[0], *(word.lower() for word in words[1:])]) if words else name


# --- types ------------------------------------------------------------------------------


def type_of(page: Reference, node: Node) -> str:
    """A node's type in words, with links to the tables of object types."""
    branches = _branches(node)
    if _is_text(branches):
        rest = [b for b in branches if not _is_text_branch(b) and b.get("type") != "null"]
        text = f"[text]({page.text_link})"
        return " or ".join([text, *(type_of(page, b) for b in rest)])
    if _is_date(node):
        return "date"
    shown = [_one_type(page, b) for b in branches if b.get("type") != "null"]
    return " or ".join(dict.fromkeys(shown)) or "any"


def _one_type(page: Reference, node: Node) -> str:
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        return f"[{_title(name).lower()}](#{type_anchor(name)})"
    if _is_date(node):
        return "date"
    if "const" in node:
        return f"`{node['const']}`"
    if "enum" in node:
        return " \\| ".join(f"`{value}`" for value in node["enum"])
    if "anyOf" in node:
        return type_of(page, node)
    kind = node.get("type")
    if kind == "array":
        items = node.get("items", {})
        return f"list of {_plural(type_of(page, items))}"
    if kind == "object":
        if "patternProperties" in node:
            (value,) = node["patternProperties"].values()
            return f"mapping of language code to {type_of(page, value)}"
        if isinstance(node.get("additionalProperties"), dict):
            return f"mapping of name to {type_of(page, node['additionalProperties'])}"
        return "mapping"
    if kind in ("integer", "number"):
        bounds = (node.get("minimum"), node.get("maximum"))
        name = "integer" if kind == "integer" else "number"
        if bounds[0] is not None and bounds[1] is not None:
            return f"{name}, {_number(bounds[0])} to {_number(bounds[1])}"
        if bounds[0] is not None:
            return f"{name}, at least {_number(bounds[0])}"
        return name
    if kind == "string":
        return "language code" if node.get("pattern") == LANG_PATTERN else "string"
    if kind == "boolean":
        return "`true` \\| `false`"
    return str(kind or "any")


def _plural(type_words: str) -> str:
    if type_words.startswith("[") or " or " in type_words or "|" in type_words:
        return type_words
    words = {"string": "strings", "integer": "integers", "language code": "language codes"}
    return words.get(type_words, type_words)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _branches(node: Node) -> list[Node]:
    """The alternatives of a node, nested anyOf flattened."""
    if "anyOf" not in node:
        return [node]
    found: list[Node] = []
    for branch in node["anyOf"]:
        if "anyOf" in branch and not _is_date(branch):
            found.extend(_branches(branch))
        else:
            found.append(branch)
    return found


def _is_text_branch(node: Node) -> bool:
    if node.get("type") == "string" and len(node) == 1:
        return True
    if node.get("$ref", "").endswith("/Same"):
        return True
    values = node.get("patternProperties", {}).values()
    return any(_branches(value)[0].get("type") == "string" for value in values)


def _is_text(branches: list[Node]) -> bool:
    """The profile's text: a string, a mapping by language, or {same: ...}."""
    return any(b.get("$ref", "").endswith("/Same") for b in branches)


def _is_date(node: Node) -> bool:
    branches = node.get("anyOf", [])
    return (
        len(branches) == 2
        and {b.get("type") for b in branches} == {"integer", "string"}
        and any(b.get("minimum") == 1000 for b in branches)
    )


def _types_in(node: Node) -> list[str]:
    """The object types a node refers to, in order."""
    found: list[str] = []

    def walk(part: Any) -> None:
        if isinstance(part, dict):
            if "$ref" in part:
                name = part["$ref"].rsplit("/", 1)[-1]
                if name != "Same" and name not in found:
                    found.append(name)
            for value in part.values():
                walk(value)
        elif isinstance(part, list):
            for value in part:
                walk(value)

    walk(node)
    return found


# --- descriptions and defaults ----------------------------------------------------------


def description_of(page: Reference, node: Node) -> str:
    """The node's own description, else its type's (a date's, a colour's)."""
    if node.get("description"):
        return node["description"]
    for branch in node.get("anyOf", []):
        if branch.get("description"):
            return branch["description"]
    for branch in _branches(node):
        if branch.get("description"):
            return branch["description"]
        if _is_date(branch) or "anyOf" in branch:
            for inner in branch.get("anyOf", []):
                if inner.get("description"):
                    return inner["description"]
    refs = [b["$ref"].rsplit("/", 1)[-1] for b in _branches(node) if "$ref" in b]
    for name in refs:
        if name != "Same" and page.definition(name).get("description"):
            return page.definition(name)["description"]
    return ""


def default_of(node: Node, required: bool) -> str:
    if required:
        return "required"
    if node.get("default") is not None:
        return f"`{_flow(node['default'])}`"
    return "none"


def _cell(text: str, table: bool = True) -> str:
    """Description text as Markdown: code spans kept, the rest escaped where it would be read
    as markup (a brace pair, a | in a table, an HTML-like <tag>)."""
    text = " ".join(text.split())
    text = text.replace("<", "&lt;").replace(">", "&gt;")
    if table:
        text = text.replace("|", "\\|")
    return text


# --- examples ---------------------------------------------------------------------------


def _collect(page: Reference, node: Node, data: Any) -> None:
    """Walk ``data`` along the schema, keeping each object met under its type's name."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        if isinstance(data, dict):
            page.instances.setdefault(name, []).append(data)
        _collect(page, page.definition(name), data)
        return
    if "anyOf" in node:
        for branch in node["anyOf"]:
            if _shape_fits(page, branch, data):
                _collect(page, branch, data)
                return
        return
    if isinstance(data, dict):
        properties = node.get("properties", {})
        for key, value in data.items():
            if key in properties:
                page.values.setdefault((key, _signature(properties[key])), []).append(value)
                _collect(page, properties[key], value)
            elif isinstance(node.get("additionalProperties"), dict):
                _collect(page, node["additionalProperties"], value)
            else:
                for inner in node.get("patternProperties", {}).values():
                    _collect(page, inner, value)
    elif isinstance(data, list) and isinstance(node.get("items"), dict):
        for value in data:
            _collect(page, node["items"], value)


def _shape_fits(page: Reference, node: Node, data: Any) -> bool:
    """Whether ``data`` has the shape of one branch: enough to choose where to walk."""
    if "$ref" in node:
        node = page.definition(node["$ref"].rsplit("/", 1)[-1])
    if "anyOf" in node:
        return any(_shape_fits(page, branch, data) for branch in node["anyOf"])
    kind = node.get("type")
    if isinstance(data, dict):
        if kind != "object":
            return False
        if "properties" in node:
            return set(data) <= set(node["properties"])
        patterns = node.get("patternProperties", {})
        return all(any(re.match(p, str(key)) for p in patterns) for key in data) or not patterns
    if isinstance(data, list):
        return kind == "array"
    return kind not in ("object", "array")


def _signature(node: Node) -> str:
    return json.dumps(node, sort_keys=True)


def example_of(page: Reference, holders: Iterable[Node], key: str, node: Node) -> list[str]:
    """``key: value`` as YAML lines, from the first document or entry of this type that has
    the key, else from the same key of another type; a short one where the first is long.
    The schema's ``examples`` when no document has the key."""
    candidates = [_as_yaml(key, holder[key]) for holder in holders]
    candidates += [_as_yaml(key, value) for value in page.values.get((key, _signature(node)), [])]
    candidates += [_as_yaml(key, value) for value in node.get("examples", [])]
    if not candidates:
        return []
    first = candidates[0]
    if all(len(line) <= EXAMPLE_WIDTH for line in first) and len(first) <= 12:
        return first
    return min(candidates, key=lambda lines: (len(lines) > 12, max(map(len, lines)), len(lines)))


def _as_yaml(key: str, value: Any) -> list[str]:
    """One line in flow style when it fits; a list cut to its first item when that is long."""
    value = _plain(value)
    line = f"{key}: {_flow(value)}"
    if len(line) <= EXAMPLE_WIDTH:
        return [line]
    if isinstance(value, list) and len(value) > 1:
        return _as_yaml(key, value[:1])
    text = yaml.safe_dump({key: value}, allow_unicode=True, sort_keys=False, width=EXAMPLE_WIDTH)
    return text.rstrip("\n").splitlines()


def _flow(value: Any) -> str:
    text = yaml.safe_dump(
        _plain(value), allow_unicode=True, default_flow_style=True, sort_keys=False, width=10**6
    )
    return text.strip().removesuffix("...").strip()


def _plain(value: Any) -> Any:
    """Plain dicts and lists (the YAML reader may give its own kinds)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value

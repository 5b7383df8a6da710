"""The form the page draws, read from the document's JSON Schema (generated from the models).

Each schema node becomes one kind of widget: a text (one box per language, or one for all),
a date, an end date, a choice among allowed values, a number, a switch, a list (of entries,
of texts, of tags), an entry (a model's fields, with the schema's titles and descriptions),
a mapping by key (sections, variants), or a choice between the forms a value may take.
Reading the schema rather than the models keeps the page to what `cvtex schema` publishes,
for profiles and letters alike.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from ..letter.model import Letter
from ..profile.base import DATE_PATTERN
from ..profile.schema import profile_schema

_LANGUAGE_PATTERN = "^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"
_COLOR_PATTERN = "^#[0-9A-Fa-f]{6}$"
# Fields shown after an entry's own: when it happened, then where it is shown.
_DATES = ("start", "end", "date")
_SCOPE = ("only", "tags")
_HIDDEN = {"$schema"}  # for editors, not for people


@cache
def form_of(kind: str) -> dict[str, Any]:
    """The form of a ``profile`` or a ``letter``: its root model and every model it uses."""
    schema = Letter.model_json_schema(by_alias=True) if kind == "letter" else profile_schema()
    reader = _Reader(schema.get("$defs", {}))
    root = reader.model(schema.get("title", kind.title()), schema)
    return {"root": root, "models": reader.models}


class _Reader:
    def __init__(self, defs: dict[str, Any]) -> None:
        self.defs = defs
        self.models: dict[str, dict[str, Any]] = {}

    def model(self, name: str, schema: dict[str, Any]) -> dict[str, Any]:
        if name not in self.models:
            self.models[name] = {}  # taken before its fields, which may use it (Bullet)
            properties = schema.get("properties", {})
            required = set(schema.get("required", []))
            fields = [
                {
                    "key": key,
                    "label": node.get("title") or _label(key),
                    "help": node.get("description") or _inner_description(node),
                    "required": key in required,
                    "default": node.get("default"),
                    "spec": self.spec(node),
                }
                for key, node in properties.items()
                if key not in _HIDDEN
            ]
            self.models[name].update(
                {
                    "kind": "object",
                    "name": name,
                    "title": schema.get("title", name),
                    "help": schema.get("description", ""),
                    "order": [key for key in properties if key not in _HIDDEN],
                    "fields": sorted(fields, key=_shown_order),
                }
            )
        return {"kind": "object", "model": name}

    def spec(self, node: dict[str, Any]) -> dict[str, Any]:
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            return self.model(name, self.defs[name])
        branches = _branches(node)
        if branches is not None:
            nullable = {"type": "null"} in branches
            rest = [branch for branch in branches if branch != {"type": "null"}]
            spec = self.union(rest)
            if nullable:
                spec = {**spec, "nullable": True}
            return spec
        if "enum" in node:
            return {"kind": "enum", "choices": list(node["enum"])}
        if "const" in node:
            return {"kind": "enum", "choices": [node["const"]]}
        kind = node.get("type")
        if kind == "string":
            spec: dict[str, Any] = {"kind": "string"}
            pattern = node.get("pattern")
            if pattern == _COLOR_PATTERN:
                spec["color"] = True
            elif pattern:
                spec["pattern"] = pattern
            if node.get("format") == "uri":
                spec["url"] = True
            if node.get("examples"):
                spec["examples"] = [str(item) for item in node["examples"]]
            return spec
        if kind in ("integer", "number"):
            spec = {"kind": kind}
            for bound in ("minimum", "maximum"):
                if bound in node:
                    spec[bound] = node[bound]
            return spec
        if kind == "boolean":
            return {"kind": "boolean"}
        if kind == "array":
            items = node.get("items", {})
            if items.get("type") == "string" and items.get("pattern") == _LANGUAGE_PATTERN:
                return {"kind": "languages"}
            return {"kind": "list", "items": self.spec(items)}
        if kind == "object":
            by_pattern = node.get("patternProperties")
            if by_pattern:
                pattern, values = next(iter(by_pattern.items()))
                keys = "lang" if pattern == _LANGUAGE_PATTERN else "any"
                return {"kind": "map", "keys": keys, "values": self.spec(values)}
            values = node.get("additionalProperties")
            if isinstance(values, dict):
                key_names = node.get("propertyNames", {})
                spec = {"kind": "map", "keys": "any", "values": self.spec(values)}
                if key_names.get("enum"):
                    spec["choices"] = list(key_names["enum"])
                return spec
        return {"kind": "any"}

    def union(self, branches: list[dict[str, Any]]) -> dict[str, Any]:
        if len(branches) == 1:
            return self.spec(branches[0])
        flat = [inner for branch in branches for inner in (_branches(branch) or [branch])]
        if _is_date(flat):
            return {"kind": "date"}
        refs = [_ref(branch) for branch in flat]
        texts = [branch for branch in flat if _is_text_branch(branch)]
        if len(texts) == 3:
            models = [name for name in refs if name and name != "Same"]
            if len(flat) == 3:
                return {"kind": "text"}
            if len(flat) == 4 and len(models) == 1:
                model = self.model(models[0], self.defs[models[0]])
                return {**model, "kind": "textOr", "textKey": self._text_key(models[0])}
        if "Expected" in refs:
            return {"kind": "end"}
        if all(_is_scalar_branch(branch) for branch in flat):
            choices = [
                choice
                for branch in flat
                for choice in branch.get("enum", [branch["const"]] if "const" in branch else [])
            ]
            numeric = any(branch.get("type") in ("number", "integer") for branch in flat)
            spec = {"kind": "scalar", "numeric": numeric}
            if choices:
                spec["choices"] = choices
            return spec
        return {"kind": "union", "branches": [self.spec(branch) for branch in branches]}

    def _text_key(self, model: str) -> str:
        """The field of a model that holds its text: a bullet's text, an author's name."""
        fields = self.models[model].get("fields", [])
        for field in fields:
            if field["required"] and field["spec"].get("kind") == "text":
                return str(field["key"])
        return "text"


def _branches(node: dict[str, Any]) -> list[dict[str, Any]] | None:
    branches = node.get("anyOf") or node.get("oneOf")
    return list(branches) if isinstance(branches, list) else None


def _ref(node: dict[str, Any]) -> str | None:
    ref = node.get("$ref")
    return ref.rsplit("/", 1)[-1] if isinstance(ref, str) else None


def _is_text_branch(node: dict[str, Any]) -> bool:
    if node == {"type": "string"}:
        return True
    if _ref(node) == "Same":
        return True
    by_pattern = node.get("patternProperties") or {}
    return node.get("type") == "object" and list(by_pattern) == [_LANGUAGE_PATTERN]


def _is_date(branches: list[dict[str, Any]]) -> bool:
    kinds = {branch.get("type") for branch in branches}
    patterns = {branch.get("pattern") for branch in branches if branch.get("type") == "string"}
    return kinds == {"integer", "string"} and patterns == {DATE_PATTERN}


def _is_scalar_branch(node: dict[str, Any]) -> bool:
    return (
        "enum" in node
        or "const" in node
        or node.get("type")
        in (
            "string",
            "number",
            "integer",
        )
    ) and "$ref" not in node


def _inner_description(node: dict[str, Any]) -> str:
    for branch in _branches(node) or []:
        if branch.get("description"):
            return str(branch["description"])
    return ""


def _label(key: str) -> str:
    return re.sub(r"_+", " ", key).strip().capitalize()


def _shown_order(field: dict[str, Any]) -> int:
    """Required fields first, then the entry's own, its dates, then where it is shown."""
    if field["key"] in _SCOPE:
        return 3
    if field["key"] in _DATES:
        return 2
    return 0 if field["required"] else 1

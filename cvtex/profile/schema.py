"""The profile's JSON Schema, generated from the models and shipped beside them."""

from __future__ import annotations

import json
from typing import Any

from .drafts import DRAFT_KEY, ORIGIN_KEY
from .model import Profile

SCHEMA_ID = "https://cvtex.invalid/profile.schema.json"


def profile_schema() -> dict[str, object]:
    schema = _with_drafts(_closed(Profile.model_json_schema(by_alias=True)))
    return {"$schema": "http://json-schema.org/draft-07/schema#", "$id": SCHEMA_ID, **schema}


# A language's text may be a draft awaiting its author's check (drafts.py). The loader takes
# drafts out before the models see the profile, so only the schema says so.
_DRAFT = {
    "additionalProperties": False,
    "description": "A text drafted by a machine or a memory, shown as it is until "
    "`cvtex translate accept` writes it as the language's own.",
    "properties": {
        DRAFT_KEY: {"type": "string", "description": "The drafted text."},
        ORIGIN_KEY: {"type": "string", "description": "Who drafted it: memory, deepl, ..."},
    },
    "required": [DRAFT_KEY],
    "title": "Draft",
    "type": "object",
}
_LANGUAGE_TEXT = {"anyOf": [{"type": "string"}, {"type": "null"}]}


def _with_drafts(schema: dict[str, Any]) -> dict[str, Any]:
    def visit(node: Any) -> Any:
        if isinstance(node, dict):
            node = {key: visit(value) for key, value in node.items()}
            for pattern, value in node.get("patternProperties", {}).items():
                if value == _LANGUAGE_TEXT:
                    node["patternProperties"][pattern] = {
                        "anyOf": [*_LANGUAGE_TEXT["anyOf"], {"$ref": "#/$defs/Draft"}]
                    }
        elif isinstance(node, list):
            node = [visit(item) for item in node]
        return node

    schema = visit(schema)
    schema.setdefault("$defs", {})["Draft"] = _DRAFT
    return schema


def _closed(node: Any) -> Any:
    """Mappings keyed by language code take no other key, as the models say: an editor then
    flags {EN: ...}, and {same: ..., only: ...} matches no form of a text."""
    if isinstance(node, dict):
        node = {key: _closed(value) for key, value in node.items()}
        if "patternProperties" in node and "additionalProperties" not in node:
            node["additionalProperties"] = False
    elif isinstance(node, list):
        node = [_closed(item) for item in node]
    return node


def schema_text() -> str:
    return json.dumps(profile_schema(), ensure_ascii=False, indent=2) + "\n"

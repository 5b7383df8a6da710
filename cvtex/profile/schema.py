"""The profile's JSON Schema, generated from the models and shipped beside them."""

from __future__ import annotations

import json
from typing import Any

from .model import Profile

SCHEMA_ID = "https://cvtex.invalid/profile.schema.json"


def profile_schema() -> dict[str, object]:
    schema = _closed(Profile.model_json_schema(by_alias=True))
    return {"$schema": "http://json-schema.org/draft-07/schema#", "$id": SCHEMA_ID, **schema}


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

"""The profile's JSON Schema, generated from the models and shipped beside them."""

from __future__ import annotations

import json

from .model import Profile

SCHEMA_ID = "https://cvtex.invalid/profile.schema.json"


def profile_schema() -> dict[str, object]:
    schema = Profile.model_json_schema(by_alias=True)
    return {"$schema": "http://json-schema.org/draft-07/schema#", "$id": SCHEMA_ID, **schema}


def schema_text() -> str:
    return json.dumps(profile_schema(), ensure_ascii=False, indent=2) + "\n"

"""What a JSON or YAML file is, asked by the readers of the formats that share those
files: its data parsed once for the question, and whether it is FRESH's or JSON Resume's.
Both readers ask the same question here, so that no file is taken by both or neither."""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import CvtexError
from ..profile.source import load_yaml
from .source import Source

# FRESH's own top-level keys, which a JSON Resume has none of.
FRESH_KEYS = {
    "info",
    "contact",
    "employment",
    "service",
    "recognition",
    "writing",
    "reading",
    "speaking",
    "governance",
    "samples",
    "testimonials",
    "disposition",
    "extracurricular",
    "affiliation",
    "social",
}

# Keys of a JSON Resume's top level (today's schema and the older one's), of which a file
# with no basics still holds some.
JSON_RESUME_KEYS = {"basics", "work", "education", "skills", "projects", "volunteer", "awards"}


def parsed(source: Source) -> Any:
    """The file's data: JSON, or YAML (a JSON Resume kept as resume.yaml); None when it
    is neither."""
    if not source.is_file or source.suffix not in (".json", ".yaml", ".yml", ""):
        return None
    try:
        if source.suffix in (".yaml", ".yml"):
            if re.search(r"^cv\s*:", source.head(), re.MULTILINE):
                return None  # RenderCV's
            return load_yaml(source.path, source.text())[0]
        return json.loads(source.text())
    # Not JSON or YAML, nested deeper than Python parses, or not text: the door says what.
    except (ValueError, RecursionError, CvtexError):
        return None


def is_fresh(data: dict[str, Any]) -> bool:
    """A FRESH résumé by what it says (meta.format: FRESH@...) or by its own keys; a
    file with JSON Resume's basics is JSON Resume's."""
    meta = data.get("meta")
    if isinstance(meta, dict) and str(meta.get("format", "")).strip().upper().startswith("FRESH"):
        return True
    if "basics" in data:
        return False
    education = data.get("education")
    return bool(FRESH_KEYS & set(data)) or (isinstance(education, dict) and "history" in education)


def is_json_resume(data: Any) -> bool:
    """A JSON object with basics, or some of JSON Resume's keys, that is not FRESH."""
    if not isinstance(data, dict) or is_fresh(data):
        return False
    return "basics" in data or bool(JSON_RESUME_KEYS & set(data))

"""A JSON Resume file (https://jsonresume.org/schema), in JSON or in YAML, read as people
write it (cvtex/jsonresume/document.py and tidy.py), as profile data (convert.py)."""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import CvtexError
from ..profile.source import load_yaml
from .language import language_of_file
from .reader import Context, Read, Reader
from .source import Source

# Keys of a JSON Resume's top level (today's schema and the older one's), of which a file
# with no basics still holds some.
_KEYS = {"basics", "work", "education", "skills", "projects", "volunteer", "awards"}


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


def recognizes(source: Source) -> bool:
    """A JSON object with basics, or some of JSON Resume's keys, that is not FRESH (whose
    reader asks first, and with the same question: fresh.is_fresh)."""
    from .fresh import is_fresh

    data = parsed(source)
    if not isinstance(data, dict) or is_fresh(data):
        return False
    return "basics" in data or bool(_KEYS & set(data))


def read(source: Source, context: Context) -> Read:
    from ..jsonresume.convert import profile_data
    from ..jsonresume.document import read_resume

    resume = read_resume(source.where(), source.text(), context.today)
    # The file's language sets the punctuation its parts are joined with (a place's
    # comma, a skill's level in parentheses): --lang, the file's own, else its script.
    language = (
        context.language
        or resume.language
        or language_of_file(resume.resume.model_dump(exclude_defaults=True))
    )
    data = profile_data(resume, language, context.today)
    return Read(READER.kind, source, data, resume.notes, context.language or resume.language)


READER = Reader("JSON Resume", recognizes, read)

"""A JSON Resume file (https://jsonresume.org/schema), read as people write it
(cvtex/jsonresume/document.py and tidy.py), as profile data (convert.py)."""

from __future__ import annotations

import json
from typing import Any

from ..errors import CvtexError
from .language import language_of_text
from .reader import Context, Read, Reader, T
from .source import Source

# Keys of a JSON Resume's top level (today's schema and the older one's), of which a file
# with no basics still holds some.
_KEYS = {"basics", "work", "education", "skills", "projects", "volunteer", "awards"}


def parsed_json(source: Source) -> Any:
    """The file's JSON, or None when it is not JSON."""
    if not source.is_file or source.suffix not in (".json", ""):
        return None
    try:
        return json.loads(source.text())
    except (ValueError, CvtexError):  # not JSON, or not text: the door says what it is
        return None


def recognizes(source: Source) -> bool:
    """A JSON object with basics, or some of JSON Resume's keys, that is not FRESH (whose
    reader asks first, and with the same question: fresh.is_fresh)."""
    from .fresh import is_fresh

    data = parsed_json(source)
    if not isinstance(data, dict) or is_fresh(data):
        return False
    return "basics" in data or bool(_KEYS & set(data))


def read(source: Source, context: Context) -> Read:
    from ..jsonresume.convert import profile_data
    from ..jsonresume.document import read_resume, strings

    resume = read_resume(source.where(), source.text(), context.today)
    # The file's language sets the punctuation its parts are joined with (a place's
    # comma, a skill's level in parentheses): --lang, the file's own, else its script.
    language = (
        context.language
        or resume.language
        or language_of_text([T(text) for text in strings(resume.resume)])
    )
    data = profile_data(resume, language, context.today)
    return Read(READER.kind, source, data, resume.notes, context.language or resume.language)


READER = Reader("JSON Resume", recognizes, read)

"""A JSON Resume file (https://jsonresume.org/schema), in JSON or in YAML, read as people
write it (document.py and tidy.py), as profile data (convert.py)."""

from __future__ import annotations

from ..language import language_of_file
from ..reader import Context, Read, Reader
from ..sniff import is_json_resume, parsed
from ..source import Source


def recognizes(source: Source) -> bool:
    return is_json_resume(parsed(source))


def read(source: Source, context: Context) -> Read:
    from .convert import profile_data
    from .document import read_resume

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

"""An ORCID record as the public API gives it: the whole record, or the files of its
endpoints (person, works, employments, ...) in a folder or a ``.zip``; JSON or XML; API
v2.0/v2.1 (flat lists, dates in milliseconds), v3.0 (affiliation groups) and the older
v1.x messages; and the record as JSON-LD, as orcid.org serves it (:mod:`.jsonld`).

Its parts, as a file goes through them: what is an ORCID file (:mod:`.recognize`), its
files as one record, whichever the version and encoding (:mod:`.record`), and the record
as profile data, with a note for what a CV has no place for (:mod:`.reading`).
"""

from __future__ import annotations

from collections.abc import Callable

from ...errors import InputError
from ...language.catalog import Catalog, available_languages, load_catalog
from ..language import language_of_text
from ..reader import Context, Read, Reader
from ..source import Source
from .jsonld import JsonLdReading, is_json_ld
from .reading import Reading
from .recognize import is_readme, recognizes
from .record import read_document, record_of

KIND = "ORCID record"


def read(source: Source, context: Context) -> Read:
    names = [""] if source.is_file else [n for n in source.names if not is_readme(n)]
    documents = [read_document(source, name) for name in names]
    reading_in: Callable[[Catalog], Reading | JsonLdReading]
    if len(documents) == 1 and is_json_ld(documents[0].root):
        document = documents[0]
        reading_in = lambda catalog: JsonLdReading(document, context, catalog)  # noqa: E731
    else:
        record = record_of(documents)
        reading_in = lambda catalog: Reading(record, context, catalog)  # noqa: E731
    reading = reading_in(load_catalog("en"))
    data = reading.data()
    language = context.language or language_of_text(data)
    if language != "en" and language in available_languages():
        # Texts joined with the language's own commas and colons (a Chinese record).
        reading = reading_in(load_catalog(language))
        data = reading.data()
    if not data:
        raise InputError(
            f"{source.where()}: an ORCID file with nothing cvtex can read: no name, no works, "
            "no affiliations",
            "export the whole record (https://pub.orcid.org/v3.0/ORCID-ID/record)",
        )
    return Read(KIND, source, data, reading.notes(), context.language)


READER = Reader(KIND, recognizes, read)

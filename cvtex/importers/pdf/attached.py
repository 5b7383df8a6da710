"""The profile a PDF carries (cvtex built it with ``design: {attach_profile: true}``): read
instead of its page, so that the import is exact.

It is the PDF's embedded file whose name ends in ``.yaml`` and which is a profile; its
texts are the language's, marked as an import's texts are (:class:`~..reader.T`), so the
import goes on as every import does: a header, --into, a second PDF in another language.
A file attached that is no profile is said in a note, and the page is read as any PDF's.
"""

from __future__ import annotations

import io
from typing import Any

import yaml
from pydantic import ValidationError

from ...profile.base import Same
from ...profile.model import Profile
from ...profile.texts import rewritten
from ..reader import Context, Note, Read, SameMap, T
from ..source import Source


def carried(kind: str, source: Source, context: Context) -> tuple[Read | None, list[Note]]:
    """The profile the PDF carries, as read; else None, with a note for each ``.yaml``
    file attached that is not one."""
    notes: list[Note] = []
    for name, data in _embedded_files(source.read()).items():
        if not name.casefold().endswith((".yaml", ".yml")):
            continue
        why = _not_a_profile(data)
        if isinstance(why, str):
            notes.append(Note(source.where(), "", f"its attachment {name} {why}: its page is read"))
            continue
        profile: Profile = why
        texts = rewritten(profile, _marked)
        assert isinstance(texts, dict)
        language = context.language or profile.languages[0]
        texts.pop("languages", None)
        summary = f"read the profile it carries ({name}), exactly; its page was not read"
        notes.append(Note(source.where(), "", summary))
        return Read(kind, source, texts, notes, language, summary), notes
    return None, notes


def _marked(path: Any, value: Any) -> Any:
    """A text of the profile as the import's: in the language of the file."""
    if isinstance(value, Same):
        return SameMap(same=value.same)
    return T(value) if isinstance(value, str) else value


def _not_a_profile(data: bytes) -> Profile | str:
    """The profile in ``data``; else why it is none."""
    try:
        value = yaml.safe_load(data.decode("utf-8"))
    except (UnicodeDecodeError, yaml.YAMLError) as exc:
        return f"is not YAML ({type(exc).__name__})"
    if not isinstance(value, dict) or len(value.get("languages") or []) != 1:
        return "is not the profile of one language cvtex attaches"
    try:
        return Profile.model_validate(value)
    except ValidationError as exc:
        return f"is not a valid profile ({exc.error_count()} problem(s))"


def _embedded_files(data: bytes) -> dict[str, bytes]:
    """The files the PDF's catalog names as embedded (its /EmbeddedFiles name tree), by
    name; none in a PDF that cannot be read so (its page's reading says why)."""
    from pdfminer.pdfdocument import PDFDocument
    from pdfminer.pdfparser import PDFParser
    from pdfminer.pdftypes import resolve1
    from pdfminer.utils import decode_text

    files: dict[str, bytes] = {}
    try:
        document = PDFDocument(PDFParser(io.BytesIO(data)))
        names = resolve1(document.catalog.get("Names"))
        tree = resolve1(names.get("EmbeddedFiles")) if isinstance(names, dict) else None
        for key, spec in _leaves(tree):
            spec = resolve1(spec)
            stream = resolve1(resolve1(spec.get("EF", {})).get("F"))
            name = resolve1(spec.get("UF")) or resolve1(spec.get("F")) or key
            files[decode_text(name) if isinstance(name, bytes) else str(name)] = stream.get_data()
    except Exception:  # pdfminer raises many kinds (PSException, KeyError, ...)
        return {}
    return files


def _leaves(node: Any, depth: int = 0) -> list[tuple[Any, Any]]:
    """A name tree's (key, value) pairs, from its leaves (a depth bound against a loop)."""
    from pdfminer.pdftypes import resolve1

    node = resolve1(node)
    if not isinstance(node, dict) or depth > 32:
        return []
    pairs = resolve1(node.get("Names")) or []
    found = [(pairs[i], pairs[i + 1]) for i in range(0, len(pairs) - 1, 2)]
    for kid in resolve1(node.get("Kids")) or []:
        found += _leaves(kid, depth + 1)
    return found

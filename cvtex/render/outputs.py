"""The renderers' table: one row per output format, each a function from one language of
a build to what is written (or, for pdf, typeset) in that language.

Every row takes the same two values: the build's :class:`~cvtex.pipeline.load.Loaded`
inputs and one :class:`~cvtex.view.localize.Localized` language, made once per language
and shared by every row. A new output format is a function and a line here (and its name
in pipeline.request.FORMATS).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .document import Document
from .jsonresume import json_resume
from .latex import TexSource, tex_source
from .letter import letter_tex_source, letter_text
from .plaintext import text_document
from .web import html_page, markdown_page
from .word import word_document

if TYPE_CHECKING:
    from ..pipeline.load import Loaded
    from ..view.localize import Localized

Renderer = Callable[["Loaded", "Localized"], TexSource | Document]

RENDERERS: dict[str, Renderer] = {
    "pdf": tex_source,
    "md": markdown_page,
    "html": html_page,
    "docx": word_document,
    "txt": text_document,
    "json": json_resume,
}

# Each kind of document has its own table (a letter is no homepage): pipeline.request's
# FORMATS_OF names the formats of each, for the command line to check before loading.
RENDERERS_OF: dict[str, dict[str, Renderer]] = {
    "cv": RENDERERS,
    "letter": {"pdf": letter_tex_source, "txt": letter_text},
}

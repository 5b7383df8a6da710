"""JSON Resume (https://jsonresume.org): a profile exported per language.

Export writes the schema's standard fields only, so that every JSON Resume theme and tool
reads the result; what the schema has no field for is mapped onto the nearest one (see
:mod:`.export`) or left out. Reading one back is an importer's (cvtex/importers/jsonresume/).
"""

from .export import export, resume_of

__all__ = ["export", "resume_of"]

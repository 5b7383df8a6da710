"""JSON Resume (https://jsonresume.org): export a profile per language, and read one back.

Export writes the schema's standard fields only, so that every JSON Resume theme and tool
reads the result; what the schema has no field for is mapped onto the nearest one (see
:mod:`.export`) or left out. Reading (``cvtex import``, through cvtex/importers/) takes
those fields back, from cvtex's files or anyone's (:mod:`.document`, :mod:`.convert`).
"""

from .export import export, resume_of

__all__ = ["export", "resume_of"]

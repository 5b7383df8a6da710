"""JSON Resume (https://jsonresume.org): export a profile per language, import one back.

Export writes the schema's standard fields only, so that every JSON Resume theme and tool
reads the result; what the schema has no field for is mapped onto the nearest one (see
:mod:`.export`) or left out. Import reads those fields back, from cvtex's files or anyone's,
and two files in two languages become one bilingual profile (see :mod:`.importer`).
"""

from .export import export, resume_of
from .importer import import_resumes

__all__ = ["export", "import_resumes", "resume_of"]

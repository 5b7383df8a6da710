"""``cvtex import``: a profile from what people already have, or additions to one.

Each source is one module that recognizes its input and reads it into profile data with
located notes (:mod:`.reader`): :mod:`.jsonresume`, :mod:`.rendercv`, :mod:`.fresh`,
:mod:`.linkedin`, :mod:`.orcid`, :mod:`.bibtex`. :mod:`.door` tells a source's kind and
language; :mod:`.write` validates and writes a profile; :mod:`.into` adds to one.
"""

from .door import Imported, import_sources

__all__ = ["Imported", "import_sources"]

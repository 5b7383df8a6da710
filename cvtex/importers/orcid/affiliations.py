"""An affiliation's department as an education entry's field, whichever way ORCID serves
the record: "Department of Computer Science" is the field Computer Science."""

from __future__ import annotations

import re

_DEPARTMENT_OF = re.compile(r"^(?:department|dept\.?|school|faculty)\s+of\s+", re.I)


def field_of(department: str) -> str:
    return _DEPARTMENT_OF.sub("", department)

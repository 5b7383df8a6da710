"""A work's identifiers as ORCID writes them, whichever way it serves a record (the API's
JSON, the JSON-LD of its pages): a DOI and an arXiv id, found in the text around them."""

from __future__ import annotations

import re

DOI = re.compile(r"(10\.\d{4,9}/\S+)")
ARXIV = re.compile(r"(?:arxiv:)?\s*(\d{4}\.\d{4,5}(?:v\d+)?|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})", re.I)

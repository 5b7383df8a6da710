"""The editor page's own words, from the locale catalogs' ``editor:`` keys.

English's catalog has every key. Another language offers the page in it when its catalog
has words of its own, or converts from one that has (zh-TW and zh-HK from zh, through the
same OpenCC conversion their CVs use); each key it lacks is taken from the language it
converts from, converted, else from English.
"""

from __future__ import annotations

from typing import Any

from ..errors import CvtexError
from ..language.catalog import Catalog, Locales
from ..language.traditional import Conversion

BASE = "en"


def page_words(locales: Locales) -> dict[str, Any]:
    """``{"languages": [{code, name}], "words": {code: {key: words}}}``, English first."""
    catalogs = {}
    for code in locales.codes():
        try:
            catalogs[code] = locales.catalog(code)
        except CvtexError:
            continue
    base = catalogs[BASE].editor if BASE in catalogs else {}
    words = {BASE: dict(base)}
    for code, catalog in catalogs.items():
        if code == BASE:
            continue
        inherited = _converted(catalog, catalogs)
        if not catalog.editor and not inherited:
            continue
        words[code] = {**base, **inherited, **catalog.editor}
    languages = [
        {"code": code, "name": catalogs[code].language if code in catalogs else code}
        for code in words
    ]
    return {"languages": languages, "words": words}


def _converted(catalog: Catalog, catalogs: dict[str, Catalog]) -> dict[str, str]:
    source = catalogs.get(catalog.convert_from or "")
    if source is None or not source.editor or catalog.convert_from is None:
        return {}
    convert = Conversion(catalog.conversions[catalog.convert_from], {})
    return {key: convert(text) for key, text in source.editor.items()}

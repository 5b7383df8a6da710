"""An address as the language it is written in writes it: Chinese, Japanese and Korean from
the country down to the street (中国北京市海淀区颐和园路5号), others from the street up to
the country (Haidian, Beijing, China); the country by its name in that language, never
its code. Each catalog says its order and what goes between the parts (``address:``).

Other tools' files give an address in parts (JSON Resume's address, city, region and
countryCode) or as one text written in English's order ("北京, 中国", as RenderCV's
examples write it): both are written so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..language.catalog import Catalog, load_catalog
from ..text.written import is_cjk
from .countries import country_name

_PARTS = re.compile(r"\s*[,，、]\s*")


def address(parts: Sequence[str | None], country: str | None, catalog: Catalog) -> str:
    """An address from its parts, the smallest first (street, city, region), and its
    country's code: in ``catalog``'s form when the parts are written in CJK (or there is
    only the country), else in English's. A part another holds (北京 in 北京市) is
    written once."""
    own = [part.strip() for part in parts if part and part.strip()]
    cjk = any(is_cjk(part) for part in own) or (not own and catalog.scripts != ["Latin"])
    form_of = catalog if cjk else load_catalog("en")
    return _joined([*own, country_name(country, form_of) or ""], form_of, cjk)


def written_address(text: str, catalog: Catalog) -> str:
    """An address written as one text in English's order ("北京, 中国"), in ``catalog``'s
    form when all its parts are CJK; any other as written."""
    parts = [part for part in _PARTS.split(text.strip()) if part]
    if len(parts) < 2 or catalog.address.order == "small-first" or not all(map(is_cjk, parts)):
        return text
    return _joined(parts, catalog, True)


def _joined(parts: list[str], catalog: Catalog, cjk: bool) -> str:
    parts = [part for part in parts if part]
    kept = [
        part
        for index, part in enumerate(parts)
        if not any(part in other and part != other for other in parts) and part not in parts[:index]
    ]
    if catalog.address.order == "large-first":
        kept.reverse()
    return (catalog.address.separator if cjk else catalog.punctuation.comma).join(kept)

"""Countries that other tools' files give as ISO 3166 codes (JSON Resume's countryCode,
ORCID's country), by their names in the CV's language: CN is China in an English CV, 中国
in a Chinese one, 中國 in a Traditional one.

The names are Debian's iso-codes (its English names, common ones first: Taiwan, South
Korea) and their translations (gettext catalogs beside it). Without them a code stays a
code: it is still the country.
"""

from __future__ import annotations

import gettext
import json
from functools import cache

from ..language.catalog import Catalog

_CODES = "/usr/share/iso-codes/json/iso_3166-1.json"
_TRANSLATIONS = "/usr/share/locale"


@cache
def _names() -> dict[str, str]:
    """ISO 3166 codes and their English names."""
    try:
        with open(_CODES, encoding="utf-8") as file:
            entries = json.load(file)["3166-1"]
        return {e["alpha_2"]: e.get("common_name") or e["name"] for e in entries}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


@cache
def _translation(tag: str) -> gettext.NullTranslations:
    # zh-CN, then zh: gettext's own names for the catalogs it looks for.
    locales = [tag.replace("-", "_"), tag.split("-")[0]]
    return gettext.translation("iso_3166-1", _TRANSLATIONS, languages=locales, fallback=True)


def country_name(code: str | None, catalog: Catalog | None = None) -> str | None:
    """The country ``code`` names, in ``catalog``'s language (English without one); the
    code itself when iso-codes does not know it; None for no code."""
    code = (code or "").strip()
    if not code:
        return None
    english = _names().get(code.upper())
    if english is None:
        return code
    if catalog is None or catalog.tag.split("-")[0] == "en":
        return english
    return _translation(catalog.tag).gettext(english)

"""Where the templates and locale catalogs that ship with cvtex are."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _shipped(name: str) -> Path:
    # An installed wheel carries the folder inside the package; a checkout (or an editable
    # install) keeps it at the top of the repository.
    inside = _PACKAGE / name
    return inside if inside.is_dir() else _PACKAGE.parent / name


TEMPLATES_DIR = _shipped("templates")
LOCALES_DIR = _shipped("locales")
SCHEMA_FILE = _PACKAGE / "profile.schema.json"
DEFAULT_THEME = "classic"  # the theme a build uses when neither --theme nor the profile names one

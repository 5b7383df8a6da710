"""The lines an import from a PDF or a Word file could not place (``unplaced:``), named by
``cvtex validate`` and ``cvtex build`` until the list is gone: no CV shows them, and no
one should forget them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .load import LoadedProfile


def unplaced_warning(loaded: LoadedProfile) -> str | None:
    """``cv.yaml:140: 3 line(s) of the imported file found no field (unplaced:) ...``,
    or None when the profile has none."""
    unplaced = loaded.profile.unplaced
    if not unplaced:
        return None
    try:
        where = str(loaded.source.locate_key(("unplaced",)))
    except (KeyError, IndexError, ValueError):
        where = str(loaded.file)
    return (
        f"{where}: {len(unplaced)} line(s) of the imported file found no field and are kept "
        "under unplaced: (no CV shows them): move each where it belongs, then delete the list"
    )

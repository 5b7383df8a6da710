"""``cvtex translate confirm``: a text that may be out of date still says the same.

A text changed in one language after another language's text of it was written makes that
other one "may be out of date" (profile/synced.py). Where it still says the same (a typo
fixed in the Chinese, a date added that the English already had), confirming takes it as
it is: all such texts, those of one language, or those at or under the paths given.
Nothing in the profile changes; cvtex's memory of the texts does.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..errors import InputError
from ..letter.load import is_letter
from ..profile.load import load_profile
from ..profile.source import format_path
from ..profile.synced import OutOfDate, located, sync_memory
from .drafts import at_paths


def confirm(
    profile_file: Path, paths: Sequence[str] = (), language: str | None = None
) -> list[OutOfDate]:
    """Take the texts that may be out of date (all, of ``language``, or at or under
    ``paths``) as agreeing with their other languages; the texts so taken."""
    if is_letter(profile_file):
        raise InputError(
            "a letter's texts are not followed for being out of date",
            "confirm the texts of its profile: cvtex translate confirm PROFILE",
        )
    loaded = load_profile(profile_file)
    memory = sync_memory(loaded)
    behind = [
        item for item in located(loaded, memory) if language is None or item.language == language
    ]
    chosen, unmatched = at_paths(behind, paths, lambda item: loaded.source.origin(item.path)[1])
    if unmatched:
        listed = ", ".join(f"{format_path(item.path)} ({item.language})" for item in behind)
        raise InputError(
            f"nothing that may be out of date at {', '.join(sorted(unmatched))}",
            f"these may be: {listed}" if listed else "no text may be out of date now",
        )
    memory.agree((item.path, item.language) for item in chosen)
    memory.save()
    return chosen

"""``cvtex new``: a commented bilingual profile to start from."""

from __future__ import annotations

from pathlib import Path

from .. import atomic
from ..errors import InputError
from ..resources import SCHEMA_FILE

STARTER = Path(__file__).with_name("starter.yaml")


def write_starter(path: Path, force: bool = False) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        if force:
            atomic.write_text(path, starter_text(path))
        else:  # refuses any existing name, a link included, in the same step as the write
            atomic.write_new(path, starter_text(path))
    except FileExistsError:
        raise InputError(
            f"{path} already exists; cvtex never overwrites a profile",
            "choose another name, or pass --force to replace it",
        ) from None


def starter_text(path: Path) -> str:
    # Plain replacement, not str.format: the profile itself is full of braces.
    return (
        STARTER.read_text(encoding="utf-8")
        .replace("{schema}", SCHEMA_FILE.resolve().as_uri())
        .replace("{file}", path.name)
    )

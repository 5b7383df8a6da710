"""``cvtex letter new``: a commented bilingual letter to start from, naming its profile."""

from __future__ import annotations

import json
import os
from pathlib import Path

from .. import atomic
from ..errors import InputError

STARTER = Path(__file__).with_name("starter.yaml")


def write_letter_starter(path: Path, profile: Path, force: bool = False) -> None:
    if not profile.is_file():
        raise InputError(
            f"--profile {profile}: no such file",
            "name the profile the letter goes with (cvtex new my-cv.yaml writes one)",
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        if force:
            atomic.write_text(path, letter_starter_text(path, profile))
        else:  # refuses any existing name, a link included, in the same step as the write
            atomic.write_new(path, letter_starter_text(path, profile))
    except FileExistsError:
        raise InputError(
            f"{path} already exists; cvtex never overwrites a letter",
            "choose another name, or pass --force to replace it",
        ) from None


def letter_starter_text(path: Path, profile: Path) -> str:
    relative = Path(os.path.relpath(profile.resolve(), path.resolve().parent)).as_posix()
    # A JSON string is a YAML string: any path, quoted as it must be.
    return (
        STARTER.read_text(encoding="utf-8")
        .replace("{profile}", json.dumps(relative, ensure_ascii=False))
        .replace("{file}", path.name)
        .replace("{stem}", path.stem)
    )

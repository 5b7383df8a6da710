"""``cvtex letter new``: a commented bilingual letter to start from, naming its profile."""

from __future__ import annotations

import json
import os
from pathlib import Path

from .. import atomic
from ..errors import InputError
from ..language.catalog import available_languages
from ..pipeline.request import output_stem
from ..profile.source import load_yaml
from .profile import DEFAULT_LANGUAGES, in_languages, per_language

STARTER = Path(__file__).with_name("letter.yaml")


def write_letter_starter(path: Path, profile: Path, force: bool = False) -> list[str]:
    """Write the starter; the names of the PDFs a build of it makes, one per language."""
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
    return letter_pdfs(path, profile)


def letter_starter_text(path: Path, profile: Path) -> str:
    relative = Path(os.path.relpath(profile.resolve(), path.resolve().parent)).as_posix()
    # A JSON string is a YAML string: any path, quoted as it must be.
    starter = STARTER.read_text(encoding="utf-8").replace(
        "{profile}", json.dumps(relative, ensure_ascii=False)
    )
    languages = profile_languages(profile)
    return (
        in_languages(starter, languages)
        .replace("{per_language}", per_language(languages))
        .replace("{file}", path.name)
        .replace("{pdfs}", ", ".join(letter_pdfs(path, profile)))
        .replace("{stem}", path.stem)
    )


def letter_pdfs(path: Path, profile: Path) -> list[str]:
    """The PDFs ``cvtex build`` of the letter makes: one per language of its profile."""
    return [f"{output_stem(path, code)}.pdf" for code in profile_languages(profile)]


def profile_languages(profile: Path) -> list[str]:
    """The profile's languages that cvtex has a starter's texts for (its own catalogs' are
    written as the letter goes); the starter's own when it names none."""
    data, _ = load_yaml(profile)
    written = data.get("languages") if isinstance(data, dict) else None
    if not isinstance(written, list):
        return list(DEFAULT_LANGUAGES)
    shipped = [code for code in written if isinstance(code, str) and code in available_languages()]
    return shipped or ["en"]

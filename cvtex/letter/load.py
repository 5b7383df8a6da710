"""Read a letter file into its models, with the profile's located errors.

A letter is told from a profile by its top-level ``profile:`` key, which no profile has:
the build, watch and validate commands take either file and read the one it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ..errors import InputError
from ..profile.load import describe_problems
from ..profile.source import SourceMap, load_yaml

# A letter's models are built only when a letter is read: a CV's build has no use for them.
if TYPE_CHECKING:
    from .model import Letter


def is_letter_data(data: Any) -> bool:
    """Whether a file's data is a letter's: a mapping with a ``profile:`` key."""
    return isinstance(data, dict) and "profile" in data


def is_letter(file: Path) -> bool:
    """Whether ``file`` is a letter (else it is read as a profile, and says so if not).
    For commands that take either; a build reads the file once (pipeline.load)."""
    try:
        return is_letter_data(load_yaml(file, prose=True)[0])
    except InputError:
        return False  # the profile's loading reports the file's error with its way out


@dataclass(frozen=True)
class LoadedLetter:
    letter: Letter
    source: SourceMap

    @property
    def file(self) -> Path:
        return self.source.file

    @property
    def profile_file(self) -> Path:
        return (self.file.parent / self.letter.profile).resolve()

    @property
    def signature_image(self) -> Path | None:
        image = self.letter.signature.image
        return (self.file.parent / image).resolve() if image else None

    @property
    def inputs(self) -> tuple[Path, ...]:
        """The files the letter itself is made from (its profile's are the profile's)."""
        return (self.file, *filter(None, [self.signature_image]))


def load_letter(file: Path, parsed: tuple[Any, SourceMap] | None = None) -> LoadedLetter:
    """``parsed``: the file as load_yaml(file, prose=True) read it already, if it was."""
    from .model import Letter

    data, source = parsed or load_yaml(file, prose=True)
    if not isinstance(data, dict):
        raise InputError(
            f"{file}: a letter is a YAML mapping (profile:, recipient:, body:, ...)",
            "start from `cvtex letter new letter.yaml --profile my-cv.yaml`",
        )
    try:
        letter = Letter.model_validate(data)
    except ValidationError as exc:
        raise InputError(describe_problems(exc, data, source, Letter, "the letter")) from None
    loaded = LoadedLetter(letter, source)
    if not loaded.profile_file.is_file():
        raise InputError(
            f"{source.locate(('profile',))}: profile: no such file {loaded.profile_file}",
            "name the profile this letter goes with, relative to the letter's folder",
        )
    return loaded

"""A filled translation file as every format reads it: its header and its units. Apart
from the formats' registry (``__init__``), so that each format imports these without
importing the registry that imports it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ReadUnit:
    """A unit as a filled translation file has it."""

    text: str
    translation: str
    checked: bool  # False: a suggestion the translator has not taken
    listed: list[str] = field(default_factory=list)  # the places' paths, as exported
    where: str = ""  # where the unit is written in the translation file


@dataclass
class Header:
    """What every format says besides its units."""

    profile: str  # the profile's (or letter's) file name
    language: str  # the target
    source: str  # the language most units are written in

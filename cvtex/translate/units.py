"""One unit per distinct text: what a translator translates once, written back everywhere.

A CV repeats itself: "Tsinghua University" heads an education entry and names the
organization of two jobs; "Beijing, China" is the location of three. The places that
show one text (whitespace aside) make one unit, and its translation is written at every
place. A unit may come with a suggestion: a draft standing at one of its places, or what
the memory holds for its text. A suggestion is the translator's to check, and is written
into the profile as a translation only once checked.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .memory import Memory, key_of
from .places import Place


@dataclass
class Unit:
    """A distinct text, the places it stands, and its translation."""

    source: str  # the language it is written in (that of its first place)
    text: str
    places: list[Place] = field(default_factory=list)
    translation: str = ""
    # Who suggested the translation, while the translator has not checked it: "profile",
    # "memory other.yaml", "catalog", "draft deepl". None: the translator's own, or none.
    suggested: str | None = None

    @property
    def key(self) -> str:
        return key_of(self.text)

    @property
    def accepted(self) -> bool:
        """Whether the translation is to be written into the profile as it is."""
        return bool(self.translation) and self.suggested is None

    def context(self) -> dict[str, object]:
        """The unit's place in the CV, as an engine is told it: its first place's."""
        return self.places[0].context() if self.places else {}


def units_of(places: Iterable[Place], memory: Memory | None = None) -> list[Unit]:
    """The places grouped by their text, in the order of each text's first place, each
    with its suggestion: a draft standing at one of its places, else the memory's."""
    units: dict[str, Unit] = {}
    for place in places:
        unit = units.setdefault(key_of(place.text), Unit(place.source, place.text))
        unit.places.append(place)
    for unit in units.values():
        drafted = next((place.draft for place in unit.places if place.draft), None)
        if drafted is not None:
            unit.translation = drafted.text
            unit.suggested = "draft" + (f" {drafted.origin}" if drafted.origin else "")
        elif memory is not None and (remembered := memory.lookup(unit.text)):
            unit.translation = remembered.text
            unit.suggested = remembered.describe()
    return list(units.values())


def places_index(places: Iterable[Place]) -> dict[str, list[Place]]:
    """The places by their text, as a merge finds where a unit's translation goes."""
    index: dict[str, list[Place]] = {}
    for place in places:
        index.setdefault(key_of(place.text), []).append(place)
    return index


def where_listed(unit: Unit, main_file: Path) -> list[str]:
    return [place.where(main_file) for place in unit.places]

"""Which texts of a CV look untranslated: written once for every language, in another script.

A plain string (``title: Fast Training Library``) is shown as it is in every language, so
the coverage count takes it as the Chinese CV's own text. It looks untranslated in a
language when it has no letter of that language's scripts (the catalog's ``scripts:``)
and has a word of another script: a Latin word of three or more letters written in lower
case or capitalised (``training``, ``Beijing``; not ``GPU``, ``IWQoS``, ``Ph.D.``), or any
letter of a script the language is not written in (Han in an English CV). Links, e-mail
addresses and math are left out before looking.

Some fields are never reported, because they are the same in every CV by nature: contacts
other than a location, the authors, titles and venues of publications, patents'
inventors and the names in a skill group. Anything else that is the same on purpose is
written ``{same: ...}``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..language.catalog import Catalog
from ..profile.load import LoadedProfile
from ..profile.model import Profile, Variant
from ..profile.source import Path_, format_path
from ..text.scripts import writing_system
from .cv import CvView
from .localize import view_of
from .text import TextChooser


@dataclass(frozen=True)
class Untranslated:
    """A plain string shown in a language it does not look written in."""

    path: Path_
    text: str
    file: Path
    line: int

    def where(self, profile_file: Path) -> str:
        return f"line {self.line}" if self.file == profile_file else f"{self.file}:{self.line}"

    def describe(self, profile_file: Path) -> str:
        shown = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        return f"{self.where(profile_file)}: {format_path(self.path)}: {shown!r}"


def find_untranslated(
    loaded: LoadedProfile, catalog: Catalog, variant: Variant | None = None
) -> tuple[CvView, list[Untranslated]]:
    """The CV's view in the catalog's language, and the plain strings it shows that look
    untranslated there, in the order they are shown."""
    chooser = TextChooser(loaded.profile, loaded.source, catalog, variant)
    view = view_of(chooser)
    return view, untranslated_in(chooser)


def untranslated_in(chooser: TextChooser) -> list[Untranslated]:
    """The plain strings ``chooser`` has shown that look untranslated in its language, in
    the order of the files' lines: the profile's own, then included files'."""
    found: dict[Path_, Untranslated] = {}
    for path, text in chooser.plain:
        if path in found or not reported(chooser.profile, path):
            continue
        if looks_untranslated(text, chooser.catalog.scripts):
            position = chooser.source.locate(path)
            found[path] = Untranslated(path, text.strip(), position.file, position.line)
    return _in_line_order(chooser, found.values())


def untranslated_in_each(choosers: Sequence[TextChooser]) -> list[list[Untranslated]]:
    """:func:`untranslated_in` of each chooser, from one scan of what they showed together.

    A plain string is shown as it is in every language, so a build of n languages meets
    each n times: here each is judged once for each set of scripts its languages are
    written in (zh, zh-TW and zh-HK share theirs), and located once, not once per language.
    """
    judged: dict[tuple[str, tuple[str, ...]], bool] = {}
    located: dict[tuple[int, Path_, str], Untranslated] = {}
    each = []
    for chooser in choosers:
        scripts = tuple(chooser.catalog.scripts)
        found: dict[Path_, Untranslated] = {}
        for path, text in chooser.plain:
            if path in found:
                continue
            if (text, scripts) not in judged:
                judged[text, scripts] = looks_untranslated(text, list(scripts))
            if not judged[text, scripts] or not reported(chooser.profile, path):
                continue
            where = (id(chooser.source), path, text)
            if where not in located:
                position = chooser.source.locate(path)
                located[where] = Untranslated(path, text.strip(), position.file, position.line)
            found[path] = located[where]
        each.append(_in_line_order(chooser, found.values()))
    return each


def _in_line_order(chooser: TextChooser, items: Iterable[Untranslated]) -> list[Untranslated]:
    profile_file = chooser.source.file
    return sorted(items, key=lambda item: (item.file != profile_file, item.line))


def reported(profile: Profile, path: Path_) -> bool:
    """Whether a field may be reported at all (see the module's docstring)."""
    match path:
        case ("contacts", int(index), "value"):
            return profile.contacts[index].type == "location"
        case ("publications", _, "authors" | "title" | "venue", *_):
            return False
        case ("patents", _, "inventors", *_):
            return False
        case ("skills", _, "items", _):
            return False
    return True


# Left out before looking: links' targets, addresses, math.
_NOT_WORDS = re.compile(
    r"\]\([^)]*\)"  # [text](target): the text stays
    r"|\b(?:https?|ftp)://\S+|\bwww\.\S+|\bmailto:\S+|\S+@\S+"
    r"|\$[^$]*\$"
)
_LETTERS = re.compile(r"[^\W\d_]+")


def looks_untranslated(text: str, scripts: list[str]) -> bool:
    """Whether ``text`` has no letter of ``scripts`` and a word of another script."""
    runs = _LETTERS.findall(_NOT_WORDS.sub(" ", text))
    if any(writing_system(letter) in scripts for run in runs for letter in run):
        return False
    return any(_is_word(run, scripts) for run in runs)


def _is_word(run: str, scripts: list[str]) -> bool:
    script = writing_system(run[0])
    if script == "Latin":
        # Capitals within a word mark a name or an abbreviation (IWQoS, PyTorch, GPU).
        return len(run) >= 3 and (run.islower() or (run[0].isupper() and run[1:].islower()))
    return script is not None and script not in scripts

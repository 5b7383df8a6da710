"""Which texts of a CV look untranslated: written once for every language, in another one.

A plain string (``title: Fast Training Library``) is shown as it is in every language, so
the coverage count would take it as each CV's own text. Its language is told by the one
rule, :func:`cvtex.text.written.written_in`: the writing system most of its words are in,
each Han, kana or Hangul character a word, CJK on a tie.

* A Chinese, Japanese or Korean text looks untranslated in a CV written in none of its
  scripts: Japanese in the Chinese CV, Chinese in the Korean one, and in the English CV a
  Chinese sentence with English terms in it (``基于 PyTorch 的训练框架``). In a CV written
  in no CJK script (English, German, Russian) it is named wherever it is shown: a skill
  item (``模型微調``), a venue, a title, an author.
* A text most of whose words are of an alphabet looks untranslated in a CV of another
  script when it has a real word in it: a Latin word of three or more letters written in
  lower case or capitalised (``training``, ``Beijing``; not ``GPU``, ``IWQoS``, ``Ph.D.``),
  or a letter of another alphabet; unless it has a letter of the CV's own scripts too
  (``熟悉 Python、R、SQL`` in the Chinese CV: CJK writing names tools in Latin letters).
  Some fields are never reported so, nor CJK in a CJK CV, being the same in every such CV
  by nature: contacts other than a location, the authors, titles and venues of
  publications, patents' inventors and the items of a skill group.

The one way to say that a text is the same in every language on purpose is ``{same: ...}``.
Links, e-mail addresses and math are left out before looking.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..language.catalog import Catalog
from ..profile.load import LoadedProfile
from ..profile.model import Profile, Variant
from ..profile.source import Path_, format_path
from ..text.scripts import writing_system
from ..text.written import (
    CJK_LANGUAGES,
    is_cjk,
    is_own_text,
    letter_runs,
    writes_cjk,
    written_in,
)
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
    return untranslated_in_each([chooser])[0]


def untranslated_in_each(choosers: Sequence[TextChooser]) -> list[list[Untranslated]]:
    """:func:`untranslated_in` of each chooser, from one scan of what they showed together.

    A plain string is shown as it is in every language, so a build of n languages meets
    each n times: here each is judged once for each set of scripts its languages are
    written in (zh, zh-TW and zh-HK share theirs), and located once, not once per language.
    """
    judged: dict[tuple[str, tuple[str, ...]], tuple[bool, bool]] = {}
    located: dict[tuple[int, Path_, str], Untranslated] = {}
    each = []
    for chooser in choosers:
        scripts = tuple(chooser.catalog.scripts)
        found: dict[Path_, Untranslated] = {}
        for path, text in chooser.plain:
            if path in found:
                continue
            if (text, scripts) not in judged:
                judged[text, scripts] = _judged(text, list(scripts))
            looks, everywhere = judged[text, scripts]
            if not looks or not (everywhere or reported(chooser.profile, path)):
                continue
            where = (id(chooser.source), path, text)
            if where not in located:
                position = chooser.source.locate(path)
                located[where] = Untranslated(path, text.strip(), position.file, position.line)
            found[path] = located[where]
        each.append(_in_line_order(chooser, found.values()))
    return each


def _judged(text: str, scripts: list[str]) -> tuple[bool, bool]:
    """Whether ``text`` looks untranslated in a CV written in ``scripts``, and whether it
    is named wherever it is shown: CJK in a CV written in no CJK script."""
    looks = looks_untranslated(text, scripts)
    return looks, looks and is_cjk(text) and not writes_cjk(scripts)


def _in_line_order(chooser: TextChooser, items: Iterable[Untranslated]) -> list[Untranslated]:
    profile_file = chooser.source.file
    return sorted(items, key=lambda item: (item.file != profile_file, item.line))


def reported(profile: Profile, path: Path_) -> bool:
    """Whether a field may be reported as written in another alphabet (see the module's
    docstring)."""
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


def looks_untranslated(text: str, scripts: list[str]) -> bool:
    """Whether ``text``, shown in a CV written in ``scripts``, reads as written in another
    language (see the module's docstring)."""
    if is_own_text(text, scripts):
        return False
    if written_in(text) in CJK_LANGUAGES:
        return True
    runs = letter_runs(text)
    if any(writing_system(letter) in scripts for run in runs for letter in run):
        return False
    return any(_is_word(run, scripts) for run in runs)


def _is_word(run: str, scripts: list[str]) -> bool:
    script = writing_system(run[0])
    if script == "Latin":
        # Capitals within a word mark a name or an abbreviation (IWQoS, PyTorch, GPU).
        return len(run) >= 3 and (run.islower() or (run[0].isupper() and run[1:].islower()))
    return script is not None and script not in scripts

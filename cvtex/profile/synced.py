"""Translations that may be out of date: a text changed in one language after the other
language's text was written, drafted or accepted.

cvtex remembers, for each text written in two languages or more (``{zh: ..., en: ...}``),
a fingerprint of each language's text as it last saw it, and keeps that memory in the
user's cache folder (``sync/``, one file per profile, by its path), never in the profile:
the YAML stays as it was written. Each ``cvtex build`` and ``cvtex validate`` compares what
it reads with what it remembers:

* a text it has not seen before is taken as it is: its languages agree;
* a language whose text changed, while another's did not, makes that other one **may be
  out of date** (the Chinese rewritten: the English may no longer say the same);
* a change to a language that is out of date, or that followed the other before (a
  translation written, caught up, or its typo fixed), is that translation catching up: it
  makes nothing else out of date, and is no longer out of date itself;
* both changed at once: they agree again;
* ``cvtex translate confirm`` (a text still says the same), ``translate accept`` (a draft
  checked) and ``translate merge`` (a translator's text) record that a language agrees.

The memory is a fingerprint per text and language, keyed by the text's path; a text moved
with its entry (an entry added above it) is recognised by its fingerprints. A profile moved
elsewhere, or a cleared cache, starts afresh with every text taken as it is.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..cachefiles import read_json, user_subfolder, write_json
from .drafts import is_text_mapping
from .load import LoadedProfile
from .source import Path_, SourceMap, format_path

FORMAT = 1
_FOLDER = "sync"
# Fields whose mappings by language are settings, not texts of the CV.
_SETTINGS = {"layout", "fallback", "glossary", "protect", "design", "variants", "homepage"}


@dataclass(frozen=True)
class OutOfDate:
    """A language's text written before another language's text of it changed."""

    path: Path_  # of the text by language, in the profile with its includes joined
    language: str
    changed: tuple[str, ...]  # the languages whose text changed since
    text: str
    file: Path
    line: int

    @property
    def message(self) -> str:
        """``education[0].degree: en may be out of date: its zh text changed since``."""
        since = " and ".join(self.changed)
        return (
            f"{format_path(self.path)}: {self.language} may be out of date: its {since} "
            "text changed since"
        )

    def where(self, profile_file: Path) -> str:
        return f"line {self.line}" if self.file == profile_file else f"{self.file}:{self.line}"

    def describe(self, profile_file: Path) -> str:
        shown = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        since = ", ".join(self.changed)
        return (
            f"{self.where(profile_file)}: {format_path(self.path)}: {self.language}: "
            f"{shown!r} ({since} changed since)"
        )


@dataclass
class Record:
    """What cvtex last saw of one text: each language's fingerprint, the languages that may
    be out of date (with the languages whose change made them so), and those that follow
    another (a translation catching up: its changes make nothing out of date)."""

    seen: dict[str, str]
    behind: dict[str, list[str]] = field(default_factory=dict)
    following: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"seen": self.seen}
        if self.behind:
            found["behind"] = self.behind
        if self.following:
            found["following"] = self.following
        return found

    @classmethod
    def read(cls, data: Any) -> Record | None:
        if not isinstance(data, dict) or not _strings(data.get("seen"), str):
            return None
        behind = data.get("behind", {})
        following = data.get("following", [])
        if not isinstance(behind, dict) or not all(isinstance(v, list) for v in behind.values()):
            behind = {}
        return cls(
            dict(data["seen"]),
            {str(key): [str(code) for code in value] for key, value in behind.items()},
            [code for code in following if isinstance(code, str)]
            if isinstance(following, list)
            else [],
        )

    def observe(self, now: dict[str, str]) -> None:
        """The text as it is now: what changed since, and what that makes out of date."""
        added = [code for code in now if code not in self.seen]
        changed = [code for code in now if code in self.seen and now[code] != self.seen[code]]
        followers = {*self.behind, *self.following, *added}
        leading = [code for code in changed if code not in followers]
        if leading:
            # A text rewritten: every language that did not change with it is behind.
            self.behind = {
                code: sorted({*self.behind.get(code, []), *leading})
                for code in now
                if code not in changed and code not in added
            }
            self.following = []
        else:
            for code in [*changed, *added]:
                self.behind.pop(code, None)
                if code not in self.following:
                    self.following.append(code)
        self.behind = {code: since for code, since in self.behind.items() if code in now}
        self.following = [code for code in self.following if code in now]
        self.seen = dict(now)

    def agree(self, language: str) -> bool:
        """Take ``language``'s text as agreeing with the others; whether it was behind."""
        was = self.behind.pop(language, None) is not None
        if language in self.seen and language not in self.following:
            self.following.append(language)
        return was


def _strings(value: Any, kind: type) -> bool:
    return isinstance(value, dict) and all(
        isinstance(k, str) and isinstance(v, kind) for k, v in value.items()
    )


def fingerprint(text: str) -> str:
    """A text as the memory keeps it: its words, whitespace runs as one space, hashed."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:16]


def texts_of(loaded: LoadedProfile) -> dict[Path_, dict[str, str]]:
    """Every text of the profile written in two languages or more, by its path as written
    (a bullet's or an author's text at the bullet's or author's own path when it was written
    there), each language's text."""
    found: dict[Path_, dict[str, str]] = {}
    mappings: list[tuple[Path_, dict[str, Any]]] = []
    _mappings(loaded.profile, (), mappings)
    for path, mapping in mappings:
        texts = {code: text for code, text in mapping.items() if isinstance(text, str)}
        if len(texts) >= 2:
            found[_as_written(loaded.source, path)] = texts
    return found


def _mappings(value: Any, path: Path_, found: list[tuple[Path_, dict[str, Any]]]) -> None:
    """Every text by language under ``value``, into ``found``. Most of a profile is scalars
    with nothing under them: those are passed over before a call (a profile of 500
    publications has 20,000 values)."""
    if isinstance(value, BaseModel):
        for name in _fields(type(value)):
            child = getattr(value, name)
            if not isinstance(child, _LEAVES) and not (not path and name in _SETTINGS):
                _mappings(child, (*path, name), found)
    elif isinstance(value, dict):
        if is_text_mapping(value) and all(v is None or isinstance(v, str) for v in value.values()):
            found.append((path, value))
            return
        for key, child in value.items():
            if not isinstance(child, _LEAVES):
                _mappings(child, (*path, key), found)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            if not isinstance(child, _LEAVES):
                _mappings(child, (*path, index), found)


_LEAVES = (str, int, float, date, type(None))


@cache
def _fields(model: type[BaseModel]) -> tuple[str, ...]:
    return tuple(model.model_fields)


def _as_written(source: SourceMap, path: Path_) -> Path_:
    """``bullets[0].text`` is written ``bullets[0]`` when the bullet is its text alone."""
    written_alone = path[-1:] in (("text",), ("name",)) and path[:-1] in source.positions
    return path[:-1] if written_alone and path not in source.positions else path


def memory_file(profile_file: Path) -> Path | None:
    """Where the memory of a profile is kept: in the user's cache folder, by the profile's
    path; None when that folder cannot be written."""
    folder = user_subfolder(_FOLDER)
    if folder is None:
        return None
    key = hashlib.sha256(str(profile_file.resolve()).encode("utf-8")).hexdigest()[:32]
    return (folder / f"{key}.json").resolve()


class SyncMemory:
    """What cvtex remembers of one profile's texts (see the module's docstring)."""

    def __init__(self, profile_file: Path) -> None:
        self.profile_file = profile_file.resolve()
        self.file = memory_file(profile_file)
        self.records: dict[str, Record] = {}
        self.texts: dict[Path_, dict[str, str]] | None = None  # as last observed
        data = read_json(self.file) if self.file is not None else None
        if isinstance(data, dict) and data.get("format") == FORMAT:
            texts = data.get("texts")
            for name, item in texts.items() if isinstance(texts, dict) else []:
                if (record := Record.read(item)) is not None:
                    self.records[name] = record
        self._saved = self._data()

    def observe(self, texts: dict[Path_, dict[str, str]]) -> None:
        """The profile's texts as they are now (texts_of)."""
        self.texts = texts
        now = {
            format_path(path): {code: fingerprint(text) for code, text in mapping.items()}
            for path, mapping in texts.items()
        }
        old = self.records
        found: dict[str, Record] = {}
        for name, prints in now.items():
            record = old.get(name)
            if record is not None and _shared(record.seen, prints):
                found[name] = record  # the same text, changed or not
        # The others moved with their entries (one added above), changed or not: each takes
        # the record, no longer claimed where it was, that shares most of its texts.
        pool = {name: record for name, record in old.items() if name not in found}
        for name in [name for name in now if name not in found]:
            best = max(pool, key=lambda other: _shared(pool[other].seen, now[name]), default=None)
            if best is not None and _shared(pool[best].seen, now[name]):
                found[name] = pool.pop(best)
        records = {}
        for name, prints in now.items():
            record = found.get(name) or Record(prints)
            record = Record(dict(record.seen), dict(record.behind), list(record.following))
            record.observe(prints)
            records[name] = record
        self.records = records

    def out_of_date(self) -> dict[str, dict[str, list[str]]]:
        """By path: each language that may be out of date, with the languages changed since."""
        return {name: record.behind for name, record in self.records.items() if record.behind}

    def agree(self, chosen: Iterable[tuple[Path_, str]]) -> int:
        """Take each (path, language) as agreeing with its other languages; how many were
        out of date."""
        return sum(
            record.agree(language)
            for path, language in chosen
            if (record := self.records.get(format_path(path))) is not None
        )

    def save(self) -> bool:
        """Write what changed since it was read; whether it was written."""
        data = self._data()
        if self.file is None or data == self._saved:
            return False
        data_json = {
            "profile": str(self.profile_file),
            "format": FORMAT,
            "texts": {name: record.as_json() for name, record in self.records.items()},
        }
        if write_json(self.file, data_json):
            self._saved = data
            return True
        return False

    def _data(self) -> dict[str, Any]:
        return {name: record.as_json() for name, record in self.records.items()}


def _shared(seen: dict[str, str], now: dict[str, str]) -> int:
    """How many languages' texts two fingerprints share."""
    return sum(1 for code, value in now.items() if seen.get(code) == value)


def sync_memory(loaded: LoadedProfile, record: bool = True) -> SyncMemory:
    """The profile's memory, having seen its texts as they are now (and, with ``record``,
    keeping that)."""
    memory = SyncMemory(loaded.file)
    memory.observe(texts_of(loaded))
    if record:
        memory.save()
    return memory


def out_of_date(
    loaded: LoadedProfile, languages: Iterable[str] | None = None, record: bool = True
) -> list[OutOfDate]:
    """The texts of ``languages`` (all, by default) that may be out of date, in the order
    of the files' lines; seen, and with ``record`` remembered, as they are now."""
    memory = sync_memory(loaded, record)
    return located(loaded, memory, languages)


def located(
    loaded: LoadedProfile, memory: SyncMemory, languages: Iterable[str] | None = None
) -> list[OutOfDate]:
    wanted = None if languages is None else set(languages)
    behind = memory.out_of_date()
    found = []
    observed = memory.texts if memory.texts is not None else texts_of(loaded)
    for path, texts in observed.items():
        for language, since in behind.get(format_path(path), {}).items():
            if (wanted is None or language in wanted) and language in texts:
                where = loaded.source.locate((*path, language))
                found.append(
                    OutOfDate(path, language, tuple(since), texts[language], where.file, where.line)
                )
    profile_file = loaded.file
    return sorted(found, key=lambda item: (item.file != profile_file, item.line))


def record_agreed(profile_file: Path, chosen: Iterable[tuple[Path_, str]]) -> int:
    """After a profile was written (drafts accepted, translations merged, texts confirmed):
    its texts as they are now, and each (path, language) of ``chosen`` as agreeing with its
    other languages; how many of those were out of date."""
    from .load import load_profile

    memory = sync_memory(load_profile(profile_file), record=False)
    count = memory.agree(chosen)
    memory.save()
    return count

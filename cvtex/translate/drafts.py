"""``cvtex translate draft`` and ``accept``: the second language drafted for its author,
then checked by them.

A draft fills each distinct text (units.py) the profile shows without text of the target
language, written into the profile in the language's place as ``{draft: ..., from: ...}``
(profile/drafts.py) at every place the text stands:

1. from the memory (memory.py): the profile's own translation of the same text elsewhere,
   another profile's (``--memory``), an official name of the catalog; a draft standing at
   another place of the same text;
2. then, only when ``--engine`` names one, by a machine (engines/): the texts left, never
   one already translated or drafted, nor a person's name, nor a ``personal:`` line (a date
   of birth, a home address) unless ``--include personal`` asks, with their context and the
   glossary of the names and terms they hold. Each reply is kept in the cache as it
   arrives. Answers are kept in the user's cache (cache.py), so nothing is sent
   twice. ``--dry-run`` prints what would be sent, and where, and writes nothing.

Drafts go to a language written for itself: zh-TW and zh-HK are converted from zh, so zh is
drafted and they follow, unless their own text is written. ``accept`` takes drafts (all,
or those under the paths given) as the language's text.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol, TypeVar

from ..errors import InputError
from ..language.catalog import Locales
from ..language.traditional import source_language
from ..letter.load import is_letter
from ..profile.load import load_profile
from ..profile.source import Path_, format_path
from ..profile.synced import record_agreed
from .cache import DraftCache
from .engines import Batch, Item, Request, engine_for
from .memory import Memory, memory_of
from .places import places_of
from .units import Unit, units_of
from .writing import Acceptance, Change, Written, accept_drafts, write_changes


@dataclass(frozen=True)
class DraftOptions:
    engine: str | None = None  # None: the memory only, nothing leaves the machine
    base_url: str | None = None
    model: str | None = None
    memory_files: Sequence[Path] = ()
    locale_files: Sequence[Path] = ()
    dry_run: bool = False
    timeout: float = 120.0
    out: Path | None = None
    cache: DraftCache | None = None  # None: the user's cache folder
    include: frozenset[str] = frozenset()  # what is sent only when asked: "personal"


@dataclass
class Drafted:
    """What a draft run did, or with --dry-run would do."""

    language: str
    from_memory: int = 0  # texts
    from_engine: int = 0
    from_cache: int = 0
    left: list[str] = field(default_factory=list)  # texts no draft was found for
    names: list[str] = field(default_factory=list)  # people's names, never sent
    personal: list[str] = field(default_factory=list)  # personal: lines' texts, sent if asked
    personal_lines: set[Path_] = field(default_factory=set)  # those lines (personal[k])
    requests: list[Request] = field(default_factory=list)  # --dry-run: what would be sent
    written: Written | None = None


def draft(profile_file: Path, language: str, options: DraftOptions) -> Drafted:
    if is_letter(profile_file):
        raise InputError(
            "drafts are written into a profile; a letter's texts are few",
            "translate them with `cvtex translate export LETTER --lang ...` and merge",
        )
    found = places_of(profile_file, language, options.locale_files)
    target = found.language
    catalog = found.locales.catalog(target) if found.locales.has(target) else None
    languages = found.loaded.profile.languages if found.loaded else []
    source = source_language(catalog, languages) if catalog is not None else None
    if source is not None:
        raise InputError(
            f"{target} is converted from {source} by OpenCC: drafts go to {source}, and "
            f"{target} follows",
            f"draft --lang {source}; write {target} text by hand where the conversion is not "
            "what you want",
        )
    memory = memory_of(found, profile_file, options.memory_files)
    assert memory is not None  # a profile's
    units = units_of(found.places, memory)
    result = Drafted(target)
    changes: list[Change] = []
    to_send: list[Unit] = []
    for unit in units:
        undrafted = [place for place in unit.places if place.draft is None]
        if not undrafted:
            continue  # drafted already: never sent again
        if unit.translation:
            origin = _origin(unit)
            changes += [Change(place, unit.translation, origin) for place in undrafted]
            result.from_memory += 1
        elif any(_is_a_name(place.path) for place in unit.places):
            result.names.append(unit.text)
        elif "personal" not in options.include and any(
            place.path[:1] == ("personal",) for place in unit.places
        ):
            result.personal.append(unit.text)  # a date of birth, a home address
            result.personal_lines |= {p.path[:2] for p in unit.places if p.path[0] == "personal"}
        else:
            to_send.append(unit)
    if to_send and options.engine:
        changes += _engine_drafts(to_send, memory, found.locales, result, options)
    else:
        result.left = [unit.text for unit in to_send]
    if options.dry_run or not changes:
        return result
    loaded_languages = found.loaded.profile.languages if found.loaded else []
    if target not in loaded_languages:
        raise InputError(
            f"{target} is not among the profile's languages",
            f"add it to languages: ({', '.join(loaded_languages)}) first",
        )
    result.written = write_changes(
        profile_file,
        target,
        changes,
        lambda: load_profile(profile_file),
        options.out,
        "the drafts",
    )
    return result


def _is_a_name(path: tuple[str | int, ...]) -> bool:
    """A person's name: how someone writes their name in another language is theirs to
    say, not a machine's to guess, and is no text to send away: the CV's owner, referees,
    advisors and mentors, authors and inventors."""
    match path:
        case ("name",) | ("references", int(), "name"):
            return True
        case (_, int(), "advisors" | "mentors", int()):
            return True
        case (_, int(), "authors" | "inventors", int(), *rest) if rest in ([], ["name"]):
            return True
    return False


def _origin(unit: Unit) -> str:
    """What a draft from the memory says it is from: memory (the profile's own), memory
    NAME (another profile's), catalog, or the engine of the draft it repeats."""
    suggested = unit.suggested or ""
    if suggested.startswith("draft"):
        return suggested.removeprefix("draft").strip()
    kind = suggested.split(" (")[0]
    return "memory" if kind == "profile" else kind


def _engine_drafts(
    units: list[Unit],
    memory: Memory,
    locales: Locales,
    result: Drafted,
    options: DraftOptions,
) -> list[Change]:
    assert options.engine is not None
    engine = engine_for(
        options.engine, options.base_url, options.model, options.timeout, dict(os.environ)
    )
    target = result.language
    items = [Item(f"t{number}", unit.text, unit.context()) for number, unit in enumerate(units, 1)]
    by_id = dict(zip((item.id for item in items), units, strict=True))
    sources = {unit.source for unit in units}
    changes: list[Change] = []
    cache = options.cache or DraftCache()
    for source in sorted(sources):
        own = [item for item in items if by_id[item.id].source == source]
        batch = Batch(
            source,
            target,
            own,
            tuple(memory.glossary(item.text for item in own)),
            _name(locales, source),
            _name(locales, target),
            _tag(locales, source),
            _tag(locales, target),
        )
        # British English is another translation than American: the target's tag counts.
        identity = f"{engine.identity} {batch.target_tag}"
        keys = {item.id: cache.key(identity, batch, item) for item in own}
        cached = {item.id: text for item in own if (text := cache.get(keys[item.id]))}
        remaining = replace(batch, items=[item for item in own if item.id not in cached])
        result.from_cache += len(cached)
        if options.dry_run:
            if remaining.items:
                result.requests += engine.plan(remaining)
            continue

        def keep(found: dict[str, str], keys: dict[str, str] = keys) -> None:
            for identifier, text in found.items():
                cache.put(keys[identifier], text, engine.label)

        answered = engine.translate(remaining, keep) if remaining.items else {}
        for item in own:
            text = cached.get(item.id) or answered.get(item.id)
            unit = by_id[item.id]
            if not text:
                result.left.append(unit.text)
                continue
            result.from_engine += 1
            changes += [Change(place, text, engine.label) for place in unit.places]
    return changes


def _name(locales: Locales, code: str) -> str:
    return locales.catalog(code).language if locales.has(code) else ""


def _tag(locales: Locales, code: str) -> str:
    return locales.catalog(code).tag if locales.has(code) else code


def accept(
    profile_file: Path,
    paths: Sequence[str] = (),
    language: str | None = None,
    out: Path | None = None,
) -> Written:
    """Take the drafts (all, of one language, or those at or under ``paths``) as text."""
    loaded = load_profile(profile_file)
    drafts = [d for d in loaded.drafts if language is None or d.language == language]
    taken, unmatched = at_paths(drafts, paths, lambda draft: loaded.source.origin(draft.path)[1])
    chosen = [
        Acceptance(
            *loaded.source.origin(found.path),
            loaded.source.locate((*found.path, found.language)).line,
            found.language,
        )
        for found in taken
    ]
    if unmatched:
        listed = ", ".join(sorted({format_path(d.path) for d in drafts})) or "none"
        raise InputError(
            f"no draft at {', '.join(sorted(unmatched))}",
            f"the drafts stand at: {listed}",
        )
    if not chosen:
        return Written()
    written = accept_drafts(profile_file, chosen, lambda: load_profile(profile_file), out)
    if out is None and written.count:
        # Checked by their author: they agree with the texts they translate.
        record_agreed(profile_file, [(found.path, found.language) for found in taken])
    return written


class AtPath(Protocol):
    path: Path_  # in the profile with its includes joined


Found = TypeVar("Found", bound=AtPath)


def at_paths(
    items: Sequence[Found], paths: Sequence[str], inner: Callable[[Found], Path_]
) -> tuple[list[Found], set[str]]:
    """The items at or under ``paths`` as a user writes them (experience[2],
    education[0].degree; all items without paths), by their path in the profile or, for
    an included file's, in that file (``inner``); and the paths that named none."""
    chosen, unmatched = [], set(paths)
    for item in items:
        names = {format_path(item.path), format_path(inner(item))}
        matched = {
            path
            for path in paths
            if any(name == path or name.startswith((f"{path}.", f"{path}[")) for name in names)
        }
        unmatched -= matched
        if not paths or matched:
            chosen.append(item)
    return chosen, unmatched

"""One merge for every source: what an import adds to a profile, and what it finds there.

It adds an entry the profile lacks (by :mod:`.identity`), a headline or summary it has
none of, a contact or owner name it does not list; it changes nothing already written.
The same merge serves ``cvtex import A B`` (B's additions to what A gave) and
``--into profile.yaml`` (the additions written into the file, its comments and order kept).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..profile import model
from ..profile.edit import editable, replace_keeping_copies
from ..profile.load import load_profile
from ..profile.model import POOLS, Profile
from .identity import Entries, described, same_contact
from .reader import Note, Read, T, TextMap
from .write import placed, pruned, yaml_text

# Fields of the header a profile may lack and an import may give.
_HEADER = ("headline", "summary")
# Profile fields before which a new pool is put, in the model's order.
_ORDER = list(Profile.model_fields)


@dataclass
class Additions:
    """What one source adds: entries per pool (as data), header fields, contacts, owners."""

    entries: dict[str, list[Any]] = field(default_factory=dict)
    header: dict[str, Any] = field(default_factory=dict)
    contacts: list[Any] = field(default_factory=list)
    owner_names: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)  # "experience: Engineer, Acme, 2019-03"
    found: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.entries or self.header or self.contacts or self.owner_names)


def texts_under(value: Any, language: str, languages: list[str]) -> Any:
    """The data with its texts (:class:`T`) as the profile writes them: plain where the
    profile has that one language, else under the language ({zh: ...})."""
    if isinstance(value, T):
        return str(value) if languages == [language] else TextMap({language: str(value)})
    if isinstance(value, TextMap):
        return value
    if isinstance(value, dict):
        return {key: texts_under(item, language, languages) for key, item in value.items()}
    if isinstance(value, list):
        return [texts_under(item, language, languages) for item in value]
    return value


@dataclass
class Known:
    """What a profile holds, as the merge compares: it grows with each source's additions,
    so that the next source (or the same entry twice) finds them there."""

    pools: dict[str, Entries]
    contacts: list[model.Contact]
    owner_names: set[str]
    header: set[str]

    @classmethod
    def of(cls, profile: Profile) -> Known:
        return cls(
            {pool: Entries(pool, getattr(profile, pool)) for pool in POOLS.values()},
            list(profile.contacts),
            {name.casefold() for name in profile.owner_names},
            {key for key in _HEADER if getattr(profile, key) is not None},
        )


def additions(known: Known, imported: Profile, data: dict[str, Any]) -> Additions:
    """What ``imported`` (validated from ``data``) has that ``known`` lacks, as data; ``known``
    takes it in."""
    found = Additions()
    for pool in POOLS.values():
        have = known.pools[pool]
        for index, entry in enumerate(getattr(imported, pool)):
            other = have.find(entry)
            if other is not None:
                found.found.append(f"{pool}: {described(other)}")
                continue
            found.entries.setdefault(pool, []).append(data[pool][index])
            found.added.append(f"{pool}: {described(entry)}")
            have.add(entry)
    for key in _HEADER:
        if key not in known.header and getattr(imported, key) is not None:
            found.header[key] = data[key]
            found.added.append(key)
            known.header.add(key)
    for index, contact in enumerate(imported.contacts):
        if any(same_contact(contact, other) for other in known.contacts):
            continue
        found.contacts.append(data["contacts"][index])
        found.added.append(f"contacts: {contact.type}")
        known.contacts.append(contact)
    for name in imported.owner_names:
        if name.casefold() not in known.owner_names:
            found.owner_names.append(name)
            known.owner_names.add(name.casefold())
    return found


def add_to_data(base: dict[str, Any], found: Additions) -> None:
    """Another source's additions to the data of a profile being made."""
    for pool, entries in found.entries.items():
        base.setdefault(pool, []).extend(entries)
    base.update(found.header)
    if found.contacts:
        base.setdefault("contacts", []).extend(found.contacts)
    if found.owner_names:
        base["owner_names"] = [*base.get("owner_names", []), *found.owner_names]


def unshown(profile: Profile, pools: list[str]) -> list[str]:
    """The pools among ``pools`` that no section of the profile's layout shows."""
    if not profile.sections and not profile.layout:
        return []  # sections by default: every list that has entries
    sections = profile.sections or model.default_sections(profile)
    layouts = profile.layout if isinstance(profile.layout, dict) else {"": profile.layout}
    shown_ids = {ident for ids in layouts.values() for ident in ids} or set(sections)
    kinds = {
        model.POOLS.get(model.section_kind(ident, sections.get(ident, model.Section())))
        for ident in shown_ids
    }
    return [pool for pool in pools if pool not in kinds]


@dataclass
class Merged:
    """What ``--into`` did: the file and its kept copy (none when nothing was added)."""

    written: tuple[Path, Path] | None
    added: list[str]
    found: list[str]
    notes: list[Note]


def import_into(profile_file: Path, reads: list[tuple[Read, str]]) -> Merged:
    """Add each read source's new entries to the profile file, keeping all it holds."""
    loaded = load_profile(profile_file)
    languages = list(loaded.profile.languages)
    known = Known.of(loaded.profile)
    result = Merged(None, [], [], [])
    found_per_read: list[Additions] = []
    for read, language in reads:
        data = texts_under(read.data, language, languages)
        for key in ("languages", "sections", "layout", "design", "theme", "updated"):
            data.pop(key, None)  # the profile's own: an import never changes them
        data["name"] = "-"  # the profile's name stays; the data is checked as a profile
        imported = placed(data, read.notes, read.source.where())
        del data["name"]
        if language not in languages:
            read.notes.append(
                Note(
                    read.source.where(),
                    "",
                    f"its texts are in {language}, which the profile does not list in "
                    f"languages: ({', '.join(languages)}): they are added under {language}",
                )
            )
        found = additions(known, imported, data)
        result.added.extend(found.added)
        result.found.extend(found.found)
        result.notes.extend(read.notes)
        found_per_read.append(found)
    added_pools: list[str] = []
    if result.added:
        # Opened for editing only when there is something to add: the round-trip parser
        # is slow on a long profile, and an import run again adds nothing.
        document = editable(profile_file.read_text(encoding="utf-8"))
        for found in found_per_read:
            if found:
                _add_to_document(document.document, found, document)
                added_pools.extend(pool for pool in found.entries if pool not in added_pools)
    for pool in unshown(loaded.profile, added_pools):
        result.notes.append(
            Note(
                str(profile_file),
                "layout",
                f"{pool} was added, but the profile's layout shows no {pool} section: add "
                f"{pool} to layout: (and to sections:, if the profile lists its sections)",
            )
        )
    if not result.added:
        return result
    text = document.dump_text()
    written = replace_keeping_copies(
        {profile_file: text}, lambda: load_profile(profile_file), "the imported file"
    )
    result.written = written[0]
    return result


def _add_to_document(root: Any, found: Additions, document: Any) -> None:
    """The additions written into the round-trip document, in the styles of the writer."""
    if not hasattr(root, "insert"):
        raise InputError("the profile is not a YAML mapping: nothing can be added to it")
    for key, value in found.header.items():
        _insert(root, key, _node(value, document))
    if found.contacts:
        _extend(root, "contacts", found.contacts, document)
    for pool, entries in found.entries.items():
        _extend(root, pool, entries, document)
    if found.owner_names:
        _extend(root, "owner_names", found.owner_names, document)


def _node(value: Any, document: Any) -> Any:
    # As the writer writes a new profile: no empty lists (a work without authors).
    return document.yaml.load(yaml_text(pruned(value)))


def _extend(root: Any, key: str, entries: list[Any], document: Any) -> None:
    nodes = _node(entries, document)
    if key in root and root[key] is not None:
        root[key].extend(nodes)
    else:
        _insert(root, key, nodes)


def _insert(root: Any, key: str, value: Any) -> None:
    """``key`` before the first key that the profile's model puts after it."""
    rank = _ORDER.index(key)
    later = [
        position
        for position, existing in enumerate(root)
        if existing in _ORDER and _ORDER.index(existing) > rank
    ]
    root.insert(later[0] if later else len(root), key, value)

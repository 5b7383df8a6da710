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
from ..profile import content
from ..profile.edit import editable, insert_key, replace_keeping_copies
from ..profile.load import LoadedProfile, load_profile
from ..profile.model import POOLS, Profile
from ..profile.shown import unshown_entries
from ..profile.source import Path_
from ..text.written import CJK_LANGUAGES, written_in
from ..userfile import UserFile
from .complete import Completion, TextAdded, complete_data, completion, language_added
from .identity import Index, described, same_contact
from .language import strings_in
from .owners import suggestion
from .reader import Note, Read, SameMap, T, TextMap
from .showing import Showing
from .write import placed, pruned, yaml_text

# Texts the same in every CV by nature, which no CV reports as untranslated (publications,
# patents, authors, a skill group's items; contacts but a place): written plain, never
# {same: ...}.
_SAME_BY_NATURE = {"publications", "patents", "authors", "inventors", "items"}
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
    # Entries found there that gain what they lack, written in the profile's file: (pool,
    # the entry's path in the file, what it gains). Those of data being made (a profile
    # being written, an entry an earlier source added) are completed at once.
    completions: list[tuple[str, Path_, Completion]] = field(default_factory=list)
    completed: list[str] = field(default_factory=list)  # "publications: A paper: authors"
    notes: list[Note] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(
            self.entries or self.header or self.contacts or self.owner_names or self.completions
        )


def texts_under(value: Any, language: str, languages: list[str], same: bool = True) -> Any:
    """The data with its texts (:class:`T`) as the profile writes them: plain where the
    profile has that one language, else under the language ({zh: ...}). A text that a file
    written in Chinese, Japanese or Korean gives in another script (Cisco, CCNP Enterprise,
    Python, Tony Cai) is the same in every language ({same: ...}): its author wrote it so
    in the CV of their own language, and it is no untranslated text in any (but where a
    CV never asks, ``same`` False: a publication, a skill group's items)."""
    if isinstance(value, T):
        if same and same_everywhere(value, language):
            return SameMap(same=str(value))
        return str(value) if languages == [language] else TextMap({language: str(value)})
    if isinstance(value, TextMap | SameMap):
        return value
    if isinstance(value, dict):
        if "value" in value and value.get("type") not in (None, "location"):
            same = False  # a contact: an address, a user name, which no CV reports
        return {
            key: texts_under(item, language, languages, same and key not in _SAME_BY_NATURE)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [texts_under(item, language, languages, same) for item in value]
    return value


def same_everywhere(text: str, language: str) -> bool:
    """Whether ``text``, given by a file in ``language``, is written in a script other than
    that CJK language's (see :func:`texts_under`)."""
    if language.split("-")[0] not in CJK_LANGUAGES:
        return False
    written = written_in(text)
    return written is not None and written not in CJK_LANGUAGES


@dataclass
class Known:
    """What a profile holds, as the merge compares: it grows with each source's additions,
    so that the next source (or the same entry twice) finds them there."""

    pools: dict[str, Index]
    contacts: list[content.Contact]
    owner_names: set[str]
    header: set[str]
    languages: list[str]
    name: Any  # the profile's name as written, with the languages imports have added
    # Per pool, in the index's order, where each entry is written: its data (a dict, being
    # made), its path in the profile's file, or its place in the other file it came from
    # (an included file, a bibliography), which an import does not change.
    places: dict[str, list[Any]]

    @classmethod
    def of(cls, profile: Profile, places: dict[str, list[Any]] | None = None) -> Known:
        """``places``: where the profile's entries are written (see :attr:`places`); by
        default at their path in the profile's file."""
        return cls(
            {pool: Index(pool, getattr(profile, pool)) for pool in POOLS.values()},
            list(profile.contacts),
            {name.casefold() for name in profile.owner_names},
            {key for key in _HEADER if getattr(profile, key) is not None},
            list(profile.languages),
            _written_text(profile.name),
            places
            or {
                pool: [(pool, i) for i in range(len(getattr(profile, pool)))]
                for pool in POOLS.values()
            },
        )


def additions(known: Known, imported: Profile, data: dict[str, Any]) -> Additions:
    """What ``imported`` (validated from ``data``) has that ``known`` lacks, as data; ``known``
    takes it in."""
    found = Additions()
    for pool in POOLS.values():
        have = known.pools[pool]
        for index, entry in enumerate(getattr(imported, pool)):
            order = have.find_order(entry)
            if order is not None:
                _complete(known, pool, order, entry, data[pool][index], found)
                continue
            found.entries.setdefault(pool, []).append(data[pool][index])
            found.added.append(f"{pool}: {described(entry)}")
            have.add(entry)
            known.places[pool].append(data[pool][index])
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


def _complete(
    known: Known, pool: str, order: int, entry: Any, data: dict[str, Any], found: Additions
) -> None:
    """The entry found there (the ``order``-th of its pool) completed from ``entry``."""
    have = known.pools[pool].entries[order]
    gained = completion(have, entry, data, known.languages)
    if not gained:
        found.found.append(f"{pool}: {described(have)}")
        return
    place = known.places[pool][order]
    line = f"{pool}: {described(have)}: {', '.join(gained.names)}"
    if isinstance(place, dict):
        complete_data(place, gained)
    elif isinstance(place, tuple):
        found.completions.append((pool, place, gained))
    else:
        found.found.append(f"{pool}: {described(have)}")
        found.notes.append(
            Note(
                f"{place.file}:{place.line}",
                pool,
                f"{described(have)}: lacks {', '.join(gained.names)}, which the import gives: "
                "not changed, as this file is not the profile imported into; add them here",
            )
        )
        return
    found.completed.append(line)
    known.pools[pool].replace(order, gained.entry)


def add_to_data(base: dict[str, Any], found: Additions) -> None:
    """Another source's additions to the data of a profile being made."""
    for pool, entries in found.entries.items():
        existing = base.setdefault(pool, [])
        for entry in entries:
            existing.insert(place_of(existing, entry), entry)
    base.update(found.header)
    if found.contacts:
        base.setdefault("contacts", []).extend(found.contacts)
    if found.owner_names:
        base["owner_names"] = [*base.get("owner_names", []), *found.owner_names]


@dataclass
class Merged:
    """What ``--into`` did: the file and its kept copy (none when nothing was added)."""

    written: tuple[Path, Path] | None
    added: list[str]
    found: list[str]
    notes: list[Note]
    completed: list[str] = field(default_factory=list)
    names: list[TextAdded] = field(default_factory=list)  # the name's languages added


def import_into(
    profile_file: Path, reads: list[tuple[Read, str]], loaded: LoadedProfile | None = None
) -> Merged:
    """Add each read source's new entries to the profile file, keeping all it holds
    (``loaded``: the file, when the caller has loaded it already)."""
    loaded = loaded or load_profile(profile_file)
    languages = list(loaded.profile.languages)
    known = Known.of(loaded.profile, _places(loaded))
    result = Merged(None, [], [], [])
    founds: list[Additions] = []
    for read, language in reads:
        data = texts_under(read.data, language, languages)
        for key in ("languages", "sections", "layout", "design", "theme", "updated"):
            data.pop(key, None)  # the profile's own: an import never changes them
        given_name = data.get("name")
        data["name"] = "-"  # the profile's name stays; the data is checked as a profile
        imported = placed(data, read.notes, read.source.where())
        del data["name"]
        # The name in a language the profile's lacks (陈浩然 beside Haoran Chen) completes it.
        if added_name := language_added(known.name, given_name, languages):
            known.name = _with_text(known.name, added_name)
            result.names.append(added_name)
            result.completed.append(f"name: {added_name.language}")
        if language not in languages and any(strings_in(read.data, T)):
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
        result.completed.extend(found.completed)
        result.notes.extend([*read.notes, *found.notes])
        if found:
            founds.append(found)
    _owner_found(known, founds, reads, result)
    if not founds and not result.names:
        return result  # nothing to add: the file is not even loaded for editing
    showing = Showing.of(loaded.profile)
    for found in founds:
        for pool, entries in found.entries.items():
            for entry in entries:
                showing.place(pool, entry)
    result.added.extend(showing.described())
    # Loaded for editing only now: ruamel.yaml's round trip costs seconds on a long profile.
    user = UserFile.read(profile_file)
    document = editable(user.text)
    # Completed first, at their paths in the file, before new entries move them.
    for found in founds:
        for _, (key, index), gained in found.completions:
            node = document.document[key][index]
            complete_data(node, gained, lambda value: _node(value, document))
    for added_name in result.names:
        _complete_name(document.document, added_name, document)
    for found in founds:
        _add_to_document(document.document, found, document)
    showing.write(document.document, lambda value: _node(value, document))
    text = document.dump_text()
    reloaded: list[LoadedProfile] = []
    written = replace_keeping_copies(
        [(user, text)],
        lambda: reloaded.append(load_profile(profile_file)),
        "the imported file",
    )
    result.written = written[0]
    added_pools = {pool for found in founds for pool in found.entries}
    result.notes.extend(
        Note(f"{line.entries.file}:{line.entries.line}", "", line.what())
        for line in unshown_entries(reloaded[-1])
        if line.pool in added_pools
    )
    return result


def _owner_found(
    known: Known, founds: list[Additions], reads: list[tuple[Read, str]], result: Merged
) -> None:
    """The owner's form among the added publications' authors joins owner_names (noted),
    when no author is the owner by the profile's name or owner_names; else a note
    suggests the forms to add (see :mod:`.owners`)."""
    added = [entry for found in founds for entry in found.entries.get("publications", [])]
    owned = [*known.owner_names, *(name for found in founds for name in found.owner_names)]
    owner = suggestion(known.name, known.languages, owned, added)
    if owner is None:
        return
    names, what = owner
    source = next(read for read, _ in reads if read.data.get("publications"))
    result.notes.append(Note(source.source.where(), "owner_names", what))
    if names:
        founds[-1].owner_names.extend(names)
        known.owner_names.update(name.casefold() for name in names)


def _written_text(text: Any) -> Any:
    """A text of the models as the profile writes it: a string or a mapping by language."""
    return dict(text) if isinstance(text, dict) else text


def _with_text(current: Any, added: TextAdded) -> Any:
    if added.written is None:
        return {**current, added.language: added.text}
    return {added.written: current, added.language: added.text}


def _complete_name(root: Any, added: TextAdded, document: Any) -> None:
    """The name's new language written beside the ones it has, its comments kept."""
    if added.written is None:
        insert_key(root["name"], len(root["name"]), added.language, added.text)
    else:
        root["name"] = _node(
            TextMap({added.written: root["name"], added.language: added.text}), document
        )


def _places(loaded: LoadedProfile) -> dict[str, list[Any]]:
    """Where each entry of the profile is written: its path in the profile's file, or the
    file it came from (an included file, a bibliography)."""
    places: dict[str, list[Any]] = {}
    for pool in POOLS.values():
        places[pool] = []
        for index in range(len(getattr(loaded.profile, pool))):
            file, path = loaded.source.origin((pool, index))
            mine = file.resolve() == loaded.file.resolve() and len(path) == 2
            places[pool].append(tuple(path) if mine else loaded.source.locate((pool, index)))
    return places


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
    if key not in root or root[key] is None:
        # A list new to the profile is ordered as one it had would be: newest first.
        _insert(root, key, nodes)
        nodes = list(nodes)
        del root[key][:]
    for node in nodes:
        root[key].insert(place_of(root[key], node), node)


def place_of(entries: list[Any], new: Any) -> int:
    """Where a new entry goes in a list: among the entries of its section (those with its
    tags), where its date puts them, the latest first (or the earliest, when the list is
    written so); after the last of them when it or they have no dates; else at the end.
    A newer position from a newer export then heads the experience it joins."""
    if not isinstance(new, dict):
        return len(entries)
    tags = set(new.get("tags") or [])
    peers = [
        (index, when)
        for index, entry in enumerate(entries)
        if isinstance(entry, dict) and set(entry.get("tags") or []) == tags
        for when in [_when(entry)]
    ]
    if not peers:
        return len(entries)
    after_last = peers[-1][0] + 1
    when = _when(new)
    dated = [date for _, date in peers if date]
    if not when or not dated:
        return after_last
    if dated != sorted(dated, reverse=True):  # oldest first, or in an order of its own
        if dated == sorted(dated):
            return (
                next((i for i, date in reversed(peers) if date and date <= when), peers[0][0] - 1)
                + 1
            )
        return after_last
    return next((index for index, date in peers if date and date < when), after_last)


def _when(entry: dict[str, Any]) -> str:
    """An entry's date as text that sorts (2019 before 2019-03): its start, date or year."""
    for key in ("start", "date", "year"):
        value = entry.get(key)
        if isinstance(value, (str, int)) or hasattr(value, "isoformat"):
            return str(value)
    return ""


def _insert(root: Any, key: str, value: Any) -> None:
    """``key`` before the first key that the profile's model puts after it."""
    rank = _ORDER.index(key)
    later = [
        position
        for position, existing in enumerate(root)
        if existing in _ORDER and _ORDER.index(existing) > rank
    ]
    root.insert(later[0] if later else len(root), key, value)

"""A section for what an import adds, where the profile names its sections.

A profile with ``sections:`` or ``layout:`` shows only the sections they name: works added
to a profile whose sections came from a LinkedIn export would be printed nowhere. So each
entry added is given a place: the section of its kind is added to the profile's order
(where its kind stands in the default order), or, when the sections of its kind choose
their entries by tag, the entry takes the tag that one of them selects (or a section of
its own tag is added). What cannot be placed so is left to the note that
:func:`cvtex.profile.shown.unshown_entries` writes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..profile.content import Section, section_kind
from ..profile.edit import insert_key
from ..profile.model import POOLS, Profile
from ..profile.shown import KIND_OF, Order, order_of, sections_showing, select_tag
from ..profile.source import format_path

# The kinds of section in the order a profile without sections: shows them.
_RANK = {kind: rank for rank, kind in enumerate(["summary", *POOLS])}


@dataclass
class NewSection:
    ident: str
    data: dict[str, Any]  # {} or {kind: ..., select: [...]}: as written under sections:
    defined: bool  # whether it goes under sections: too (an order that is a layout names ids)
    rank: int


@dataclass
class Showing:
    """A profile's own order, and the sections added to it for the entries an import adds."""

    orders: list[Order]
    sections: dict[str, Section]
    added: list[NewSection] = field(default_factory=list)
    tagged: dict[tuple[str, str], int] = field(default_factory=dict)  # (pool, tag) -> entries

    @classmethod
    def of(cls, profile: Profile) -> Showing:
        return cls(order_of(profile), dict(profile.sections))

    def place(self, pool: str, entry: dict[str, Any]) -> None:
        """Make ``entry`` (data of ``pool``, about to be added) shown: a section for its
        kind, or a tag a section of its kind selects; nothing when one shows it already."""
        if not self.orders:
            return  # no sections named: every list is shown
        tags = [tag for tag in entry.get("tags") or [] if isinstance(tag, str)]
        showing = self._showing(pool)
        if any(not section.select or set(section.select) & set(tags) for _, section in showing):
            return
        kind = KIND_OF[pool]
        if not showing:
            self._add(kind, {}, pool)
        elif tags:  # its source's own section (ORCID's funding): one of its own here
            self._add(tags[0], {"kind": kind, "select": [tags[0]]}, pool)
        elif named := [(ident, s) for ident, s in showing if ident in (kind, pool)]:
            self._tag(pool, entry, select_tag(named))
        else:
            self._tag(pool, entry, kind)
            self._add(kind, {"select": [kind]}, pool)

    def _tag(self, pool: str, entry: dict[str, Any], tag: str) -> None:
        entry["tags"] = [tag]
        self.tagged[(pool, tag)] = self.tagged.get((pool, tag), 0) + 1

    def _showing(self, pool: str) -> list[tuple[str, Section]]:
        ids = [ident for order in self.orders for ident in order.ids]
        ids += [new.ident for new in self.added]
        return sections_showing(self.sections, pool, Order((), "", tuple(dict.fromkeys(ids))))

    def _add(self, ident: str, data: dict[str, Any], pool: str) -> None:
        section = self.sections.get(ident)
        if section is not None and POOLS.get(section_kind(ident, section)) != pool:
            return  # the id is another kind's: the note names what stays unshown
        if any(new.ident == ident for new in self.added):
            return
        defined = section is None and (bool(data) or self.orders[0].key == ("sections",))
        if defined:
            self.sections[ident] = Section.model_validate(data)
        kind = section_kind(ident, self.sections.get(ident, Section()))
        self.added.append(NewSection(ident, data, defined, _RANK.get(kind, len(_RANK))))

    def described(self) -> list[str]:
        """What was added for the entries to be shown, for the lines an import prints."""
        where = " and ".join(f"{format_path(order.key)}:" for order in self.orders)
        lines = [
            f"{where} {new.ident}, a section for the {_pool_of(new, self.sections)} added, "
            "which no section showed"
            for new in self.added
        ]
        lines += [
            f"tags: [{tag}] on {count} {pool} added, which the {pool} sections select"
            for (pool, tag), count in self.tagged.items()
        ]
        return lines

    def write(self, root: Any, node: Callable[[Any], Any]) -> None:
        """The sections added, written into the profile's data (``root``): a plain dict, or
        ruamel's round-trip mapping (its comments kept). ``node`` makes a value of the
        document's kind."""
        for new in self.added:
            if new.defined:
                if root.get("sections") is None:
                    insert_key(root, _key_position(root, "sections"), "sections", node({}))
                sections = root["sections"]
                at = self._position(list(sections), new.rank) if self._by_sections() else None
                insert_key(sections, len(sections) if at is None else at, new.ident, node(new.data))
            if self._by_sections():
                continue
            layout = root["layout"]
            for ids in [layout] if isinstance(layout, list) else list(layout.values()):
                if new.ident not in ids:
                    ids.insert(self._position(list(ids), new.rank), new.ident)

    def _by_sections(self) -> bool:
        return self.orders[0].key == ("sections",)

    def _position(self, ids: list[str], rank: int) -> int:
        """Before the first section whose kind the default order puts after ``rank``."""
        for position, ident in enumerate(ids):
            kind = section_kind(ident, self.sections.get(ident, Section()))
            if kind in _RANK and _RANK[kind] > rank:
                return position
        return len(ids)


def _pool_of(new: NewSection, sections: dict[str, Section]) -> str:
    kind = section_kind(new.ident, sections.get(new.ident, Section()))
    return POOLS.get(kind, kind)


def _key_position(root: Any, key: str) -> int:
    """Before the first key of the profile that its model puts after ``key``."""
    order = list(Profile.model_fields)
    later = [
        i for i, name in enumerate(root) if name in order and order.index(name) > order.index(key)
    ]
    return later[0] if later else len(root)

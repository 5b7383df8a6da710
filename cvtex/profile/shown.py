"""The entries of a profile that no CV shows, each named with the line that would show it.

A profile that names its sections (``sections:``, or ``layout:``) shows only those: a list
whose kind none of them is, or an entry that every section of its kind leaves out by its
``select:``, is printed nowhere, though the profile is valid. An entry counts as shown when
any CV made from the profile shows it: the whole CV, or a variant. A variant's layout, its
``exclude:``, a section's or an entry's ``only:`` and a section's ``limit:`` choose on
purpose; what no CV shows at all is what was forgotten.

``validate``, ``build`` and ``preview`` name them with :func:`unshown_entries`; ``cvtex import
--into`` asks :func:`order_of` and :func:`sections_showing` where an entry it adds belongs.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import Scoped
from .content import Section, section_kind
from .load import LoadedProfile
from .model import POOLS, Profile
from .source import Path_, Position, format_path

# A pool -> the kind of section that shows it (spoken_languages: languages).
KIND_OF = {pool: kind for kind, pool in POOLS.items()}


@dataclass(frozen=True)
class Order:
    """One list of section ids a CV is built in, and what the CV leaves out besides."""

    key: Path_  # where it is written: ("sections",), ("layout",), ("layout", "en"), ...
    language: str  # the language it is for; "" for every language
    ids: tuple[str, ...]
    exclude: frozenset[str] = frozenset()  # a variant's exclude: tags


def order_of(profile: Profile) -> list[Order]:
    """The profile's own order (the whole CV's): its layout (one list, or one per
    language), else its sections in the order written; none when it names no sections
    (every list that has entries is then shown)."""
    return _orders(("layout",), profile.layout) or (
        [Order(("sections",), "", tuple(profile.sections))] if profile.sections else []
    )


def _orders(key: Path_, layout: dict[str, list[str]] | list[str] | None) -> list[Order]:
    if isinstance(layout, list):
        return [Order(key, "", tuple(layout))] if layout else []
    return [Order((*key, lang), lang, tuple(ids)) for lang, ids in (layout or {}).items()]


def _every_order(profile: Profile) -> list[Order]:
    """The orders of every CV the profile makes: the whole CV's, and each variant's."""
    own = order_of(profile)
    orders = list(own)
    for name, variant in profile.variants.items():
        chosen = _orders(("variants", name, "layout"), variant.layout) or own
        exclude = frozenset(variant.exclude)
        orders.extend(Order(order.key, order.language, order.ids, exclude) for order in chosen)
    return orders


def sections_showing(
    sections: dict[str, Section], pool: str, order: Order
) -> list[tuple[str, Section]]:
    """The sections of ``order`` (defined in ``sections``, else by their id) that list
    ``pool``, by id."""
    return [
        (ident, section)
        for ident in order.ids
        for section in [sections.get(ident, Section())]
        if POOLS.get(section_kind(ident, section)) == pool
    ]


@dataclass(frozen=True)
class Unshown:
    """Entries of one list that no CV shows, for one reason, and the line that shows them."""

    pool: str
    indices: tuple[int, ...]
    order: Order  # the whole CV's order, where the line goes
    # The tag to give the entries, when the sections of their kind select others; empty
    # when the order has no section of their kind (the section is the line to add).
    tag: str = ""
    selects: tuple[str, ...] = ()  # what those sections select, for the message


def unshown(profile: Profile) -> list[Unshown]:
    """The entries that no CV made from ``profile`` shows, by list and reason."""
    own = order_of(profile)
    if not own:
        return []  # sections by default: every list that has entries, every entry
    orders = _every_order(profile)
    found: list[Unshown] = []
    for pool in POOLS.values():
        entries = getattr(profile, pool)
        hidden = tuple(
            index
            for index, entry in enumerate(entries)
            if not any(_shows(profile, order, pool, entry) for order in orders)
        )
        if not hidden:
            continue
        showing = [
            pair for order in own for pair in sections_showing(profile.sections, pool, order)
        ]
        if not showing:
            found.append(Unshown(pool, hidden, own[0]))
            continue
        selecting = [(ident, section) for ident, section in showing if section.select]
        # Left out by a select: only, not by an only: that keeps entry and section apart.
        unselected = tuple(
            index
            for index in hidden
            if any(
                _languages_meet(order.language, section.only, entries[index].only)
                for order in own
                for _, section in sections_showing(profile.sections, pool, order)
                if section.select
            )
        )
        if unselected:
            selects = tuple(dict.fromkeys(tag for _, s in selecting for tag in s.select))
            found.append(Unshown(pool, unselected, own[0], select_tag(selecting), selects))
    return found


def select_tag(showing: list[tuple[str, Section]]) -> str:
    """The tag an entry takes to be shown by one of ``showing`` (which all select): that of
    the section named after the list's kind (LinkedIn's experience, beside its projects),
    else of the first."""
    kinds = set(POOLS) | set(POOLS.values())
    named = [section for ident, section in showing if ident in kinds]
    return (named or [section for _, section in showing])[0].select[0]


def _shows(profile: Profile, order: Order, pool: str, entry: Scoped) -> bool:
    if order.exclude & set(entry.tags):
        return True  # a variant that leaves it out on purpose
    for _, section in sections_showing(profile.sections, pool, order):
        if order.exclude & set(section.tags):
            continue
        if section.select and not set(section.select) & set(entry.tags):
            continue
        if _languages_meet(order.language, section.only, entry.only):
            return True
    return False


def _languages_meet(language: str, *onlies: list[str] | None) -> bool:
    """Whether some language is allowed by an order's language and by every ``only:``."""
    allowed: set[str] | None = {language} if language else None
    for only in onlies:
        if only is not None:
            allowed = set(only) if allowed is None else allowed & set(only)
    return allowed is None or bool(allowed)


@dataclass(frozen=True)
class UnshownLine:
    """One :class:`Unshown` as a person reads it: where the entries are, why no CV shows
    them, and the line that would, with where it goes."""

    entries: Position
    pool: str
    count: int
    reason: str
    line: str
    target: str  # "under sections: (cv.yaml:40)", "to each"

    def __str__(self) -> str:
        return f"{self.entries.file}:{self.entries.line}: {self.what()}"

    def what(self) -> str:
        """The message without the place of the entries."""
        what = f"{self.pool}: {self.count} {'entry' if self.count == 1 else 'entries'}"
        line = f"add the line `{self.line}` {self.target}"
        return f"{what} that no CV shows, as {self.reason}: {line}"


def unshown_entries(loaded: LoadedProfile) -> list[UnshownLine]:
    """Each list's entries that no CV shows, as the lines validate, build and preview print."""
    return [_line(loaded, found) for found in unshown(loaded.profile)]


def _line(loaded: LoadedProfile, found: Unshown) -> UnshownLine:
    source = loaded.source
    first = source.locate((found.pool, found.indices[0]))
    count = len(found.indices)
    kind = KIND_OF[found.pool]
    if found.tag:
        reason = f"its {kind} sections show only entries tagged {', '.join(found.selects)}"
        return UnshownLine(first, found.pool, count, reason, f"tags: [{found.tag}]", "to each")
    own = order_of(loaded.profile)
    where = source.locate_key(own[0].key)
    keys = " and ".join(f"{format_path(order.key)}:" for order in own)
    target = f"under {keys} ({where.file.name}:{where.line})"
    if own[0].key == ("sections",):
        return UnshownLine(first, found.pool, count, f"sections: has no {kind} section",
                           f"{kind}: {{}}", target)  # fmt: skip
    return UnshownLine(first, found.pool, count, f"layout: lists no {kind} section",
                       f"- {kind}", target)  # fmt: skip

"""The profile a PDF carries (``design: {attach_profile: true}``): exactly what that PDF
shows, as a profile of its one language, so that ``cvtex import`` of the PDF is exact.

It is read from what the view chose, not chosen again: the CV's view is made once more by
a chooser that remembers each text it chose at its path (:class:`_Recording`), and the
profile is written from those paths. So it holds the language's texts (with the fallbacks
the page shows, converted as the page shows them), the entries the variant's sections
show (tags, ``only:``, ``limit``), their bullets (``max_bullets``), links and labels; and
nothing else: no other language, no other variant, no comments (it is written from the
model), no ``unplaced:`` lines, no drafts (the loader takes them out), no personal lines
the theme does not lay out, no photo (an image, not carried).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import yaml
from pydantic import BaseModel

from ..look.design import Layer, flattened
from ..look.settings import profile_layers
from ..profile import content
from ..profile.base import written
from ..profile.model import POOLS, default_sections
from ..profile.source import Path_
from ..profile.texts import rewritten
from ..view.cv import CvView, Person, Publications
from ..view.localize import view_of
from ..view.sections import pool
from ..view.text import TextChooser

if TYPE_CHECKING:
    from ..pipeline.load import Loaded
    from ..view.localize import Localized


# Each item carried is this language's and this variant's: what scoped it is not carried
# (an entry keeps the tags a shown section selects it by).
_SCOPES = frozenset({"only", "tags"})


class _Recording(TextChooser):
    """A chooser that remembers what it chose: each text at its path, the links shown,
    the authors set in bold as the owner."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.chosen: dict[Path_, str] = {}
        self.links_shown: set[Path_] = set()
        self.owners: list[str] = []

    def text(self, value: Any, path: Path_) -> str:
        chosen = super().text(value, path)
        if value is not None:
            self.chosen[tuple(path)] = chosen
        return chosen

    def links(self, links: list[content.Link], path: Path_) -> Any:
        self.links_shown.update((*path, i) for i, _ in self.shown(links))
        return super().links(links, path)

    def people(self, authors: list[content.Author], path: Path_) -> list[Person]:
        people = super().people(authors, path)
        self.owners += [person.name for person in people if person.owner]
        return people


def carried_profile(
    loaded: Loaded, item: Localized, shows_personal: bool, overrides: Layer | None = None
) -> dict[str, Any]:
    """The profile of what ``item``'s PDF shows; ``shows_personal``: whether its theme lays
    out the personal lines."""
    source = loaded.profile
    profile = source.profile
    chooser = _Recording(profile, source.source, item.catalog, source.variant)
    view = view_of(chooser)
    chosen = chooser.chosen

    def text(path: Path_, value: Any) -> str | None:
        return chosen.get(tuple(path))

    def keep(path: Path_, model: BaseModel) -> bool:
        return not isinstance(model, content.Link) or tuple(path) in chooser.links_shown

    sections = profile.sections or default_sections(profile)
    shown_sections = {
        section.id: sections.get(section.id, content.Section()) for section in view.sections
    }
    selects = {tag for section in shown_sections.values() for tag in section.select}
    data: dict[str, Any] = {"languages": [item.catalog.code], "name": view.name}
    if view.headline:
        data["headline"] = view.headline
    if view.updated and profile.updated is not None:
        data["updated"] = written(profile.updated)
    if owners := list(dict.fromkeys(chooser.owners)):
        data["owner_names"] = owners
    data["contacts"] = [
        rewritten(contact, text, keep, ("contacts", i), _SCOPES)
        for i, contact in enumerate(profile.contacts)
        if ("contacts", i, "value") in chosen
    ]
    if shows_personal:
        data["personal"] = [
            rewritten(line, text, keep, ("personal", i), _SCOPES)
            for i, line in enumerate(profile.personal)
            if chosen.get(("personal", i, "value"))
        ]
    kinds = [content.section_kind(ident, section) for ident, section in shown_sections.items()]
    if ("summary",) in chosen and "summary" in kinds:
        data["summary"] = chosen[("summary",)]
    for pool_name, index in _entries_shown(chooser, view, shown_sections):
        entry = getattr(profile, pool_name)[index]
        shown = rewritten(entry, text, keep, (pool_name, index), _SCOPES)
        if isinstance(shown, dict):
            shown.pop("bib", None)  # its bibliography's entry, written out whole here
            if tags := [tag for tag in entry.tags if tag in selects]:
                shown["tags"] = tags  # what a shown section selects it by
            data.setdefault(pool_name, []).append(shown)
    data["sections"] = {
        ident: rewritten(section, text, keep, ("sections", ident), _SCOPES)
        for ident, section in shown_sections.items()
    }
    data["layout"] = list(shown_sections)
    if loaded.theme.builtin:
        data["theme"] = loaded.theme.name
    design = flattened(profile_layers(item.catalog, source, overrides))
    design.pop("attach_profile", None)
    if design:
        data["design"] = design
    return {key: value for key, value in data.items() if value not in ([], {}, None)}


def carried_yaml(data: dict[str, Any]) -> bytes:
    """The profile as the file the PDF carries: UTF-8 YAML, no comments."""
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=4096).encode("utf-8")


def _entries_shown(
    chooser: TextChooser, view: CvView, sections: dict[str, content.Section]
) -> list[tuple[str, int]]:
    """The entries the view's sections show, as (list, index) in the profile's order: of
    each section's entries (by its select, the language and the variant), as many as it
    shows (its limit)."""
    shown: set[tuple[str, int]] = set()
    for section in view.sections:
        definition = sections[section.id]
        kind = content.section_kind(section.id, definition)
        if kind not in POOLS:
            continue  # summary, text: no entries
        entries = section.entries
        count = (
            sum(len(group.citations) for group in entries.groups)
            if isinstance(entries, Publications)
            else len(entries)
        )
        chosen = pool(chooser, kind, definition)[:count]
        shown.update((str(path[0]), int(path[1])) for path, _ in chosen)
    order = list(POOLS.values())
    return sorted(shown, key=lambda key: (order.index(key[0]), key[1]))

"""Turn a profile into the view of one language: chosen text, formatted dates, kept entries.

The result (:class:`~.cv.CvView`) holds plain strings (user text, not yet TeX) that the
templates lay out. Nothing here knows about LaTeX.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..language.catalog import Catalog
from ..profile.load import LoadedProfile
from .cv import CvView, Personal
from .sections import section_views
from .text import TextChooser, photo_name

if TYPE_CHECKING:
    from .letter import LetterView


@dataclass(frozen=True)
class Localized:
    """One language of a build: every output of that language is made from this."""

    catalog: Catalog
    chooser: TextChooser  # for what an output shows beyond the CV's view (a page title)
    view: CvView
    letter: LetterView | None = None  # a letter's build: the letter, in this language

    @property
    def language(self) -> str:
        return self.catalog.code


def localize(loaded: LoadedProfile, catalog: Catalog) -> CvView:
    """The CV's view in the catalog's language, of the variant ``loaded`` shows."""
    return view_of(TextChooser(loaded.profile, loaded.source, catalog, loaded.variant))


def view_of(chooser: TextChooser) -> CvView:
    profile = chooser.profile
    header = sender_of(chooser)
    personal = personal_lines(chooser)
    sections = [section for section in section_views(chooser) if section.entries]
    return replace(
        header,
        photo=shown_photo(chooser),
        updated=(
            chooser.catalog.labels.updated.format(
                date=chooser.catalog.format_date(profile.updated, whole=True)
            )
            if profile.updated
            else ""
        ),
        sections=sections,
        # A copy: what an output chooses later (a page's title) is not the CV's fallback.
        fallbacks=list(chooser.fallbacks),
        own_texts=chooser.own_texts,
        converted=chooser.converted,
        personal=personal,
    )


def sender_of(chooser: TextChooser) -> CvView:
    """The CV's header alone (name, headline, contacts), as a letter shows its sender: no
    sections, photo or personal lines, and only the fallbacks of those fields. The CV's
    view starts from it."""
    profile = chooser.profile
    return CvView(
        language=chooser.lang,
        name=chooser.name(profile.name, ("name",)),
        headline=chooser.text(profile.headline, ("headline",)),
        photo=None,
        updated="",
        contacts=[
            chooser.contact(contact, ("contacts", i))
            for i, contact in chooser.shown(profile.contacts)
        ],
        sections=[],
        fallbacks=list(chooser.fallbacks),
        own_texts=chooser.own_texts,
        converted=chooser.converted,
    )


def shown_photo(chooser: TextChooser) -> str | None:
    photo = chooser.profile.photo
    if photo is None:
        return None
    shown = photo.show is None or bool(chooser.scopes & set(photo.show))
    if chooser.variant.photo is not None:
        shown = chooser.variant.photo
    return photo_name(chooser.profile, chooser.source.file) if shown else None


def personal_lines(chooser: TextChooser) -> list[Personal]:
    """The personal block's lines this language shows; a line without a value is left out."""
    lines = []
    for i, line in chooser.shown(chooser.profile.personal):
        value = chooser.text(line.value, ("personal", i, "value"))
        if value:
            lines.append(Personal(chooser.text(line.label, ("personal", i, "label")), value))
    return lines

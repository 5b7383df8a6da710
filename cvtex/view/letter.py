"""One language's letter: every text chosen, every default filled from the locale.

The same :class:`~cvtex.view.text.TextChooser` as the CV's reads the letter (its fields
fall back, convert to Traditional and take ``only:`` as a profile's do); the sender is
the CV's header from the profile. Plain strings, not yet TeX: the templates escape them.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..errors import InputError
from ..language.catalog import Catalog, ClosingLine, LetterConventions
from ..letter.load import LoadedLetter
from ..profile.base import YearMonth
from ..profile.model import Profile, Variant
from ..text.scripts import has_cjk
from .cv import CvView, Fallback
from .localize import sender_of
from .text import TextChooser


@dataclass(frozen=True)
class LetterView:
    """What a letter template receives as ``letter`` (its sender is also ``cv``)."""

    sender: CvView  # the CV's header: name, headline, contacts
    date: str
    recipient: list[str]  # name, position, organization, address lines
    subject: str
    salutation: str
    paragraphs: list[str]
    closing: list[ClosingLine]
    signature: str
    signature_image: str | None  # its file name beside the .tex
    enclosures: str  # "Enclosure: CV", or empty; or, in a list (rules.enclosure_list):
    enclosure_items: list[str]  # each enclosure's line (・履歴書)
    rules: LetterConventions  # the language's conventions (the catalog's letter:)
    fallbacks: list[Fallback] = field(default_factory=list)


def today() -> dt.date:
    """The day of the build; SOURCE_DATE_EPOCH, when set, for a build that repeats exactly."""
    if epoch := os.environ.get("SOURCE_DATE_EPOCH", "").strip():
        try:
            return dt.datetime.fromtimestamp(int(epoch), dt.UTC).date()
        except (ValueError, OverflowError, OSError):
            pass
    return dt.date.today()


def conventions(catalog: Catalog) -> LetterConventions:
    """The catalog's ``letter:`` section: a catalog of one's own may not have one."""
    if catalog.letter is None:
        where = f"{catalog.file}: " if catalog.file else ""
        raise InputError(
            f"{where}the {catalog.language} ({catalog.code}) catalog has no letter: section, "
            "so a letter cannot be written in it",
            "add one: locales/en.yaml's letter: lists its keys (title, date, salutation, "
            "closing, ...)",
        )
    return catalog.letter


def letter_view(
    loaded: LoadedLetter,
    profile: Profile,
    sender: TextChooser,
    catalog: Catalog,
    variant: Variant | None = None,
    cv_enclosed: bool = False,
    cv_names: Iterable[str] = (),
) -> LetterView:
    """The letter in ``catalog``'s language, from ``sender`` (the profile read in it).

    ``cv_enclosed``: the CV goes with the letter, and is named among the enclosures unless
    one the letter lists names it already, by ``catalog``'s names of the CV or by
    ``cv_names`` (those of the profile's other languages: "CV" in a Chinese letter)."""
    rules = conventions(catalog)
    letter = loaded.letter
    chooser = TextChooser(profile, loaded.source, catalog, variant)
    text = chooser.text
    person = letter.recipient
    name = text(person.name, ("recipient", "name"))
    parts = {
        "name": [rules.recipient_name.format(name=name)] if name else [],
        "position": [text(person.position, ("recipient", "position"))],
        "organization": [text(person.organization, ("recipient", "organization"))],
        "address": chooser.texts(person.address, ("recipient", "address")),
    }
    recipient = (
        [line for part in rules.recipient_order for line in parts[part] if line]
        if rules.recipient_block
        else []
    )
    header = sender_of(sender)
    enclosed = chooser.texts(letter.enclosures, ("enclosures",))
    names = [rules.cv, *rules.cv_names, *cv_names]
    if cv_enclosed and not any(names_the_cv(item, names) for item in enclosed):
        enclosed.insert(0, rules.cv)
    pattern = rules.enclosure if len(enclosed) == 1 else rules.enclosures
    listed = rules.enclosure_list
    closing = text(letter.closing, ("closing",))
    salutation = text(letter.salutation, ("salutation",)) or _salutation(chooser, loaded, rules)
    paragraphs = [
        paragraph
        for i, item in chooser.shown(letter.body)
        if (paragraph := text(item.text, ("body", i)))
    ]
    if rules.salutation_inline and paragraphs:
        # 拝啓　begins the first paragraph (the catalog's salutation ends with its space).
        paragraphs[0], salutation = salutation + paragraphs[0], ""
    return LetterView(
        sender=header,
        date=_date(letter.date, catalog, rules),
        recipient=recipient,
        subject=rules.subject.format(subject=s)
        if (s := text(letter.subject, ("subject",)))
        else "",
        salutation=salutation,
        paragraphs=paragraphs,
        # A closing of the letter's own stands where the language's last line does.
        closing=[ClosingLine(text=closing, align=rules.closing[-1].align)]
        if closing
        else list(rules.closing),
        signature=rules.signed.format(
            name=text(letter.signature.name, ("signature", "name")) or header.name
        ),
        signature_image=signature_name(loaded),
        enclosures=pattern.format(items=catalog.join(enclosed))
        if enclosed and listed is None
        else "",
        enclosure_items=[listed.item.format(item=item) for item in enclosed] if listed else [],
        rules=rules,
        # A field read twice (the name, for the salutation too) is reported once.
        fallbacks=list(dict.fromkeys([*header.fallbacks, *chooser.fallbacks])),
    )


def names_the_cv(enclosure: str, names: Iterable[str]) -> bool:
    """Whether an enclosure is the CV: it holds one of ``names`` as a word of its own
    ("Curriculum vitae (2 pages)", not "CVD data"), or, in CJK text, anywhere (个人简历)."""
    text = _folded(enclosure)
    for name in map(_folded, names):
        if not name:
            continue
        if has_cjk(name):
            if name in text:
                return True
        elif re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text):
            return True
    return False


def _folded(text: str) -> str:
    """Case and accents aside: a Résumé is the résumé a Resume is."""
    decomposed = unicodedata.normalize("NFKD", text.strip())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def signature_name(loaded: LoadedLetter) -> str | None:
    image = loaded.signature_image
    return f"{loaded.file.stem}.signature{image.suffix.lower()}" if image else None


def _date(date: YearMonth | None, catalog: Catalog, rules: LetterConventions) -> str:
    if date is None:
        day = today()
        date = YearMonth(day.year, day.month, day.day)
    if date.month is None or date.day is None:
        return catalog.format_date(date)
    return rules.format_date(date.year, date.month, date.day, catalog.months)


def _salutation(chooser: TextChooser, loaded: LoadedLetter, rules: LetterConventions) -> str:
    """Dear Dr. Wang, / 尊敬的王博士： from the recipient's honorific and family name; else
    the full name; else the locale's greeting to a committee."""
    person = loaded.letter.recipient
    honorific = chooser.text(person.honorific, ("recipient", "honorific"))
    family = chooser.text(person.family_name, ("recipient", "family_name"))
    if family:
        addressee = rules.addressee.format(honorific=honorific, family_name=family).strip()
        return rules.salutation.format(recipient=addressee)
    if name := chooser.text(person.name, ("recipient", "name")):
        return rules.salutation.format(recipient=name)
    return rules.salutation_general

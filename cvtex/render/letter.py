"""A letter's renderers: its LaTeX source (the theme's ``letter.tex.j2``) and its plain text.

A letter is set by its theme's CV template for the language (the same preamble, fonts,
colours and header), with the body replaced by the letter's parts; the catalog's
``letter:`` says where each part stands. It is meant to fit one page, and is tightened
as ``fit_pages: 1`` tightens a CV when it does not.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .blocks import text_of
from .document import Document
from .latex import Fit, Image, TexSource, render_tex, settings_of
from .metadata import Metadata

if TYPE_CHECKING:
    from ..pipeline.load import Loaded
    from ..view.letter import LetterView
    from ..view.localize import Localized

LETTER_TEMPLATE = "letter.tex.j2"
LETTER_PAGES = 1
# A letter's text is set a point larger than its CV's: a page for a few paragraphs reads
# better at 11 pt than at a CV's 10 (and fitting has that point to give back first).
LETTER_SIZE_STEP = 1.0


def letter_tex_source(loaded: Loaded, item: Localized) -> TexSource:
    """The pdf row of a letter's renderers."""
    letter = _letter(item)
    # The font plan from the whole letter: a Chinese name in an English letter's body
    # needs the CJK fonts as much as one in its header.
    settings = settings_of(loaded, item, letter)
    # Fitted to one page whatever the CV's fit_pages: a letter is a page.
    cv_design = settings.design
    design = replace(cv_design, fit=LETTER_PAGES, font_size=cv_design.font_size + LETTER_SIZE_STEP)
    settings = replace(settings, design=design)
    extra = {"letter": letter}
    meta = letter_metadata(letter, item)

    def render(design_at: object) -> str:
        return render_tex(
            letter.sender,
            item.catalog,
            loaded.theme,
            replace(settings, design=design_at),
            LETTER_TEMPLATE,
            meta,
            extra,
        )

    tex = render(design)
    assert loaded.letter is not None
    image = None
    if letter.signature_image and (file := loaded.letter.signature_image):
        where = f"{loaded.letter.source.locate(('signature', 'image'))}: signature.image"
        image = Image(letter.signature_image, file, where, "paths are relative to the letter")
    return TexSource(
        item.language,
        loaded.stem(item.language),
        tex,
        letter.fallbacks,
        image,
        settings.fonts.cjk_serif is not None,
        Fit(LETTER_PAGES, design, render, tex),
        tagged=design.tagged,
        font_lines=settings.font_lines,
        font_warnings=settings.font_warnings,
    )


def letter_metadata(letter: LetterView, item: Localized) -> Metadata:
    name = text_of(letter.sender.name)
    return Metadata(
        title=letter.rules.title.format(name=name),
        author=name,
        subject=text_of(letter.subject),
        keywords="",
        language=item.catalog.tag,
    )


def letter_text(loaded: Loaded, item: Localized) -> Document:
    """The txt row: the letter as a form's text box takes it, one paragraph a line, in the
    language's layout (a Chinese paragraph starts with two ideographic spaces); what the
    PDF sets at the right (the signature, a Chinese letter's date) is on lines of its own."""
    letter = _letter(item)
    rules = letter.rules
    indent = "\u3000" * round(rules.paragraph_indent)
    gap = [""] if rules.paragraph_space else []

    sender = letter.sender
    lines = [text_of(sender.name)]
    lines += [text_of(contact.text) for contact in sender.contacts]
    lines.append("")
    if rules.date_place == "top":
        lines += [letter.date, ""]
    if letter.recipient:
        lines += [*map(text_of, letter.recipient), ""]
    if rules.signature_place == "top":
        lines += [text_of(letter.signature), ""]
    if letter.subject:
        lines += [text_of(letter.subject), ""]
    if letter.salutation:
        lines += [text_of(letter.salutation), *gap]
    for k, paragraph in enumerate(letter.paragraphs):
        flush = k == 0 and rules.salutation_inline  # 拝啓　begins it
        lines += [("" if flush else indent) + text_of(paragraph), *gap]
    lines += ["\u3000" * round(line.indent) + line.text for line in letter.closing]
    lines += gap
    if rules.date_place == "closing":
        lines.append(letter.date)
    if rules.signature_place == "end":
        lines.append(text_of(letter.signature))
    if rules.date_place == "end":
        lines.append(letter.date)
    if letter.enclosures:
        lines += ["", text_of(letter.enclosures)]
    elif (listed := rules.enclosure_list) and letter.enclosure_items:
        lines += ["", listed.heading, *map(text_of, letter.enclosure_items), listed.end]
    text = "\n".join(lines).rstrip("\n") + "\n"
    return Document(item.language, "txt", loaded.stem(item.language) + ".txt", text)


def _letter(item: Localized) -> LetterView:
    if item.letter is None:  # the renderers' table gives a letter's rows letters only
        raise TypeError("a letter's renderer was given a CV")
    return item.letter

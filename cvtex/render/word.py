"""The Word copy of a CV (``--format docx``), written with python-docx in Word's own styles.

A recruiter edits it as any Word file: the name is in Title, section titles in Heading 1,
an entry's two lines in Entry Heading and Entry Detail (places and dates on a right tab
stop at the text width), bullets in List Bullet, numbered steps in List Number, citations
in Citation. The design gives paper, margins, the body size and the colours; the theme
gives fonts a recruiter's Word has (theme.yaml ``word_fonts:``), a Latin face and an East
Asian one set on every run, with the language tags of the catalog (``word:``), so that
Chinese is never set in whatever font Word falls back to.

Written from the blocks the plain-text copy is written from (blocks.py): a document of
another kind gets a Word copy by making blocks.
"""

from __future__ import annotations

import copy
import io
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from ..look.design import Design, big_points
from ..look.settings import design_for
from ..look.theme import WordFonts
from ..text.scripts import has_cjk
from .blocks import Block, Blocks, Run, cv_blocks
from .document import Document

if TYPE_CHECKING:
    from ..pipeline.load import Loaded
    from ..view.localize import Localized

# What a theme that names no Word fonts gets: faces every Word has.
DEFAULT_FONTS = WordFonts(
    latin="Calibri",
    east_asian="SimSun",
    latin_headings="Calibri",
    east_asian_headings="Microsoft YaHei",
)
PAPERS_MM = {"a4": (210, 297), "letter": (215.9, 279.4)}
# Sizes for a 10 pt body, scaled to the design's (as the PDF's \large and the name's 25 pt).
NAME_SIZE, LARGE_SIZE, SMALL_SIZE = 25, 12, 9
PHOTO_WIDTH_CM, PHOTO_HEIGHT_CM = 2.5, 3.3
WORD_PHOTO_TYPES = {".png", ".jpg", ".jpeg", ".gif", ".bmp"}


@dataclass(frozen=True)
class WordLook:
    """What a Word copy looks like: the design, the fonts and the language tags."""

    design: Design
    fonts: WordFonts
    latin_tag: str  # w:lang of Latin text: en-US
    east_asian_tag: str  # w:eastAsia of Chinese text: zh-CN, zh-TW, zh-HK
    document_tag: str  # the document's language in its properties
    bold_cjk_in_headings_face: bool = False  # bold Chinese in 黑体, as the PDF sets it

    def size(self, points: float) -> float:
        """A size given for a 10 pt body, at this design's body size."""
        return points * self.design.font_size / 10


def word_document(loaded: Loaded, item: Localized) -> Document:
    """The docx row of the renderers' table."""
    catalog = item.catalog
    design = design_for(loaded.theme, catalog, loaded.profile, loaded.design)
    chosen = loaded.theme.word_fonts(catalog.own_keys, catalog.convert_from)
    fonts = WordFonts(
        **{**DEFAULT_FONTS.model_dump(), **chosen.model_dump(exclude_none=True)},
    )
    latin = catalog.word.latin or catalog.code
    look = WordLook(
        design,
        fonts,
        latin,
        catalog.word.east_asian,
        catalog.tag,
        bold_cjk_in_headings_face=catalog.fonts.bold == "sans",
    )
    photo = photo_file(loaded, item)
    content = render_word(cv_blocks(item.view, catalog), look, photo)
    return Document(item.language, "docx", loaded.stem(item.language) + ".docx", content)


def photo_file(loaded: Loaded, item: Localized) -> Path | None:
    """The photo's file when this CV shows one that Word can hold (a PDF photo it cannot)."""
    photo = loaded.profile.profile.photo
    if not item.view.photo or photo is None:
        return None
    file = loaded.profile.file.parent / photo.file
    if file.suffix.lower() not in WORD_PHOTO_TYPES:
        return None
    if not file.is_file():
        raise InputError(
            f"{loaded.profile.source.locate(('photo', 'file'))}: photo.file: cannot read {file}",
            "paths are relative to the profile's folder",
        )
    return file


def length(value: str, font_size: float) -> int:
    """A TeX length (1.3cm, 20mm, 0.5in, 36pt, 2em) in EMU, as python-docx measures."""
    from docx.shared import Pt

    return int(Pt(big_points(value, font_size)))


# -- the document --------------------------------------------------------------------------


def render_word(blocks: Blocks, look: WordLook, photo: Path | None = None) -> bytes:
    """``blocks`` as a .docx file's bytes."""
    import docx  # 0.1 s of lxml and python-docx: only a build that writes Word pays it

    document = docx.Document()
    text_width = page_setup(document, look)
    define_styles(document, look, text_width)
    writer = _Writer(document, look, text_width)
    for block in blocks.blocks:
        writer.write(block, centered=blocks.centered_header)
        if block.kind == "name" and photo is not None:
            writer.photo(photo)
    if blocks.footer:
        footer = document.sections[0].footer.paragraphs[0]
        footer.style = document.styles["Footer"]
        footer.alignment = _alignment("right")
        writer.add_runs(footer, blocks.footer)
    properties = document.core_properties
    properties.title = blocks.title
    properties.author = blocks.author
    properties.language = look.document_tag
    properties.last_modified_by = blocks.author
    properties.comments = "Made by cvtex from a profile"
    properties.keywords = ""
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def page_setup(document: Any, look: WordLook) -> int:
    """Paper and margins from the design; returns the text width (EMU)."""
    from docx.shared import Mm

    design = look.design
    section = document.sections[0]
    width, height = PAPERS_MM.get(design.paper, PAPERS_MM["a4"])
    section.page_width, section.page_height = Mm(width), Mm(height)
    for side in ("top", "bottom", "left", "right"):
        setattr(section, f"{side}_margin", length(design.margins[side], design.font_size))
    # The foot of the page holds the "updated" line, inside the bottom margin.
    section.footer_distance = int(section.bottom_margin * 0.45)
    section.header_distance = int(section.top_margin * 0.45)
    return int(section.page_width - section.left_margin - section.right_margin)


def define_styles(document: Any, look: WordLook, text_width: int) -> None:
    """Word's own styles set to the design, and the few of cvtex's own."""
    from docx.enum.style import WD_STYLE_TYPE
    from docx.enum.text import WD_TAB_ALIGNMENT
    from docx.shared import Pt

    design, fonts = look.design, look.fonts
    styles = document.styles
    accent, muted, text = (design.colors.get(key, "000000") for key in ("accent", "muted", "text"))

    normal = styles["Normal"]
    set_fonts(normal.element, fonts.latin, fonts.east_asian)
    set_language(normal.element, look)
    normal.font.size = Pt(design.font_size)
    set_color(normal.font, text)
    normal.paragraph_format.space_before = Pt(0)
    normal.paragraph_format.space_after = Pt(look.size(1))
    normal.paragraph_format.line_spacing = design.line_spacing
    normal.paragraph_format.widow_control = True

    title = styles["Title"]
    plain_style(title)
    set_fonts(title.element, fonts.latin_headings, fonts.east_asian_headings)
    title.font.size = Pt(look.size(NAME_SIZE))
    title.font.bold = True
    set_color(title.font, accent)
    title.paragraph_format.space_after = Pt(look.size(3))

    subtitle = styles["Subtitle"]
    plain_style(subtitle)
    subtitle.font.size = Pt(look.size(LARGE_SIZE))
    subtitle.font.italic = False
    set_color(subtitle.font, muted)
    subtitle.paragraph_format.space_after = Pt(look.size(3))

    heading = styles["Heading 1"]
    plain_style(heading)
    set_fonts(heading.element, fonts.latin_headings, fonts.east_asian_headings)
    heading.font.size = Pt(look.size(LARGE_SIZE))
    heading.font.bold = True
    set_color(heading.font, accent)
    heading.paragraph_format.space_before = Pt(look.size(9))
    heading.paragraph_format.space_after = Pt(look.size(4))
    heading.paragraph_format.keep_with_next = True
    bottom_rule(heading.element, accent)

    group = styles["Heading 2"]
    plain_style(group)
    set_fonts(group.element, fonts.latin_headings, fonts.east_asian_headings)
    group.font.size = Pt(design.font_size)
    group.font.bold = True
    set_color(group.font, muted)
    group.paragraph_format.space_before = Pt(look.size(3))
    group.paragraph_format.space_after = Pt(look.size(1))
    group.paragraph_format.keep_with_next = True

    contacts = styles.add_style("Contacts", WD_STYLE_TYPE.PARAGRAPH)
    contacts.base_style = normal
    contacts.font.size = Pt(look.size(SMALL_SIZE))
    contacts.paragraph_format.space_after = Pt(look.size(4))

    for name, space_before, keep in (("Entry Heading", 4, True), ("Entry Detail", 0, True)):
        style = styles.add_style(name, WD_STYLE_TYPE.PARAGRAPH)
        style.base_style = normal
        style.next_paragraph_style = styles["List Bullet"]
        style.paragraph_format.space_before = Pt(look.size(space_before))
        style.paragraph_format.space_after = Pt(0)
        style.paragraph_format.keep_with_next = keep
        style.paragraph_format.tab_stops.add_tab_stop(text_width, WD_TAB_ALIGNMENT.RIGHT)

    citation = styles.add_style("Citation", WD_STYLE_TYPE.PARAGRAPH)
    citation.base_style = normal
    hanging = Pt(look.size(22))
    citation.paragraph_format.left_indent = hanging
    citation.paragraph_format.first_line_indent = -hanging
    citation.paragraph_format.space_after = Pt(look.size(2.5))
    citation.paragraph_format.tab_stops.add_tab_stop(hanging)

    for name in ("List Bullet", "List Bullet 2", "List Number", "List Number 2", "List Continue"):
        styles[name].paragraph_format.space_after = Pt(look.size(1))
        styles[name].paragraph_format.space_before = Pt(0)

    link = styles.add_style("Hyperlink", WD_STYLE_TYPE.CHARACTER)
    set_color(link.font, accent)


def plain_style(style: Any) -> None:
    """A style of the default template without its theme fonts, colours and rules, which
    would win over what the design sets."""
    from docx.oxml.ns import qn

    properties = style.element.rPr
    if properties is not None and properties.rFonts is not None:
        for attribute in ("asciiTheme", "hAnsiTheme", "eastAsiaTheme", "cstheme"):
            properties.rFonts.attrib.pop(qn(f"w:{attribute}"), None)
    paragraph = style.element.pPr
    if paragraph is not None:
        for border in paragraph.findall(qn("w:pBdr")):
            paragraph.remove(border)
    style.font.color.rgb = None


def set_fonts(element: Any, latin: str | None, east_asian: str | None) -> None:
    """The run's (or style's) Latin face and East Asian face, as Word reads them."""
    from docx.oxml.ns import qn

    fonts = element.get_or_add_rPr().get_or_add_rFonts()
    for attribute in ("asciiTheme", "hAnsiTheme", "eastAsiaTheme", "cstheme"):
        fonts.attrib.pop(qn(f"w:{attribute}"), None)
    if latin:
        for attribute in ("ascii", "hAnsi", "cs"):
            fonts.set(qn(f"w:{attribute}"), latin)
    if east_asian:
        fonts.set(qn("w:eastAsia"), east_asian)
        fonts.set(qn("w:hint"), "eastAsia")


def set_language(element: Any, look: WordLook) -> None:
    """The language tags of a run (or a style): Latin text's and Chinese text's."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    properties = element.get_or_add_rPr()
    language = properties.find(qn("w:lang"))
    if language is None:
        language = OxmlElement("w:lang")
        properties.insert_element_before(language, "w:eastAsianLayout", "w:specVanish", "w:oMath")
    language.set(qn("w:val"), look.latin_tag)
    language.set(qn("w:eastAsia"), look.east_asian_tag)


def set_color(font: Any, rrggbb: str) -> None:
    from docx.shared import RGBColor

    font.color.rgb = RGBColor.from_string(rrggbb.upper())


def bottom_rule(style_element: Any, rrggbb: str) -> None:
    """A rule under the paragraph in the accent colour: the PDF's rule under a title."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    paragraph = style_element.get_or_add_pPr()
    borders = OxmlElement("w:pBdr")
    bottom = OxmlElement("w:bottom")
    for key, value in (("val", "single"), ("sz", "6"), ("space", "1"), ("color", rrggbb)):
        bottom.set(qn(f"w:{key}"), value)
    borders.append(bottom)
    paragraph.insert_element_before(
        borders,
        *(
            f"w:{name}"
            for name in (
                "shd tabs suppressAutoHyphens kinsoku wordWrap overflowPunct topLinePunct "
                "autoSpaceDE autoSpaceDN bidi adjustRightInd snapToGrid spacing ind "
                "contextualSpacing mirrorIndents suppressOverlap jc textDirection "
                "textAlignment textboxTightWrap outlineLvl divId cnfStyle rPr sectPr "
                "pPrChange"
            ).split()
        ),
    )


def _alignment(name: str) -> Any:
    from docx.enum.text import WD_ALIGN_PARAGRAPH

    return {"left": WD_ALIGN_PARAGRAPH.LEFT, "center": WD_ALIGN_PARAGRAPH.CENTER}.get(
        name, WD_ALIGN_PARAGRAPH.RIGHT
    )


# -- blocks as paragraphs ---------------------------------------------------------------------

HEADINGS = {"name", "section", "group"}
STYLES = {
    "name": "Title",
    "headline": "Subtitle",
    "contacts": "Contacts",
    "section": "Heading 1",
    "group": "Heading 2",
    "entry": "Entry Heading",
    "detail": "Entry Detail",
    "note": "Normal",
    "referee": "Normal",
}


def style_name(block: Block) -> str:
    if block.kind == "paragraph":
        return ("Normal", "List Continue", "List Continue 2")[min(block.level, 2)]
    if block.kind != "item":
        return STYLES[block.kind]
    if block.label:
        return "Citation"
    family = "List Number" if block.marker == "number" else "List Bullet"
    return family if block.level <= 1 else f"{family} {min(block.level, 3)}"


class _Writer:
    """Paragraphs of one document, block by block."""

    def __init__(self, document: Any, look: WordLook, text_width: int) -> None:
        from docx.oxml import OxmlElement
        from docx.text.paragraph import Paragraph

        self.document = document
        self.look = look
        self.text_width = text_width
        self.in_heading = False  # the block being written is set in the headings' faces
        self.link_style = document.styles["Hyperlink"].style_id
        self.run_looks: dict[tuple[object, ...], Any] = {}
        self.styles: dict[str, Any] = {}
        # A paragraph outside the document, where each look's properties are made once.
        self.scratch = Paragraph(OxmlElement("w:p"), document.part)

    def write(self, block: Block, centered: bool) -> None:
        from docx.enum.text import WD_TAB_ALIGNMENT

        paragraph = self.document.add_paragraph()
        # By its id: python-docx looks a style given by name or object up among all of the
        # template's styles, for every paragraph (most of the copy's time).
        paragraph.paragraph_format.element.get_or_add_pPr().style = self.style(block).style_id
        self.in_heading = block.kind in HEADINGS
        if block.kind in ("name", "headline", "contacts") and centered:
            paragraph.alignment = _alignment("center")
        if block.kind == "item" and block.label:
            paragraph.add_run(block.label + "\t")
        if block.kind == "item" and block.marker == "number" and block.restart:
            self.restart_numbering(paragraph)
        self.add_runs(paragraph, block.runs)
        if block.right:
            if block.kind not in ("entry", "detail"):
                stops = paragraph.paragraph_format.tab_stops
                stops.add_tab_stop(self.text_width, WD_TAB_ALIGNMENT.RIGHT)
            paragraph.add_run("\t")
            self.add_runs(paragraph, block.right)
        for line in block.lines:
            paragraph.add_run().add_break()
            self.add_runs(paragraph, line)
        if block.kind == "referee":
            paragraph.paragraph_format.keep_together = True
            paragraph.paragraph_format.space_after = self.points(4)

    def style(self, block: Block) -> Any:
        """The style of ``block``'s paragraph (found by name once per document)."""
        name = style_name(block)
        if (style := self.styles.get(name)) is None:
            style = self.styles[name] = self.document.styles[name]
        return style

    def points(self, value: float) -> Any:
        from docx.shared import Pt

        return Pt(self.look.size(value))

    def add_runs(self, paragraph: Any, runs: tuple[Run, ...]) -> None:
        """The runs, those of one link inside one clickable hyperlink."""
        index = 0
        while index < len(runs):
            run = runs[index]
            if run.url is None:
                self.add_run(paragraph, run)
                index += 1
                continue
            end = index
            while end < len(runs) and runs[end].url == run.url:
                end += 1
            self.add_link(paragraph, run.url, runs[index:end])
            index = end

    def add_run(self, paragraph: Any, run: Run, style: str | None = None, into: Any = None) -> None:
        """A run of ``run``'s text at the end of ``paragraph`` (or of ``into``, a link in it).

        Its properties are made through python-docx once per look, then copied, and the run
        is made of python-docx's own elements: building each run through its API took most
        of a Word copy's time, which a PDF build waits for. Profile text holds no tab or
        line break (texescape.clean_text), so a run is one w:t.
        """
        from docx.oxml import OxmlElement
        from docx.oxml.ns import qn

        key = (replace(run, text="", url=None), has_cjk(run.text), self.in_heading, style)
        if (properties := self.run_looks.get(key)) is None:
            properties = self.run_looks[key] = self.run_properties(run, style)
        made = OxmlElement("w:r")
        made.append(copy.deepcopy(properties))
        text = OxmlElement("w:t")
        text.text = run.text
        if run.text != run.text.strip():
            text.set(qn("xml:space"), "preserve")
        made.append(text)
        (paragraph.paragraph_format.element if into is None else into).append(made)

    def run_properties(self, run: Run, style: str | None) -> Any:
        """The w:rPr of a run that looks as ``run`` does."""
        from docx.shared import Pt

        made = self.scratch.add_run(run.text)
        if style is not None:
            made.element.get_or_add_rPr().style = style
        look, design = self.look, self.look.design
        cjk = has_cjk(run.text)
        made.bold = run.bold or None
        # Chinese has no italics: Word would slant its characters, which no font draws.
        made.italic = (run.italic and not cjk) or None
        if run.script:
            made.font.superscript = run.script == "sup"
            made.font.subscript = run.script == "sub"
        if run.tone:
            set_color(made.font, design.colors.get(run.tone, "000000"))
        if run.small:
            made.font.size = Pt(look.size(SMALL_SIZE))
        east_asian = look.fonts.east_asian
        if self.in_heading or (run.bold and cjk and look.bold_cjk_in_headings_face):
            east_asian = look.fonts.east_asian_headings
        set_fonts(made.element, look.fonts.latin_headings if self.in_heading else None, east_asian)
        set_language(made.element, look)
        return made.element.rPr

    def add_link(self, paragraph: Any, url: str, runs: tuple[Run, ...]) -> None:
        """A clickable link around ``runs``: Word's w:hyperlink, to an external target."""
        from docx.opc.constants import RELATIONSHIP_TYPE
        from docx.oxml import OxmlElement
        from docx.oxml.ns import qn

        target = paragraph.part.relate_to(url, RELATIONSHIP_TYPE.HYPERLINK, is_external=True)
        link = OxmlElement("w:hyperlink")
        link.set(qn("r:id"), target)
        paragraph.paragraph_format.element.append(link)
        for run in runs:
            self.add_run(paragraph, run, style=self.link_style, into=link)

    def restart_numbering(self, paragraph: Any) -> None:
        """This list counts from 1: a numbering of its own over List Number's definition."""
        from docx.oxml.ns import qn

        numbering = self.document.part.numbering_part.element
        style_numbering = paragraph.style.element.pPr.numPr.numId.val
        abstract = numbering.num_having_numId(style_numbering).abstractNumId.val
        own = numbering.add_num(abstract)
        override = own.add_lvlOverride(ilvl=0)
        override.add_startOverride(1)
        properties = paragraph.paragraph_format.element.get_or_add_pPr()
        number = properties.get_or_add_numPr()
        number.get_or_add_ilvl().val = 0
        number.get_or_add_numId().val = int(own.get(qn("w:numId")))

    def photo(self, file: Path) -> None:
        """The photo beside the name, at the right margin, as the PDF sets it."""
        from docx.shared import Cm

        paragraph = self.document.paragraphs[-1]
        paragraph.alignment = _alignment("left")
        try:
            picture = paragraph.add_run().add_picture(str(file), width=Cm(PHOTO_WIDTH_CM))
        except Exception as exc:  # python-docx raises its own for an image it cannot read
            raise InputError(
                f"photo.file: {file}: Word cannot show this image ({type(exc).__name__})",
                "use a PNG or JPEG photo",
            ) from None
        if picture.height > Cm(PHOTO_HEIGHT_CM):
            picture.width = int(picture.width * Cm(PHOTO_HEIGHT_CM) / picture.height)
            picture.height = Cm(PHOTO_HEIGHT_CM)
        float_right(picture)


def float_right(picture: Any) -> None:
    """An inline picture made to float at the right margin, text wrapping on its left."""
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    inline = picture._inline
    anchor = parse_xml(
        f'<wp:anchor {nsdecls("wp", "a", "pic", "r")} distT="0" distB="0" distL="114300" '
        'distR="0" simplePos="0" relativeHeight="251658240" behindDoc="0" locked="0" '
        'layoutInCell="1" allowOverlap="1">'
        '<wp:simplePos x="0" y="0"/>'
        '<wp:positionH relativeFrom="margin"><wp:align>right</wp:align></wp:positionH>'
        '<wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>'
        "</wp:anchor>"
    )
    anchor.append(inline.extent)
    anchor.append(parse_xml(f'<wp:effectExtent {nsdecls("wp")} l="0" t="0" r="0" b="0"/>'))
    anchor.append(parse_xml(f'<wp:wrapSquare {nsdecls("wp")} wrapText="left"/>'))
    anchor.append(inline.docPr)
    anchor.append(parse_xml(f"<wp:cNvGraphicFramePr {nsdecls('wp')}/>"))
    anchor.append(inline.graphic)
    inline.getparent().replace(inline, anchor)

"""What a CV says of itself in its PDF's properties: language, title, author, subject,
keywords, in the document information and as XMP.

Applicant-tracking systems, search engines and screen readers read these before (or
instead of) the page: the language tells them how to split the text into words, the
title and keywords what the file is. They are plain text made from the same view as the
page, so they carry its language and its Traditional conversion.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape as html_escape

from ..language.catalog import Catalog
from ..text.texescape import TexCode
from ..view.cv import CvView, SkillGroup
from .blocks import text_of


def escape(text: str) -> str:
    """Text in XML: &, < and > as entities (as xml.sax.saxutils.escape, whose import brings
    urllib, http and ssl: ~10 ms a build)."""
    return html_escape(text, quote=False)


@dataclass(frozen=True)
class Attachment:
    """A file the PDF carries (the profile it shows: design.attach_profile)."""

    name: str  # letters, digits, dots and hyphens: written in the PDF and the .tex as is
    data: bytes

    @property
    def tex(self) -> TexCode:
        """The file as an embedded file of the PDF, put in its catalog's name tree by
        xdvipdfmx on the first page. Its bytes go into the special as hexadecimal, in lines
        (a PDF reader skips the white space between hex digits): no byte of a text can end
        the special or be read by TeX. The # of its type is read as a character where the
        macro is defined, not as a parameter."""
        digits = self.data.hex()
        lines = "\n".join(digits[i : i + 128] for i in range(0, len(digits), 128))
        filespec = (
            f"<</Type/Filespec/F ({self.name})/UF ({self.name})/EF <</F @cvtexattached>>"
            "/Desc (The profile of this CV, written by cvtex)/AFRelationship/Source>>"
        )
        size = len(self.data)
        stream = f"<</Type/EmbeddedFile/Subtype/application#2Fyaml/Params <</Size {size}>>>>"
        names = f"<</EmbeddedFiles <</Names [({self.name}) {filespec}]>>>>"
        return TexCode(
            "\\begingroup\\catcode`\\#=12\\relax\n"
            "\\gdef\\cvtexattached{%\n"
            f"\\special{{pdf:stream @cvtexattached <{lines}>\n{stream}}}%\n"
            f"\\special{{pdf:put @names {names}}}}}\n"
            "\\endgroup\n"
            "\\AddToHook{shipout/firstpage}{\\cvtexattached}"
        )


@dataclass(frozen=True)
class Metadata:
    title: str
    author: str
    subject: str
    keywords: str
    language: str  # a BCP 47 tag: en-US, zh-CN
    attachment: Attachment | None = None  # design.attach_profile: the profile it shows

    @property
    def catalog(self) -> TexCode:
        """The document's language and its XMP packet, put in the PDF's catalog by xdvipdfmx.

        The packet's bytes go into the special as hexadecimal: no character of a name or
        a skill can end the special early or be read by TeX as a command. The language tag
        is the catalog's, checked against the language-tag pattern when it was loaded:
        letters, digits and hyphens only.
        """
        packet = xmp_packet(self).encode("utf-8").hex()
        return TexCode(
            rf"\special{{pdf:stream @cvtexxmp <{packet}> <</Type/Metadata/Subtype/XML>>}}"
            rf"\special{{pdf:put @catalog <</Metadata @cvtexxmp /Lang ({self.language})>>}}"
        )


def cv_metadata(view: CvView, catalog: Catalog) -> Metadata:
    name = text_of(view.name)
    skills = [
        text_of(group.items)
        for section in view.sections
        if section.kind == "skills"
        for group in section.entries
        if isinstance(group, SkillGroup)
    ]
    return Metadata(
        title=catalog.document.title_for(name),
        author=name,
        subject=text_of(view.headline),
        keywords="; ".join(skill for skill in skills if skill),
        language=catalog.tag,
    )


def xmp_packet(meta: Metadata) -> str:
    def alt(text: str) -> str:
        return f'<rdf:Alt><rdf:li xml:lang="x-default">{escape(text)}</rdf:li></rdf:Alt>'

    fields = [
        "<dc:format>application/pdf</dc:format>",
        f"<dc:title>{alt(meta.title)}</dc:title>",
        f"<dc:creator><rdf:Seq><rdf:li>{escape(meta.author)}</rdf:li></rdf:Seq></dc:creator>",
        f"<dc:language><rdf:Bag><rdf:li>{escape(meta.language)}</rdf:li></rdf:Bag></dc:language>",
    ]
    if meta.subject:
        fields.append(f"<dc:description>{alt(meta.subject)}</dc:description>")
    if meta.keywords:
        fields.append(f"<pdf:Keywords>{escape(meta.keywords)}</pdf:Keywords>")
    fields.append("<xmp:CreatorTool>cvtex</xmp:CreatorTool>")
    body = "\n".join(f"   {field}" for field in fields)
    return (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n'
        ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
        '  <rdf:Description rdf:about=""'
        ' xmlns:dc="http://purl.org/dc/elements/1.1/"'
        ' xmlns:pdf="http://ns.adobe.com/pdf/1.3/"'
        ' xmlns:xmp="http://ns.adobe.com/xap/1.0/">\n'
        f"{body}\n"
        "  </rdf:Description>\n"
        " </rdf:RDF>\n"
        "</x:xmpmeta>\n"
        '<?xpacket end="w"?>'
    )

"""The letter file's typed models: one file per application, beside the profile it names.

Texts take the profile's forms (plain, ``{en: ..., zh: ...}``, ``{same: ...}``) and its
light markup; paragraphs take ``only:`` as bullets do. Unknown keys are errors, as in a
profile. The language's conventions (salutation, closing, where the date stands) are not
here but in the locale catalog's ``letter:`` (language/catalog.py).
"""

from __future__ import annotations

from pydantic import Field

from ..profile.base import Date, Lang, Model, Text
from ..profile.content import LabelField


class Recipient(Model):
    """Who the letter is to; every line is optional."""

    name: Text | None = Field(None, description="The recipient's full name: Dr. Li Wang, 王力.")
    honorific: Text | None = Field(
        None,
        description="With family_name, what the salutation calls them: Dr. -> Dear Dr. Wang, "
        "博士 -> 尊敬的王博士.",
    )
    family_name: Text | None = Field(None, description="Wang, 王: for the salutation.")
    position: Text | None = Field(None, description="Their title: Head of Research, 研究部主任.")
    organization: Text | None = Field(None, description="Company, university or department.")
    address: list[Text] = Field(default_factory=list, description="Address lines, in order.")


class Signature(Model):
    image: str | None = Field(
        None, description="A signature image (PNG, JPEG or PDF), relative to the letter file."
    )
    name: Text | None = Field(None, description="The name signed; by default the profile's name.")


class Letter(Model):
    schema_: str | None = Field(None, alias="$schema")
    profile: str = Field(description="The profile this letter goes with, relative to this file.")
    variant: str | None = Field(
        None,
        description="The profile's variant whose header the letter shows and whose CV is "
        "attached; by default the profile's default variant.",
    )
    languages: list[Lang] | None = Field(
        None, description="The languages to write the letter in; by default the profile's."
    )
    theme: str | None = Field(
        None, description="The theme; by default the variant's or the profile's (--theme wins)."
    )
    date: Date | None = Field(
        None,
        description="The letter's date (2026-11-24); by default the day of the build "
        "(SOURCE_DATE_EPOCH, when set).",
    )
    recipient: Recipient = Field(default_factory=Recipient)
    subject: Text | None = Field(
        None, description="What the letter is about: the position applied for."
    )
    salutation: Text | None = Field(
        None,
        description="The greeting as written in full; by default the locale's, from the "
        "recipient (Dear Dr. Wang, / 尊敬的王博士：) or to the hiring committee.",
    )
    body: list[LabelField] = Field(
        min_length=1,
        description="The paragraphs, in order: text, or {text: ..., only: [en]}.",
    )
    closing: Text | None = Field(
        None, description="The closing; by default the locale's (Sincerely, / 此致 敬礼！)."
    )
    signature: Signature = Field(
        default_factory=Signature, description="The name signed, and an image of the signature."
    )
    enclosures: list[Text] = Field(
        default_factory=list,
        description="What is enclosed besides the CV (the CV is named when it is attached, "
        "unless one of these names it: CV, Curriculum vitae, 简历).",
    )
    attach_cv: bool = Field(
        False,
        description="Write the packet too: one PDF per language, the letter then the CV "
        "(as --with-cv).",
    )

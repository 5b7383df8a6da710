"""Profiles that put given strings into every text field and URL, and what to expect of them.

Used by the nasty-string regression set and the fuzz tests: the same builder fills the same
fields, and the PDF must show each string as it was written.
"""

from __future__ import annotations

import re
import subprocess
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import cycle
from pathlib import Path
from urllib.parse import unquote

import yaml

from cvtex.text.links import link_target
from cvtex.text.texescape import clean_text, escape_text, to_tex

from .conftest import normalized, pdf_text

# Contacts and places are set inside one-line boxes (\mbox): a long value there runs off the
# page by design, so those fields get short strings; every other field flows and wraps.
_NO_MARKERS = str.maketrans("", "", "*$[]")
CONTACT_TYPES = ("email", "phone", "website", "github", "linkedin", "orcid", "location")


@dataclass
class FilledProfile:
    """A profile as plain data, with the strings it holds and the URLs it links to."""

    data: dict
    texts: list[str] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)

    def write(self, folder: Path) -> Path:
        profile = folder / "cv.yaml"
        profile.write_text(yaml.safe_dump(self.data, allow_unicode=True), encoding="utf-8")
        return profile


def fill_profile(
    language: str, flowing: list[str], one_line: list[str], urls: list[str]
) -> FilledProfile:
    """A profile in ``language`` whose text fields hold all of ``flowing`` (cycled if there
    are fewer than fields, extra bullets if more), whose boxed fields hold ``one_line``, and
    whose links point at ``urls``."""
    texts = cycle(flowing)
    short = cycle(one_line)
    links = cycle(urls)
    filled = FilledProfile({})
    taken = 0

    def text(markers: bool = True) -> str:
        nonlocal taken
        taken += 1
        value = next(texts)
        value = value if markers else value.translate(_NO_MARKERS)
        filled.texts.append(value)
        return value

    def part() -> str:
        # cvtex joins some fields into one text before it reads their markup (a degree and
        # its field, advisors, skills, a patent's number and status, places), so markup
        # could span two of them: these get text without markup markers.
        return text(markers=False)

    def boxed() -> str:
        value = next(short).translate(_NO_MARKERS)
        filled.texts.append(value)
        return value

    def contact(kind: str) -> dict:
        value, url = boxed(), next(links)
        # A link around no text is no link at all, and an empty url means none.
        if clean_text(value).strip() and url:
            filled.urls.append(url)
        return {"type": kind, "value": value, "url": url}

    def markdown_link() -> str:
        value = _markdown_url(next(links))
        filled.urls.append(value)
        return value

    author = text()
    filled.data = {
        "languages": [language],
        # Set as designed: these profiles try the text's way to the page, which a fit's
        # trials (the same text, tighter spacing) would only compile again.
        "design": {"fit": "off"},
        "name": text(),
        "owner_names": [author],
        "contacts": [contact(kind) for kind in CONTACT_TYPES],
        "education": [
            {
                "institution": text(),
                "location": boxed(),
                "degree": part(),
                "field": part(),
                "start": 2020,
                "end": {"expected": "2026-06"},
                "advisors": [part(), part()],
                "bullets": [text(), {"text": text(), "items": [text(), text()]}],
            }
        ],
        "experience": [
            {
                "title": text(),
                "organization": boxed(),
                "team": boxed(),
                "location": boxed(),
                "role": text(),
                "start": "2021-03",
                "end": "present",
                "bullets": [text(), text(), f"see [the link]({markdown_link()})"],
            }
        ],
        "publications": [
            {
                "authors": [author, text(), text()],
                "title": text(),
                "venue": text(),
                "abbr": part(),
                "year": 2024,
                "labels": [text()],
            }
        ],
        "patents": [
            {"inventors": [text(), author], "title": text(), "number": part(), "status": part()}
        ],
        "awards": [{"name": text(), "years": [2022, 2023]}],
        "skills": [{"category": text(), "items": [part(), part(), part()]}],
        "sections": {
            "about": {"kind": "text", "title": text(), "text": f"{text()}\n\n{text()}"},
            "education": {},
            "experience": {"title": text()},
            "publications": {},
            "patents": {},
            "awards": {},
            "skills": {},
        },
    }
    filled.texts.append(author)
    # What the fields above did not take goes into more bullets.
    rest = flowing[taken:]
    filled.data["experience"][0]["bullets"].extend(rest)
    filled.texts.extend(rest)
    return filled


def _markdown_url(url: str) -> str:
    """``url`` as a [text](url) link can hold it: no spaces or parentheses."""
    return re.sub(r"[()\s]", "", clean_text(url)) or "x"


def visible(text: str) -> str:
    """What a reader sees of plain ``text``: cvtex drops controls and invisible characters."""
    return comparable(clean_text(text))


# Characters a font draws with the glyph of another, which pdftotext then reads back: the
# dotless i under accents, and the CJK font's wave dash and middle dot that xeCJK uses.
_SHARED_GLYPHS = str.maketrans({"ı": "i", "ȷ": "j", "〜": "~", "・": "·"})


def comparable(text: str) -> str:
    """``normalized``, and accents folded away: a font may set i + accent with a dotless i,
    and pdftotext then reads back "ı" and the marks in another order. The letters count."""
    decomposed = unicodedata.normalize("NFD", normalized(text))
    bare = "".join(ch for ch in decomposed if not unicodedata.category(ch).startswith("M"))
    return unicodedata.normalize("NFKC", bare.translate(_SHARED_GLYPHS))


def has_markup(text: str) -> bool:
    """Whether cvtex renders some of ``text`` as markup (bold, a link, math) rather than as
    the characters themselves; such text cannot be compared character for character."""
    return to_tex(text.strip()) != escape_text(text.strip())


def missing_texts(pdf: Path, texts: list[str]) -> list[str]:
    """The plain texts whose characters do not appear, in order, in the PDF's text."""
    page = comparable(pdf_text(pdf, layout=False))
    missing = []
    for text in texts:
        for paragraph in text.split("\n\n"):
            if not has_markup(paragraph) and visible(paragraph) not in page:
                missing.append(paragraph)
    return missing


def pdf_links(pdf: Path) -> list[str]:
    """The targets of the PDF's links, as pdfinfo reads them."""
    listing = subprocess.run(
        ["pdfinfo", "-url", str(pdf)], capture_output=True, text=True, check=True
    ).stdout
    return [line.split()[-1] for line in listing.splitlines()[1:] if line.strip()]


def same_target(pdf_url: str, written: str) -> bool:
    """A link goes where it was written (with https:// if it had no scheme): equal once
    percent-encoding is undone, and an empty fragment ("#" at the end, which hyperref
    leaves out) is no fragment."""
    target = link_target(clean_text(written)) or ""
    return unquote(pdf_url).removesuffix("#") == unquote(target).removesuffix("#")


def unmatched_links(pdf: Path, urls: list[str]) -> list[str]:
    links = pdf_links(pdf)
    return [url for url in urls if not any(same_target(link, url) for link in links)]


def chunks(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]

"""The application packet: per language, one PDF of the letter followed by the CV, with a
bookmark at the start of each (application portals often take a single file).

The CV is built by the same pipeline as ``cvtex build PROFILE`` would build it, into the
same folder: a CV whose PDF is current is kept, not compiled again. The two PDFs are then
joined page for page by pypdf; nothing is typeset twice.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from .. import atomic
from ..errors import InputError
from .place import BuiltLanguage
from .report import Reporter
from .request import BuildRequest, output_stem, resolve_request

if TYPE_CHECKING:
    from ..render.metadata import Metadata
    from ..view.localize import Localized
    from .load import Loaded


def cv_request(loaded: Loaded, letters: list[BuiltLanguage]) -> BuildRequest:
    """The build of the CV that a letter's packets enclose: the letter's languages, in the
    variant and theme of the letter's build."""
    request, letter = loaded.request, loaded.letter
    assert letter is not None
    return resolve_request(
        loaded.profile.file,
        languages=",".join(built.language for built in letters),
        # The variant the letter names, as its CV's own build names it: the profile's
        # default one is built without a name, into the file that build writes.
        variant=request.variant or letter.letter.variant,
        theme=loaded.theme.name if loaded.theme.builtin else str(loaded.theme.folder),
        out_dir=request.out_dir,
        locale_files=request.locale_files,
        strict=request.strict,
        timeout=request.timeout,
        design=[f"{key}={value}" for key, value in request.design],
        engine=request.engine,
        bundle=request.bundle,
        offline=request.offline,
    )


def place_packets(
    loaded: Loaded,
    languages: list[Localized],
    letters: list[BuiltLanguage],
    cv: list[BuiltLanguage],
    reporter: Reporter,
) -> list[Path]:
    """``<letter>.packet.<language>.pdf`` for each letter built, beside it, joined with the
    CV built for it (``cv``): the packets written; one joined from PDFs that have not
    changed since is kept as it is."""
    from ..render.blocks import text_of
    from ..render.letter import letter_metadata

    written_in = {item.language: item for item in languages}
    request = loaded.request
    cv_pdfs = {built.language: built.pdf for built in cv}
    written = []
    part = f"{request.variant}.packet" if request.variant else "packet"
    for built in letters:
        item = written_in[built.language]
        assert item.letter is not None  # a letter's build localizes letters
        rules, name = item.letter.rules, text_of(item.view.name)
        target = request.out_dir / f"{output_stem(request.profile, built.language, part)}.pdf"
        parts = [built.pdf, cv_pdfs[built.language]]
        if _newer_than(target, parts):
            continue  # joined from these very PDFs already: neither has changed since
        # The letter's metadata (language, author, subject), titled as the packet, with
        # the CV's keywords (its skills).
        meta = replace(
            letter_metadata(item.letter, item),
            title=rules.packet.format(name=name),
            keywords=_keywords(cv_pdfs[built.language]),
        )
        data = joined_pdfs([(built.pdf, rules.word), (cv_pdfs[built.language], rules.cv)], meta)
        atomic.write_bytes(target, data)
        reporter.wrote(target)
        written.append(target)
    return written


def _newer_than(target: Path, parts: list[Path]) -> bool:
    try:
        made = target.stat().st_mtime_ns
        return all(made >= part.stat().st_mtime_ns for part in parts)
    except OSError:
        return False


def _keywords(pdf: Path) -> str:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        info = PdfReader(str(pdf)).metadata
    except (OSError, PdfReadError):
        return ""  # joining it says what is wrong with it
    return str(info.get("/Keywords", "")) if info else ""


def joined_pdfs(parts: list[tuple[Path, str]], meta: Metadata) -> bytes:
    """The PDFs one after the other, each part's first page bookmarked with its name (its
    own bookmarks under it); the whole described by ``meta`` as each part was: its
    document information, its language (/Lang) and its XMP packet."""
    import io

    from pypdf import PdfWriter
    from pypdf.errors import PdfReadError
    from pypdf.generic import DecodedStreamObject, NameObject, TextStringObject

    from ..render.metadata import xmp_packet

    writer = PdfWriter()
    for pdf, bookmark in parts:
        try:
            writer.append(str(pdf), outline_item=bookmark)
        except (OSError, PdfReadError) as exc:
            raise InputError(
                f"cannot read {pdf} to join it into the packet: {exc}",
                "build it again (cvtex build --force)",
            ) from None
    info = {"/Title": meta.title, "/Author": meta.author, "/Creator": "cvtex"}
    info |= {
        key: value
        for key, value in (("/Subject", meta.subject), ("/Keywords", meta.keywords))
        if value
    }
    writer.add_metadata(info)
    root = writer._root_object
    root[NameObject("/Lang")] = TextStringObject(meta.language)
    xmp = DecodedStreamObject()
    xmp.set_data(xmp_packet(meta).encode("utf-8"))
    xmp[NameObject("/Type")] = NameObject("/Metadata")
    xmp[NameObject("/Subtype")] = NameObject("/XML")
    root[NameObject("/Metadata")] = writer._add_object(xmp)
    # Bookmarks shown when the packet opens: a reader sees at once that it holds two parts.
    writer.page_mode = "/UseOutlines"
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()

"""One PDF read back by every reader and compared with its view: the check of a build.

``cvtex check`` and ``cvtex build --check`` run it on each language's PDF once it is in
place, with the view the PDF was rendered from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from . import extractors as readers
from .compare import Miss, misses
from .expected import expected_phrases
from .extractors import Extractor
from .locate import Locator
from .pages import Layout, layout_of

if TYPE_CHECKING:
    from ..pipeline.load import Loaded
    from ..view.localize import Localized


@dataclass(frozen=True)
class Finding:
    extractor: str
    miss: Miss
    where: str  # the profile's file and line the text was written at


@dataclass(frozen=True)
class Reading:
    language: str
    pdf: Path
    texts: int  # the texts the CV shows
    found: dict[str, int]  # by reader: the texts that came back
    findings: list[Finding] = field(default_factory=list)
    two_columns: bool = False  # some texts are set in a side column
    layout: Layout | None = None  # how full its pages are, how wide its word spaces

    @property
    def ok(self) -> bool:
        return not self.findings


def read_back(
    loaded: Loaded,
    item: Localized,
    pdf: Path,
    extractors: tuple[Extractor, ...] | None = None,
    pages: Mapping[str, list[str]] | None = None,
) -> Reading:
    """``pdf`` read by ``extractors`` (cvtex's readers: extractors.EXTRACTORS), or the
    readers' ``pages`` of it, read already."""
    from ..compile.pagetext import TextArea
    from ..look.settings import design_for
    from ..render.latex import side_column_kinds

    catalog = item.catalog
    phrases = expected_phrases(item.view, catalog, side_column_kinds(loaded.theme, catalog))
    convert = item.chooser.convert if item.chooser.converts_from else None
    locate = Locator(loaded.profile, convert)
    found: dict[str, int] = {}
    findings: list[Finding] = []
    read = pages if pages is not None else readers.read_pages(pdf, extractors)
    for name, got in read.items():
        missed, found[name] = misses(phrases, got)
        for miss in missed:
            where = locate(miss.phrase.text) if miss.phrase else str(pdf)
            findings.append(Finding(name, miss, where))
    two_columns = any(phrase.column == "side" for phrase in phrases)
    area = TextArea.of(design_for(loaded.theme, catalog, loaded.profile, loaded.design))
    layout = layout_of(pdf, area, phrases)
    return Reading(item.language, pdf, len(phrases), found, findings, two_columns, layout)

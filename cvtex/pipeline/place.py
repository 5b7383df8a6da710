"""The last stage: outputs moved into the output folder, each in one step.

A PDF is placed as soon as its language is typeset (so a preview shows it at once), with
its .tex and photo beside it; the documents written as rendered (md, html) are placed
only after every PDF has succeeded, so a failed build leaves them as they were too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import atomic

if TYPE_CHECKING:
    from ..compile.pdf import Typeset
    from ..look.fit import Step
    from ..render.document import Document


@dataclass(frozen=True)
class BuiltLanguage:
    """A language's PDF as the build leaves it in the output folder."""

    language: str
    pdf: Path
    tex: Path
    seconds: float
    log: str  # XeLaTeX's log of the run, kept for inspection
    compiled: bool = True  # False: the PDF already there was still right, and was kept
    primed: bool = False  # its engine read the preamble before the profile was rendered
    fitted: str = ""  # what fitting did: "fitted to 1 page at 9.5 pt, spacing 55%"
    fit_step: Step | None = None  # the step of tightening the PDF was typeset at
    fit_target: int | None = None  # the pages a default fit fitted it on
    advice: str = ""  # a warning: a short last page the default fit could not pull back


def place_pdf(typeset: Typeset, out_dir: Path) -> BuiltLanguage:
    """Move the PDF, its .tex (and the photo it reads) into ``out_dir``; the engine's
    folder is then removed."""
    source = typeset.source
    pdf, tex = out_dir / f"{source.stem}.pdf", out_dir / f"{source.stem}.tex"
    try:
        atomic.move_into_place(typeset.pdf, pdf)
        atomic.move_into_place(typeset.tex, tex)
        if typeset.image is not None:
            # Beside the .tex too, so that running xelatex there by hand still works.
            atomic.move_into_place(typeset.image, out_dir / typeset.image.name)
    finally:
        typeset.discard()
    return BuiltLanguage(
        source.language,
        pdf,
        tex,
        typeset.run.seconds,
        typeset.run.log,
        primed=typeset.engine.read_ahead,
        fitted=typeset.fitted,
        fit_step=typeset.step,
        fit_target=typeset.target,
        advice=typeset.advice,
    )


def kept_pdf(
    language: str,
    stem: str,
    out_dir: Path,
    fit: dict[str, Any] | None = None,
    advice: str = "",
) -> BuiltLanguage:
    """A PDF already in ``out_dir`` that the build found still right."""
    note = str(fit.get("note", "")) if fit else ""
    return BuiltLanguage(
        language,
        out_dir / f"{stem}.pdf",
        out_dir / f"{stem}.tex",
        0.0,
        "",
        compiled=False,
        fitted=note,
        advice=advice,
    )


def place_tex(out_dir: Path, stem: str, tex: str) -> None:
    """The .tex of a PDF that was kept (it may have been deleted by hand)."""
    atomic.write_if_changed(out_dir / f"{stem}.tex", tex)


def place_document(document: Document, out_dir: Path) -> Path:
    target = out_dir / document.name
    if isinstance(document.content, bytes):
        atomic.write_bytes(target, document.content)
    else:
        atomic.write_text(target, document.content)
    return target

"""A printed CV's lines as a reader's :class:`Read`: its language told, its structure read,
and what was placed said."""

from __future__ import annotations

from collections.abc import Sequence

from ...language.catalog import load_catalog
from ..language import language_of
from ..reader import Context, Note, Read
from ..source import Source
from .lines import LeftOut, Line
from .structure import read_printed


def read_lines(
    kind: str,
    source: Source,
    lines: list[Line],
    context: Context,
    left_out: Sequence[LeftOut] = (),
) -> Read:
    """``lines`` read into a profile; ``left_out``: the lines kept out of the reading (a
    page number, a running footer's repeats), each said in a note and in the summary."""
    language = context.language or language_of(line.text for line in lines)
    catalog = load_catalog(language)
    printed = read_printed(lines, source.where(), context.today, catalog.titles)
    left = printed.lines - printed.placed
    summary = f"placed {printed.placed} of {printed.lines} lines" + (
        f"; the {left} other(s) are kept under unplaced: at the end, with their page and line"
        if left
        else ""
    )
    gone = [out for out in left_out if not out.line.running]
    if left_out:
        shown = ", ".join(f"«{out.line.text}»" for out in gone)
        summary += (
            f"; {sum(out.copies for out in left_out)} line(s) printed on every page left out "
            "(page numbers, running headers and footers, repeats of one read once)"
            + (f": {_shortened(shown)}" if shown else "")
        )
    file = source.where()
    notes = [
        *(
            Note(out.line.where(file), "", f"«{out.line.text}»: {out.why}")
            for out in left_out
            if out.copies
        ),
        *printed.notes,
        Note(file, "", summary),
    ]
    return Read(kind, source, printed.data, notes, language, summary)


def _shortened(text: str, most: int = 160) -> str:
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"

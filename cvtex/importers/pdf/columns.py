"""Columns found from the gaps between a page's text runs: a sidebar layout read column by
column, so that no line of the side column lands inside the main column's sentences.

A gap is a band of the page that no run crosses (but a few: the name over both columns),
with runs on both sides. A right-aligned date or a moderncv date on the left also leaves
such a band, but its runs stand on the same baselines as the text beside them: they are
cells of the same lines, not a column of their own. A column stands on baselines of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .layout import Segment

# A gap narrower than this (points) is a space between words, not between columns.
_NARROWEST = 8.0
# Runs that may cross a gap (the name over a sidebar, a footer): this share at most.
_CROSSING = 0.06
# A column's runs share a baseline with the other side's this share of the time at most.
_ALIGNED = 0.5
_FEWEST = 4  # runs on each side


def reading_order(segments: list[Segment], width: float) -> list[list[Segment]]:
    """The page's runs as columns in reading order: what spans the page above the columns
    (a header), the left column, the right one, then what spans it below (a footer)."""
    split = _split(segments, width)
    if split is None:
        return [segments]
    left_edge, right_edge = split
    # A run that spans the whole band is over both columns; any other is the column its
    # start is in (a side column's longest lines reach into the band).
    across = [s for s in segments if s.x0 < left_edge and s.x1 > right_edge]
    left = [s for s in segments if s.x0 < left_edge and s.x1 <= right_edge]
    right = [s for s in segments if s.x0 >= left_edge]
    top = min(s.baseline for s in left + right)
    above = [s for s in across if s.baseline < top]
    below = [s for s in across if s.baseline >= top]
    return [column for column in (above, left, right, below) if column]


def _split(segments: list[Segment], width: float) -> tuple[float, float] | None:
    """The gap that splits the page into two columns: its left and right edges."""
    if len(segments) < 2 * _FEWEST:
        return None
    step = 2.0
    cells = int(width / step) + 2
    cover = [0] * cells
    for segment in segments:
        for cell in range(max(int(segment.x0 / step), 0), min(int(segment.x1 / step) + 1, cells)):
            cover[cell] += 1
    allowed = max(1, int(_CROSSING * len(segments)))
    first = next((i for i, n in enumerate(cover) if n > allowed), 0)
    last = max((i for i, n in enumerate(cover) if n > allowed), default=0)
    best: tuple[float, float] | None = None
    start = None
    for index in range(first, last + 1):
        if cover[index] <= allowed:
            start = index if start is None else start
            continue
        if start is not None:
            left, right = start * step, index * step
            wider = best is None or right - left > best[1] - best[0]
            if right - left >= _NARROWEST and wider and _columns(segments, left, right):
                best = (left, right)
            start = None
    return best


def _columns(segments: list[Segment], left: float, right: float) -> bool:
    """Whether the runs left and right of the band are two columns, not cells of lines."""
    lefts = [s for s in segments if s.x0 < left and s.x1 <= right]
    rights = [s for s in segments if s.x0 >= left]
    if len(lefts) < _FEWEST or len(rights) < _FEWEST:
        return False
    fewer, more = sorted((lefts, rights), key=len)
    baselines = [s.baseline for s in more]
    aligned = sum(any(abs(s.baseline - b) < 1.5 for b in baselines) for s in fewer)
    return aligned <= _ALIGNED * len(fewer)

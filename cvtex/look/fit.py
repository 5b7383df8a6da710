"""``design: {fit_pages: N}``: the steps by which a CV is tightened to fit N pages, and the
search for the first step that fits.

A CV is made to fit by tightening, in order, the theme's vertical spacing (down to 60% of
it) and then the font size (by 0.25 pt at a time, by at most 1.5 pt and never below 8 pt).
Nothing is ever left out, and nothing is tightened more than the first step that fits
needs. Each step is a full XeLaTeX pass, so steps are tried several at a time, one per
core, and a fitted result is kept by the build cache like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .design import Design, points

SPACINGS = (0.85, 0.7, 0.6)
SIZE_STEP = 0.25
MAX_SIZE_DROP = 1.5
MIN_SIZE = 8.0


@dataclass(frozen=True)
class Step:
    spacing: float
    font_size: float

    def apply(self, design: Design) -> Design:
        return design.tightened(self.spacing, self.font_size, design.line_spacing)

    def describe(self) -> str:
        spacing = f", spacing {round(self.spacing * 100)}%" if self.spacing < 1 else ""
        return f"{points(self.font_size).removesuffix('pt')} pt{spacing}"


def steps(design: Design) -> list[Step]:
    """The design itself, then each tighter step, in the order they are tried."""
    size = design.font_size
    found = [Step(1.0, size), *(Step(spacing, size) for spacing in SPACINGS)]
    smallest = min(size, max(MIN_SIZE, size - MAX_SIZE_DROP))
    drop = SIZE_STEP
    while size - drop >= smallest - 1e-9:
        found.append(Step(SPACINGS[-1], size - drop))
        drop += SIZE_STEP
    return found


def first_fitting(
    count: int,
    pages_at: Callable[[list[int]], dict[int, int]],
    target: int,
    width: int,
) -> tuple[int | None, dict[int, int]]:
    """The first of steps 1..count-1 whose pages are at most ``target`` (step 0 is known
    not to fit), and every page count seen; None if not even the last step fits.

    ``pages_at`` typesets several steps at once (``width`` of them: one per core) and
    returns their page counts. Pages only fall as steps tighten, so this is a search with
    ``width`` probes a round: the first round tries the tightest step, to give up at once
    when nothing can fit.
    """
    seen: dict[int, int] = {}
    low, high = 0, count - 1  # low does not fit; high fits, once it is known to
    probes = [high, *_spread(low, high, width - 1)]
    while True:
        seen.update(pages_at(sorted(set(probes))))
        if seen[count - 1] > target:
            return None, seen
        for step in sorted(seen):
            if seen[step] <= target:
                high = min(high, step)
            else:
                low = max(low, step)
        if high - low <= 1:
            return high, seen
        probes = _spread(low, high, width)


def _spread(low: int, high: int, width: int) -> list[int]:
    """Up to ``width`` steps strictly between ``low`` and ``high``, evenly spaced."""
    inside = high - low - 1
    if inside <= 0 or width <= 0:
        return []
    if inside <= width:
        return list(range(low + 1, high))
    return sorted({low + round((k + 1) * (high - low) / (width + 1)) for k in range(width)})

"""Fitting a CV to its pages: the steps by which it is tightened, within bounds, and the
search for the first step that fits. One mechanism for both ways a design asks for it:

* ``design: {fit: auto}``, the default: a CV whose last page holds less than a quarter
  of a page (compile/pdf.py measures it) is fitted to one page fewer, its spacing
  tightened no further than its theme allows (``tightest_spacing`` in theme.yaml, 70%
  by default) and its type never below 10 pt (nor below the design's own size);
* ``design: {fit_pages: N}``: a CV longer than N pages is fitted to N, its spacing down to
  60% of the theme's and its type by at most 1.5 pt, never below 8 pt.

A CV is tightened first in its vertical spacing, then in its font size (by 0.25 pt at a
time). Nothing is ever left out, and nothing is tightened more than the first step that
fits needs. Each step is a full XeLaTeX pass, so steps are tried several at a time, about
one per core that the build's other passes leave free (compile/pdf.py), and a fitted
result is kept by the build cache like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .design import Design, points

SIZE_STEP = 0.25
MAX_SIZE_DROP = 1.5
# A last page that holds less than this share of its text area is pulled back by default.
SHORT_LAST_PAGE = 0.25


@dataclass(frozen=True)
class Bounds:
    """How far a fit may go: the share of the theme's spacing kept, the smallest type."""

    spacing: float
    size: float

    def describe(self, font_size: float) -> str:
        """The bounds for a design whose type is ``font_size``."""
        if font_size <= self.size:
            return f"spacing to {self.spacing:.0%}, type as designed"
        size = points(max(self.size, font_size - MAX_SIZE_DROP)).removesuffix("pt")
        return f"spacing to {self.spacing:.0%}, type down to {size} pt"


ASKED = Bounds(spacing=0.6, size=8.0)  # fit_pages: N


def default_bounds(tightest_spacing: float) -> Bounds:
    """The default fit's bounds in a theme that lets its spacing go to ``tightest_spacing``."""
    return Bounds(spacing=max(tightest_spacing, ASKED.spacing), size=10.0)


@dataclass(frozen=True)
class Step:
    spacing: float
    font_size: float

    def apply(self, design: Design) -> Design:
        return design.tightened(self.spacing, self.font_size, design.line_spacing)

    def describe(self) -> str:
        spacing = f", spacing {round(self.spacing * 100)}%" if self.spacing < 1 else ""
        return f"{points(self.font_size).removesuffix('pt')} pt{spacing}"


def steps(design: Design, bounds: Bounds = ASKED) -> list[Step]:
    """The design itself, then each tighter step within ``bounds``, in the order they are
    tried: the spacing to 85%, 70%, 60% (as far as the bounds go), then the type."""
    size = design.font_size
    spacings = [spacing for spacing in (0.85, 0.7, 0.6) if spacing > bounds.spacing + 1e-9]
    spacings.append(bounds.spacing)
    found = [Step(1.0, size), *(Step(spacing, size) for spacing in spacings)]
    smallest = min(size, max(bounds.size, size - MAX_SIZE_DROP))
    drop = SIZE_STEP
    while size - drop >= smallest - 1e-9:
        found.append(Step(spacings[-1], size - drop))
        drop += SIZE_STEP
    return found


def first_fitting(
    count: int,
    pages_at: Callable[[list[int]], dict[int, int]],
    target: int,
    width: int | Callable[[], int],
) -> tuple[int | None, dict[int, int]]:
    """The first of steps 1..count-1 whose pages are at most ``target`` (step 0 is known
    not to fit), and every page count seen; None if not even the last step fits.

    ``pages_at`` typesets several steps at once (``width`` of them: one per free core,
    asked again each round) and returns their page counts. Pages only fall as steps
    tighten, so this is a search with ``width`` probes a round: the first round tries the
    tightest step, to give up at once when nothing can fit.
    """
    probes_now = width if callable(width) else lambda: width
    seen: dict[int, int] = {}
    low, high = 0, count - 1  # low does not fit; high fits, once it is known to
    probes = [high, *_spread(low, high, max(1, probes_now()) - 1)]
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
        probes = _spread(low, high, max(1, probes_now()))


def _spread(low: int, high: int, width: int) -> list[int]:
    """Up to ``width`` steps strictly between ``low`` and ``high``, evenly spaced."""
    inside = high - low - 1
    if inside <= 0 or width <= 0:
        return []
    if inside <= width:
        return list(range(low + 1, high))
    return sorted({low + round((k + 1) * (high - low) / (width + 1)) for k in range(width)})

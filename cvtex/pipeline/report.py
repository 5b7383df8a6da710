"""What a build tells as it goes: the command line prints it, a watch collects it.

A build calls its reporter from several threads (languages compile in parallel); the
methods are called as things happen, each at most once per output.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..check.posting import PostingReading
    from ..check.reading import Reading
    from .place import BuiltLanguage


class Reporter:
    """Tells nothing; a subclass overrides what it wants to hear of."""

    def read(self, files: list[Path]) -> None:
        """The files the build reads (profile, included files, templates, catalogs), known
        once the profile is loaded: what a watch follows."""

    def fonts(self, language: str, lines: tuple[str, ...]) -> None:
        """Which font sets each role of ``language``'s PDF, and why (`build -v`)."""

    def compiling(self, language: str) -> None:
        """XeLaTeX starts on ``language``."""

    def ready(self, built: BuiltLanguage) -> None:
        """A language's PDF is in place: compiled now, or kept as it was still right."""

    def warning(self, line: str) -> None:
        """What the CV leaves out or shows otherwise than written, with its file and line:
        a text that falls back to another language, entries that no section shows."""

    def wrote(self, path: Path) -> None:
        """A document other than a PDF (md, html) was written."""

    def checked(self, reading: Reading) -> None:
        """A language's PDF was read back (``request.check``): what came back, what did not."""

    def posting(self, reading: PostingReading) -> None:
        """A language's PDF was read for a job posting's terms (``request.posting``)."""

"""What a renderer makes of one language when the file is written as it comes out (every
format but pdf, whose source the compile stage typesets first)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Document:
    language: str
    format: str
    name: str  # the file name in the output folder
    content: str | bytes

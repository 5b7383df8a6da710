"""The fenced code blocks of the docs' Markdown, and what kind of file a YAML block shows.

A ```yaml block is a profile (whole, or some of its top-level keys) unless the line before it
says otherwise in a comment that neither GitHub nor the site shows:

    <!-- yaml: letter -->        a cover letter's file
    <!-- yaml: catalog -->       a locale catalog, whole or some of its keys
    <!-- yaml: translation -->   a translation file (cvtex translate export)
    <!-- yaml: other -->         not cvtex's (a JSON Resume, RenderCV's input): YAML only

tests/docs/test_examples.py reads each block as cvtex reads that kind of file; the profile
reference takes examples from the profile blocks (docs/hooks/cvtex_docs.py).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

KINDS = ("profile", "letter", "catalog", "translation", "other")

FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*)$")
KIND_COMMENT = re.compile(r"^\s*<!--\s*yaml:\s*([a-z]+)\s*-->\s*$")


@dataclass(frozen=True)
class Block:
    file: Path
    line: int  # the line of the opening fence, 1-based
    info: str  # the first word of the fence's info string: yaml, sh, ...
    body: str  # dedented
    kind: str  # from <!-- yaml: KIND --> on the line before, else profile


def blocks(file: Path) -> Iterator[Block]:
    """The fenced code blocks of a Markdown file, those inside list items too."""
    lines = file.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        fence = opening["fence"]
        end = index + 1
        while end < len(lines) and not lines[end].strip().startswith(fence):
            end += 1
        marked = KIND_COMMENT.match(lines[index - 1]) if index else None
        info = opening["info"].split()
        body = textwrap.dedent("\n".join(lines[index + 1 : end]))
        yield Block(
            file, index + 1, info[0] if info else "", body, marked[1] if marked else "profile"
        )
        index = end + 1


def doc_pages(docs: Path) -> list[Path]:
    """The site's Markdown pages (the hooks' folder holds none)."""
    return sorted(
        path for path in docs.rglob("*.md") if "hooks" not in path.relative_to(docs).parts
    )


def yaml_blocks(files: list[Path], kind: str | None = None) -> list[Block]:
    found = [block for file in files for block in blocks(file) if block.info == "yaml"]
    return [block for block in found if kind is None or block.kind == kind]

"""Translations and drafts written into the profile as its author wrote it.

- a plain string becomes a mapping by language, ``title: Fast Kernels`` ->
  ``title: {en: Fast Kernels, zh: 高效算子}`` (a translation equal to the text becomes
  ``{same: Fast Kernels}``: the same in every language, on purpose);
- a mapping that lacks the language gains it (``{en: Ph.D.}`` -> ``{en: Ph.D., zh: 博士}``);
- a draft is written in the language's place as ``{draft: 博士, from: deepl}``, and a
  translation (or ``accept``) replaces a draft standing there.

The files are edited with ruamel.yaml's round trip, so comments, key order, quoting and
layout stay as written. Nothing is overwritten silently: a text changed since it was read,
or translated already, is left as it is and reported; each file changed is replaced only
as userfile.py writes a user's file (a copy kept first: ``cv.yaml.bak``, or ``.bak2``, ...
if taken), or the result goes to a new file (``--out``). Texts of a BibTeX file are never written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..profile.drafts import DRAFT_KEY, ORIGIN_KEY
from ..profile.edit import editable, replace_keeping_copies, write_new
from ..profile.source import Path_, format_path, unwrapped
from ..userfile import UserFile
from .places import Place


@dataclass(frozen=True)
class Change:
    """A text to write at a place: as the language's own, or as a draft by ``draft``."""

    place: Place
    text: str
    draft: str | None = None  # who drafted it; None: the translation itself


@dataclass(frozen=True)
class Acceptance:
    """A draft to take as the language's own text: the mapping it stands in, in its file."""

    file: Path
    inner: Path_  # of the mapping by language
    line: int
    language: str


@dataclass
class Written:
    """What was written: the files (with their copies), how many texts, what was left."""

    files: list[tuple[Path, Path | None]] = field(default_factory=list)  # file, its copy
    count: int = 0
    skipped: list[str] = field(default_factory=list)
    reformatted: list[Path] = field(default_factory=list)


def write_changes(
    main: Path,
    language: str,
    changes: Iterable[Change],
    still_loads: Callable[[], object],
    out: Path | None = None,
    what: str = "the translation file",
) -> Written:
    """Write each change at its place; ``still_loads`` checks the profile after."""
    result = Written()
    by_file: dict[Path, list[Change]] = {}
    for change in changes:
        file = change.place.file.resolve()
        if file.suffix.lower() == ".bib":
            result.skipped.append(
                f"{format_path(change.place.inner)}: from {file.name}; BibTeX text is not "
                "merged: add the translation in the profile, under the entry's bib: key"
            )
            continue
        by_file.setdefault(file, []).append(change)

    def edit(document: Any, change: Change) -> str | None:
        return _write_at(document, change.place, language, change.text, change.draft)

    edits = {
        file: [(change.place.line, change.place.inner, change) for change in file_changes]
        for file, file_changes in by_file.items()
    }
    return _edit_files(main, edits, edit, still_loads, out, what, result)


def accept_drafts(
    main: Path,
    acceptances: Iterable[Acceptance],
    still_loads: Callable[[], object],
    out: Path | None = None,
) -> Written:
    """Take each draft as its language's own text."""
    edits: dict[Path, list[tuple[int, Path_, Acceptance]]] = {}
    for acceptance in acceptances:
        edits.setdefault(acceptance.file.resolve(), []).append(
            (acceptance.line, acceptance.inner, acceptance)
        )

    def edit(document: Any, acceptance: Acceptance) -> str | None:
        return _accept_at(document, acceptance)

    return _edit_files(main, edits, edit, still_loads, out, "the profile", Written())


def _edit_files(
    main: Path,
    edits: dict[Path, list[tuple[int, Path_, Any]]],
    edit: Callable[[Any, Any], str | None],
    still_loads: Callable[[], object],
    out: Path | None,
    what: str,
    result: Written,
) -> Written:
    main = main.resolve()
    if out is not None and set(edits) - {main}:
        others = ", ".join(sorted(file.name for file in set(edits) - {main}))
        raise InputError(
            f"some texts go into included files ({others}), which --out cannot write",
            "write without --out: every file changed is kept as a .bak copy first",
        )
    edited: list[tuple[UserFile, str]] = []
    for file, items in edits.items():
        user = UserFile.read(file)
        yaml = editable(user.text)
        if not yaml.exact:
            result.reformatted.append(file)
        changed = False
        for line, inner, item in items:
            problem = edit(yaml.document, item)
            if problem:
                result.skipped.append(f"{file.name}:{line}: {format_path(inner)}: {problem}")
            else:
                result.count += 1
                changed = True
        if changed:
            edited.append((user, yaml.dump_text()))
    if out is not None:
        texts = {user.real: text for user, text in edited}
        write_new(out, texts.get(main) or UserFile.read(main).text)
        result.files.append((out, None))
        return result
    result.files.extend(replace_keeping_copies(edited, still_loads, what))
    return result


def _parent_and_key(document: Any, path: Path_) -> tuple[Any, Any, Any] | None:
    parent = document
    for part in path[:-1]:
        try:
            parent = parent[part]
        except (KeyError, IndexError, TypeError):
            return None
    key = path[-1] if path else None
    try:
        return parent, key, parent[key]
    except (KeyError, IndexError, TypeError):
        return None


def _write_at(
    document: Any, place: Place, language: str, text: str, draft: str | None
) -> str | None:
    """Write one text; a reason when it is not written."""
    from ruamel.yaml.comments import CommentedMap
    from ruamel.yaml.scalarstring import FoldedScalarString, LiteralScalarString

    found = _parent_and_key(document, place.inner)
    if found is None:
        return "no such field any more: export again"
    parent, key, current = found
    source = current.get(place.source) if isinstance(current, dict) else current
    block = "\n" in text or isinstance(source, LiteralScalarString | FoldedScalarString)
    written: Any = LiteralScalarString(_block(text)) if block else text
    if draft is not None:
        written = _draft_value(written, draft, block)
    if isinstance(current, str):
        if _text_of(current) != place.text:
            return "its text changed since the export: export again"
        if draft is None and text == place.text:
            value = CommentedMap(same=current)
        else:
            value = CommentedMap([(place.source, current), (language, written)])
        if not block and "\n" not in current.strip():
            value.fa.set_flow_style()
        else:
            # What followed the text (a comment, blank lines) now follows the mapping's end.
            _move_comment(parent, key, value, list(value)[-1])
        parent[key] = value
        return None
    if isinstance(current, dict):
        existing = current.get(language)
        if _is_draft(existing):
            if draft is not None:
                return f"a {language} draft stands there already: left as it is"
            current[language] = written
            return None
        if existing is not None or "same" in current:
            return f"it has {language} text already: left as it is"
        if _text_of(current.get(place.source) or "") != place.text:
            return "its text changed since the export: export again"
        last = list(current)[-1]
        current[language] = written
        if not current.fa.flow_style():
            _move_comment(current, last, current, language)
        return None
    return "not a text any more: export again"


def _accept_at(document: Any, acceptance: Acceptance) -> str | None:
    from ruamel.yaml.scalarstring import LiteralScalarString

    found = _parent_and_key(document, acceptance.inner)
    if found is None or not isinstance(found[2], dict):
        return "no such field any more"
    mapping = found[2]
    existing = mapping.get(acceptance.language)
    if not _is_draft(existing):
        return f"no {acceptance.language} draft stands there any more"
    text = existing[DRAFT_KEY]
    if isinstance(text, LiteralScalarString) or "\n" in str(text).strip():
        text = LiteralScalarString(_block(unwrapped(str(text))))
    mapping[acceptance.language] = text
    return None


def _draft_value(text: Any, origin: str, block: bool) -> Any:
    from ruamel.yaml.comments import CommentedMap

    value = CommentedMap([(DRAFT_KEY, text)])
    if origin:
        value[ORIGIN_KEY] = origin
    if not block:
        value.fa.set_flow_style()
    return value


def _is_draft(value: Any) -> bool:
    return isinstance(value, dict) and DRAFT_KEY in value


def _block(text: str) -> str:
    """Paragraphs (one per line) as a literal block writes them: a blank line between."""
    return "\n\n".join(text.splitlines()) + "\n"


def _text_of(value: Any) -> str:
    """A value of the profile as cvtex reads it (source.unwrapped for a | block)."""
    from ruamel.yaml.scalarstring import LiteralScalarString

    return unwrapped(value) if isinstance(value, LiteralScalarString) else str(value).strip()


def _move_comment(parent: Any, key: Any, target: Any, target_key: Any) -> None:
    comments = getattr(parent, "ca", None)
    if comments is not None and (found := comments.items.pop(key, None)) is not None:
        target.ca.items[target_key] = found

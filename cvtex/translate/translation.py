"""The translation round trip: the texts a language lacks out to a file, translations back in.

``cvtex translate export`` writes, for one language, every text field that falls back to
another language or looks untranslated (see view/untranslated.py): its path, line, text, and an
empty column for the translation. A translator fills the column; ``cvtex translate merge``
writes each translation into the profile, where the file and line say:

- a plain string becomes a mapping by language, ``title: Fast Kernels`` ->
  ``title: {en: Fast Kernels, zh: 高效算子}`` (a translation equal to the text becomes
  ``{same: Fast Kernels}``: the same in every language, on purpose);
- a mapping that lacks the language gains it (``{en: Ph.D.}`` -> ``{en: Ph.D., zh: 博士}``).

The file is YAML (``.yaml``, ``.yml``) or CSV (``.csv``, UTF-8 with a byte-order mark so
that spreadsheets read it as such). The profile is edited with ruamel.yaml's round trip, so
its comments, key order, quoting and layout stay as written. Nothing is overwritten
silently: a text changed since the export, or already translated, is left as it is and
reported; the profile is replaced only after a copy of it is kept (``cv.yaml.bak``, then
``cv.yaml.bak2``, ...), or the result goes to a new file (``--out``). Texts in an included
file are written there, with its own copy; texts from a BibTeX file cannot be merged.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import atomic
from ..errors import InputError
from ..language.catalog import Locales, load_locales
from ..letter.load import is_letter, is_letter_data, load_letter
from ..pipeline.build import localize
from ..pipeline.load import load, select_languages
from ..pipeline.request import resolve_request
from ..profile.edit import editable, replace_keeping_copies, round_trip_yaml, write_new
from ..profile.load import LoadedProfile, load_profile
from ..profile.source import Path_, SourceMap, format_path, load_yaml, unwrapped
from ..text.scripts import writing_system
from ..view.untranslated import find_untranslated

_KEYS = ("path", "line", "file")  # a row's other keys: its text's language and the target


@dataclass(frozen=True)
class Row:
    """A text to translate: where it is written, its text and language, the translation."""

    path: Path_  # in ``file``
    line: int
    file: Path
    source: str  # the language of ``text``
    text: str
    translation: str = ""


class OneLanguageWanted(InputError):
    """``--lang`` named no language, or several: a translation file is for one."""

    def __init__(self) -> None:
        super().__init__("give one language, such as zh")


def export_rows(
    file: Path, language: str, locale_files: Sequence[Path] = ()
) -> tuple[str, list[Row]]:
    """The language asked for (``all`` is a profile's only one), and the texts a profile's
    or a letter's file in that language shows without text of that language, in order."""
    if is_letter(file):
        # The letter loads as a build of that one language would: it is named beforehand.
        if not language or "," in language or language.strip() == "all":
            raise OneLanguageWanted
        language = language.strip()
        return language, letter_rows(file, language, locale_files)
    loaded = load_profile(file)
    locales = load_locales(locale_files)
    chosen = select_languages(language, loaded.profile.languages, locales)
    if len(chosen) != 1:
        raise OneLanguageWanted
    return chosen[0], profile_rows(loaded, chosen[0], locales)


def profile_rows(loaded: LoadedProfile, language: str, locales: Locales | None = None) -> list[Row]:
    """The texts the CV in ``language`` shows without text of that language, in order."""
    locales = locales or Locales()
    catalog = locales.catalog(language)
    view, untranslated = find_untranslated(loaded, catalog)
    rows = [
        _row(loaded, found.path, _language_of(found.text, loaded, language, locales), found.text)
        for found in untranslated
    ]
    rows += [
        _row(loaded, fallback.path, fallback.used, _text_in(loaded, fallback.path, fallback.used))
        for fallback in view.fallbacks
    ]
    return sorted(rows, key=lambda row: (str(row.file) != str(loaded.file), row.line))


def letter_rows(file: Path, language: str, locale_files: Sequence[Path] = ()) -> list[Row]:
    """A letter's texts that its ``language`` shows without text of that language (its
    sender's, from the profile, are the profile's to translate)."""
    loaded = load(resolve_request(file, languages=language, locale_files=locale_files))
    letter = loaded.letter
    assert letter is not None
    rows = []
    for item in localize(loaded):
        assert item.letter is not None
        for fallback in item.letter.fallbacks:
            if fallback.file != letter.file:
                continue
            path = _scalar_path(letter.source, fallback.path)
            text = _value_at(letter.letter, path)
            text = getattr(text, "text", text)  # a paragraph: {text: ..., only: ...} or bare
            text = text[fallback.used] if isinstance(text, dict) else str(text)
            line = letter.source.locate(path).line
            rows.append(Row(path, line, letter.file, fallback.used, (text or "").strip()))
    return sorted(rows, key=lambda row: row.line)


def _value_at(root: Any, path: Path_) -> Any:
    value = root
    for part in path:
        value = value[part] if isinstance(part, int) else getattr(value, str(part))
    return value


def _row(loaded: LoadedProfile, path: Path_, source: str, text: str) -> Row:
    written = _scalar_path(loaded.source, path)
    file, inner = loaded.source.origin(written)
    return Row(inner, loaded.source.locate(written).line, file, source, text.strip())


def _scalar_path(source: SourceMap, path: Path_) -> Path_:
    """The path of the text itself: a bullet or label written as {text: ...} holds it under
    text:, an author or a skill written as {name: ...} under name:."""
    for key in ("text", "name"):
        if (*path, key) in source.positions:
            return (*path, key)
    return tuple(path)


def _text_in(loaded: LoadedProfile, path: Path_, language: str) -> str:
    value = _value_at(loaded.profile, _scalar_path(loaded.source, path))
    return value[language] if isinstance(value, dict) else str(value)


def _language_of(text: str, loaded: LoadedProfile, target: str, locales: Locales) -> str:
    """Which of the profile's languages a plain string is written in: the first (other
    than the target and the languages converted from it) whose script its letters are in."""
    others = [
        code
        for code in loaded.profile.languages
        if code != target and locales.has(code) and locales.catalog(code).convert_from != target
    ]
    scripts = {writing_system(ch) for ch in text if ch.isalpha()}
    for code in others:
        if scripts & set(locales.catalog(code).scripts):
            return code
    return others[0] if others else loaded.profile.languages[0]


# -- the file a translator fills ---------------------------------------------------------


def write_rows(rows: list[Row], target: Path, profile_file: Path, language: str) -> None:
    folder = profile_file.resolve().parent
    if target.suffix.lower() == ".csv":
        atomic.write_text(target, "\ufeff" + _csv_text(rows, folder, language))
    else:
        atomic.write_text(target, _yaml_text(rows, folder, profile_file, language))


def _relative(file: Path, folder: Path) -> str:
    try:
        return file.resolve().relative_to(folder).as_posix()
    except ValueError:
        return str(file.resolve())


def _csv_text(rows: list[Row], folder: Path, language: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["path", "line", "file", "from", "text", language])
    for row in rows:
        where = [format_path(row.path), row.line, _relative(row.file, folder)]
        writer.writerow([*where, row.source, _block(row.text).strip(), row.translation])
    return out.getvalue()


def _yaml_text(rows: list[Row], folder: Path, profile_file: Path, language: str) -> str:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.scalarstring import LiteralScalarString

    def text(value: str) -> Any:
        return LiteralScalarString(_block(value)) if "\n" in value else value

    texts = CommentedSeq()
    for row in rows:
        item = CommentedMap(path=format_path(row.path), line=row.line)
        if row.file.resolve() != profile_file.resolve():
            item["file"] = _relative(row.file, folder)
        item[row.source] = text(row.text)
        item[language] = text(row.translation) if row.translation else None
        texts.append(item)
    document = CommentedMap(profile=profile_file.name, language=language, texts=texts)
    document.yaml_set_start_comment(
        f"Translations of {profile_file.name} into {language}: write each {language}: text.\n"
        f"An empty {language}: leaves the field as it is; the text copied unchanged marks it\n"
        "as the same in every language ({same: ...}). Then write them into the profile:\n"
        f"  cvtex translate merge {profile_file.name} <this file>"
    )
    out = io.StringIO()
    round_trip_yaml().dump(document, out)
    return out.getvalue()


def read_rows(file: Path, profile_file: Path) -> tuple[str, list[Row]]:
    """The target language and the rows of a filled translation file."""
    folder = profile_file.resolve().parent
    if file.suffix.lower() == ".csv":
        return _read_csv(file, folder)
    data, source = load_yaml(file, prose=True)
    if not isinstance(data, dict) or not isinstance(data.get("texts"), list):
        raise InputError(
            f"{file}: not a translation file (language: and texts:)",
            "write one with `cvtex translate export`",
        )
    language = data.get("language")
    if not isinstance(language, str):
        raise InputError(f"{source.locate(('language',))}: language: missing in {file}")
    rows = []
    for index, item in enumerate(data["texts"]):
        where = source.locate(("texts", index))
        if not isinstance(item, dict) or not isinstance(item.get("path"), str):
            raise InputError(f"{where}: texts[{index}]: a text needs its path:")
        sources = [key for key in item if key not in (*_KEYS, language)]
        if len(sources) != 1:
            raise InputError(
                f"{where}: texts[{index}]: expected path, line, the text under its language "
                f"and {language}:, got {', '.join(map(str, item))}"
            )
        translation = item.get(language)
        rows.append(
            Row(
                _parse_path(item["path"], where),
                int(item.get("line") or 0),
                _file(item.get("file"), folder),
                sources[0],
                str(item[sources[0]] or "").strip(),
                "" if translation is None else str(translation).strip(),
            )
        )
    return language, rows


def _read_csv(file: Path, folder: Path) -> tuple[str, list[Row]]:
    try:
        text = file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{file}: cannot read it as UTF-8 text: {exc}") from None
    reader = csv.reader(io.StringIO(text))
    header = next(reader, [])
    if header[:5] != ["path", "line", "file", "from", "text"] or len(header) != 6:
        raise InputError(
            f"{file}:1: expected the columns path, line, file, from, text and the language",
            "keep the header that `cvtex translate export` wrote",
        )
    rows = []
    for number, cells in enumerate(reader, start=2):
        if not any(cells):
            continue
        if len(cells) != 6:
            raise InputError(f"{file}:{number}: expected 6 columns, found {len(cells)}")
        path, line, name, source, original, translation = cells
        rows.append(
            Row(
                _parse_path(path, f"{file}:{number}"),
                int(line) if line.isdigit() else 0,
                _file(name or None, folder),
                source,
                unwrapped(original),
                unwrapped(translation),
            )
        )
    return header[5], rows


_PART = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


def _parse_path(text: str, where: object) -> Path_:
    parts: list[str | int] = []
    position = 0
    while position < len(text):
        match = _PART.match(text, position)
        if match is None:
            raise InputError(f"{where}: {text!r} is not a field's path (education[0].degree)")
        parts.append(int(match[1]) if match[1] is not None else match[2])
        position = match.end()
    return tuple(parts)


def _file(name: Any, folder: Path) -> Path | None:
    return (folder / str(name)).resolve() if name else None


# -- merging -------------------------------------------------------------------------------


@dataclass
class Merged:
    """What a merge did: the files written (with their copies), and what it left alone."""

    language: str
    written: list[tuple[Path, Path | None]] = field(default_factory=list)  # file, its copy
    merged: int = 0
    empty: int = 0
    skipped: list[str] = field(default_factory=list)
    reformatted: list[Path] = field(default_factory=list)


def merge(profile_file: Path, translations: Path, out: Path | None = None) -> Merged:
    """Write the filled translations into the profile (and its included files), or into
    a letter."""
    languages = _languages_of(profile_file)  # a file that does not load is not edited
    language, rows = read_rows(translations, profile_file)
    result = Merged(language)
    by_file: dict[Path, list[Row]] = {}
    for row in rows:
        if not row.translation:
            result.empty += 1
            continue
        file = (row.file or profile_file).resolve()
        if file.suffix.lower() == ".bib":
            result.skipped.append(
                f"{format_path(row.path)}: from {file.name}; BibTeX text is not merged: "
                "add the translation in the profile, under the entry's bib: key"
            )
            continue
        by_file.setdefault(file, []).append(row)
    main = profile_file.resolve()
    if out is not None and set(by_file) - {main}:
        others = ", ".join(sorted(file.name for file in set(by_file) - {main}))
        raise InputError(
            f"some translations go into included files ({others}), which --out cannot write",
            "merge without --out: every file changed is kept as a .bak copy first",
        )
    if language not in languages:
        result.skipped.append(
            f"{language} is not among the file's languages: add it to languages: to build it"
        )
    edited = {}
    for file, file_rows in by_file.items():
        text, changed = _merge_file(file, file_rows, result)
        if changed:
            edited[file] = text
    if out is not None:
        write_new(out, edited.get(main, main.read_text(encoding="utf-8")))
        result.written.append((out, None))
        return result
    result.written.extend(
        replace_keeping_copies(edited, lambda: _languages_of(profile_file), "the translation file")
    )
    return result


def _merge_file(file: Path, rows: list[Row], result: Merged) -> tuple[str, bool]:
    original = file.read_text(encoding="utf-8")
    yaml = editable(original)
    if not yaml.exact:
        result.reformatted.append(file)
    changed = False
    for row in rows:
        problem = _merge_row(yaml.document, row, result.language)
        if problem:
            result.skipped.append(f"{file.name}:{row.line}: {format_path(row.path)}: {problem}")
        else:
            result.merged += 1
            changed = True
    return yaml.dump_text(), changed


def _merge_row(document: Any, row: Row, language: str) -> str | None:
    """Write one translation; a reason when it is not written."""
    from ruamel.yaml.comments import CommentedMap
    from ruamel.yaml.scalarstring import FoldedScalarString, LiteralScalarString

    parent = document
    for part in row.path[:-1]:
        try:
            parent = parent[part]
        except (KeyError, IndexError, TypeError):
            return "no such field any more: export again"
    key = row.path[-1] if row.path else None
    try:
        current = parent[key]
    except (KeyError, IndexError, TypeError):
        return "no such field any more: export again"
    translation: Any = row.translation
    source = current.get(row.source) if isinstance(current, dict) else current
    if "\n" in translation or isinstance(source, LiteralScalarString | FoldedScalarString):
        # A text written as a block (|, >) gets its translation written as one too.
        translation = LiteralScalarString(_block(translation))
    if isinstance(current, str):
        if _text_of(current) != row.text:
            return "its text changed since the export: export again"
        if row.translation == row.text:
            value = CommentedMap(same=current)
        else:
            value = CommentedMap([(row.source, current), (language, translation)])
        if not isinstance(translation, LiteralScalarString) and "\n" not in current.strip():
            value.fa.set_flow_style()
        else:
            # What followed the text (a comment, blank lines) now follows the mapping's end.
            _move_comment(parent, key, value, list(value)[-1])
        parent[key] = value
        return None
    if isinstance(current, dict):
        if current.get(language) is not None or "same" in current:
            return f"it has {language} text already: left as it is"
        if _text_of(current.get(row.source) or "") != row.text:
            return "its text changed since the export: export again"
        last = list(current)[-1]
        current[language] = translation
        if not current.fa.flow_style():
            _move_comment(current, last, current, language)
        return None
    return "not a text any more: export again"


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


def _languages_of(file: Path) -> list[str]:
    """The languages of a profile, or of a letter (its own, else its profile's), loading it
    as a build would: a file that does not load is refused before it is edited."""
    parsed = load_yaml(file, prose=True)
    if is_letter_data(parsed[0]):
        letter = load_letter(file, parsed)
        profile = load_profile(letter.profile_file)
        return letter.letter.languages or profile.profile.languages
    return load_profile(file, parsed).profile.languages

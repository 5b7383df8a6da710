"""``cvtex new``: a commented starter profile in the languages asked for.

The starter (profile.yaml) holds each text in every language it has samples for; the
profile written keeps, of each ``{en: ..., zh: ..., ja: ..., ko: ...}``, the languages asked
for (and those they convert from: zh for zh-TW), drops the entries shown only in other
languages, and keeps its comments. The letter's starter is cut the same way.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from .. import atomic
from ..errors import InputError
from ..language.catalog import available_languages, load_catalog
from ..profile.base import YearMonth
from ..resources import SCHEMA_FILE
from ..text.scripts import writing_system

STARTER = Path(__file__).with_name("profile.yaml")
DEFAULT_LANGUAGES = ("en", "zh")


def write_starter(
    path: Path, force: bool = False, languages: Sequence[str] = DEFAULT_LANGUAGES
) -> None:
    text = starter_text(path, languages)  # a language cvtex lacks is refused before writing
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        if force:
            atomic.write_text(path, text)
        else:  # refuses any existing name, a link included, in the same step as the write
            atomic.write_new(path, text)
    except FileExistsError:
        raise InputError(
            f"{path} already exists; cvtex never overwrites a profile",
            "choose another name, or pass --force to replace it",
        ) from None


def starter_text(path: Path, languages: Sequence[str] = DEFAULT_LANGUAGES) -> str:
    languages = checked_languages(languages)
    first, other = languages[0], languages[1] if len(languages) > 1 else languages[0]
    catalogs = {code: load_catalog(code) for code in languages}
    updated = YearMonth(2026, 3, 3)
    notes = {
        "{schema}": SCHEMA_FILE.resolve().as_uri(),
        "{file}": path.name,
        "{other}": other,
        "{other_name}": catalogs[other].language,
        "{first_name}": catalogs[first].language,
        "{shipped}": ", ".join(available_languages()),
        "{per_language}": "{" + ", ".join(f"{code}: ..." for code in languages) + "}",
        "{updated}": " / ".join(
            f'"{c.labels.updated.format(date=c.format_date(updated))}"' for c in catalogs.values()
        ),
    }
    text = in_languages(STARTER.read_text(encoding="utf-8"), languages)
    # Plain replacement, not str.format: the profile itself is full of braces.
    for placeholder, value in notes.items():
        text = text.replace(placeholder, value)
    return text


def checked_languages(languages: Sequence[str]) -> list[str]:
    """The languages asked for, each one cvtex has a catalog for, in order, once each."""
    chosen = list(dict.fromkeys(code.strip() for code in languages if code.strip()))
    unknown = [code for code in chosen if code not in available_languages()]
    if not chosen or unknown:
        raise InputError(
            f"--lang: no starter for {', '.join(unknown) or 'no language'}",
            f"give languages cvtex ships, separated by commas: {', '.join(available_languages())}",
        )
    return chosen


def in_languages(starter: str, languages: Sequence[str]) -> str:
    """A starter's YAML with only the texts, entries and name forms of ``languages``."""
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    data = yaml.load(starter)
    keep = set(languages) | {
        source for code in languages if (source := load_catalog(code).convert_from)
    }
    _cut(data, keep)
    if isinstance(data.get("languages"), CommentedSeq):
        data["languages"][:] = list(languages)
    if isinstance(data.get("owner_names"), CommentedSeq):
        systems = {"Latin"} | {
            system for code in languages for system in load_catalog(code).scripts
        }
        data["owner_names"][:] = [
            name for name in data["owner_names"] if _written_in(name) <= systems
        ]
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _cut(node: Any, keep: set[str]) -> None:
    """Drop, under ``node``, the texts of languages not kept and the entries only they show."""
    codes = set(available_languages())
    if isinstance(node, CommentedMap):
        if node and set(node) <= codes:  # a text per language
            for code in [code for code in node if code not in keep]:
                _delete(node, code)
            return
        for key in list(node):
            _cut(node[key], keep)
            if isinstance(node[key], CommentedSeq) and not node[key]:
                _delete(node, key)  # a list whose every entry was for another language
    elif isinstance(node, CommentedSeq):
        for index in reversed(range(len(node))):
            item = node[index]
            only = item.get("only") if isinstance(item, CommentedMap) else None
            if only is not None and not keep & set(only):
                _delete(node, index)
            else:
                _cut(item, keep)


def _delete(node: CommentedMap | CommentedSeq, key: Any) -> None:
    """Delete an entry, keeping the comments and blank lines that follow it: the YAML
    reader gives them to the entry before, the last of a mapping or list."""
    keys = list(node) if isinstance(node, CommentedMap) else list(range(len(node)))
    after = node.ca.items.pop(key, None)
    del node[key]
    if isinstance(node, CommentedSeq):  # the entries after it move up by one
        moved = {
            (index - 1 if index > key else index): comment
            for index, comment in node.ca.items.items()
        }
        node.ca.items.clear()
        node.ca.items.update(moved)
    if after is None or key != keys[-1] or len(keys) < 2:
        return
    last = keys[-2]
    if node.ca.items.get(last) is None:
        node.ca.items[last] = after


def _written_in(text: str) -> set[str]:
    return {system for letter in text if letter.isalpha() and (system := writing_system(letter))}

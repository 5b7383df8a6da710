"""``cvtex new``: a commented starter profile in the languages asked for.

The starter (profile.yaml) holds each text in every language it has samples for; the
profile written keeps, of each ``{en: ..., zh: ..., ja: ..., ko: ...}``, the languages asked
for (and those they convert from: zh for zh-TW in ``en,zh,zh-TW``), drops the entries shown
only in other languages, and keeps its comments. A language written for itself that has no
samples of its own is written from the samples of one it converts from: ``--lang zh-TW,en``
starts a profile written in Traditional Chinese (the zh samples through OpenCC's s2twp,
under ``zh-TW:``, its Chinese-only entries ``only: [zh-TW]``), so that nothing of it is
converted again. The letter's starter is cut the same way.
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
from ..language.traditional import Conversion, Convert, source_language
from ..profile.base import YearMonth
from ..resources import SCHEMA_FILE
from ..text.written import text_systems, written_in

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
        "{per_language}": per_language(languages),
        "{layout_per_language}": per_language(languages, "[...]"),
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


def written_languages(languages: Sequence[str]) -> list[str]:
    """Of ``languages``, those written for themselves, not converted from another
    (en, zh of en,zh,zh-TW; zh-TW, en of zh-TW,en,zh)."""
    return [code for code in languages if source_language(load_catalog(code), languages) is None]


def per_language(languages: Sequence[str], value: str = "...") -> str:
    """How a text is written per language: {en: ..., zh: ...}."""
    return "{" + ", ".join(f"{code}: {value}" for code in written_languages(languages)) + "}"


def in_languages(starter: str, languages: Sequence[str]) -> str:
    """A starter's YAML with only the texts, entries and name forms of ``languages``."""
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    data = yaml.load(starter)
    sources = {code: source_language(load_catalog(code), languages) for code in languages}
    converted_from = {source for source in sources.values() if source}
    # Texts of the languages written for themselves (zh, not zh-TW, in en,zh,zh-TW; zh-TW,
    # not zh, in zh-TW,en,zh); entries shown in any language asked for.
    written = set(written_languages(languages)) | converted_from
    made = _made_from(_sample_languages(data), written)
    _cut(data, written, made, set(languages) | converted_from)
    if isinstance(data.get("languages"), CommentedSeq):
        data["languages"][:] = list(languages)
    if isinstance(data.get("owner_names"), CommentedSeq):
        systems = {"Latin"} | {
            system for code in languages for system in load_catalog(code).scripts
        }
        data["owner_names"][:] = [
            name for name in data["owner_names"] if text_systems(name) <= systems
        ]
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _sample_languages(node: Any) -> set[str]:
    """The languages a starter has samples in: the keys of its texts by language."""
    codes = set(available_languages())
    if isinstance(node, CommentedMap):
        if node and set(node) <= codes:
            return set(node)
        return {code for value in node.values() for code in _sample_languages(value)}
    if isinstance(node, CommentedSeq):
        return {code for item in node for code in _sample_languages(item)}
    return set()


def _made_from(samples: set[str], written: set[str]) -> dict[str, tuple[str, Convert]]:
    """Each language written for itself that has no samples, with the sample language it
    is written from and the conversion that writes it (zh-TW: zh through s2twp)."""
    made = {}
    for code in sorted(written - samples):
        conversions = load_catalog(code).conversions
        source = next((other for other in conversions if other in samples), None)
        if source is not None:
            made[code] = (source, Conversion(conversions[source], {}))
    return made


def _cut(
    node: Any,
    keep: set[str],
    made: dict[str, tuple[str, Convert]] | None = None,
    shown: set[str] | None = None,
) -> None:
    """Drop, under ``node``, the texts of languages not kept and the entries only other
    languages than ``shown`` (by default those kept) show; write those of ``made`` from
    their sample language."""
    made = made or {}
    shown = keep if shown is None else shown
    codes = set(available_languages())
    if isinstance(node, CommentedMap):
        if node and set(node) <= codes:  # a text per language
            for code, (source, convert) in made.items():
                if source in node and code not in node:
                    node.insert(list(node).index(source), code, convert(node[source]))
            for code in [code for code in node if code not in keep]:
                _delete(node, code)
            return
        for key in list(node):
            if isinstance(node[key], str) and key != "only":
                node[key] = _written_as(node[key], made)
            _cut(node[key], keep, made, shown)
            if isinstance(node[key], CommentedSeq) and not node[key]:
                _delete(node, key)  # a list whose every entry was for another language
    elif isinstance(node, CommentedSeq):
        for index in reversed(range(len(node))):
            item = node[index]
            only = item.get("only") if isinstance(item, CommentedMap) else None
            if isinstance(only, CommentedSeq):
                only[:] = list(dict.fromkeys(_renamed(code, made, keep) for code in only))
            if only is not None and not shown & set(only):
                _delete(node, index)
            elif isinstance(item, str):
                node[index] = _written_as(item, made)
            else:
                _cut(item, keep, made, shown)


def _renamed(code: str, made: dict[str, tuple[str, Convert]], keep: set[str]) -> str:
    """``only: [zh]`` of a starter written in zh-TW from zh samples: only: [zh-TW]."""
    if code in keep:
        return code
    return next((target for target, (source, _) in made.items() if source == code), code)


def _written_as(text: str, made: dict[str, tuple[str, Convert]]) -> str:
    """A plain Chinese sample in the Chinese the profile is written in (the first made)."""
    chinese = [convert for _, (source, convert) in made.items() if source == "zh"]
    if chinese and written_in(text) == "zh":
        return chinese[0](text)
    return text


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

"""Load a profile file and validate it into the typed models, with errors that point home."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from . import model
from .errors import InputError
from .model import POOLS, Profile
from .source import SourceMap, format_path, load_yaml

_KINDS = {type(None): "an empty file", list: "a list", str: "a line of text"}


@dataclass(frozen=True)
class LoadedProfile:
    profile: Profile
    source: SourceMap
    inputs: tuple[Path, ...]  # every file the profile was read from: itself, includes, .bib

    @property
    def file(self) -> Path:
        return self.source.file


# The lists an included file may add to; any other key it sets must not be set twice.
_LISTS = {"contacts", "personal", *POOLS.values()}


def load_profile(file: Path) -> LoadedProfile:
    data, source = load_yaml(file)
    if not isinstance(data, dict):
        raise InputError(
            f"{file}: a profile is a YAML mapping (name:, education:, ...), "
            f"not {_KINDS.get(type(data), 'a single value')}",
            "start from `cvtex new my-cv.yaml`",
        )
    inputs = [file, *_merge_includes(data, source)]
    bibliography = data.get("bibliography")
    if isinstance(bibliography, dict) and isinstance(bibliography.get("file"), str):
        bib_file = _relative(file, bibliography["file"])
        # bibtexparser and pylatexenc take ~25 ms to import: only profiles with a .bib pay it.
        from .bibliography import merge_bibliography, read_bibliography

        entries = read_bibliography(bib_file, bibliography.get("abbreviate_first_names", True))
        merge_bibliography(data, entries, bib_file, source)
        inputs.append(bib_file)
    try:
        profile = Profile.model_validate(data)
    except ValidationError as exc:
        raise InputError(_describe(exc, data, source)) from None
    _check_references(profile, source)
    if profile.photo:
        inputs.append(_relative(file, profile.photo.file))
    return LoadedProfile(profile, source, tuple(inputs))


def _relative(profile_file: Path, name: str) -> Path:
    return (profile_file.parent / name).resolve()


def _merge_includes(data: dict[str, Any], source: SourceMap) -> list[Path]:
    """Join each included file's lists to the profile's; other keys may be set only once."""
    included = data.get("include") or []
    if not isinstance(included, list):
        return []  # validation reports the wrong type with its line
    files = []
    for position, name in enumerate(included):
        if not isinstance(name, str):
            continue
        file = _relative(source.file, name)
        if not file.is_file():
            raise InputError(
                f"{source.locate(('include', position))}: include[{position}]: no such file {file}",
                "paths are relative to the profile's folder",
            )
        extra, extra_source = load_yaml(file)
        if not isinstance(extra, dict):
            raise InputError(f"{file}: an included file is a YAML mapping (publications: ...)")
        for key, value in extra.items():
            where = extra_source.locate((key,))
            if key == "include":
                raise InputError(f"{where}: include: an included file cannot include others")
            if key in _LISTS and isinstance(value, list):
                existing = data.setdefault(key, [])
                if not isinstance(existing, list):
                    continue
                for index in range(len(value)):
                    source.graft(extra_source, (key, index), (key, len(existing) + index))
                existing.extend(value)
            elif key in data:
                raise InputError(
                    f"{where}: {key} is set both here and in {source.file}",
                    "keep it in one of the two files",
                )
            else:
                data[key] = value
                source.graft(extra_source, (key,), (key,))
        files.append(file)
    return files


def _check_references(profile: Profile, source: SourceMap) -> None:
    known = set(profile.sections) | set(POOLS) | {"summary"}
    layouts: list[tuple[tuple[str | int, ...], str, list[str]]] = [
        (("layout", lang), lang, ids) for lang, ids in profile.layout.items()
    ]
    for name, variant in profile.variants.items():
        if isinstance(variant.layout, list):
            layouts.append((("variants", name, "layout"), "", variant.layout))
        elif variant.layout:
            layouts.extend(
                (("variants", name, "layout", lang), lang, ids)
                for lang, ids in variant.layout.items()
            )
    default = profile.default_variant
    if default and default not in profile.variants:
        raise InputError(
            f"{source.locate(('default_variant',))}: default_variant: no variant "
            f"{default!r}{_suggest(default, set(profile.variants))}",
            "define it under variants:, or remove default_variant",
        )
    for base, lang, ids in layouts:
        if lang and lang not in profile.languages:
            raise InputError(
                f"{source.locate(base)}: {format_path(base)}: {lang!r} is not one of the "
                f"profile's languages ({', '.join(profile.languages)})",
                f"add {lang} to languages:, or remove {format_path(base)}",
            )
        for position, section_id in enumerate(ids):
            if section_id not in known:
                path = (*base, position)
                raise InputError(
                    f"{source.locate(path)}: {format_path(path)}: "
                    f"no section {section_id!r}{_suggest(section_id, known)}",
                    "define it under sections:, or use one of: " + ", ".join(sorted(known)),
                )
    for index, publication in enumerate(profile.publications):
        if publication.title is None:
            path = ("publications", index)
            raise InputError(
                f"{source.locate(path)}: publications[{index}].title: this field is required",
                "write it, or take the publication from a bibliography with bib: KEY",
            )
    for section_id, section in profile.sections.items():
        if section.kind is None and section_id not in POOLS and section_id != "summary":
            raise InputError(
                f"{source.locate(('sections', section_id))}: sections.{section_id}: "
                "this section needs a kind",
                "add kind: with one of " + ", ".join(model.SectionKind.__args__),  # type: ignore[attr-defined]
            )


def _describe(exc: ValidationError, data: Any, source: SourceMap) -> str:
    """One line per wrong field: file, line, column, the field's path and what is wrong."""
    by_path: dict[tuple[str | int, ...], list[dict[str, Any]]] = {}
    for error in exc.errors(include_url=False):
        path = _data_path(error["loc"], data)
        by_path.setdefault(path, []).append(error)
    # A wrong value inside a mapping by language also fails the union's plain-text branch
    # at the mapping itself: the inner error says what is wrong.
    by_path = {
        path: errors
        for path, errors in by_path.items()
        if not any(other[: len(path)] == path and other != path for other in by_path)
        or {error["type"] for error in errors} - _UNION_BRANCHES
    }
    lines = [f"{source.file}: the profile has {len(by_path)} problem(s):"]
    for path, errors in sorted(by_path.items(), key=lambda item: source.locate(item[0]).line):
        lines.append(f"  {source.locate(path)}: {format_path(path)}: {_message(path, errors)}")
    return "\n".join(lines)


_UNION_BRANCHES = {"string_type", "dict_type", "model_type", "model_attributes_type"}


def _data_path(loc: tuple[str | int, ...], data: Any) -> tuple[str | int, ...]:
    """Drop the parts of pydantic's location that name union branches, not data."""
    path: list[str | int] = []
    node = data
    for part in loc:
        in_dict = isinstance(node, dict) and part in node
        in_list = isinstance(node, list) and isinstance(part, int) and part < len(node)
        if in_dict or in_list:
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and part in _all_field_names():
            node = None  # a missing required field: keep it in the path
        else:
            continue
        path.append(part)
    return tuple(path)


def _message(path: tuple[str | int, ...], errors: list[dict[str, Any]]) -> str:
    kinds = {error["type"] for error in errors}
    if "extra_forbidden" in kinds:
        key = str(path[-1]) if path else ""
        return f"unknown key {key!r}{_suggest(key, _all_field_names())}"
    if "missing" in kinds:
        return "this field is required"
    ours = [error for error in errors if error["type"] == "value_error"]
    if ours:
        return str(ours[0]["ctx"]["error"])
    if kinds <= {"string_type", "dict_type", "string_pattern_mismatch"} and len(errors) > 1:
        return "expected text, or a mapping by language such as {en: ..., zh: ...}"
    if "string_pattern_mismatch" in kinds and path and _looks_like_language_key(errors):
        return "language codes look like en, zh or zh-TW"
    first = errors[0]
    if first["type"] == "literal_error" and isinstance(first.get("input"), str):
        choices = set(re.findall(r"'([^']*)'", first["ctx"]["expected"]))
        suggestion = _suggest(first["input"], choices)
        return f"{first['input']!r} is not one of {first['ctx']['expected']}{suggestion}"
    got = first.get("input")
    shown = "" if isinstance(got, (dict, list)) else f" (got {got!r})"
    return f"{first['msg'][0].lower()}{first['msg'][1:]}{shown}"


def _looks_like_language_key(errors: list[dict[str, Any]]) -> bool:
    return any("[" in str(error["loc"]) or "[key]" in str(error["loc"]) for error in errors)


def _suggest(word: str, candidates: set[str] | frozenset[str]) -> str:
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


@cache
def _all_field_names() -> frozenset[str]:
    names: set[str] = set()
    for value in vars(model).values():
        if isinstance(value, type) and issubclass(value, BaseModel):
            for name, field in value.model_fields.items():
                names.add(field.alias or name)
    return frozenset(names)

"""Load a profile file and validate it into the typed models, with errors that point home."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from . import model
from .errors import InputError
from .model import POOLS, Profile
from .source import SourceMap, format_path, load_yaml


@dataclass(frozen=True)
class LoadedProfile:
    profile: Profile
    source: SourceMap
    inputs: tuple[Path, ...]  # every file the profile was read from

    @property
    def file(self) -> Path:
        return self.source.file


def load_profile(file: Path) -> LoadedProfile:
    data, source = load_yaml(file)
    if not isinstance(data, dict):
        raise InputError(
            f"{file}: a profile is a YAML mapping (name:, education:, ...), "
            f"not {type(data).__name__ if data is not None else 'an empty file'}",
            "start from `cvtex new my-cv.yaml`",
        )
    try:
        profile = Profile.model_validate(data)
    except ValidationError as exc:
        raise InputError(_describe(exc, data, source)) from None
    _check_references(profile, source)
    return LoadedProfile(profile, source, (file,))


def _check_references(profile: Profile, source: SourceMap) -> None:
    known = set(profile.sections) | set(POOLS)
    for lang, ids in profile.layout.items():
        if lang not in profile.languages:
            raise InputError(
                f"{source.locate(('layout', lang))}: layout.{lang}: {lang!r} is not one of the "
                f"profile's languages ({', '.join(profile.languages)})",
                f"add {lang} to languages:, or remove layout.{lang}",
            )
        for position, section_id in enumerate(ids):
            if section_id not in known:
                raise InputError(
                    f"{source.locate(('layout', lang, position))}: layout.{lang}[{position}]: "
                    f"no section {section_id!r}{_suggest(section_id, known)}",
                    "define it under sections:, or use one of: " + ", ".join(sorted(known)),
                )
    for section_id, section in profile.sections.items():
        if section.kind is None and section_id not in POOLS:
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
    lines = [f"{source.file}: the profile has {len(by_path)} problem(s):"]
    for path, errors in sorted(by_path.items(), key=lambda item: source.locate(item[0]).line):
        lines.append(f"  {source.locate(path)}: {format_path(path)}: {_message(path, errors)}")
    return "\n".join(lines)


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

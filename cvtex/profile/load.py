"""Load a profile file and validate it into the typed models, with errors that point home."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from ..errors import InputError
from .base import LANG_PATTERN, Same
from .content import SectionKind
from .drafts import Draft, take_drafts
from .model import POOLS, Profile, Variant
from .problems import Problem, plain_message, report, suggest
from .source import SourceMap, format_path, load_yaml

_KINDS = {type(None): "an empty file", list: "a list", str: "a line of text"}


@dataclass(frozen=True)
class LoadedProfile:
    profile: Profile
    source: SourceMap
    inputs: tuple[Path, ...]  # every file the profile was read from: itself, includes, .bib
    # What was read around rather than refused ("refs.bib:12: doi is written twice..."):
    # warnings in a build, errors with --strict.
    warnings: tuple[str, ...] = ()
    # The variant a build shows (``variants:``), with its name; none: the whole CV.
    variant: Variant | None = None
    variant_name: str | None = None
    # Texts drafted by a machine or a memory, not yet accepted (see drafts.py).
    drafts: tuple[Draft, ...] = ()

    @property
    def file(self) -> Path:
        return self.source.file

    def showing(self, name: str | None) -> LoadedProfile:
        """The profile as its variant ``name`` shows it (None: as the whole CV)."""
        variant = self.profile.variants[name] if name else None
        return replace(self, variant=variant, variant_name=name)


# The lists an included file may add to; any other key it sets must not be set twice.
_LISTS = {"contacts", "personal", *POOLS.values()}


def load_profile(file: Path, parsed: tuple[Any, SourceMap] | None = None) -> LoadedProfile:
    """``parsed``: the file as load_yaml(file, prose=True) read it already, if it was."""
    data, source = parsed or load_yaml(file, prose=True)
    if not isinstance(data, dict):
        raise InputError(
            f"{file}: a profile is a YAML mapping (name:, education:, ...), "
            f"not {_KINDS.get(type(data), 'a single value')}",
            "start from `cvtex new my-cv.yaml`",
        )
    inputs = [file, *_merge_includes(data, source)]
    warnings: list[str] = []
    bibliography = data.get("bibliography")
    if isinstance(bibliography, dict) and isinstance(bibliography.get("file"), str):
        bib_file = _relative(file, bibliography["file"])
        from ..bibtex.remembered import read_remembered
        from .bibliography import merge_bibliography

        read = read_remembered(bib_file, bibliography.get("abbreviate_first_names", True))
        merge_bibliography(data, read, bib_file, source)
        inputs.append(bib_file)
        warnings.extend(read.warnings)
    drafts = take_drafts(data)
    try:
        profile = Profile.model_validate(data)
    except ValidationError as exc:
        raise InputError(describe_problems(exc, data, source)) from None
    _check_references(profile, source)
    if profile.photo:
        inputs.append(_relative(file, profile.photo.file))
    return LoadedProfile(profile, source, tuple(inputs), tuple(warnings), drafts=tuple(drafts))


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
        extra, extra_source = load_yaml(file, prose=True)
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
    layouts = _layouts(("layout",), profile.layout)
    for name, variant in profile.variants.items():
        layouts.extend(_layouts(("variants", name, "layout"), variant.layout))
    default = profile.default_variant
    if default and default not in profile.variants:
        raise InputError(
            f"{source.locate(('default_variant',))}: default_variant: no variant "
            f"{default!r}{suggest(default, set(profile.variants))}",
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
                    f"no section {section_id!r}{suggest(section_id, known)}",
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
                "add kind: with one of " + ", ".join(SectionKind.__args__),  # type: ignore[attr-defined]
            )


def _layouts(
    base: tuple[str | int, ...], layout: dict[str, list[str]] | list[str] | None
) -> list[tuple[tuple[str | int, ...], str, list[str]]]:
    """A layout's lists of section ids, each with its path and its language ("" for all)."""
    if isinstance(layout, list):
        return [(base, "", layout)]
    return [((*base, lang), lang, ids) for lang, ids in (layout or {}).items()]


def describe_problems(
    exc: ValidationError,
    data: Any,
    source: SourceMap,
    root: type[BaseModel] = Profile,
    what: str = "the profile",
) -> str:
    """One line per wrong field: file, line, column, the field's path and what is wrong.
    ``root``: the model the whole file is read as (a profile, a letter)."""
    found = profile_problems(exc, data, root)
    # A misspelt key first: it is often what the others follow from.
    found.sort(key=lambda problem: (not _is_unknown_key(problem), source.locate(problem.path).line))
    heading = f"{source.file}: {what} has {len(found)} problem(s):"
    return report(heading, found, lambda path: str(source.locate(path)))


def profile_problems(
    exc: ValidationError, data: Any, root: type[BaseModel] = Profile
) -> list[Problem]:
    """Each wrong field once: its path in ``data`` (union branches aside) and what is wrong."""
    by_path: dict[tuple[str | int, ...], list[dict[str, Any]]] = {}
    for error in _meant_errors(exc.errors(include_url=False), data):
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
    unknown = [path for path, errors in by_path.items() if _kinds(errors) == {"extra_forbidden"}]
    problems = []
    for path, errors in by_path.items():
        if _misspelt(path, errors, unknown):
            continue
        if _refused_as_language(errors) and (text := _colon_text(path, data)):
            # Said of the text itself, not of the key YAML made of its first words.
            problems.append(
                Problem(
                    path[:-1],
                    f"YAML read {text!r} as a key and its value (a ': ' does that), not as "
                    f"text: write it in quotes, {_quoted(text)}",
                )
            )
            continue
        problems.append(Problem(path, _message(path, errors, data, root)))
    return problems


def _kinds(errors: list[dict[str, Any]]) -> set[str]:
    return {error["type"] for error in errors}


def _misspelt(
    path: tuple[str | int, ...], errors: list[dict[str, Any]], unknown: list[tuple[str | int, ...]]
) -> bool:
    """Whether ``path`` is a required field that is missing because a key beside it is its
    misspelling (instituton): the unknown key's did-you-mean says it all."""
    if _kinds(errors) != {"missing"} or not path:
        return False
    field = str(path[-1])
    return any(other[:-1] == path[:-1] and suggest(str(other[-1]), {field}) for other in unknown)


def _refused_as_language(errors: list[dict[str, Any]]) -> bool:
    """Whether a key was refused for not being a language code: what "Graded: homework"
    becomes, where a mapping that is meant (a font's family:) fails on its value instead."""
    return any(
        error["type"] == "string_pattern_mismatch"
        and (error.get("ctx") or {}).get("pattern") == LANG_PATTERN
        for error in errors
    )


def _is_unknown_key(problem: Problem) -> bool:
    return problem.message.startswith("unknown key ")


Branch = tuple[tuple[str | int, ...], str, Any]  # where in the loc, the branch's tag, the data


def _meant_errors(errors: list[Any], data: Any) -> list[Any]:
    """The errors of the union branches that the data means.

    A text field is plain text, a mapping by language or {same: ...}; a bullet may also
    be {text: ..., only: ...}. A mapping's keys say which it is meant to be, and the
    errors of the other branches only confuse.
    """
    branches = [_branches(error["loc"], data) for error in errors]
    tags: dict[tuple[str | int, ...], set[str]] = {}
    for found in branches:
        for prefix, tag, _ in found:
            tags.setdefault(prefix, set()).add(tag)
    kept = [
        error
        for error, found in zip(errors, branches, strict=True)
        if all(tag in _meant(node, tags[prefix]) for prefix, tag, node in found)
    ]
    return kept or errors


def _branches(loc: tuple[str | int, ...], data: Any) -> list[Branch]:
    found: list[Branch] = []
    node = data
    for position, part in enumerate(loc):
        if _has(node, part):
            node = node[part]
        elif isinstance(part, str) and _is_branch(part):
            found.append((loc[:position], part, node))
    return found


def _has(node: Any, part: str | int) -> bool:
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and part < len(node)


def _meant(node: Any, tags: set[str]) -> set[str]:
    if not isinstance(node, dict):
        return tags - {"Same"}
    if "same" in node:
        return {"Same"}
    models = {tag for tag in tags if tag not in ("str", "Same") and not tag.startswith("dict[")}
    if models and set(node) & _all_field_names():
        return models
    return {tag for tag in tags if tag.startswith("dict[")} or tags


def _is_branch(part: str) -> bool:
    return part in ("str", "Same") or part.startswith("dict[") or part[:1].isupper()


_UNION_BRANCHES = {"string_type", "dict_type", "list_type", "model_type", "model_attributes_type"}


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


def _message(
    path: tuple[str | int, ...],
    errors: list[dict[str, Any]],
    data: Any,
    root: type[BaseModel] = Profile,
) -> str:
    kinds = {error["type"] for error in errors}
    if "extra_forbidden" in kinds:
        return _unknown_key(path, data, root)
    if "missing" in kinds:
        return "this field is required"
    ours = [error for error in errors if error["type"] == "value_error"]
    if ours:
        return str(ours[0]["ctx"]["error"])
    got = errors[0].get("input")
    if "string_type" in kinds and isinstance(got, int | float) and not isinstance(got, bool):
        # YAML read it as a number, which would print otherwise than written (3.10 as 3.1).
        return f'expected text, not the number {got!r}: write it in quotes ("...") as text'
    if kinds <= _TEXT_BRANCHES and len(errors) > 1:
        return "expected text, or a mapping by language such as {en: ..., zh: ...}"
    if {"list_type", "dict_type"} <= kinds:  # layout:, fallback:
        shown = "" if isinstance(got, dict | list) else f" (got {got!r})"
        return f"expected a list, or a mapping by language such as {{en: [...], zh: [...]}}{shown}"
    if "string_pattern_mismatch" in kinds and path and _looks_like_language_key(errors):
        return "language codes look like en, zh or zh-TW"
    return plain_message(errors[0])


# What a wrong value for a text field fails: plain text, a mapping by language, {same: ...}.
_TEXT_BRANCHES = {
    "string_type",
    "dict_type",
    "string_pattern_mismatch",
    "model_type",
    "model_attributes_type",
    "missing",
    "extra_forbidden",
}


def _unknown_key(path: tuple[str | int, ...], data: Any, root: type[BaseModel] = Profile) -> str:
    """A key this mapping does not take: a close key it takes, or where the key belongs.

    Suggesting only keys of the mapping's own model keeps did-you-mean from naming the
    very key written (numbered on a teaching entry, which only some entries take).
    """
    key = str(path[-1]) if path else ""
    here = _model_at(path[:-1], data, root)
    if here is not None:
        allowed = {field.alias or name for name, field in here.model_fields.items()}
        if suggestion := suggest(key, allowed):
            return f"unknown key {key!r}{suggestion}"
    elsewhere = [cls for cls in _models(root) if key in _keys_of(cls)]
    if here is Same:
        return f"unknown key {key!r}: {{same: ...}} holds only the text"
    if elsewhere and here not in elsewhere:
        where = f"allowed on {_places(elsewhere)}"
        return f"unknown key {key!r}: {where}" + (f", not on {_place(here)}" if here else "")
    if here is not None:
        return f"unknown key {key!r}: {_place(here)} take {_and(sorted(_keys_of(here)))}"
    return f"unknown key {key!r}{suggest(key, _all_field_names())}"


def _model_at(
    path: tuple[str | int, ...], data: Any, root: type[BaseModel] = Profile
) -> type[BaseModel] | None:
    """The model that the mapping at ``path`` is read as, found through the annotations."""
    candidates: list[Any] = [root]
    node = data
    for part in path:
        node = node[part] if isinstance(node, dict | list) else None
        candidates = [child for annotation in candidates for child in _child(annotation, part)]
    models = [cls for annotation in candidates for cls in _model_classes(annotation)]
    if not models:
        return None
    keys = set(node) if isinstance(node, dict) else set()
    return max(models, key=lambda cls: len(keys & _keys_of(cls)))


def _child(annotation: Any, part: str | int) -> list[Any]:
    origin = get_origin(annotation)
    if origin is Annotated:
        return _child(get_args(annotation)[0], part)
    if origin in (Union, UnionType):
        return [child for arg in get_args(annotation) for child in _child(arg, part)]
    if isinstance(part, int) and origin is list:
        return [get_args(annotation)[0]]
    if isinstance(part, str) and origin is dict:
        return [get_args(annotation)[1]]
    if isinstance(part, str) and isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [
            field.annotation
            for name, field in annotation.model_fields.items()
            if part in (name, field.alias)
        ]
    return []


def _model_classes(annotation: Any) -> list[type[BaseModel]]:
    origin = get_origin(annotation)
    if origin is Annotated:
        return _model_classes(get_args(annotation)[0])
    if origin in (Union, UnionType):
        return [cls for arg in get_args(annotation) for cls in _model_classes(arg)]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return []


def _keys_of(cls: type[BaseModel]) -> set[str]:
    return {field.alias or name for name, field in cls.model_fields.items()}


@cache
def _models(root: type[BaseModel] = Profile) -> list[type[BaseModel]]:
    """The profile's models, in the order the JSON Schema lists them."""
    found: list[type[BaseModel]] = []
    pending: list[Any] = [root]
    while pending:
        annotation = pending.pop(0)
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            if annotation not in found:
                found.append(annotation)
                pending.extend(field.annotation for field in annotation.model_fields.values())
        else:
            pending.extend(get_args(annotation))  # unions, lists, dicts and Annotated
    return found


# How a message names each model: the lists of the profile are its entries.
_ENTRY_LISTS = {name: name for name in POOLS.values()}


def _place(cls: type[BaseModel]) -> str:
    for name, field in Profile.model_fields.items():
        if name in _ENTRY_LISTS and cls in _model_classes(_element(field.annotation)):
            return f"{name} entries"
    return _PLACES.get(cls.__name__, f"{cls.__name__.lower()} settings")


def _places(classes: list[type[BaseModel]]) -> str:
    names = [_place(cls) for cls in classes]
    entries = [name.removesuffix(" entries") for name in names if name.endswith(" entries")]
    others = [name for name in names if not name.endswith(" entries")]
    parts = [*others, *([f"{_and(entries)} entries"] if entries else [])]
    return " and on ".join(parts) if len(parts) == 2 else _and(parts)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _element(annotation: Any) -> Any:
    while get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    return get_args(annotation)[0] if get_origin(annotation) is list else annotation


_PLACES = {
    "Profile": "the top level",
    "Letter": "the top level",
    "Recipient": "recipient",
    "Signature": "signature",
    "Bullet": "bullets",
    "ScopedText": "labels",
    "Link": "links",
    "Author": "authors",
    "Skill": "skill items",
    "Contact": "contacts",
    "Section": "sections",
    "Variant": "variants",
    "Photo": "photo",
    "Bibliography": "bibliography",
    "Homepage": "homepage",
    "Fonts": "fonts",
    "FontChoice": "fonts",
    "Expected": "expected dates",
    "Same": "{same: ...} texts",
}


def _colon_text(path: tuple[str | int, ...], data: Any) -> str | None:
    """The text a person wrote where YAML read a mapping of one key, as "Graded: homework
    and exams" reads (a key no language code could be); None otherwise."""
    node: Any = data
    for part in path[:-1]:
        node = node[part] if isinstance(node, dict | list) else None
    if not isinstance(node, dict) or len(node) != 1:
        return None
    ((key, value),) = node.items()
    if re.match(LANG_PATTERN, str(key).lower()) or isinstance(value, dict | list):
        return None
    return f"{key}: {value}" if value is not None else f"{key}:"


def _quoted(text: str) -> str:
    if '"' not in text:
        return f'"{text}"'
    return "'" + text.replace("'", "''") + "'"


def _looks_like_language_key(errors: list[dict[str, Any]]) -> bool:
    return any("[" in str(error["loc"]) or "[key]" in str(error["loc"]) for error in errors)


@cache
def _all_field_names() -> frozenset[str]:
    """Every key some model of the profile takes: the models are found from the root, as
    they live in several modules."""
    return frozenset(key for cls in _models() for key in _keys_of(cls))

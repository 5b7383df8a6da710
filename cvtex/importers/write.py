"""The one writer of imported profiles: what a reader found, validated as a profile (a value
the profile refuses is left out with a note, never the file), then written as YAML a
person would write, into a new file that replaces nothing unasked.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from .. import atomic
from ..errors import InputError
from ..profile.load import profile_problems
from ..profile.model import POOLS, Profile
from ..profile.source import Path_, format_path
from ..resources import SCHEMA_FILE
from .reader import Note, SameMap, T, TextMap

_MOST_LEFT_OUT = 500


def placed(data: dict[str, Any], notes: list[Note], where: str) -> Profile:
    """``data`` as a profile: each value it refuses left out of ``data`` (in place) with a
    note; an entry that lacks a field it must have is left out whole."""
    for _ in range(_MOST_LEFT_OUT):
        try:
            return Profile.model_validate(_plain(data))
        except ValidationError as exc:
            problems = profile_problems(exc, _plain(data))
        left_out: list[Path_] = []
        # The last first: leaving out an entry of a list moves the ones after it.
        for problem in sorted(problems, key=lambda problem: _order(problem.path), reverse=True):
            path = problem.path
            if problem.message == "this field is required" and len(path) >= 2:
                path = path[:-1]  # the entry without it
            if not path or path == ("name",):
                raise InputError(
                    f"{where}: gives no name, and a profile needs one",
                    "import it together with a file that has your name, or --into a profile",
                )
            if any(path[: len(done)] == done for done in left_out):
                continue
            if leave_out(data, path):
                left_out.append(path)
                field = f"profile {format_path(path)}"
                notes.append(Note(where, field, f"{problem.message}; left out"))
    raise InputError(f"{where}: more than {_MOST_LEFT_OUT} values cvtex cannot place")


def _order(path: Path_) -> list[tuple[int, int, str]]:
    return [(1, 0, part) if isinstance(part, str) else (0, part, "") for part in path]


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data, default=str))


def leave_out(data: Any, path: Path_) -> bool:
    """Delete the value at ``path``; whether there was one."""
    *parents, last = path
    for key in parents:
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return False
    try:
        del data[last]
    except (KeyError, IndexError, TypeError):
        return False
    return True


def tidy(data: dict[str, Any]) -> dict[str, Any]:
    """The profile's keys in the order its model declares them, as a person writes them,
    and no empty lists (but a skill group's items, which the profile requires)."""
    order = list(Profile.model_fields)
    ordered = dict(sorted(data.items(), key=lambda item: order.index(item[0])))
    return pruned(without_needless_order(ordered))


def without_needless_order(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` without a section list that says no more than the default does (a layout
    that repeats the sections' order; sections that are the lists it has, in the default
    order): a profile that names its sections shows only those, so a list added to it
    later would need a line of its own."""
    sections = data.get("sections")
    if isinstance(sections, dict) and data.get("layout") == list(sections):
        data = {key: value for key, value in data.items() if key != "layout"}
    if "layout" in data or not isinstance(sections, dict):
        return data
    default = ["summary"] if data.get("summary") else []
    default += [kind for kind, pool in POOLS.items() if data.get(pool)]
    if list(sections) == default and all(section == {} for section in sections.values()):
        return {key: value for key, value in data.items() if key != "sections"}
    return data


def pruned(value: Any) -> Any:
    """``value`` without empty lists (but a skill group's items and a patent's inventors,
    which the profile requires)."""
    if isinstance(value, TextMap | SameMap):
        return value
    if isinstance(value, dict):
        return {
            key: pruned(item)
            for key, item in value.items()
            if item != []
            or (key == "items" and "category" in value)
            or (key == "inventors" and "title" in value)
        }
    if isinstance(value, list):
        return [pruned(item) for item in value]
    return value


class _Dumper(yaml.SafeDumper):
    pass


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    # Paragraphs as a literal block, as a person would write them: a blank line between
    # them (a line break alone in a block only wraps a line; see source.unwrapped).
    if "\n" not in value:
        return dumper.represent_scalar("tag:yaml.org,2002:str", str(value))
    paragraphs = "\n\n".join(line.strip() for line in str(value).splitlines() if line.strip())
    return dumper.represent_scalar("tag:yaml.org,2002:str", paragraphs + "\n", style="|")


def _represent_list(dumper: yaml.SafeDumper, value: list[Any]) -> yaml.Node:
    # Short lists of words on one line: [en, zh], [2022, 2023].
    words = all(isinstance(item, (str, int)) and len(str(item)) < 20 for item in value)
    short = words and sum(len(str(item)) + 2 for item in value) < 80
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=short)


def _represent_text_map(dumper: yaml.SafeDumper, value: TextMap | SameMap) -> yaml.Node:
    # {en: ..., zh: ...} on one line when it fits, as the example profile writes it.
    short = sum(len(str(text)) + 6 for text in value.values()) < 80
    return dumper.represent_mapping("tag:yaml.org,2002:map", value, flow_style=short)


# libyaml's emitter (when PyYAML has it) writes the same text ten times faster, but for
# characters beyond the Basic Multilingual Plane (emoji), which it escapes: a text with one
# is written by PyYAML's own.
class _FastDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    pass


for _dumper in {_Dumper, _FastDumper}:
    _dumper.add_representer(TextMap, _represent_text_map)
    _dumper.add_representer(SameMap, _represent_text_map)
    _dumper.add_representer(str, _represent_str)
    _dumper.add_representer(T, _represent_str)
    _dumper.add_representer(list, _represent_list)


def yaml_text(value: Any) -> str:
    dumper = _Dumper if _beyond_the_bmp(value) else _FastDumper
    # A long text stays one line: folded, it is a layout the round-trip writer of
    # translate merge and import --into (profile/edit.py) cannot write back as it was.
    return yaml.dump(value, Dumper=dumper, allow_unicode=True, sort_keys=False, width=4096)


def _beyond_the_bmp(value: Any) -> bool:
    if isinstance(value, str):
        return bool(value) and max(value) > "\uffff"
    if isinstance(value, dict):
        return any(_beyond_the_bmp(k) or _beyond_the_bmp(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_beyond_the_bmp(item) for item in value)
    return False


def header(sources: list[str], kinds: list[str], target: Path, said: tuple[str, ...] = ()) -> str:
    """The comment a written profile starts with: what it was imported from, what the
    reading said (``said``: "placed 81 of 82 lines; ..."), and the commands to go on."""
    read = " and ".join(
        f"{Path(source).name} ({kind})" for source, kind in zip(sources, kinds, strict=True)
    )
    lines = "".join(f"# {line}\n" for line in said)
    return (
        f"# yaml-language-server: $schema={SCHEMA_FILE.resolve().as_uri()}\n"
        f"#\n# Imported by cvtex from {read}.\n{lines}"
        f"# Check it with:   cvtex validate {target.name}\n"
        f"# Build it with:   cvtex build {target.name}\n\n"
    )


def write_profile(target: Path, text: str, force: bool) -> None:
    """A new profile; an existing file only with ``force``, never half-written."""
    if target.exists() and not force:
        raise InputError(
            f"{target} already exists; cvtex never overwrites a profile",
            "choose another name with -o, add to it with --into, or pass --force to replace it",
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    if force:
        atomic.write_text(target, text)
        return
    try:
        atomic.write_new(target, text)  # refuses a file made since the check above
    except FileExistsError:
        raise InputError(f"{target} was made while cvtex was importing; nothing written") from None

"""``cvtex import``: a profile from one JSON Resume file, or from two in two languages."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from .. import atomic
from ..errors import InputError
from ..language.catalog import available_languages, load_catalog
from ..profile.model import Profile
from ..resources import SCHEMA_FILE
from .convert import T, profile_data
from .document import read_resume
from .merge import Merger, TextMap, plain


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


def _represent_text_map(dumper: yaml.SafeDumper, value: TextMap) -> yaml.Node:
    # {en: ..., zh: ...} on one line when it fits, as the example profile writes it.
    short = sum(len(str(text)) + 6 for text in value.values()) < 80
    return dumper.represent_mapping("tag:yaml.org,2002:map", value, flow_style=short)


_Dumper.add_representer(TextMap, _represent_text_map)
_Dumper.add_representer(str, _represent_str)
_Dumper.add_representer(T, _represent_str)
_Dumper.add_representer(list, _represent_list)


@dataclass(frozen=True)
class Imported:
    profile: Path
    languages: list[str]
    notes: list[str]


def import_resumes(
    files: list[Path],
    out: Path | None = None,
    force: bool = False,
    languages: str | None = None,
    today: dt.date | None = None,
) -> Imported:
    """Write one profile from one JSON Resume file, or from two in two languages; or from
    one RenderCV file."""
    from ..rendercv import is_rendercv, rendercv_profile, rendercv_profile_path

    if len(files) == 1 and is_rendercv(files[0]):
        data, notes = rendercv_profile(files[0], languages.strip() if languages else None)
        target = out or rendercv_profile_path(files[0])
        return _write_profile(data, files, target, force, notes, "RenderCV")
    if not 1 <= len(files) <= 2:
        raise InputError(
            f"give one JSON Resume file, or two in two languages (got {len(files)})",
            "for example: cvtex import resume.en.json resume.zh.json",
        )
    given = [part.strip() for part in (languages or "").split(",") if part.strip()]
    if given and len(given) != len(files):
        raise InputError(
            f"--lang {languages}: name one language per file ({len(files)} files)",
            "for example: --lang en,zh",
        )
    reads = [read_resume(file, given[i] if given else None, today) for i, file in enumerate(files)]
    for read in reads:
        load_catalog(read.language)  # an unknown language is an error that names the catalogs
    if len(reads) == 2 and reads[0].language == reads[1].language:
        raise InputError(
            f"{files[0]} and {files[1]} are both in {reads[0].language}",
            "pass --lang en,zh (in the order of the files) if that is wrong",
        )
    datas = [profile_data(read, today) for read in reads]
    if len(datas) == 1:
        data = {"languages": [reads[0].language], **_plain_tree(datas[0])}
    else:
        data = Merger(reads[0].language, reads[1].language).profile(*datas)
    notes = [n for r in reads for n in r.notes]
    target = out or default_profile_path(files[0])
    return _write_profile(data, files, target, force, notes, "JSON Resume")


def _write_profile(
    data: dict[str, Any],
    files: list[Path],
    target: Path,
    force: bool,
    notes: list[str],
    kind: str,
) -> Imported:
    # In the order the profile's model declares its keys, as a person would write them.
    order = list(Profile.model_fields)
    data = _prune(dict(sorted(data.items(), key=lambda item: order.index(item[0]))))
    _check(data, target)
    text = _header(files, target, kind) + yaml.dump(
        data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100
    )
    _write_new(target, text, force)
    return Imported(target, list(data["languages"]), notes)


def _plain_tree(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _plain_tree(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain_tree(item) for item in value]
    return plain(value)


def _prune(value: Any) -> Any:
    """Leave out empty lists, except a skill group's items, which the profile requires."""
    if isinstance(value, TextMap):
        return value
    if isinstance(value, dict):
        return {
            key: _prune(item)
            for key, item in value.items()
            if item != [] or (key == "items" and "category" in value)
        }
    if isinstance(value, list):
        return [_prune(item) for item in value]
    return value


def default_profile_path(first: Path) -> Path:
    """``cv.en.resume.json`` -> ``cv.yaml`` beside it (language and ``.resume`` dropped)."""
    known = set(available_languages())
    parts = [p for p in first.name.split(".")[:-1] if p not in known and p != "resume"]
    return first.with_name(".".join(parts or ["profile"]) + ".yaml")


def _check(data: dict[str, Any], target: Path) -> None:
    try:
        Profile.model_validate(json.loads(json.dumps(data)))
    except ValidationError as exc:  # the mapping above should never produce this
        raise AssertionError(f"imported profile for {target} is invalid: {exc}") from exc


def _header(files: list[Path], target: Path, kind: str) -> str:
    sources = " and ".join(file.name for file in files)
    return (
        f"# yaml-language-server: $schema={SCHEMA_FILE.resolve().as_uri()}\n"
        f"#\n# Imported by cvtex from {sources} ({kind}).\n"
        f"# Check it with:   cvtex validate {target.name}\n"
        f"# Build it with:   cvtex build {target.name}\n\n"
    )


def _write_new(target: Path, text: str, force: bool) -> None:
    if target.exists() and not force:
        raise InputError(
            f"{target} already exists; cvtex never overwrites a profile",
            "choose another name with -o, or pass --force to replace it",
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    if force:
        atomic.write_text(target, text)
        return
    atomic.write_new(target, text)  # refuses a file made since the check above

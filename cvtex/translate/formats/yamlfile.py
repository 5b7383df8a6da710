"""cvtex's own translation file: YAML, one entry per distinct text.

```yaml
texts:
- en: Tsinghua University
  zh: 清华大学
  suggested: profile (education[1].institution)   # delete this line to take it
  at:
  - education[0].institution (line 19)
  - experience[2].organization (line 40)
```
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from ...errors import InputError
from ...profile.edit import round_trip_yaml
from ...profile.source import load_yaml
from ..units import Unit, where_listed
from .filled import Header, ReadUnit

_KEYS = {"suggested", "at", "path", "line", "file"}  # a unit's keys besides its languages


def block(text: str) -> str:
    """Paragraphs (one per line) as a literal block writes them: a blank line between."""
    return "\n\n".join(text.splitlines()) + "\n"


def write(units: list[Unit], header: Header, profile_file: Path) -> str:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.scalarstring import LiteralScalarString

    def text(value: str) -> Any:
        return LiteralScalarString(block(value)) if "\n" in value else value

    language = header.language
    texts = CommentedSeq()
    for unit in units:
        item = CommentedMap()
        item[unit.source] = text(unit.text)
        item[language] = text(unit.translation) if unit.translation else None
        if unit.suggested:
            item["suggested"] = unit.suggested
        item["at"] = CommentedSeq(where_listed(unit, profile_file))
        texts.append(item)
    document = CommentedMap(profile=header.profile, language=language, texts=texts)
    document.yaml_set_start_comment(
        f"Translations of {header.profile} into {language}: write each {language}: text.\n"
        "Each text is listed once; its translation goes to every place listed under at:.\n"
        "suggested: marks a translation cvtex found (the profile's own, a memory, a draft):\n"
        "check it, and delete that line to take it; while it stands, the text is left as it is.\n"
        f"An empty {language}: leaves the text as it is; the text copied unchanged marks it\n"
        "as the same in every language ({same: ...}). Then write them into the profile:\n"
        f"  cvtex translate merge {header.profile} <this file>"
    )
    out = io.StringIO()
    round_trip_yaml().dump(document, out)
    return out.getvalue()


def read(file: Path, text: str) -> tuple[str, list[ReadUnit]]:
    data, source = load_yaml(file, text, prose=True)
    if not isinstance(data, dict) or not isinstance(data.get("texts"), list):
        raise InputError(
            f"{file}: not a translation file (language: and texts:)",
            "write one with `cvtex translate export`",
        )
    language = data.get("language")
    if not isinstance(language, str):
        raise InputError(f"{source.locate(('language',))}: language: missing in {file}")
    units = []
    for index, item in enumerate(data["texts"]):
        where = source.locate(("texts", index))
        if not isinstance(item, dict):
            raise InputError(f"{where}: texts[{index}]: a text is a mapping (en:, {language}:)")
        sources = [key for key in item if key not in (*_KEYS, language)]
        if len(sources) != 1 or language not in item:
            raise InputError(
                f"{where}: texts[{index}]: expected the text under its language, "
                f"{language}: and at:, got {', '.join(map(str, item))}"
            )
        translation = item.get(language)
        listed = item.get("at") or []
        if isinstance(listed, str):
            listed = [listed]
        if isinstance(item.get("path"), str):  # a file of an earlier cvtex: one place each
            listed = [item["path"]]
        suggested = item.get("suggested")
        units.append(
            ReadUnit(
                str(item[sources[0]] or "").strip(),
                "" if translation is None else str(translation).strip(),
                checked=not suggested,
                listed=[str(place).split(" (")[0] for place in listed],
                where=str(where),
            )
        )
    return language, units

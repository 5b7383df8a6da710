"""Lines of an entry's bullets that are one of its fields: "导师：林乾", "指導教授：陳明",
"Advisor: Prof. X" are an education entry's advisors (an experience entry's mentors, as
a postdoc's 合作导师), "学位论文：..." its dissertation, "GPA: 3.8/4.0" its GPA.

Other tools have no field for them, so people write them as bullets; a profile has, and a
name in its place is never sent to a machine translator. The labels are data
(``labels.yaml`` beside this module) with every catalog's labels of those fields; the
words of respect written with a name (教授, Prof.) are left to the CV's label.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from ..language.catalog import available_languages, load_catalog
from .reader import T

_DATA = Path(__file__).with_name("labels.yaml")
# The field of each entry a line's field goes to, by the list the entry is in.
_FIELDS = {
    "education": {"advisors": "advisors", "dissertation": "dissertation", "gpa": "gpa"},
    "experience": {"advisors": "mentors"},
}
# A line: its label, a colon, its value (the label short: a sentence with a colon is no label).
_LINE = re.compile(r"^\s*(?:\*\*)?([^:：*]{1,30}?)(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s*(\S.*?)\s*$")
# Between two names: a comma, 、, "and", 和, 与, 與, 및.
_NAMES = re.compile(r"\s*(?:[,，、;；/]|\band\b|&|和|与|與|및)\s*")


@cache
def _labels() -> dict[str, str]:
    """Every label (casefolded) -> the field it names."""
    data = yaml.safe_load(_DATA.read_text(encoding="utf-8"))
    labels = {
        label.casefold(): field
        for field, languages in data["fields"].items()
        for words in languages.values()
        for label in words
    }
    for code in available_languages():
        shown = load_catalog(code).labels
        for field, label in (
            ("advisors", shown.advisors),
            ("advisors", shown.advisor or shown.advisors),
            ("advisors", shown.mentors),
            ("advisors", shown.mentor or shown.mentors),
            ("dissertation", shown.dissertation),
            ("gpa", shown.gpa),
        ):
            labels.setdefault(label.casefold(), field)
    return labels


@cache
def _honorifics() -> tuple[re.Pattern[str], re.Pattern[str]]:
    words = yaml.safe_load(_DATA.read_text(encoding="utf-8"))["honorifics"]

    def alternatives(group: list[str]) -> str:
        return "|".join(re.escape(word) for word in sorted(group, key=len, reverse=True))

    before = re.compile(rf"^(?:{alternatives(words['before'])})(?:\s+|(?<=\.))", re.IGNORECASE)
    after = re.compile(rf"\s*(?:{alternatives(words['after'])})$")
    return before, after


def field_of(line: str) -> tuple[str, str] | None:
    """The field a line names and its value ("导师：林乾" -> advisors, 林乾); None for a line
    that is not one."""
    match = _LINE.match(line)
    if match is None:
        return None
    field = _labels().get(match[1].strip().casefold())
    return (field, match[2]) if field else None


def names(value: str) -> list[str]:
    """The people a line names, each without the words of respect around it."""
    before, after = _honorifics()
    people = []
    for name in _NAMES.split(value):
        bare = after.sub("", before.sub("", name.strip())).strip()
        if bare:
            people.append(bare)
    return people


def lift(data: dict[str, Any]) -> None:
    """Each entry's bullets that are one of its fields, moved into that field (in place):
    advisors and mentors join the entry's own; a dissertation or GPA the entry lacks."""
    for pool, fields in _FIELDS.items():
        for entry in data.get(pool) or []:
            if isinstance(entry, dict) and isinstance(entry.get("bullets"), list):
                _lift_entry(entry, fields)


def _lift_entry(entry: dict[str, Any], fields: dict[str, str]) -> None:
    kept, found = [], {}
    for bullet in entry["bullets"]:
        line = field_of(bullet) if isinstance(bullet, str) else None
        field = fields.get(line[0]) if line else None
        if line is None or field is None:
            kept.append(bullet)
        elif field in ("advisors", "mentors"):
            have = found.setdefault(field, list(entry.get(field) or []))
            have.extend(T(name) for name in names(line[1]) if name not in have)
        elif entry.get(field) or field in found:
            kept.append(bullet)  # the entry has its own: the line stays as written
        else:
            found[field] = T(line[1]) if field == "dissertation" else line[1]
    # The fields stand where a person writes them: before the bullets they were among.
    rest = {key: value for key, value in entry.items() if key not in found}
    entry.clear()
    for key, value in rest.items():
        if key == "bullets":
            entry.update(found)
            value = kept
        entry[key] = value

"""gettext PO: the translation file as Poedit, Lokalize, Weblate and msgmerge read it.

One entry per distinct text: ``msgid`` the text, ``msgstr`` its translation, ``msgctxt`` the
paths of the fields it stands in, an extracted comment (``#.``) with its section, field and
organization, references (``#:``) with the files and lines. A suggestion (the profile's own
translation, a memory, a machine draft) is flagged ``fuzzy``: as gettext itself does, the
merge leaves a fuzzy entry out until the translator clears the flag.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import InputError
from ...profile.source import format_path
from ..units import Unit
from .filled import Header, ReadUnit


def write(units: list[Unit], header: Header, profile_file: Path) -> str:
    lines = [
        f"# Translations of {header.profile} into {header.language}, one entry per distinct "
        "text: its translation goes to every field the context names.",
        "# A fuzzy entry is a suggestion (the profile's own translation, a memory, a machine",
        "# draft): check it and clear the fuzzy flag to take it; a fuzzy entry is left out.",
        f"# Then: cvtex translate merge {header.profile} <this file>",
        'msgid ""',
        'msgstr ""',
        *(
            _quoted(f"{name}: {value}\n")
            for name, value in (
                ("Project-Id-Version", header.profile),
                ("Language", header.language),
                ("MIME-Version", "1.0"),
                ("Content-Type", "text/plain; charset=UTF-8"),
                ("Content-Transfer-Encoding", "8bit"),
                ("X-Source-Language", header.source),
                ("X-Generator", "cvtex"),
            )
        ),
    ]
    for unit in units:
        lines.append("")
        first = unit.places[0]
        note = first.section if first.field == first.section else f"{first.section}: {first.field}"
        if first.organization:
            note += f" ({first.organization})"
        lines.append(f"#. {note}")
        if unit.source != header.source:
            lines.append(f"#. written in {unit.source}")
        if unit.suggested:
            lines.append(f"#. suggested: {unit.suggested}")
        references = " ".join(f"{place.file.name}:{place.line}" for place in unit.places)
        lines.append(f"#: {references}")
        if unit.suggested:
            lines.append("#, fuzzy")
        lines.extend(
            _field("msgctxt", "; ".join(format_path(place.inner) for place in unit.places))
        )
        lines.extend(_field("msgid", unit.text))
        lines.extend(_field("msgstr", unit.translation))
    return "\n".join(lines) + "\n"


def _field(keyword: str, text: str) -> list[str]:
    if "\n" not in text:
        return [f"{keyword} {_quoted(text)}"]
    parts = text.split("\n")
    pieces = [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    return [f'{keyword} ""', *(_quoted(piece) for piece in pieces)]


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}
_UNESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b"}


def _quoted(text: str) -> str:
    return '"' + "".join(_ESCAPES.get(ch, ch) for ch in text) + '"'


def _unquoted(token: str, where: str) -> str:
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise InputError(f"{where}: expected a quoted string, found {token!r}")
    return re.sub(r"\\(.)", lambda match: _UNESCAPES.get(match[1], match[1]), token[1:-1])


@dataclass
class _Entry:
    line: int
    flags: set[str] = field(default_factory=set)
    fields: dict[str, str] = field(default_factory=dict)
    obsolete: bool = False


_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(\".*\")\s*$")


def _entries(file: Path, text: str) -> list[_Entry]:
    entries: list[_Entry] = []
    current: _Entry | None = None
    last: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        where = f"{file}:{number}"
        if not line:
            current, last = None, None
            continue
        if line.startswith("#~"):
            if current is None or not current.obsolete:
                current = _Entry(number, obsolete=True)
                entries.append(current)
            continue
        if line.startswith("#"):
            if current is None or "msgid" in current.fields:
                current = _Entry(number)
                entries.append(current)
                last = None
            if line.startswith("#,"):
                current.flags |= {flag.strip() for flag in line[2:].split(",")}
            continue
        if line.startswith('"'):
            if current is None or last is None:
                raise InputError(f"{where}: a string that continues nothing")
            current.fields[last] += _unquoted(line, where)
            continue
        match = _KEYWORD.match(line)
        if match is None:
            raise InputError(f"{where}: not a line of a PO file: {line[:40]!r}")
        keyword = match[1]
        if (
            current is None
            or keyword in current.fields
            or (keyword in ("msgctxt", "msgid") and "msgstr" in current.fields)
        ):
            current = _Entry(number)
            entries.append(current)
        current.fields[keyword] = _unquoted(match[2], where)
        last = keyword
    return [entry for entry in entries if not entry.obsolete and "msgid" in entry.fields]


def read(file: Path, text: str) -> tuple[str, list[ReadUnit]]:
    entries = _entries(file, text)
    header = next((entry for entry in entries if entry.fields["msgid"] == ""), None)
    language = None
    if header is not None:
        for line in header.fields.get("msgstr", "").splitlines():
            name, _, value = line.partition(":")
            if name.strip() == "Language":
                language = value.strip()
    if not language:
        raise InputError(
            f"{file}: not a translation file of cvtex: its header names no Language:",
            "write one with `cvtex translate export --format po`",
        )
    units = []
    for entry in entries:
        if entry is header:
            continue
        if "msgid_plural" in entry.fields:
            raise InputError(f"{file}:{entry.line}: a plural entry: cvtex writes none")
        context = entry.fields.get("msgctxt", "")
        units.append(
            ReadUnit(
                entry.fields["msgid"].strip(),
                entry.fields.get("msgstr", "").strip(),
                checked="fuzzy" not in entry.flags,
                listed=[path.strip() for path in context.split(";") if path.strip()],
                where=f"{file}:{entry.line}",
            )
        )
    return language.replace("_", "-"), units

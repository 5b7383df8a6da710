"""XLIFF, the translation tools' exchange format: 2.0 (``--format xliff``) and 1.2
(``--format xliff1``, for tools that read no other), one unit per distinct text.

A unit's ``name`` (1.2: ``resname``) is the path of its first field; its notes give the
section, field and organization, every place it stands (category, 1.2: ``from``,
``location``), and what suggested its translation (``suggestion``). A suggestion awaits the
translator's check: in 2.0 its segment's state is ``initial``, in 1.2 its target's state
``needs-review-translation`` with ``approved="no"``; the merge takes a translation once the
translator has moved it on (``translated``, ``reviewed``, ``final``; 1.2 also
``approved="yes"``), and a target written into a unit that had no suggestion in any state.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from ...errors import InputError
from ...profile.source import format_path
from ..units import Unit, where_listed
from .filled import Header, ReadUnit

XLIFF2 = "urn:oasis:names:tc:xliff:document:2.0"
XLIFF1 = "urn:oasis:names:tc:xliff:document:1.2"
_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_TAKEN2 = {"translated", "reviewed", "final"}
_TAKEN1 = {"translated", "signed-off", "final"}


def _note(unit: Unit) -> str:
    first = unit.places[0]
    note = first.section if first.field == first.section else f"{first.section}: {first.field}"
    return note + (f" ({first.organization})" if first.organization else "")


def _instructions(header: Header) -> str:
    return (
        f"Translations of {header.profile} into {header.language}, one unit per distinct "
        "text: its translation goes to every place its location notes name. A unit in the "
        "state initial (needs-review) holds a suggestion: check it and mark it translated to "
        f"take it. Then: cvtex translate merge {header.profile} <this file>"
    )


def _document(root: ET.Element) -> str:
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


def write2(units: list[Unit], header: Header, profile_file: Path) -> str:
    ET.register_namespace("", XLIFF2)

    def tag(name: str) -> str:
        return f"{{{XLIFF2}}}{name}"

    root = ET.Element(
        tag("xliff"), {"version": "2.0", "srcLang": header.source, "trgLang": header.language}
    )
    file = ET.SubElement(root, tag("file"), {"id": "f1", "original": header.profile})
    notes = ET.SubElement(file, tag("notes"))
    ET.SubElement(notes, tag("note"), {"category": "instructions"}).text = _instructions(header)
    for number, unit in enumerate(units, start=1):
        element = ET.SubElement(
            file, tag("unit"), {"id": f"u{number}", "name": format_path(unit.places[0].inner)}
        )
        notes = ET.SubElement(element, tag("notes"))
        ET.SubElement(notes, tag("note"), {"category": "section"}).text = _note(unit)
        for place in where_listed(unit, profile_file):
            ET.SubElement(notes, tag("note"), {"category": "location"}).text = place
        if unit.source != header.source:
            ET.SubElement(notes, tag("note"), {"category": "language"}).text = unit.source
        if unit.suggested:
            ET.SubElement(notes, tag("note"), {"category": "suggestion"}).text = unit.suggested
        segment = ET.SubElement(element, tag("segment"))
        if unit.translation:
            segment.set("state", "initial" if unit.suggested else "translated")
        ET.SubElement(segment, tag("source"), {_SPACE: "preserve"}).text = unit.text
        if unit.translation:
            target = ET.SubElement(segment, tag("target"), {_SPACE: "preserve"})
            target.text = unit.translation
    return _document(root)


def write1(units: list[Unit], header: Header, profile_file: Path) -> str:
    ET.register_namespace("", XLIFF1)

    def tag(name: str) -> str:
        return f"{{{XLIFF1}}}{name}"

    root = ET.Element(tag("xliff"), {"version": "1.2"})
    file = ET.SubElement(
        root,
        tag("file"),
        {
            "original": header.profile,
            "source-language": header.source,
            "target-language": header.language,
            "datatype": "plaintext",
        },
    )
    ET.SubElement(ET.SubElement(file, tag("header")), tag("note")).text = _instructions(header)
    body = ET.SubElement(file, tag("body"))
    for number, unit in enumerate(units, start=1):
        attributes = {"id": f"u{number}", "resname": format_path(unit.places[0].inner)}
        if unit.suggested:
            attributes["approved"] = "no"
        attributes[_SPACE] = "preserve"
        element = ET.SubElement(body, tag("trans-unit"), attributes)
        ET.SubElement(element, tag("source")).text = unit.text
        if unit.translation:
            state = "needs-review-translation" if unit.suggested else "translated"
            ET.SubElement(element, tag("target"), {"state": state}).text = unit.translation
        ET.SubElement(element, tag("note"), {"from": "section"}).text = _note(unit)
        for place in where_listed(unit, profile_file):
            ET.SubElement(element, tag("note"), {"from": "location"}).text = place
        if unit.suggested:
            ET.SubElement(element, tag("note"), {"from": "suggestion"}).text = unit.suggested
    return _document(root)


def read(file: Path, text: str) -> tuple[str, list[ReadUnit]]:
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        # A translation file needs no declarations; entities could expand without bound.
        raise InputError(f"{file}: an XLIFF file with a DOCTYPE or entities is not read")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise InputError(f"{file}: not XML: {exc}") from None
    if root.tag == f"{{{XLIFF2}}}xliff":
        return _read2(file, root)
    if root.tag == f"{{{XLIFF1}}}xliff":
        return _read1(file, root)
    raise InputError(f"{file}: not an XLIFF 2.0 or 1.2 file (its root is {root.tag})")


def _text(element: ET.Element | None) -> str:
    return "" if element is None else "".join(element.itertext()).strip()


def _read2(file: Path, root: ET.Element) -> tuple[str, list[ReadUnit]]:
    ns = {"x": XLIFF2}
    language = root.get("trgLang")
    if not language:
        raise InputError(f"{file}: the xliff element names no trgLang")
    units = []
    for unit in root.iterfind(".//x:unit", ns):
        notes = {
            category: [
                _text(note) for note in unit.iterfind(f"x:notes/x:note[@category='{category}']", ns)
            ]
            for category in ("location", "suggestion")
        }
        for segment in unit.iterfind("x:segment", ns):
            translation = _text(segment.find("x:target", ns))
            state = segment.get("state", "initial")
            checked = state in _TAKEN2 or (state == "initial" and not notes["suggestion"])
            units.append(
                ReadUnit(
                    _text(segment.find("x:source", ns)),
                    translation,
                    checked=checked,
                    listed=[place.split(" (")[0] for place in notes["location"]],
                    where=f"{file}: unit {unit.get('id')}",
                )
            )
    return language, units


def _read1(file: Path, root: ET.Element) -> tuple[str, list[ReadUnit]]:
    ns = {"x": XLIFF1}
    element = root.find("x:file", ns)
    language = element.get("target-language") if element is not None else None
    if not language:
        raise InputError(f"{file}: the file element names no target-language")
    units = []
    for unit in root.iterfind(".//x:trans-unit", ns):
        target = unit.find("x:target", ns)
        state = target.get("state") if target is not None else None
        approved = unit.get("approved")
        checked = approved == "yes" or (approved != "no" and (state in _TAKEN1 or state is None))
        locations = [_text(note) for note in unit.iterfind("x:note[@from='location']", ns)]
        units.append(
            ReadUnit(
                _text(unit.find("x:source", ns)),
                _text(target),
                checked=checked,
                listed=[place.split(" (")[0] for place in locations],
                where=f"{file}: trans-unit {unit.get('id')}",
            )
        )
    return language, units

"""The profile's owner among the authors an import brings: a CV sets the owner's name in
bold wherever an author list has it, by the profile's name and its ``owner_names``. A
.bib writes "M. Xu" where the profile's name is 许明哲: when no author is the owner by
those names, the forms the name takes in author lists are tried (a Chinese name's
pinyin, given name first as papers in English write it, or family first, or initials;
Taiwan's Wade–Giles), and those found are added to ``owner_names``, noted; when none is
found, the note suggests them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from ..bibtex.names import initials
from ..text.written import is_cjk, written_in

_DATA = Path(__file__).with_name("names.yaml")
_HAN_NAME = re.compile(r"^[\u3400-\u9fff\uf900-\ufaff]{2,5}$")


@dataclass(frozen=True)
class Owner:
    """The owner's forms found among the authors, or, when none is, those to suggest."""

    name: str  # the profile's name they come from
    found: list[str]
    suggested: list[str]


def owner_among(
    names: Iterable[tuple[str, bool]], owner_names: Iterable[str], authors: Iterable[str]
) -> Owner | None:
    """``names``: the profile's name in each language it is written in, and whether that
    language is Chinese (its pinyin is tried); None when an author is the owner already
    (by a name, an owner name or the bold of a source that marks it: **...**), or there
    are no authors."""
    names = [(name.strip(), chinese) for name, chinese in names if name.strip()]
    authors = [author.strip() for author in authors if author.strip()]
    if not names or not authors:
        return None
    known = {folded(name) for name, _ in names} | {folded(name) for name in owner_names}
    if any(author.startswith("**") or folded(author) in known for author in authors):
        return None
    name, chinese = next(((n, c) for n, c in names if c and _HAN_NAME.match(n)), names[0])
    forms = name_forms(name, chinese)
    wanted = {folded(form) for form in forms}
    found = list(dict.fromkeys(author for author in authors if folded(author) in wanted))
    return Owner(name, found, [] if found else forms[:3])


def folded(name: str) -> str:
    """A name as author lists are compared: letters only, in one case ("M.-Z. Xu" and
    "mz xu" are one)."""
    return "".join(char for char in name.casefold() if char.isalnum())


def name_forms(name: str, chinese: bool) -> list[str]:
    """The forms an author list may write ``name`` in, the likeliest first."""
    if chinese and _HAN_NAME.match(name) and written_in(name) == "zh":
        return _chinese_forms(name)
    if is_cjk(name):  # 山田 太郎: written so, or without its space; no initials
        return list(dict.fromkeys([name, name.replace(" ", "")]))
    parts = name.split()
    if len(parts) < 2:
        return [name]
    given, family = " ".join(parts[:-1]), parts[-1]
    return [name, f"{initials(given)} {family}", f"{family} {given}"]


def _chinese_forms(name: str) -> list[str]:
    family, given = _split(name)
    forms: list[str] = []
    for romanize in (_pinyin, _wade_giles):
        surname = "".join(_family_reading(family, romanize)).capitalize()
        syllables = romanize(given)
        if not syllables:
            continue
        joined = "".join(syllables).capitalize()
        hyphened = "-".join(syllable.capitalize() for syllable in syllables)
        forms += [
            f"{joined} {surname}",
            f"{hyphened} {surname}",
            f"{initials(joined)} {surname}",
            f"{initials(hyphened)} {surname}",
            f"{surname} {joined}",
        ]
        for vowel in ("u", "v", "yu"):  # ü as people write it: Lü, Lu, Lv, Lyu
            forms += [form.replace("ü", vowel) for form in forms if "ü" in form]
    return list(dict.fromkeys(forms))


def _split(name: str) -> tuple[str, str]:
    """A Chinese name's family name and given name (欧阳修: 欧阳, 修)."""
    compound = _names()["compound"]
    size = 2 if name[:2] in compound and len(name) > 2 else 1
    return name[:size], name[size:]


def _family_reading(family: str, romanize: Any) -> list[str]:
    reading = _names()["readings"].get(family)
    if reading is not None and romanize is _pinyin:
        return [reading]
    return romanize(family)


def _pinyin(text: str) -> list[str]:
    from pypinyin import Style, lazy_pinyin  # its dictionaries load only when a name needs them

    return lazy_pinyin(text, style=Style.NORMAL, v_to_u=True)


def _wade_giles(text: str) -> list[str]:
    from pypinyin import Style, lazy_pinyin

    # Taiwan's passports write Wade–Giles without its apostrophes and with u for ü.
    return [
        syllable.replace("'", "").replace("v", "u")
        for syllable in lazy_pinyin(text, style=Style.WADEGILES)
    ]


@cache
def _names() -> dict[str, Any]:
    data = yaml.safe_load(_DATA.read_text(encoding="utf-8"))
    return {"compound": set(data["compound"]), "readings": dict(data["readings"])}


def suggestion(
    name: Any, languages: list[str], owner_names: Iterable[str], publications: Iterable[Any]
) -> tuple[list[str], str] | None:
    """What an import does about the owner among ``publications``' authors (as data): the
    forms to add to owner_names, and the note that says so (or that suggests forms)."""
    owner = owner_among(names_of(name, languages), owner_names, authors_in(publications))
    if owner is None:
        return None
    if owner.found:
        found = ", ".join(owner.found)
        return owner.found, (
            f"{found} added: the author lists' form of {owner.name}, so that the CVs set it "
            "in bold; check that it is you"
        )
    forms = ", ".join(owner.suggested)
    return [], (
        f"no author is {owner.name} by the profile's name or owner_names: if you are among "
        f"them, add the form the author lists write, such as owner_names: [{forms}]"
    )


def names_of(name: Any, languages: list[str]) -> list[tuple[str, bool]]:
    """The profile's name in each language it is written in, and whether it is Chinese
    (a name written once is, in a profile whose Chinese is not beside Japanese)."""
    if isinstance(name, dict):
        return [
            (str(text), code.split("-")[0] == "zh")
            for code, text in name.items()
            if isinstance(text, str)
        ]
    if isinstance(name, str):
        bases = {code.split("-")[0] for code in languages}
        return [(name, "zh" in bases and "ja" not in bases)]
    return []


def authors_in(publications: Iterable[Any]) -> list[str]:
    """Every author's name of ``publications`` (as data), in each language written."""
    names: list[str] = []
    for publication in publications:
        authors = publication.get("authors") if isinstance(publication, dict) else None
        for author in authors or []:
            value = author.get("name") if isinstance(author, dict) and "name" in author else author
            if isinstance(value, dict):
                names.extend(str(text) for text in value.values() if isinstance(text, str))
            elif isinstance(value, str):
                names.append(value)
    return names

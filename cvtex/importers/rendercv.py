"""RenderCV's YAML input (``cv:`` with ``sections:``), read into profile data.

RenderCV's sections are free titles over a few entry types; cvtex's are kinds (education,
experience, publications, skills ...) with titles of their own in every language. Each
section becomes the kind its entries' type is (an OneLineEntry list: skills; a
BulletEntry list: awards when its title says so, else others), and keeps its title where
it differs from the kind's. Two sections of one kind (experience and academic_positions)
become two sections that select their entries by a tag. The layout keeps RenderCV's order.

What has no place in a profile is named, with the file's line, never dropped in silence.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from ..language.catalog import available_languages, load_catalog
from ..profile.source import SourceMap, format_path, load_yaml
from .dates import read_date
from .language import language_of_text
from .reader import Context, Note, Read, Reader, T
from .source import Source

# RenderCV's locale.language: a language's English name; cvtex's catalogs: codes.
_LANGUAGES = {
    "english": "en",
    "chinese": "zh",
    "mandarin": "zh",
    "simplified chinese": "zh",
    "traditional chinese": "zh-TW",
    "german": "de",
    "french": "fr",
    "spanish": "es",
    "portuguese": "pt",
    "italian": "it",
    "japanese": "ja",
    "korean": "ko",
    "russian": "ru",
    "turkish": "tr",
    "dutch": "nl",
}
_NETWORKS = {  # RenderCV's network -> cvtex's contact type and the profile's address
    "linkedin": ("linkedin", "https://linkedin.com/in/{}"),
    "github": ("github", "https://github.com/{}"),
    "gitlab": ("gitlab", "https://gitlab.com/{}"),
    "google scholar": ("scholar", "https://scholar.google.com/citations?user={}"),
    "orcid": ("orcid", "https://orcid.org/{}"),
}
_OTHER_NETWORKS = {
    "researchgate": "https://researchgate.net/profile/{}",
    "stackoverflow": "https://stackoverflow.com/users/{}",
    "x": "https://x.com/{}",
    "twitter": "https://twitter.com/{}",
    "youtube": "https://youtube.com/@{}",
    "instagram": "https://instagram.com/{}",
    "leetcode": "https://leetcode.com/u/{}",
    "bluesky": "https://bsky.app/profile/{}",
    "telegram": "https://t.me/{}",
    "imdb": "https://imdb.com/name/{}",
}
_THEMES = {  # RenderCV's themes -> the closest built-in look
    "classic": "classic",
    "sb2nov": "classic",
    "engineeringclassic": "classic",
    "engineeringresumes": "compact",
    "moderncv": "modern",
}
_AWARD_TITLES = re.compile(r"award|honou?r|prize|scholarship|fellowship", re.IGNORECASE)
_SUMMARY_TITLES = re.compile(r"^(summary|about( me)?|profile|objective)$", re.IGNORECASE)


@dataclass
class _Reading:
    source: SourceMap
    where: str
    today: dt.date
    notes: list[Note] = field(default_factory=list)

    def note(self, path: tuple[str | int, ...], what: str) -> None:
        position = self.source.locate_key(path)
        self.notes.append(Note(f"{self.where}:{position.line}", format_path(path), what))


def recognizes(source: Source) -> bool:
    """A YAML file whose top level has ``cv:`` (RenderCV's own key)."""
    if not source.is_file or source.suffix not in (".yaml", ".yml", ""):
        return False
    return re.search(r"^cv\s*:", source.head(), re.MULTILINE) is not None


def read(source: Source, context: Context) -> Read:
    """The profile data of a RenderCV file, and a note for each value not placed."""
    where = source.where()
    data, yaml_source = load_yaml(source.path, source.text())
    if not isinstance(data, dict) or not isinstance(data.get("cv"), dict):
        raise InputError(
            f"{where}: not a RenderCV file: it has no cv: mapping at the top",
            "RenderCV's input starts with cv: (name:, sections:, ...)",
        )
    reading = _Reading(yaml_source, where, context.today)
    cv = data["cv"]
    given = context.language or _language(data, reading)
    code = given or language_of_text([T(text) for text in _strings(cv)])
    catalog = load_catalog(code) if code in available_languages() else load_catalog("en")
    profile: dict[str, Any] = {"name": _text(cv.get("name"))}
    if not profile["name"]:
        raise InputError(f"{where}: cv.name is missing", "a profile needs a name: add cv.name")
    if cv.get("headline"):
        profile["headline"] = _text(cv["headline"])
    profile["contacts"] = _contacts(cv, reading)
    for key in cv:
        if key not in ("name", "headline", "sections", "social_networks", *_CONTACT_KEYS):
            reading.note(("cv", key), "not imported: a profile has no place for it")
    sections = cv.get("sections") or {}
    if not isinstance(sections, dict):
        reading.note(("cv", "sections"), "not imported: sections is a mapping of titles")
        sections = {}
    _sections(sections, profile, catalog, reading)
    _design(data.get("design"), profile, reading)
    for key in data:
        if key not in ("cv", "design", "locale"):
            reading.note((key,), "not imported: cvtex's build options are its own")
    return Read(READER.kind, source, profile, reading.notes, given)


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


_CONTACT_KEYS = ("location", "email", "phone", "website", "photo", "custom_connections")


def _language(data: dict[str, Any], reading: _Reading) -> str | None:
    locale = data.get("locale") or {}
    name = str(locale.get("language") or "").strip().lower() if isinstance(locale, dict) else ""
    code = _LANGUAGES.get(name, name if name in available_languages() else "")
    if isinstance(locale, dict):
        for key in locale:
            if key != "language":
                reading.note(
                    ("locale", key), "not imported: cvtex's locale catalogs set dates and words"
                )
    if not name:
        return None
    if code not in available_languages():
        reading.note(
            ("locale", "language"),
            f"{name!r} has no cvtex catalog: the language is told from the text's script; "
            "a catalog of your own can be given with --locale-file",
        )
        return None
    return code


def _text(value: Any) -> T:
    return T(" ".join(str(value).split()) if value is not None else "")


def _many(value: Any) -> list[str]:
    return [str(item) for item in value] if isinstance(value, list) else [str(value)]


def _contacts(cv: dict[str, Any], reading: _Reading) -> list[dict[str, Any]]:
    contacts: list[dict[str, Any]] = []
    for email in _many(cv["email"]) if cv.get("email") else []:
        contacts.append({"type": "email", "value": email})
    for phone in _many(cv["phone"]) if cv.get("phone") else []:
        contacts.append({"type": "phone", "value": phone.removeprefix("tel:")})
    for url in _many(cv["website"]) if cv.get("website") else []:
        shown = re.sub(r"^https?://", "", url).rstrip("/")
        contacts.append({"type": "website", "value": shown, "url": url})
    for index, network in enumerate(cv.get("social_networks") or []):
        if not isinstance(network, dict) or not network.get("username"):
            reading.note(("cv", "social_networks", index), "not imported: no username")
            continue
        name, user = str(network.get("network", "")), str(network["username"])
        known = _NETWORKS.get(name.strip().lower())
        if known:
            contacts.append({"type": known[0], "value": user, "url": known[1].format(user)})
            continue
        pattern = _OTHER_NETWORKS.get(name.strip().lower())
        contact = {"type": "website", "value": f"{name}: {user}" if name else user}
        if pattern:
            contact["url"] = pattern.format(user.lstrip("@"))
        contacts.append(contact)
    if cv.get("location"):
        contacts.append({"type": "location", "value": _text(cv["location"])})
    if cv.get("photo"):
        reading.note(("cv", "photo"), "not imported: add photo: {file: ...} with the image")
    if cv.get("custom_connections"):
        reading.note(("cv", "custom_connections"), "not imported: add them as contacts")
    return contacts


def _entry_type(entries: list[Any]) -> str:
    first = entries[0]
    if isinstance(first, str):
        return "text"
    if not isinstance(first, dict):
        return "unknown"
    keys = set(first)
    for kind, needed in (
        ("education", {"institution", "area"}),
        ("experience", {"company", "position"}),
        ("publication", {"title", "authors"}),
        ("oneline", {"label", "details"}),
        ("bullet", {"bullet"}),
        ("numbered", {"number"}),
        ("numbered", {"reversed_number"}),
        ("normal", {"name"}),
    ):
        if needed <= keys:
            return kind
    return "unknown"


_KIND_OF_TYPE = {
    "education": "education",
    "experience": "experience",
    "normal": "experience",
    "publication": "publications",
    "oneline": "skills",
    "numbered": "others",
    "text": "text",
}


def _sections(
    sections: dict[str, Any], profile: dict[str, Any], catalog: Any, reading: _Reading
) -> None:
    planned: list[tuple[str, str, str, list[Any]]] = []  # key, title, kind, entries
    for key, entries in sections.items():
        if not isinstance(entries, list) or not entries:
            reading.note(("cv", "sections", key), "not imported: a section is a list of entries")
            continue
        entry_type = _entry_type(entries)
        title = _title(key)
        if entry_type == "bullet":
            kind = "awards" if _AWARD_TITLES.search(title) else "others"
        elif entry_type == "text" and _SUMMARY_TITLES.match(title) and "summary" not in profile:
            kind = "summary"
        else:
            kind = _KIND_OF_TYPE.get(entry_type, "")
        if not kind:
            reading.note(("cv", "sections", key), "not imported: entries of a type cvtex lacks")
            continue
        planned.append((key, title, kind, entries))
    kinds = [kind for _, _, kind, _ in planned]
    layout: list[str] = []
    definitions: dict[str, Any] = {}
    for key, title, kind, entries in planned:
        path = ("cv", "sections", key)
        if kind == "summary":
            profile["summary"] = T("\n\n".join(_text(text) for text in entries))
            definitions["summary"] = _titled({}, title, catalog.titles.get("summary"))
            layout.append("summary")
            continue
        if kind == "text":
            ident = _ident(key)
            definitions[ident] = {
                "kind": "text",
                "title": T(title),
                "text": T("\n\n".join(_text(text) for text in entries)),
            }
            layout.append(ident)
            continue
        shared = kinds.count(kind) > 1
        ident = _ident(key) if shared else kind
        tag = [_ident(key)] if shared else []
        converted = [
            _entry(kind, entry, (*path, index), reading) for index, entry in enumerate(entries)
        ]
        for entry in converted:
            if entry is not None:
                if tag:
                    entry["tags"] = tag
                profile.setdefault(kind, []).append(entry)
        section: dict[str, Any] = {"kind": kind, "select": tag} if shared else {}
        definitions[ident] = _titled(section, title, catalog.titles.get(kind))
        layout.append(ident)
    if definitions:
        profile["sections"] = definitions
        profile["layout"] = layout


def _titled(section: dict[str, Any], title: str, own: str | None) -> dict[str, Any]:
    if own is None or title.casefold() != str(own).casefold():
        section["title"] = T(title)
    return section


def _title(key: str) -> str:
    """The title RenderCV shows for a section key: snake_case words capitalized."""
    if " " in key or any(ch.isupper() for ch in key):
        return key
    return " ".join(word.capitalize() for word in key.split("_"))


def _ident(key: str) -> str:
    """A section id from RenderCV's key: its words, in any script (학력, projects-2)."""
    return re.sub(r"[\W_]+", "-", key.lower()).strip("-") or "section"


def _dates(entry: dict[str, Any], path: tuple[str | int, ...], reading: _Reading) -> dict[str, Any]:
    dates: dict[str, Any] = {}
    for theirs, ours in (("start_date", "start"), ("end_date", "end"), ("date", "date")):
        value = entry.get(theirs)
        if value is None:
            continue
        text = str(value).strip()
        date = read_date(text, reading.today)
        if date == "present" and ours == "end":
            dates["end"] = "present"
        elif date is not None and date != "present":
            dates[ours] = date
        else:
            reading.note((*path, theirs), f"not imported: {text!r} is not a date")
    if "end" in dates and "start" not in dates:  # an end alone is the entry's date
        if dates["end"] != "present":
            dates["date"] = dates.pop("end")
        else:
            dates.pop("end")
    return dates


def _entry(
    kind: str, entry: Any, path: tuple[str | int, ...], reading: _Reading
) -> dict[str, Any] | None:
    if kind in ("awards", "others") and isinstance(entry, dict):
        text = _text(entry.get("bullet") or entry.get("number") or entry.get("reversed_number"))
        if kind == "others":
            return {"text": text}
        # "ICML Best Paper Award (2019)": the years, as an award's years are written.
        if years := re.search(r"\s*\((\d{4}(?:\s*,\s*\d{4})*)\)$", text):
            return {"name": T(text[: years.start()]), "years": _years(years.group(1))}
        return {"name": text}
    if not isinstance(entry, dict):
        reading.note(path, "not imported: an entry of another type than its section's")
        return None
    used = {"start_date", "end_date", "date", "highlights", "summary", "location", "url", "doi"}
    out: dict[str, Any]
    if kind == "education":
        out = {"institution": _text(entry.get("institution"))}
        if entry.get("degree"):
            out["degree"] = _text(entry["degree"])
        if entry.get("area"):
            out["field"] = _text(entry["area"])
        if entry.get("gpa"):  # not RenderCV's own field, but one its users add
            out["gpa"] = _text(entry["gpa"])
        used |= {"institution", "degree", "area", "gpa"}
    elif kind == "experience":
        if "company" in entry:
            out = {"title": _text(entry.get("position")), "organization": _text(entry["company"])}
            used |= {"company", "position"}
        else:  # a NormalEntry: a project, a talk, a certificate
            out = {"title": _text(entry.get("name"))}
            used |= {"name"}
    elif kind == "publications":
        out = {"title": _text(entry.get("title"))}
        out["authors"] = [_author(name) for name in entry.get("authors") or []]
        if entry.get("journal"):
            out["venue"] = _text(entry["journal"])
        year = re.match(r"\d{4}", str(entry.get("date", "")))
        if year:
            out["year"] = int(year.group())
        used |= {"title", "authors", "journal"}
    elif kind == "skills":
        items = [part.strip() for part in re.split(r",\s*(?![^()]*\))", str(entry["details"]))]
        return {"category": _text(entry["label"]), "items": [T(item) for item in items if item]}
    else:
        return None
    if kind != "publications":
        out.update(_dates(entry, path, reading))
        if entry.get("location"):
            out["location"] = _text(entry["location"])
        if entry.get("summary"):
            out["description"] = _text(entry["summary"])
        if entry.get("highlights"):
            out["bullets"] = [_text(item) for item in entry["highlights"]]
    elif entry.get("summary") or entry.get("highlights"):
        reading.note(path, "not imported: a publication's summary or highlights")
    links = []
    if entry.get("doi"):
        links.append({"type": "doi", "url": f"https://doi.org/{entry['doi']}"})
    if entry.get("url"):
        links.append({"type": "url", "url": str(entry["url"])})
    if links:
        out["links"] = links
    for key in entry:
        if key not in used:
            reading.note((*path, key), "not imported: a profile's entry has no such field")
    return out


def _years(text: str) -> list[int]:
    return [int(year) for year in re.findall(r"\d{4}", text)]


def _author(name: Any) -> str:
    # RenderCV marks the CV's owner in a list of authors as *Name* or **Name**; cvtex
    # writes the owner as **Name** and sets it in bold.
    text = _text(name)
    bare = text.strip("*")
    return f"**{bare}**" if bare != text else text


def _design(design: Any, profile: dict[str, Any], reading: _Reading) -> None:
    if not isinstance(design, dict):
        return
    ours: dict[str, Any] = {}
    for key, value in design.items():
        path = ("design", key)
        if key == "theme":
            theme = _THEMES.get(str(value).lower())
            if theme:
                profile["theme"] = theme
            else:
                reading.note(path, f"{value!r} is no cvtex theme: the classic theme is used")
        elif key in ("page_size", "page") and _paper(value):
            ours["paper"] = _paper(value)
            if isinstance(value, dict) and set(value) - {"size"}:
                reading.note(path, "only its size was imported: cvtex's themes set margins")
        elif key in ("color", "colors") and _colour(value):
            ours["accent"] = _colour(value)
            if isinstance(value, dict) and len(value) > 1:
                reading.note(path, "one colour imported as the accent: cvtex has one")
        else:
            reading.note(path, "not imported: cvtex's themes draw it their own way")
    if ours:
        profile["design"] = ours


def _paper(value: Any) -> str | None:
    size = value.get("size") if isinstance(value, dict) else value
    size = str(size or "").lower()
    if "letter" in size:
        return "letter"
    return "a4" if "a4" in size else None


def _colour(value: Any) -> str | None:
    if isinstance(value, dict):
        value = value.get("name") or value.get("section_titles") or value.get("primary")
    text = str(value or "").strip()
    if re.fullmatch(r"#[0-9a-fA-F]{6}", text):
        return text.upper()
    if rgb := re.fullmatch(r"rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)", text):
        return "#" + "".join(f"{min(int(part), 255):02X}" for part in rgb.groups())
    return None


READER = Reader("RenderCV", recognizes, read)

"""RenderCV's YAML input (``cv:`` with ``sections:``), as its users write it (v1.x to
v2.8), read into profile data.

RenderCV's sections are free titles over a few entry types; cvtex's are kinds (education,
experience, publications, skills ...) with titles of their own in every language. Each
section becomes the kind its entries' type is (one-line entries: skills; bullets: awards
when the title says so in any of the languages of :mod:`.titles`, else others; paragraphs:
the summary when the title says so, else a text section), and keeps its title where it
differs from the kind's. Two sections of one kind (experience and academic_positions)
become two sections that select their entries by a tag; the layout keeps RenderCV's order.

Every entry type is read with any of its fields missing or empty, and a type is told from
the fields an entry has, so that a typo in one field (``author:``) loses no section.
Dates in every form RenderCV takes: 2024-09-01, 2024-09, 2024, present, and free text
(Fall 2023: its year, with a note). What has no place in a profile (design, locale and
settings keys, keys RenderCV does not know) is named with the file's line, never dropped
in silence.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..language.catalog import Catalog, available_languages, load_catalog
from ..profile.model import POOLS
from ..profile.source import Path_
from ..text.written import written_in
from . import titles
from .addresses import written_address
from .dates import an_end, read_date, read_range, years_in_words
from .language import language_of_file, listed, strings_in
from .listed import split_list
from .located import Located, read_located
from .networks import network_contact
from .reader import Context, Read, Reader, T, TextMap
from .source import Source

# RenderCV's locale.language: a language's English name (v2.8: mandarin_chinese) or its
# code; cvtex's catalogs: codes.
_LANGUAGES = {
    "english": "en",
    "chinese": "zh",
    "mandarin": "zh",
    "mandarin chinese": "zh",
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
    "hindi": "hi",
    "vietnamese": "vi",
    "indonesian": "id",
    "persian": "fa",
    "arabic": "ar",
}
_THEMES = {  # RenderCV's themes -> the closest built-in look
    "classic": "classic",
    "sb2nov": "classic",
    "engineeringclassic": "classic",
    "engineeringresumes": "compact",
    "moderncv": "modern",
}
_CONTACT_KEYS = ("location", "email", "phone", "website", "photo", "social_networks")
_DATE_KEYS = ("start_date", "end_date", "date")
# The kind of section each entry type makes (bullets, numbered entries and paragraphs
# choose by their title).
_KIND_OF_TYPE = {
    "education": "education",
    "experience": "experience",
    "normal": "experience",
    "publication": "publications",
    "oneline": "skills",
    "skill": "skills",
    "award": "awards",
}
_ONE_LINERS = ("bullet", "numbered", "reversed", "text")
_DATED = {"start_date", "end_date", "date", "company", "institution", "position"}
# The entry types a kind of section converts, when a section's title names that kind:
# "Honors and Awards" with JSON Resume's awards ({title, awarder, date}) are awards, not the
# publications their title: would make of them. A kind not listed shows its entries as
# the kind their type is, under the heading its title names (Teaching: experience rows).
_READS = {
    "awards": {*_ONE_LINERS, "award", "normal", "publication", "oneline"},
    "skills": {*_ONE_LINERS, "oneline", "skill"},
    "summary": {*_ONE_LINERS},
    "education": {"education"},
    "experience": {"experience", "normal"},
    "publications": {"publication", "normal"},
    "service": {*_ONE_LINERS},
    "others": {*_ONE_LINERS},
}
# JSON Resume's keys, which people who came from it write into RenderCV's entries, as
# RenderCV's own (awarder and keywords are read where they belong: an award's giver, a
# skill group's items or a position's technologies).
_JSON_RESUME_KEYS = {
    "studyType": "degree",
    "startDate": "start_date",
    "endDate": "end_date",
    "releaseDate": "date",
    "publisher": "journal",
    "score": "gpa",
    "website": "url",
    "courses": "highlights",
}
_HINT = "RenderCV's input is YAML that starts with cv: (name:, sections:, ...)"
# Typst a RenderCV v2 user writes in a text: #link("url")[text].
_TYPST_LINK = re.compile(r"""#link\(\s*"([^"]+)"\s*\)\[([^\]]*)\]""")
_UNDERSCORE_ITALIC = re.compile(r"(?<![\w*])_(\S(?:.*?\S)?)_(?![\w*])")
_WHOLE_LINK = re.compile(r"^\[([^\]]+)\]\((\S+)\)$")
_WHOLE_ITALIC = re.compile(r"^\*([^*]+)\*$")


def recognizes(source: Source) -> bool:
    """A YAML file whose top level has ``cv:`` (RenderCV's own key)."""
    if not source.is_file or source.suffix not in (".yaml", ".yml", ""):
        return False
    return re.search(r"^cv\s*:", source.head(), re.MULTILINE) is not None


def read(source: Source, context: Context) -> Read:
    """The profile data of a RenderCV file, and a note for each value not placed."""
    data, located = read_located(source, _HINT)
    if not isinstance(data, dict) or not isinstance(data.get("cv"), dict):
        raise InputError(
            f"{source.where()}: not a RenderCV file: it has no cv: mapping at the top", _HINT
        )
    reading = _RenderCV(located, context.today)
    said = reading.locale(data)  # every locale key noted, whatever --lang says
    given = context.language or said
    code = given or language_of_file(data["cv"])
    reading.code = code if code in available_languages() else "en"
    reading.catalog = load_catalog(reading.code)
    profile = reading.cv(data["cv"])
    reading.design(data.get("design"), profile)
    for key, value in data.items():
        if key in ("settings", "rendercv_settings"):
            reading.settings(key, value)
        elif key not in ("cv", "design", "locale", "locale_catalog"):
            reading.note((key,), "not imported: not a part of a RenderCV file cvtex knows")
    return Read(READER.kind, source, profile, located.notes, given)


READER = Reader("RenderCV", recognizes, read)


def _blank(value: Any) -> bool:
    """Nothing written: null, "", or only spaces (area: ' ' to leave a field out)."""
    return value is None or (isinstance(value, str) and not value.strip()) or value == []


def _text(value: Any) -> T:
    """A RenderCV text as the profile's: one line (YAML folds long ones), Typst links and
    _italics_ as the profile's markup."""
    if value is None or isinstance(value, (dict, list)):
        return T("")
    text = " ".join(str(value).split())
    text = _TYPST_LINK.sub(lambda match: f"[{match[2]}]({match[1]})", text)
    return T(_UNDERSCORE_ITALIC.sub(r"*\1*", text))


def _entry_type(entry: Any) -> str:
    """RenderCV's entry type, told from the fields an entry has (RenderCV tells it from
    the fields each type must have; people leave some out)."""
    if isinstance(entry, (str, int, float)) and not isinstance(entry, bool):
        return "text"
    if not isinstance(entry, dict):
        return "unknown"
    keys = set(entry)
    if "keywords" in keys and ({"name", "label"} & keys) and not _DATED & keys:
        return "skill"  # JSON Resume's skill: {name, level, keywords}
    for kind, marks in (
        ("award", {"awarder"}),
        ("bullet", {"bullet"}),
        ("reversed", {"reversed_number"}),
        ("numbered", {"number"}),
        ("oneline", {"label", "details"}),
        ("education", {"institution"}),
        ("experience", {"company"}),
    ):
        if marks & keys:
            return kind
    if "title" in keys and ({"authors", "author", "journal", "doi"} & keys or "name" not in keys):
        return "publication"
    if "name" in keys:
        return "normal"
    if "position" in keys:
        return "experience"
    return "education" if {"degree", "area"} & keys else "unknown"


# The words RenderCV leaves in lower case when it makes a title of a section's key.
_SMALL_WORDS = {"a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "into", "of"}
_SMALL_WORDS |= {"on", "onto", "or", "over", "so", "than", "that", "the", "to", "with"}


def _title(key: str) -> str:
    """The title RenderCV shows for a section key: underscores as spaces, each word in
    lower case capitalized (but a, of, and ... after the first); others as written."""
    words = key.replace("_", " ").split(" ")
    return " ".join(
        word.capitalize() if word.islower() and (i == 0 or word not in _SMALL_WORDS) else word
        for i, word in enumerate(words)
    )


def _ident(key: str) -> str:
    """A section id from RenderCV's key: its words, in any script (학력, projects-2)."""
    return re.sub(r"[\W_]+", "-", key.lower()).strip("-") or "section"


def _many(value: Any) -> list[str]:
    values = value if isinstance(value, list) else [value]
    return [
        str(item).strip()
        for item in values
        if not _blank(item) and not isinstance(item, (dict, list))
    ]


# A text that names its group before a colon: "编程：Python、R", "**Languages:** C, Go".
_LABELLED = re.compile(
    r"^\*\*([^*]+?)\*\*\s*[:：]\s*(\S.*)$|^\*\*([^*]+?)[:：]\*\*\s*(\S.*)$"
    r"|^([^:：*]{1,30})[:：](?!//)\s*(\S.*)$"
)


def _items(details: str) -> list[T]:
    return [T(item) for item in split_list(details)]


def _unique(ident: str, taken: dict[str, Any]) -> str:
    number, unique = 2, ident
    while unique in taken:
        unique, number = f"{ident}-{number}", number + 1
    return unique


def _years(text: str) -> list[int]:
    return [int(year) for year in re.findall(r"\d{4}", text)]


def _author(name: Any) -> str:
    # RenderCV marks the CV's owner in a list of authors as *Name*, **Name** or ***Name***;
    # cvtex writes the owner as **Name** and sets it in bold.
    text = _text(name)
    bare = text.strip("*").strip()
    return f"**{bare}**" if bare != text else text


@dataclass
class _Planned:
    """A section of the file, as it will be placed."""

    key: str
    title: str  # as RenderCV shows it
    entry_type: str  # its entries' type, most of them
    kind: str  # the kind its entries are read as
    named: str | None  # the section its title names, when its entries show under it
    entries: list[Any]


def _language_of_title(title: str, language: str) -> str:
    """The language a title is written in: the file's, when the rule says so (Han alone
    in a Japanese file is Japanese), else the catalog of the one it is in."""
    written = written_in(title)
    base = language.split("-")[0]
    if written is None or written == base or (written == "zh" and base == "ja"):
        return language
    return written if written in ("zh", "ja", "ko") else "en"


def _prose(entries: list[Any]) -> bool:
    """Whether a section's texts are sentences (a paragraph on one's research interests),
    not a list of topics."""
    return any(
        isinstance(entry, str) and len(entry) > 25 and re.search(r"[。！？；.!?;]\s*$", entry)
        for entry in entries
    )


class _RenderCV:
    """One RenderCV file's conversion, and a note for each value it leaves out."""

    def __init__(self, located: Located, today: dt.date) -> None:
        self.located = located
        self.today = today
        self.catalog: Catalog = load_catalog("en")
        self.code = "en"  # the file's language
        # Where a key read as RenderCV's was written as JSON Resume's (studyType: degree).
        self.written_as: dict[Path_, Path_] = {}

    def note(self, path: Path_, what: str) -> None:
        self.located.note(self.origin(path), what)

    def origin(self, path: Path_) -> Path_:
        """``path`` as the file writes it (startDate where it is read as start_date)."""
        for size in range(len(path), 0, -1):
            if (written := self.written_as.get(tuple(path[:size]))) is not None:
                return (*written, *path[size:])
        return path

    def aliased(self, entry: Any, path: Path_) -> Any:
        """An entry with JSON Resume's keys as RenderCV's (studyType as degree); a key
        given both ways keeps RenderCV's, the other noted. A position's employer written
        as JSON Resume's name is its company."""
        if not isinstance(entry, dict):
            return entry
        out: dict[str, Any] = {}
        renamed = dict(_JSON_RESUME_KEYS)
        if "position" in entry and "company" not in entry:
            renamed["name"] = "company"
        elif {"publisher", "releaseDate"} & set(entry) and "title" not in entry:
            renamed["name"] = "title"  # JSON Resume's publication
        for key, value in entry.items():
            ours = renamed.get(str(key), key)
            if ours == key:
                if key in out:
                    continue  # RenderCV's own, where JSON Resume's came first
                out[key] = value
            elif ours in entry and not _blank(entry[ours]) and ours != "highlights":
                if not _blank(value):
                    self.note((*path, key), f"not imported: {ours} gives it")
            elif ours == "highlights" and not _blank(entry.get("highlights")):
                out["highlights"] = [*_many(entry["highlights"]), *_many(value)]
            else:
                out[ours] = value
                self.written_as[(*path, ours)] = (*path, key)
        return out

    # The file's parts besides cv ---------------------------------------------------------

    def locale(self, data: dict[str, Any]) -> str | None:
        """The language locale.language names (v2), when cvtex has its catalog; every
        other key of locale and of v1's locale_catalog noted."""
        code = None
        for part in ("locale", "locale_catalog"):
            locale = data.get(part)
            if _blank(locale):
                continue
            if not isinstance(locale, dict):
                self.note((part,), "not imported: a locale is a mapping")
                continue
            for key, value in locale.items():
                if key == "language" and part == "locale" and not _blank(value):
                    code = self.language(str(value))
                elif not _blank(value):
                    self.note(
                        (part, key), "not imported: cvtex's locale catalogs set dates and words"
                    )
        return code

    def language(self, name: str) -> str | None:
        folded = " ".join(re.split(r"[\s_-]+", name.strip().casefold()))
        code = _LANGUAGES.get(folded, name.strip())
        if code in available_languages():
            return code
        self.note(
            ("locale", "language"),
            f"{name!r} has no cvtex catalog: the language is told from the text's script; "
            "a catalog of your own can be given with --locale-file",
        )
        return None

    def settings(self, key: str, value: Any) -> None:
        """RenderCV's settings (v2.8) or rendercv_settings (v1, v2): one note naming
        each of its keys."""
        keys = ", ".join(str(name) for name in value) if isinstance(value, dict) else ""
        named = f" ({keys})" if keys else ""
        self.note((key,), f"not imported{named}: cvtex's build options are its own")

    def design(self, design: Any, profile: dict[str, Any]) -> None:
        if _blank(design):
            return
        if not isinstance(design, dict):
            self.note(("design",), "not imported: design is a mapping")
            return
        ours: dict[str, Any] = {}
        for key, value in design.items():
            path = ("design", key)
            if key == "theme":
                theme = _THEMES.get(str(value).lower())
                if theme:
                    profile["theme"] = theme
                else:
                    self.note(path, f"{value!r} is no cvtex theme: the classic theme is used")
            elif key in ("page_size", "page") and (paper := _paper(value)):
                ours["paper"] = paper
                if isinstance(value, dict) and (rest := [str(k) for k in value if k != "size"]):
                    not_imported = ", ".join(rest)
                    self.note(
                        path,
                        f"only its size was imported ({not_imported} not): cvtex's themes "
                        "set margins",
                    )
            elif key in ("color", "colors") and (colour := _colour(value)):
                ours["accent"] = colour
                others = (
                    ", ".join(str(k) for k in value if value[k] != _colour_of(value))
                    if isinstance(value, dict)
                    else ""
                )
                if others:  # colours of their own for other parts, which cvtex has not
                    self.note(
                        path, f"one colour imported as the accent ({others} not): cvtex has one"
                    )
            else:
                self.note(path, "not imported: cvtex's themes draw it their own way")
        if ours:
            profile["design"] = ours

    # cv --------------------------------------------------------------------------------

    def cv(self, cv: dict[str, Any]) -> dict[str, Any]:
        profile: dict[str, Any] = {}
        if name := _text(cv.get("name")):
            profile["name"] = name
        headline = cv.get("headline") if not _blank(cv.get("headline")) else cv.get("label")
        if headline := _text(headline):
            profile["headline"] = headline
        profile["contacts"] = self.contacts(cv)
        sections = cv.get("sections")
        if not isinstance(sections, dict):
            if not _blank(sections):
                self.note(("cv", "sections"), "not imported: sections is a mapping of titles")
            sections = {}
        self.sections(sections, profile)
        summary = cv.get("summary")
        if not _blank(summary) and "summary" not in profile:
            # Not RenderCV's (its summary is a section), but an obvious place.
            written = "\n\n".join(strings_in(summary))  # a block, or a list of paragraphs
            paragraphs = (" ".join(part.split()) for part in written.split("\n\n"))
            profile["summary"] = T("\n".join(part for part in paragraphs if part))
            if "summary" not in profile.get("sections", {}):
                profile["sections"] = {"summary": {}, **profile.get("sections", {})}
                profile["layout"] = ["summary", *profile.get("layout", [])]
        elif not _blank(summary):
            self.note(("cv", "summary"), "not imported: the summary section is the summary")
        for key, value in cv.items():
            if key in (
                "name",
                "headline",
                "sections",
                "summary",
                "custom_connections",
                *_CONTACT_KEYS,
            ):
                continue
            if key == "label" and "headline" in profile and _blank(cv.get("headline")):
                continue
            if _blank(value):
                self.note(("cv", key), "empty: nothing to import")
            else:
                self.note(("cv", key), "not imported: a profile has no place for it")
        return profile

    def contacts(self, cv: dict[str, Any]) -> list[dict[str, Any]]:
        contacts: list[dict[str, Any]] = []
        for email in _many(cv.get("email")):
            contacts.append({"type": "email", "value": email.removeprefix("mailto:")})
        for phone in _many(cv.get("phone")):
            contacts.append({"type": "phone", "value": re.sub(r"^tel:\s*", "", phone)})
        for url in _many(cv.get("website")):
            shown = re.sub(r"^https?://", "", url).rstrip("/")
            contacts.append({"type": "website", "value": shown, "url": url})
        networks = cv.get("social_networks")
        for index, network in enumerate(networks if isinstance(networks, list) else []):
            path = ("cv", "social_networks", index)
            if not isinstance(network, dict):
                self.note(path, "not imported: a network is a mapping (network:, username:)")
                continue
            contact = network_contact(
                _text(network.get("network")),
                _text(network.get("username")),
                None,
                self.catalog.punctuation.colon,
            )
            if contact is None:
                self.note(path, "not imported: no username")
            else:
                contacts.append(contact)
        connections = cv.get("custom_connections")
        for index, connection in enumerate(connections if isinstance(connections, list) else []):
            if contact := self.connection(connection):
                contacts.append(contact)
            else:
                self.note(("cv", "custom_connections", index), "not imported: no address")
        if location := _text(cv.get("location")):
            contacts.append(
                {"type": "location", "value": T(written_address(location, self.catalog))}
            )
        if not _blank(cv.get("photo")):
            self.note(("cv", "photo"), "not imported: add photo: {file: ...} with the image")
        for key in ("social_networks", "custom_connections"):
            if not _blank(cv.get(key)) and not isinstance(cv[key], list):
                self.note(("cv", key), "not imported: a list is expected")
        return contacts

    def connection(self, connection: Any) -> dict[str, Any] | None:
        """A custom connection (v2: an icon, what it shows, its address) as a contact: a
        network by its icon (github, linkedin), else a website."""
        if not isinstance(connection, dict) or _blank(connection.get("url")):
            return None
        url = str(connection["url"]).strip()
        icon = str(connection.get("fontawesome_icon") or "").removeprefix("fa-")
        shown = _text(connection.get("placeholder"))
        if icon in ("github", "gitlab", "linkedin", "orcid"):
            return network_contact(icon, None, url)
        value = shown or re.sub(r"^https?://", "", url).rstrip("/")
        return {"type": "website", "value": T(value), "url": url}

    # Sections --------------------------------------------------------------------------

    def sections(self, sections: dict[str, Any], profile: dict[str, Any]) -> None:
        planned: list[_Planned] = []
        for key, entries in sections.items():
            key = str(key)
            path = ("cv", "sections", key)
            if _blank(entries) or entries == {}:
                self.note(path, "empty: nothing to import")
                continue
            if not isinstance(entries, list):
                entries = [entries]  # one entry written without its list
            entries = [self.aliased(entry, (*path, i)) for i, entry in enumerate(entries)]
            types = Counter(_entry_type(entry) for entry in entries)
            types.pop("unknown", None)
            if not types:
                self.note(path, "not imported: entries of no type RenderCV has")
                continue
            section = _Planned(key, _title(key), types.most_common(1)[0][0], "", None, entries)
            self.place(section, profile)
            if section.kind == "summary":
                profile["summary"] = T("")  # taken: a second such section is a text one
            planned.append(section)
        kinds = Counter(section.kind for section in planned)
        layout: list[str] = []
        definitions: dict[str, Any] = {}
        for section in planned:
            key, kind, entries = section.key, section.kind, section.entries
            path = ("cv", "sections", key)
            shared = kinds[kind] > 1 and kind not in ("summary", "text")
            if section.named is not None and section.named not in definitions:
                ident = section.named
            else:
                ident = _unique(_ident(key) if shared or kind == "text" else kind, definitions)
            if kind in ("summary", "text"):
                paragraphs = [
                    text
                    for index, entry in enumerate(entries)
                    if (text := self.paragraph(entry, (*path, index)))
                ]
                if kind == "summary":
                    profile["summary"] = T("\n".join(paragraphs))
                    own = (
                        {} if ident == "summary" else {"kind": "summary"}
                    )  # about: its own heading
                    definitions[ident] = self.titled(own, section, ident)
                else:
                    text_section = {"kind": "text", "text": T("\n".join(paragraphs))}
                    definitions[ident] = self.titled(text_section, section, ident)
                layout.append(ident)
                continue
            if section.entry_type in ("numbered", "reversed"):
                self.note(path, "its entries are listed without their numbers")
            tag = [ident] if shared else []
            converted_entries = (
                self.skill_groups(entries, path, section.named or ident)
                if kind == "skills"
                else [
                    self.entry(kind, section.entry_type, entry, (*path, index))
                    for index, entry in enumerate(entries)
                ]
            )
            for converted in converted_entries:
                if converted is not None:
                    if tag:
                        converted["tags"] = tag
                    profile.setdefault(POOLS[kind], []).append(converted)
            definition = {"kind": kind, "select": tag} if shared else {}
            if ident != kind:
                definition["kind"] = kind
            definitions[ident] = self.titled(definition, section, ident)
            layout.append(ident)
        if not profile.get("summary"):
            profile.pop("summary", None)
        if definitions:
            profile["sections"] = definitions
            profile["layout"] = layout

    def place(self, section: _Planned, profile: dict[str, Any]) -> None:
        """The kind a section's entries are read as: the one its title names (in any
        language, titles.yaml) when its entries can be read so, else the one their type
        is; the section the title names, when its entries are shown under it."""
        path = ("cv", "sections", section.key)
        entry_type = section.entry_type
        if entry_type in _ONE_LINERS and entry_type != "text":
            by_type = "others"
        elif entry_type == "text":
            by_type = "text"
        else:
            by_type = _KIND_OF_TYPE[entry_type]
        named = titles.named(section.title)
        wanted = titles.kind_of(named) if named else None
        if wanted == "summary" and "summary" in profile:
            wanted = "text"  # a second summary: a text section of its own
        if named == "interests" and entry_type == "text" and _prose(section.entries):
            section.kind, section.named = "text", named  # a paragraph, under its heading
        elif wanted is not None and entry_type in _READS.get(wanted, ()):
            section.kind, section.named = wanted, named
        elif wanted is not None and wanted not in _READS:
            section.kind, section.named = by_type, named  # Teaching: rows, its heading
        else:
            section.kind = by_type
            if wanted is not None:
                self.note(
                    path,
                    f"its title names {wanted}, but its entries are {entry_type} entries: "
                    f"read as {by_type}, under its title",
                )
            else:
                self.note(
                    path,
                    f"a section title cvtex does not know (titles.yaml): its entries are read "
                    f"as {by_type} by their fields, under its title",
                )

    def titled(self, section: dict[str, Any], planned: _Planned, ident: str) -> dict[str, Any]:
        """The section with its title written where a catalog's heading would not say the
        same, under the language it is written in (the file's; another's, such as an
        English title of a second awards section in a Chinese file: {en: ...}). A section
        its title names (awards) shows each CV's own heading where the title is a
        catalog's, or is written in another language than the file's ("Honors and
        Awards" in a Chinese file, noted): its other languages' CVs could not say it."""
        title = planned.title
        written = _language_of_title(title, self.code)
        if planned.named == ident and titles.is_heading(title, ident):
            return section
        if written == self.code:
            section["title"] = T(title)
        elif planned.named == ident:
            heading = self.catalog.title(ident, planned.kind)
            self.note(
                ("cv", "sections", planned.key),
                f"{title!r} names {ident} in another language than the file's: each CV shows "
                f"its own heading ({heading}); give sections.{ident}.title to choose one",
            )
        else:
            section["title"] = TextMap({written: title})
        return section

    def paragraph(self, entry: Any, path: Path_) -> str | None:
        """A text entry (or any one-line entry in a section of paragraphs) as a paragraph."""
        if isinstance(entry, dict):
            entry = entry.get("bullet") or entry.get("number") or entry.get("reversed_number")
        if isinstance(entry, (str, int, float)) and not isinstance(entry, bool):
            return _text(entry) or None
        self.note(path, "not imported: an entry of another type than its section's")
        return None

    # Entries ---------------------------------------------------------------------------

    def entry(self, kind: str, section_type: str, entry: Any, path: Path_) -> dict[str, Any] | None:
        """One entry of a section of ``kind``, converted by its own type (a NormalEntry
        among ExperienceEntries is one), or by its section's when it has too few fields
        to tell."""
        own = _entry_type(entry)
        if own == "unknown" and isinstance(entry, dict):
            own = section_type
        if kind == "awards" and isinstance(entry, dict) and own not in _ONE_LINERS:
            return self.award(entry, path)
        if kind in ("awards", "service", "others"):
            return self.one_liner(kind, entry, path)
        if not isinstance(entry, dict) or _KIND_OF_TYPE.get(own) != kind:
            self.note(path, "not imported: an entry of another type than its section's")
            return None
        convert = {
            "education": self.education,
            "experience": self.experience,
            "normal": self.normal,
            "publication": self.publication,
            "oneline": self.oneline,
        }[own]
        return convert(entry, path)

    def one_liner(self, kind: str, entry: Any, path: Path_) -> dict[str, Any] | None:
        text = self.paragraph(entry, path)
        if not text:
            return None
        if isinstance(entry, dict):
            used = {"bullet", "number", "reversed_number"}
            self.rest(entry, path, used, "a one-line entry shows its text")
        if kind == "others":
            return {"text": T(text)}
        key = "name" if kind == "awards" else "text"
        # "ICML Best Paper Award (2019)", "审稿人（2024）": the years, as a list writes them.
        if years := re.search(r"\s*[(（](\d{4}(?:\s*[,，、]\s*\d{4})*)[)）]$", text):
            return {key: T(text[: years.start()]), "years": _years(years.group(1))}
        return {key: T(text)}

    def award(self, entry: dict[str, Any], path: Path_) -> dict[str, Any] | None:
        """An award written as an entry: JSON Resume's {title, awarder, date, summary}, a
        NormalEntry {name, date, highlights}, a one-line {label, details}. Who gave it
        follows its name, as the JSON Resume import writes it; its years come from its
        dates; its summary and highlights are its description."""
        name = _text(entry.get("title") or entry.get("name") or entry.get("label"))
        if not name:
            self.note(path, "not imported: an award with no title or name")
            return None
        comma = self.catalog.punctuation.comma
        giver = _text(entry.get("awarder"))
        details = _text(entry.get("details"))
        out: dict[str, Any] = {
            "name": T(comma.join(part for part in (name, giver, details) if part))
        }
        years: list[int] = []
        for key in _DATE_KEYS:
            date = self.date(entry, key, path) if not _blank(entry.get(key)) else None
            if date and date != "present" and int(date[:4]) not in years:
                years.append(int(date[:4]))
        if years:
            out["years"] = sorted(years)
        paragraphs = [_text(entry.get("summary")), *self.highlights(entry, path)]
        if description := "\n".join(part for part in paragraphs if part):
            out["description"] = T(description)
        used = {"title", "name", "label", "awarder", "details", "summary", "highlights"}
        self.rest(entry, path, used | set(_DATE_KEYS), "an award shows its name, years and text")
        return out

    def skill_groups(self, entries: list[Any], path: Path_, ident: str) -> list[dict[str, Any]]:
        """A section of skills (or research interests) as groups: a one-line entry
        {label, details} or JSON Resume's {name, level, keywords} is a group; a text
        "编程：Python、R" too, its label before the colon; texts with no label are the
        items of one group, named as the section's heading (shown without its name)."""
        groups: list[dict[str, Any]] = []
        unnamed: dict[str, Any] | None = None
        for index, entry in enumerate(entries):
            where = (*path, index)
            if isinstance(entry, dict) and not {"bullet", "number", "reversed_number"} & set(entry):
                groups.extend(group for group in [self.skill_group(entry, where)] if group)
                continue
            text = self.paragraph(entry, where)
            if not text:
                continue
            if labelled := _LABELLED.match(text):
                label = next(part for part in labelled.groups()[::2] if part)
                rest = next(part for part in labelled.groups()[1::2] if part)
                groups.append({"category": T(label.strip()), "items": _items(rest)})
                continue
            if unnamed is None:
                heading = self.catalog.title(ident, "skills")
                unnamed = {"category": T(heading), "items": []}
                groups.append(unnamed)
            unnamed["items"].extend(_items(text))
        return groups

    def skill_group(self, entry: dict[str, Any], path: Path_) -> dict[str, Any] | None:
        if "keywords" not in entry:
            return self.oneline(entry, path)
        category = _text(entry.get("name") or entry.get("label"))
        if level := _text(entry.get("level")):
            p = self.catalog.punctuation
            category = T(f"{category}{p.open_paren}{level}{p.close_paren}")
        items = [T(item) for item in _many(entry.get("keywords"))]
        if not items:
            self.note(path, f"not imported: a skill group with no keywords ({category})")
            return None
        used = {"name", "label", "level", "keywords"}
        self.rest(entry, path, used, "a skill group has no such field")
        return {"category": category, "items": items}

    def heading(self, entry: dict[str, Any], key: str, links: list[dict[str, Any]]) -> T:
        """A heading field; one written as a whole Markdown link ([tidewater](url)) is
        its text, the address one of the entry's links."""
        text = _text(entry.get(key))
        if match := _WHOLE_LINK.match(text):
            links.append({"type": "url", "url": match[2]})
            return T(match[1])
        return text

    def common(
        self, entry: dict[str, Any], path: Path_, out: dict[str, Any], links: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """What every dated entry has: dates, place, summary, highlights, links."""
        out.update(self.dates(entry, path))
        if location := _text(entry.get("location")):
            out["location"] = T(written_address(location, self.catalog))
        if summary := _text(entry.get("summary")):
            out["description"] = summary
        out["bullets"] = self.highlights(entry, path)
        if keywords := _many(entry.get("keywords")):  # the technologies, on a line of their own
            out["bullets"].append(T(listed(keywords, self.catalog)))
        if url := self.url(entry, "url", path):
            links.append({"type": "url", "url": url})
        if links:
            out["links"] = links
        return out

    def education(self, entry: dict[str, Any], path: Path_) -> dict[str, Any]:
        links: list[dict[str, Any]] = []
        out: dict[str, Any] = {"institution": self.heading(entry, "institution", links)}
        if not out["institution"]:
            self.note(path, "has no institution; imported with an empty one")
        if degree := _text(entry.get("degree")):
            out["degree"] = degree
        if area := _text(entry.get("area")):
            out["field"] = area
        if gpa := _text(entry.get("gpa")):  # not RenderCV's own field, but one its users add
            out["gpa"] = str(gpa)
        self.common(entry, path, out, links)
        used = {"institution", "degree", "area", "gpa", "location", "summary", "highlights"}
        used |= {"url", "keywords"}
        self.rest(entry, path, used | set(_DATE_KEYS), "an education entry has no such field")
        return out

    def experience(self, entry: dict[str, Any], path: Path_) -> dict[str, Any]:
        links: list[dict[str, Any]] = []
        company = self.heading(entry, "company", links)
        position = self.heading(entry, "position", links)
        # No position (RenderCV 2 allows it): the company is the heading.
        out: dict[str, Any] = {"title": position or company}
        if position and company:
            out["organization"] = company
        if not out["title"]:
            self.note(path, "has no company or position; imported with an empty title")
        self.common(entry, path, out, links)
        used = {"company", "position", "location", "summary", "highlights", "url", "keywords"}
        self.rest(entry, path, used | set(_DATE_KEYS), "an experience entry has no such field")
        return out

    def normal(self, entry: dict[str, Any], path: Path_) -> dict[str, Any]:
        """A NormalEntry: a project, a talk, a certificate: an experience entry."""
        links: list[dict[str, Any]] = []
        out: dict[str, Any] = {"title": self.heading(entry, "name", links)}
        self.common(entry, path, out, links)
        used = {"name", "location", "summary", "highlights", "url", "keywords"}
        self.rest(entry, path, used | set(_DATE_KEYS), "an entry has no such field")
        return out

    def publication(self, entry: dict[str, Any], path: Path_) -> dict[str, Any]:
        links: list[dict[str, Any]] = []
        title = self.heading(entry, "title", links)
        # "*Title*": RenderCV users set titles in italics themselves; cvtex does.
        out: dict[str, Any] = {"title": T(_WHOLE_ITALIC.sub(r"\1", title))}
        authors = entry.get("authors")
        if _blank(authors) and not _blank(entry.get("author")):
            authors = entry["author"]  # RenderCV's is authors: the obvious meaning
            self.note((*path, "author"), "read as authors (RenderCV's field)")
        out["authors"] = [_author(name) for name in _many(authors)]
        if journal := _text(entry.get("journal")):
            out["venue"] = journal
        if not _blank(entry.get("date")):
            date = self.date(entry, "date", path)
            if date and date != "present":
                out["year"] = int(date[:4])
                if len(date) >= 7:
                    out["month"] = int(date[5:7])
        if doi := self.url(entry, "doi", path):
            links.append(
                {"type": "doi", "url": f"https://doi.org/{doi.removeprefix('https://doi.org/')}"}
            )
        if url := self.url(entry, "url", path):
            links.append({"type": "url", "url": url})
        if links:
            out["links"] = links
        for key in ("summary", "highlights", "location"):
            if not _blank(entry.get(key)):
                self.note((*path, key), "not imported: a publication shows no paragraph or place")
        used = {"title", "authors", "author", "journal", "date", "doi", "url", "summary"}
        self.rest(entry, path, used | {"highlights", "location"}, "a publication has no such field")
        return out

    def oneline(self, entry: dict[str, Any], path: Path_) -> dict[str, Any] | None:
        label, details = _text(entry.get("label")), _text(entry.get("details"))
        if not details:
            self.note(path, f"not imported: a one-line entry with no details ({label})")
            return None
        self.rest(entry, path, {"label", "details"}, "a one-line entry shows its label and details")
        return {"category": label, "items": _items(details)}

    def highlights(self, entry: dict[str, Any], path: Path_) -> list[T]:
        value = entry.get("highlights")
        if _blank(value):
            return []
        if not isinstance(value, list):
            value = [value]
        bullets = []
        for index, item in enumerate(value):
            if isinstance(item, dict) and len(item) == 1:
                # "- GPA: 3.8/4.0" unquoted: YAML reads a mapping; its writer meant a line.
                ((key, value),) = item.items()
                if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                    item = f"{key}{self.catalog.punctuation.colon}{value}"
            if isinstance(item, (str, int, float)) and not isinstance(item, bool):
                if text := _text(item):
                    bullets.append(text)
            elif not _blank(item):
                self.note((*path, "highlights", index), "not imported: a highlight is one text")
        return bullets

    def url(self, entry: dict[str, Any], key: str, path: Path_) -> str | None:
        value = entry.get(key)
        if _blank(value):
            return None
        if isinstance(value, (dict, list, bool)):
            self.note((*path, key), "not imported: not an address")
            return None
        return str(value).strip()

    def rest(self, entry: dict[str, Any], path: Path_, used: set[str], why: str) -> None:
        for key, value in entry.items():
            if key not in used and not _blank(value):
                self.note((*path, key), f"not imported: {why}")

    # Dates -----------------------------------------------------------------------------

    def date(self, entry: dict[str, Any], key: str, path: Path_) -> str | None:
        """A date field as the profile writes it, or "present"; free text as its year,
        noted; None (noted) when it names none."""
        text = self.written_date(entry, key, path)
        if (date := read_date(text, self.today)) is not None:
            return date
        if words := years_in_words(text):
            self.note((*path, key), f"{text!r} kept as {words[0]}: a profile's dates are dates")
            return words[0]
        self.note((*path, key), f"not imported: {text!r} is not a date")
        return None

    def written_date(self, entry: dict[str, Any], key: str, path: Path_) -> str:
        """A date field's text: YAML reads 2024-09-01 as a date, and 2025.10 as the number
        2025.1, whose month only the file's own characters tell."""
        value = entry.get(key)
        if isinstance(value, dt.date):
            return value.isoformat()[:10]
        if isinstance(value, float):
            written = self.located.written(self.origin((*path, key)))
            if written is not None:
                return written
            self.note(
                (*path, key),
                f"{value!r}: read as a number (YAML's); kept as its year: write the date in "
                "quotes ('2025.10') to keep its month",
            )
            return str(int(value))
        return str(value).strip()

    def dates(self, entry: dict[str, Any], path: Path_) -> dict[str, Any]:
        """RenderCV's dates: a start alone runs to the present (as RenderCV shows it), an
        end alone is the entry's date, date (a day, a range, or free text such as Fall
        2023) stands for both; an end still to come is expected."""
        start = end = None
        if not _blank(entry.get("start_date")):
            start = self.date(entry, "start_date", path)
            if start == "present":
                self.note((*path, "start_date"), "not imported: 'present' is no start")
                start = None
        if not _blank(entry.get("end_date")):
            end = self.date(entry, "end_date", path)
        dates: dict[str, Any] = {}
        if start:
            dates["start"] = start
            dates["end"] = self.end(end) if end else "present"
        elif end and end != "present":
            dates["date"] = end
        if not _blank(entry.get("date")):
            if dates:
                self.note((*path, "date"), "not imported: start_date and end_date are its dates")
            else:
                dates.update(self.single(entry, path))
        return dates

    def single(self, entry: dict[str, Any], path: Path_) -> dict[str, Any]:
        """RenderCV's date: field: a date, a range in one field (2024 – present), or
        free text whose years are kept (with a note)."""
        text = self.written_date(entry, "date", path)
        if (date := read_date(text, self.today)) is not None and date != "present":
            return {"date": date}
        if both := read_range(text, self.today):
            return {"start": both[0], "end": self.end(both[1])}
        if words := years_in_words(text):
            start, end = words
            kept = start if end is None else f"{start} – {end}"
            self.note((*path, "date"), f"{text!r} kept as {kept}: a profile's dates are dates")
            return {"date": start} if end is None else {"start": start, "end": self.end(end)}
        self.note((*path, "date"), f"not imported: {text!r} is not a date")
        return {}

    def end(self, end: str) -> Any:
        return an_end(end, self.today)


def _paper(value: Any) -> str | None:
    size = value.get("size") if isinstance(value, dict) else value
    size = str(size or "").lower()
    if "letter" in size:
        return "letter"
    return "a4" if "a4" in size else None


def _colour_of(colours: dict[str, Any]) -> Any:
    """The colour of RenderCV's colours that cvtex takes as its accent."""
    return colours.get("name") or colours.get("section_titles") or colours.get("primary")


def _colour(value: Any) -> str | None:
    if isinstance(value, dict):
        value = _colour_of(value)
    text = str(value or "").strip()
    if re.fullmatch(r"#[0-9a-fA-F]{6}", text):
        return text.upper()
    if rgb := re.fullmatch(r"rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)", text):
        return "#" + "".join(f"{min(int(part), 255):02X}" for part in rgb.groups())
    return None

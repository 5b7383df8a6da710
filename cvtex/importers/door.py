"""``cvtex import SOURCE...``: each source's kind told from its content, read by its reader,
its language told from its text, then one profile written, or added ``--into`` one.

Two sources of one kind in two languages (a JSON Resume in English and one in Chinese) are
one bilingual profile; other sources add what the first lacks, as ``--into`` adds to a
profile (:mod:`.into`).
"""

from __future__ import annotations

import datetime as dt
import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from ..language.catalog import available_languages, load_catalog
from ..profile.content import Bibliography
from ..profile.load import LoadedProfile, load_profile
from ..profile.model import POOLS
from . import labelled
from .bilingual import Merger
from .into import Known, add_to_data, additions, import_into, texts_under
from .language import chinese_of, language_of_text, strings_in, written_otherwise
from .located import json_data
from .owners import suggestion
from .reader import Context, Note, Read, Reader, T, in_line_order
from .showing import Showing
from .source import Source, open_source
from .write import header, placed, tidy, write_profile, yaml_text

# The suffixes of the members of a folder or archive tried one by one, when the whole is
# no export that a reader knows.
_MEMBER_SUFFIXES = (".json", ".yaml", ".yml", ".xml", ".bib")


def readers() -> list[Reader]:
    """Every reader, the most particular first (a LinkedIn export before a folder of
    files; FRESH before JSON Resume, whose keys it shares; an ORCID record's JSON before
    JSON Resume's)."""
    from . import bibtex, docx, fresh, jsonresume, linkedin, orcid, pdf, rendercv

    return [
        pdf.READER,
        docx.READER,
        linkedin.READER,
        orcid.READER,
        fresh.READER,
        jsonresume.READER,
        rendercv.READER,
        bibtex.READER,
    ]


def kinds_read() -> str:
    return ", ".join(reader.kind for reader in readers())


@dataclass
class Imported:
    """What an import did: the profile written (or added to), and what it said."""

    profile: Path
    languages: list[str]
    kinds: list[str]
    notes: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)  # --into: what was added
    found: list[str] = field(default_factory=list)  # --into: what was there already
    copy: Path | None = None  # --into: the profile as it was before
    written: bool = True
    completed: list[str] = field(default_factory=list)  # --into: entries there, completed


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while a source is read and written: a record of
    thousands of works is millions of small objects, which the collector would walk again
    and again (half the time of a large import); reading makes no cycles to collect."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def import_sources(
    paths: list[Path],
    out: Path | None = None,
    into: Path | None = None,
    force: bool = False,
    languages: str | None = None,
    today: dt.date | None = None,
) -> Imported:
    """Read every source; write a new profile (``out``, else beside the first source) or
    add to the profile ``into``."""
    with _collector_paused():
        return _import(paths, out, into, force, languages, today)


def _import(
    paths: list[Path],
    out: Path | None,
    into: Path | None,
    force: bool,
    languages: str | None,
    today: dt.date | None,
) -> Imported:
    if out is not None and into is not None:
        raise InputError("give -o or --into, not both", "--into adds to a profile; -o writes one")
    today = today or dt.date.today()
    given = _given_languages(languages, len(paths))
    loaded = load_profile(into) if into is not None else None
    abbreviate = _abbreviated(loaded)
    told = [
        (read, given[index] is not None)
        for index, path in enumerate(paths)
        for read in _read(path, Context(today, given[index], abbreviate))
    ]
    reads = [read for read, _ in told]
    for read, by_lang in told:
        labelled.lift(read.data)  # "导师：林乾" among an education's bullets: its advisors
        if read.language is None:
            read.language = language_of_text(read.data)
        elif read.language == "zh" and not by_lang:
            # The file says Chinese (mandarin_chinese, zh), not which forms: its text does.
            read.language = chinese_of(strings_in(read.data, T)).catalog
        load_catalog(read.language)  # an unknown language is an error that names the catalogs
        read.notes.extend(written_otherwise(read))
    kinds = list(dict.fromkeys(read.kind for read in reads))
    if into is not None:
        merged = import_into(into, [(read, read.language or "en") for read in reads], loaded)
        return Imported(
            into,
            [],
            kinds,
            [str(note) for note in in_line_order(merged.notes)],
            merged.added,
            merged.found,
            merged.written[1] if merged.written else None,
            merged.written is not None,
            merged.completed,
        )
    target = out or default_profile_path(paths[0])
    data, added = _one_profile(reads)
    notes = [note for read in reads for note in read.notes]
    placed(data, notes, str(paths[0]))
    said = tuple(f"{Path(r.source.where()).name}: {r.summary}" for r in reads if r.summary)
    text = header([read.source.where() for read in reads], [r.kind for r in reads], target, said)
    write_profile(target, text + yaml_text(tidy(data)), force)
    return Imported(
        target,
        list(data["languages"]),
        kinds,
        [str(note) for note in in_line_order(notes)],
        added,
    )


def _given_languages(languages: str | None, count: int) -> list[str | None]:
    given = [part.strip() for part in (languages or "").split(",") if part.strip()]
    for code in given:
        load_catalog(code)  # an unknown code is an error that names the catalogs there are
    if not given:
        return [None] * count
    if len(given) == 1:
        return given * count
    if len(given) != count:
        raise InputError(
            f"--lang {languages}: name one language for every source ({count}), or one for all",
            "for example: --lang en,zh",
        )
    return list(given)


def _abbreviated(loaded: LoadedProfile | None) -> bool:
    """Whether a .bib's authors are written with initials: as the profile imported into
    shows its bibliography:'s, else as a bibliography: is shown by default, so that a
    .bib linked and the same .bib imported give the same names."""
    default = bool(Bibliography.model_fields["abbreviate_first_names"].default)
    if loaded is None or loaded.profile.bibliography is None:
        return default
    return loaded.profile.bibliography.abbreviate_first_names


def _read(path: Path, context: Context) -> list[Read]:
    """The source at ``path`` read whole by the reader that knows it; a folder or archive
    that none knows, each of its files that one knows."""
    source = open_source(path)
    if reader := _reader_of(source):
        return [reader.read(source, context)]
    if source.is_file:
        raise InputError(
            f"{path}: not a kind of file cvtex imports{_looks(source)}",
            f"cvtex import reads: {kinds_read()}",
        )
    reads, skipped = [], []
    for member in source.members(_MEMBER_SUFFIXES):
        if reader := _reader_of(member):
            reads.append(reader.read(member, context))
        else:
            skipped.append(member)
    if not reads:
        raise InputError(
            f"{path}: holds no file of a kind cvtex imports",
            f"cvtex import reads: {kinds_read()}",
        )
    for member in skipped:
        reads[0].notes.append(Note(member.where(), "", "not a kind of file cvtex imports: skipped"))
    return reads


def _reader_of(source: Source) -> Reader | None:
    return next((reader for reader in readers() if reader.recognizes(source)), None)


def _looks(source: Source) -> str:
    """What the file seems to be, for the message that it is no kind cvtex reads; a .json
    that is not JSON is an error of its own, at its line and column."""
    try:
        text = source.text()
    except (ValueError, InputError):
        return ""
    try:
        data = json_data(text, source.where(), "check the commas and quotes near there")
    except InputError:
        if source.suffix == ".json":
            raise
        return ""
    if isinstance(data, dict):
        keys = ", ".join(list(data)[:6]) + (", ..." if len(data) > 6 else "")
        return f" (a JSON object whose keys are {keys or 'none'})"
    return " (JSON, but not one object)"


def _one_profile(reads: list[Read]) -> tuple[dict, list[str]]:
    """The data of one profile from every source read, and what the sources after the
    first added."""
    # A source whose texts are one for every language (a .bib's) names none of its own.
    languages = list(
        dict.fromkeys(read.language or "en" for read in reads if any(strings_in(read.data, T)))
    ) or ["en"]
    first = reads[0]
    if len(reads) == 2 and reads[1].kind == first.kind and len(languages) == 2:
        return Merger(languages[0], languages[1]).profile(first.data, reads[1].data), []
    if not any("name" in read.data for read in reads):
        raise InputError(
            f"none of {', '.join(read.source.where() for read in reads)} gives a name, and "
            "a profile needs one",
            "add the file to a profile with --into PROFILE, or import it together with a "
            "file that has your name (a LinkedIn export, a JSON Resume)",
        )
    reads = sorted(reads, key=lambda read: "name" not in read.data)  # the named first
    base = reads[0]
    data = {"languages": languages, **texts_under(base.data, base.language or "en", languages)}
    added: list[str] = []
    if len(reads) > 1:
        # Placed in place, so that its entries are those the profile validated from it,
        # completed where later sources find them.
        first = placed(data, base.notes, base.source.where())
        places = {pool: list(data.get(pool, [])) for pool in POOLS.values()}
        known = Known.of(first, places)
        showing = Showing.of(first)
        for read in reads[1:]:
            more = texts_under(read.data, read.language or "en", languages)
            more["name"] = data["name"]
            imported = placed(more, read.notes, read.source.where())
            found = additions(known, imported, more)
            for pool, entries in found.entries.items():
                for entry in entries:
                    showing.place(pool, entry)
            add_to_data(data, found)
            added.extend(found.added)
            added.extend(f"{line} (completed)" for line in found.completed)
            read.notes.extend(found.notes)
        showing.write(data, lambda value: value)
        added.extend(showing.described())
    owned = data.get("owner_names", [])
    if owner := suggestion(data["name"], languages, owned, data.get("publications", [])):
        names, what = owner
        data["owner_names"] = [*owned, *names] if names else owned
        source = next((read for read in reads if read.data.get("publications")), base)
        source.notes.append(Note(source.source.where(), "owner_names", what))
        if not data["owner_names"]:
            del data["owner_names"]
    return data, added


def default_profile_path(first: Path) -> Path:
    """Beside the first source: ``cv.en.resume.json`` -> ``cv.yaml`` (its language and
    ``.resume`` dropped); a YAML source's own name is kept free (``cv.cvtex.yaml``)."""
    known = set(available_languages())
    parts = [p for p in first.name.split(".")[:-1] if p not in known and p != "resume"]
    if first.is_dir():
        parts = [first.name]
    target = first.with_name(".".join(parts or ["profile"]) + ".yaml")
    if target.resolve() == first.resolve():
        target = first.with_name(f"{'.'.join(parts)}.cvtex.yaml")
    return target

"""A .bib file read once for as long as its bytes stay the same.

Reading a .bib decodes each field's LaTeX through pylatexenc: for a 264-entry file that
was most of a rebuild's Python time, though a person editing their CV rarely touches the
.bib between two builds. So what a reading gives (read.py) is kept in the per-user cache,
one file per .bib, under a key of everything it depends on: the bytes read, the path
(warnings name it), the options, and the code that reads them (cvtex's reading modules
and the two parsers, by their files). Any change of those reads the file again, whole;
a lost or unreadable record costs one reading, nothing more.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib.util import find_spec
from pathlib import Path

from .. import __version__, cachefiles
from .entries import Bibliography, as_data, from_data

FOLDER = "bibliographies"
# The code a reading depends on: cvtex's (bibtex/ and the text utilities it uses) and the
# parsers' (an upgrade writes their __init__.py anew). Files by their sizes and times.
_OWN_CODE = ("bibtex", "text")
_PARSERS = ("bibtexparser", "pylatexenc")


def read_remembered(file: Path, abbreviate: bool) -> Bibliography:
    """``file``'s entries, as read.read_bibliography gives them: from the record of the
    last reading if the file's bytes are those it read, else read now (and recorded)."""
    try:
        data = file.read_bytes()
    except OSError:
        data = None
    record = _record_file(file)
    if data is None or record is None:
        return _read(file, abbreviate, data)
    key = _key(file, abbreviate, data)
    kept = cachefiles.read_json(record)
    if isinstance(kept, dict) and kept.get("key") == key:
        try:
            return from_data(kept["read"])
        except (KeyError, TypeError):
            pass  # a record of another form: read again, and replace it
    read = _read(file, abbreviate, data)
    cachefiles.write_json(record, {"key": key, "read": as_data(read)})
    return read


def _read(file: Path, abbreviate: bool, data: bytes | None) -> Bibliography:
    # bibtexparser and pylatexenc take ~25 ms to import: only a reading pays it.
    from .read import read_bibliography

    return read_bibliography(file, abbreviate, data)


def _record_file(file: Path) -> Path | None:
    folder = cachefiles.user_subfolder(FOLDER)
    if folder is None:
        return None
    return folder / f"{hashlib.sha256(str(file).encode('utf-8')).hexdigest()[:32]}.json"


def _key(file: Path, abbreviate: bool, data: bytes) -> str:
    digest = hashlib.sha256(json.dumps([str(file), repr(abbreviate), _code()]).encode("utf-8"))
    digest.update(data)
    return digest.hexdigest()


@cache
def _code() -> list[str]:
    """What identifies the code that reads a .bib: cvtex's version, and each file of it."""
    package = Path(__file__).resolve().parent.parent
    files = [path for name in _OWN_CODE for path in sorted((package / name).glob("*.py"))]
    for name in _PARSERS:
        spec = find_spec(name)
        if spec is not None and spec.origin:
            files.append(Path(spec.origin))
    facts = [f"cvtex {__version__}"]
    for path in files:
        try:
            stat = path.stat()
        except OSError:
            continue
        facts.append(f"{path} {stat.st_size} {stat.st_mtime_ns}")
    return facts

"""What an output folder already holds, so that a build compiles only what changed.

``<out>/.cvtex-cache.json`` remembers two things:

* per output (``profile.zh``): the key of the ``.tex`` it was compiled from (the source's
  hash with the engine, the fonts and the cvtex version), the PDF's hash, and how long
  XeLaTeX took. Same key and the PDF on disk unchanged: the PDF is what XeLaTeX would
  make again, so nothing is compiled. Only Chinese text changed: only ``profile.zh``'s key
  changes.
* per request (profile, ``--lang``, theme): the hash of every file the build read
  (profile, included files, templates, catalogs) with the same machine facts. When none
  changed and every output is intact, the build is done before the profile is even parsed.

A PDF that is missing or differs from the one recorded is never trusted. Losing or
corrupting the file costs one full build, nothing more.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__, cachefiles
from ..compile.engine import engine_facts
from ..look.fonts import fontconfig_state

if TYPE_CHECKING:
    from ..render.latex import TexSource
    from .place import BuiltLanguage
    from .request import BuildRequest

CACHE_FILE = ".cvtex-cache.json"
FORMAT = 1


@dataclass(frozen=True)
class Output:
    language: str
    stem: str  # profile.zh: the PDF and .tex are <stem>.pdf and <stem>.tex


def machine_facts() -> str:
    """What a PDF depends on besides its .tex: cvtex, the engine and the installed fonts."""
    return f"cvtex {__version__}\n{engine_facts()}\nfonts {fontconfig_state()}"


def text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def file_digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def output_key(tex: str) -> str:
    """Same key, same PDF: the source and everything else the engine reads."""
    return text_digest(f"{FORMAT}\n{machine_facts()}\n{tex}")


Digests = dict[Path, str | None]  # a file's content hash; None if it cannot be read


def file_digests(paths: list[Path], known: Digests | None = None) -> Digests:
    """Each file's hash: from ``known`` where it is there, else read now."""
    known = known or {}
    return {path: known[path] if path in known else file_digest(path) for path in paths}


def inputs_key(request: BuildRequest, digests: Digests) -> str:
    digest = hashlib.sha256(f"{FORMAT}\n{machine_facts()}\n{request.cache_key()}\n".encode())
    for path, content in digests.items():
        digest.update(f"{path} {content}\n".encode())
    return digest.hexdigest()


@dataclass
class BuildCache:
    out_dir: Path
    outputs: dict[str, dict[str, Any]] = field(default_factory=dict)
    requests: dict[str, dict[str, Any]] = field(default_factory=dict)
    _changed_outputs: set[str] = field(default_factory=set)
    _changed_requests: set[str] = field(default_factory=set)

    @property
    def file(self) -> Path:
        return self.out_dir / CACHE_FILE

    @classmethod
    def load(cls, out_dir: Path) -> BuildCache:
        data = _read(out_dir / CACHE_FILE)
        return cls(out_dir, data["outputs"], data["requests"])

    # -- asking ----------------------------------------------------------------------------

    def up_to_date(self, request: BuildRequest, digests: Digests) -> list[Output] | None:
        """The outputs of ``request`` if none of the files it read has changed (``digests``
        holds their hashes now: see ``inputs_of``) and every output is intact."""
        entry = self.requests.get(request.cache_key())
        if not entry:
            return None
        kept = [Path(name) for name in entry["inputs"] + entry.get("state", [])]
        read = file_digests(kept, digests)
        if entry["key"] != inputs_key(request, read):
            return None
        outputs = [Output(language, stem) for language, stem in entry["outputs"]]
        if not all(self.intact(output.stem) for output in outputs):
            return None
        return outputs

    def inputs_of(self, request: BuildRequest) -> list[Path] | None:
        """The files the last successful build of ``request`` read."""
        entry = self.requests.get(request.cache_key())
        return [Path(name) for name in entry["inputs"]] if entry else None

    def warnings_of(self, request: BuildRequest) -> list[str]:
        """What the last successful build of ``request`` warned of."""
        warnings = self.requests.get(request.cache_key(), {}).get("warnings")
        if not isinstance(warnings, list):
            return []
        return [line for line in warnings if isinstance(line, str)]

    def compiled_from(self, stem: str, key: str) -> bool:
        """Whether the PDF on disk is the one XeLaTeX makes from a source with this key."""
        entry = self.outputs.get(stem)
        return bool(entry and entry.get("key") == key and self._pdf_intact(stem, entry))

    def intact(self, stem: str) -> bool:
        """The recorded PDF and .tex are on disk, unchanged."""
        entry = self.outputs.get(stem)
        if not entry or not self._pdf_intact(stem, entry):
            return False
        return file_digest(self.out_dir / f"{stem}.tex") == entry.get("tex")

    def advice_of(self, stem: str) -> str:
        """The advice the compile of the PDF recorded for ``stem`` gave."""
        entry = self.outputs.get(stem)
        advice = entry.get("advice") if entry else None
        return advice if isinstance(advice, str) else ""

    def seconds(self, stem: str) -> float | None:
        """How long the last compile of this output took."""
        entry = self.outputs.get(stem)
        return entry.get("seconds") if entry else None

    def _pdf_intact(self, stem: str, entry: dict[str, Any]) -> bool:
        return file_digest(self.out_dir / f"{stem}.pdf") == entry.get("pdf")

    # -- recording -------------------------------------------------------------------------

    def fit_of(self, stem: str) -> dict[str, Any] | None:
        """How the PDF recorded for ``stem`` was fitted to its pages (see build.compile_fitted)."""
        entry = self.outputs.get(stem)
        fit = entry.get("fit") if entry else None
        return fit if isinstance(fit, dict) else None

    def record_output(
        self,
        stem: str,
        key: str,
        tex: str,
        seconds: float | None,
        fit: dict[str, Any] | None = None,
        advice: str | None = None,
    ) -> None:
        """Remember the PDF now in the folder as compiled from source with ``key``, and the
        advice its compile gave (None: the PDF was kept, with the advice it had)."""
        previous = self.outputs.get(stem, {})
        self.outputs[stem] = {
            "key": key,
            "pdf": file_digest(self.out_dir / f"{stem}.pdf"),
            "tex": text_digest(tex),
            "seconds": seconds if seconds is not None else previous.get("seconds"),
        }
        if fit is not None:
            self.outputs[stem]["fit"] = fit
        told = previous.get("advice", "") if advice is None else advice
        if told:
            self.outputs[stem]["advice"] = told
        self._changed_outputs.add(stem)

    def record_request(
        self,
        request: BuildRequest,
        digests: Digests,
        outputs: list[Output],
        warnings: list[str] | None = None,
        state: Digests | None = None,
    ) -> None:
        """Remember that ``outputs`` were made from input files with these hashes, and what
        the build warned of (a build that keeps them tells it again).

        Hashes taken before the build read the files: a file saved while the build ran
        then differs from its record, and the next build does not trust these outputs.
        ``state``: files cvtex keeps itself that change what the build tells (what may be
        out of date), with their hashes after the build: no input a watch follows.
        """
        state = state or {}
        self.requests[request.cache_key()] = {
            "key": inputs_key(request, {**digests, **state}),
            "inputs": [str(path) for path in digests],
            "outputs": [[output.language, output.stem] for output in outputs],
        }
        if state:
            self.requests[request.cache_key()]["state"] = [str(path) for path in state]
        if warnings:
            self.requests[request.cache_key()]["warnings"] = list(warnings)
        self._changed_requests.add(request.cache_key())

    def forget_request(self, request: BuildRequest) -> None:
        if self.requests.pop(request.cache_key(), None) is not None:
            self._changed_requests.add(request.cache_key())

    def save(self) -> None:
        """Write what this build learnt over what is in the file now.

        Another build into the same folder (a watch and a build by hand) may have saved
        since this one loaded: its entries are kept, not overwritten with old ones.
        """
        if not self._changed_outputs and not self._changed_requests:
            return
        data = _read(self.file)
        for stem in self._changed_outputs:
            data["outputs"][stem] = self.outputs[stem]
        for key in self._changed_requests:
            if key in self.requests:
                data["requests"][key] = self.requests[key]
            else:
                data["requests"].pop(key, None)
        # If it cannot be written, the PDFs are still in place: the next build compiles again.
        cachefiles.write_json(self.file, data)
        self._changed_outputs.clear()
        self._changed_requests.clear()


def _read(file: Path) -> dict[str, Any]:
    """The recorded data; anything unexpected in it (an edit, an older format) is dropped."""
    data = cachefiles.read_json(file)
    result: dict[str, Any] = {"format": FORMAT, "outputs": {}, "requests": {}}
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return result
    for name, valid in (("outputs", _valid_output), ("requests", _valid_request)):
        entries = data.get(name)
        if isinstance(entries, dict):
            result[name] = {key: entry for key, entry in entries.items() if valid(entry)}
    return result


def _valid_output(entry: Any) -> bool:
    return isinstance(entry, dict) and all(
        isinstance(entry.get(name), str) for name in ("key", "pdf", "tex")
    )


def _valid_request(entry: Any) -> bool:
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("key"), str)
        and isinstance(entry.get("inputs"), list)
        and all(isinstance(name, str) for name in entry["inputs"])
        and isinstance(entry.get("outputs"), list)
        and all(
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)
            for pair in entry["outputs"]
        )
        and isinstance(entry.get("state", []), list)
        and all(isinstance(name, str) for name in entry.get("state", []))
    )


# -- what a language's PDF was made from ---------------------------------------------------


def source_key(source: TexSource) -> str:
    """The key of the PDF that ``source`` typesets (its image's bytes included)."""
    return output_key(source.tex + _image_digest(source))


def fitted_before(source: TexSource, cache: BuildCache) -> TexSource:
    """A CV to fit, at the step that fitted exactly the same CV last time (if one did)."""
    from dataclasses import replace

    from ..look.fit import Step

    record = cache.fit_of(source.stem)
    if source.fit is None or not record or record.get("from") != _fit_key(source):
        return source
    if "spacing" not in record:
        return source
    step = Step(float(record["spacing"]), float(record["font_size"]))
    tex = source.fit.render(step.apply(source.fit.design))
    target = record.get("pages")
    return replace(source, tex=tex, fit_step=step, fit_target=int(target) if target else None)


def fit_known(source: TexSource, cache: BuildCache) -> bool:
    """Whether the PDF on record was made for the same CV fitted the same way (fit: auto,
    or fit_pages: N): a PDF that fits now because it was built before the fit was asked
    for is not known to."""
    if source.fit is None:
        return True
    record = cache.fit_of(source.stem)
    return bool(record and record.get("from") == _fit_key(source))


def fit_record(source: TexSource, built: BuiltLanguage) -> dict[str, object] | None:
    """What the cache keeps of a fit: the CV it was for, the step it took, its note."""
    if source.fit is None:
        return None
    record: dict[str, object] = {"from": _fit_key(source), "note": built.fitted}
    step = built.fit_step
    if step is not None and (step.spacing, step.font_size) != (1.0, source.fit.design.font_size):
        record.update(spacing=step.spacing, font_size=step.font_size)
        if built.fit_target is not None:
            record["pages"] = built.fit_target  # a default fit's: one page fewer than designed
    return record


def built_key(built: BuiltLanguage, source: TexSource) -> str:
    """The key of a PDF just compiled, from the .tex placed beside it."""
    return output_key(built.tex.read_text(encoding="utf-8") + _image_digest(source))


def _fit_key(source: TexSource) -> str:
    assert source.fit is not None
    base = f"fit {source.fit.goal}\n{source.fit.base_tex}{_image_digest(source)}"
    return output_key(base)


def _image_digest(source: TexSource) -> str:
    """An image is read by XeLaTeX, not written in the .tex: its bytes belong in the key."""
    if source.image is None:
        return ""
    # "photo", as keys were written before a letter's signature was an image too.
    return f"\n% photo {file_digest(source.image.file)}"

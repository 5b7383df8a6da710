"""How well ``cvtex import`` reads CVs made by other tools: the share of each file's texts
that landed in a field, and the share of its entries under the right kind, against the
truth: the source the file was made from.

The tests measure a small set they make themselves (tests/importers/test_printed.py: a
two-column LaTeX CV, a Chinese ctexart one and one with running footers, compiled by
XeLaTeX; Word files written with python-docx in two layouts, and their LibreOffice PDFs).
The corpus of real files is kept outside the repository, in /work/corpus-52 (or the
folder given), each file beside its truth, ``NAME.truth.json``;
``python -m tests.importers.corpus FOLDER`` measures it and prints a table, and
``python -m tests.importers.truths FOLDER`` writes the truths of the LaTeX and RenderCV
files from their sources (:mod:`.truths`). Made by:

* ``rendercv/``: RenderCV 2.3 (``pip install rendercv[full]`` in a venv of its own),
  ``rendercv new`` in its five themes (classic, sb2nov, moderncv, engineeringresumes,
  engineeringclassic), rendered by its Typst; truth: the YAML.
* ``awesome-cv/``: Awesome-CV (posquit0/Awesome-CV at 8b850b4, fetched) ``examples/resume.tex``
  and ``cv.tex`` built by this machine's XeLaTeX (TeX Live 2022); its fontawesome6 and
  Source Sans 3 are not in TeX Live 2022: a stand-in fontawesome6.sty draws each icon from
  FontAwesome 4 (a private-use glyph, as the real one), Lato stands for Source Sans 3.
  Truth: the .tex files.
* ``moderncv/``: moderncv (moderncv/moderncv at da4118b) ``template.tex``, the CV without
  its cover letter, in the casual, classic and banking styles, with bibtex; stand-ins for
  fontawesome6 and academicons as above. Truth: the .tex and publications.bib. Its texts
  are placeholders ("year--year", "Degree"), so its dates read as none.
* ``chinese/``: dyinnz/uniquecv ``example.tex`` (ctex) and billryan/resume's zh_CN branch
  ``resume-zh_CN.tex`` (xeCJK), built by XeLaTeX (the repository's Adobe fonts are not in
  the mirror: Noto CJK SC stands for them). Truth: the .tex files.
* ``word/``: a Word CV written by :func:`.truths.write_docx` from RenderCV's sample, its
  LibreOffice PDF; ``word/zh/``: billryan's Chinese text (its YAML there) written in the
  table layout, and its LibreOffice PDF; ``word/templates/``: jimk-developer/resume-template
  (a public .docx template), its LibreOffice PDF and the PDF Word itself exported (in the
  repository); truth written by hand from the .docx's paragraphs.

Target (issue 52): 90% of the texts overall, and every file at least 80% (texts and
entries).
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

POOLS = (
    "education", "experience", "volunteer", "publications", "patents", "awards",
    "certificates", "teaching", "service", "talks", "skills", "spoken_languages",
    "references", "others",
)  # fmt: skip
MARKDOWN = re.compile(r"\[([^\]]*)\]\([^)]*\)")


@dataclass
class Truth:
    """What a file holds, from its source: its texts, and its entries' kinds and names."""

    texts: list[str] = field(default_factory=list)
    entries: list[tuple[str, str]] = field(default_factory=list)  # (kind, a text of it)

    def save(self, path: Path) -> None:
        path.write_text(
            json.dumps(
                {"texts": self.texts, "entries": self.entries}, ensure_ascii=False, indent=1
            ),
            encoding="utf-8",
        )

    @classmethod
    def load(cls, path: Path) -> Truth:
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(data["texts"], [tuple(entry) for entry in data["entries"]])


@dataclass
class Score:
    texts: int
    texts_taken: int
    entries: int
    entries_right: int
    missing: list[str]
    texts_whole: int = 0  # taken whole, in one field (not run over two bullets)

    @property
    def text_share(self) -> float:
        return self.texts_taken / self.texts if self.texts else 1.0

    @property
    def entry_share(self) -> float:
        return self.entries_right / self.entries if self.entries else 1.0


def plain(text: str) -> str:
    """A text as compared: Markdown links as their text, no marks, no case, no spaces,
    hyphens or punctuation (a PDF's line breaks and dashes vary)."""
    text = MARKDOWN.sub(r"\1", text)
    return "".join(char for char in text.casefold() if char.isalnum())


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


def score(profile: dict, truth: Truth) -> Score:
    """The share of ``truth``'s texts found in the profile's fields (its unplaced: list
    left out), and of its entries found in the list of their kind. A text may run on over
    fields that follow each other (a list written on a line is read as items)."""
    placed = {key: value for key, value in profile.items() if key != "unplaced"}
    fields = [plain(text) for text in strings(placed)]
    everything = "".join(fields)
    missing = [text for text in truth.texts if plain(text) and plain(text) not in everything]
    whole = sum(1 for text in truth.texts if plain(text) and any(plain(text) in f for f in fields))
    pools = {pool: "".join(plain(t) for t in strings(profile.get(pool, []))) for pool in POOLS}
    if profile.get("summary"):
        pools["summary"] = "".join(plain(t) for t in strings(profile["summary"]))
    right = sum(
        1
        for kinds, text in truth.entries
        if plain(text)
        and any(
            plain(text) in pools.get("spoken_languages" if kind == "languages" else kind, "")
            for kind in kinds.split("|")
        )
    )
    return Score(
        len(truth.texts), len(truth.texts) - len(missing), len(truth.entries), right, missing, whole
    )


def imported(source: Path, scratch: Path) -> dict:
    """``cvtex import SOURCE``, the profile written, as data (its texts in one language:
    plain strings)."""
    from cvtex.importers import import_sources

    target = scratch / (source.name + ".yaml")
    import_sources([source], target, force=True)
    return yaml.safe_load(target.read_text(encoding="utf-8"))


def main(folder: Path) -> int:
    files = sorted(path for path in folder.rglob("*") if path.suffix in (".pdf", ".docx"))
    rows, texts, taken, whole = [], 0, 0, 0
    worst = 1.0
    with tempfile.TemporaryDirectory() as scratch:
        for file in files:
            truth_file = file.with_name(file.name + ".truth.json")
            if not truth_file.exists():
                continue
            truth = Truth.load(truth_file)
            try:
                result = score(imported(file, Path(scratch)), truth)
            except Exception as exc:  # a file the import refuses scores nothing
                print(f"{file}: {exc}", file=sys.stderr)
                result = Score(len(truth.texts), 0, len(truth.entries), 0, truth.texts)
            texts += result.texts
            taken += result.texts_taken
            worst = min(worst, result.text_share, result.entry_share)
            whole += result.texts_whole
            rows.append(
                f"| {file.relative_to(folder)} | {result.text_share:.0%} ({result.texts_taken}/"
                f"{result.texts}) | {result.entry_share:.0%} ({result.entries_right}/"
                f"{result.entries}) | {result.texts_whole / max(result.texts, 1):.0%} |"
            )
            for text in result.missing[:5]:
                print(f"  {file.name}: not taken: {text[:80]}", file=sys.stderr)
    print("| file | texts taken | entries under the right kind | texts whole in one field |")
    print("| --- | --- | --- | --- |")
    print("\n".join(rows))
    print(
        f"\noverall: {taken / max(texts, 1):.1%} of {texts} texts taken "
        f"({whole / max(texts, 1):.1%} whole in one field); the worst file's worse share "
        f"{worst:.0%}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "/work/corpus-52")))

"""How well ``cvtex import`` reads CVs made by other tools: the share of each file's texts
that landed in a field, and the share of its entries under the right kind, against the
truth: the source the file was made from.

The tests measure a small set they make themselves (tests/importers/test_printed.py: a
two-column LaTeX CV and a Chinese ctexart one compiled by XeLaTeX, Word files written
with python-docx, one of them exported to PDF by LibreOffice). The corpus of real files
is kept outside the repository, in /work/corpus-52 (or the folder given), each file
beside its truth, ``NAME.truth.json``; ``python -m tests.importers.corpus FOLDER``
measures it and prints a table. Made by:

* RenderCV 2.3 (``pip install rendercv[full]`` in a venv of its own): ``rendercv new``
  in its five themes (classic, sb2nov, moderncv, engineeringresumes, engineeringclassic),
  rendered by its Typst; truth: the YAML (:func:`rendercv_truth`).
* Word: the same CVs' text written by :func:`write_docx` (python-docx, Word's own list
  and heading styles, tabs to a right stop), and their LibreOffice exports to PDF.

Target (issue 52): 90% of the texts overall, and every file at least 80%.
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
_MARKDOWN = re.compile(r"\[([^\]]*)\]\([^)]*\)")


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

    @property
    def text_share(self) -> float:
        return self.texts_taken / self.texts if self.texts else 1.0

    @property
    def entry_share(self) -> float:
        return self.entries_right / self.entries if self.entries else 1.0


def plain(text: str) -> str:
    """A text as compared: Markdown links as their text, no marks, no case, no spaces,
    hyphens or punctuation (a PDF's line breaks and dashes vary)."""
    text = _MARKDOWN.sub(r"\1", text)
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
    left out), and of its entries found in the list of their kind."""
    placed = {key: value for key, value in profile.items() if key != "unplaced"}
    everything = "\n".join(plain(text) for text in strings(placed))
    missing = [text for text in truth.texts if plain(text) and plain(text) not in everything]
    pools = {pool: "\n".join(plain(t) for t in strings(profile.get(pool, []))) for pool in POOLS}
    if profile.get("summary"):
        pools["summary"] = "\n".join(plain(t) for t in strings(profile["summary"]))
    right = sum(
        1
        for kind, text in truth.entries
        if plain(text)
        and plain(text) in pools.get("spoken_languages" if kind == "languages" else kind, "")
    )
    return Score(
        len(truth.texts), len(truth.texts) - len(missing), len(truth.entries), right, missing
    )


# RenderCV's entry types -> the kind of list cvtex keeps them in.
_RENDERCV_KINDS = {
    "institution": "education",
    "company": "experience",
    "name": "experience",
    "title": "publications",
    "label": "skills",
}


def rendercv_truth(source: Path) -> Truth:
    """The texts and entries of a RenderCV YAML file (dates are no texts: they are read
    as dates)."""
    cv = yaml.safe_load(source.read_text(encoding="utf-8"))["cv"]
    truth = Truth([cv["name"]])
    for key in ("email", "phone", "location"):
        if cv.get(key):
            truth.texts.append(str(cv[key]))
    for title, entries in cv.get("sections", {}).items():
        for entry in entries:
            if isinstance(entry, str):
                truth.texts.append(entry)
                truth.entries.append(("summary" if "summary" in title else "others", entry))
                continue
            kind_key = next((k for k in _RENDERCV_KINDS if entry.get(k)), None)
            if "bullet" in entry:
                truth.entries.append(("others", entry["bullet"]))
            elif "number" in entry or "reversed_number" in entry:
                text = entry.get("number") or entry.get("reversed_number")
                truth.entries.append(("others", text))
            elif kind_key:
                truth.entries.append((_RENDERCV_KINDS[kind_key], entry[kind_key]))
            for name, value in entry.items():
                if name in ("date", "start_date", "end_date", "doi", "url"):
                    continue
                truth.texts.extend(
                    str(v) for v in (value if isinstance(value, list) else [value]) if v
                )
    return truth


def write_docx(cv: dict, path: Path) -> Truth:
    """A Word CV of a RenderCV file's ``cv:`` data, written as a person writes one in
    Word: the name as Title, contacts on a line, each section a Heading 1, an entry's
    name in bold with its dates after a tab, the role in italics, bullets as List
    Bullet; and its truth."""
    import docx
    from docx.enum.text import WD_TAB_ALIGNMENT
    from docx.shared import Cm

    document = docx.Document()
    truth = Truth([cv["name"]])
    document.add_paragraph(cv["name"], style="Title")
    contacts = [str(cv[key]) for key in ("email", "phone", "location") if cv.get(key)]
    truth.texts.extend(contacts)
    document.add_paragraph(" | ".join(contacts))
    for title, entries in cv.get("sections", {}).items():
        document.add_heading(title.replace("_", " ").title(), level=1)
        for entry in entries:
            if isinstance(entry, str):
                document.add_paragraph(_MARKDOWN.sub(r"\1", entry))
                truth.texts.append(entry)
                truth.entries.append(("summary" if "summary" in title else "others", entry))
                continue
            if "bullet" in entry:
                document.add_paragraph(entry["bullet"], style="List Bullet")
                truth.texts.append(entry["bullet"])
                truth.entries.append(("others", entry["bullet"]))
                continue
            kind_key = next((k for k in _RENDERCV_KINDS if entry.get(k)), None)
            if kind_key is None:
                continue
            heading = str(entry[kind_key])
            dates = " – ".join(str(entry[k]) for k in ("start_date", "end_date") if entry.get(k))
            dates = dates or str(entry.get("date") or "")
            if kind_key == "title":  # a publication: one line, as a reference
                authors = ", ".join(entry.get("authors", []))
                paragraph = document.add_paragraph(style="List Number")
                paragraph.add_run(f"{authors}, ")
                paragraph.add_run(heading).italic = True
                paragraph.add_run(f", {entry.get('journal', '')}, {dates}")
                truth.texts.extend([heading, *entry.get("authors", [])])
                truth.entries.append(("publications", heading))
                continue
            if kind_key == "label":
                paragraph = document.add_paragraph()
                paragraph.add_run(f"{heading}: ").bold = True
                paragraph.add_run(entry.get("details", ""))
                truth.texts.extend([heading, entry.get("details", "")])
                truth.entries.append(("skills", heading))
                continue
            paragraph = document.add_paragraph()
            paragraph.paragraph_format.tab_stops.add_tab_stop(Cm(16), WD_TAB_ALIGNMENT.RIGHT)
            paragraph.add_run(heading).bold = True
            if entry.get("location"):
                paragraph.add_run(f", {entry['location']}")
                truth.texts.append(entry["location"])
            paragraph.add_run(f"\t{dates}")
            truth.texts.append(heading)
            truth.entries.append((_RENDERCV_KINDS[kind_key], heading))
            second = [entry.get(k) for k in ("position", "degree", "area") if entry.get(k)]
            if second:
                document.add_paragraph().add_run(" in ".join(second)).italic = True
                truth.texts.extend(second)
            if entry.get("summary"):
                document.add_paragraph(entry["summary"])
                truth.texts.append(entry["summary"])
            for highlight in entry.get("highlights") or []:
                document.add_paragraph(_MARKDOWN.sub(r"\1", highlight), style="List Bullet")
                truth.texts.append(highlight)
    document.save(path)
    return truth


def imported(source: Path, scratch: Path) -> dict:
    """``cvtex import SOURCE``, the profile written, as data (its texts in one language:
    plain strings)."""
    from cvtex.importers import import_sources

    target = scratch / (source.name + ".yaml")
    import_sources([source], target, force=True)
    return yaml.safe_load(target.read_text(encoding="utf-8"))


def main(folder: Path) -> int:
    files = sorted(path for path in folder.rglob("*") if path.suffix in (".pdf", ".docx"))
    rows, texts, taken = [], 0, 0
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
            worst = min(worst, result.text_share)
            rows.append(
                f"| {file.relative_to(folder)} | {result.text_share:.0%} ({result.texts_taken}/"
                f"{result.texts}) | {result.entry_share:.0%} ({result.entries_right}/"
                f"{result.entries}) |"
            )
            for text in result.missing[:5]:
                print(f"  {file.name}: not taken: {text[:80]}", file=sys.stderr)
    print("| file | texts taken | entries under the right kind |")
    print("| --- | --- | --- |")
    print("\n".join(rows))
    print(f"\noverall: {taken / max(texts, 1):.1%} of {texts} texts; the worst file {worst:.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "/work/corpus-52")))

"""The truth of each corpus file (:mod:`.corpus`): its texts and its entries' kinds, read from
the source it was made from: a RenderCV YAML file, a LaTeX file (Awesome-CV, moderncv,
Chinese CVs), or a Word file (its paragraphs, the kinds named by hand).

The kinds are a careful reader's: where two kinds are both right (an extracurricular
activity is experience or others), the truth names both, ``experience|others``.

``python -m tests.importers.truths FOLDER`` writes ``NAME.truth.json`` beside each file of
the corpus that it knows how to read the source of (see :data:`LATEX` and :func:`main`).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .corpus import MARKDOWN, Truth

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


# The kind of a section of bullets, by its title (any other: others).
_BULLET_KINDS = {"awards": "awards", "获奖情况": "awards"}


def write_docx(cv: dict, path: Path, tables: bool = False) -> Truth:
    """A Word CV of a RenderCV file's ``cv:`` data, written as a person writes one in
    Word: the name as Title, contacts on a line, each section a Heading 1, an entry's
    name in bold with its dates after a tab, the role in italics, bullets as List
    Bullet; and its truth. With ``tables``, as another person does: the name in large
    bold type beside the contacts in a table of two cells, each section's title in bold
    capitals, each entry's name and dates in the two cells of a table's row."""
    import docx
    from docx.enum.text import WD_TAB_ALIGNMENT
    from docx.shared import Cm, Pt

    document = docx.Document()
    truth = Truth([cv["name"]])
    contacts = [str(cv[key]) for key in ("email", "phone", "location") if cv.get(key)]
    truth.texts.extend(contacts)
    if tables:
        left, right = document.add_table(rows=1, cols=2).rows[0].cells
        run = left.paragraphs[0].add_run(cv["name"])
        run.bold, run.font.size = True, Pt(22)
        right.paragraphs[0].text = contacts[0]
        for contact in contacts[1:]:
            right.add_paragraph(contact)
    else:
        document.add_paragraph(cv["name"], style="Title")
        document.add_paragraph(" | ".join(contacts))
    for title, entries in cv.get("sections", {}).items():
        if tables:
            run = document.add_paragraph().add_run(title.replace("_", " ").upper())
            run.bold, run.font.size = True, Pt(13)
        else:
            document.add_heading(title.replace("_", " ").title(), level=1)
        for entry in entries:
            if isinstance(entry, str):
                document.add_paragraph(MARKDOWN.sub(r"\1", entry))
                truth.texts.append(entry)
                truth.entries.append(("summary" if "summary" in title else "others", entry))
                continue
            if "bullet" in entry:
                document.add_paragraph(entry["bullet"], style="List Bullet")
                truth.texts.append(entry["bullet"])
                truth.entries.append((_BULLET_KINDS.get(title, "others"), entry["bullet"]))
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
            if tables:
                left, right = document.add_table(rows=1, cols=2).rows[0].cells
                paragraph, after = left.paragraphs[0], right.paragraphs[0]
            else:
                paragraph = after = document.add_paragraph()
                paragraph.paragraph_format.tab_stops.add_tab_stop(Cm(16), WD_TAB_ALIGNMENT.RIGHT)
            paragraph.add_run(heading).bold = True
            if entry.get("location"):
                paragraph.add_run(f", {entry['location']}")
                truth.texts.append(entry["location"])
            after.add_run(dates if tables else f"\t{dates}")
            truth.texts.append(heading)
            truth.entries.append((_RENDERCV_KINDS[kind_key], heading))
            second = [entry.get(k) for k in ("position", "degree", "area") if entry.get(k)]
            if second:
                joiner = "，" if any(ord(char) > 0x2E80 for char in "".join(second)) else " in "
                document.add_paragraph().add_run(joiner.join(second)).italic = True
                truth.texts.extend(second)
            if entry.get("summary"):
                document.add_paragraph(entry["summary"])
                truth.texts.append(entry["summary"])
            for highlight in entry.get("highlights") or []:
                document.add_paragraph(MARKDOWN.sub(r"\1", highlight), style="List Bullet")
                truth.texts.append(highlight)
    document.save(path)
    return truth


@dataclass(frozen=True)
class Macro:
    """A LaTeX command of a CV class: its arguments, which of them are dates (no texts:
    they are read as dates), and which names the entry (None: no entry, only texts)."""

    arguments: int
    dates: tuple[int, ...] = ()
    names: tuple[int, ...] = ()  # one entry per index given (\cvdoubleitem has two)
    kind: str | None = None  # the entry's kind whatever the section (a language)


@dataclass
class Latex:
    """How one class writes a CV: its header commands (texts), its section commands (their
    titles tell the kind, by ``sections``) and its entry commands."""

    header: dict[str, int]  # command -> how many arguments, each a text
    sectioning: tuple[str, ...]
    sections: dict[str, str]  # a section's title -> the kind of its entries
    entries: dict[str, Macro]
    # Text written in a section outside any entry command: one entry per item, or the whole
    # paragraph one entry (a summary).
    joined: tuple[str, ...] = field(default_factory=tuple)  # commands whose args join: \name
    ignored: dict[str, int] = field(default_factory=dict)  # no CV text: a page's footer
    shown_option: tuple[str, ...] = ()  # header commands that print their [option]


_SKIPPED = {
    "today", "thepage", "newline", "quad", "qquad", "enskip", "hfill", "medskip", "smallskip",
    "bigskip", "noindent", "par", "centering", "clearpage", "newpage", "small", "tiny",
    "large", "Large", "LARGE", "huge", "Huge", "normalsize", "footnotesize", "bfseries",
    "itshape", "scshape", "sffamily", "rmfamily", "cdotp", "textperiodcentered", "item",
    "maketitle", "makecvtitle", "makecvheader", "strut",
}  # fmt: skip
# Commands whose first argument is no text (a colour, a length, a key).
_DROP_FIRST = {"textcolor", "color", "vspace", "hspace", "cite", "nocite", "label", "ref",
               "setlength", "input", "include", "begin", "end", "includegraphics", "photo",
               "raisebox", "bibliography", "bibliographystyle", "pagenumbering"}  # fmt: skip
_WORDS = {"LaTeX": "LaTeX", "TeX": "TeX", "XeLaTeX": "XeLaTeX", "XeTeX": "XeTeX",
          "textbar": "|", "ae": "æ", "%": "%", "&": "&", "_": "_", "#": "#", "$": "$",
          "{": "{", "}": "}", " ": " ", "\\": "\n"}  # fmt: skip


def _expanded(path: Path) -> str:
    """The file's text, each \\input{file} replaced by that file's, no comments."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        lines.append(re.sub(r"(?<!\\)%.*$", "", line))
    text = "\n".join(lines)

    def included(match: re.Match) -> str:
        name = match[1] if match[1].endswith(".tex") else match[1] + ".tex"
        return _expanded(path.parent / name)

    return re.sub(r"\\input\{([^}]*)\}", included, text)


def _options(text: str, at: int) -> int:
    """Where a command's text goes on after its star and [options]."""
    index = at
    while index < len(text) and (text[index] in " *[" or (text[index] == "\n" and index == at)):
        index = text.index("]", index) + 1 if text[index] == "[" else index + 1
    return index if index > at and text[at:index].strip() else at


def _argument(text: str, at: int) -> tuple[str | None, int]:
    """The braced argument starting at ``at`` (spaces and [options] skipped first): its
    text and where it ends; (None, at) when there is none."""
    index = at
    while index < len(text) and (text[index].isspace() or text[index] in "*["):
        if text[index] == "[":
            index = text.index("]", index) + 1
        else:
            index += 1
    if index >= len(text) or text[index] != "{":
        return None, at
    depth, start = 0, index
    for index in range(start, len(text)):
        if text[index] == "{" and text[index - 1] != "\\":
            depth += 1
        elif text[index] == "}" and text[index - 1] != "\\":
            depth -= 1
            if depth == 0:
                return text[start + 1 : index], index + 1
    return text[start + 1 :], len(text)


def plain_text(tex: str) -> str:
    """A LaTeX fragment as the reader sees it printed: commands gone, their text kept."""
    out, index = [], 0
    while index < len(tex):
        char = tex[index]
        if char == "\\":
            match = re.match(r"\\([A-Za-z]+|[\s\S])", tex[index:])
            if match is None:  # a backslash at the very end
                break
            name = match[1]
            index += len(match[0])
            if name.isalpha():  # its options, \makecvheader[C], are no text
                index = _options(tex, index)
            if name in _WORDS:
                out.append(_WORDS[name])
            elif name in _DROP_FIRST:
                _, index = _argument(tex, index)
                if name == "begin" and tex[index : index + 1] == "[":  # itemize[parsep=0]
                    index = tex.index("]", index) + 1
            if name in ("quad", "qquad", "enskip", "hfill"):
                out.append(" ")
            if name in ("textperiodcentered", "cdotp"):
                out.append("·")
            continue
        if char == "~":
            out.append(" ")
        elif char not in "{}$":
            out.append(char)
        index += 1
    text = "".join(out).replace("``", "“").replace("''", "”").replace("--", "–")
    return " ".join(text.split())


def _items(tex: str) -> list[str]:
    """The texts of a fragment: each \\item its own, and the text before the first; a
    line broken by hand (\\newline, \\\\) or a new paragraph two texts."""
    parts = re.split(r"\\item\b|\\newline\b|\\\\|\n\s*\n", tex)
    return [text for part in parts if (text := plain_text(part))]


def latex_truth(source: Path, how: Latex) -> Truth:
    """The texts and entries of a CV written in LaTeX with the commands ``how`` names."""
    text = _expanded(source)
    text = text.split(r"\begin{document}", 1)[-1].split(r"\end{document}", 1)[0]
    preamble = _expanded(source).split(r"\begin{document}", 1)[0]
    truth = Truth()
    for command, count in how.header.items():
        for match in re.finditer(rf"\\{command}\b", preamble + text):
            args, at = [], match.end()
            for _ in range(count):
                arg, at = _argument(preamble + text, at)
                # A header's line of contacts: each between its · its own text.
                args.extend(part for part in re.split(r"\s*·\s*", plain_text(arg or "")) if part)
            option = re.match(r"\[([^]]*)\]", (preamble + text)[match.end() :])
            if command in how.shown_option and option:  # \linkedin[billryan8]{https://...}
                args = [option[1]]
            if command in how.joined:
                args = [" ".join(args)]
            truth.texts.extend(args)
    kind: str | None = None
    loose: list[str] = []  # text outside entry commands, in this section
    listed = 0  # entry commands in this section: text beside them is theirs, no entry

    def flush() -> None:
        for item in _items("".join(loose)):
            if re.search(r"\w", item):
                truth.texts.append(item)
                if kind is not None and not listed:
                    name = item if kind == "summary" else re.split(r"[:：,，、]", item)[0]
                    truth.entries.append((kind, name))
        loose.clear()

    index = 0
    commands = re.compile(r"\\([A-Za-z]+)\*?")
    while (match := commands.search(text, index)) is not None:
        name = match[1]
        if name in how.sectioning:
            loose.append(text[index : match.start()])
            flush()
            title, index = _argument(text, match.end())
            if name == how.sectioning[0]:
                listed = 0
                kind = how.sections.get(plain_text(title or ""))
                if kind is None:
                    raise ValueError(f"{source}: no kind for the section {title!r}")
            else:  # a subsection: its own kind if it names one
                kind = how.sections.get(plain_text(title or ""), kind)
            continue
        if name in how.entries:
            loose.append(text[index : match.start()])
            flush()
            listed += 1
            macro = how.entries[name]
            args, at = [], _options(text, match.end())
            for _ in range(macro.arguments):
                arg, at = _argument(text, at)
                args.append(arg or "")
            for number, arg in enumerate(args):
                if number not in macro.dates:
                    truth.texts.extend(_items(arg))
            for number in macro.names:
                if plain_text(args[number]) and (macro.kind or kind):
                    truth.entries.append((macro.kind or kind, _items(args[number])[0]))
            index = at
            continue
        if name in how.header or name in how.ignored or name in _DROP_FIRST:
            loose.append(text[index : match.start()])
            count = how.header.get(name) or how.ignored.get(name) or 1
            index = match.end()
            for _ in range(count):
                _, index = _argument(text, index)
            if name == "begin" and text[index : index + 1] == "[":
                index = text.index("]", index) + 1
            continue
        loose.append(text[index : match.end()])
        index = match.end()
    loose.append(text[index:])
    flush()
    truth.texts = list(dict.fromkeys(truth.texts))
    return truth


AWESOME_CV = Latex(
    header={"name": 2, "position": 1, "address": 1, "mobile": 1, "email": 1, "homepage": 1,
            "github": 1, "linkedin": 1, "quote": 1},
    sectioning=("cvsection", "cvsubsection"),
    sections={"Summary": "summary", "Work Experience": "experience", "Honors & Awards": "awards",
              "Certificates": "certificates", "Education": "education", "Skills": "skills",
              "Experience": "experience", "Extracurricular Activity": "others|experience",
              "Presentation": "talks", "Writing": "others|experience",
              "Program Committees": "service", "International Awards": "awards",
              "Domestic Awards": "awards", "Community": "awards|service|others"},
    entries={"cventry": Macro(5, dates=(3,), names=(1,)),
             "cvhonor": Macro(4, dates=(3,), names=(0,)),
             "cvskill": Macro(2, names=(0,))},
    joined=("name",),
    ignored={"makecvfooter": 3},
)  # fmt: skip
MODERNCV = Latex(
    header={"name": 2, "title": 1, "born": 1, "address": 3, "phone": 1, "email": 1,
            "homepage": 1, "social": 1, "extrainfo": 1, "quote": 1},
    sectioning=("section", "subsection"),
    sections={"Education": "education", "Master thesis": "education|others",
              "Experience": "experience", "Vocational": "experience",
              "Miscellaneous": "experience", "Languages": "languages",
              "Computer skills": "skills", "Skill matrix": "skills", "Interests": "others",
              "Extra 1": "others", "Extra 2": "others", "References": "references|others"},
    entries={"cventry": Macro(6, dates=(0,), names=(1,)),
             "cvitem": Macro(2, names=(0,)),
             "cvitemwithcomment": Macro(3, names=(0,), kind="languages"),
             "cvdoubleitem": Macro(4, names=(0, 2)),
             "cvtripleitem": Macro(6, names=(0, 2, 4)),
             "cvlistitem": Macro(1, names=(0,)),
             "cvlistdoubleitem": Macro(2, names=(0, 1)),
             "cvskillentry": Macro(5, dates=(1, 3), names=(2,)),
             "cvskilllegend": Macro(1), "cvskillhead": Macro(0),
             "cvcolumn": Macro(2, names=(0,))},
    joined=("name",),
)  # fmt: skip
UNIQUECV = Latex(
    header={"name": 1, "basicinfo": 1},
    sectioning=("section",),
    sections={"教育背景": "education", "专业技能": "skills", "获奖情况": "awards",
              "项目经历": "experience", "课外": "experience|others"},
    entries={"dateditem": Macro(2, dates=(1,), names=(0,)),
             "datedaward": Macro(3, dates=(2,), names=(0,)),
             "datedproject": Macro(3, dates=(2,), names=(0,))},
)  # fmt: skip
BILLRYAN = Latex(
    header={"name": 1, "email": 1, "phone": 1, "linkedin": 1},
    sectioning=("section",),
    sections={"教育背景": "education", "实习/项目经历": "experience", "IT 技能": "skills",
              "获奖情况": "awards", "其他": "others"},
    entries={"datedsubsection": Macro(2, dates=(1,), names=(0,)),
             "datedline": Macro(2, dates=(1,), names=(0,)),
             "role": Macro(2)},
    shown_option=("linkedin",),
)  # fmt: skip


def bib_truth(bib: Path) -> Truth:
    """A .bib file's entries as printed by a bibliography: each a publication, its title
    and authors its texts."""
    text = bib.read_text(encoding="utf-8")
    truth = Truth()
    for entry in re.split(r"^@", text, flags=re.M)[1:]:
        fields = dict(re.findall(r"(\w+)\s*=\s*\{([^}]*)\}", entry))
        if "title" in fields:
            truth.texts.extend([fields["title"], *fields.get("author", "").split(" and ")])
            truth.entries.append(("publications", fields["title"]))
    return truth


# Each LaTeX file of the corpus (under FOLDER), the PDF built from it, how it is read.
LATEX = {
    "awesome-cv/src/examples/resume.tex": AWESOME_CV,
    "awesome-cv/src/examples/cv.tex": AWESOME_CV,
    "moderncv/src/moderncv-casual.tex": MODERNCV,
    "moderncv/src/moderncv-classic.tex": MODERNCV,
    "moderncv/src/moderncv-banking.tex": MODERNCV,
    "chinese/uniquecv/example.tex": UNIQUECV,
    "chinese/billryan/resume-zh_CN.tex": BILLRYAN,
}


def main(folder: Path) -> int:
    for name, how in LATEX.items():
        source = folder / name
        if not source.exists():
            print(f"{source}: not there, skipped", file=sys.stderr)
            continue
        truth = latex_truth(source, how)
        bib = source.with_name("publications.bib")
        if r"\bibliography{publications}" in _expanded(source) and bib.exists():
            extra = bib_truth(bib)
            truth = Truth(truth.texts + extra.texts, truth.entries + extra.entries)
        pdf = source.with_suffix(".pdf")
        truth.save(pdf.with_name(pdf.name + ".truth.json"))
        print(f"{pdf}: {len(truth.texts)} texts, {len(truth.entries)} entries")
    for source in sorted(folder.glob("rendercv/*.yaml")):
        pdf = folder / "rendercv" / f"rendercv-{source.stem}.pdf"
        if pdf.exists():
            rendercv_truth(source).save(pdf.with_name(pdf.name + ".truth.json"))
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "/work/corpus-52")))

"""Where a CV of three or more pages breaks, in every theme, in English and Chinese: each page
but the last ends within two lines of its foot, unless what comes next cannot be broken (a
heading with its entry's first two lines, or all three of a paragraph that has three: two
lines on each side of a break); a long entry and its description break between two
of their lines rather than move whole; no section title or entry heading is the last line
of a page; no paragraph's last line and no list's last item starts a page alone. Measured
on the PDF's text positions (pdftotext -bbox), in the sidebar theme on its main column."""

from __future__ import annotations

import copy
import itertools
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml

from ..building import build
from ..conftest import EXAMPLE, ROOT, THEMES
from .test_long_cvs import long_checked

_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)
_WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<'
)

# An entry longer than a third of a page: a description of two paragraphs, nested lists.
LONG_ENTRY = {
    "title": {
        "en": "Overlapped Collective Communication for Long-Context LLM Training",
        "zh": "长上下文大模型训练中的重叠集合通信",
    },
    "organization": {"en": "ByteDance", "zh": "字节跳动"},
    "role": {"en": "Research Intern", "zh": "研究实习生"},
    "start": "2025-06",
    "end": "present",
    "description": {
        "en": (
            "Long-context training splits each sequence across devices, and every attention "
            "layer then waits for key-value blocks from its neighbours. I built the library "
            "that moves those blocks while the previous block is still being computed, so "
            "that the network time of sequence parallelism is hidden behind attention rather "
            "than added to it, first for the ring form and then for the all-to-all form, on "
            "clusters whose machines have anywhere from two to eight network cards.\n\n"
            "The library chooses, for each job, how to split the blocks, which rings to run "
            "them on and when to fall back to the vendor's library, from measurements it "
            "takes in the job's first minute; it has run every long-context job of the team "
            "since the spring, and its guide is what the training teams read to choose "
            "between the two forms of sequence parallelism on a new cluster."
        ),
        "zh": (
            "长上下文训练将每条序列切分到多个设备上，每一层注意力计算都要等待相邻设备的键值块。"
            "我实现了在计算上一块的同时传输下一块的通信库，使序列并行的网络时间隐藏在注意力计算"
            "之后，而不是叠加在计算之上；先支持环形，再支持全交换，适配每台机器配备二至八张网卡"
            "的集群。\n\n"
            "通信库在作业运行的第一分钟内进行测量，据此为每个作业选择分块方式、通信环以及何时回退"
            "到厂商通信库；自春季以来团队所有长上下文作业均使用该库，其使用指南也是训练团队在新集群"
            "上选择两种序列并行方式时的依据。"
        ),
    },
    "bullets": [
        {
            "text": {
                "en": "Implemented AllGather and AlltoAll on RDMA verbs, with a chunk-based "
                "pipeline whose chunk size is tuned per message length",
                "zh": "基于 RDMA verbs 实现 AllGather 与 AlltoAll，"
                "采用按消息长度调整块大小的分块流水线",
            },
            "items": [
                {
                    "en": "A topology probe that runs once per job",
                    "zh": "每个作业运行一次的拓扑探测",
                },
                {
                    "en": "A fallback to the vendor library",
                    "zh": "探测到未知拓扑时回退到厂商通信库",
                },
                {"en": "A per-message tuning table", "zh": "按消息长度调整的参数表"},
            ],
        },
        {
            "en": "Reduced the NICs needed per machine from eight to two at the same bandwidth "
            "utilization, saving 75% of the network cost of a 512-GPU training cluster",
            "zh": "在带宽利用率不变的前提下，将每台机器所需网卡由 8 张减少到 2 张，"
            "为 512 卡训练集群节省 75% 的网络成本",
        },
        {
            "en": "Evaluated both forms on three machine architectures and wrote the guide the "
            "training teams use to choose between them",
            "zh": "在三种机型上评测两种序列并行方式，并编写训练团队用于选型的指南",
        },
        {"en": "Open-sourced the library (2,400 stars)", "zh": "该通信库已开源（2,400 星）"},
    ],
}


def long_profile(folder: Path) -> Path:
    """The example with its experience written out three times, a long entry before each
    copy: three pages or more in any theme."""
    shutil.copytree(EXAMPLE.parent, folder, ignore=shutil.ignore_patterns("out"))
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    experience = []
    for _ in range(3):
        experience.append(copy.deepcopy(LONG_ENTRY))
        experience += copy.deepcopy(data["experience"])
    data["experience"] = experience
    file = folder / "long.yaml"
    file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return file


def key(text: str) -> str:
    """Letters and digits only, folded: TeX's commands, markup and the PDF's spacing aside."""
    text = re.sub(r"\\[A-Za-z]+", "", text)
    return "".join(char for char in text.casefold() if char.isalnum())


@dataclass(frozen=True)
class Line:
    top: float
    bottom: float
    text: str


@dataclass(frozen=True)
class Page:
    height: float
    lines: list[Line]  # the main column's, top to bottom


def pages_of(pdf: Path) -> list[Page]:
    """Each page's lines of text: words joined by their baseline; on a page with a side
    column (words ending left of a third of the page, beside words right of it), only the
    main column's."""
    html = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = []
    for width, height, body in _PAGE.findall(html):
        words = [
            (float(x0), float(y0), float(x1), float(y1), text)
            for x0, y0, x1, y1, text in _WORD.findall(body)
        ]
        edge = float(width) / 3
        if any(x1 < edge for _, _, x1, _, _ in words) and not any(
            x0 < edge < x1 for x0, _, x1, _, _ in words
        ):
            words = [word for word in words if word[0] > edge]
        rows: dict[int, list] = {}
        for word in words:
            row = round(word[3])
            row = next((seen for seen in rows if abs(seen - row) <= 2), row)
            rows.setdefault(row, []).append(word)
        lines = [
            Line(min(w[1] for w in ws), max(w[3] for w in ws), " ".join(w[4] for w in ws))
            for _, ws in sorted(rows.items())
        ]
        pages.append(Page(float(height), lines))
    return pages


_ARGUMENT = r"\{((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}"


@dataclass(frozen=True)
class Texts:
    titles: set[str]  # section titles
    headings: set[str]  # section titles and entries' headings
    entry_lines: set[str]  # entries' places, details and dates: lines that go with a heading
    items: list[str]  # every item's and paragraph's text
    last_items: set[str]  # the last item of every list
    before_last: set[str]  # the item before it, which no page break separates from it
    blocks: list[str]  # what is set in one box, which no page break divides (a referee)
    citations: list[str] = field(default_factory=list)  # every citation's text


def texts_of(tex: str) -> Texts:
    titles = {key(t) for t in re.findall(r"\\cvsection" + _ARGUMENT, tex)}
    headings, entry_lines = set(titles), set()
    for heading, *rest in re.findall(r"\\cventry" + _ARGUMENT * 4, tex):
        headings.add(key(heading))
        entry_lines |= {key(text) for text in rest if key(text)}
    items, last_items, before_last = [], set(), set()
    for body in re.findall(
        r"\\begin\{(?:itemize|cvsteps)\}(.*?)\\end\{(?:itemize|cvsteps)\}", tex, re.S
    ):
        found = [
            re.sub(r"\\cvrighted" + _ARGUMENT * 2, r"\1", item)
            for item in re.split(r"\\item\b", body)[1:]
        ]
        found = [re.sub(r"\\cvright\{.*", "", item) for item in found]
        found = [key(item) for item in found]
        items += [item for item in found if item]
        if len(found) > 1:
            last_items.add(found[-1])
            before_last.add(found[-2])
    blocks = [
        key(body) for body in re.findall(r"\\begin\{minipage\}(.*?)\\end\{minipage\}", tex, re.S)
    ]
    citations = [
        key(item)
        for body in re.findall(r"\\begin\{enumerate\}(.*?)\\end\{enumerate\}", tex, re.S)
        for item in re.split(r"\\item\b", body)[1:]
    ]
    return Texts(titles, headings, entry_lines, items, last_items, before_last, blocks, citations)


def is_heading(line: Line, texts: Texts) -> bool:
    text = key(line.text)
    if any(len(text) > 3 and citation.endswith(text) for citation in texts.citations):
        return False  # a citation's last line ("(IWQoS), 2023 CCF B"), not a talk's venue
    return any(text.startswith(h) for h in texts.headings if h) or any(
        text.startswith(t) or t.startswith(text) for t in texts.entry_lines if len(t) > 3
    )


_CM = 72 / 2.54


def text_foot(tex: str, height: float) -> float:
    """Where the text block ends on the page: its bottom margin, from geometry's options."""
    bottom = re.search(r"\\usepackage\[[^]]*bottom=([\d.]+)cm", tex)[1]
    return height - float(bottom) * _CM


def break_problems(pages: list[Page], texts: Texts, foot: float, where: str) -> list[str]:
    """Each page break that leaves a page short, a heading last or a line alone."""
    problems = []
    for number, (page, following) in enumerate(itertools.pairwise(pages), start=1):
        body = [line for line in page.lines if line.top < foot]
        after = [line for line in following.lines if line.top < foot]
        pitch = sorted(b.bottom - a.bottom for a, b in itertools.pairwise(body))[len(body) // 2]
        # What must move with the next page's first line: its headings, then one line; or
        # the item before a list's last, then the last's first line.
        group = 0
        while group < len(after) - 1 and is_heading(after[group], texts):
            group += 1
        # A box (a referee) moves whole.
        block = next((b for b in texts.blocks if key(after[group].text) in b), None)
        while block and group < len(after) - 1 and key(after[group + 1].text) in block:
            group += 1
        start = key(after[0].text)
        if any(item.startswith(start) for item in texts.before_last):
            item = next(item for item in texts.before_last if item.startswith(start))
            while group < len(after) - 1 and key(after[group].text) in item:
                group += 1
        # An item of two lines moves whole: its last line never starts a page alone.
        if group == 0 and len(after) > 2 and start + key(after[1].text) in texts.items:
            group = 1
        # After headings, a paragraph's first two lines go with them (two-line orphans),
        # all of a paragraph of three lines or fewer (two on each side of a break).
        if group and group < len(after) and not block:
            lines, joined = 0, ""
            while group + lines < len(after) and any(
                item.startswith(joined + key(after[group + lines].text)) for item in texts.items
            ):
                joined += key(after[group + lines].text)
                lines += 1
            if lines:
                group = min(len(after) - 1, group + (lines if lines <= 3 else 2) - 1)
        allowed = 2 * pitch + 1 + (after[group].bottom - after[0].top if group else 0)
        short = foot - body[-1].bottom
        if short > allowed:
            problems.append(f"{where} page {number} ends {short / pitch:.1f} lines short")
        # A section title, or an entry's heading whose bullets start the next page.
        last = key(body[-1].text)
        if any(last.startswith(title) for title in texts.titles if title) or (
            is_heading(body[-1], texts)
            and last not in texts.items
            and not is_heading(after[0], texts)
        ):
            problems.append(f"{where} page {number} ends with a heading: {body[-1].text!r}")
        # A paragraph's last line alone: the page before ends with the line before it.
        first = key(after[0].text)
        tail = [item for item in texts.items if item.endswith(last + first)]
        if first in texts.last_items or (tail and key(after[1].text) not in tail[0]):
            problems.append(f"{where} page {number + 1} starts with {after[0].text!r} alone")
    return problems


RESEARCHER = ROOT / "tests" / "data" / "long" / "researcher.yaml"


@pytest.mark.parametrize("cv", ["example", "researcher"])
@pytest.mark.parametrize("theme", THEMES)
def test_a_long_cv_breaks_where_a_reader_expects(tmp_path, tmp_path_factory, theme, cv):
    if cv == "example":
        built = build(long_profile(tmp_path / "cv"), "en,zh", tmp_path / "out", theme)
        pdfs = {result.language: result.pdf for result in built}
    else:  # as test_long_cvs built it
        readings = long_checked(tmp_path_factory, RESEARCHER, theme)
        pdfs = {language: reading.pdf for language, reading in readings.items()}
    assert sorted(pdfs) == ["en", "zh"]
    problems = []
    for language, pdf in pdfs.items():
        pages = pages_of(pdf)
        assert len(pages) >= 3, f"{theme} {cv} {language}: {len(pages)} pages"
        tex = pdf.with_suffix(".tex").read_text(encoding="utf-8")
        foot = text_foot(tex, pages[0].height)
        where = f"{theme} {cv} {language}"
        problems += break_problems(pages, texts_of(tex), foot, where)
    assert problems == []


ENGINEER = ROOT / "examples" / "engineer" / "profile.yaml"


def section_lists(tex: str) -> list[list[str]]:
    """The lists of a section's items (languages, awards, skills), not an entry's bullets:
    those that come straight after a section title (or modern's pairs of a label and its
    text), each item's text with its label and note."""
    lists = []
    for body in re.findall(
        r"\\cvsection" + _ARGUMENT + r"\s*\\begin\{itemize\}(?:\[[^]]*\])?(.*?)\\end\{itemize\}",
        tex,
        re.S,
    ):
        lists.append([key(item) for item in re.split(r"\\item\b", body[1])[1:]])
    # modern's label and text pairs, a paragraph each
    for section in re.split(r"\\cvsection\b", tex)[1:]:
        pairs = re.findall(r"\\cvpair" + _ARGUMENT * 2, section)
        if pairs:
            lists.append([key(label + text) for label, text in pairs])
    return lists


@pytest.mark.parametrize("theme", THEMES)
def test_a_short_section_is_not_left_one_line_under_its_title(tmp_path, theme):
    """The engineer example as it is without fitting: its Japanese and Korean (and in modern
    its English) run two or three lines onto a second page, and a section's list of three
    one-line items (the spoken languages) was split one and two, its title and one item at
    the foot of the page. A list of three one-line items moves whole; a longer one keeps two
    at the foot."""
    folder = tmp_path / "engineer"
    shutil.copytree(ENGINEER.parent, folder, ignore=shutil.ignore_patterns("out"))
    profile = folder / "profile.yaml"
    data = yaml.safe_load(profile.read_text(encoding="utf-8"))
    data["design"] = {"fit": "off"}  # as written, not fitted (by default it would be)
    profile.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    problems, spilled = [], 0
    for result in build(profile, "en,ja,ko", tmp_path / "out", theme):
        text = subprocess.run(
            ["pdftotext", "-raw", str(result.pdf), "-"], capture_output=True, text=True, check=True
        ).stdout
        pages = [key(page) for page in text.split("\f")[:-1]]
        spilled += len(pages) > 1
        for items in section_lists(result.tex.read_text(encoding="utf-8")):
            where = [next(n for n, page in enumerate(pages) if item[:24] in page) for item in items]
            alone = [n for n in set(where) if where.count(n) == 1 and len(items) > 1]
            if len(set(where)) > 1 and (len(items) <= 3 or alone):
                problems.append(f"{theme} {result.language}: {items} on pages {where}")
    assert problems == []
    if theme in ("classic", "modern"):
        assert spilled, "the case this test is about: a CV that runs onto a second page"


LONG_ENGINEER = ROOT / "tests" / "data" / "long" / "engineer.yaml"


@pytest.mark.parametrize("theme", THEMES)
def test_a_long_run_of_entries_without_bullets_breaks_between_them(tmp_path, theme):
    """Sixty talks, entries with no bullets: each entry ended with a \\nobreak in classic,
    compact and modern, so the run was one block that could not break. It left the page
    before it nearly empty and ran past the foot of the next, over the running name."""
    data = yaml.safe_load(LONG_ENGINEER.read_text(encoding="utf-8"))
    data["talks"] = [
        {
            "title": f"Talk number {number} on storage engines and their failure modes",
            "event": "SREcon",
            "location": "Singapore",
            "date": "2024-06",
        }
        for number in range(60)
    ]
    profile = tmp_path / "talks.yaml"
    profile.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    (result,) = build(profile, "en", tmp_path / "out", theme)
    pages = pages_of(result.pdf)
    tex = result.tex.read_text(encoding="utf-8")
    foot = text_foot(tex, pages[0].height)
    # Below the foot of every page but the last (whose "updated" line is set there).
    below = [
        (number, line.text)
        for number, page in enumerate(pages[:-1], start=1)
        for line in page.lines
        if line.bottom > foot + 1
    ]
    assert below == []
    assert break_problems(pages, texts_of(tex), foot, theme) == []

"""Where a CV of three pages breaks, in every theme: pages filled to their foot (a long
entry breaks between its bullets instead of moving whole), no section title or entry
heading the last line of a page, and no entry's one-line last bullet alone at the top of
the next. Measured on the PDF's text positions (pdftotext -bbox)."""

from __future__ import annotations

import copy
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from ..building import build
from ..conftest import EXAMPLE, THEMES

_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)
_WORD = re.compile(r'<word xMin="[\d.]+" yMin="[\d.]+" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<')


def long_profile(folder: Path) -> Path:
    """The example with its experience written out three times: three pages in any theme."""
    shutil.copytree(EXAMPLE.parent, folder, ignore=shutil.ignore_patterns("out"))
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["experience"] = [copy.deepcopy(entry) for entry in data["experience"] * 3]
    file = folder / "long.yaml"
    file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return file


def key(text: str) -> str:
    """Letters and digits only, folded: TeX's markup and the PDF's spacing aside."""
    return "".join(char for char in text.casefold() if char.isalnum())


def lines_by_page(pdf: Path) -> list[tuple[float, list[tuple[float, str]]]]:
    """Each page's height and its lines of text (bottom, words joined), top to bottom."""
    html = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = []
    for _, height, body in _PAGE.findall(html):
        lines: dict[int, list[str]] = {}
        bottoms: dict[int, float] = {}
        for y_max, word in _WORD.findall(body):
            row = round(float(y_max))
            row = next((seen for seen in lines if abs(seen - row) <= 2), row)
            lines.setdefault(row, []).append(word)
            bottoms[row] = max(bottoms.get(row, 0.0), float(y_max))
        ordered = sorted(lines)
        pages.append((float(height), [(bottoms[row], " ".join(lines[row])) for row in ordered]))
    return pages


def headings_and_last_items(tex: str) -> tuple[set[str], set[str]]:
    """Section titles and entries' headings; the last item of every list."""
    titles = {key(t) for t in re.findall(r"\\cvsection\{((?:[^{}]|\{[^{}]*\})*)\}", tex)}
    titles |= {key(t) for t in re.findall(r"\\cventry\{((?:[^{}]|\{[^{}]*\})*)\}", tex)}
    last_items = set()
    for body in re.findall(r"\\begin\{itemize\}(.*?)\\end\{itemize\}", tex, re.S):
        items = re.split(r"\\item\b", body)[1:]
        if len(items) > 1:
            text = re.sub(r"\\(?:par|cvbreak|cvlastitem|emph|textbf)\b", "", items[-1])
            last_items.add(key(re.sub(r"\\cvright\{.*", "", text)))
    return titles, last_items


@pytest.mark.parametrize("theme", THEMES)
def test_a_three_page_cv_breaks_where_a_reader_expects(tmp_path, theme):
    profile = long_profile(tmp_path / "cv")
    results = build(profile, "en,zh", tmp_path / "out", theme)
    for result in results:
        pages = lines_by_page(result.pdf)
        assert len(pages) >= 3, f"{theme} {result.language}: {len(pages)} pages"
        titles, last_items = headings_and_last_items(result.tex.read_text(encoding="utf-8"))
        for number, (height, lines) in enumerate(pages[:-1], start=1):
            where = f"{theme} {result.language} page {number}"
            # A running foot (the name, "updated on") stands in the bottom margin.
            body = [(bottom, text) for bottom, text in lines if bottom < height - 36]
            last_bottom, last_line = body[-1]
            assert last_bottom > height * 0.8, f"{where} ends at {last_bottom:.0f} of {height:.0f}"
            assert not any(key(last_line).startswith(t) for t in titles if t), (
                f"{where} ends with a heading: {last_line!r}"
            )
            next_lines = [text for bottom, text in pages[number][1] if bottom < height - 36]
            first = next_lines[0] if next_lines[0].strip() else next_lines[1]
            assert key(first) not in last_items, f"page {number + 1} starts with {first!r} alone"

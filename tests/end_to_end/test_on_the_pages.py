"""What a reader sees on the pages: no label that repeats its section's title, classic's
dates kept on an entry's first line, and a last page of a few lines called out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from cvtex.compile.pdf import overflow_lines

from ..building import build, render_languages
from ..conftest import THEMES, pdf_info, pdf_text

SKILLS = {
    "languages": ["en", "zh"],
    "name": {"en": "Ann Lee", "zh": "李安"},
    "skills": [
        {"category": {"en": "Skills", "zh": "专业技能"}, "items": ["Python", "PyTorch", "CUDA"]}
    ],
}


def write(folder: Path, data: dict) -> Path:
    profile = folder / "cv.yaml"
    profile.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return profile


@pytest.mark.parametrize("theme", THEMES)
def test_a_skill_group_named_as_its_section_is_not_named_again(tmp_path, theme):
    """One group called "Skills" under the title "Skills": its items alone, in every theme."""
    profile = write(tmp_path, SKILLS)
    for source in render_languages(profile, ["en", "zh"], theme):
        body = source.tex.split("% The CV's text begins here.")[1]
        name = "Skills" if source.language == "en" else "专业技\\nobreak 能"
        assert body.count(name) == 1, (source.language, body)  # the title alone
        assert "Python" in body
    # A group of another name keeps it.
    named = {**SKILLS, "skills": [{**SKILLS["skills"][0], "category": "Frameworks"}]}
    (source,) = render_languages(write(tmp_path, named), ["en"], theme)
    assert "Frameworks" in source.tex.split("% The CV's text begins here.")[1]


LONG_PLACE = {
    "languages": ["en"],
    "name": "Ann Lee",
    "experience": [
        {
            "title": "Software Engineer",
            "organization": "International Business Machines Corporation",
            "location": "Research Triangle Park, North Carolina, United States",
            "start": "2017-05",
            "end": "2019-04",
            "bullets": ["Built the storage layer"],
        },
        {
            "title": "Research Intern",
            "organization": "ByteDance",
            "location": "Beijing",
            "role": "Machine Learning Systems Group of the Seed Foundation Team, working on "
            "collective communication for large models",
            "start": "2016-05",
            "end": "2016-09",
        },
    ],
}


def test_classic_keeps_the_dates_on_an_entry_s_first_line(tmp_path):
    """An entry without a role had its dates alone on a line under its place: they come up
    beside the heading, the place under it. A long role wraps before its dates."""
    (result,) = build(write(tmp_path, LONG_PLACE), out_dir=tmp_path / "out", theme="classic")
    lines = [line.strip() for line in pdf_text(result.pdf, layout=True).splitlines()]
    first = next(line for line in lines if line.startswith("Software Engineer"))
    assert re.search(r"Software Engineer\s+May 2017 – Apr 2019$", first), first
    place = lines[lines.index(first) + 1]
    assert place.startswith("International Business Machines Corporation, Research Triangle")
    # A role longer than the line wraps, and its dates come after it, on a line of their
    # own: set beside a wrapped line's end, readers read them inside the role's words.
    role_end = next(i for i, line in enumerate(lines) if line.endswith("models"))
    assert lines[role_end + 1] == "May 2016 – Sep 2016", lines[role_end : role_end + 2]
    assert "May 2017 – Apr 2019" not in lines
    assert "Overfull" not in result.log


def awards(count: int) -> dict:
    return {
        "languages": ["en"],
        "name": "Ann Lee",
        "awards": [{"name": f"Award {n} for a rather long achievement", "years": 2020} for n in
                   range(1, count + 1)],
    }  # fmt: skip


def test_a_last_page_of_a_few_lines_is_called_out_with_fit_pages(tmp_path):
    warnings: list[str] = []
    profile = write(tmp_path, awards(80))
    (result,) = build(profile, out_dir=tmp_path / "out", on_warning=warnings.append)
    pages = page_count(result.pdf)
    last = overflow_lines(result.pdf, pages - 1)
    assert pages >= 2 and last is not None and last > 6
    assert warnings == []  # a last page worth its paper
    # Fewer awards, one line each, leave three lines on the last page.
    profile = write(tmp_path, awards(80 - (last - 3)))
    (result,) = build(profile, out_dir=tmp_path / "out", on_warning=warnings.append)
    assert overflow_lines(result.pdf, pages - 1) == 3
    assert warnings == [
        f"en: page {pages} holds only 3 line(s): `design: {{fit_pages: {pages - 1}}}` in the "
        f"profile tightens the spacing, then the type, until it fits on {pages - 1} page"
        + ("s" if pages > 2 else "")
    ]
    # A build that keeps the PDF says it again; one with fit_pages pulls the page back.
    again: list[str] = []
    build(profile, out_dir=tmp_path / "out", on_warning=again.append)
    assert again == warnings
    data = {**awards(80 - (last - 3)), "design": {"fit_pages": pages - 1}}
    (fitted,) = build(write(tmp_path, data), out_dir=tmp_path / "out")
    assert page_count(fitted.pdf) == pages - 1 and fitted.advice == ""


def page_count(pdf: Path) -> int:
    found = re.search(r"^Pages:\s+(\d+)$", pdf_info(pdf), re.MULTILINE)
    assert found is not None
    return int(found[1])

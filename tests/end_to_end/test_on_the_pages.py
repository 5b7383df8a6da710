"""What a reader sees on the pages: no label that repeats its section's title, classic's
dates kept on an entry's first line, and a last page of a few lines pulled back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from cvtex.compile.pdf import overflow_lines
from cvtex.pipeline.place import BuiltLanguage

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


def test_a_last_page_of_a_few_lines_is_pulled_back_by_default(tmp_path):
    """design.fit is auto by default: a last page that holds less than a quarter of a page
    is pulled back within the default fit's bounds (here classic at 10 pt: the spacing
    alone, down to 70%), with one line saying so; a last page worth its paper, and a CV with
    fit: off, are left as written; a fit out of reach is a warning."""
    out = tmp_path / "out"

    def built(count: int, design: dict | None = None) -> tuple[BuiltLanguage, list[str]]:
        warnings: list[str] = []
        data = awards(count) | ({"design": design} if design else {})
        (result,) = build(write(tmp_path, data), out_dir=out, on_warning=warnings.append)
        return result, warnings

    # Awards of one line each: as written, how many lines stand on the last page.
    full, warnings = built(80, {"fit": "off"})
    pages = page_count(full.pdf)
    last = overflow_lines(full.pdf, pages - 1)
    assert pages >= 2 and last is not None and last > 12
    # A last page worth its paper (a quarter of a page or more): nothing changes.
    full, warnings = built(80)
    assert (page_count(full.pdf), full.fitted, warnings) == (pages, "", [])
    assert (
        full.tex.read_text(encoding="utf-8")
        == render_languages(write(tmp_path, awards(80)), ["en"])[0].tex
    )
    # A line over (two on the last page: a list's last item never stands alone): 70% of
    # the spacing pulls it back, every award still there.
    count = 80 - (last - 1)
    short, warnings = built(count, {"fit": "off"})
    assert (page_count(short.pdf), overflow_lines(short.pdf, pages - 1)) == (pages, 2)
    assert (short.fitted, warnings) == ("", [])  # fit: off keeps it, and says nothing
    fitted, warnings = built(count)
    assert page_count(fitted.pdf) == pages - 1 and warnings == []
    assert re.fullmatch(
        rf"page {pages} held \d+% of a page: fitted to {pages - 1} pages? at 10 pt, "
        r"spacing (85|70)% \(`design: \{fit: off\}` keeps it as written\)",
        fitted.fitted,
    ), fitted.fitted
    text = pdf_text(fitted.pdf)
    assert all(f"Award {n} for a rather long" in text for n in range(1, count + 1))
    # Kept as it is by the next build, which says it again.
    again, _ = built(count)
    assert (again.compiled, again.fitted) == (False, fitted.fitted)
    # Eight lines over: out of the default fit's reach, kept as written, and a warning.
    far, warnings = built(80 - (last - 8))
    assert page_count(far.pdf) == pages and far.fitted == ""
    assert len(warnings) == 1 and re.fullmatch(
        rf"en: page {pages} holds \d+% of a page, and the CV does not fit on {pages - 1} "
        r"pages? within the default fit's bounds \(spacing to 70%, type as designed\): "
        rf"`design: \{{fit_pages: {pages - 1}\}}` tightens it further, "
        r"`design: \{fit: off\}` keeps it as written",
        warnings[0],
    ), warnings
    # fit_pages asks for more: down to 60% of the spacing, then the type.
    asked, warnings = built(80 - (last - 8), {"fit_pages": pages - 1})
    assert page_count(asked.pdf) == pages - 1 and warnings == []
    assert asked.fitted.startswith(f"fitted to {pages - 1} page")


def page_count(pdf: Path) -> int:
    found = re.search(r"^Pages:\s+(\d+)$", pdf_info(pdf), re.MULTILINE)
    assert found is not None
    return int(found[1])

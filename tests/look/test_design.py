"""design: options, themes by name or path, `cvtex themes` and `cvtex theme new`, fitting to
N pages: through real compiles, pdfinfo and pdftotext."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import CvtexError, ExitCode, InputError, ToolchainError
from cvtex.look.fit import first_fitting, steps
from cvtex.look.scaffold import override_points, write_theme
from cvtex.look.theme import builtin_names, find_theme
from cvtex.profile.load import load_profile
from cvtex.view.localize import localize

from ..building import build, render_languages
from ..conftest import EXAMPLE, ROOT, markup_as_text, normalized, pdf_info, pdf_text
from ..glyphs import default_settings


def page_count(pdf: Path) -> int:
    return int(re.search(r"^Pages:\s+(\d+)$", pdf_info(pdf), re.MULTILINE)[1])


def example_with(tmp_path: Path, change) -> Path:
    """A copy of the example's folder, its profile's data changed by ``change``."""
    folder = tmp_path / "example"
    shutil.copytree(EXAMPLE.parent, folder, ignore=shutil.ignore_patterns("out"))
    profile = folder / EXAMPLE.name
    data = yaml.safe_load(profile.read_text(encoding="utf-8"))
    change(data)
    profile.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    return profile


def test_letter_paper_and_accent_colour_in_every_language(tmp_path):
    profile = example_with(
        tmp_path, lambda data: data.update(design={"paper": "letter", "accent": "#8B0000"})
    )
    results = build(profile, out_dir=tmp_path / "out")
    assert sorted(result.language for result in results) == ["en", "zh", "zh-HK", "zh-TW"]
    for result in results:
        assert re.search(r"Page size:\s+612 x 792 pts", pdf_info(result.pdf)), result.language
        tex = result.tex.read_text(encoding="utf-8")
        assert r"\definecolor{accent}{HTML}{8B0000}" in tex
        assert "1B4F72" not in tex


def test_a4_is_the_default(built_example):
    for result in built_example.results.values():
        assert re.search(r"Page size:\s+595\.\d+ x 841\.\d+ pts", pdf_info(result.pdf))


def test_margins_font_size_and_line_spacing_reach_the_source(tiny):
    data = yaml.safe_load(tiny.read_text(encoding="utf-8"))
    data["design"] = {
        "margins": {"left": "2.5cm", "right": "18mm"},
        "font_size": "11pt",
        "line_spacing": 1.15,
        "colors": {"muted": "#333333", "tint": "#F0F0F0"},
        "per_language": {"zh": {"font_size": 10.5, "margins": "1in"}},
    }
    tiny.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    en, zh = build(tiny)
    en_tex, zh_tex = en.tex.read_text("utf-8"), zh.tex.read_text("utf-8")
    # The sides not given keep classic's.
    assert "a4paper,top=1.3cm,bottom=1.5cm,left=2.5cm,right=18mm" in en_tex
    assert "a4paper,top=1in,bottom=1in,left=1in,right=1in" in zh_tex
    assert r"\@setfontsize{\normalsize}{11pt}{13.2pt}" in en_tex
    assert r"\@setfontsize{\normalsize}{10.5pt}{12.6pt}" in zh_tex
    assert r"\linespread{1.15}" in en_tex and r"\linespread{1.15}" in zh_tex
    assert r"\definecolor{muted}{HTML}{333333}" in en_tex
    assert "Hunan University" in pdf_text(en.pdf) and "湖南大学" in pdf_text(zh.pdf)


def test_a_variants_design_overrides_the_profiles(tiny):
    data = yaml.safe_load(tiny.read_text(encoding="utf-8"))
    data["design"] = {"accent": "#112233", "paper": "letter"}
    data["variants"] = {"print": {"design": {"accent": "#445566"}}}
    tiny.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    (en,) = render_languages(load_profile(tiny), ["en"], variant="print")
    assert r"\definecolor{accent}{HTML}{445566}" in en.tex
    assert "letterpaper" in en.tex  # what the variant does not set stays the profile's


def test_classic_sets_chinese_with_more_leading_unless_the_profile_says(tiny):
    en, zh = render_languages(load_profile(tiny), ["en", "zh"])
    assert r"\linespread{1}" in en.tex and r"\linespread{1.08}" in zh.tex


@pytest.mark.parametrize(
    ("design", "message"),
    [
        ({"papr": "letter"}, "unknown key 'papr' (did you mean 'paper'?)"),
        ({"paper": "a5"}, "'a5' is not one of 'a4' or 'letter'"),
        ({"accent": "red"}, "design.accent"),
        ({"margins": "2 furlongs"}, "design.margins"),
        ({"font_size": 40}, "design.font_size"),
        ({"fit_pages": 0}, "design.fit_pages"),
    ],
)
def test_wrong_design_options_are_located_errors(tiny, design, message):
    data = yaml.safe_load(tiny.read_text(encoding="utf-8"))
    data["design"] = design
    tiny.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(InputError) as error:
        load_profile(tiny)
    assert message in str(error.value)
    assert f"{tiny}:" in str(error.value)


def test_a_font_the_profile_names_must_be_installed(tiny):
    data = yaml.safe_load(tiny.read_text(encoding="utf-8"))
    data["design"] = {"fonts": {"serif": "No Such Serif Font"}}
    tiny.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ToolchainError) as error:
        render_languages(load_profile(tiny), ["en"])
    assert "design.fonts.serif: none of No Such Serif Font is installed" in str(error.value)
    assert f"{tiny}:" in str(error.value)


def test_the_profile_chooses_the_latin_fonts(tiny):
    data = yaml.safe_load(tiny.read_text(encoding="utf-8"))
    data["design"] = {"fonts": {"serif": ["No Such Font", "DejaVu Serif"], "sans": "DejaVu Sans"}}
    tiny.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    (en,) = build(tiny, "en")
    fonts = subprocess.run(["pdffonts", str(en.pdf)], capture_output=True, text=True).stdout
    assert "DejaVuSerif" in fonts and "Pagella" not in fonts


# -- themes by name or path ------------------------------------------------------------------


def own_theme(folder: Path, base: str | None = None, settings: str = "extends: classic\n") -> Path:
    folder.mkdir(parents=True)
    (folder / "theme.yaml").write_text(settings, encoding="utf-8")
    if base is not None:
        (folder / "base.tex.j2").write_text(base, encoding="utf-8")
    return folder


MARKED_HEADINGS = """((* extends "classic/base.tex.j2" *))
((* block section_heading *))
\\cvsection{>> ((( section.title )))}
((* endblock *))
"""


def test_a_theme_folder_with_one_replaced_template_changes_both_languages(tmp_path):
    theme = own_theme(tmp_path / "mytheme", MARKED_HEADINGS)
    results = build(EXAMPLE, "en,zh", tmp_path / "out", theme=str(theme))
    text = {result.language: pdf_text(result.pdf) for result in results}
    assert ">> Education" in text["en"] and ">> Publications" in text["en"]
    assert ">> 教育背景" in text["zh"]
    # Everything else is classic's: the content is all there.
    assert "Triton-distributed" in text["en"] and "中国科学技术大学" in text["zh"]


def test_the_profile_names_its_theme_relative_to_itself(tmp_path):
    profile = example_with(tmp_path, lambda data: data.update(theme="./look"))
    own_theme(profile.parent / "look", MARKED_HEADINGS)
    (en,) = build(profile, "en", tmp_path / "out")
    assert ">> Education" in pdf_text(en.pdf)


def test_theme_yaml_design_defaults_apply_and_the_profile_still_wins(tmp_path, tiny):
    settings = "extends: classic\ndesign: {paper: letter, accent: '#00AA00'}\n"
    theme = own_theme(tmp_path / "green", settings=settings)
    (en,) = render_languages(load_profile(tiny), ["en"], str(theme))
    assert "letterpaper" in en.tex and "{00AA00}" in en.tex
    data = yaml.safe_load(tiny.read_text(encoding="utf-8"))
    data["design"] = {"accent": "#0000AA"}
    tiny.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    (en,) = render_languages(load_profile(tiny), ["en"], str(theme))
    assert "letterpaper" in en.tex and "{0000AA}" in en.tex


def test_themes_extend_themes_of_their_own(tmp_path, tiny):
    own_theme(tmp_path / "middle", MARKED_HEADINGS)
    child = own_theme(
        tmp_path / "child",
        '((* extends "middle/base.tex.j2" *))\n'
        "((* block preamble_end *))% child\n((* endblock *))\n",
        "extends: ../middle\n",
    )
    (en,) = render_languages(load_profile(tiny), ["en"], str(child))
    assert "% child" in en.tex and r"\cvsection{>> Education}" in en.tex


def test_a_circle_of_themes_is_an_error(tmp_path):
    own_theme(tmp_path / "a", settings="extends: ../b\n")
    own_theme(tmp_path / "b", settings="extends: ../a\n")
    with pytest.raises(InputError, match="circle"):
        find_theme(str(tmp_path / "a"))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("clasic", "no theme named 'clasic' (did you mean 'classic'?)"),
        ("./nowhere", "does not exist"),
    ],
)
def test_an_unknown_theme_is_a_clear_error(tiny, spec, message):
    result = CliRunner().invoke(main, ["build", str(tiny), "--theme", spec])
    assert result.exit_code == ExitCode.USER_ERROR
    assert message in result.output and "Traceback" not in result.output


def test_a_folder_without_theme_yaml_is_no_theme(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match=r"has no theme\.yaml"):
        find_theme(str(tmp_path / "empty"))


def test_a_theme_named_in_the_profile_is_located(tmp_path):
    profile = example_with(tmp_path, lambda data: data.update(theme="modrn"))
    with pytest.raises(InputError) as error:
        render_languages(load_profile(profile), ["en"])
    assert re.search(r"profile\.yaml:\d+:\d+: theme: no theme named 'modrn'", str(error.value))


@pytest.mark.parametrize(
    ("base", "line", "problem"),
    [
        ('((* extends "classic/base.tex.j2" *))\n((* block header *))\n((* if *))\n', 3, ""),
        (
            '((* extends "classic/base.tex.j2" *))\n\n((* block header *))\n'
            "((( cv.nickname )))\n((* endblock *))\n",
            4,
            "nickname",
        ),
    ],
)
def test_an_error_in_a_theme_template_names_its_file_and_line(tmp_path, tiny, base, line, problem):
    theme = own_theme(tmp_path / "broken", base)
    with pytest.raises(InputError) as error:
        render_languages(load_profile(tiny), ["en"], str(theme))
    message = str(error.value)
    assert f"{theme / 'base.tex.j2'}:{line}:" in message
    assert problem in message and "docs/themes.md" in message


def test_a_user_theme_is_an_input_of_the_build(tmp_path, tiny):
    theme = own_theme(tmp_path / "mine", MARKED_HEADINGS)
    first = build(tiny, theme=str(theme))
    assert all(result.compiled for result in first)
    assert not any(result.compiled for result in build(tiny, theme=str(theme)))
    base = theme / "base.tex.j2"
    base.write_text(MARKED_HEADINGS.replace(">>", "::"), encoding="utf-8")
    again = build(tiny, theme=str(theme))
    assert all(result.compiled for result in again)
    assert ":: Education" in pdf_text(again[0].pdf)


def test_the_tex_of_a_user_theme_compiles_by_hand(tmp_path, tiny):
    theme = own_theme(tmp_path / "mine", MARKED_HEADINGS)
    (en,) = build(tiny, "en", theme=str(theme))
    folder = tmp_path / "by-hand"
    folder.mkdir()
    shutil.copy(en.tex, folder)
    subprocess.run(
        ["xelatex", "-interaction=nonstopmode", "-halt-on-error", en.tex.name],
        cwd=folder,
        check=True,
        capture_output=True,
    )
    assert ">> Education" in pdf_text(folder / en.pdf.name)


# -- cvtex themes, cvtex theme new --------------------------------------------------------------


def test_themes_lists_every_built_in_theme_with_a_description():
    result = CliRunner().invoke(main, ["themes"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines] == builtin_names()
    for line, name in zip(lines, builtin_names(), strict=True):
        description = line[len(name) :].strip()
        assert len(description) > 20, name
        assert description == find_theme(name).description


@pytest.mark.parametrize("parent", builtin_names())
def test_theme_new_writes_a_theme_that_renders_as_its_parent(tmp_path, tiny, parent):
    folder = tmp_path / "fresh"
    result = CliRunner().invoke(main, ["theme", "new", str(folder), "--from", parent])
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in folder.iterdir()) == ["base.tex.j2", "theme.yaml"]
    assert f"extends: {parent}" in (folder / "theme.yaml").read_text(encoding="utf-8")
    loaded = load_profile(tiny)
    theirs = render_languages(loaded, ["en", "zh"], parent)
    ours = render_languages(loaded, ["en", "zh"], str(folder))
    assert [item.tex for item in ours] == [item.tex for item in theirs]


def test_every_override_point_of_a_new_theme_works_once_uncommented(tmp_path, tiny):
    """Take every commented block out of its comment: the theme still renders as classic."""
    folder = tmp_path / "fresh"
    write_theme(folder, "classic")
    base = folder / "base.tex.j2"
    text = base.read_text(encoding="utf-8")
    points = override_points(find_theme("classic"))
    assert {point.name for point in points} >= {"section_heading", "header", "experience"}
    for point in points:
        if point.body is not None:
            opened = f"((= {point.name}: {point.doc}\n((* block {point.name} *))"
            assert opened in text, point.name
            text = text.replace(
                opened, f"((= {point.name}: {point.doc} =))\n((* block {point.name} *))"
            )
            text = text.replace("((* endblock *))\n=))\n", "((* endblock *))\n", 1)
    base.write_text(text, encoding="utf-8")
    loaded = load_profile(tiny)
    theirs = render_languages(loaded, ["en", "zh"], "classic")
    ours = render_languages(loaded, ["en", "zh"], str(folder))
    assert [item.tex for item in ours] == [item.tex for item in theirs]


def test_theme_new_never_overwrites_a_folder(tmp_path):
    folder = tmp_path / "taken"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    result = CliRunner().invoke(main, ["theme", "new", str(folder)])
    assert result.exit_code == ExitCode.USER_ERROR
    assert "already exists" in result.output
    assert [path.name for path in folder.iterdir()] == ["notes.txt"]


# -- fit_pages -------------------------------------------------------------------------------


def industry_bullets(profile: Path, language: str) -> list[str]:
    """Every bullet the industry variant shows, as the localized view has it."""
    from cvtex.language.catalog import load_catalog

    loaded = load_profile(profile)
    view = localize(loaded.showing("industry"), load_catalog(language))
    return [
        bullet.text
        for section in view.sections
        if section.kind == "experience"
        for row in section.entries
        for bullet in row.bullets
    ]


def test_fit_pages_puts_a_spilling_variant_on_one_page_with_every_bullet(tmp_path):
    def five_bullets(data, fit):
        data["variants"]["industry"]["max_bullets"] = 5
        # The example's industry variant fits itself; here that is what is tested.
        data["variants"]["industry"]["design"] = {"fit_pages": 1} if fit else {"fit": "off"}

    spilling = example_with(tmp_path / "spilling", lambda data: five_bullets(data, False))
    for result in build(spilling, "en,zh", tmp_path / "spilt", variant="industry"):
        assert page_count(result.pdf) == 2  # what fitting has to mend
    profile = example_with(tmp_path / "fitted", lambda data: five_bullets(data, True))
    results = build(profile, "en,zh", tmp_path / "out", variant="industry")
    for result in results:
        assert page_count(result.pdf) == 1, result.language
        assert re.fullmatch(r"fitted to 1 page at \d+(\.\d+)? pt(, spacing \d+%)?", result.fitted)
        text = normalized(pdf_text(result.pdf))
        bullets = industry_bullets(profile, result.language)
        assert len(bullets) > 20
        plain = [
            markup_as_text(re.sub(r"\[([^]]+)\]\([^)]+\)", r"\1", bullet)) for bullet in bullets
        ]
        missing = [bullet for bullet in plain if normalized(bullet) not in text]
        assert not missing, missing
    # The fitted result is cached like any other build, with what was done.
    again = build(profile, "en,zh", tmp_path / "out", variant="industry")
    assert [(r.compiled, r.fitted) for r in again] == [(False, r.fitted) for r in results]


def test_a_cv_that_cannot_fit_is_still_written_and_says_what_it_needed(tmp_path, tiny):
    data = yaml.safe_load(tiny.read_text(encoding="utf-8"))
    data["education"][0]["bullets"] = [f"Line {n} of a long CV" for n in range(130)]
    data["design"] = {"fit_pages": 1}
    tiny.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    (en,) = build(tiny, "en")
    assert page_count(en.pdf) == 3  # as designed: the tightest step still needs 2
    # By how much: the lines of text past the first page, as tight as it can be set.
    assert re.fullmatch(
        r"does not fit on 1 page even at 8\.5 pt, spacing 60% \(2 pages needed, "
        r"(\d+) lines over\); kept the design \(3 pages\)",
        en.fitted,
    ), en.fitted
    over = int(re.search(r"(\d+) lines over", en.fitted)[1])
    assert 20 < over < 130  # page 2 holds part of the 130 bullets, not all of them
    assert "Line 129 of a long CV" in pdf_text(en.pdf)


def test_a_cv_that_fits_is_left_as_designed(tiny):
    data = yaml.safe_load(tiny.read_text(encoding="utf-8"))
    data["design"] = {"fit_pages": 1}
    tiny.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    plain = render_languages(load_profile(tiny), ["en"])[0].tex
    (en,) = build(tiny, "en")
    assert en.fitted == "" and en.tex.read_text(encoding="utf-8") == plain


def test_fit_steps_tighten_spacing_then_type_within_bounds():
    design = default_settings("en").design
    ladder = steps(design)
    assert ladder[0].spacing == 1.0 and ladder[0].font_size == design.font_size
    assert [step.spacing for step in ladder[:4]] == [1.0, 0.85, 0.7, 0.6]
    sizes = [step.font_size for step in ladder[4:]]
    assert sizes == [9.75, 9.5, 9.25, 9.0, 8.75, 8.5]
    for looser, tighter in itertools.pairwise(ladder):
        assert tighter.spacing <= looser.spacing and tighter.font_size <= looser.font_size


@pytest.mark.parametrize("width", [1, 2, 3])
@pytest.mark.parametrize("fits_from", [1, 2, 5, 9, None])
def test_the_search_finds_the_first_step_that_fits(width, fits_from):
    count, calls = 10, []

    def pages_at(indexes):
        calls.append(indexes)
        assert len(indexes) <= width
        return {i: 1 if fits_from is not None and i >= fits_from else 2 for i in indexes}

    found, seen = first_fitting(count, pages_at, 1, width)
    assert found == fits_from
    if fits_from is None:
        assert len(calls) == 1  # the tightest step is tried first: give up at once
    else:
        assert seen[fits_from] == 1 and (fits_from == 1 or seen.get(fits_from - 1) == 2)


@pytest.mark.parametrize("fits_from", [1, 2, 5, 9, None])
def test_each_round_of_the_search_tries_as_many_steps_as_cores_are_free(fits_from):
    """The width is asked again before each round (compile/pdf.py: the cores other passes
    leave): the search finds the same step, never trying more at once than it was told."""
    free = iter([1, 3, 2, 1, 2, 1, 1, 1, 1, 1])
    rounds = []

    def width():
        rounds.append([next(free)])
        return rounds[-1][0]

    def pages_at(indexes):
        rounds[-1].append(len(indexes))
        return {i: 1 if fits_from is not None and i >= fits_from else 2 for i in indexes}

    found, _ = first_fitting(10, pages_at, 1, width)
    assert found == fits_from
    assert all(tried <= allowed for allowed, tried in rounds), rounds
    assert rounds[0] == [1, 1]  # a single free core: the tightest step alone comes first


@pytest.mark.parametrize(
    ("cores", "running", "width"),
    [(2, 0, 2), (2, 1, 2), (2, 2, 1), (2, 3, 1), (8, 0, 8), (8, 1, 8), (8, 3, 6), (8, 9, 1)],
)
def test_a_round_tries_a_step_per_core_left_free_and_one_more(monkeypatch, cores, running, width):
    """compile/pdf.py: beside one other language, a default fit's two steps still go at
    once on two cores; beside more, one at a time; alone, no more than the cores."""
    from cvtex.compile import pdf

    monkeypatch.setattr(pdf.os, "cpu_count", lambda: cores)
    monkeypatch.setattr(pdf, "_passes", running)
    assert pdf._free_cores() == width


def test_an_error_in_a_trial_leaves_nothing_behind(tmp_path, tiny, custom_theme):
    """A theme that fails only when tightened: the previous PDF stays, no folder is left."""
    theme = custom_theme(
        "fragile",
        lambda tex: tex.replace(
            r"\linespread{((( design.line_spacing_text )))}",
            r"((* if design.spacing < 1 *))\undefinedcommand((* endif *))\linespread{1}",
        ),
    )
    data = yaml.safe_load(tiny.read_text(encoding="utf-8"))
    data["education"][0]["bullets"] = [f"Line {n}" for n in range(90)]
    data["design"] = {"fit": "off"}  # not even the default fit: that tightens too
    tiny.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    out = tmp_path / "out"
    (first,) = build(tiny, "en", out, theme=theme)
    before = first.pdf.read_bytes()
    data["design"] = {"fit_pages": 1}
    tiny.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(CvtexError):
        build(tiny, "en", out, theme=theme)
    assert first.pdf.read_bytes() == before
    assert sorted(path.name for path in out.iterdir()) == [
        ".cvtex-cache.json",
        "cv.en.pdf",
        "cv.en.tex",
    ]


def test_the_theme_contract_names_every_block_and_every_field():
    """docs/themes.md is all a theme author reads: it must keep up with the code."""
    import dataclasses

    from cvtex.view import cv as view

    doc = (ROOT / "docs" / "themes.md").read_text(encoding="utf-8")
    for point in override_points(find_theme("classic")):
        assert f"`{point.name}`" in doc, f"block {point.name} is not documented"
    objects = [view.CvView, view.Contact, view.SectionView, view.Row, view.Bullet, view.Link]
    objects += [view.Publications, view.CitationGroup, view.Citation, view.Person, view.Item]
    objects += [view.SkillGroup, view.Referee, view.Entry]
    for cls in objects:
        for field in dataclasses.fields(cls):
            assert f"`{field.name}`" in doc, f"{cls.__name__}.{field.name} is not documented"


def test_a_variant_names_its_own_theme(tmp_path):
    def variant_theme(data):
        data["variants"]["industry"]["theme"] = "look"

    profile = example_with(tmp_path, variant_theme)
    own_theme(profile.parent / "look", MARKED_HEADINGS)
    loaded = load_profile(profile)
    (plain,) = render_languages(loaded, ["en"])
    (industry,) = render_languages(loaded, ["en"], variant="industry")
    assert r"\cvsection{>>" not in plain.tex and r"\cvsection{>> Experience}" in industry.tex


def test_web_pages_come_from_the_theme_chain_and_name_a_broken_template(tmp_path, tiny):
    theme = own_theme(tmp_path / "web")
    (theme / "page.md.j2").write_text("# {{ cv.name }}\n{{ cv.nope }}\n", encoding="utf-8")
    with pytest.raises(InputError) as error:
        build(tiny, "en", theme=str(theme), formats=("md",))
    assert f"{theme / 'page.md.j2'}:2:" in str(error.value)


OWN_MACROS = """((* extends "classic/base.tex.j2" *))
((* block header_macros *))
\\newcommand{\\myname}[1]{{\\huge #1}}
((* endblock *))
((* block citation_macros *))
\\newcommand{\\cvhref}[2]{\\href{#1}{#2}}
((* endblock *))
((* block header *))
\\myname{((( cv.name )))}\\par
((* endblock *))
"""


def test_a_theme_with_macros_of_its_own_names_builds(tmp_path, tiny):
    """Classic's font warm-up samples its macros only where a theme still defines them: a
    theme that replaces \\cvname, \\cvtitle and the others with its own still builds."""
    theme = own_theme(tmp_path / "own-macros", OWN_MACROS)
    results = build(tiny, "en,zh", tmp_path / "out", theme=str(theme))
    for result in results:
        tex = result.tex.read_text(encoding="utf-8")
        assert "\\newcommand{\\cvname}" not in tex and "\\newcommand{\\cvstatus}" not in tex
        assert "Ann Lee" in pdf_text(result.pdf) or "李安" in pdf_text(result.pdf)


@pytest.mark.parametrize("theme", builtin_names())
def test_digits_in_math_are_set_in_the_texts_font(tmp_path, theme):
    # "$3\times$" in a bullet: its 3 in the font the text is set in, not Computer Modern.
    profile = tmp_path / "cv.yaml"
    profile.write_text(
        "languages: [en]\nname: Ann Lee\nexperience:\n"
        "  - {title: Kernels, bullets: ['Sped up training by $3\\times$']}\n",
        encoding="utf-8",
    )
    (result,) = build(profile, out_dir=tmp_path / "out", theme=theme)
    assert "Sped up training by 3×" in pdf_text(result.pdf)
    fonts = subprocess.run(["pdffonts", result.pdf], capture_output=True, text=True).stdout
    assert not re.search(r"\+(CMR|LMRoman)", fonts), fonts

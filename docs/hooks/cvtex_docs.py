"""MkDocs hook: the pages generated from cvtex's own code when the site is built.

A page asks for a generated part with a marker on a line of its own. Parts marked in
``COMMITTED`` are also written into the page itself, between the marker and an end marker
(``<!-- end generated: NAME -->``), so that the page reads whole on GitHub too:
``python docs/hooks/cvtex_docs.py`` (``make docs-generated``) writes them, and
tests/docs/test_generated.py checks that the committed text is what cvtex generates. The
site always shows them generated afresh. The other parts (the key references, hundreds
of lines each, with examples of their own) are generated for the site alone, and their
pages say where else to find them.

    <!-- generated: profile-reference -->   every profile key, from the JSON Schema
    <!-- generated: catalog-reference -->   every locale catalog key, from the Catalog model
    <!-- generated: letter-reference -->    every letter key, from the Letter model
    <!-- generated: gallery -->             every picture in docs/gallery/, by theme
    <!-- generated: command-table -->       every command, a line each, linked to its section
    <!-- generated: apt-packages -->        the Debian packages the Makefile installs
    <!-- generated: languages -->           the shipped catalogs, and their date forms
    <!-- generated: tlmgr-packages -->      the TeX Live packages BasicTeX's tlmgr adds
    <!-- generated: font-chains -->         each language's fonts, on every system

The command-line reference is mkdocs-click's (``::: mkdocs-click`` in reference/cli.md),
with three corrections made when the site is built (see ``on_config``).
"""

from __future__ import annotations

import copy
import inspect
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

# docs/hooks/ is on the path while MkDocs loads this hook.
from doc_blocks import doc_pages, yaml_blocks
from schema_reference import reference

ROOT = Path(__file__).resolve().parents[2]
# A marker, and the committed part up to its end marker when the page holds one.
MARKER = re.compile(
    r"^<!-- generated: ([a-z-]+) -->$(?:\n(.*?)^<!-- end generated: \1 -->$)?",
    re.MULTILINE | re.DOTALL,
)
COMMITTED = {
    "apt-packages",
    "languages",
    "command-table",
    "gallery",
    "tlmgr-packages",
    "font-chains",
}

# Where a text's forms (a string, {en: ..., zh: ...}, {same: ...}) are explained.
TEXT_LINK = "../profile.md#texts"


def on_config(config: Any, **_: Any) -> Any:
    _correct_mkdocs_click()
    _list_every_import_page(config["nav"], Path(config["docs_dir"]))
    return config


def _list_every_import_page(nav: list[Any], docs: Path) -> None:
    """A page added to docs/import/ (a new source) is listed under Import, after those the
    nav names, with its own heading as its title."""
    for entry in nav:
        if not isinstance(entry, dict):
            continue
        for title, children in entry.items():
            if not isinstance(children, list):
                continue
            if title == "Import":
                listed = {c if isinstance(c, str) else next(iter(c.values())) for c in children}
                pages = sorted(f"import/{page.name}" for page in (docs / "import").glob("*.md"))
                children.extend(page for page in pages if page not in listed)
            else:
                _list_every_import_page(children, docs)


def _correct_mkdocs_click() -> None:
    """mkdocs-click 0.9 shows click 8.3's ``Sentinel.UNSET`` as the default of an option
    that has none (mkdocs/mkdocs-click#95), passes help text to Markdown as it is (so
    ``<stem>.<lang>.pdf`` vanishes as an HTML tag), and joins a ``\\b`` paragraph, which
    click prints line by line, into running text. The tests read the page for all three."""
    from mkdocs_click import _docs

    format_row = _docs._format_table_option_row

    def option_row(option: Any) -> str:
        shown = copy.copy(option)
        shown.default = option.to_info_dict()["default"]  # None, or False for a flag
        shown.help = _text(option.help or "")
        row = format_row(shown)
        return row.removesuffix("| None |") + "| |" if shown.default is None else row

    def description(ctx: Any, remove_ascii_art: bool = False) -> Iterator[str]:
        help_text = inspect.cleandoc(ctx.command.help or ctx.command.short_help or "")
        for paragraph in re.split(r"\n\s*\n", help_text):
            if paragraph.startswith("\b\n"):
                yield from ["```text", *paragraph.splitlines()[1:], "```", ""]
            elif paragraph.strip():
                yield from [_text(paragraph), ""]

    _docs._format_table_option_row = option_row
    _docs._make_description = description


def _text(help_text: str) -> str:
    """Help text as Markdown: < and > shown as written outside `code`."""
    parts = re.split(r"(`[^`]*`)", help_text)
    return "".join(
        part if part.startswith("`") else part.replace("<", "&lt;").replace(">", "&gt;")
        for part in parts
    )


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    return expanded(markdown, page.file.src_path)


def expanded(markdown: str, where: str, site: bool = True) -> str:
    """The page with each generated part made afresh: a committed part between its
    markers (as ``python docs/hooks/cvtex_docs.py`` writes it), any other in place of its
    marker for the ``site`` (and left as its marker in the page's file)."""

    def expand(match: re.Match[str]) -> str:
        part = match[1]
        if part not in GENERATORS:
            raise ValueError(f"{where}: no generated part {part!r}")
        if part not in COMMITTED:
            return GENERATORS[part]() if site else match[0]
        made = GENERATORS[part]()
        made = made if made.endswith("\n") else made + "\n"
        return f"<!-- generated: {part} -->\n{made}<!-- end generated: {part} -->"

    return MARKER.sub(expand, markdown)


def generated_pages() -> list[Path]:
    """The pages that may hold committed generated parts: the docs and the README."""
    return [ROOT / "README.md", *doc_pages(ROOT / "docs")]


def write_generated() -> list[Path]:
    """Write each page's committed parts as cvtex generates them now; the pages changed."""
    changed = []
    for page in generated_pages():
        text = page.read_text(encoding="utf-8")
        new = expanded(text, str(page.relative_to(ROOT)), site=False)
        if new != text:
            page.write_text(new, encoding="utf-8", newline="\n")
            changed.append(page)
    return changed


def examples(kind: str) -> list[Any]:
    """The documents a reference takes its examples from, in order: real files first (the
    example profile, the test suite's full profile, the shipped catalogs, the example
    letter), then the docs' own examples of that kind, which the tests validate."""
    from cvtex.profile.source import load_yaml

    found = [load_yaml(ROOT / name)[0] for name in EXAMPLE_FILES[kind]]
    for block in yaml_blocks(doc_pages(ROOT / "docs"), kind):
        found.append(load_yaml(block.file, text=block.body)[0])
    return found


# Every shipped catalog (English first): a language added later brings its own keys' examples.
EXAMPLE_FILES = {
    "profile": ("examples/academic/profile.yaml", "tests/data/full/profile.yaml"),
    "catalog": tuple(
        sorted(
            (str(path.relative_to(ROOT)) for path in (ROOT / "locales").glob("*.yaml")),
            key=lambda name: (name != "locales/en.yaml", name),
        )
    ),
    "letter": ("examples/academic/letter.yaml",),
}


def schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schema of each kind of file the references describe."""
    from cvtex.language.catalog import Catalog
    from cvtex.letter.model import Letter
    from cvtex.profile.schema import profile_schema

    return {
        "profile": profile_schema(),
        "catalog": Catalog.model_json_schema(),
        "letter": Letter.model_json_schema(),
    }


@cache
def key_reference(kind: str) -> str:
    return reference(schemas()[kind], examples(kind), TEXT_LINK)


def command_table() -> str:
    """Every command and subcommand with the first sentence of its help, linked to the
    section mkdocs-click writes for it (its anchor is the command's path)."""
    import click

    from cvtex.cli.main import main

    rows = ["| command | what it does |", "| --- | --- |"]

    def walk(command: click.Command, path: list[str]) -> None:
        if path:
            anchor = "-".join(path)
            summary = _text(command.get_short_help_str(limit=300))
            rows.append(f"| [`{' '.join(path)}`](#{anchor}) | {summary} |")
        if isinstance(command, click.Group):
            for name in sorted(command.commands):
                walk(command.commands[name], [*(path or ["cvtex"]), name])

    walk(main, [])
    return "\n".join(rows) + "\n"


def shipped_languages() -> str:
    """The languages cvtex ships, and each one's date forms, written by its own catalog."""
    from cvtex.language.catalog import available_languages, load_catalog
    from cvtex.profile.base import Expected, YearMonth

    codes = sorted(available_languages(), key=lambda code: (code != "en", code))
    catalogs = [load_catalog(code) for code in codes]
    lines = ["| code | language | written in | set by the template | converted from (OpenCC) |"]
    lines.append("| --- | --- | --- | --- | --- |")
    for catalog in catalogs:
        converted = ", ".join(
            f"`{source}` ({' + '.join(configs)})" for source, configs in catalog.conversions.items()
        )
        scripts = ", ".join(catalog.scripts)
        lines.append(
            f"| `{catalog.code}` | {catalog.language} | {scripts} | `{catalog.template}` "
            f"| {converted} |"
        )
    forms = [
        ("a day (`updated:`)", lambda c: c.format_date(YearMonth(2024, 3, 3), whole=True)),
        ("a month", lambda c: c.format_date(YearMonth(2024, 6))),
        ("a year", lambda c: c.format_date(YearMonth(2023))),
        ("years", lambda c: c.format_years([2022, 2023])),
        ("open range", lambda c: c.format_span(YearMonth(2024, 6), "present")),
        (
            "expected end",
            lambda c: c.format_span(YearMonth(2020, 9), Expected(expected=YearMonth(2026, 6))),
        ),
    ]
    lines += ["", "| form | " + " | ".join(codes) + " |", "| --- |" + " --- |" * len(codes)]
    for name, form in forms:
        lines.append(f"| {name} | " + " | ".join(form(c) for c in catalogs) + " |")
    return "\n".join(lines) + "\n"


def apt_packages() -> str:
    """The Debian packages `make system-deps` installs: the Makefile's APT_PACKAGES."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8").replace("\\\n", " ")
    found = re.search(r"^APT_PACKAGES\s*:?=\s*(.+)$", makefile, re.MULTILINE)
    if not found:
        raise ValueError("the Makefile sets no APT_PACKAGES")
    return " ".join(f"`{package}`" for package in found[1].split()) + "\n"


def tlmgr_packages() -> str:
    """What BasicTeX's tlmgr must add for cvtex (cvtex/system.py's list, which a test
    checks against the files real compiles read)."""
    from cvtex import system

    return f"```sh\nsudo tlmgr update --self\nsudo tlmgr install {system.TLMGR_PACKAGES}\n```\n"


def font_chains() -> str:
    """Each CJK language's serif and sans chains, as its catalog lists them: the first
    installed one sets the PDF."""
    from cvtex.language.catalog import available_languages, load_catalog

    lines = ["| language | serif (明朝, 宋体, 바탕) | sans (ゴシック, 黑体, 고딕) | bold |"]
    lines.append("| --- | --- | --- | --- |")
    for code in available_languages():
        catalog = load_catalog(code)
        fonts = catalog.fonts
        if not fonts.serif:
            continue

        def chain(choices: list[Any]) -> str:
            return ", ".join(c.family or f"{c.file} (TeX Live)" for c in choices)

        bold = "the sans font's bold" if fonts.bold == "sans" else "its own bold"
        lines.append(
            f"| {catalog.language} (`{code}`) | {chain(fonts.serif)} | {chain(fonts.sans)} "
            f"| {bold} |"
        )
    return "\n".join(lines) + "\n"


def gallery() -> str:
    """The pictures `make gallery` drew, by theme: each language's CV, then its letters and
    Word copies. A theme or language added later shows up by itself."""
    from cvtex.language.catalog import available_languages, load_catalog
    from cvtex.look.theme import builtin_themes

    pictures = {path.name for path in (ROOT / "docs" / "gallery").glob("*.png")}
    languages = ["en", "zh", "zh-TW", "zh-HK"]
    languages += [code for code in available_languages() if code not in languages]
    lines = []
    for theme in builtin_themes():
        rows = [
            (f"{load_catalog(code).language}{label}", f"{theme.name}.{kind}{code}{suffix}.png")
            for label, kind, suffix in (
                ("", "", ""),
                (": letter", "letter.", ""),
                (": Word", "", ".docx"),
            )
            for code in languages
        ]
        shown = [(label, name) for label, name in rows if name in pictures]
        if not shown:
            continue
        lines += [f"## {theme.name}", "", theme.description + ".", "", '<div class="cv-gallery">']
        lines += [
            f'<figure><img src="gallery/{name}" alt="{theme.name}, {label}" loading="lazy">'
            f"<figcaption>{label}</figcaption></figure>"
            for label, name in shown
        ]
        lines += ["</div>", ""]
    return "\n".join(lines)


GENERATORS = {
    "profile-reference": lambda: key_reference("profile"),
    "catalog-reference": lambda: key_reference("catalog"),
    "letter-reference": lambda: key_reference("letter"),
    "gallery": gallery,
    "command-table": command_table,
    "apt-packages": apt_packages,
    "languages": shipped_languages,
    "tlmgr-packages": tlmgr_packages,
    "font-chains": font_chains,
}


if __name__ == "__main__":
    for written in write_generated():
        print(f"wrote {written.relative_to(ROOT)}")

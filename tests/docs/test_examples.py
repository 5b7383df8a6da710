"""Docs that cannot drift: every YAML example in README.md and docs/ is read as cvtex reads
that kind of file (docs/hooks/doc_blocks.py says how a block names its kind), and every
`cvtex ...` command they show is one the command line takes.
"""

from __future__ import annotations

import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
import pytest
import yaml
from pydantic import BaseModel, ValidationError

from cvtex.cli.main import main
from cvtex.errors import InputError
from cvtex.language.catalog import Catalog, catalog_file
from cvtex.letter.model import Letter
from cvtex.profile.drafts import take_drafts
from cvtex.profile.load import describe_problems, load_profile
from cvtex.profile.model import Profile
from cvtex.profile.source import load_yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "hooks"))

from doc_blocks import KINDS, Block, blocks, doc_pages, yaml_blocks  # noqa: E402


def doc_files() -> list[Path]:
    return [ROOT / "README.md", *doc_pages(ROOT / "docs")]


def where(block: Block) -> str:
    return f"{block.file.relative_to(ROOT)}:{block.line}"


def test_the_docs_have_yaml_examples_of_each_kind() -> None:
    """The checks below have something to check: a quiet parser would pass everything."""
    found = yaml_blocks(doc_files())
    assert len(found) >= 20, [where(block) for block in found]
    assert {block.kind for block in found} >= {"profile", "letter", "catalog"}
    assert all(block.kind in KINDS for block in found), [
        (where(block), block.kind) for block in found if block.kind not in KINDS
    ]


@pytest.mark.parametrize("block", yaml_blocks(doc_files()), ids=where)
def test_yaml_example_is_valid(
    block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Read as a file of the Markdown's name, its lines keeping their numbers there, so that
    # a message names the page and line: docs/profile.md:16:5.
    monkeypatch.chdir(tmp_path)
    named = block.file.relative_to(ROOT)
    named.parent.mkdir(parents=True, exist_ok=True)
    text = "\n" * block.line + block.body + "\n"
    try:
        data, source = load_yaml(named, text=text, prose=True)
    except InputError as exc:
        pytest.fail(f"{where(block)}: not YAML cvtex reads: {exc.message}")
    if block.kind == "other":
        return
    assert isinstance(data, dict), f"{where(block)}: a {block.kind} example is a mapping"
    if block.kind == "profile" and "name" in data:
        _whole_profile(block, named, text)
    elif block.kind == "profile":
        take_drafts(data)  # as the loader does: a draft is read as its text
        _validate(block, {"name": "Doc Example", **data}, data, source, Profile, "the profile")
    elif block.kind == "letter":
        _validate(block, {"profile": "cv.yaml", "body": ["Text."], **data}, data, source, Letter)
    elif block.kind == "catalog":
        english, _ = load_yaml(catalog_file("en"))
        _validate(block, {"code": "xx", **english, **data}, data, source, Catalog)
    elif block.kind == "translation":
        texts = data.get("texts")
        assert isinstance(texts, list), f"{where(block)}: a translation file lists its texts:"
        for row in texts:
            assert isinstance(row.get("at"), list), f"{where(block)}: each text lists its at:"
            languages = set(row) - {"at", "suggested"}
            assert len(languages) == 2, f"{where(block)}: a text and its translation"


def _whole_profile(block: Block, named: Path, text: str) -> None:
    """A whole profile is loaded as a build loads it: includes, layout ids, references."""
    named.write_text(text, encoding="utf-8")
    data = yaml.safe_load(text)
    for name in data.get("include") or []:
        (named.parent / name).write_text("{}\n", encoding="utf-8")  # the files it names, empty
    if isinstance(data.get("bibliography"), dict):
        (named.parent / data["bibliography"]["file"]).write_text("", encoding="utf-8")
    try:
        load_profile(named)
    except InputError as exc:
        pytest.fail(f"{where(block)}: the example profile does not load:\n{exc.message}")


def _validate(
    block: Block,
    whole: dict[str, Any],
    data: Any,
    source: Any,
    model: type[BaseModel],
    what: str = "the example",
) -> None:
    """A fragment, filled out to a whole document with neutral values, read by its model."""
    try:
        model.model_validate(whole)
    except ValidationError as exc:
        shown = describe_problems(exc, whole, source, model, what)
        pytest.fail(f"{where(block)}: a {block.kind} example that cvtex refuses:\n{shown}")


# --- commands ---------------------------------------------------------------------------

SHELL_INFO = {"", "sh", "bash", "console", "shell", "text"}
INLINE = re.compile(r"(?<!`)`(cvtex [^`]+)`(?!`)")
SHELL_END = re.compile(r"\s(?:\||>|>>|&&|;|2>)\s.*$")


@dataclass(frozen=True)
class Shown:
    where: str
    command: str


def commands() -> list[Shown]:
    found = []
    for file in doc_files():
        for block in blocks(file):
            if block.info not in SHELL_INFO:
                continue
            for offset, line in enumerate(block.body.replace("\\\n", " ").splitlines()):
                line = line.strip().removeprefix("$ ")
                if line.startswith("cvtex "):
                    found.append(Shown(f"{where(block)}+{offset + 1}", line))
        text = file.read_text(encoding="utf-8")
        for match in INLINE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(Shown(f"{file.relative_to(ROOT)}:{line}", match[1]))
    return found


def test_the_docs_show_commands() -> None:
    shown = {shown.command.split()[1] for shown in commands()}
    assert len(commands()) >= 50
    assert {"build", "new", "import", "check", "preview", "validate", "translate"} <= shown


@pytest.mark.parametrize("shown", commands(), ids=lambda shown: shown.where)
def test_command_exists(shown: Shown) -> None:
    """The command and subcommand exist, and each option is one they take, with its value."""
    line = SHELL_END.sub("", shown.command)
    # Usage forms: [-o profile.yaml] marks an option as optional, SOURCE... a repeatable one.
    tokens = [token.strip("[]") for token in shlex.split(line, comments=True)]
    tokens = [token for token in tokens if token and token != "..."]
    command: click.Command = main
    context = click.Context(main, info_name="cvtex")
    args = tokens[1:]
    while isinstance(command, click.Group):
        try:
            _, args, _ = command.make_parser(context).parse_args(args)
        except click.UsageError as exc:
            pytest.fail(f"{shown.where}: `{shown.command}`: {exc.format_message()}")
        if not args:
            return  # `cvtex --version`, `cvtex translate`
        found = command.get_command(context, args[0])
        assert found is not None, f"{shown.where}: `{shown.command}`: no command {args[0]!r}"
        context = click.Context(found, info_name=args[0], parent=context)
        command, args = found, args[1:]
    try:
        _, left, _ = command.make_parser(context).parse_args(args)
    except click.UsageError as exc:
        pytest.fail(f"{shown.where}: `{shown.command}`: {exc.format_message()}")
    assert not left, f"{shown.where}: `{shown.command}`: too many arguments: {left}"

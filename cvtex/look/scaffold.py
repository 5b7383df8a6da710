"""``cvtex theme new DIR --from NAME``: a theme folder of your own that extends NAME.

It holds a ``theme.yaml`` that says ``extends: NAME`` (with the parent's design defaults
as comments, to change) and a ``base.tex.j2`` that extends the parent's and lists every
override point the parent's templates define, each commented out, with the parent's own
version of it to start from. Uncomment a block and the theme changes that piece only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from .design import SIDES, merge_design
from .theme import THEME_FILE, Theme, find_theme

BASE = "base.tex.j2"
_DOC = re.compile(r"^\(\(= block (\w+): (.*?) =\)\)$", re.MULTILINE)
_TAG = re.compile(r"\(\(\*-?\s*(block\s+(\w+)[^*]*|endblock)\s*-?\*\)\)")


@dataclass(frozen=True)
class OverridePoint:
    name: str
    doc: str
    body: str | None  # the parent's version; None for a block holding others
    file: Path  # the template it comes from


def override_points(theme: Theme) -> list[OverridePoint]:
    """Every documented block of the theme's base templates, the furthest ancestor's first;
    a block a child redefines shows the child's version."""
    points: dict[str, OverridePoint] = {}
    for ancestor in reversed(theme.chain):
        file = ancestor.folder / BASE
        if not file.is_file():
            continue
        source = file.read_text(encoding="utf-8")
        docs = dict(_DOC.findall(source))
        for name, body in _block_bodies(source).items():
            doc = docs.get(name) or (points[name].doc if name in points else "")
            if doc:
                points[name] = OverridePoint(name, doc, body, file)
    return list(points.values())


def _block_bodies(source: str) -> dict[str, str | None]:
    """Each block's text in the order the blocks open; None for a block holding others."""
    bodies: dict[str, str | None] = {}
    stack: list[tuple[str, int, bool]] = []  # name, where its body starts, holds a block
    for tag in _TAG.finditer(source):
        if tag[2]:
            if stack:
                name, start, _ = stack[-1]
                stack[-1] = (name, start, True)
            stack.append((tag[2], tag.end(), False))
            bodies[tag[2]] = None
        elif stack:
            name, start, nested = stack.pop()
            bodies[name] = None if nested else source[start : tag.start()].strip("\n")
    return bodies


def write_theme(folder: Path, parent_name: str) -> list[Path]:
    """Write the theme folder; never over an existing file or folder."""
    parent = find_theme(parent_name, where="--from")
    if folder.exists():
        raise InputError(
            f"{folder} already exists: cvtex theme new writes a new folder only",
            "choose another folder name, or edit the theme that is there",
        )
    spec = parent.name if parent.builtin else str(parent.folder)
    folder.mkdir(parents=True)
    written = [folder / THEME_FILE, folder / BASE]
    (folder / THEME_FILE).write_text(_theme_yaml(parent, spec), encoding="utf-8", newline="\n")
    (folder / BASE).write_text(_base_template(parent), encoding="utf-8", newline="\n")
    return written


def _theme_yaml(parent: Theme, spec: str) -> str:
    design = merge_design(parent.design_layers((), None))
    margins = ", ".join(f"{side}: {design.margins[side]}" for side in SIDES)
    colors = "\n".join(f'#     {name}: "#{value}"' for name, value in design.colors.items())
    fonts = "\n".join(
        f"#     {role}: [{', '.join(choice.family or choice.file or '' for choice in choices)}]"
        for role, choices in (("serif", design.serif), ("sans", design.sans))
    )
    return f"""# A theme of your own. It extends {parent.name}: every template this folder does not
# hold comes from there, and base.tex.j2 here overrides only the blocks you uncomment.
# Build with it:  cvtex build cv.yaml --theme {{this folder}}   (or theme: in the profile)
description: My own theme, built on {parent.name}
extends: {spec}
# The design defaults of {parent.name}, to change here (a profile's design: still wins):
# design:
#   paper: {design.paper}
#   margins: {{{margins}}}
#   font_size: {design.font_size:g}
#   line_spacing: {design.line_spacing:g}
#   colors:
{colors}
#   fonts:
{fonts}{_per_language(parent)}
"""


def _per_language(parent: Theme) -> str:
    merged: dict[str, dict[str, object]] = {}
    for ancestor in reversed(parent.chain):
        for language, options in ancestor.settings.design.per_language.items():
            merged.setdefault(language, {}).update(options.model_dump(exclude_none=True))
    if not merged:
        return ""
    lines = [f"#     {language}: {values}" for language, values in merged.items()]
    return "\n#   per_language:\n" + "\n".join(lines).replace("'", "")


def _base_template(parent: Theme) -> str:
    lines = [
        f"((= This theme's LaTeX layout: {parent.name}'s, with the blocks below overridden.",
        "    Each block is one override point of the parent's templates, commented out with",
        "    the parent's own version in it. To change a piece, take its block out of the",
        "    comment around it and edit it; ((( super() ))) inserts the parent's version.",
        "    Every ((( value ))) is escaped as text; docs/themes.md lists what a template",
        "    receives (cv, catalog, design, fonts, icons) and every block. =))",
        f'((* extends "{parent.name}/{BASE}" *))',
    ]
    for point in override_points(parent):
        lines.append("")
        lines.append(f"((= {point.name}: {point.doc}")
        if point.body is not None:
            body = f"{point.body}\n" if point.body else ""
            lines.append(f"((* block {point.name} *))\n{body}((* endblock *))")
        else:
            lines.append(
                "    It holds the blocks that follow it: override those, or copy this block\n"
                f"    from {point.file} to rearrange them."
            )
        lines.append("=))")
    return "\n".join(lines) + "\n"

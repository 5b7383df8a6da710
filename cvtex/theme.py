"""A theme: a folder of paired templates and the settings they share across languages."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated

from pydantic import Field, StringConstraints, ValidationError

from .errors import InputError
from .model import Fonts, Model
from .resources import TEMPLATES_DIR
from .source import format_path, load_yaml

CodePoint = Annotated[str, StringConstraints(pattern=r"^[0-9A-F]{4,5}$")]


class Theme(Model):
    name: str
    folder: Path
    fonts: Fonts = Field(default_factory=Fonts)
    icon_font: str | None = Field(None, pattern=r"^[A-Za-z0-9 _.-]+$")
    icons: dict[str, CodePoint] = Field(default_factory=dict)


def available_themes() -> list[str]:
    return sorted(p.name for p in TEMPLATES_DIR.iterdir() if (p / "theme.yaml").is_file())


@cache
def load_theme(name: str) -> Theme:
    folder = TEMPLATES_DIR / name
    file = folder / "theme.yaml"
    if not file.is_file():
        raise InputError(
            f"no theme named {name!r}", f"available themes: {', '.join(available_themes())}"
        )
    data, source = load_yaml(file)
    try:
        return Theme.model_validate({"name": name, "folder": folder, **(data or {})})
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        path = tuple(error["loc"])
        raise InputError(f"{source.locate(path)}: {format_path(path)}: {error['msg']}") from None

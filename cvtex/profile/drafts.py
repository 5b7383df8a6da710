"""Texts written for a language by a machine or a memory, not yet checked by the profile's
author: ``title: {en: Fast Kernels, zh: {draft: 高效算子, from: deepl}}``.

A draft stands where the language's text would, as a mapping of ``draft:`` (the text) and
optionally ``from:`` (who wrote it: ``memory``, ``catalog``, ``deepl``, ``openai
qwen2.5:7b``). A build shows it as the language's text, ``cvtex validate`` lists it, and
``--strict`` refuses it until ``cvtex translate accept`` (or a merge of the checked text)
writes the text in its place. The loader takes drafts out before the models see the
profile, so the models, and every output, know only text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .source import Path_

DRAFT_KEY = "draft"
ORIGIN_KEY = "from"
_LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")


@dataclass(frozen=True)
class Draft:
    """A draft text: the mapping by language it stands in, its language, text and origin."""

    path: Path_  # of the mapping by language, in the profile with its includes joined
    language: str
    text: str
    origin: str | None = None


def is_draft(value: Any) -> bool:
    """Whether ``value`` is the draft form ``{draft: TEXT}`` or ``{draft: TEXT, from: WHO}``."""
    return (
        isinstance(value, dict)
        and DRAFT_KEY in value
        and set(value) <= {DRAFT_KEY, ORIGIN_KEY}
        and isinstance(value[DRAFT_KEY], str)
        and isinstance(value.get(ORIGIN_KEY, ""), str)
    )


def is_text_mapping(value: Any) -> bool:
    """A mapping by language ({en: ..., zh: ...}): every key a language code."""
    return (
        isinstance(value, dict)
        and bool(value)
        and all(isinstance(key, str) and _LANGUAGE_CODE.match(key) for key in value)
    )


def take_drafts(data: Any, path: Path_ = ()) -> list[Draft]:
    """Replace every draft in ``data`` (in place) by its text; the drafts, in file order."""
    found: list[Draft] = []
    if is_text_mapping(data):
        for language, value in data.items():
            if is_draft(value):
                data[language] = value[DRAFT_KEY]
                found.append(Draft(path, language, value[DRAFT_KEY], value.get(ORIGIN_KEY)))
        return found
    if isinstance(data, dict):
        for key, value in data.items():
            found += take_drafts(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += take_drafts(value, (*path, index))
    return found

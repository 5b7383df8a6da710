"""A profile (or any part of it) as the data a profile file writes, each text field
rewritten on the way: the text one language shows (the profile a PDF carries), or a text
marked as an import's.

A text field is found by its annotation (:data:`~.base.Text`: a string, a mapping by
language or ``{same: ...}``), at the path the profile file writes it at: an entry's field
at ``(experience, 0, title)``; a bullet, an author, a skill or a label written as a bare
text at the item's own path (``(experience, 0, bullets, 1)``), as the view reads them.
"""

from __future__ import annotations

from collections.abc import Callable
from types import UnionType
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from .base import Same, YearMonth, written
from .source import Path_

# A text's new value at its path; None leaves the field (or the item it is all of) out.
TextOf = Callable[[Path_, Any], Any]
# Whether an item of a list is kept (a link a CV shows).
KeepOf = Callable[[Path_, BaseModel], bool]


def _kept(path: Path_, item: BaseModel) -> bool:
    return True


def rewritten(
    model: BaseModel,
    text: TextOf,
    keep: KeepOf = _kept,
    path: Path_ = (),
    leave: frozenset[str] = frozenset(),
) -> dict[str, Any] | str | None:
    """``model``'s fields as written (those set, but those named in ``leave``, at every
    depth), each text field as ``text`` gives it. A field that may be left out is, where
    its text is empty or its list's items are all left out; an item whose own text
    ``text`` leaves out is left out (None); an item of nothing but its text is its bare
    text where its list takes one (a bullet)."""
    fields = type(model).model_fields
    texts = [name for name, field in fields.items() if _is_text(field.annotation)]
    data: dict[str, Any] = {}
    for name, field in fields.items():
        if name not in model.model_fields_set or name in leave:
            continue
        value = getattr(model, name)
        at = (*path, name)
        if name in texts and _is_text_value(value):
            new = text(at, value)
            if new is None and name == texts[0]:
                new = text(path, value)  # a bare text: the item's own path
            if new is None or (new == "" and not field.is_required()):
                if field.is_required():
                    return None
                continue
            data[field.alias or name] = new
        else:
            new = _value(value, field.annotation, text, keep, at, leave)
            if new == [] and value and not field.is_required():
                continue  # every item left out: the list is not written
            data[field.alias or name] = new
    return data


def bare(data: dict[str, Any] | str | None, model: type[BaseModel]) -> Any:
    """An item of nothing but its first text field as that text ({text: Rust} -> Rust)."""
    if not isinstance(data, dict) or len(data) != 1:
        return data
    first = next(name for name, f in model.model_fields.items() if _is_text(f.annotation))
    return data.get(first, data)


def _value(
    value: Any, annotation: Any, text: TextOf, keep: KeepOf, path: Path_, leave: frozenset[str]
) -> Any:
    if isinstance(value, BaseModel) and not isinstance(value, Same):
        return rewritten(value, text, keep, path, leave)
    if isinstance(value, YearMonth):
        return written(value)
    if isinstance(value, list):
        element = _element(annotation)
        items = []
        for index, item in enumerate(value):
            at = (*path, index)
            if isinstance(item, BaseModel) and not isinstance(item, Same):
                if not keep(at, item):
                    continue
                new = rewritten(item, text, keep, at, leave)
                if new is not None:
                    items.append(bare(new, type(item)) if _takes_bare(element) else new)
            elif _is_text(element) and _is_text_value(item):
                if (new := text(at, item)) is not None:
                    items.append(new)
            else:
                items.append(_value(item, element, text, keep, at, leave))
        return items
    if isinstance(value, dict):
        element = _element(annotation, 1)
        return {
            key: _value(item, element, text, keep, (*path, key), leave)
            for key, item in value.items()
        }
    if isinstance(value, Same):
        return {"same": value.same}
    return value


def _is_text_value(value: Any) -> bool:
    return isinstance(value, str | dict | Same)


def _arguments(annotation: Any) -> tuple[Any, ...]:
    """The types a union (or an optional, or an annotated type) is made of."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _arguments(get_args(annotation)[0])
    if origin in (Union, UnionType):
        return tuple(arg for part in get_args(annotation) for arg in _arguments(part))
    return (annotation,)


def _is_text(annotation: Any) -> bool:
    """Whether a field holds a text: its annotation is Text's union (str, a mapping by
    language, Same), alone or with None."""
    return Same in _arguments(annotation) and str in _arguments(annotation)


def _takes_bare(annotation: Any) -> bool:
    """Whether a list's item may be written as its bare text (a bullet, an author)."""
    arguments = _arguments(annotation)
    return str in arguments and any(
        isinstance(arg, type) and issubclass(arg, BaseModel) and arg is not Same
        for arg in arguments
    )


def _element(annotation: Any, index: int = 0) -> Any:
    """The annotation of a list's items (or, ``index`` 1, of a mapping's values)."""
    for arg in _arguments(annotation):
        if get_origin(arg) in (list, dict):
            arguments = get_args(arg)
            return arguments[min(index, len(arguments) - 1)]
    return Any

"""An XML file as the data its JSON twin holds, so that one reader reads both.

ORCID writes one model as XML and as JSON: ``<common:title>X</common:title>`` is
``"title": {"value": "X"}`` there. Here an element is its local name (``record:record``
and ``common:title`` are ``record`` and ``title``); an element of text alone is that text;
one with attributes is a mapping of them, with its text as ``value`` (as the JSON writes
``{"value": "100", "currency-code": "EUR"}``); an element written more than once among its
siblings is a list. Each mapping keeps the line its element starts on, under :data:`LINE`.

Entity declarations are refused (they can make a small file expand without end), and
nothing outside the file is ever read.
"""

from __future__ import annotations

from typing import Any
from xml.parsers import expat

from ..errors import InputError

LINE = "@line"  # the key under which a mapping keeps its element's line


class _Refused(Exception):
    pass


def read_xml(text: str, where: str) -> tuple[str, Any]:
    """The root element's local name and its content, as above; an error naming the line
    and column when the text is not XML."""
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[tuple[str, dict[str, Any], list[str]]] = [("", {}, [])]

    def start(name: str, attributes: dict[str, str]) -> None:
        content: dict[str, Any] = {
            key: value for key, value in attributes.items() if " " not in key
        }  # xsi:schemaLocation and its kin are the schema's, not the record's
        content[LINE] = parser.CurrentLineNumber
        stack.append((name.rsplit(" ", 1)[-1], content, []))

    def end(_name: str) -> None:
        key, content, text = stack.pop()
        joined = "".join(text).strip()
        children = len(content) > 1
        if not children:
            value: Any = joined or None
        else:
            value = content
            if joined and not any(isinstance(v, (dict, list)) for v in content.values()):
                content["value"] = joined
        parent = stack[-1][1]
        if key in parent and key != LINE:
            earlier = parent[key]
            parent[key] = [*earlier, value] if isinstance(earlier, list) else [earlier, value]
        else:
            parent[key] = value

    def characters(data: str) -> None:
        stack[-1][2].append(data)

    def refuse(*_: Any) -> None:
        raise _Refused

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    try:
        parser.Parse(text, True)
    except expat.ExpatError as exc:
        raise InputError(
            f"{where}:{exc.lineno}:{exc.offset + 1}: not XML: {expat.ErrorString(exc.code)}",
            "check the tags near there; an export saved whole is well-formed XML",
        ) from None
    except _Refused:
        raise InputError(
            f"{where}:{parser.CurrentLineNumber}: declares entities, which cvtex does not read",
            "export the record again from ORCID: its files declare none",
        ) from None
    root = {key: value for key, value in stack[0][1].items() if key != LINE}
    if len(root) != 1:
        raise InputError(f"{where}: not XML: no root element")
    return next(iter(root.items()))

"""What every part of a profile is made of: the strict base model, language codes, texts
by language, dates as precise as they were written, and scoping to languages and tags.

Every model forbids unknown keys, so a misspelt key is an error rather than silently
missing content.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    WithJsonSchema,
)

LANG_PATTERN = r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"
Lang = Annotated[str, StringConstraints(pattern=LANG_PATTERN)]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Same(Model):
    """A text that is the same in every language on purpose (a name, a paper title)."""

    same: str = Field(
        description="Shown as written in every language; `cvtex validate` does not report "
        "it as looking untranslated."
    )


Text = str | dict[Lang, str | None] | Same
"""A string shown in every language, a mapping by language, or {same: ...}.

In a mapping, a missing language falls back to another one; a language set to null
shows nothing there (a location written in the English CV only, for example). A plain
string that looks English in a Chinese CV is reported by `cvtex validate`; {same: ...}
says it is meant to be the same.
"""


@dataclass(frozen=True)
class YearMonth:
    """A date as precise as it was written: a year, a month, or a day."""

    year: int
    month: int | None = None
    day: int | None = None

    def at_most(self, other: YearMonth) -> YearMonth:
        """This date cut to ``other``'s precision: 2024-09-01 and 2024-09 are one month."""
        return YearMonth(
            self.year,
            self.month if other.month is not None else None,
            self.day if other.month is not None and other.day is not None else None,
        )


_DATE_RE = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$")
# Other ways of writing a date, refused with the form to write instead: 2024/09, 2024.9.
_DATE_ELSE = re.compile(r"^(\d{4})(?:[-./](\d{1,2})(?:[-./](\d{1,2}))?)?$")
DATE_FORMS = "a year (2024), a month (2024-09) or a day (2024-09-01)"


def _parse_date(value: Any) -> Any:
    """A year (2024), a month (2024-09) or a day (2024-09-01), as written or as YAML reads a
    day (a date object); any other form is refused, so that no date is taken as something
    else than was meant."""
    if isinstance(value, YearMonth):
        return value
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, dt.date):
        return YearMonth(value.year, value.month, value.day)
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, float):  # 2024.09 unquoted: YAML's number, its zero lost
        raise ValueError(f"YAML read this as the number {value!r}, not a date: write {DATE_FORMS}")
    if isinstance(value, str) and (match := _DATE_RE.match(value.strip())):
        year = int(match[1])
        month = int(match[2]) if match[2] else None
        day = int(match[3]) if match[3] else None
        if month is not None and not 1 <= month <= 12:
            raise ValueError(f"month {month} is not between 1 and 12")
        if day is not None:
            try:
                dt.date(year, month or 1, day)
            except ValueError as exc:
                raise ValueError(f"{value.strip()!r} is not a date: {exc}") from None
        return YearMonth(year, month, day)
    if isinstance(value, str) and (match := _DATE_ELSE.match(value.strip())):
        parts = [match[1], *(f"{int(part):02d}" for part in match.groups()[1:] if part)]
        raise ValueError(
            f"{value.strip()!r} is not a date as cvtex reads them: write {'-'.join(parts)}"
            f" (a date is {DATE_FORMS})"
        )
    raise ValueError(f"{value!r} is not a date: write {DATE_FORMS}")


def written(date: YearMonth) -> str:
    """A date as the profile writes it: 2024, 2024-09 or 2024-09-01."""
    parts = [f"{date.year:04d}", *(f"{part:02d}" for part in (date.month, date.day) if part)]
    return "-".join(parts)


def ends_before(start: YearMonth, end: YearMonth) -> bool:
    """Whether ``end`` is earlier than ``start`` at the precision both are written in
    (2024 and 2024-09 are one year, not a month apart)."""

    def order(date: YearMonth, other: YearMonth) -> tuple[int, int, int]:
        cut = date.at_most(other)
        return cut.year, cut.month or 0, cut.day or 0

    return order(end, start) < order(start, end)


# The forms a date is written in, as the JSON Schema (and the editor's form, which reads a
# date's widget off it) says them.
DATE_PATTERN = r"^\d{4}(-\d{2}){0,2}$"
_DATE_SCHEMA = {
    "anyOf": [
        {"type": "integer", "minimum": 1000, "maximum": 9999},
        {"type": "string", "pattern": DATE_PATTERN},
    ],
    "description": "A year (2024), a month (2024-09) or a day (2024-09-01). A CV shows "
    "the day only where its language's catalog says dates show days.",
}
Date = Annotated[YearMonth, BeforeValidator(_parse_date), WithJsonSchema(_DATE_SCHEMA)]


class Expected(Model):
    """An end date that has not come yet: shown with the locale's "expected" mark."""

    expected: Date


End = Literal["present"] | Expected | Date


class Scoped(Model):
    """Anything that can be limited to some languages or chosen by tag."""

    only: list[Lang] | None = Field(
        None, description="Show this only in these languages (for example [zh])."
    )
    tags: list[str] = Field(
        default_factory=list,
        description="Tags that sections select on and variants leave out.",
        examples=[["projects", "early"]],
    )

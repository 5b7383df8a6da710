"""Locale catalogs: every string and convention that differs by language, read from YAML."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import Field, ValidationError

from .errors import InputError
from .model import End, Expected, Model, YearMonth
from .resources import LOCALES_DIR
from .source import format_path, load_yaml


class FontChoice(Model):
    """A font found through fontconfig by family, or in the TeX tree by file stem."""

    family: str | None = Field(None, pattern=r"^[A-Za-z0-9 _.-]+$")
    file: str | None = Field(None, pattern=r"^[A-Za-z0-9_.-]+$")


class Fonts(Model):
    serif: list[FontChoice] = Field(default_factory=list)
    sans: list[FontChoice] = Field(default_factory=list)


class DateFormats(Model):
    month: str = Field(description="A year and month: {year}, {month} (a number), {month_name}.")
    year: str = Field(description="A year alone: {year}.")
    range: str = Field(description="{start} and {end}.")
    open_range: str = Field(description="A range still going on: {start} and {present}.")
    present: str
    expected: str = Field(description="An end date still to come: {date}.")


class Punctuation(Model):
    list_separator: str
    list_last: str
    comma: str
    author_separator: str
    cjk_author_separator: str = Field(description="Between two names written in CJK.")
    citation_separator: str = Field(description="Between authors, title and venue.")
    colon: str
    open_paren: str
    close_paren: str


class Labels(Model):
    advisors: str
    degree_field: str = Field(description="How a degree and its field join: {degree}, {field}.")
    venue_tag: str = Field(description="The bold venue tag: {abbr}, {year}, {yy}.")
    venue_tag_no_year: str = Field(description="The venue tag when there is no year: {abbr}.")
    citation_year: bool = Field(description="Whether the year follows the venue in citations.")
    patent_number: str = Field(description="A patent's number: {number}.")
    dissertation: str
    gpa: str
    rank: str
    honors: str
    mentors: str
    updated: str = Field(description="The 'updated on' line: {date}.")
    equal_contribution: str = Field(description="The legend of the * mark.")
    corresponding_author: str = Field(description="The legend of the † mark.")


class Catalog(Model):
    code: str
    language: str = Field(description="The language's own name.")
    template: str = Field(description="The theme's child template that typesets it: en or zh.")
    babel: str = Field("english", description="Hyphenation patterns (a polyglossia name).")
    fonts: Fonts = Field(default_factory=Fonts)
    titles: dict[str, str]
    months: list[str] = Field(min_length=12, max_length=12)
    dates: DateFormats
    punctuation: Punctuation
    labels: Labels
    links: dict[str, str] = Field(description="Names of link kinds: pdf, slides, code, ...")
    contact_labels: dict[str, str] = Field(
        default_factory=dict,
        description="Web pages: what precedes a contact whose value alone is unclear (GitHub).",
    )
    statuses: dict[str, str] = Field(description="Publication statuses; empty to show none.")
    publication_types: dict[str, str] = Field(
        description="Group headings by publication type, in the order they are shown."
    )

    def title(self, section_id: str, kind: str) -> str:
        return self.titles.get(section_id) or self.titles.get(kind) or section_id.title()

    def format_date(self, date: YearMonth) -> str:
        if date.month is None:
            return self.dates.year.format(year=date.year)
        return self.dates.month.format(
            year=date.year, month=date.month, month_name=self.months[date.month - 1]
        )

    def format_end(self, end: End) -> str:
        if end == "present":
            return self.dates.present
        if isinstance(end, Expected):
            return self.dates.expected.format(date=self.format_date(end.expected))
        assert isinstance(end, YearMonth)
        return self.format_date(end)

    def format_span(
        self, start: YearMonth | None, end: End | None, single: YearMonth | None = None
    ) -> str:
        if single is not None:
            return self.format_date(single)
        if start is None:
            return self.format_end(end) if end is not None else ""
        if end is None:
            return self.format_date(start)
        if end == "present":
            return self.dates.open_range.format(
                start=self.format_date(start), present=self.dates.present
            )
        return self.dates.range.format(start=self.format_date(start), end=self.format_end(end))

    def join(self, items: list[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        sep = self.punctuation
        return sep.list_separator.join(items[:-1]) + sep.list_last + items[-1]


def catalog_file(code: str) -> Path:
    return LOCALES_DIR / f"{code}.yaml"


def available_languages() -> list[str]:
    return sorted(path.stem for path in LOCALES_DIR.glob("*.yaml"))


@cache
def load_catalog(code: str) -> Catalog:
    file = catalog_file(code)
    if not file.is_file():
        raise InputError(
            f"no locale catalog for {code!r}",
            f"cvtex ships {', '.join(available_languages())}; add locales/{code}.yaml for another",
        )
    return _read_catalog(file, code)


def _read_catalog(file: Path, code: str) -> Catalog:
    data, source = load_yaml(file)
    if not isinstance(data, dict):
        raise InputError(f"{file}: a locale catalog is a YAML mapping")
    try:
        return Catalog.model_validate({"code": code, **data})
    except ValidationError as exc:
        lines = [f"{file}: the locale catalog has problems:"]
        for error in exc.errors(include_url=False):
            path = tuple(error["loc"])
            what = "unknown key" if error["type"] == "extra_forbidden" else error["msg"]
            lines.append(f"  {source.locate(path)}: {format_path(path)}: {what}")
        raise InputError("\n".join(lines)) from None

"""Locale catalogs: every string and convention that differs by language, read from YAML."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Field,
    PrivateAttr,
    ValidationError,
    field_validator,
    model_validator,
)

from ..errors import InputError
from ..profile.base import LANG_PATTERN, End, Expected, Lang, Model, YearMonth
from ..profile.design import FontChoice, Fonts
from ..profile.problems import Problem, plain_message, problems_of, report
from ..profile.source import SourceMap, load_yaml
from ..resources import LOCALES_DIR
from ..text.scripts import WritingSystem


def _pattern(**sample: object) -> Any:
    """A str.format pattern that may use only the placeholders in ``sample``.

    Checked when the catalog is read, so that a typo such as {yaer} is an error that
    names the catalog's line rather than a crash in the middle of a build.
    """
    takes = ", ".join(f"{{{name}}}" for name in sample) or "no placeholders"

    def check(value: str) -> str:
        try:
            value.format(**sample)
        except KeyError as exc:
            raise ValueError(f"unknown placeholder {{{exc.args[0]}}}: it takes {takes}") from None
        except (IndexError, ValueError) as exc:
            raise ValueError(
                f"not a pattern cvtex can fill ({exc}): it takes {takes}; "
                "write a literal brace as {{ or }}"
            ) from None
        return value

    return Annotated[str, AfterValidator(check)]


MonthPattern = _pattern(year=2020, month=9, month_name="Sep")
DayPattern = _pattern(year=2020, month=9, day=3, month_name="Sep")
YearPattern = _pattern(year=2020)
RangePattern = _pattern(start="2020", end="2021")
OpenRangePattern = _pattern(start="2020", present="now")
ExpectedPattern = _pattern(date="2026")
DegreePattern = _pattern(degree="Ph.D.", field="CS")
VenuePattern = _pattern(abbr="ToN", year=2024, yy="24")
AbbrPattern = _pattern(abbr="ToN")
VolumePattern = _pattern(volume="37")
IssuePattern = _pattern(volume="37", issue="6")
PagesPattern = _pattern(pages="3120–3134")
PatentPattern = _pattern(number="CN1")


def _drawable(value: str) -> str:
    """A page number is drawn as outlines, not typeset: no TeX, so none of its specials."""
    if specials := sorted(set(value.format(page=2, total=3)) & set("\\{}%#&$^_~")):
        raise ValueError(f"it cannot hold {' '.join(specials)}: it is drawn, letter by letter")
    return value


PagePattern = Annotated[_pattern(page=2, total=3), AfterValidator(_drawable)]

# The conversions of the OpenCC package that start from Simplified or Traditional text.
OpenccConfig = Literal[
    "s2t", "s2tw", "s2twp", "s2hk", "t2s", "tw2s", "tw2sp", "hk2s", "t2tw", "t2hk", "tw2t", "hk2t"
]

# Section kinds every catalog must name; other ids (projects, research, ...) are optional.
REQUIRED_TITLES = ("education", "experience", "publications", "patents", "awards", "skills")


class DateFormats(Model):
    month: MonthPattern = Field(
        description="A year and month: {year}, {month} (a number), {month_name}."
    )
    year: YearPattern = Field(description="A year alone: {year}.")
    day: DayPattern = Field(
        description="A full date (the updated: line, and an entry's dates where shows: day): "
        "{year}, {month}, {day} (numbers), {month_name}."
    )
    shows: Literal["month", "day"] = Field(
        "month",
        description="How an entry's date written with a day shows: as its month (the CV's "
        "custom: Sep 2024), or as the day (Sep 1, 2024). The updated: line shows the day.",
        examples=["day"],
    )
    range: RangePattern = Field(description="{start} and {end}.")
    open_range: OpenRangePattern = Field(
        description="A range still going on: {start} and {present}."
    )
    present: str = Field(description="The end of a range still going on: Present, 至今.")
    expected: ExpectedPattern = Field(description="An end date still to come: {date}.")
    year_separator: str = Field(description="Between the years of a list: 2022, 2023.")


class Punctuation(Model):
    list_separator: str = Field(description="Between the items of a list: a comma, 、.")
    list_last: str = Field(description="Before a list's last item: ' and ', 和.")
    comma: str = Field(description="Between the parts of a line: ', ', ，.")
    author_separator: str = Field(description="Between two authors' names.")
    cjk_author_separator: str = Field(description="Between two names written in CJK.")
    citation_separator: str = Field(description="Between authors, title and venue.")
    colon: str = Field(description="After a label: ': ', ：.")
    open_paren: str = Field(description="Before a note in parentheses: ' (', （.")
    close_paren: str = Field(description="After it: ), ）.")
    degree_field: DegreePattern | None = Field(
        None,
        description="How a degree and its field join in an entry written with this set "
        "(an English degree in the Chinese CV: {degree} in {field}); without it, the "
        "labels' degree_field.",
    )
    latin: Punctuation | None = Field(
        None,
        description="The punctuation of an entry written without CJK (an English paper in "
        "the Chinese CV: its title, venue, year and tag keep English punctuation); "
        "without it, the language's own.",
    )


class AddressForm(Model):
    """How an address's parts are written in the language: from the street to the country,
    or (Chinese, Japanese, Korean) from the country to the street."""

    order: Literal["small-first", "large-first"] = Field(
        "small-first",
        description="small-first (Haidian, Beijing, China) or large-first (中国北京市海淀区).",
    )
    separator: str = Field(
        ", ", description="Between two parts: ', ', nothing in Chinese, a space in Korean."
    )


class Labels(Model):
    advisors: str = Field(description="Before an education entry's advisors.")
    advisor: str | None = Field(
        None,
        description="Before an education entry's one advisor, where the language words one "
        "apart from several (Advisor); else `advisors` stands for one too.",
    )
    degree_field: DegreePattern = Field(
        description="How a degree and its field join: {degree}, {field}."
    )
    venue_tag: VenuePattern = Field(description="The bold venue tag: {abbr}, {year}, {yy}.")
    venue_tag_no_year: AbbrPattern = Field(
        description="The venue tag when there is no year: {abbr}."
    )
    citation_year: bool = Field(description="Whether the year follows the venue in citations.")
    volume: VolumePattern = Field(
        "{volume}",
        description="A publication's volume after its venue: {volume}.",
        examples=["vol. {volume}"],
    )
    volume_issue: IssuePattern = Field(
        "{volume}({issue})",
        description="Its volume and issue: {volume}, {issue}.",
        examples=["{volume}({issue})"],
    )
    pages: PagesPattern = Field(
        "{pages}", description="Its pages, after them: {pages}.", examples=["pp. {pages}"]
    )
    patent_number: PatentPattern = Field(description="A patent's number: {number}.")
    certificate_number: PatentPattern = Field(
        "{number}", description="A certificate's or licence's number: {number}."
    )
    dissertation: str = Field(description="Before the dissertation's title.")
    gpa: str = Field(description="Before the GPA.")
    rank: str = Field(description="Before the rank.")
    honors: str = Field(description="Before an education entry's honours.")
    mentors: str = Field(description="Before an experience entry's mentors.")
    mentor: str | None = Field(
        None,
        description="Before an experience entry's one mentor (Mentor); else `mentors`.",
    )
    updated: str = Field(description="The 'updated on' line: {date}.")
    page_number: PagePattern = Field(
        "{page} / {total}",
        description="The number on each page after the first of a CV of several pages: "
        "{page} and {total}.",
    )
    equal_contribution: str = Field(description="The legend of the * mark.")
    corresponding_author: str = Field(description="The legend of the † mark.")

    def advisors_for(self, count: int) -> str:
        """The label before ``count`` advisors: one is an Advisor where the language says so."""
        return (self.advisor if count == 1 else None) or self.advisors

    def mentors_for(self, count: int) -> str:
        return (self.mentor if count == 1 else None) or self.mentors


class WordLanguages(Model):
    """The language tags a Word copy marks its runs with, so that Word checks their spelling
    and breaks their lines as each language needs (the document's own tag is
    ``document.tag``)."""

    latin: str | None = Field(
        None, description="The tag of text in Latin letters (en-US); by default the code."
    )
    east_asian: str = Field("zh-CN", description="The tag of Chinese text: zh-CN, zh-TW, zh-HK.")


class DocumentProperties(Model):
    """What a CV says of itself in its file's properties: its language and title, which
    search engines, screen readers and applicant-tracking systems read."""

    tag: Lang | None = Field(
        None, description="The document's language tag (en-US, zh-CN); by default the code."
    )
    title: str = Field(
        "{name}",
        description="The document's title: {name} is the owner's name ({name} – Curriculum Vitae).",
    )

    def title_for(self, name: str) -> str:
        # Not str.format: a brace in a translated title is text, never a failed lookup.
        return self.title.replace("{name}", name)


LetterDatePattern = _pattern(year=2026, month=11, day=24, month_name="November")
SalutationPattern = _pattern(recipient="Dr. Wang")
AddresseePattern = _pattern(honorific="Dr.", family_name="Wang")
SubjectPattern = _pattern(subject="Research Scientist")
EnclosurePattern = _pattern(items="CV")
TitlePattern = _pattern(name="Jin Fang")
NamePattern = _pattern(name="Li Wang")
ItemPattern = _pattern(item="CV")


class ClosingLine(Model):
    text: str = Field(description="The line: Sincerely, 此致.")
    indent: float = Field(0, ge=0, le=10, description="Its indent, in characters: 此致 2.")
    align: Literal["left", "right"] = Field(
        "left", description="Where it stands: right for a Japanese letter's 敬具."
    )


def _as_closing_line(value: Any) -> Any:
    return {"text": value} if isinstance(value, str) else value


class EnclosureList(Model):
    """Enclosures listed one a line under a heading and closed by an end mark, as a
    Japanese letter lists them: 記 centred, the items, 以上 at the right."""

    heading: str = Field(description="Centred above the list: 記.")
    item: ItemPattern = Field("{item}", description="Each enclosure on its line: ・{item}.")
    end: str = Field(description="At the right under the list: 以上.")


class LetterConventions(Model):
    """How a cover letter is written and laid out in the language: its fixed words, and
    where its parts stand (an English letter in block form; a Chinese 求职信 with indented
    paragraphs, 此致 and 敬礼！ on lines of their own, the signature and date at the right)."""

    title: TitlePattern = Field(
        description="The PDF's title: {name} – Cover Letter.",
    )
    packet: TitlePattern = Field(
        description="A packet's title (the letter, then the CV): {name} – Cover Letter and CV.",
    )
    word: str = Field(description="The letter's name in a packet's bookmarks: Cover Letter.")
    cv: str = Field(description="The CV's name in a packet's bookmarks and enclosures: CV.")
    cv_names: list[str] = Field(
        default_factory=list,
        description="Other names of the CV (Curriculum vitae, Résumé): an enclosure the letter "
        "lists that names it, in any of the profile's languages, is the CV, not added again.",
    )
    date: LetterDatePattern = Field(
        description="The date: {year}, {month}, {day}, {month_name} (from months).",
    )
    months: list[str] | None = Field(
        None,
        min_length=12,
        max_length=12,
        description="Month names for {month_name}; by default the catalog's months.",
    )
    date_place: Literal["top", "end", "closing"] = Field(
        description="top: above the recipient (English); end: under the signature (Chinese); "
        "closing: after the closing, above the signature (Korean).",
    )
    date_align: Literal["left", "right"] = Field(
        "left", description="Where a date at the top stands: right in a Japanese letter."
    )
    recipient_block: bool = Field(
        True, description="Whether the recipient's name and address stand above the salutation."
    )
    recipient_name: NamePattern = Field(
        "{name}", description="The recipient's name in that block: {name} 様 in Japanese."
    )
    recipient_order: list[Literal["name", "position", "organization", "address"]] = Field(
        ["name", "position", "organization", "address"],
        min_length=4,
        max_length=4,
        description="The order of that block's parts: Japanese from the address down to the name.",
    )
    addressee: AddresseePattern = Field(
        description="The recipient as the salutation calls them: {honorific} {family_name}.",
    )
    salutation: SalutationPattern = Field(description="Dear {recipient},")
    salutation_general: str = Field(description="When no one is named: Dear Hiring Committee,")
    salutation_inline: bool = Field(
        False,
        description="The salutation begins the first paragraph, flush left (a Japanese "
        "letter's 拝啓　...), instead of standing on a line of its own.",
    )
    subject: SubjectPattern = Field("{subject}", description="The subject line: {subject}.")
    subject_align: Literal["left", "center"] = Field(
        "left", description="Where the subject stands: centred in a Japanese letter."
    )
    closing: list[Annotated[ClosingLine, BeforeValidator(_as_closing_line)]] = Field(
        min_length=1,
        description="The closing's lines, each text or {text: ..., indent: characters}.",
    )
    signature_align: Literal["left", "right"] = Field(
        "left", description="Where the signature (and a date at the end) stand."
    )
    signature_place: Literal["end", "top"] = Field(
        "end",
        description="end: after the closing; top: under the recipient, before the subject "
        "(a Japanese letter's sender).",
    )
    signed: NamePattern = Field(
        "{name}", description="The name as signed: {name} 드림 in a Korean letter."
    )
    paragraph_indent: float = Field(
        0, ge=0, le=10, description="The first line of each paragraph, indented by characters."
    )
    paragraph_space: float = Field(
        1, ge=0, le=3, description="The space between paragraphs, in lines."
    )
    line_spacing: float = Field(
        1,
        ge=0.8,
        le=2.5,
        description="The letter's leading, times the CV's: Chinese text wants more (1.3).",
    )
    enclosure: EnclosurePattern = Field(description="One thing enclosed: Enclosure: {items}.")
    enclosures: EnclosurePattern = Field(description="Several: Enclosures: {items}.")
    enclosure_list: EnclosureList | None = Field(
        None,
        description="Enclosures one a line under a heading (記 ... 以上), instead of "
        "enclosure: and enclosures:.",
    )

    def format_date(self, year: int, month: int, day: int, months: list[str]) -> str:
        names = self.months or months
        return self.date.format(year=year, month=month, day=day, month_name=names[month - 1])


class PostingLabels(Model):
    terms: str = Field(description="The report's first line: {count} terms from the posting.")
    shown: str = Field(description="The terms the PDF shows, as read back.")
    not_shown: str = Field(description="The terms no reader found in the PDF.")
    partly: str = Field(description="A term only some readers found: {readers}.")
    left_out: str = Field(description="Missing terms the profile holds in items left out.")
    in_profile: str = Field(description="A letter's missing terms the profile holds.")


class PostingHeadings(Model):
    """A posting's headings, as a recruiter reads past some of them."""

    read: list[str] = Field(
        default_factory=list,
        description="Headings of what the job asks (Your tasks, Requirements, 任职要求): the "
        "lines under them are read for terms.",
    )
    skip: list[str] = Field(
        default_factory=list,
        description="Headings of what is no need of the job (We offer, How to apply, About "
        "us, 应聘方式): the lines under them, to the next heading, are not read.",
    )


class PostingWords(Model):
    """`cvtex check --posting`: the words of a job posting in this language that are no
    term of it, the degrees it may ask for, and the report's labels."""

    labels: PostingLabels = Field(description="The report's words: shown, not shown, ...")
    stop_words: list[str] = Field(
        default_factory=list,
        description="Words that are no term alone and end a phrase, a task's verbs among "
        "them, which are no part of its need (English: with, Experience, Strong, run, "
        "investigate); in Chinese, the words around a term that are cut off it (熟悉, 经验, "
        "优先, 利用).",
    )
    boilerplate: list[str] = Field(
        default_factory=list,
        description="A posting's administrative words and phrases, never reported as terms "
        "(Department, cover letter, Postdoctoral, 岗位编号); the catalog's months and names "
        "of the CV are too.",
    )
    patterns: list[re.Pattern[str]] = Field(
        default_factory=list,
        description="Boilerplate written by a pattern (regular expressions): gender tags "
        "(m/f/d), pay grades (TV-L E13), reference numbers (MP-14). What a group named id "
        "matches is boilerplate wherever else it stands (the reference quoted again).",
    )
    organizations: list[str] = Field(
        default_factory=list,
        description="Words that make a phrase an organization's name, which is no term: a "
        "capitalized phrase with one (Max Planck Society); in Chinese, what ends with one "
        "(清华大学), cut off what follows (材料科学).",
    )
    generic_nouns: list[str] = Field(
        default_factory=list,
        description="Nouns that name what a task makes, not what it needs: cut off the end "
        "of a phrase written in lower case (English: analysis code is analysis, one word "
        "and no term; data analysis code is data analysis).",
    )
    headings: PostingHeadings = Field(
        default_factory=PostingHeadings,
        description="The posting's headings whose lines are read, and those whose are not.",
    )
    degrees: dict[str, list[str]] = Field(
        default_factory=dict,
        description="Degrees by level (doctorate: [PhD, Ph.D.]): a posting's degree is shown "
        "by any name of its level, in any catalog (PhD by 博士).",
    )


class Catalog(Model):
    code: Lang = Field(
        description="The language code; by default the file's name (de.yaml).", examples=["de"]
    )
    language: str = Field(description="The language's own name.")
    template: str = Field(
        pattern=r"^[a-z0-9_-]+$",
        description="The theme's child template that typesets it: en or zh.",
    )
    babel: str = Field("english", description="Hyphenation patterns (a polyglossia name).")
    convert_from: Lang | None = Field(
        None,
        description="The language whose text is converted by default when a field has none "
        "of this language's own (zh for zh-TW): where the profile's `languages:` name none of "
        "the languages of `conversions:`. Entries and layout of the language converted from "
        "apply too.",
    )
    conversions: dict[Lang, list[OpenccConfig]] = Field(
        default_factory=dict,
        description="How text written in another Chinese becomes this language's, by the "
        "language it is written in: OpenCC's configurations, applied in order (zh: [s2twp]; "
        "zh-HK: [hk2t, t2tw]). Which one a profile uses is the first of these languages its "
        "`languages:` names (a Traditional-first profile converts its Simplified CV from "
        "zh-TW); the text of the language itself is never converted.",
    )
    opencc: OpenccConfig | None = Field(
        None,
        description="Shorthand for one conversion from `convert_from`: `opencc: s2twp` is "
        "`conversions: {zh: [s2twp]}` when convert_from is zh.",
        examples=["s2twp"],
    )
    accepts: list[Lang] = Field(
        default_factory=list,
        description="Other keys of a text mapping that hold this language's own text, "
        "tried in order after its code (zh-Hant for zh-TW and zh-HK).",
    )
    fonts: Fonts = Field(
        default_factory=Fonts, description="CJK fonts, for languages the zh template sets."
    )
    scripts: list[WritingSystem] = Field(
        default_factory=lambda: ["Latin"],
        min_length=1,
        description="The scripts the language is written in: a text with none of their "
        "letters but words of another script looks untranslated (cvtex validate).",
    )
    titles: dict[str, str] = Field(
        description="Section titles by section id or kind: education, experience, projects, ..."
    )
    months: list[str] = Field(
        min_length=12, max_length=12, description="The months' names, January first."
    )
    dates: DateFormats = Field(description="How dates and ranges are written.")
    punctuation: Punctuation = Field(description="The punctuation cvtex puts between texts.")
    address: AddressForm = Field(
        default_factory=AddressForm,
        description="How an imported address is written (a JSON Resume's location: its "
        "street, city, region and country).",
    )
    labels: Labels = Field(description="The words before or around a field's value.")
    links: dict[str, str] = Field(description="Names of link kinds: pdf, slides, code, ...")
    contact_labels: dict[str, str] = Field(
        default_factory=dict,
        description="Web pages: what precedes a contact whose value alone is unclear (GitHub).",
    )
    statuses: dict[str, str] = Field(description="Publication statuses; empty to show none.")
    publication_types: dict[str, str] = Field(
        description="Group headings by publication type, in the order they are shown."
    )
    publication_kinds: dict[str, str] = Field(
        default_factory=dict,
        description="What a work is, before its venue (phd-thesis: PhD thesis); a kind "
        "without a name here is not named.",
    )
    terms: dict[str, str] = Field(
        default_factory=dict,
        description="Official names in this language of names written in another "
        "(University of Science and Technology of China: 中国科学技术大学, Tencent: 腾讯): "
        "`cvtex translate` fills a text that is one of them in, and gives those a text "
        "holds to a machine translator as its glossary.",
    )
    word: WordLanguages = Field(
        default_factory=WordLanguages, description="Word copies (docx): the language tags."
    )
    document: DocumentProperties = Field(
        default_factory=DocumentProperties,
        description="The PDF's and the Word copy's language and title in their properties.",
    )
    letter: LetterConventions | None = Field(
        None, description="Cover letters: their fixed words and layout in this language."
    )
    posting: PostingWords | None = Field(
        None,
        description="`cvtex check --posting`: the words of a job posting that are no term "
        "of it, and the report's labels (by default those of the language converted from, "
        "else English's).",
    )

    editor: dict[str, str] = Field(
        default_factory=dict,
        description="`cvtex edit`: the words of the editor's page (its buttons, marks and "
        "messages), by key; a key left out takes the words of the language converted from "
        "(converted), else English's. {name} marks what the page fills in.",
    )

    _source: SourceMap | None = PrivateAttr(None)

    @field_validator("titles")
    @classmethod
    def _titles_every_kind(cls, titles: dict[str, str]) -> dict[str, str]:
        missing = [kind for kind in REQUIRED_TITLES if not titles.get(kind)]
        if missing:
            raise ValueError(f"missing key(s) {', '.join(missing)}")
        return titles

    @model_validator(mode="after")
    def _conversion_complete(self) -> Catalog:
        # The one place where a catalog's conversion settings meet: the shorthand opencc:
        # is a conversion from convert_from like any written under conversions:.
        if self.opencc is not None:
            if self.convert_from is None:
                raise ValueError("opencc converts from convert_from: give both, or neither")
            self.conversions.setdefault(self.convert_from, [self.opencc])
        if self.convert_from is not None and self.convert_from not in self.conversions:
            raise ValueError(
                f"convert_from: {self.convert_from}: name its OpenCC configurations under "
                f"conversions: ({self.convert_from}: [...])"
            )
        if any(not configs for configs in self.conversions.values()):
            raise ValueError("conversions: each language needs one OpenCC configuration or more")
        return self

    @property
    def tag(self) -> str:
        """The document's language tag: the PDF's /Lang, the Word copy's language."""
        return self.document.tag or self.code

    @property
    def file(self) -> Path | None:
        """The YAML file the catalog was read from."""
        return self._source.file if self._source else None

    def locate(self, key: str) -> str:
        """Where a top-level key of the catalog is written: file:line:column."""
        return str(self._source.locate_key((key,))) if self._source else key

    @property
    def own_keys(self) -> tuple[str, ...]:
        """The keys of a text mapping that hold this language's own text, in order."""
        return (self.code, *self.accepts)

    def title(self, section_id: str, kind: str) -> str:
        return self.titles.get(section_id) or self.titles.get(kind) or section_id.title()

    def format_date(self, date: YearMonth, whole: bool = False) -> str:
        """A date as the CV shows it: a day as its month unless ``dates.shows`` is day, or
        ``whole`` asks for all that was written (the updated: line)."""
        if date.month is None:
            return self.dates.year.format(year=date.year)
        month_name = self.months[date.month - 1]
        if date.day is not None and (whole or self.dates.shows == "day"):
            return self.dates.day.format(
                year=date.year, month=date.month, day=date.day, month_name=month_name
            )
        return self.dates.month.format(year=date.year, month=date.month, month_name=month_name)

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

    def format_years(self, years: Sequence[int]) -> str:
        return self.dates.year_separator.join(self.format_date(YearMonth(year)) for year in years)

    def join(self, items: list[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        sep = self.punctuation
        return sep.list_separator.join(items[:-1]) + sep.list_last + items[-1]


def catalog_file(code: str) -> Path:
    return LOCALES_DIR / f"{code}.yaml"


def available_languages() -> list[str]:
    return sorted(path.stem for path in LOCALES_DIR.glob("*.yaml"))


def is_shipped(code: str) -> bool:
    return re.match(LANG_PATTERN, code) is not None and catalog_file(code).is_file()


@cache
def load_catalog(code: str) -> Catalog:
    """A catalog cvtex ships (or that was dropped into its locales/ folder)."""
    if not is_shipped(code):
        raise InputError(
            f"no locale catalog for {code!r}",
            f"cvtex ships {', '.join(available_languages())}; for another language write a "
            f"catalog (start from a copy of {catalog_file('en')}) and give it with "
            f"--locale-file, or add it as {catalog_file('xx').parent}/<code>.yaml",
        )
    return read_catalog(catalog_file(code), expected_code=code)


def read_catalog(file: Path, expected_code: str | None = None) -> Catalog:
    """Read one catalog file; its code is its code: key, or else the file's name."""
    if not file.is_file():
        raise InputError(f"{file}: no such locale catalog", "check the path given to --locale-file")
    data, source = load_yaml(file)
    if not isinstance(data, dict):
        raise InputError(
            f"{file}: a locale catalog is a YAML mapping (language:, titles:, dates:, ...)",
            f"start from a copy of {catalog_file('en')}",
        )
    data = {"code": file.stem, **data}
    if expected_code is not None and data["code"] != expected_code:
        raise InputError(
            f"{source.locate_key(('code',))}: code: {data['code']!r} differs from the file's "
            f"name {file.name}",
            f"rename the file to {data['code']}.yaml, or remove code:",
        )
    try:
        catalog = Catalog.model_validate(data)
    except ValidationError as exc:
        raise InputError(_describe(exc, source)) from None
    catalog._source = source
    return catalog


def _describe(exc: ValidationError, source: SourceMap) -> str:
    def word(error: Any) -> Problem:
        path = tuple(error["loc"])
        if error["type"] == "missing":
            return Problem(path[:-1], f"missing key {path[-1]!r}")
        if path == ("code",) and error["type"] != "value_error":
            return Problem(
                path,
                f"{error['input']!r} is not a language code (en, de, zh-TW): "
                "name the file <code>.yaml, or add code:",
            )
        if error["type"] in ("extra_forbidden", "value_error"):
            return Problem(path, plain_message(error, _catalog_keys()))
        return Problem(path, error["msg"])

    heading = f"{source.file}: the locale catalog has problems:"
    return report(heading, problems_of(exc, word), lambda path: str(source.locate_key(path)))


@cache
def _catalog_keys() -> frozenset[str]:
    models = (Catalog, DateFormats, Punctuation, Labels, Fonts, FontChoice, LetterConventions)
    models += (ClosingLine, EnclosureList, DocumentProperties, WordLanguages)
    models += (PostingWords, PostingLabels, PostingHeadings)
    return frozenset(name for model in models for name in model.model_fields)


@dataclass(frozen=True)
class Locales:
    """The catalogs one run may use: cvtex's own, and those given with --locale-file.

    A given catalog replaces a shipped one with the same code.
    """

    added: dict[str, Catalog] = field(default_factory=dict)

    def catalog(self, code: str) -> Catalog:
        return self.added.get(code) or load_catalog(code)

    def has(self, code: str) -> bool:
        return code in self.added or is_shipped(code)

    def codes(self) -> list[str]:
        return sorted({*available_languages(), *self.added})


def load_locales(files: Sequence[Path] = ()) -> Locales:
    added: dict[str, Catalog] = {}
    for file in files:
        catalog = read_catalog(file)
        if catalog.code in added:
            raise InputError(
                f"{file}: a second catalog for {catalog.code!r} (the first is "
                f"{added[catalog.code].file})",
                "give one --locale-file per language",
            )
        added[catalog.code] = catalog
    return Locales(added)

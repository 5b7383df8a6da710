"""A job posting's terms, read as a recruiter reads a posting: its needs, not its prose.

A posting is read line by line. A line under a heading the catalogs name as no need of the
job (We offer, How to apply, 应聘方式) is not read, to the next heading; the headings
themselves are not either. In what is read, the catalogs' boilerplate (gender tags, pay
grades, reference numbers, months, titles, the documents to send) is erased first, and so
are the acronyms of the organizations the posting names, wherever they stand (KIT, of
Karlsruhe Institute of Technology; 华东理工大学（ECUST）); a term never runs across
punctuation (commas, slashes, parentheses, 、，；) or erased text. A term is then:

- a skill of the profile (any language's) or a glossary term, written in the posting; one
  written with its acronym (Focused Ion Beam (FIB)) is found by its words or its acronym,
  each the other's name;
- a degree the catalogs name (PhD, 硕士), written in the posting;
- in Latin text, a technical token (C++, PyTorch, gRPC, k8s, CUDA: a symbol, a digit, an
  inner capital or capitals only); a capitalized word or phrase that does not open a
  sentence (Kubernetes, Machine Learning) and names no organization (Max Planck
  Society) nor anything in quotation marks (the group "Alloy Design and
  Microstructure"); two to four lower-case words between stop words, a task's verbs
  among them (atom probe tomography, hydrogen embrittlement; run thermal desorption
  spectroscopy is thermal desorption spectroscopy), less a generic noun at their end
  (data analysis code is data analysis); the words a parenthesized acronym spells
  (transmission electron microscopy (TEM)), with the acronym as another name of the term;
- in Chinese text, the words jieba splits it into, between the catalogs' stop words, two
  to eight characters (熟悉分布式系统开发经验 -> 分布式系统开发), cut after an
  organization's name (清华大学材料科学 -> 材料科学); Japanese and Korean text, which
  jieba does not split, is cut at punctuation and trimmed of stop words.

Terms are compared as their case-folded words, a hyphen between two letters as a space:
Atom Probe Tomography, atom probe tomography and atom-probe tomography are one term, and
an acronym whose letters begin a term's words (APT) is another name of it. Each term
keeps the posting's line that first asks for it.

Words that depend on the language are the catalogs' (locales/*.yaml, ``posting:``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, Literal

from .. import cachefiles
from ..text.scripts import has_cjk
from .compare import comparable

if TYPE_CHECKING:
    from jieba import Tokenizer

    from ..language.catalog import Catalog, PostingWords


@dataclass(frozen=True)
class Term:
    text: str  # as the posting writes it
    # Other names that show it: a degree's (PhD: Ph.D., 博士), an acronym's (TEM).
    names: tuple[str, ...] = ()
    line: int = 0  # the posting's line that first asks for it (1: the first); 0: none
    phrase: str = ""  # that line, as the posting writes it

    def spellings(self) -> list[str]:
        return [key for name in (self.text, *self.names) if (key := words_key(name))]


def words_key(text: str) -> str:
    """A text as its case-folded words: what a term is compared by, in a posting and in a
    PDF. A hyphen between two letters is a space (atom-probe tomography)."""
    return _INNER_HYPHEN.sub(" ", comparable(text))


def find(key: str, text: str, start: int = 0) -> int:
    """Where ``key`` stands in ``text`` (both :func:`words_key`) as whole words (Latin), or
    anywhere (CJK); -1 when it does not."""
    if not key:
        return -1
    if has_cjk(key):
        return text.find(key, start)
    found = _whole_words(key).search(text, start)
    return found.start() if found else -1


def catalog_words(catalog: Catalog) -> PostingWords | None:
    """The catalog's posting words, its months and names of the CV among the boilerplate:
    "January" and "CV" are written once, where dates and letters need them."""
    words = catalog.posting
    if words is None:
        return None
    letter = catalog.letter
    own = [*catalog.months, *(letter.months or [] if letter else []), *_cv_names(catalog)]
    return words.model_copy(update={"boilerplate": [*words.boilerplate, *own]})


def _cv_names(catalog: Catalog) -> list[str]:
    return [catalog.letter.cv, *catalog.letter.cv_names] if catalog.letter else []


# -- the posting's lines --------------------------------------------------------------------

_INNER_HYPHEN = re.compile(r"(?<=\w)-(?=\w)")
_ERASED = "\x1f"  # what stands where boilerplate was: no term runs across it
# Latin letters and digits: a word of Latin text ends at a CJK character (在Acta Materialia).
_LATIN = "A-Za-z0-9\u00c0-\u024f"
# What follows a word's apostrophe, or erased boilerplate's, is none (KIT's, don't).
_APOSTROPHE = rf"(?<![{_LATIN}{_ERASED}]['’])"
_LATIN_TOKEN = re.compile(
    rf"(?<![{_LATIN}_+#.]){_APOSTROPHE}[A-Za-z\u00c0-\u024f.][{_LATIN}_+#.\-/]*[{_LATIN}_+#]"
    rf"|(?<![{_LATIN}_+#]){_APOSTROPHE}[A-Za-z][+#]*"
)
# What stands before a word that opens a sentence: a line's start, its marker, a full stop.
_SENTENCE_START = re.compile(rf"(?:^(?:[^\w{_ERASED}]|\d)*|[.!?:;•·*\-–—]\s+)$")
# A list's marker, a heading's number or hashes: "- ", "1. ", "一、", "(2)", "## ".
_MARKER = re.compile(
    r"^\s*(?:[#*•·>\-–—]+|\(?\d+[.)、．]|[（(]?[一二三四五六七八九十]+[、.．)）])\s*"
)
_BULLET = re.compile(r"^\s*(?:[*•·\-–—]|\d+[.)、．])")
_SENTENCE_END = re.compile(r"[.,;!?。，；、！？]\s*$")
# Mail and web addresses say where to apply, in every language.
_ADDRESSES = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?://|www\.)\S+")
_CJK_SEGMENT = re.compile(rf"[^，。、；：！？（）()【】《》「」『』“”\"',;:!?/\n\t·•|{_ERASED}]+")
_CJK_PIECE = re.compile(r"[^\sA-Za-z0-9+#.\-]+")
_KANA_HANGUL = re.compile(r"[\u3040-\u30ff\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
_CONTINUED = re.compile(r"\s*[a-z(]")
_ACRONYM_AFTER = re.compile(r"\s*[(（]\s*([A-Z][A-Za-z0-9\-]{1,9})\s*[)）]")
_WITH_ACRONYM = re.compile(r"(.+?)" + _ACRONYM_AFTER.pattern + "$")
# A name in quotation marks: a group's, a project's ("Alloy Design and Microstructure").
_QUOTED = re.compile(r"[\"“„«»]([^\"“”„«»\n]{2,80})[\"“”«»]")

Heading = Literal["read", "skip", "other"]


@dataclass
class _Words:
    """Every catalog's posting words, ready to read a posting with."""

    stop: set[str]  # case-folded
    boilerplate: set[str]  # case-folded: single words, and CJK words
    erase: re.Pattern[str] | None  # Latin boilerplate, as whole words
    patterns: list[re.Pattern[str]]
    organizations: set[str]  # case-folded Latin words
    cjk_organizations: list[str]
    read: set[str]
    skip: set[str]
    affixes: list[str]  # CJK stop words, longest first: cut off a term's ends
    generic: set[str]  # case-folded: cut off a lower-case phrase's end
    cjk_generic: list[str]  # longest first: cut off a CJK term's end
    levels: dict[str, list[str]] = field(default_factory=dict)
    segments: _Segments | None = None  # jieba's words of Chinese text, once the posting has it

    @classmethod
    def of(cls, words: list[PostingWords]) -> _Words:
        stop = {word.casefold() for posting in words for word in posting.stop_words}
        plate = [word for posting in words for word in posting.boilerplate if word.strip()]
        latin = sorted({w.casefold() for w in plate if not has_cjk(w)}, key=len, reverse=True)
        organizations = [word for posting in words for word in posting.organizations]
        generic = {word for posting in words for word in posting.generic_nouns}
        levels: dict[str, list[str]] = {}
        for posting in words:
            for level, names in posting.degrees.items():
                levels.setdefault(level, []).extend(names)
        return cls(
            stop=stop,
            boilerplate={word.casefold() for word in plate},
            erase=re.compile(
                "|".join(rf"(?<![\w+#]){_spaced(word)}(?![\w+#])" for word in latin),
                re.IGNORECASE,
            )
            if latin
            else None,
            patterns=[pattern for posting in words for pattern in posting.patterns],
            organizations={word.casefold() for word in organizations if not has_cjk(word)},
            cjk_organizations=[word for word in organizations if has_cjk(word)],
            read={_heading_key(h) for posting in words for h in posting.headings.read},
            skip={_heading_key(h) for posting in words for h in posting.headings.skip},
            affixes=sorted(
                (word for word in stop if has_cjk(word) and len(word) > 1), key=len, reverse=True
            ),
            generic={word.casefold() for word in generic if not has_cjk(word)},
            cjk_generic=sorted((word for word in generic if has_cjk(word)), key=len, reverse=True),
            levels=levels,
        )

    def lines(self, text: str) -> Iterator[_Line]:
        """The lines to read: none under a heading to skip, and no heading; a line wrapped
        onto the next (which goes on in lower case or a parenthesis) joined to it."""
        skipping = False
        last: _Line | None = None
        for number, line in enumerate(text.splitlines(), 1):
            kind = self.heading(line)
            if kind in ("read", "skip"):
                skipping = kind == "skip"
            elif kind == "other":
                skipping = False  # a heading of no list ends the skipped part
            if kind in ("read", "skip") or skipping or not line.strip():
                if last is not None:
                    yield last
                last = None
                continue
            if last is not None and _CONTINUED.match(line):
                last.numbers.append((len(last.text) + 1, number))
                last.text += " " + line.strip()
                continue
            if last is not None:
                yield last
            last = _Line(line, [(0, number)])
        if last is not None:
            yield last

    def heading(self, line: str) -> Heading | None:
        key = _heading_key(line)
        if key in self.read:
            return "read"
        if key in self.skip:
            return "skip"
        bare = line.strip()
        if not bare or _BULLET.match(bare) or _SENTENCE_END.search(bare.rstrip(":：")):
            return None
        short = len(key) <= 12 if has_cjk(key) else len(key.split()) <= 6
        return "other" if short else None

    def ids(self, text: str) -> set[str]:
        """What the patterns' groups named id match: a reference number, wherever it is
        quoted again."""
        return {
            found
            for pattern in self.patterns
            if "id" in pattern.groupindex
            for match in pattern.finditer(text)
            if (found := match["id"])
        }

    def erased(self, line: str, ids: set[str], acronyms: Iterable[str] = ()) -> str:
        """The line, its boilerplate erased character by character: a term's column in it
        is its column in the line. ``acronyms``: the organizations', as whole words."""

        def blank(match: re.Match[str]) -> str:
            return _ERASED * len(match[0])

        for pattern in (_ADDRESSES, *self.patterns, *map(_acronym, acronyms)):
            line = pattern.sub(blank, line)
        for value in ids:
            line = line.replace(value, _ERASED * len(value))
        return self.erase.sub(blank, line) if self.erase else line

    def acronyms(self, text: str, ids: set[str]) -> set[str]:
        """The acronyms of the organizations the posting names, wherever they stand: the
        initials of a name (Karlsruhe Institute of Technology: KIT), an acronym in
        parentheses after a Chinese name (华东理工大学（ECUST）). The posting's own
        organization or another, it is no need of the job. Every line is read for them,
        the skipped ones too: an About us may be where the posting spells its name."""
        names: list[list[str]] = []
        candidates: set[str] = set()
        found: set[str] = set()
        for raw in text.splitlines():
            line = self.erased(raw, ids)
            runs = _runs(line, self)
            names += _names(runs, line)
            candidates |= {run.words[0] for run in runs if _is_acronym(run.words[0])}
            for name in self.cjk_organizations:
                for at in re.finditer(re.escape(name), line):
                    if after := _ACRONYM_AFTER.match(line, at.end()):
                        found.add(after[1])
        return found | {
            acronym
            for acronym in candidates
            if any(_abbreviates(acronym, name, self.organizations) for name in names)
        }

    def no_term(self, text: str) -> bool:
        key = text.casefold()
        return key in self.stop or key in self.boilerplate


@dataclass
class _Line:
    """A line of the posting as it is read: one line, or one wrapped onto the next."""

    text: str
    numbers: list[tuple[int, int]]  # where in text each line of the posting starts

    def number(self, column: int) -> int:
        """The posting's line that ``column`` of the text stands on."""
        return max((at, number) for at, number in self.numbers if at <= column)[1]


def _heading_key(line: str) -> str:
    return " ".join(_MARKER.sub("", line.strip()).rstrip(":：").split()).casefold()


def _spaced(phrase: str) -> str:
    """A phrase as a pattern that takes any spaces between its words (cover  letter)."""
    return r"\s+".join(re.escape(word) for word in phrase.split())


# -- the terms ------------------------------------------------------------------------------


def posting_terms(
    text: str, vocabulary: Iterable[str], words: Iterable[PostingWords | None]
) -> list[Term]:
    """The posting's terms, in the order they first appear, each once."""
    reader = _Words.of([posting for posting in words if posting is not None])
    known = [spelling for term in dict.fromkeys(vocabulary) for spelling in _known(term)]
    degrees = [
        (name, key, tuple(n for n in names if n != name))
        for names in reader.levels.values()
        for name in names
        if (key := words_key(name))
    ]
    ids = reader.ids(text)
    acronyms = reader.acronyms(text, ids)
    reader.segments = _Segments() if has_cjk(text) else None
    found: list[tuple[tuple[int, int], Term]] = []
    for line in reader.lines(text):
        erased = reader.erased(line.text, ids, acronyms)
        phrase = _MARKER.sub("", line.text).strip()
        for column, term in (*_latin_terms(erased, reader), *_cjk_terms(erased, reader)):
            number = line.number(column)
            found.append(((number, column), replace(term, line=number, phrase=phrase)))
        key = words_key(line.text)
        for name, name_key, others in [*known, *degrees]:
            if (column := find(name_key, key)) >= 0:
                number = _number_of(name_key, line, text)
                found.append(((number, column), Term(name, others, number, phrase)))
    if reader.segments is not None:
        reader.segments.save()
    return _merged([term for _, term in sorted(found, key=lambda pair: pair[0])], reader)


def _known(term: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """How a term of the profile is looked for in the posting: as written; or, written
    with its acronym (Focused Ion Beam (FIB)), as its words and as its acronym, each the
    other's name, as the posting may write either or both: one term, by either spelling."""
    if (match := _WITH_ACRONYM.match(term.strip())) and _spells(match[2], match[1].split()):
        words, acronym = match[1], match[2]
        return [(words, words_key(words), (acronym,)), (acronym, words_key(acronym), (words,))]
    return [(term, key, ())] if (key := words_key(term)) else []


def _number_of(key: str, line: _Line, text: str) -> int:
    """The posting's line of ``line`` that holds ``key``: the first one, if none holds it
    whole (it is wrapped)."""
    lines = text.splitlines()
    return next(
        (number for _, number in line.numbers if find(key, words_key(lines[number - 1])) >= 0),
        line.numbers[0][1],
    )


def _merged(found: list[Term], reader: _Words) -> list[Term]:
    """Each term once, by its words: the posting's first spelling and line, every name
    any spelling of it had (a degree's PhD and 博士 are one term); an acronym written alone
    as a name of the term it spells, not a term of its own."""
    terms: dict[str, Term] = {}
    aliases: dict[str, str] = {}  # a term's key and its names' keys -> the term's key
    for term in found:
        key = _key(term.text)
        if not key or reader.no_term(term.text) or reader.no_term(key):
            continue
        key = aliases.get(key, key)
        if key in terms:
            kept = _named(terms[key], term.names)
            # A token loses its last full stop to the sentence: Ph.D. is spelled so.
            terms[key] = replace(kept, text=term.text) if kept.text + "." == term.text else kept
        else:
            terms[key] = term
        for name in (term.text, *term.names):
            aliases.setdefault(_key(name), key)
    for key, term in list(terms.items()):
        if _is_acronym(term.text) and not term.names:
            spelled = next((k for k in terms if _initials(k) == key), None)
            if spelled is not None:
                terms[spelled] = _named(terms[spelled], (term.text,))
    named = {_key(name) for term in terms.values() for name in term.names}
    return [term for key, term in terms.items() if term.names or key not in named]


def _key(text: str) -> str:
    """A term's words, without a last full stop (Ph.D as Ph.D.)."""
    return words_key(text).rstrip(".")


def _named(term: Term, names: Iterable[str]) -> Term:
    # A name that is the term's own words (the profile's Focused Ion Beam) is none.
    others = (name for name in names if _key(name) != _key(term.text))
    merged = tuple(dict.fromkeys([*term.names, *others]))
    return replace(term, names=merged)


def _is_acronym(text: str) -> bool:
    return 2 <= len(text) <= 8 and text.isupper() and text.isalnum()


def _initials(key: str) -> str:
    """The first letters of a Latin term's words: atom probe tomography -> apt."""
    words = key.split()
    return "".join(word[0] for word in words) if len(words) > 1 and not has_cjk(key) else ""


# -- Latin text -----------------------------------------------------------------------------

Kind = Literal["cap", "low", "tech", "stop"]


@dataclass
class _Run:
    kind: Kind
    words: list[str]
    start: int
    end: int
    name: bool = False  # part of an organization's name


def _latin_terms(line: str, reader: _Words) -> Iterator[tuple[int, Term]]:
    """Technical tokens, capitalized phrases that open no sentence, lower-case phrases,
    and what a parenthesized acronym spells; none across punctuation, and none in an
    organization's name."""
    runs = _runs(line, reader)
    for i, run in enumerate(runs):
        if run.kind == "tech" and not run.name:
            yield run.start, Term(run.words[0])
            continue
        after = runs[i + 1] if i + 1 < len(runs) else None
        spelled = _spelled(run, after, line)
        if spelled and after:
            yield run.start, Term(" ".join(spelled), (after.words[0],))
        elif words := _phrase(run, reader):
            yield run.start, Term(" ".join(words))


def _runs(line: str, reader: _Words) -> list[_Run]:
    """The line's tokens as runs of a kind: capitalized words, lower-case words, one
    technical token, one stop word; each marked if it is part of a name."""
    runs: list[_Run] = []
    naming = False
    quoted = _quoted_names(line, reader)
    end = 0
    for start, token_end, token in _tokens(line):
        kind = _kind(token, line, start, reader)
        gap = line[end:start]
        end = token_end
        last = runs[-1] if runs else None
        joined = last is not None and bool(gap) and gap.isspace()
        # A name runs from a capitalized word of an organization (University, Max-Planck-
        # Institut) to punctuation or a lower-case word longer than its of, für and de.
        if not gap.isspace() or (token.islower() and len(token) > 3):
            naming = False
        if token[0].isupper() and reader.organizations & set(token.casefold().split("-")):
            naming = True
        if kind in ("cap", "low") and last and last.kind == kind and joined:
            last.words.append(token)
            last.end = token_end
        else:
            last = _Run(kind, [token], start, token_end)
            runs.append(last)
        last.name = last.name or naming or any(a <= start < b for a, b in quoted)
    return runs


def _quoted_names(line: str, reader: _Words) -> list[tuple[int, int]]:
    """Where the line quotes a name: capitalized words in quotation marks, with no other
    word than stop words (The group "Alloy Design and Microstructure" invites ...). A
    posting quotes the names of its groups, projects and programmes, not what it needs."""
    spans = []
    for match in _QUOTED.finditer(line):
        words = [token for _, _, token in _tokens(match[1])]
        if any(word[0].isupper() for word in words) and all(
            word[0].isupper() or reader.no_term(word) for word in words
        ):
            spans.append(match.span(1))
    return spans


def _names(runs: list[_Run], line: str) -> list[list[str]]:
    """The names in the line, as their words: runs marked as a name, with nothing but
    spaces between them (Karlsruhe Institute, of, Technology); a hyphen's parts are words
    (Max-Planck-Institut)."""
    names: list[list[str]] = []
    last: _Run | None = None
    for run in runs:
        if run.name:
            words = [part for word in run.words for part in word.split("-") if part]
            if last is not None and line[last.end : run.start].isspace():
                names[-1] += words
            else:
                names.append(words)
        last = run if run.name else None
    return names


def _abbreviates(acronym: str, name: list[str], organizations: set[str]) -> bool:
    """Whether ``acronym`` is made of the initials of ``name``, or of its words up to an
    organization's word (Max-Planck-Institut für Eisenforschung: MPI); those of lower-case
    words (of, für) may be left out: KIT and KIoT are Karlsruhe Institute of Technology."""
    ends = {len(name), *(i + 1 for i, word in enumerate(name) if word.casefold() in organizations)}
    return any(_initials_are(acronym.casefold(), name[:end]) for end in ends if end >= 2)


def _initials_are(letters: str, words: list[str]) -> bool:
    # How many letters each way of reading the words so far has matched: one word at a
    # time, not each subset of the lower-case words in turn.
    matched = {0}
    for word in words:
        initial = word[0].casefold()
        matched = {
            *(n + 1 for n in matched if n < len(letters) and letters[n] == initial),
            *(matched if word[0].islower() else ()),
        }
    return len(letters) in matched


def _phrase(run: _Run, reader: _Words) -> list[str]:
    """A capitalized phrase of a few words, not a name; two to four lower-case words (one
    is an ordinary word, five a clause), without a generic noun at their end: "analysis
    code" is what a task makes, not a need."""
    if run.kind == "cap":
        return run.words if len(run.words) <= 5 and not run.name else []
    words = run.words
    while words and words[-1].casefold() in reader.generic:
        words = words[:-1]
    return words if run.kind == "low" and 2 <= len(words) <= 4 else []


def _tokens(line: str) -> Iterator[tuple[int, int, str]]:
    """The line's Latin tokens; Python/MATLAB is two (but CI/CD and TCP/IP are one)."""
    for match in _LATIN_TOKEN.finditer(line):
        token = match[0].rstrip(".")
        if not token:
            continue
        parts = token.split("/")
        if len(parts) > 1 and all(len(part) >= 3 for part in parts):
            at = match.start()
            for part in parts:
                yield at, at + len(part), part
                at += len(part) + 1
        else:
            yield match.start(), match.start() + len(token), token


def _kind(token: str, line: str, start: int, reader: _Words) -> Kind:
    if reader.no_term(token):
        return "stop"
    if token.islower() and token.casefold() in reader.organizations:
        return "stop"  # the department, the institute: no lower-case term holds one
    if _technical(token):
        return "tech"
    if token[0].isupper():
        # A capital that opens a sentence says nothing: "Investigate ...", "Strong ...";
        # but Chinese and Japanese have no capitals: Pythonを用いた, 熟悉 Python.
        opens = not has_cjk(line) and _SENTENCE_START.search(line[:start])
        return "stop" if opens else "cap"
    if token.islower() and re.fullmatch(r"[^\W\d_]+(?:-[^\W\d_]+)*", token):
        return "low"
    return "stop"


def _acronym(acronym: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![{_LATIN}]){re.escape(acronym)}(?![{_LATIN}])")


def _technical(token: str) -> bool:
    """C++, C#, .NET, Node.js, CI/CD, k8s, gRPC, PyTorch, CUDA: no ordinary word looks so."""
    if re.search(r"[+#/]|\w\.\w|\d", token) or token.startswith("."):
        return True
    if len(token) > 1 and token.isupper():
        return True
    return bool(re.search(r"[a-z][A-Z]|^[a-z]+-[A-Z]", token))


def _spelled(run: _Run, after: _Run | None, line: str) -> list[str] | None:
    """The last words of ``run`` that ``after``, an acronym in parentheses right after it,
    spells: "correlative transmission electron microscopy (TEM)" -> transmission electron
    microscopy. Its letters are those of the words in order, the first a word's first."""
    if after is None or after.kind != "tech" or not _is_acronym(after.words[0]) or run.name:
        return None
    if line[run.end : after.start].strip() != "(" or not line[after.end :].lstrip().startswith(")"):
        return None
    acronym = after.words[0]
    for count in range(2, min(len(run.words), len(acronym)) + 1):
        if _spells(acronym, run.words[-count:]):
            return run.words[-count:]
    return None


def _spells(acronym: str, words: list[str]) -> bool:
    """Whether an acronym's letters are in the words in order, the first a word's first
    (TEM: transmission electron microscopy); any acronym spells Chinese words."""
    text = " ".join(words).casefold()
    if has_cjk(text):
        return True
    letters = acronym.casefold()
    rest = iter(text[1:])
    return text[:1] == letters[:1] and all(letter in rest for letter in letters[1:])


# -- CJK text -------------------------------------------------------------------------------


def _cjk_terms(line: str, reader: _Words) -> Iterator[tuple[int, Term]]:
    """Chinese between punctuation, as jieba's words between stop words; Japanese and
    Korean between punctuation, trimmed of stop words."""
    if not has_cjk(line):
        return
    for segment in _CJK_SEGMENT.finditer(line):
        for piece in _CJK_PIECE.finditer(segment[0]):
            start = segment.start() + piece.start()
            if not has_cjk(piece[0]):
                continue
            if _KANA_HANGUL.search(piece[0]):
                trimmed = _trimmed(piece[0], reader.affixes + _single(reader), reader.cjk_generic)
                cut = [(piece[0].find(trimmed), trimmed)] if trimmed else []
            else:
                cut = list(_chinese(piece[0], reader))
            for offset, term in cut:
                if not 2 <= len(term) <= 8 or not has_cjk(term) or reader.no_term(term):
                    continue
                acronym = _ACRONYM_AFTER.match(line, start + offset + len(term))
                yield start + offset, Term(term, (acronym[1],) if acronym else ())


def _single(reader: _Words) -> list[str]:
    return [word for word in reader.stop if len(word) == 1 and has_cjk(word)]


def _chinese(piece: str, reader: _Words) -> Iterator[tuple[int, str]]:
    """The runs of jieba's words between stop words and boilerplate, an organization's
    name cut off their start, stop words off their ends, and a generic noun off the end
    (编写分析程序 is 分析程序: 分析, a stop word, and no term)."""
    run: list[str] = []
    at = start = 0
    segments = reader.segments or _Segments()
    for word in [*segments.words(piece), ""]:
        if word and not reader.no_term(word):
            if not run:
                start = at
            run.append(word)
        elif run:
            text = "".join(run)
            cut = max(
                (text.rfind(o) + len(o) for o in reader.cjk_organizations if o in text), default=0
            )
            trimmed = _trimmed(text[cut:], reader.affixes, reader.cjk_generic)
            if trimmed:
                yield start + text.find(trimmed, cut), trimmed
            run = []
        at += len(word)


def _trimmed(piece: str, affixes: list[str], ends: Iterable[str] = ()) -> str:
    """The piece, ``affixes`` cut off its start and end, and ``ends`` off its end."""
    changed = True
    while changed and piece:
        changed = False
        for affix in affixes:
            if piece.startswith(affix):
                piece, changed = piece[len(affix) :], True
            if piece.endswith(affix):
                piece, changed = piece[: -len(affix)], True
        for end in ends:
            if piece.endswith(end):
                piece, changed = piece[: -len(end)], True
    return piece


class _Segments:
    """jieba's words of each piece of Chinese text, kept in cvtex's cache: a posting checked
    again needs no dictionary, which takes most of a second to load."""

    FILE = "posting-words.json"
    KEPT = 5000  # pieces: a few hundred postings

    def __init__(self) -> None:
        data = cachefiles.read_json(cachefiles.user_folder() / self.FILE)
        fresh = isinstance(data, dict) and data.get("jieba") == _jieba_version()
        pieces = data.get("pieces") if fresh else None
        self.known: dict[str, list[str]] = pieces if isinstance(pieces, dict) else {}
        self.added = False

    def words(self, piece: str) -> list[str]:
        words = self.known.get(piece)
        if not isinstance(words, list) or "".join(words) != piece:
            words = self.known[piece] = _jieba().lcut(piece)
            self.added = True
        return words

    def save(self) -> None:
        if self.added:
            kept = dict(list(self.known.items())[-self.KEPT :])
            data = {"jieba": _jieba_version(), "pieces": kept}
            cachefiles.write_json(cachefiles.user_folder() / self.FILE, data)


@cache
def _jieba_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("jieba")
    except PackageNotFoundError:  # pragma: no cover - jieba is a dependency
        return ""


@cache
def _jieba() -> Tokenizer:
    """jieba's tokenizer, its dictionary's cache in cvtex's (it tells of building it on
    stderr, at its default level)."""
    import jieba

    jieba.setLogLevel(logging.WARNING)
    tokenizer = jieba.Tokenizer()
    if folder := cachefiles.user_subfolder("jieba"):
        tokenizer.tmp_dir = str(folder)
    return tokenizer


@cache
def _whole_words(key: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![{_LATIN}]){re.escape(key)}(?![{_LATIN}+#])")

"""The editor's writes (cvtex/live/yamltext.py): each change rewrites the lines of the changed
value and no other; comments, key order, quoting, flow style and blank lines stay. And,
over 50 random edits made through the API the page uses, every comment stays and only
the edited values change (hypothesis)."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from cvtex.live import yamllayout, yamltext
from cvtex.live.editsession import EditSession
from cvtex.live.yamllayout import read_whole
from cvtex.live.yamltext import CannotWrite

# A profile as people write them: comments above and beside values, flow and block styles,
# quoted and plain scalars, a literal block, entries a blank line apart.
COMMENTED = """\
# My CV: both languages from this one file.
languages: [en, zh]   # the first is the fallback

name: {en: Ann Lee, zh: 李安}  # as each language writes it
headline:
  en: "Engineer: systems"
  zh: '系统工程师'

contacts:
  - {type: email, value: ann@example.com}
  # the phone is for the Chinese CV only
  - type: phone
    value: "+86 100 0000 0000"
    only: [zh]

summary:
  en: |
    I build systems.

    And I test them.
  zh: 我做系统。

# Newest first.
education:
  - institution: {en: Hunan University, zh: 湖南大学}
    degree: {en: B.Eng., zh: 工学学士}  # a bachelor's
    start: 2016-09
    end: 2020

  # the exchange term
  - institution: {en: Kyoto University, zh: 京都大学}
    start: 2019-04
    end: {expected: 2019-09}
    bullets:
      - {en: Networks lab, zh: 网络实验室}
      - Exchange
"""

ORDER = ["institution", "location", "degree", "field", "start", "end", "bullets"]


def diff(before: str, after: str) -> list[str]:
    return [
        line
        for line in difflib.unified_diff(before.splitlines(), after.splitlines(), n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


def data(text: str) -> Any:
    return yamltext.read(text).data


def test_a_text_in_one_language_changes_that_value_only():
    after = yamltext.set_value(COMMENTED, ("education", 0, "institution", "zh"), "湖南大学（长沙）")
    assert diff(COMMENTED, after) == [
        "-  - institution: {en: Hunan University, zh: 湖南大学}",
        "+  - institution: {en: Hunan University, zh: 湖南大学（长沙）}",
    ]


def test_quoting_stays_as_written():
    after = yamltext.set_value(COMMENTED, ("headline", "zh"), "系统工程师，网络")
    assert "  zh: '系统工程师，网络'" in after.splitlines()
    after = yamltext.set_value(COMMENTED, ("headline", "en"), "Engineer")
    assert '  en: "Engineer"' in after.splitlines()
    # A plain value that would read back as something else is quoted.
    after = yamltext.set_value(COMMENTED, ("summary", "zh"), "yes")
    assert data(after)["summary"]["zh"] == "yes"
    after = yamltext.set_value(COMMENTED, ("summary", "zh"), "a: b # c")
    assert data(after)["summary"]["zh"] == "a: b # c"


def test_a_comment_beside_a_value_stays():
    after = yamltext.set_value(COMMENTED, ("education", 0, "degree", "en"), "B.Sc.")
    assert "    degree: {en: B.Sc., zh: 工学学士}  # a bachelor's" in after.splitlines()
    after = yamltext.set_value(COMMENTED, ("name", "zh"), "李安安")
    assert "name: {en: Ann Lee, zh: 李安安}  # as each language writes it" in after.splitlines()


def test_a_literal_block_stays_a_literal_block():
    after = yamltext.set_value(COMMENTED, ("summary", "en"), "I build systems.\n\nAnd ship them.\n")
    assert diff(COMMENTED, after) == ["-    And I test them.", "+    And ship them."]


def test_dates_are_written_as_a_profile_takes_them():
    after = yamltext.set_value(COMMENTED, ("education", 0, "start"), "2016-10-01")
    assert diff(COMMENTED, after) == ["-    start: 2016-09", "+    start: 2016-10-01"]
    after = yamltext.set_value(COMMENTED, ("education", 0, "end"), 2021)
    assert diff(COMMENTED, after) == ["-    end: 2020", "+    end: 2021"]
    after = yamltext.set_value(COMMENTED, ("education", 1, "end"), "present")
    assert diff(COMMENTED, after) == ["-    end: {expected: 2019-09}", "+    end: present"]


def test_a_new_language_joins_the_flow_mapping_in_the_languages_order():
    after = yamltext.set_value(COMMENTED, ("name", "zh-TW"), "李安", ["en", "zh", "zh-TW"])
    assert "name: {en: Ann Lee, zh: 李安, zh-TW: 李安}  # as each language writes it" in after


def test_a_new_key_goes_where_the_schema_puts_it():
    after = yamltext.set_value(
        COMMENTED, ("education", 0, "field"), {"en": "CS", "zh": "计算机"}, ORDER
    )
    assert diff(COMMENTED, after) == ["+    field: {en: CS, zh: 计算机}"]
    assert after.index("field:") > after.index("degree:") and after.index("field:") < after.index(
        "start: 2016-09"
    )
    # Before the first key, which stands on its entry's dash line.
    after = yamltext.set_value(COMMENTED, ("education", 1, "tags"), ["early"], ["tags", *ORDER])
    assert "  - tags: [early]\n    institution: {en: Kyoto University" in after


def test_a_text_splits_into_languages_and_back():
    path = ("education", 1, "bullets", 1)
    split = yamltext.set_value(COMMENTED, path, {"en": "Exchange", "zh": "交换"})
    assert diff(COMMENTED, split) == ["-      - Exchange", "+      - {en: Exchange, zh: 交换}"]
    joined = yamltext.set_value(split, path, "Exchange")
    assert joined == COMMENTED


def test_an_entry_is_added_with_the_files_indentation_and_blank_lines():
    entry = {"institution": {"en": "MIT", "zh": "麻省理工"}, "start": 2021}
    after = yamltext.insert(COMMENTED, ("education",), 2, entry)
    assert after == COMMENTED + ("\n  - institution: {en: MIT, zh: 麻省理工}\n    start: 2021\n")
    first = yamltext.insert(COMMENTED, ("education",), 0, entry)
    assert "education:\n  - institution: {en: MIT, zh: 麻省理工}\n    start: 2021\n\n" in first
    assert data(first)["education"][1]["institution"]["en"] == "Hunan University"


def test_an_entry_moves_with_its_comments_and_its_blank_line():
    after = yamltext.move(COMMENTED, ("education",), 1, 0)
    moved = after[after.index("education:") :]
    assert moved.startswith("education:\n  # the exchange term\n  - institution: {en: Kyoto")
    assert "      - Exchange\n\n  - institution: {en: Hunan University" in moved
    assert sorted(after.splitlines()) == sorted(COMMENTED.splitlines())
    assert yamltext.move(after, ("education",), 0, 1) == COMMENTED


def test_a_block_scalars_line_that_begins_with_a_hash_is_its_text_not_a_comment():
    # Found by the fifty random edits: the item above the comment ends in a block scalar
    # whose last line begins with "#", which was taken for a comment of the item moved.
    text = (
        "contacts:\n"
        "  - value: |-\n      first\n      #second\n"
        "  # the phone is for the Chinese CV only\n"
        "  - {type: phone, only: [zh]}\n"
        "  - {type: email}\n"
    )
    moved = yamltext.move(text, ("contacts",), 1, 2)
    assert moved == (
        "contacts:\n"
        "  - value: |-\n      first\n      #second\n"
        "  - {type: email}\n"
        "  # the phone is for the Chinese CV only\n"
        "  - {type: phone, only: [zh]}\n"
    )
    assert yamltext.move(moved, ("contacts",), 2, 1) == text


def test_an_entry_is_removed_with_its_lines_only():
    after = yamltext.delete(COMMENTED, ("contacts", 1))
    assert diff(COMMENTED, after) == [
        "-  # the phone is for the Chinese CV only",
        "-  - type: phone",
        '-    value: "+86 100 0000 0000"',
        "-    only: [zh]",
    ]
    after = yamltext.delete(COMMENTED, ("education", 0, "degree"))
    assert diff(COMMENTED, after) == ["-    degree: {en: B.Eng., zh: 工学学士}  # a bachelor's"]
    after = yamltext.delete(COMMENTED, ("education", 0, "institution"))
    assert "  - degree: {en: B.Eng., zh: 工学学士}" in after


def test_flow_lists_change_in_place():
    after = yamltext.insert(COMMENTED, ("languages",), 2, "zh-TW")
    assert "languages: [en, zh, zh-TW]   # the first is the fallback" in after
    assert yamltext.move(COMMENTED, ("languages",), 0, 1).startswith(
        "# My CV: both languages from this one file.\nlanguages: [zh, en]   #"
    )
    assert "name: {en: Ann Lee}" in yamltext.delete(COMMENTED, ("name", "zh"))


def test_a_key_is_renamed_where_it_stands():
    after = yamltext.rename(COMMENTED, ("headline",), "summary_line")
    assert diff(COMMENTED, after) == ["-headline:", "+summary_line:"]
    with pytest.raises(CannotWrite):
        yamltext.rename(COMMENTED, ("headline",), "summary")


def test_a_value_not_in_the_file_is_refused():
    with pytest.raises(CannotWrite):
        yamltext.delete(COMMENTED, ("awards", 0))
    with pytest.raises(CannotWrite):
        yamltext.move(COMMENTED, ("education",), 0, 5)


# --- 50 random edits through the session, as the page makes them ----------------------------


def comments(text: str) -> list[str]:
    """Every comment of the file: a # outside every key and value, after a space or at a
    line's start, to the end of its line."""
    layout = yamltext.read(text)
    written = [(node.start, node.end) for node in layout.nodes.values() if node.kind == "scalar"]
    written += [
        (node.key_start, node.key_end)
        for node in layout.nodes.values()
        if node.key_start is not None and node.key_end is not None
    ]
    found = []
    at = text.find("#")
    while at >= 0:
        after_space = at == 0 or text[at - 1] in " \t\n"
        if after_space and not any(start <= at < end for start, end in written):
            end = text.find("\n", at)
            end = len(text) if end < 0 else end
            found.append(text[at:end])
            at = end
        at = text.find("#", at + 1)
    return found


TEXTS = st.text(
    alphabet=st.sampled_from(list("abc XYZ:#'\"-,.{}[]!&*|>%@`?中文简历（），：、\n")),
    min_size=1,
    max_size=24,
).filter(lambda text: text.strip() == text and "\n\n" not in text)


def scalar_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [found for key, item in value.items() for found in scalar_paths(item, (*path, key))]
    if isinstance(value, list):
        return [
            found
            for index, item in enumerate(value)
            for found in scalar_paths(item, (*path, index))
        ]
    return [path]


def lists(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if isinstance(value, list) else []
    if isinstance(value, dict):
        found += [inner for key, item in value.items() for inner in lists(item, (*path, key))]
    elif isinstance(value, list):
        found += [
            inner for index, item in enumerate(value) for inner in lists(item, (*path, index))
        ]
    return found


@st.composite
def edits(draw: st.DrawFn, text: str) -> dict[str, Any]:
    document = data(text)
    kinds = ["text", "text", "text", "date", "language", "move", "insert", "delete"]
    kind = draw(st.sampled_from(kinds))
    deletable = uncommented_entries(text)
    if kind == "delete" and deletable:
        return {"op": "delete", "path": list(draw(st.sampled_from(deletable)))}
    candidates = [path for path in lists(document) if len(yamltext_at(document, path)) >= 2]
    if kind in ("move", "insert", "delete") and candidates:
        path = draw(st.sampled_from(candidates))
        size = len(yamltext_at(document, path))
        if kind != "insert":
            source = draw(st.integers(0, size - 1))
            target = draw(st.integers(0, size - 1))
            return {"op": "move", "path": list(path), "from": source, "to": target}
        first = yamltext_at(document, (*path, 0))
        value = {next(iter(first)): draw(TEXTS)} if isinstance(first, dict) else draw(TEXTS)
        return {"op": "insert", "path": list(path), "index": size, "value": value}
    entries = [
        index for index, item in enumerate(document.get("education", [])) if isinstance(item, dict)
    ]
    if kind == "date" and entries:
        date = draw(st.sampled_from(["2019", "2019-04", "2021-12-31", "present"]))
        entry = draw(st.sampled_from(entries))
        value: Any = int(date) if date.isdigit() else date
        return {"op": "set", "path": ["education", entry, "end"], "value": value}
    if kind == "language":
        return {
            "op": "set",
            "path": ["name", "zh-TW"],
            "value": draw(TEXTS),
            "order": ["en", "zh", "zh-TW"],
        }
    strings = [
        path for path in scalar_paths(document) if isinstance(yamltext_at(document, path), str)
    ]
    path = draw(st.sampled_from(strings))
    return {"op": "set", "path": list(path), "value": draw(TEXTS)}


def lines_of(text: str, path: tuple[Any, ...]) -> tuple[int, int]:
    """The first and last line (0-based) a value is written on, with its key; for a key
    not written yet, those of the mapping it goes into."""
    layout = yamltext.read(text)
    while path not in layout.nodes:
        path = path[:-1]
    node = layout.nodes[path]
    start = node.entry_start if path else 0
    return text.count("\n", 0, start), text.count("\n", 0, max(start, node.entry_end - 1))


def yamltext_at(document: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        document = document[part]
    return document


def uncommented_entries(text: str) -> list[tuple[Any, ...]]:
    """The list items and keys (not at the top level, not the last of their mapping or list)
    with no comment on their lines or right above them: removing one must keep every
    comment of the file."""
    layout = yamltext.read(text)
    lines = text.splitlines()
    found = []
    for path, node in layout.nodes.items():
        parent = layout.nodes.get(path[:-1])
        if len(path) < 2 or parent is None or len(parent.children) < 2:
            continue
        first = text.count("\n", 0, node.entry_start)
        last = text.count("\n", 0, max(node.entry_start, node.entry_end - 1))
        around = lines[max(0, first - 1) : last + 1]
        if not any("#" in line for line in around):
            found.append(path)
    return found


def expected_after(document: Any, edit: dict[str, Any]) -> Any:
    import json

    copy = json.loads(json.dumps(document))
    path = edit["path"]
    if edit["op"] == "delete":
        del yamltext_at(copy, path[:-1])[path[-1]]
        return copy
    parent = yamltext_at(copy, path[:-1]) if edit["op"] == "set" else yamltext_at(copy, path)
    if edit["op"] == "set":
        parent[path[-1]] = edit["value"]
    elif edit["op"] == "move":
        parent.insert(edit["to"], parent.pop(edit["from"]))
    else:
        parent.insert(edit["index"], edit["value"])
    return copy


@settings(
    max_examples=12,
    deadline=None,
    # A failure prints its 50 edits; shrinking sequences this long takes many minutes.
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.data())
def test_fifty_random_edits_keep_every_comment_and_change_only_the_edited_values(
    tmp_path: Path, data: st.DataObject
):
    profile = tmp_path / "cv.yaml"
    profile.write_text(COMMENTED, encoding="utf-8")
    session = EditSession(profile)
    original_comments = sorted(comments(COMMENTED))
    for _ in range(50):
        before = profile.read_text(encoding="utf-8")
        edit = data.draw(edits(before))
        outcome = session.apply(session.current.number, [edit], "page-test")
        assert outcome.conflicts == []
        after = profile.read_text(encoding="utf-8")
        # Exactly the edit, nothing else, in the data (dates as written)...
        assert yamltext.same(read_whole(after).data, expected_after(read_whole(before).data, edit))
        # ... every comment kept ...
        assert sorted(comments(after)) == original_comments
        # ... and the lines around the edited value left as they were.
        if edit["op"] == "set":
            first, last = lines_of(before, tuple(edit["path"]))
            matcher = difflib.SequenceMatcher(None, before.splitlines(), after.splitlines())
            for tag, start, end, _, _ in matcher.get_opcodes():
                if tag != "equal":
                    assert first <= start and end <= last + 1, (edit, diff(before, after))
        yaml.safe_load(after)  # any YAML reader reads it
    assert session.backup is not None and session.backup.read_text(encoding="utf-8") == COMMENTED


# --- a change read again where it changed, as it reads whole --------------------------------

# What the parts of a file read again alone must read as in place: lists not indented under
# their key, a kept block scalar's trailing lines, comments between and after entries, a
# value written as nothing.
ODD = """\
languages: [en, zh]
name: {en: Ann Lee, zh: 李安}
skills:
- {en: Rust, zh: Rust}
- Go
# between two keys
summary:
  en: |+
    Kept lines.

  zh: 摘要
publications:
  - title: {en: "Fast: kernels", zh: 快速内核}   # one
    year: 2020
    venue:

  # the second
  - title: {en: Slow kernels, zh: 慢速内核}
    year: 2021
tail: end
"""


@settings(
    max_examples=10,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.data(), st.sampled_from([COMMENTED, ODD]))
def test_each_changed_text_read_again_where_it_changed_reads_as_it_does_whole(
    tmp_path: Path, data: st.DataObject, start: str
):
    """The editor reads a change back only around it (yamllayout.reread): the data and the
    place of every value must be exactly what reading the whole text gives."""
    profile = tmp_path / "cv.yaml"
    profile.write_text(start, encoding="utf-8")
    session = EditSession(profile)
    for _ in range(40):
        edit = data.draw(edits(session.current.text))
        session.apply(session.current.number, [edit], "page-test")
        text = session.current.text
        remembered, whole = yamltext.read(text), read_whole(text)
        assert yamltext.same(remembered.data, whole.data), edit
        assert dict(remembered.nodes.items()) == whole.nodes, edit
        assert yamltext.same(session.current.data, whole.data)


def test_a_value_of_a_long_list_is_read_again_alone(monkeypatch):
    entries = "".join(
        f"  - title: {{en: Paper {number}, zh: 论文{number}}}\n    year: {2000 + number % 20}\n"
        for number in range(400)
    )
    text = "languages: [en, zh]\nname: Ann\npublications:\n" + entries + "tail: 1\n"
    read_whole(text)
    yamltext.read(text)
    sizes = []
    real = yamllayout.read_whole
    monkeypatch.setattr(
        yamllayout, "read_whole", lambda part: sizes.append(len(part)) or real(part)
    )
    for number in (0, 137, 399):
        text = yamltext.set_value(
            text, ("publications", number, "title", "zh"), f"论文 {number}：新"
        )
        whole = real(text)
        assert yamltext.same(yamltext.read(text).data, whole.data)
        assert dict(yamltext.read(text).nodes.items()) == whole.nodes
    # Each check read one entry's lines, not the list.
    assert sizes and max(sizes) < 100, sizes


def test_a_key_written_twice_is_read_whole_where_the_later_one_counts():
    text = "name: Ann\nitems:\n  - year: 2021\n    year: 2022\n  - year: 1\n"
    yamltext.read(text)
    changed = yamltext.set_value(text, ("items", 0, "year"), 2023)
    assert changed == text.replace("2022", "2023")
    assert yamltext.same(yamltext.read(changed).data, read_whole(changed).data)
    assert dict(yamltext.read(changed).nodes.items()) == read_whole(changed).nodes

"""The edit session (cvtex/live/editsession.py): another writer's changes are taken, a value
changed in both places is a conflict and is never overwritten, one backup a session, and a
session that changes nothing leaves the file as it was, byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from cvtex.errors import InputError
from cvtex.live import yamllayout
from cvtex.live.editsession import EditSession

from .editing import PROFILE


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    file = tmp_path / "cv.yaml"
    file.write_text(PROFILE, encoding="utf-8")
    return file


def set_(path: list[object], value: object) -> dict[str, object]:
    return {"op": "set", "path": path, "value": value}


def test_a_value_changed_in_both_places_is_a_conflict(profile):
    session = EditSession(profile)
    seen = session.current.number
    theirs = PROFILE.replace("{en: B.Eng.,", "{en: BEng,")
    profile.write_text(theirs, encoding="utf-8")
    outcome = session.apply(
        seen,
        [set_(["education", 0, "degree", "en"], "B.Sc."), set_(["name", "zh"], "李安安")],
        "page",
    )
    assert outcome.conflicts == [
        {
            "path": ["education", 0, "degree", "en"],
            "mine": "B.Sc.",
            "theirs": "BEng",
            "absent": False,
            "op": "set",
        }
    ]
    text = profile.read_text(encoding="utf-8")
    assert "{en: BEng, zh: 工学学士}" in text  # theirs kept
    assert "name: {en: Ann Lee, zh: 李安安}" in text  # the other change made on theirs


def test_an_edit_inside_a_list_that_changed_length_is_a_conflict(profile):
    session = EditSession(profile)
    seen = session.current.number
    # Another writer adds an entry at the top: "education 1" is another entry now.
    profile.write_text(
        PROFILE.replace("education:\n", "education:\n  - institution: {en: MIT, zh: 麻省理工}\n\n"),
        encoding="utf-8",
    )
    outcome = session.apply(seen, [set_(["education", 0, "start"], 2017)], "page")
    assert [conflict["path"] for conflict in outcome.conflicts] == [["education", 0, "start"]]
    assert "start: 2017" not in profile.read_text(encoding="utf-8")


def test_the_same_edit_made_in_both_places_is_no_conflict(profile):
    session = EditSession(profile)
    seen = session.current.number
    theirs = PROFILE.replace("zh: 李安}", "zh: 李安安}")
    profile.write_text(theirs, encoding="utf-8")
    outcome = session.apply(seen, [set_(["name", "zh"], "李安安")], "page")
    assert outcome.conflicts == [] and profile.read_text(encoding="utf-8") == theirs
    assert session.backup is None  # nothing written by the session


def test_one_backup_a_session_never_over_an_earlier_one_and_none_without_a_change(profile):
    session = EditSession(profile)
    outcome = session.apply(session.current.number, [set_(["name", "en"], "Ann")], "page")
    session.apply(outcome.revision, [set_(["name", "en"], "Ann B.")], "page")
    assert session.backup == profile.with_name("cv.yaml.bak")
    assert session.backup.read_text(encoding="utf-8") == PROFILE
    assert sorted(path.name for path in profile.parent.iterdir()) == ["cv.yaml", "cv.yaml.bak"]
    # An edit undone: the file is as it was, byte for byte.
    session.apply(session.current.number, [set_(["name", "en"], "Ann Lee")], "page")
    assert profile.read_bytes() == PROFILE.encode()
    # A second session keeps the file as it was before it in a copy of its own: the first
    # session's copy, the original, stays.
    profile.write_text(PROFILE.replace("Ann Lee", "Ann B. Lee"), encoding="utf-8")
    second = EditSession(profile)
    second.apply(second.current.number, [set_(["name", "en"], "A. Lee")], "page")
    assert second.backup == profile.with_name("cv.yaml.bak2")
    assert "Ann B. Lee" in second.backup.read_text(encoding="utf-8")
    assert profile.with_name("cv.yaml.bak").read_text(encoding="utf-8") == PROFILE
    names = ["cv.yaml", "cv.yaml.bak", "cv.yaml.bak2"]
    assert sorted(path.name for path in profile.parent.iterdir()) == names
    # A third session on a file its newest copy holds already makes no other copy.
    profile.write_text(PROFILE.replace("Ann Lee", "Ann B. Lee"), encoding="utf-8")
    third = EditSession(profile)
    third.apply(third.current.number, [set_(["name", "en"], "A. B. Lee")], "page")
    assert third.backup == profile.with_name("cv.yaml.bak2")
    assert sorted(path.name for path in profile.parent.iterdir()) == names


def test_a_session_that_changes_nothing_writes_nothing(profile):
    stat = profile.stat()
    session = EditSession(profile)
    outcome = session.apply(session.current.number, [set_(["name", "en"], "Ann Lee")], "page")
    assert outcome.revision == 1 and session.backup is None
    assert profile.read_bytes() == PROFILE.encode()
    assert profile.stat().st_mtime_ns == stat.st_mtime_ns


def test_a_file_that_is_not_yaml_now_is_not_written(profile):
    session = EditSession(profile)
    profile.write_text(PROFILE + "skills: [\n", encoding="utf-8")
    assert session.refresh() is not None and session.current.error
    with pytest.raises(InputError, match="not valid YAML now"):
        session.apply(session.current.number, [set_(["name", "en"], "Ann")], "page")
    assert profile.read_text(encoding="utf-8").endswith("skills: [\n")


def test_a_file_emptied_for_a_moment_by_a_program_writing_it_is_not_shown(profile, monkeypatch):
    """A program saving in place truncates the file, then writes it: a look in between read
    an empty profile, and the page emptied its form (test_edit_page's save made elsewhere,
    under load). An empty file is taken once it has stayed so for EMPTY_SETTLE seconds."""
    from cvtex.live import editsession

    clock = [100.0]
    monkeypatch.setattr(editsession.time, "monotonic", lambda: clock[0])
    session = EditSession(profile)
    with profile.open("w", encoding="utf-8"):  # truncated, not yet written
        assert session.refresh() is None and session.current.number == 1
        clock[0] += editsession.EMPTY_SETTLE / 2
        assert session.refresh() is None
    profile.write_text(PROFILE.replace("Ann Lee", "Ann Li"), encoding="utf-8")
    revision = session.refresh()
    assert revision is not None and revision.data["name"]["en"] == "Ann Li"
    # Emptied for good: shown once it has stayed empty.
    profile.write_text("", encoding="utf-8")
    assert session.refresh() is None
    clock[0] += editsession.EMPTY_SETTLE
    revision = session.refresh()
    assert revision is not None and revision.text == "" and revision.data is None


def test_each_revision_is_known_by_the_stamp_a_build_sees(profile):
    import os

    session = EditSession(profile)
    outcome = session.apply(1, [set_(["name", "en"], "Ann")], "page")
    stat = os.stat(profile)
    assert session.revision_stamped((stat.st_mtime_ns, stat.st_size, stat.st_ino)) == (
        outcome.revision
    )


def test_a_long_session_holds_a_few_revisions_not_one_per_edit(tmp_path):
    import tracemalloc

    entries = "".join(
        f"  - {{title: {{en: Paper {number} on fast kernels, zh: 论文{number}}}, year: 2020}}\n"
        for number in range(150)
    )
    profile = tmp_path / "cv.yaml"
    profile.write_text(PROFILE + "publications:\n" + entries, encoding="utf-8")
    session = EditSession(profile)
    # Settled once the places read back after the edits have been gathered into a map of
    # their own (yamllayout: every _LINKS changes), beside the one kept from the opening.
    settle = yamllayout._LINKS + 9
    tracemalloc.start()
    try:
        for number in range(settle + 31):
            change = set_(["name", "en"], f"Ann {number}")
            session.apply(session.current.number, [change], "page")
            if number == settle:
                settled = tracemalloc.get_traced_memory()[0]
        grown = tracemalloc.get_traced_memory()[0] - settled
    finally:
        tracemalloc.stop()
    one = len(profile.read_bytes())
    # Thirty more edits: no more than a few copies of the file's text and data (kept whole,
    # each would add its own: thirty copies).
    assert grown < 10 * one, (grown, one)
    assert session.revision(1) is None and session.revision(session.current.number - 1)


def test_a_value_put_back_or_undone_gets_its_bytes_back(profile):
    """Quotes, the comment on its line and above it: as the file was opened."""
    session = EditSession(profile)
    entry = {
        "institution": {"en": "Kyoto University", "zh": "京都大学"},
        "start": "2019-04",
        "end": "2019-09",
        "bullets": [{"en": "Networks lab", "zh": "网络实验室"}, "Exchange"],
    }
    order = ["institution", "degree", "field", "start", "end"]
    rounds = [
        # A plain text that needed quotes for a while, then typed back.
        ([set_(["name", "zh"], "李 安: x")], [set_(["name", "zh"], "李安")]),
        # Removed, then put back by Undo: '系统工程师' keeps its quotes.
        (
            [{"op": "delete", "path": ["headline", "zh"]}],
            [{**set_(["headline", "zh"], "系统工程师"), "order": ["en", "zh"]}],
        ),
        # A field and its comment at the line's end.
        (
            [{"op": "delete", "path": ["education", 0, "degree"]}],
            [
                {
                    **set_(["education", 0, "degree"], {"en": "B.Eng.", "zh": "工学学士"}),
                    "order": order,
                }
            ],
        ),
        # An entry removed and inserted back: the comment above it and the blank line.
        (
            [{"op": "delete", "path": ["education", 1]}],
            [{"op": "insert", "path": ["education"], "index": 1, "value": entry}],
        ),
    ]
    for change, back in rounds:
        session.apply(session.current.number, change, "page")
        assert profile.read_text(encoding="utf-8") != PROFILE, change
        session.apply(session.current.number, back, "page")
        assert profile.read_text(encoding="utf-8") == PROFILE, back


def test_a_save_landing_right_after_the_session_s_write_is_read(profile):
    """Another program's save between the session's write and its look at the file's stamp
    is not taken for the session's own revision: the next look reads it."""
    session = EditSession(profile)
    theirs = PROFILE.replace("{en: B.Eng.,", "{en: BEng,")
    user = session._user
    write = user.write

    def written_then_saved_over(text, *args, **kwargs):
        backup = write(text, *args, **kwargs)
        beside = profile.with_name(".cv.yaml.other-program")
        beside.write_text(theirs, encoding="utf-8")
        beside.replace(profile)  # as an editor saves: a new file renamed over it
        return backup

    user.write = written_then_saved_over  # type: ignore[method-assign]
    session.apply(session.current.number, [set_(["name", "zh"], "李安安")], "page")
    user.write = write  # type: ignore[method-assign]
    assert session.refresh() is not None
    assert session.current.text == theirs == profile.read_text(encoding="utf-8")

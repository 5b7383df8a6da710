"""Every writer of a user's file writes it one way (cvtex/userfile.py): the editor's session,
`translate draft`, `translate accept` and `import --into`, each on real files: a 0600
profile, a read-only one, a link, CRLF line endings, a disk that fills up while the copy is
written, and a second run that must not replace the first run's copy."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.errors import CvtexError
from cvtex.live.editsession import EditSession
from cvtex.userfile import ChangedMeanwhile, UserFile

PROFILE = """\
# Ann's CV.
languages: [en, zh]
name: {en: Ann Lee, zh: 李安}
headline: {en: Engineer, zh: {draft: 工程师, from: memory}}

experience:
  - title: {en: Intern, zh: 实习生}
    organization: Tencent   # drafted from the entry below
    start: 2023
  - title: {en: Engineer, zh: 工程师}
    organization: {en: Tencent, zh: 腾讯}
    start: 2024
"""

BIB = """\
@article{lee2024,
  author = {Lee, Ann},
  title = {Fast Kernels},
  journal = {Journal of Things},
  year = {2024},
}
"""


def _cli(*args: object) -> tuple[bool, str]:
    result = CliRunner().invoke(main, [str(arg) for arg in args])
    return result.exit_code == 0, result.output


def edit(file: Path) -> tuple[bool, str]:
    try:
        session = EditSession(file)
        change = {"op": "set", "path": ["name", "en"], "value": "Ann B. Lee"}
        session.apply(session.current.number, [change], "page")
    except CvtexError as exc:
        return False, str(exc)
    return True, ""


def draft(file: Path) -> tuple[bool, str]:
    return _cli("translate", "draft", file, "--lang", "zh")


def accept(file: Path) -> tuple[bool, str]:
    return _cli("translate", "accept", file)


def import_into(file: Path) -> tuple[bool, str]:
    bib = file.parent / "refs.bib"
    if not bib.exists():
        bib.write_text(BIB, encoding="utf-8")
    return _cli("import", bib, "--into", file)


WRITERS: dict[str, Callable[[Path], tuple[bool, str]]] = {
    "edit": edit,
    "draft": draft,
    "accept": accept,
    "import --into": import_into,
}
writers = pytest.mark.parametrize("write", WRITERS.values(), ids=WRITERS.keys())


@pytest.fixture
def profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CVTEX_CACHE_DIR", str(tmp_path / "cache"))
    file = tmp_path / "cv.yaml"
    file.write_text(PROFILE, encoding="utf-8")
    return file


def backups(file: Path) -> list[str]:
    return sorted(path.name for path in file.parent.glob(f"{file.name}.bak*"))


@writers
def test_a_0600_profile_stays_0600_and_so_does_its_copy(write, profile):
    profile.chmod(0o600)
    ok, said = write(profile)
    assert ok, said
    assert profile.read_text(encoding="utf-8") != PROFILE
    assert profile.stat().st_mode & 0o777 == 0o600
    copy = profile.with_name("cv.yaml.bak")
    assert copy.read_text(encoding="utf-8") == PROFILE
    assert copy.stat().st_mode & 0o777 == 0o600
    assert not [path for path in profile.parent.iterdir() if "cvtex-" in path.name]


@writers
def test_a_read_only_profile_is_refused_and_left_alone(write, profile):
    profile.chmod(0o444)
    ok, said = write(profile)
    assert not ok
    assert "read-only" in said and "chmod u+w" in said and "Traceback" not in said
    assert profile.read_text(encoding="utf-8") == PROFILE
    assert backups(profile) == []


@writers
def test_a_linked_profile_is_written_through_the_link(write, profile, tmp_path):
    kept = tmp_path / "dotfiles"
    kept.mkdir()
    real = kept / "cv.yaml"
    profile.rename(real)
    profile.symlink_to(real)
    ok, said = write(profile)
    assert ok, said
    assert profile.is_symlink() and profile.resolve() == real
    assert real.read_text(encoding="utf-8") != PROFILE
    assert real.with_name("cv.yaml.bak").read_text(encoding="utf-8") == PROFILE


@writers
def test_a_crlf_profile_keeps_crlf_and_its_other_lines_byte_for_byte(write, profile):
    original = PROFILE.replace("\n", "\r\n").encode()
    profile.write_bytes(original)
    ok, said = write(profile)
    assert ok, said
    after = profile.read_bytes()
    assert after != original
    assert after.count(b"\n") == after.count(b"\r\n")  # every line ends in CRLF
    old_lines, new_lines = original.split(b"\r\n"), after.split(b"\r\n")
    kept = sum(1 for line in old_lines if line in new_lines)
    assert kept >= len(old_lines) - 2  # the changed lines only
    assert profile.with_name("cv.yaml.bak").read_bytes() == original


def test_a_mixed_file_keeps_each_lines_own_ending(profile):
    lines = PROFILE.splitlines(keepends=True)
    mixed = "".join(
        line.replace("\n", "\r\n") if index % 2 else line for index, line in enumerate(lines)
    )
    profile.write_bytes(mixed.encode())
    assert edit(profile)[0]
    after = profile.read_bytes().decode()
    assert after == mixed.replace("{en: Ann Lee,", "{en: Ann B. Lee,")


def test_a_second_run_keeps_the_first_runs_copy(profile):
    assert accept(profile)[0]
    accepted = profile.read_text(encoding="utf-8")
    assert draft(profile)[0]
    assert backups(profile) == ["cv.yaml.bak", "cv.yaml.bak2"]
    assert profile.with_name("cv.yaml.bak").read_text(encoding="utf-8") == PROFILE
    assert profile.with_name("cv.yaml.bak2").read_text(encoding="utf-8") == accepted
    assert edit(profile)[0]
    assert backups(profile) == ["cv.yaml.bak", "cv.yaml.bak2", "cv.yaml.bak3"]


@contextlib.contextmanager
def small_disk(
    folder: Path, size: int, files: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """A folder holding ``files`` on a disk of ``size`` bytes: a tmpfs of that size where
    this machine lets the tests mount one, else the same limit at the OS boundary: os.write
    refuses with ENOSPC (after a short write, as a filling disk does) what would go past it,
    for the files in that folder."""
    disk = folder / "disk"
    disk.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(disk)]
    mounted = subprocess.run(mount, capture_output=True).returncode == 0
    for name, text in files.items():
        (disk / name).write_text(text, encoding="utf-8")
    if not mounted:
        real_write = os.write
        left = [size - sum(len(text.encode()) for text in files.values())]

        def write(descriptor: int, data: bytes) -> int:
            try:
                where = os.readlink(f"/proc/self/fd/{descriptor}")
            except OSError:
                where = ""
            if where.startswith(str(disk)):
                if left[0] <= 0:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                data = bytes(data)[: left[0]]
                left[0] -= len(data)
            return real_write(descriptor, data)

        monkeypatch.setattr(os, "write", write)
    try:
        yield disk
    finally:
        monkeypatch.undo()
        if mounted:
            subprocess.run(["umount", str(disk)], check=False)


@writers
def test_a_full_disk_leaves_no_truncated_copy_and_the_profile_as_it_was(
    write, tmp_path, monkeypatch
):
    monkeypatch.setenv("CVTEX_CACHE_DIR", str(tmp_path / "cache"))
    # A long profile: it fits once on the disk, not twice.
    text = PROFILE + "".join(f"# note {number:05d} {'x' * 60}\n" for number in range(500))
    size = 64 * 1024
    assert size / 2 < len(text.encode()) < size - 16 * 1024
    files = {"cv.yaml": text, "refs.bib": BIB}
    with small_disk(tmp_path, size, files, monkeypatch) as disk:
        profile = disk / "cv.yaml"
        ok, said = write(profile)
        assert not ok, said
        assert "cannot write its copy of" in said and "Traceback" not in said
        assert profile.read_text(encoding="utf-8") == text
        assert backups(profile) == []
        assert sorted(path.name for path in disk.iterdir()) == ["cv.yaml", "refs.bib"]


def test_a_save_made_after_the_file_was_read_is_never_overwritten(profile):
    read = UserFile.read(profile)
    theirs = PROFILE.replace("Ann Lee", "Ann Q. Lee")
    profile.write_text(theirs, encoding="utf-8")
    with pytest.raises(ChangedMeanwhile, match="saved by another program"):
        read.write(read.text.replace("Intern", "Trainee"))
    assert profile.read_text(encoding="utf-8") == theirs
    assert backups(profile) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a swap in one step: Linux")
@pytest.mark.parametrize("swapped_back", [True, False], ids=["swapped back", "renamed back"])
def test_a_save_landing_between_the_last_look_and_the_rename_is_put_back(
    profile, monkeypatch, swapped_back
):
    # The instant between the look and the rename, made to hold a save by another program
    # (a thread of cvtex's editor can wait that long for Python's lock): the swap that
    # replaces the file finds their save where it expected what it read, and undoes itself.
    # Before, the rename went ahead and their save was lost (test_edit_faults' save during
    # a change, now and then on a busy machine).
    from cvtex import atomic

    read = UserFile.read(profile)
    theirs = PROFILE.replace("Ann Lee", "Ann Q. Lee")
    swap = atomic._exchange

    swaps = []

    def saved_just_before(one: Path, other: Path) -> bool:
        swaps.append(one)
        if len(swaps) == 1:  # the swap that would put the new file in place
            beside = profile.with_name(".cv.yaml.other-program")
            beside.write_text(theirs, encoding="utf-8")
            os.replace(beside, profile)
        elif not swapped_back:
            return False  # the swap back refused: their file is renamed back instead
        return swap(one, other)

    monkeypatch.setattr(atomic, "_exchange", saved_just_before)
    with pytest.raises(ChangedMeanwhile, match="saved by another program"):
        read.write(read.text.replace("Intern", "Trainee"))
    assert profile.read_text(encoding="utf-8") == theirs
    assert sorted(path.name for path in profile.parent.iterdir() if "cv.yaml" in path.name) == [
        "cv.yaml",
        "cv.yaml.bak",  # the copy of the file as cvtex read it, kept before its first write
    ]


def test_cvtexs_own_import_is_merged_into_without_a_note_or_another_line_touched(tmp_path):
    profile = tmp_path / "cv.yaml"
    resume = Path(__file__).resolve().parents[2].parent / "shared/jsonresume/sample.resume.json"
    ok, said = _cli("import", resume, "-o", profile)
    assert ok, said
    imported = profile.read_text(encoding="utf-8").replace("languages: [en]", "languages: [en, zh]")
    profile.write_text(imported, encoding="utf-8")
    texts = tmp_path / "t.yaml"
    assert _cli("translate", "export", profile, "--lang", "zh", "-o", texts)[0]
    filled = texts.read_text(encoding="utf-8").replace(
        "- en: Programmer\n  zh:\n", "- en: Programmer\n  zh: 程序员\n"
    )
    texts.write_text(filled, encoding="utf-8")
    result = CliRunner().invoke(main, ["translate", "merge", str(profile), str(texts)])
    assert result.exit_code == 0, result.output
    assert "note:" not in result.output and "indentation style" not in result.output
    after = profile.read_text(encoding="utf-8").splitlines()
    before = imported.splitlines()
    changed = [line for line in after if line not in before]
    assert changed == ["headline: {en: Programmer, zh: 程序员}"]
    assert len(after) == len(before)


def test_the_temporary_file_is_never_readable_by_others(profile):
    """Private from its first byte, then the target's mode: the instant before the rename,
    a 0600 file's temporary is 0600 too (it was 0644 for a moment)."""
    from cvtex import atomic

    profile.chmod(0o600)
    seen = []

    def look(path: Path) -> None:
        if path != profile:
            return  # asked again of the file a swap put aside (atomic._replace_unchanged)
        seen.extend(
            path.stat().st_mode & 0o777
            for path in profile.parent.iterdir()
            if path.name.endswith(".cvtex-tmp")
        )

    atomic.write_bytes(profile, b"languages: [en]\n", unchanged=look)
    assert seen == [0o600]
    assert profile.stat().st_mode & 0o777 == 0o600

"""The build's scan for untranslated texts looks at each text once for all its languages
(view/untranslated.untranslated_in_each), and finds exactly what a scan of each language
on its own finds."""

from __future__ import annotations

import pytest

from cvtex.pipeline.build import localize
from cvtex.pipeline.load import load
from cvtex.pipeline.request import resolve_request
from cvtex.view import untranslated
from cvtex.view.untranslated import untranslated_in, untranslated_in_each

from ..conftest import EXAMPLE, ROOT

LANGUAGES = "en,zh,zh-TW,zh-HK,ja,ko"
PROFILES = [
    EXAMPLE,
    ROOT / "examples" / "engineer" / "profile.yaml",
    ROOT / "tests" / "data" / "full" / "profile.yaml",
    ROOT / "tests" / "data" / "scripts.yaml",
    *sorted((ROOT / "tests" / "data" / "long").glob("*.yaml")),
]


def choosers(profile):
    loaded = load(resolve_request(profile, languages=LANGUAGES))
    return [item.chooser for item in localize(loaded)]


@pytest.mark.parametrize("profile", PROFILES, ids=lambda path: path.stem)
def test_one_scan_finds_what_each_language_s_own_scan_finds(profile):
    shown = choosers(profile)
    each = untranslated_in_each(shown)
    assert each == [untranslated_in(chooser) for chooser in shown]
    assert len(each) == len(LANGUAGES.split(","))


def test_the_example_s_scan_finds_something_to_compare():
    # A scan that found nothing anywhere would make the comparison above say little.
    found = [
        len(items) for profile in PROFILES for items in untranslated_in_each(choosers(profile))
    ]
    assert sum(found) >= 10


def test_each_text_is_judged_once_per_set_of_scripts(monkeypatch):
    shown = choosers(ROOT / "tests" / "data" / "full" / "profile.yaml")
    judged: list[tuple[str, tuple[str, ...]]] = []
    judge = untranslated.looks_untranslated

    def counted(text, scripts):
        judged.append((text, tuple(scripts)))
        return judge(text, scripts)

    monkeypatch.setattr(untranslated, "looks_untranslated", counted)
    untranslated_in_each(shown)
    assert len(judged) == len(set(judged))
    distinct = {
        (text, tuple(chooser.catalog.scripts)) for chooser in shown for _, text in chooser.plain
    }
    assert set(judged) == distinct
    # zh, zh-TW and zh-HK are written in the same scripts: their texts were judged once.
    assert len(judged) < sum(len({text for _, text in chooser.plain}) for chooser in shown)

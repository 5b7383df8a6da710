"""Themes show what they take: a profile that writes every key a CV's content can hold,
built in each theme and language, gives back the text of every value it shows.

The full profile (tests/data/full) with what it leaves out added here: volunteer work,
certificates, an award's description, a patent's links and year, a publication's kind,
a referee's phone, a free entry's date and links, a section of text with its own title.
Each value is looked for in the PDF's text as it was written (markup aside): a theme that
drops a field, or sets it in a form that reads back otherwise (small capitals read as
capitals), fails here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from cvtex.language.catalog import Locales

from ..building import build
from ..conftest import ROOT, THEMES, markup_as_text, normalized, pdf_text

FULL = ROOT / "tests" / "data" / "full"
LANGUAGES = ("en", "zh")

# Keys whose values are no text of their own on the page: what a value is (a type, a
# file, a link's target), when (dates, years, formatted by the catalog), where it is
# shown (only, tags, layout) and how (the design, a section's numbering).
NOT_TEXT = {
    "type", "url", "file", "show", "only", "tags", "start", "end", "date", "years", "updated",
    "numbered", "equal", "corresponding", "bib", "include", "languages", "layout", "variants",
    "design", "owner_names", "bibliography", "group_by", "numbering", "limit", "select",
    "kind", "photo",
}  # fmt: skip

ADDED: dict[str, Any] = {
    "volunteer": [
        {
            "title": {"en": "Open-Source Mentoring", "zh": "开源项目指导"},
            "organization": {"en": "Hefei Code Club", "zh": "合肥编程社"},
            "location": {"en": "Hefei", "zh": "合肥"},
            "role": {"en": "Volunteer Mentor", "zh": "志愿导师"},
            "start": "2022-01",
            "end": "2023-06",
            "bullets": [{"en": "Mentored twelve students", "zh": "指导十二名学生"}],
        }
    ],
    "certificates": [
        {
            "name": {"en": "Certified Kubernetes Administrator", "zh": "Kubernetes 认证管理员"},
            "issuer": {"en": "Linux Foundation", "zh": "Linux 基金会"},
            "number": "CKA-2024-0042",
            "date": "2024-03",
            "links": [
                {
                    "type": "url",
                    "label": {"en": "verify", "zh": "验证"},
                    "url": "https://example.com/cka",
                }
            ],
            "description": {"en": "Cluster operations and upgrades.", "zh": "集群运维与升级。"},
        }
    ],
    "publications": [
        {
            "authors": ["J. Fang"],
            "title": {"en": "A Report on Gradient Compression", "zh": "梯度压缩技术报告"},
            "year": 2021,
            "type": "other",
            "kind": "report",
        }
    ],
}


def every_key_profile(folder: Path) -> Path:
    """The full profile with the keys it does not write added, in ``folder``."""
    profile = yaml.safe_load((FULL / "profile.yaml").read_text(encoding="utf-8"))
    profile.update(ADDED)
    profile["awards"][0]["description"] = {
        "en": "For research on in-network aggregation.",
        "zh": "表彰在网聚合方面的研究。",
    }
    profile["patents"][0].update(
        {"year": 2022, "links": [{"type": "pdf", "url": "https://example.com/patent.pdf"}]}
    )
    profile["patents"].append(
        {
            "inventors": ["J. Fang", "G. Zhao"],
            "title": {"en": "Gradient Scheduling Device", "zh": "梯度调度装置"},
            "number": "US1234567B2",
            "status": {"en": "Granted", "zh": "已授权"},
            "only": ["en"],
        }
    )
    profile["references"][0]["phone"] = "+86 551 0000 0000"
    profile["others"][1].update(
        {
            "date": "2023",
            "links": [
                {
                    "type": "url",
                    "label": {"en": "results", "zh": "成绩"},
                    "url": "https://example.com/r",
                }
            ],
        }
    )
    profile["service"].append(
        {"text": {"en": "Program committee, APNet", "zh": "APNet 程序委员会"}, "start": 2024}
    )
    profile["teaching"][0].pop("term")
    profile["teaching"][0].update({"start": "2022-09", "end": "2023-01"})
    profile["sections"]["volunteer"] = {}
    profile["sections"]["certificates"] = {"title": {"en": "Licences", "zh": "资格证书"}}
    profile["sections"]["interests"] = {
        "kind": "text",
        "title": {"en": "Interests", "zh": "研究兴趣"},
        "text": {"en": "Networks that schedule themselves.", "zh": "能自我调度的网络。"},
    }
    profile["layout"][3:3] = ["volunteer", "certificates", "interests"]
    for name in ("publications.yaml", "refs.bib", "photo.png"):
        (folder / name).write_bytes((FULL / name).read_bytes())
    path = folder / "profile.yaml"
    path.write_text(yaml.safe_dump(profile, allow_unicode=True), encoding="utf-8")
    return path


def shown_values(data: Any, language: str, path: str = "") -> Iterator[tuple[str, str]]:
    """Each text value of ``data`` the language shows, with its path (``sections.x.title``)."""
    key = path.rsplit(".", 1)[-1]
    if isinstance(data, dict):
        if data.get("only") is not None and language not in data["only"]:
            return
        if set(data) & {"en", "zh"} and set(data) <= {"en", "zh"}:
            if (text := data.get(language)) is not None:
                yield path, str(text)
            return
        if "same" in data and len(data) == 1:
            yield path, str(data["same"])
            return
        if key == "personal" and not list(shown_values(data["value"], language)):
            return  # a line without a value in the language is left out, its label too
        catalog = Locales().catalog(language)
        for name, value in data.items():
            inner = f"{path}.{name}" if path else str(name)
            # A publication's kind and status are codes, shown in the catalog's words.
            if name == "kind" and key == "publications":
                yield inner, catalog.publication_kinds[value]
            elif name == "status" and key == "publications":
                yield inner, catalog.statuses[value]
            elif name not in NOT_TEXT:
                yield from shown_values(value, language, inner)
    elif isinstance(data, list):
        for item in data:
            yield from shown_values(item, language, path)
    elif isinstance(data, str | int | float) and not isinstance(data, bool):
        yield path, str(data)


# What a theme sets otherwise than as written, by design, and says so here: sidebar's
# section titles are spaced capitals ("LICENCES"), read back as such.
IN_CAPITALS = {"sidebar": re.compile(r"sections\.\w+\.title")}


def as_read(text: str) -> str:
    """A value as the page gives it back: markup and link targets gone, then normalized."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return normalized(markup_as_text(text))


@pytest.fixture(scope="module")
def every_key(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return every_key_profile(tmp_path_factory.mktemp("every-key"))


@pytest.mark.parametrize("theme", THEMES)
def test_every_value_of_every_key_is_on_the_page(every_key: Path, theme: str) -> None:
    results = build(every_key, out_dir=every_key.parent / theme, theme=theme)
    data = yaml.safe_load(every_key.read_text(encoding="utf-8"))
    data["publications"] += yaml.safe_load(
        (every_key.parent / "publications.yaml").read_text(encoding="utf-8")
    )["publications"]
    missing = []
    capitals = IN_CAPITALS.get(theme)
    for result in results:
        text = normalized(pdf_text(result.pdf))
        for path, value in shown_values(data, result.language):
            if capitals and capitals.fullmatch(path):
                found = as_read(value).upper() in text
            else:
                found = as_read(value) in text
            if not found:
                missing.append(f"{result.language}: {path}: {value!r}")
    assert missing == [], "\n".join(missing)

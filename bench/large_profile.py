"""Write a large profile for the benchmark: the example with many generated publications."""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import yaml

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "academic" / "profile.yaml"

_TOPICS_EN = [
    "In-network Aggregation",
    "Gradient Compression",
    "Worker Placement",
    "Collective Communication",
    "Kernel Fusion",
    "Pipeline Parallelism",
    "Congestion Control",
    "Programmable Switches",
]
_TOPICS_ZH = [
    "在网聚合",
    "梯度压缩",
    "任务放置",
    "集合通信",
    "算子融合",
    "流水线并行",
    "拥塞控制",
    "可编程交换机",
]
_VENUES = [
    ("IEEE/ACM Transactions on Networking", "ToN"),
    ("IEEE International Conference on Computer Communications", "INFOCOM"),
    ("USENIX Symposium on Networked Systems Design and Implementation", "NSDI"),
    ("ACM Special Interest Group on Data Communication", "SIGCOMM"),
    ("Conference on Machine Learning and Systems", "MLSys"),
]
_NAMES = ["G. Zhao", "H. Xu", "L. Luo", "Z. Yao", "A. Xie", "Z. Yu", "B. Shen", "L. Xie", "Q. Hou"]


def publication(number: int, rng: random.Random) -> dict:
    topic = rng.randrange(len(_TOPICS_EN))
    venue, abbr = rng.choice(_VENUES)
    authors = rng.sample(_NAMES, rng.randint(2, 6))
    authors.insert(rng.randrange(len(authors) + 1), "J. Fang")
    return {
        "authors": authors,
        "title": {
            "en": f"Study {number} of {_TOPICS_EN[topic]} for Distributed Training at Scale",
            "zh": f"面向大规模分布式训练的{_TOPICS_ZH[topic]}研究（第 {number} 篇）",
        },
        "venue": venue,
        "abbr": abbr,
        "year": 2010 + number % 16,
    }


def large_profile(publications: int, seed: int = 6) -> str:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    rng = random.Random(seed)
    data["publications"] = [publication(n, rng) for n in range(1, publications + 1)]
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)


_ACCENTED = [r"M{\"u}ller", r"Garc{\'i}a", r"Ng{\~u}y{\^e}n", r"{\O}stergaard", r"Dvo{\v{r}}{\'a}k"]


def bib_entry(number: int, rng: random.Random) -> str:
    """A BibTeX entry as exports write them: LaTeX accents in names, math and emphasis in
    titles, a DOI; decoded field by field when the .bib is read."""
    topic = rng.randrange(len(_TOPICS_EN))
    venue, abbr = rng.choice(_VENUES)
    authors = [f"{name.split('. ')[1]}, {name.split('. ')[0]}." for name in rng.sample(_NAMES, 3)]
    authors.insert(rng.randrange(len(authors) + 1), "Fang, Jin")
    authors.append(f"{rng.choice(_ACCENTED)}, A.")
    return (
        f"@inproceedings{{paper{number},\n"
        f"  title = {{Study {number} of \\emph{{{_TOPICS_EN[topic]}}} at $O(n^2)$ Scale}},\n"
        f"  author = {{{' and '.join(authors)}}},\n"
        f"  booktitle = {{{venue} ({abbr})}},\n"
        f"  year = {{{2010 + number % 16}}},\n"
        f"  doi = {{10.1000/bench.{number}}},\n"
        "}\n"
    )


def large_bibliography(publications: int, seed: int = 6) -> tuple[str, str]:
    """The example whose publications come from a .bib of ``publications`` entries: the
    profile (naming ``refs.bib`` beside it) and the .bib's text."""
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    rng = random.Random(seed)
    data["publications"] = []
    data["bibliography"] = {"file": "refs.bib"}
    bib = "".join(bib_entry(n, rng) for n in range(1, publications + 1))
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100), bib


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("target", type=Path)
    parser.add_argument("--publications", type=int, default=500)
    args = parser.parse_args()
    args.target.write_text(large_profile(args.publications), encoding="utf-8")


if __name__ == "__main__":
    main()

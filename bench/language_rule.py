"""The one rule of a text's language (cvtex/text/written.py) over a profile of 2,000 texts.

Run as a script, it prints, as JSON, in a process of its own (so that the rule's table of
letters starts empty, as in a build): the time of ``written_in`` over every text of a
generated Chinese-first profile, and of the untranslated scan of its English CV as
validate and build run it (every plain string the CV shows, by the rule, with its line).
Both are timed by the clock and by the process's CPU time, which other work on a shared
machine inflates far less. bench.py runs it in rounds (``--only-rule``); the goal is
under 50 ms.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

TEXTS = 2000
# Texts as a Chinese-first profile has them: Chinese with English terms, English with
# Chinese names, Traditional, Japanese, Korean, numbers; each made distinct by its number.
SAMPLES = (
    "基于 PyTorch 的训练框架，支持 {n} 卡规模的 RLHF 训练",
    "负责 Kubernetes 集群的 CI/CD 流水线（第 {n} 期）",
    "合作导师：Tony Cai 教授，课题 {n}",
    "導入使用者資料至公司資料倉儲，每日處理 {n} 億筆紀錄",
    "Joint work with 王伟 on graph learning, part {n}",
    "東京大学で機械学習を研究（{n}）",
    "Kubernetes 기반 배포 자동화 {n}",
    "Reduced training time by {n}% on the ranking service",
)


def rule_profile(count: int = TEXTS) -> str:
    """A profile in Chinese first with ``count`` texts: entries of ten texts each (title,
    organization, location and seven bullets)."""
    lines = ["languages: [zh, en]", "name: {zh: 林乾, en: Qian Lin}", "experience:"]
    for entry in range(count // 10):
        texts = [SAMPLES[(entry + k) % len(SAMPLES)].format(n=entry * 10 + k) for k in range(10)]
        lines += [
            f"  - title: {json.dumps(texts[0], ensure_ascii=False)}",
            f"    organization: {json.dumps(texts[1], ensure_ascii=False)}",
            f"    location: {json.dumps(texts[2], ensure_ascii=False)}",
            f"    start: {2000 + entry % 25}",
            "    bullets:",
            *(f"      - {json.dumps(text, ensure_ascii=False)}" for text in texts[3:]),
        ]
    return "\n".join(lines) + "\n"


def measured() -> dict[str, float]:
    """One round: the rule over every text, and the English CV's untranslated scan."""
    from cvtex.language.catalog import load_catalog
    from cvtex.profile.load import load_profile
    from cvtex.text.written import written_in
    from cvtex.view.localize import view_of
    from cvtex.view.text import TextChooser
    from cvtex.view.untranslated import untranslated_in

    with tempfile.TemporaryDirectory(prefix="cvtex-rule-") as folder:
        profile = Path(folder) / "cv.yaml"
        profile.write_text(rule_profile(), encoding="utf-8")
        loaded = load_profile(profile)
        chooser = TextChooser(loaded.profile, loaded.source, load_catalog("en"))
        view_of(chooser)
        texts = [text for _, text in chooser.plain]
        start, cpu = time.perf_counter(), time.process_time()
        languages = [written_in(text) for text in texts]
        rule, rule_cpu = time.perf_counter() - start, time.process_time() - cpu
        written_in.cache_clear()  # the scan as a build runs it: the first to ask
        start, cpu = time.perf_counter(), time.process_time()
        found = untranslated_in(chooser)
        scan, scan_cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "texts": len(texts),
        "chinese": languages.count("zh"),
        "untranslated": len(found),
        "rule": rule,
        "rule_cpu": rule_cpu,
        "scan": scan,
        "scan_cpu": scan_cpu,
    }


if __name__ == "__main__":
    sys.stdout.write(json.dumps(measured()) + "\n")

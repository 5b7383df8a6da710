"""The one rule for a text's language (cvtex/text/written.py), on texts as people write them:
CJK with English terms, English with CJK names, Traditional and Simplified, Japanese with
its kanji, Korean with its Latin words, and texts with no letters at all."""

from __future__ import annotations

import pytest

from cvtex.text.written import is_cjk, is_own_text, word_counts, written_in

TEXTS = [
    # Chinese with English terms: Chinese.
    ("AI 網路工程師", "zh"),
    ("合作导师：Tony Cai 教授", "zh"),
    ("基于 PyTorch 的训练框架", "zh"),
    ("基于PyTorch的训练框架", "zh"),
    ("模型微調", "zh"),
    ("深度学习理论", "zh"),
    ("负责 Kubernetes 集群的 CI/CD 流水线", "zh"),
    ("在 NeurIPS 2023 发表论文一篇", "zh"),
    ("使用 Go 和 Rust 重写核心服務", "zh"),
    ("清华大学", "zh"),
    ("導入資料並設定權限", "zh"),
    ("GPU 集群", "zh"),
    ("Tony Cai 教授", "zh"),  # as much Chinese as English: not an English text
    ("熟悉 Python、R、SQL", "Latin"),  # three words against two: read as the rule reads it
    ("研究方向：在网计算与 RDMA", "zh"),
    ("IEEE 會員", "zh"),
    # English with CJK names or words: English.
    ("Joint work with 王伟 on graph learning", "Latin"),
    ("Visiting student at Tsinghua University (清华)", "Latin"),
    ("Visiting student, Tsinghua University (清华大学)", "zh"),  # even: CJK wins,
    ("Advised by Prof. Lin Qian and Dr. Wang", "Latin"),
    ("Built the ranking service for Taobao (淘宝) search", "Latin"),
    ("Machine learning engineer", "Latin"),
    ("Python", "Latin"),
    ("Ph.D. in Statistics", "Latin"),
    ("Best Paper Award, KDD 2022", "Latin"),
    ("Translated 三体 into English with a team of four", "Latin"),
    # Japanese: kana with its kanji.
    ("東京大学で機械学習を研究", "ja"),
    ("ソフトウェアエンジニア", "ja"),
    ("機械学習エンジニア（Python、PyTorch）", "ja"),
    ("株式会社メルカリ", "ja"),
    ("データ分析基盤の設計と運用", "ja"),
    ("AWS を用いたインフラ構築", "ja"),
    # Korean: Hangul, with Latin words and Han.
    ("서울대학교 컴퓨터공학과", "ko"),
    ("Python 개발자", "ko"),
    ("AI 연구원 (2년)", "ko"),
    ("韓國科學技術院 전산학부", "ko"),
    ("Kubernetes 기반 배포 자동화", "ko"),
    # Other alphabets.
    ("Московский государственный университет", "Cyrillic"),
    ("Εθνικό Μετσόβιο Πολυτεχνείο", "Greek"),
    ("Université de Montréal", "Latin"),
    # No letters: no language.
    ("2019–2021", None),
    ("+86 138 0000 0000", None),
    ("https://github.com/fang", None),
    ("fang@example.com", None),
    ("$E=mc^2$", None),
    ("", None),
    ("（）、。", None),
    # Links' targets are not words; their text is.
    ("[代码仓库](https://github.com/org/repository-name-in-english)", "zh"),
]


@pytest.mark.parametrize(("text", "expected"), TEXTS)
def test_the_language_of_a_text(text: str, expected: str | None) -> None:
    assert written_in(text) == expected


def test_the_table_is_large_and_mixed() -> None:
    mixed = [text for text, _ in TEXTS if word_counts(text)["Latin"] and is_cjk(text)]
    assert len(TEXTS) >= 40
    assert len(mixed) >= 10


@pytest.mark.parametrize(
    ("text", "scripts", "own"),
    [
        ("基于 PyTorch 的训练框架", ["Latin"], False),
        ("基于 PyTorch 的训练框架", ["Han"], True),
        ("基于 PyTorch 的训练框架", ["Han", "Hiragana", "Katakana"], True),
        ("東京大学で機械学習を研究", ["Han"], False),  # Japanese in a Chinese CV
        ("東京大学で機械学習を研究", ["Han", "Hiragana", "Katakana"], True),
        ("서울대학교", ["Han"], False),
        ("Joint work with 王伟 on graph learning", ["Latin"], True),
        ("Joint work with 王伟 on graph learning", ["Han"], False),
        ("2019–2021", ["Latin"], True),
        ("2019–2021", ["Hangul"], True),
    ],
)
def test_own_text_of_a_catalog(text: str, scripts: list[str], own: bool) -> None:
    assert is_own_text(text, scripts) is own

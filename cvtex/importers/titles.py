"""The words other tools' section titles use, in the languages people write them in, for
the few choices an entry's type leaves open: a list of one-line bullets is awards when its
title says so (else others), and a section of paragraphs is the summary when its title
says so (else a text section of its own).

Data, not logic: add a language's words here. An award word matches at the start of a
word of the title (award: "Grants & Awards"), a summary word only as whole words ("bio"
is no "Biology"); a CJK word anywhere in the title (奖: 获奖情况).
"""

from __future__ import annotations

import re

AWARDS = {
    "en": [
        "award",
        "honor",
        "honour",
        "prize",
        "scholarship",
        "fellowship",
        "grant",
        "distinction",
    ],
    "es": ["premio", "reconocimiento", "distinci", "beca", "galard", "honor"],
    "pt": ["prêmio", "premio", "prémio", "premiaç", "reconhecimento", "distinç", "bolsa", "honra"],
    "de": ["auszeichnung", "preis", "ehrung", "stipendi", "würdigung"],
    "fr": ["prix", "distinction", "récompense", "bourse"],
    "ko": ["수상", "장학", "표창", "포상"],
    "zh": ["奖", "獎", "荣誉", "榮譽"],
    "ja": ["受賞", "表彰", "賞"],
}
SUMMARY = {
    "en": ["summary", "about", "profile", "objective", "overview", "bio"],
    "es": ["resumen", "sobre mí", "sobre mi", "acerca de", "perfil", "extracto"],
    "pt": ["resumo", "sobre mim", "sobre", "perfil"],
    "de": ["zusammenfassung", "über mich", "profil", "kurzprofil"],
    "fr": ["résumé", "profil", "à propos"],
    "ko": ["요약", "소개"],
    "zh": ["摘要", "简介", "簡介", "概述", "关于我", "關於我", "个人总结", "個人總結"],
    "ja": ["概要", "自己紹介", "プロフィール"],
}


def says(title: str, words: dict[str, list[str]], whole: bool = False) -> bool:
    """Whether ``title`` (a section's title or key) has one of ``words``: at the start of
    one of its words, or (``whole``) as whole words."""
    folded = " ".join(re.split(r"[\W_]+", title.casefold())).strip()
    end = r"(?!\w)" if whole else ""
    for word in (word for group in words.values() for word in group):
        if any(char.isascii() and char.isalpha() for char in word):
            if re.search(rf"(?<!\w){re.escape(word.casefold())}{end}", folded):
                return True
        elif word in title:
            return True
    return False

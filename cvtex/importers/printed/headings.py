"""Section headings: the words CVs head their sections with, in English, Simplified and
Traditional Chinese, Japanese and Korean, and the catalogs' own titles (so cvtex's own PDFs
read back); and the look of a heading (size, weight, capitals), learnt from the headings
the words found, for the sections whose words are no one's.

Data, not logic: add a language's words here. A heading matches whole, after its case,
spaces, a colon and a bilingual half (教育背景 Education) are set aside.
"""

from __future__ import annotations

import re
from functools import cache

from ...language.catalog import available_languages, load_catalog

# The section kind each heading word makes; contacts and personal are the header's parts.
WORDS: dict[str, tuple[str, ...]] = {
    "summary": (
        "summary", "profile", "professional summary", "about", "about me", "objective",
        "career objective", "overview", "personal statement", "introduction", "bio",
        "biography", "research interests", "research interest", "interests and summary",
        "个人简介", "个人总结", "自我评价", "自我介绍", "个人优势", "简介", "求职意向",
        "研究方向", "研究兴趣", "個人簡介", "自我評價", "自傳", "簡介", "研究興趣",
        "自己PR", "自己紹介", "概要", "プロフィール", "自己ＰＲ", "자기소개", "요약", "소개",
    ),
    "education": (
        "education", "educational background", "academic background", "education and training",
        "qualifications", "academic qualifications", "studies",
        "教育背景", "教育经历", "学历", "教育", "學歷", "教育經歷", "學歷背景",
        "学歴", "学歴・職歴", "학력", "학력사항", "교육",
    ),
    "experience": (
        "experience", "experiences", "work experience", "professional experience",
        "employment", "employment history", "work history", "career", "positions",
        "academic positions", "research experience", "industry experience", "internships",
        "internship", "internship experience", "projects", "selected projects", "project",
        "project experience", "research projects", "research", "appointments",
        "工作经历", "工作经验", "实习经历", "项目经历", "项目经验", "科研经历", "研究经历",
        "工作經歷", "工作經驗", "實習經歷", "專案經歷", "項目經歷", "研究經歷", "經歷",
        "職歴", "職務経歴", "職務経歴書", "経歴", "プロジェクト", "研究歴",
        "경력", "경력사항", "프로젝트", "연구 경력", "직무 경험",
    ),
    "volunteer": (
        "volunteer", "volunteering", "volunteer experience", "volunteer work",
        "志愿服务", "志愿者经历", "志工服務", "志願服務", "ボランティア", "봉사활동", "자원봉사",
    ),
    "publications": (
        "publications", "selected publications", "publication", "papers", "journal articles",
        "conference papers", "peer-reviewed publications", "research output",
        "论文", "发表论文", "学术论文", "学术成果", "科研成果", "代表性成果", "论文发表",
        "著作", "論文", "發表論文", "學術論文", "學術成果", "著作目錄",
        "業績", "研究業績", "業績一覧", "論文リスト", "논문", "연구 실적", "연구실적", "발표 논문",
    ),
    "patents": ("patents", "patent", "专利", "專利", "特許", "특허"),
    "awards": (
        "awards", "honors", "honours", "awards and honors", "honors and awards",
        "awards & honors", "honors & awards", "scholarships", "achievements", "prizes",
        "荣誉奖项", "获奖情况", "获奖经历", "荣誉", "奖项", "奖项荣誉", "获奖", "荣誉奖励",
        "獲獎", "獲獎情況", "榮譽", "獎項", "榮譽獎項", "獎項榮譽",
        "受賞", "受賞歴", "表彰", "수상", "수상 경력", "수상경력", "수상 내역",
    ),
    "certificates": (
        "certificates", "certifications", "certification", "licenses", "licences",
        "licenses and certifications", "资格证书", "证书", "證照", "證書", "資格證書",
        "資格", "免許・資格", "資格・免許", "자격증", "자격", "자격사항",
    ),
    "teaching": (
        "teaching", "teaching experience", "teaching assistant", "教学经历", "助教经历",
        "教學經歷", "教育歴", "강의 경력", "강의",
    ),
    "service": (
        "service", "services", "academic service", "professional service",
        "professional activities", "reviewing", "学术服务", "学术活动", "學術服務",
        "学会活動", "학술 활동", "학술활동",
    ),
    "talks": (
        "talks", "presentations", "invited talks", "conference presentations",
        "学术报告", "报告", "學術報告", "講演", "発表", "학술 발표", "발표",
    ),
    "skills": (
        "skills", "technical skills", "skills and interests", "core skills",
        "competencies", "expertise", "tools", "technologies", "skills & tools",
        "专业技能", "技能", "技能特长", "个人技能", "技能证书", "專業技能", "技能專長",
        "スキル", "技術", "テクニカルスキル", "保有スキル", "기술", "보유 기술", "기술 스택", "스킬",
    ),
    "languages": (
        "languages", "language skills", "language", "语言能力", "语言", "語言能力", "語言",
        "語学", "言語", "語学力", "어학", "언어", "외국어", "어학 능력",
    ),
    "references": (
        "references", "referees", "推荐人", "推薦人", "参考人", "推薦者", "추천인",
    ),
    "others": (
        "others", "other", "miscellaneous", "interests", "hobbies", "activities",
        "extracurricular activities", "leadership", "additional information",
        "其他", "其它", "兴趣爱好", "其他信息", "課外活動", "興趣", "その他", "趣味", "기타", "취미",
    ),
    "contacts": (
        "contact", "contacts", "contact information", "contact info", "联系方式",
        "聯絡方式", "聯繫方式", "連絡先", "연락처",
    ),
    "personal": (
        "personal information", "personal details", "personal data", "个人信息", "基本信息",
        "個人資料", "基本資料", "個人情報", "基本情報", "인적사항", "개인 정보", "기본 정보",
    ),
}
# A section by the catalogs' ids that is an experience list under another title.
_CATALOG_KINDS = {"projects": "experience", "research": "experience", "about": "summary",
                  "courses": "others", "memberships": "service", "funding": "awards",
                  "test_scores": "others"}  # fmt: skip
_SPACES_IN_CJK = re.compile(r"(?<=[^\x00-\x7f])\s+(?=[^\x00-\x7f])")
_NOT_WORD = re.compile(r"[:：.。\s]+$|^[\s•▪■◆●§#\d.)]+")


def key(text: str) -> str:
    """A heading as it is looked up: no case, one space, no colon or number before it."""
    text = _NOT_WORD.sub("", text.strip())
    text = _SPACES_IN_CJK.sub("", text)
    return " ".join(text.replace("&", " & ").casefold().split())


@cache
def _table() -> dict[str, str]:
    table = {key(word): kind for kind, words in WORDS.items() for word in words}
    for code in available_languages():
        try:
            catalog = load_catalog(code)
        except Exception:  # a catalog that does not load is not ours to report here
            continue
        for section, title in catalog.titles.items():
            kind = _CATALOG_KINDS.get(section, section)
            if kind in WORDS:
                table.setdefault(key(title), kind)
    return table


def heading_kind(text: str) -> str | None:
    """The section kind ``text`` heads (education, contacts, ...), or None. A bilingual
    heading (教育背景 Education, Education / 教育背景) is looked up by either half."""
    table = _table()
    found = table.get(key(text))
    if found or len(text) > 60:
        return found
    for half in re.split(r"\s*[/|｜／]\s*|(?<=[^\x00-\x7f])\s*(?=[A-Za-z])|(?<=[A-Za-z])\s+(?=[^\x00-\x7f])", text):
        if half and half != text and (found := table.get(key(half))):
            return found
    return None

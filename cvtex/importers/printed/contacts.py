"""Contacts in a CV's header: e-mail, phone, web, LinkedIn, GitHub, ORCID, Google Scholar,
location; told from the text itself, or from the address a link on it points to (a
GitHub icon beside a user name, linked to the profile).
"""

from __future__ import annotations

import re

_EMAIL = re.compile(r"(?:mailto:)?([\w.+-]+@[\w-]+(?:\.[\w-]+)+)")
_PHONE = re.compile(r"^(?:tel:)?\(?\+?[\d(][\d\s().\-–]{6,}\d$")  # (+86) 153-0000-8888
_ORCID = re.compile(r"(?:orcid\.org/)?(\d{4}-\d{4}-\d{4}-\d{3}[\dX])")
_URL = re.compile(r"^(?:https?://)?(?:www\.)?[\w-]+(?:\.[\w-]+)+(?:/\S*)?$", re.I)
_NETWORK = re.compile(
    r"(?:https?://)?(?:www\.)?(linkedin\.com/in/|github\.com/|gitlab\.com/|"
    r"scholar\.google\.[a-z.]+/citations\?user=)([\w.%-]+)",
    re.I,
)
_KINDS = {"linkedin.com/in/": "linkedin", "github.com/": "github", "gitlab.com/": "gitlab"}
# Labels a header writes before a value: "E-mail: ...", "电话：..."
_LABEL = re.compile(
    r"^(?:e-?mail|email|mail|phone|tel|mobile|cell|web|website|homepage|address|"
    r"邮箱|电子邮件|電子郵件|電郵|电话|手机|電話|手機|主页|網站|个人主页|個人網站|地址|住所|"
    r"メール|電話番号|携帯|이메일|전화|휴대폰|주소)\s*[:：]\s*",
    re.I,
)
_LOCATION = re.compile(r"^[A-Z][\w'.\- ]+(?:,\s*[A-Z][\w'.\- ]+){1,2}$")
_SEPARATORS = re.compile(r"\s*(?:\||｜|•|·|◇|⋄|—|\s{3,})\s*")


def pieces(text: str) -> list[str]:
    """A header line's parts, set apart by | • · or wide spaces."""
    return [part.strip() for part in _SEPARATORS.split(text) if part.strip()]


def contact_of(text: str, link: str | None = None) -> dict | None:
    """The contact ``text`` is (with the address it links to, if any), as the profile
    writes it ({type: email, value: ...}); None when it is none. The value is the text
    as it was shown; the address comes from the link, or from the text."""
    text = _LABEL.sub("", text.strip())
    target = link or ""
    email = _EMAIL.fullmatch(text) or (target.startswith("mailto:") and _EMAIL.search(target))
    if email:
        return {"type": "email", "value": text if _EMAIL.fullmatch(text) else email[1]}
    for candidate in (text, target):
        if match := _NETWORK.search(candidate):
            kind = next((k for part, k in _KINDS.items() if part in match[1].lower()), "scholar")
            return {"type": kind, "value": text, "url": _absolute(match.group())}
        orcid = _ORCID.search(candidate)
        if orcid and ("orcid" in candidate.lower() or text == orcid[1]):
            return {"type": "orcid", "value": text}
    if _PHONE.match(text) or target.startswith("tel:"):
        return {"type": "phone", "value": text}
    if _URL.match(text) and not text[0].isdigit() and "." in text.split("/")[0]:
        return {"type": "website", "value": text}
    if target.startswith("http"):
        return {"type": "website", "value": text, "url": target}
    return None


def looks_like_location(text: str) -> bool:
    """A place as a header writes it: Beijing, China; Stanford, CA, USA; 北京市海淀区."""
    if _LOCATION.match(text) and len(text) < 50:
        return True
    return bool(re.fullmatch(r"[\u4e00-\u9fff]{2,10}(?:[省市区縣县州都府道])", text))


def _absolute(address: str) -> str:
    return address if "://" in address else "https://" + address

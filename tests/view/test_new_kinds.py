"""What imports bring that a profile could not hold before: a day as a date, volunteer work
as whole entries, certificates, an award with what it was given for, an education
without a degree. Each is shown in every language's view, and in the PDF."""

from __future__ import annotations

import textwrap

from cvtex.language.catalog import load_catalog
from cvtex.profile.load import load_profile
from cvtex.view.cv import Entry, Row
from cvtex.view.localize import localize

from ..building import build
from ..conftest import normalized, pdf_text

PROFILE = textwrap.dedent(
    """\
    languages: [en, zh]
    name: {en: Mei Lin, zh: 林梅}
    education:
      - institution: Exchange semester, ETH Zurich
        start: 2019-09-02
        end: 2020-01-31
    experience:
      - title: Engineer
        organization: Acme
        start: 2021-03-15
        end: present
    volunteer:
      - title: Teacher
        organization: CoderDojo
        start: 2018-01
        end: 2019-06
        description: Taught children to program on Saturdays.
        bullets: [Wrote the course in Scratch]
    awards:
      - name: Best Paper Award
        years: 2022
        description: For the paper on gradient routing.
    certificates:
      - name: AWS Certified Solutions Architect
        issuer: Amazon Web Services
        number: ABC-123
        date: 2023-05-20
    """
)


def _view(tmp_path, lang):
    profile = tmp_path / "cv.yaml"
    profile.write_text(PROFILE, encoding="utf-8")
    loaded = load_profile(profile)
    return localize(loaded, load_catalog(lang))


def test_a_day_is_kept_and_shown_as_the_month(tmp_path):
    view = _view(tmp_path, "en")
    education, experience = view.sections[0].entries[0], view.sections[1].entries[0]
    assert education.dates == "Sep 2019 – Jan 2020"
    assert experience.dates == "Mar 2021 – Present"
    assert education.detail == ""  # no degree: nothing dangles
    assert _view(tmp_path, "zh").sections[1].entries[0].dates == "2021.03–至今"


def test_volunteer_work_certificates_and_award_descriptions_are_shown(tmp_path):
    view = _view(tmp_path, "en")
    by_id = {section.id: section for section in view.sections}
    assert [section.id for section in view.sections] == [
        "education",
        "experience",
        "volunteer",
        "awards",
        "certificates",
    ]
    volunteer = by_id["volunteer"]
    assert volunteer.title == "Volunteering" and volunteer.kind == "experience"
    assert volunteer.entries[0] == Row(
        heading="Teacher",
        place="CoderDojo",
        detail="",
        dates="Jan 2018 – Jun 2019",
        bullets=volunteer.entries[0].bullets,
        description=["Taught children to program on Saturdays."],
    )
    awards = by_id["awards"]
    assert awards.kind == "others"  # a line and its paragraph
    assert awards.entries[0] == Entry(
        "Best Paper Award", "2022", [], [], ["For the paper on gradient routing."]
    )
    certificate = by_id["certificates"].entries[0]
    assert (certificate.heading, certificate.place, certificate.detail, certificate.dates) == (
        "AWS Certified Solutions Architect",
        "Amazon Web Services",
        "No. ABC-123",
        "May 2023",
    )
    assert _view(tmp_path, "zh").sections[2].title == "志愿服务"


def test_they_reach_the_pdf(tmp_path):
    profile = tmp_path / "cv.yaml"
    profile.write_text(PROFILE, encoding="utf-8")
    for result in build(profile, "en,zh", tmp_path / "out"):
        text = normalized(pdf_text(result.pdf))
        for shown in (
            "Taught children to program on Saturdays.",
            "For the paper on gradient routing.",
            "AWS Certified Solutions Architect",
            "Amazon Web Services",
            "CoderDojo",
        ):
            assert normalized(shown) in text, (result.language, shown)

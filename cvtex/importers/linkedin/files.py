"""The files of a LinkedIn export that cvtex reads, each with its names and its columns'
headers over the years (``Start Date`` became ``Started On``, ``Issue Date``
``Issued On``, ``Phone Numbers.csv`` ``PhoneNumbers.csv``), and why each column left out is
left out; and the words that name the files of other people's data, which are never
opened."""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class File:
    """One file of the export that cvtex reads: its names over the years, the columns it
    takes (each under any of its headers), and the columns it leaves out, with why."""

    names: tuple[str, ...]
    columns: dict[str, tuple[str, ...]]
    left_out: dict[str, str] = field(default_factory=dict)
    quiet: tuple[str, ...] = ()  # the export's bookkeeping: read to choose, or not at all


_DATES = {"start": ("Started On", "Start Date"), "end": ("Finished On", "End Date")}
_NOT_SHOWN = "not imported: a CV does not show it"
_PROFILE = File(
    ("Profile.csv",),
    {
        "first": ("First Name",),
        "last": ("Last Name",),
        "headline": ("Headline",),
        "summary": ("Summary",),
        "geo": ("Geo Location",),
        "country": ("Country",),
        "websites": ("Websites",),
        "twitter": ("Twitter Handles",),
    },
    {
        "Maiden Name": "not imported: add it to owner_names if your papers use it",
        "Address": "not imported: a CV shows where you live as its place (Geo Location)",
        "Zip Code": "not imported: a CV shows the city, not the postal code",
        "Birth Date": "not imported: add it under personal: if your CV shows it",
        "Marital Status": "not imported: add it under personal: if your CV shows it",
        "Industry": _NOT_SHOWN,
        "Association": _NOT_SHOWN,
        "Contact Instructions": _NOT_SHOWN,
        "Instant Messengers": "not imported: a CV's contacts have no messenger",
    },
    ("Created Date",),
)
FILES: dict[str, File] = {
    "profile": _PROFILE,
    "summary": File(("Profile Summary.csv",), {"summary": ("Profile Summary",)}),
    "positions": File(
        ("Positions.csv",),
        {
            "company": ("Company Name", "Company"),
            "title": ("Title",),
            "description": ("Description",),
            "location": ("Location",),
            **_DATES,
        },
    ),
    "education": File(
        ("Education.csv",),
        {
            "school": ("School Name", "School"),
            "degree": ("Degree Name", "Degree"),
            "field": ("Major", "Field Of Study"),
            "location": ("Location",),
            "grade": ("Grade",),
            "notes": ("Notes", "Description"),
            "activities": ("Activities", "Activities and Societies"),
            **_DATES,
        },
    ),
    "skills": File(
        ("Skills.csv",),
        {"name": ("Name", "Skill")},
        {"Level": "not imported: a number has no scale a CV shows", "Keywords": _NOT_SHOWN},
    ),
    "languages": File(
        ("Languages.csv",), {"name": ("Name", "Language"), "level": ("Proficiency",)}
    ),
    "certifications": File(
        ("Certifications.csv",),
        {
            "name": ("Name",),
            "authority": ("Authority", "Issuer", "Issuing Organization"),
            "number": ("License Number", "Credential ID"),
            "url": ("Url", "Credential URL"),
            "start": ("Started On", "Start Date", "Issued On", "Issue Date"),
            "end": ("Finished On", "End Date", "Expires On", "Expiration Date"),
        },
    ),
    "projects": File(
        ("Projects.csv",),
        {"title": ("Title", "Name"), "description": ("Description",), "url": ("Url",), **_DATES},
    ),
    "publications": File(
        ("Publications.csv",),
        {
            "name": ("Name", "Title"),
            "date": ("Published On", "Date"),
            "publisher": ("Publisher",),
            "url": ("Url",),
            "authors": ("Authors",),
        },
        {"Description": "not imported: a CV's list of publications shows no description"},
    ),
    "honors": File(
        ("Honors.csv",),
        {
            "title": ("Title", "Name"),
            "description": ("Description",),
            "issuer": ("Issuer",),
            "date": ("Issued On", "Issue Date", "Date"),
        },
    ),
    "courses": File(("Courses.csv",), {"name": ("Name",), "number": ("Number",)}),
    "volunteering": File(
        ("Volunteering.csv", "Volunteer Experiences.csv", "Volunteer.csv"),
        {
            "company": ("Company Name", "Organization", "Organization Name"),
            "role": ("Role", "Title"),
            "description": ("Description",),
            **_DATES,
        },
        {
            "Cause": "not imported: LinkedIn's category of the work, which a CV does not show",
            "Supported Cause": "not imported: a CV does not list the causes you support",
        },
    ),
    "organizations": File(
        ("Organizations.csv",),
        {
            "name": ("Name",),
            "position": ("Position",),
            "description": ("Description",),
            **_DATES,
        },
    ),
    "patents": File(
        ("Patents.csv",),
        {
            "title": ("Title",),
            "number": ("Patent Number", "Number"),
            "application": ("Application Number",),
            "status": ("Status",),
            "date": ("Issued On", "Issue Date", "Filed On", "Filing Date", "Date"),
            "url": ("Url",),
            "inventors": ("Inventors",),
        },
        {
            "Description": "not imported: a CV's list of patents shows no description",
            "Issuer": "not imported: write the office in the number (US 9,000,000)",
            "Patent Office": "not imported: write the office in the number (US 9,000,000)",
        },
    ),
    "test_scores": File(
        ("Test Scores.csv",),
        {
            "name": ("Name",),
            "score": ("Score",),
            "date": ("Test Date", "Date", "Taken On"),
            "description": ("Description",),
        },
    ),
    "emails": File(
        ("Email Addresses.csv",),
        {"address": ("Email Address",), "confirmed": ("Confirmed",), "primary": ("Primary",)},
        quiet=("Updated On",),
    ),
    "phones": File(
        ("PhoneNumbers.csv", "Phone Numbers.csv"),
        {"number": ("Number",), "extension": ("Extension",)},
        quiet=("Type",),
    ),
}
# Files of other people's data, by their names' words: never opened.
OTHER_PEOPLE = re.compile(
    r"connection|message|invitation|recommendation|endorsement|contact|reaction|comment|"
    r"share|vote|member.?follow|inbox|conversation|group|event",
    re.IGNORECASE,
)
# Every name of the files read, casefolded: a folder or .zip is an export if it holds one.
KNOWN_NAMES = {name.casefold() for spec in FILES.values() for name in spec.names}

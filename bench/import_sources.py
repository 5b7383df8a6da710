"""Large exports for `make bench`'s import rows, made from the test suite's own fixtures
(invented people): a LinkedIn export of 2,000 rows and an ORCID record of 2,000 works."""

from __future__ import annotations

import copy
import csv
import json
import shutil
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def linkedin_export(folder: Path, rows: int = 2000) -> Path:
    """tests/data/linkedin/export-2024 with its positions, skills, certifications and
    courses repeated (each row made distinct) until the export holds ``rows`` rows."""
    export = folder / "Basic_LinkedInDataExport_large"
    shutil.copytree(DATA / "linkedin" / "export-2024", export)
    shares = {
        "Positions.csv": 0.4,
        "Skills.csv": 0.3,
        "Certifications.csv": 0.15,
        "Courses.csv": 0.15,
    }
    for name, share in shares.items():
        file = export / name
        with file.open(encoding="utf-8-sig", newline="") as handle:
            header, *body = list(csv.reader(handle))
        wanted = int(rows * share)
        grown = [
            [f"{cell} {number}" if column == 0 else cell for column, cell in enumerate(row)]
            for number in range(wanted // max(len(body), 1) + 1)
            for row in body
        ][:wanted]
        with file.open("w", encoding="utf-8", newline="") as handle:
            csv.writer(handle).writerows([header, *grown])
    return export


def orcid_record(folder: Path, works: int = 2000) -> Path:
    """tests/data/orcid/record-3.0.json with ``works`` works, each its own title and DOI."""
    record = json.loads((DATA / "orcid" / "record-3.0.json").read_text(encoding="utf-8"))
    groups = record["activities-summary"]["works"]["group"]
    template = groups[0]
    grown = []
    for number in range(works):
        group = copy.deepcopy(template)
        doi = f"10.5555/bench.{number}"
        for external in group["external-ids"]["external-id"]:
            external["external-id-value"] = doi
            external["external-id-normalized"] = {"value": doi, "transient": True}
            external["external-id-url"] = {"value": f"https://doi.org/{doi}"}
        for summary in group["work-summary"]:
            summary["put-code"] = 500000 + number
            summary["title"]["title"]["value"] = f"A measured work, number {number}"
            summary["external-ids"] = copy.deepcopy(group["external-ids"])
        grown.append(group)
    record["activities-summary"]["works"]["group"] = grown
    file = folder / "record-large.json"
    file.write_text(json.dumps(record), encoding="utf-8")
    return file

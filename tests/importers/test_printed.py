"""``cvtex import CV.pdf`` and ``CV.docx``: cvtex's own PDFs in every theme read back to a
profile that builds the same sections with every word; CVs written by the tests in LaTeX
(two columns; Chinese with ctexart) and in Word, measured against their sources by
:mod:`.corpus`; and each file that is no CV to read refused with the reason.
"""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import zipfile
from collections import Counter
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cvtex.cli.main import main
from cvtex.importers.printed.dates import find_dates
from cvtex.language.catalog import available_languages, load_catalog

from ..conftest import THEMES, example_built
from .corpus import Truth, score
from .truths import write_docx

TODAY = dt.date(2025, 1, 1)


def _words(pdf: Path) -> Counter[str]:
    text = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout.replace("\u2010", "-")
    return Counter(re.findall(r"[A-Za-z0-9]+|[\u3400-\u9fff]", text))


def _headings(pdf: Path) -> list[str]:
    """The lines of the PDF that are a catalog's section title, in order."""
    titles = {
        title for code in available_languages() for title in load_catalog(code).titles.values()
    }
    text = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return [line.strip() for line in text.splitlines() if line.strip().casefold() in
            {title.casefold() for title in titles}]  # fmt: skip


def _cvtex(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.output


@pytest.mark.parametrize("theme", THEMES)
def test_own_pdfs_read_back_with_every_word(
    theme: str, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    built = example_built(tmp_path_factory, theme)  # the example's PDFs in the theme
    for language in ("en", "zh"):
        original = built.results[language].pdf
        profile = tmp_path / f"imported.{language}.yaml"
        code, output = _cvtex("import", str(original), "-o", str(profile))
        assert code == 0, output
        placed = re.search(r"placed (\d+) of (\d+) lines", output)
        assert placed and placed[1] == placed[2], output
        out = tmp_path / f"again-{language}"
        code, output = _cvtex("build", str(profile), "--theme", theme, "--out", str(out))
        assert code == 0, output
        again = next(out.glob("*.pdf"))
        missing = _words(original) - _words(again)
        # "Advisors: Prof. Hongli Xu" is read into the advisors without the word of respect
        # (importers/labels.yaml honorifics: the CV's label says who they are): by design.
        missing -= Counter({"Prof": missing["Prof"]})
        assert not missing, f"{theme} {language}: words not built again: {missing}"
        assert _headings(again) == _headings(original)
        data = yaml.safe_load(profile.read_text(encoding="utf-8"))
        assert data["languages"] == [language]
        assert "unplaced" not in data


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("Sep 2019 – Jun 2021", "2019-09", "2021-06"),
        ("09/2019 - present", "2019-09", "present"),
        ("2019.09–2021.06", "2019-09", "2021-06"),
        ("2019年9月～2021年6月", "2019-09", "2021-06"),
        ("2019. 09. ~ 2021. 06.", "2019-09", "2021-06"),
        ("2020.09–至今", "2020-09", "present"),
        ("2018年4月 – 現在", "2018-04", "present"),
        ("2021.03 ~ 현재", "2021-03", "present"),
        ("Software Engineer, Acme   Jan 2020 – Dec 2022", "2020-01", "2022-12"),
        ("2016 – 2020", "2016", "2020"),
    ],
)
def test_dates_in_every_form(text: str, start: str, end: str) -> None:
    found = find_dates(text, TODAY)
    assert found is not None and (found.start, found.end) == (start, end)


def test_a_year_inside_a_sentence_is_no_date() -> None:
    assert find_dates("Ranked 3rd of 2000 students in the national contest", TODAY) is None


TWO_COLUMNS = r"""
\documentclass[10pt]{article}
\usepackage[margin=1.5cm]{geometry}
\usepackage{fontspec}
\pagestyle{empty}
\setlength{\parindent}{0pt}
\begin{document}
{\Huge\bfseries Mei Lindqvist}\par\bigskip
\begin{minipage}[t]{0.27\textwidth}
\textbf{\large CONTACT}\par\smallskip
mei.lindqvist@example.org\par
+46 70 123 45 67\par
github.com/meilq\par\bigskip
\textbf{\large SKILLS}\par\smallskip
\textbf{Languages:} Rust, Go\par
\textbf{Tools:} Kubernetes\par\bigskip
\textbf{\large AWARDS}\par\smallskip
Best Paper Award 2021\par
Dean's List 2017\par
\end{minipage}\hfill
\begin{minipage}[t]{0.66\textwidth}
\textbf{\large EXPERIENCE}\par\smallskip
\textbf{Senior Engineer} \hfill Mar 2020 – present\par
\textit{Northwind Systems}, Uppsala, Sweden\par
\begin{itemize}\itemsep0pt
\item Rebuilt the billing pipeline around an event log, cutting the nightly run
from six hours to forty minutes
\item Led a team of four through the migration to Kubernetes
\end{itemize}
\textbf{Research Assistant} \hfill Sep 2017 – Feb 2020\par
\textit{Lund University}, Lund, Sweden\par
\begin{itemize}\itemsep0pt
\item Wrote the simulator used in three published studies of wireless scheduling
\end{itemize}
\textbf{\large EDUCATION}\par\smallskip
\textbf{Lund University} \hfill 2015 – 2017\par
\textit{M.Sc. in Computer Science}\par\medskip
\textbf{Uppsala University} \hfill 2012 – 2015\par
\textit{B.Sc. in Mathematics}\par
\end{minipage}
\end{document}
"""
TWO_COLUMNS_TRUTH = Truth(
    ["Mei Lindqvist", "mei.lindqvist@example.org", "+46 70 123 45 67", "Rust, Go", "Kubernetes",
     "Best Paper Award", "Dean's List", "Senior Engineer", "Northwind Systems",
     "Uppsala, Sweden",
     "Rebuilt the billing pipeline around an event log, cutting the nightly run from six "
     "hours to forty minutes", "Led a team of four through the migration to Kubernetes",
     "Research Assistant", "Lund University", "Wrote the simulator used in three published "
     "studies of wireless scheduling", "Uppsala University", "M.Sc.", "Computer Science",
     "Mathematics"],
    [("experience", "Senior Engineer"), ("experience", "Research Assistant"),
     ("education", "Lund University"), ("education", "Uppsala University"),
     ("awards", "Best Paper Award"), ("awards", "Dean's List"), ("skills", "Rust")],
)  # fmt: skip
CHINESE = r"""
\documentclass[fontset=none]{ctexart}
\setCJKmainfont{Noto Serif CJK SC}[BoldFont=* Bold]
\usepackage[margin=2cm]{geometry}
\pagestyle{empty}
\setlength{\parindent}{0pt}
\begin{document}
{\LARGE\bfseries 林晓雨}\par\medskip
电话：138-0000-1234 \quad 邮箱：xiaoyu.lin@example.cn\par\bigskip
{\large\bfseries 教育背景}\par\smallskip
\textbf{浙江大学} \hfill 2018年9月～2022年6月\par
计算机科学与技术 学士\par\bigskip
{\large\bfseries 工作经历}\par\smallskip
\textbf{杭州云栖科技有限公司} \hfill 2022.07–至今\par
后端开发工程师\par
\begin{itemize}\itemsep0pt
\item 负责订单系统的重构，将接口平均延迟从 120 毫秒降到 35 毫秒
\item 设计并上线灰度发布平台，覆盖公司全部三十个服务
\end{itemize}
{\large\bfseries 获奖情况}\par\smallskip
全国大学生数学建模竞赛一等奖 \hfill 2020\par
{\large\bfseries 专业技能}\par\smallskip
编程语言：Java、Go、Python\par
\end{document}
"""
CHINESE_TRUTH = Truth(
    ["林晓雨", "138-0000-1234", "xiaoyu.lin@example.cn", "浙江大学", "计算机科学与技术", "学士",
     "杭州云栖科技有限公司", "后端开发工程师",
     "负责订单系统的重构，将接口平均延迟从 120 毫秒降到 35 毫秒",
     "设计并上线灰度发布平台，覆盖公司全部三十个服务", "全国大学生数学建模竞赛一等奖",
     "Java", "Go", "Python"],
    [("education", "浙江大学"), ("experience", "杭州云栖科技有限公司"),
     ("awards", "全国大学生数学建模竞赛一等奖"), ("skills", "编程语言")],
)  # fmt: skip


def _compiled(tex: str, folder: Path, name: str) -> Path:
    source = folder / f"{name}.tex"
    source.write_text(tex, encoding="utf-8")
    run = subprocess.run(
        ["xelatex", "-interaction=nonstopmode", "-halt-on-error", source.name],
        cwd=folder, capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-2000:]
    return folder / f"{name}.pdf"


def _imported(source: Path, folder: Path) -> tuple[dict, str]:
    profile = folder / f"{source.name}.yaml"
    code, output = _cvtex("import", str(source), "-o", str(profile))
    assert code == 0, output
    return yaml.safe_load(profile.read_text(encoding="utf-8")), output


def test_two_columns_read_column_by_column(tmp_path: Path) -> None:
    data, _output = _imported(_compiled(TWO_COLUMNS, tmp_path, "two-columns"), tmp_path)
    result = score(data, TWO_COLUMNS_TRUTH)
    assert result.text_share >= 0.9, result.missing
    assert result.entry_share >= 0.85
    assert data["name"] == "Mei Lindqvist"
    assert {"type": "email", "value": "mei.lindqvist@example.org"} in data["contacts"]
    # No line of the side column inside the main column's bullets.
    bullets = [b for entry in data["experience"] for b in entry.get("bullets", [])]
    assert bullets[0].startswith("Rebuilt the billing pipeline") and bullets[0].endswith(
        "forty minutes"
    )
    assert not any(word in " ".join(bullets) for word in ("Rust", "Dean", "example.org"))
    assert data["experience"][0]["start"] == "2020-03" and data["experience"][0]["end"] == "present"


def test_chinese_ctexart_cv(tmp_path: Path) -> None:
    data, _ = _imported(_compiled(CHINESE, tmp_path, "jianli"), tmp_path)
    result = score(data, CHINESE_TRUTH)
    assert result.text_share >= 0.9, result.missing
    assert result.entry_share >= 0.75
    assert data["languages"] == ["zh"]
    assert data["name"] == "林晓雨"
    assert data["education"][0]["start"] == "2018-09" and data["education"][0]["end"] == "2022-06"
    assert data["experience"][0]["end"] == "present"


RENDERCV_LIKE = {
    "name": "Ana Ferreira",
    "email": "ana.ferreira@example.com",
    "phone": "+351 912 345 678",
    "location": "Porto, Portugal",
    "sections": {
        "summary": ["Data engineer who likes boring, reliable pipelines."],
        "education": [
            {"institution": "University of Porto", "degree": "MSc", "area": "Informatics",
             "start_date": "2014-09", "end_date": "2016-07", "location": "Porto, Portugal",
             "highlights": ["Thesis on streaming joins"]},
        ],
        "experience": [
            {"company": "Tidewater Analytics", "position": "Data Engineer",
             "start_date": "2016-09", "end_date": "present", "location": "Lisbon, Portugal",
             "highlights": ["Moved the warehouse to columnar storage", "Mentored two interns"]},
        ],
        "publications": [
            {"title": "Streaming Joins Without Tears", "authors": ["A. Ferreira", "J. Costa"],
             "journal": "Proceedings of the Data Systems Workshop", "date": "2016"},
        ],
        "skills": [{"label": "Languages", "details": "SQL, Python, Scala"}],
        "awards": [{"bullet": "Best Student Paper, Data Systems Workshop"}],
    },
}  # fmt: skip


def _libreoffice_pdf(source: Path) -> Path:
    """``source`` exported to PDF by LibreOffice, as a person saves a Word CV as PDF."""
    profile = source.parent / "lo-profile"  # LibreOffice's own settings, apart
    run = subprocess.run(
        ["soffice", f"-env:UserInstallation={profile.as_uri()}", "--headless", "--convert-to",
         "pdf", "--outdir", str(source.parent), str(source)],
        capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    pdf = source.with_suffix(".pdf")
    assert pdf.exists(), run.stdout + run.stderr
    return pdf


@pytest.mark.parametrize("tables", [False, True], ids=["paragraphs", "tables"])
def test_word_cv_and_its_libreoffice_pdf(tables: bool, tmp_path: Path) -> None:
    source = tmp_path / "word-cv.docx"
    truth = write_docx(RENDERCV_LIKE, source, tables=tables)
    for made in (source, _libreoffice_pdf(source)):
        data, output = _imported(made, tmp_path)
        result = score(data, truth)
        assert result.text_share >= 0.9, (made.name, result.missing)
        assert result.entry_share >= 0.9, made.name
        assert data["name"] == "Ana Ferreira"
        assert data["experience"][0]["bullets"] == [
            "Moved the warehouse to columnar storage", "Mentored two interns"]  # fmt: skip
        assert data["experience"][0]["start"] == "2016-09"
        assert "placed" in output


RUNNING = (
    r"""
\documentclass[10pt]{article}
\usepackage[margin=2cm,includefoot]{geometry}
\usepackage{fontspec,fancyhdr}
\pagestyle{fancy}
\fancyhf{}
\renewcommand{\headrulewidth}{0pt}
\fancyhead[R]{Mei Lindqvist --- Curriculum Vitae}
\fancyfoot[C]{mei.lindqvist@example.org \quad +46 70 123 45 67}
\fancyfoot[R]{Page \thepage}
\setlength{\parindent}{0pt}
\begin{document}
{\Huge\bfseries Mei Lindqvist}\par\bigskip
\textbf{\large EXPERIENCE}\par\smallskip
"""
    + "".join(
        rf"""\textbf{{Engineer at Firm {n}}} \hfill 20{n:02d} -- 20{n + 1:02d}\par
\begin{{itemize}}\item Built system number {n} for the firm, on time and within budget.
\item Kept system number {n} running for a year.\end{{itemize}}
"""
        for n in range(1, 19)
    )
    + r"""\end{document}
"""
)


def test_lines_printed_on_every_page_are_told_apart(tmp_path: Path) -> None:
    """A running header (the name), a footer of contacts and page numbers: none of them
    inside an entry; the contacts read once; each left out said."""
    pdf = _compiled(RUNNING, tmp_path, "running")
    assert int(re.search(r"Pages:\s+(\d+)", _pdfinfo(pdf))[1]) >= 2
    data, output = _imported(pdf, tmp_path)
    everything = yaml.safe_dump(data.get("experience"), allow_unicode=True)
    assert not re.search(r"Page \d|Curriculum Vitae|example\.org", everything)
    assert [c["type"] for c in data["contacts"]] == ["email", "phone"]
    assert len(data["experience"]) == 18
    assert "Curriculum Vitae»: a running header or footer at the same place on pages" in output
    assert "with the header; their repeats and the page numbers beside them left out" in output
    assert "unplaced" not in data


def _pdfinfo(pdf: Path) -> str:
    return subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout


def test_word_page_header_and_text_boxes_are_read(tmp_path: Path) -> None:
    """A Word CV whose contacts stand in the page header and whose summary is in a text
    box: both read, the header's once."""
    import docx
    from docx.oxml import parse_xml

    document = docx.Document()
    document.sections[0].header.paragraphs[0].text = "Grace Hopper | grace@example.org"
    document.add_paragraph("Grace Hopper", style="Title")
    anchor = document.add_paragraph()
    box = (
        '<w:r xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
        'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
        'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">'
        '<mc:AlternateContent><mc:Choice Requires="wps"><wps:txbx><w:txbxContent>'
        "<w:p><w:r><w:t>Summary</w:t></w:r></w:p><w:p><w:r><w:t>Compiler pioneer who "
        "likes a working prototype.</w:t></w:r></w:p></w:txbxContent></wps:txbx></mc:Choice>"
        "<mc:Fallback><w:txbxContent><w:p><w:r><w:t>Summary</w:t></w:r></w:p>"
        "</w:txbxContent></mc:Fallback></mc:AlternateContent></w:r>"
    )
    anchor._p.append(parse_xml(box))
    document.add_heading("Education", level=1)
    document.add_paragraph("Yale University\t1930 – 1934")
    document.save(tmp_path / "boxes.docx")
    data, _ = _imported(tmp_path / "boxes.docx", tmp_path)
    assert data["contacts"] == [{"type": "email", "value": "grace@example.org"}]
    assert data["summary"] == "Compiler pioneer who likes a working prototype."
    assert data["education"][0]["institution"] == "Yale University"
    assert "unplaced" not in data


def test_unplaced_lines_are_kept_and_named(tmp_path: Path) -> None:
    source = tmp_path / "odd.docx"
    import docx

    document = docx.Document()
    document.add_paragraph("Kenji Watanabe", style="Title")
    document.add_paragraph("kenji@example.jp")
    document.add_paragraph("Structural engineer")  # the headline
    document.add_paragraph("★★★ ★★")  # a line of no field
    document.add_heading("Education", level=1)
    document.add_paragraph("Kyoto University\t2010 – 2014")
    document.save(source)
    profile = tmp_path / "odd.yaml"
    code, output = _cvtex("import", str(source), "-o", str(profile))
    assert code == 0, output
    assert "placed 5 of 6 lines" in output
    data = yaml.safe_load(profile.read_text(encoding="utf-8"))
    assert data["headline"] == "Structural engineer"
    assert data["unplaced"] == [{"text": "★★★ ★★", "line": 4}]
    code, output = _cvtex("validate", str(profile))
    assert "unplaced" in output
    code, output = _cvtex("validate", str(profile), "--strict")
    assert code == 1 and "unplaced" in output


def _minimal_pdf(content: bytes, font: bytes) -> bytes:
    """A one-page PDF whose page draws ``content`` with the font object ``font``."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R"
        b" >> >> /Contents 4 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        font,
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


HELVETICA = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
NO_UNICODE = (
    b"<< /Type /Font /Subtype /Type0 /BaseFont /Garbled /Encoding /Identity-H /DescendantFonts"
    b" [<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Garbled /CIDSystemInfo << /Registry"
    b" (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor << /Type /FontDescriptor"
    b" /FontName /Garbled /Flags 4 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent"
    b" -200 /CapHeight 700 /StemV 80 >> >>] >>"
)


def _encrypted(tmp_path: Path) -> bytes:
    from pypdf import PdfReader, PdfWriter

    plain = tmp_path / "plain.pdf"
    plain.write_bytes(_minimal_pdf(b"BT /F1 12 Tf 72 700 Td (Education) Tj ET", HELVETICA))
    writer = PdfWriter()
    writer.append(PdfReader(plain))
    writer.encrypt(user_password="secret", owner_password="owner")
    out = tmp_path / "locked-source.pdf"
    with out.open("wb") as handle:
        writer.write(handle)
    return out.read_bytes()


def _scanned() -> bytes:
    image = (
        b"<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray"
        b" /BitsPerComponent 8 /Length 4 >>\nstream\n\x00\xff\xff\x00\nendstream"
    )
    pdf = _minimal_pdf(b"q 500 0 0 700 40 70 cm /Im1 Do Q", HELVETICA)
    # The page's resources name the image in place of a font.
    return pdf.replace(b"/Font << /F1 5 0 R >>", b"/XObject << /Im1 5 0 R >>").replace(
        HELVETICA, image
    )


@pytest.mark.parametrize(
    ("name", "make", "said"),
    [
        ("broken.pdf", lambda tmp: b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages", "damaged PDF"),
        ("locked.pdf", _encrypted, "encrypted"),
        ("scan.pdf", lambda tmp: _scanned(), "no text layer"),
        (
            "garbled.pdf",
            lambda tmp: _minimal_pdf(
                b"BT /F1 12 Tf 72 700 Td <0041004200430044> Tj ET", NO_UNICODE
            ),
            "no Unicode map",
        ),
        (
            "letter.pdf",
            lambda tmp: _minimal_pdf(
                b"BT /F1 12 Tf 72 700 Td (Dear Sir, thank you for the parcel.) Tj ET", HELVETICA
            ),
            "not a CV",
        ),
        ("broken.docx", lambda tmp: _broken_docx(tmp), "damaged Word file"),
    ],
)
def test_files_that_cannot_be_read_are_refused_with_the_reason(
    name: str, make, said: str, tmp_path: Path
) -> None:
    source = tmp_path / name
    source.write_bytes(make(tmp_path))
    code, output = _cvtex("import", str(source), "-o", str(tmp_path / "out.yaml"))
    assert code in (1, 2), output
    assert said in output and name in output
    assert "Traceback" not in output
    assert not (tmp_path / "out.yaml").exists()


def _broken_docx(tmp_path: Path) -> bytes:
    path = tmp_path / "made.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", "<w:document>not closed")
    return path.read_bytes()


def test_page_numbers_alone_are_left_out() -> None:
    """A page number on a line of its own, at the foot of each page or of the only one."""
    from cvtex.importers.pdf.running import without_running
    from cvtex.importers.printed.lines import Cell, Line, Span

    def line(text: str, page: int, number: int, top: float) -> Line:
        return Line([Cell([Span(text)])], page, number, top=top)

    body = [line("Kyoto University", 1, 1, 100.0), line("- 1 -", 1, 2, 800.0)]
    second = [line("Osaka Gas", 2, 1, 100.0), line("- 2 -", 2, 2, 800.0)]
    kept, left_out = without_running([(842.0, body), (842.0, second)])
    assert [kept_line.text for kept_line in kept] == ["Kyoto University", "Osaka Gas"]
    assert [out.line.text for out in left_out] == ["- 1 -"]
    assert left_out[0].copies == 2 and "a page number" in left_out[0].why
    one = [line("Kyoto University", 1, 1, 100.0), line("第 1 页", 1, 2, 820.0)]
    kept, left_out = without_running([(842.0, one)])
    assert [kept_line.text for kept_line in kept] == ["Kyoto University"]
    assert left_out[0].why == "a page number: left out"

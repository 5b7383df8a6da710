"""PDFium is not thread-safe: cvtex's readers of it (the page checks, the fourth reader of
`cvtex check`, the editor's page images) take turns, whichever threads call them. A crash
would take the process down, so the calls run in a process of their own. Real XeLaTeX."""

from __future__ import annotations

import subprocess
import sys

from cvtex.compile.engine import run_xelatex

PAGES = "\n".join(
    [
        r"\documentclass{article}",
        r"\begin{document}",
        *(
            f"Paragraph {n} of a document of many pages, read by several threads.\\par"
            for n in range(600)
        ),
        r"\end{document}",
        "",
    ]
)

CALLS = """
import sys, threading
from pathlib import Path
from cvtex.check.extractors import pdfium_pages
from cvtex.compile.pagetext import page_texts
from cvtex.live.pageimages import page_image

pdfs = [Path(name) for name in sys.argv[1:]]
failed = []

def read(index):
    try:
        for round in range(12):
            pdf = pdfs[(index + round) % len(pdfs)]
            [page_texts, pdfium_pages, lambda pdf: page_image(pdf, 1 + round % 3, 300)][
                (index + round) % 3
            ](pdf)
    except Exception as exc:
        failed.append(repr(exc))

threads = [threading.Thread(target=read, args=(index,)) for index in range(6)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(failed or "read")
"""


def test_pdfium_is_called_by_one_thread_at_a_time(tmp_path):
    pdfs = []
    for name in ("a", "b"):
        tex = tmp_path / f"{name}.tex"
        tex.write_text(PAGES, encoding="utf-8")
        pdfs.append(str(run_xelatex(tex).pdf))
    done = subprocess.run(
        [sys.executable, "-c", CALLS, *pdfs], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "read"


def test_every_reader_opens_pdfium_holding_its_lock(tmp_path, monkeypatch):
    import pypdfium2

    from cvtex.check.extractors import pdfium_pages
    from cvtex.compile import pdfium
    from cvtex.compile.pagetext import last_page_text, page_texts
    from cvtex.live.pageimages import page_image, page_sizes

    tex = tmp_path / "one.tex"
    tex.write_text(PAGES, encoding="utf-8")
    pdf = run_xelatex(tex).pdf
    opened = []
    real = pypdfium2.PdfDocument

    def document(*args, **kwargs):
        opened.append(pdfium.LOCK._is_owned())  # type: ignore[attr-defined]
        return real(*args, **kwargs)

    monkeypatch.setattr(pypdfium2, "PdfDocument", document)
    page_texts(pdf)
    last_page_text(pdf)
    pdfium_pages(pdf)
    page_sizes(pdf)
    page_image(pdf, 2, 300)
    assert opened == [True] * 5


def test_the_last_page_alone_reads_as_it_does_among_all_pages(tmp_path):
    # Fitting reads the last page only: it must see what the page checks see there.
    from cvtex.compile.pagetext import last_page_text, page_texts

    tex = tmp_path / "pages.tex"
    tex.write_text(PAGES, encoding="utf-8")
    pdf = run_xelatex(tex).pdf
    pages = page_texts(pdf)
    assert len(pages) >= 3
    last = last_page_text(pdf)
    assert last == pages[-1]
    assert last != pages[-2]
    assert any(line.text().startswith("Paragraph 599") for line in last.lines)


def test_fitting_reads_the_same_lines_without_the_characters_boxes(tmp_path):
    # Fitting asks where the last page's lines stand (compile/pdf.short_last_page): read
    # without each character's box, the page has the same lines on the same baselines.
    from cvtex.compile.pagetext import last_page_text

    tex = tmp_path / "last.tex"
    body = r"Text on the last page, with a raised mark\textsuperscript{2} in it. " * 8
    tex.write_text(
        "\n".join(
            [
                r"\documentclass{article}",
                r"\begin{document}",
                "First page.",
                r"\newpage",
                r"{\Large A larger heading}\par",
                *(f"{body}\\par" for _ in range(6)),
                r"\end{document}",
            ]
        ),
        encoding="utf-8",
    )
    pdf = run_xelatex(tex).pdf
    whole, lean = last_page_text(pdf), last_page_text(pdf, boxes=False)
    assert [glyph.char for glyph in lean.glyphs] == [glyph.char for glyph in whole.glyphs]
    assert [line.baseline for line in lean.lines] == [line.baseline for line in whole.lines]
    assert [line.size for line in lean.lines] == [line.size for line in whole.lines]
    assert len(lean.lines) > 12 and len({line.size for line in lean.lines}) > 1
    assert all(glyph.left == glyph.right == 0 for glyph in lean.glyphs)

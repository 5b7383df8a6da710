"""The pages the editor and the preview show, drawn by the server: a page that looks the
same in a new PDF carries the same digest (so the page does not load it again), a page
that changed does not, and the image is the page as PDFium draws it."""

from __future__ import annotations

import struct
import subprocess
import zlib
from pathlib import Path

from cvtex.live.pageimages import page_image, page_sizes

TWO_PAGES = r"""\documentclass{article}
\begin{document}
First page, the same in both.
\newpage
Second page: %s
\end{document}
"""


def compiled(folder: Path, name: str, second: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.tex").write_text(TWO_PAGES % second, encoding="utf-8")
    subprocess.run(
        ["xelatex", "-interaction=nonstopmode", "-halt-on-error", f"{name}.tex"],
        cwd=folder,
        check=True,
        capture_output=True,
    )
    return folder / f"{name}.pdf"


def png_size(png: bytes) -> tuple[int, int]:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def png_rows(png: bytes) -> bytes:
    """The image's filtered rows (its IDAT chunks, inflated)."""
    at, data = 8, b""
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        if png[at + 4 : at + 8] == b"IDAT":
            data += png[at + 8 : at + 8 + length]
        at += 12 + length
    return zlib.decompress(data)


def test_a_page_that_looks_the_same_has_the_same_digest_and_a_changed_one_does_not(tmp_path):
    before = compiled(tmp_path / "before", "cv", "as it was.")
    after = compiled(tmp_path / "after", "cv", "as it is now, longer.")
    assert len(page_sizes(before)) == len(page_sizes(after)) == 2
    first = [page_image(pdf, 1, 600) for pdf in (before, after)]
    second = [page_image(pdf, 2, 600) for pdf in (before, after)]
    assert all(drawn is not None for drawn in first + second)
    assert first[0].digest == first[1].digest and first[0].png == first[1].png
    assert second[0].digest != second[1].digest
    # The width asked for, the page's shape; and not a blank image: the text is drawn.
    width, height = png_size(second[1].png)
    points = page_sizes(after)[1]
    assert width == 600 and abs(height - 600 * points[1] / points[0]) <= 1
    rows = png_rows(second[1].png)
    assert len(set(rows)) > 2  # more than the filter bytes and white
    # Drawn at another width, the same page is another image.
    assert page_image(after, 2, 300).digest != second[1].digest
    assert page_image(after, 3, 600) is None  # no third page


def test_page_sizes_are_each_pages_own_as_pdfium_loads_it(tmp_path):
    # Read from the page tree without loading the pages: the same sizes as the loaded pages
    # give, a page of another size and a turned page included.
    import pypdfium2

    folder = tmp_path / "sizes"
    folder.mkdir()
    (folder / "mixed.tex").write_text(
        r"""\documentclass{article}
\begin{document}
A page of A4.
\newpage
\special{pdf:put @thispage << /Rotate 90 >>}Turned.
\newpage
\special{pdf:put @thispage << /MediaBox [0 0 300 500] >>}Small.
\end{document}
""",
        encoding="utf-8",
    )
    subprocess.run(
        ["xelatex", "-interaction=nonstopmode", "-halt-on-error", "mixed.tex"],
        cwd=folder,
        check=True,
        capture_output=True,
    )
    pdf = folder / "mixed.pdf"
    document = pypdfium2.PdfDocument(str(pdf))
    loaded = [document[index].get_size() for index in range(len(document))]
    document.close()
    assert len(set(loaded)) == 3  # three shapes: A4, A4 turned, and the small page
    assert page_sizes(pdf) == loaded

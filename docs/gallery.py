"""`make gallery`: page 1 of the example CV in every built-in theme and language, as PNG,
and the example's cover letter in English and Chinese in every theme beside it
(docs/gallery/<theme>.letter.<lang>.png); the engineer example's Japanese and Korean CV and
letter the same way (<theme>.ja.png, <theme>.letter.ko.png, ...).

Writes docs/gallery/<theme>.<lang>.png at 80 dpi, quantized by pngquant (docs/gallery.md),
so that a reader can pick a look before installing anything; and page 1 of the default
theme's Word copy in English and Chinese, as LibreOffice shows it, beside the PDF's:
docs/gallery/<theme>.<lang>.docx.png.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from cvtex.look.theme import builtin_names
from cvtex.pipeline.build import build
from cvtex.pipeline.request import resolve_request
from cvtex.resources import DEFAULT_THEME

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "academic" / "profile.yaml"
ENGINEER = ROOT / "examples" / "engineer" / "profile.yaml"
# Each example with the languages it is drawn in (None: all of its own).
EXAMPLES = ((EXAMPLE, None), (ENGINEER, "ja,ko"))
GALLERY = ROOT / "docs" / "gallery"
DPI = 80


WORD_LANGUAGES = ("en", "zh")


def main() -> int:
    GALLERY.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cvtex-gallery-") as scratch:
        for theme in builtin_names():
            for profile, languages in EXAMPLES:
                out_dir = Path(scratch) / theme / profile.parent.name
                for file, kind in ((profile, ""), (profile.with_name("letter.yaml"), "letter.")):
                    request = resolve_request(
                        file, languages=languages, out_dir=out_dir, theme=theme
                    )
                    for result in build(request):
                        page_one(result.pdf, GALLERY / f"{theme}.{kind}{result.language}")
        word = Path(scratch) / "word"
        formats = ["docx"]
        build(
            resolve_request(
                EXAMPLE, languages=",".join(WORD_LANGUAGES), out_dir=word, formats=formats
            )
        )
        for language in WORD_LANGUAGES:
            pdf = libreoffice_pdf(word / f"{EXAMPLE.stem}.{language}.docx", Path(scratch))
            page_one(pdf, GALLERY / f"{DEFAULT_THEME}.{language}.docx")
    return 0


def page_one(pdf: Path, target: Path) -> None:
    """Page 1 of ``pdf`` as ``target``.png."""
    first = ["-f", "1", "-l", "1", "-png", "-singlefile"]
    subprocess.run(["pdftoppm", "-r", str(DPI), *first, str(pdf), str(target)], check=True)
    # A few dozen colours are plenty for text on white: a third of the bytes.
    png = f"{target}.png"
    quantize = ["--quality=60-90", "--speed=1", "--force", "--strip"]
    subprocess.run(["pngquant", *quantize, "--output", png, png], check=True)
    print(f"wrote {target}.png")


def libreoffice_pdf(docx: Path, scratch: Path) -> Path:
    """The Word copy as LibreOffice prints it (headless, in a profile of its own)."""
    profile = (scratch / "libreoffice-profile").resolve()
    convert = ["--convert-to", "pdf", "--outdir", str(docx.parent), str(docx)]
    subprocess.run(
        ["soffice", f"-env:UserInstallation={profile.as_uri()}", "--headless", *convert],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return docx.with_suffix(".pdf")


if __name__ == "__main__":
    sys.exit(main())

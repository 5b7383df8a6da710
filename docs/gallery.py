"""`make gallery`: page 1 of the example CV in every built-in theme and language, as PNG.

Writes docs/gallery/<theme>.<lang>.png at 80 dpi, quantized by pngquant (README shows them),
so that a reader can pick a look before installing anything.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from cvtex.build.pipeline import build
from cvtex.build.request import resolve_request
from cvtex.look.theme import builtin_names

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "academic" / "profile.yaml"
GALLERY = ROOT / "docs" / "gallery"
DPI = 80


def main() -> int:
    GALLERY.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cvtex-gallery-") as scratch:
        for theme in builtin_names():
            request = resolve_request(EXAMPLE, out_dir=Path(scratch) / theme, theme=theme)
            for result in build(request):
                target = GALLERY / f"{theme}.{result.language}"
                page_one = ["-f", "1", "-l", "1", "-png", "-singlefile"]
                subprocess.run(
                    ["pdftoppm", "-r", str(DPI), *page_one, str(result.pdf), str(target)],
                    check=True,
                )
                # A few dozen colours are plenty for text on white: a third of the bytes.
                png = f"{target}.png"
                quantize = ["--quality=60-90", "--speed=1", "--force", "--strip"]
                subprocess.run(["pngquant", *quantize, "--output", png, png], check=True)
                print(f"wrote {target}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())

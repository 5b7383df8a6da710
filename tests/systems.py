"""Other systems' fonts, simulated on this one: this machine's Noto CJK faces saved under the
family, style and weight names macOS and Windows give their CJK fonts (Songti SC, PingFang
SC, Hiragino Mincho ProN W3 and W6, SimSun with no bold, ...), and a fontconfig that is shown
only those (``FONTCONFIG_FILE``), so that cvtex's font lookup and XeLaTeX's both see what
they would see there. Nothing is committed: the faces are made in the test session.

A face keeps its source's outlines: only the name table (and the weight fontconfig reads
from OS/2) changes, so making one is a copy of the file, about half a second.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

NOTO = Path("/usr/share/fonts/opentype/noto")
# The faces of a Noto CJK collection (.ttc), by region: the order Debian's files have.
REGIONS = {"JP": 0, "KR": 1, "SC": 2, "TC": 3, "HK": 4}


@dataclass(frozen=True)
class Face:
    """One face of a simulated system font."""

    family: str
    style: str  # as the system names it: Regular, Bold, W3, Semibold
    weight: int  # OS/2 usWeightClass: 300 light, 400 regular, 600 semibold, 700 bold
    postscript: str
    source: str  # "Serif SC Regular": the Noto CJK face it is drawn from

    @property
    def bold_bit(self) -> bool:
        return self.style == "Bold"

    def source_file(self) -> tuple[Path, int]:
        kind, region, weight = self.source.split()
        return NOTO / f"Noto{kind}CJK-{weight}.ttc", REGIONS[region]


def _two(family: str, ps: str, source: str, bold_style: str = "Bold", bold_weight: int = 700):
    return (
        Face(family, "Regular", 400, f"{ps}-Regular", f"{source} Regular"),
        Face(family, bold_style, bold_weight, f"{ps}-{bold_style}", f"{source} Bold"),
    )


def _one(family: str, ps: str, source: str) -> tuple[Face, ...]:
    return (Face(family, "Regular", 400, ps, f"{source} Regular"),)


# Each system's CJK families, as its fonts name them (fc-list on that system).
MACOS = {
    "Songti SC": _two("Songti SC", "STSongti-SC", "Serif SC"),
    "Songti TC": _two("Songti TC", "STSongti-TC", "Serif TC"),
    "PingFang SC": _two("PingFang SC", "PingFangSC", "Sans SC", "Semibold", 600),
    "PingFang TC": _two("PingFang TC", "PingFangTC", "Sans TC", "Semibold", 600),
    "Hiragino Mincho ProN": (
        Face("Hiragino Mincho ProN", "W3", 300, "HiraMinProN-W3", "Serif JP Regular"),
        Face("Hiragino Mincho ProN", "W6", 600, "HiraMinProN-W6", "Serif JP Bold"),
    ),
    "Hiragino Kaku Gothic ProN": (
        Face("Hiragino Kaku Gothic ProN", "W3", 300, "HiraKakuProN-W3", "Sans JP Regular"),
        Face("Hiragino Kaku Gothic ProN", "W6", 600, "HiraKakuProN-W6", "Sans JP Bold"),
    ),
    "AppleMyungjo": _one("AppleMyungjo", "AppleMyungjo", "Serif KR"),
    "Apple SD Gothic Neo": _two("Apple SD Gothic Neo", "AppleSDGothicNeo", "Sans KR"),
}
WINDOWS = {
    "SimSun": _one("SimSun", "SimSun", "Serif SC"),  # no bold, as on Windows
    "SimHei": _one("SimHei", "SimHei", "Sans SC"),  # no bold either
    "Microsoft YaHei": _two("Microsoft YaHei", "MicrosoftYaHei", "Sans SC"),
    "PMingLiU": _one("PMingLiU", "PMingLiU", "Serif TC"),
    "Microsoft JhengHei": _two("Microsoft JhengHei", "MicrosoftJhengHei", "Sans TC"),
    "Yu Mincho": _two("Yu Mincho", "YuMincho", "Serif JP", "Demibold", 600),
    "Yu Gothic": _two("Yu Gothic", "YuGothic", "Sans JP"),
    "Batang": _one("Batang", "Batang", "Serif KR"),
    "Malgun Gothic": _two("Malgun Gothic", "MalgunGothic", "Sans KR"),
}
FAMILIES = {**MACOS, **WINDOWS}


def make_face(face: Face, folder: Path) -> Path:
    """The face saved in ``folder`` under its system's names; made once."""
    from fontTools.ttLib import TTFont

    target = folder / f"{face.postscript}.otf"
    if target.exists():
        return target
    folder.mkdir(parents=True, exist_ok=True)
    source, index = face.source_file()
    font = TTFont(source, fontNumber=index, lazy=True, recalcBBoxes=False)
    ribbi = face.style if face.style in ("Regular", "Bold") else "Regular"
    names = font["name"]
    names.names = [record for record in names.names if record.nameID not in (1, 2, 3, 4, 6, 16, 17)]
    # Family and style as macOS and Windows fonts have them: Hiragino's style is "W3" in
    # name 2 itself (no typographic names); the others keep name 2 Regular or Bold.
    style = face.style if face.family.startswith("Hiragino") else ribbi
    for name_id, value in (
        (1, face.family),
        (2, style),
        (3, f"cvtex-test:{face.postscript}"),
        (4, face.family if face.style == "Regular" else f"{face.family} {face.style}"),
        (6, face.postscript),
    ):
        names.setName(value, name_id, 3, 1, 0x409)
    if style != face.style:  # Semibold, Demibold: the typographic family and style
        names.setName(face.family, 16, 3, 1, 0x409)
        names.setName(face.style, 17, 3, 1, 0x409)
    font["CFF "] = _renamed_cff(font.reader["CFF "], face.postscript)
    # The weight fontconfig reads, and the bold bits: OS/2's usWeightClass (offset 4) and
    # fsSelection (62), head's macStyle (44), changed in the raw tables (decompiling OS/2
    # would read every glyph's name).
    os2 = font.reader["OS/2"]
    selection = int.from_bytes(os2[62:64], "big") & ~0b1100001
    selection |= 0b100000 if face.bold_bit else 0b1000000
    font["OS/2"] = _raw("OS/2", _put(_put(os2, 4, face.weight), 62, selection))
    font["head"] = _raw("head", _put(font.reader["head"], 44, 1 if face.bold_bit else 0))
    font.save(target)
    return target


def _renamed_cff(data: bytes, name: str) -> object:
    """The CFF table with its font name (what a PDF's font is called, and pdffonts lists)
    replaced by ``name``, cut or padded with "_" to the old name's length: the offsets of
    everything after it stay right, and no outline is decompiled."""
    header = data[2]
    count = int.from_bytes(data[header : header + 2], "big")
    size = data[header + 2]
    offsets = [
        int.from_bytes(data[at : at + size], "big")
        for at in range(header + 3, header + 3 + (count + 1) * size, size)
    ]
    base = header + 3 + (count + 1) * size - 1
    start, end = base + offsets[0], base + offsets[1]
    new = name.encode("ascii")[: end - start].ljust(end - start, b"_")
    return _raw("CFF ", data[:start] + new + data[end:])


def _put(data: bytes, offset: int, value: int) -> bytes:
    return data[:offset] + value.to_bytes(2, "big") + data[offset + 2 :]


def _raw(tag: str, data: bytes) -> object:
    from fontTools.ttLib.tables.DefaultTable import DefaultTable

    table = DefaultTable(tag)
    table.data = data
    return table


@dataclass(frozen=True)
class System:
    """A simulated system: the environment a cvtex command runs in to see its fonts."""

    name: str  # what CVTEX_SYSTEM says: macos, windows, fedora
    fonts_conf: Path
    font_dirs: tuple[Path, ...]
    cache: Path  # cvtex's user cache on that system

    def env(self, base: dict[str, str] | None = None) -> dict[str, str]:
        env = dict(os.environ if base is None else base)
        env.update(
            FONTCONFIG_FILE=str(self.fonts_conf),
            CVTEX_SYSTEM=self.name,
            # kpathsea's system font folders (TeX Live's OSFONTDIR) are the system's own:
            # this machine's /usr/share/fonts is not there on a Mac or a PC. (An empty
            # value would be no value: TeX Live's own would apply.)
            OSFONTDIR=os.pathsep.join(str(folder) for folder in (*self.font_dirs, self.cache)),
            CVTEX_CACHE_DIR=str(self.cache),
        )
        return env


def make_system(
    name: str, root: Path, families: list[str], dirs: tuple[Path, ...] = (), system: str = ""
) -> System:
    """A system whose fontconfig lists ``families`` (of FAMILIES, made under ``root``) and
    the folders ``dirs``, and nothing else; ``system``: what CVTEX_SYSTEM says (``name``)."""
    font_dirs = [root / "faces" / family for family in families]
    for family, folder in zip(families, font_dirs, strict=True):
        for face in FAMILIES[family]:
            make_face(face, folder)
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    listed = [*font_dirs, *dirs]
    conf = folder / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        + "".join(f"  <dir>{path}</dir>\n" for path in listed)
        + f"  <cachedir>{folder / 'fc-cache'}</cachedir>\n</fontconfig>\n",
        encoding="utf-8",
    )
    made = System(system or name, conf, tuple(font_dirs), folder / "cvtex-cache")
    subprocess.run(["fc-cache", "-f"], env=made.env(), check=True, capture_output=True)
    return made


def families_seen(system: System) -> set[str]:
    """What fc-list lists on the simulated system."""
    listing = subprocess.run(
        ["fc-list", ":", "family"], env=system.env(), capture_output=True, text=True, check=True
    ).stdout
    return {name.strip() for line in listing.splitlines() for name in line.split(",")}


def pdf_fonts(pdf: Path) -> list[str]:
    """The fonts a PDF embeds, as pdffonts names them (subset prefix and CID encoding
    dropped): a simulated face by its PostScript name, cut to its source's name length."""
    listing = subprocess.run(
        ["pdffonts", str(pdf)], capture_output=True, text=True, check=True
    ).stdout.splitlines()[2:]
    names = (line.split()[0] for line in listing)
    return sorted(
        {(name.partition("+")[2] or name).removesuffix("-Identity-H").rstrip("_") for name in names}
    )


def embeds(pdf: Path, postscript: str) -> bool:
    """Whether the PDF embeds the face of that PostScript name (as cut by make_face)."""
    return any(len(name) >= 6 and postscript.startswith(name) for name in pdf_fonts(pdf))

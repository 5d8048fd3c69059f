"""Font facts for the text checks: which bundled font svglib will set a <text> in, which characters that
font lacks, and where the ink of a string falls (from the glyphs' own outlines, read with fontTools)."""

from __future__ import annotations

import functools

from fontTools.ttLib import TTFont

from kitpress import fonts

Box = tuple[float, float, float, float]


class Face:
    """One bundled font file: its character map, advances and glyph ink boxes (read as needed)."""

    def __init__(self, style: str) -> None:
        self.style = style
        self._font = TTFont(str(fonts.path(style)), lazy=True)
        self.units = int(self._font["head"].unitsPerEm)
        self.cmap: dict[int, str] = dict(self._font.getBestCmap())
        self.advance: dict[str, int] = {name: w for name, (w, _lsb) in self._font["hmtx"].metrics.items()}
        self._bounds: dict[str, tuple[int, int, int, int] | None] = {}

    def bounds(self, name: str) -> tuple[int, int, int, int] | None:
        """xMin, yMin, xMax, yMax of a glyph in font units; None if it has no outline (a space)."""
        if name not in self._bounds:
            glyph = self._font["glyf"][name]
            self._bounds[name] = (glyph.xMin, glyph.yMin, glyph.xMax, glyph.yMax) if getattr(glyph, "numberOfContours", 0) else None
        return self._bounds[name]


@functools.cache
def face(style: str) -> Face:
    return Face(style)


@functools.cache
def resolve(family: str, weight: str, slant: str) -> tuple[str | None, str]:
    """(bundled style or None, the ReportLab font svglib picks) for an SVG font-family/weight/style."""
    from svglib.svglib import Svg2RlgAttributeConverter

    fonts.register()
    chosen = Svg2RlgAttributeConverter().convertFontFamily(family, weight or "normal", slant or "normal")
    by_name = {name: style for style, name in fonts.RL_NAMES.items()}
    return by_name.get(chosen), chosen


def missing(text: str, style: str) -> list[str]:
    """Characters of `text` the bundled font has no glyph for, in order, each once."""
    cmap = face(style).cmap
    out: list[str] = []
    for ch in text:
        if ord(ch) not in cmap and ch not in out:
            out.append(ch)
    return out


def width(text: str, size: float, style: str) -> float:
    """Advance width as ReportLab and svglib compute it (used for text-anchor too)."""
    return fonts.text_width(text, size, style)


def ink(text: str, size: float, style: str) -> Box | None:
    """The ink box of `text` set from (0, 0) on its baseline, y down as in SVG; None if nothing prints."""
    f = face(style)
    scale = size / f.units
    pen = 0.0
    x0 = y0 = float("inf")
    x1 = y1 = float("-inf")
    for ch in text:
        name = f.cmap.get(ord(ch), ".notdef")
        box = f.bounds(name)
        if box is not None:
            x0, x1 = min(x0, pen + box[0] * scale), max(x1, pen + box[2] * scale)
            y0, y1 = min(y0, -box[3] * scale), max(y1, -box[1] * scale)
        pen += f.advance.get(name, 0) * scale
    if x0 == float("inf"):
        return None
    return x0, y0, x1, y1

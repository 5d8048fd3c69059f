"""The bundled DejaVu fonts (licence in LICENSE-DejaVu.txt): they carry Σ → ← ≠ ⌊ ⌋ ×, which the
PDF base fonts and ReportLab's Vera lack, and they are embedded in every PDF kitpress writes."""

from __future__ import annotations

import functools
from pathlib import Path

FAMILY = "DejaVu Sans"
CONDENSED = "DejaVu Sans Condensed"
FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
    "condensed-bold": "DejaVuSansCondensed-Bold.ttf",
}
# ReportLab names, used by the PDF writer and by svglib when it maps SVG text to PDF text.
RL_NAMES = {"regular": "KitSans", "bold": "KitSans-Bold", "italic": "KitSans-Italic", "condensed-bold": "KitSansCond-Bold"}


@functools.cache  # asked for by every text the art measures
def path(style: str = "regular") -> Path:
    return Path(__file__).with_name(FILES[style])


@functools.cache
def register() -> None:
    """Register the fonts with ReportLab and svglib once per process."""
    from svglib.fonts import register_font

    # svglib registers each file with ReportLab under our name and maps the SVG family to it.
    for family, style, weight, slant in (
        (FAMILY, "regular", "normal", "normal"),
        (FAMILY, "bold", "bold", "normal"),
        (FAMILY, "italic", "normal", "italic"),
        (CONDENSED, "condensed-bold", "bold", "normal"),
        (CONDENSED, "condensed-bold", "normal", "normal"),
    ):
        _, ok = register_font(family, str(path(style)), weight, slant, RL_NAMES[style])
        if not ok:
            raise RuntimeError(f"cannot register bundled font {FILES[style]}")
    from reportlab import rl_config
    from reportlab.pdfbase.pdfmetrics import registerFontFamily

    registerFontFamily(RL_NAMES["regular"], normal=RL_NAMES["regular"], bold=RL_NAMES["bold"], italic=RL_NAMES["italic"], boldItalic=RL_NAMES["bold"])
    # ReportLab's graphics start every drawing in this font; left at Helvetica, each PDF would
    # reference a base font that is not embedded.
    rl_config.defaultGraphicsFontName = RL_NAMES["regular"]


def text_width(text: str, size: float, style: str = "regular") -> float:
    """Width in points of `text` set in the bundled font, for fitting text into boxes. Read from the font
    file (ReportLab's numbers exactly): the checks that run when a spec loads measure text too, and
    `kitpress check` imports no renderer."""
    from kitpress.fonts import metrics

    try:
        return float(metrics.string_width(path(style), text, size))
    except metrics.Unsupported:
        from reportlab.pdfbase import pdfmetrics

        register()
        return float(pdfmetrics.stringWidth(text, RL_NAMES[style], size))


def fonts_dir_uri() -> str:
    return Path(__file__).parent.resolve().as_uri()

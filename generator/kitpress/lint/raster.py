"""Pieces as printed: each Art on a page of its own size with bleed (sheets.services.card_page), drawn by
the kit's own writer (sheets.pdf: svglib, the bundled fonts, the clip), rasterised with pdfium. A job's
faces share one PDF, one page each, so the fonts are embedded once.

The bleed check compares two bands of pixels: just inside the trim edge and at the bleed edge. Wherever
the trim edge has ink, the art must carry on to the bleed edge, or a cut that drifts outwards shows a
white sliver. A shape may reach the bleed edge a little to one side of where it crossed the trim
(a diagonal), so the bleed side is searched within one bleed's width.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pypdfium2
from reportlab.graphics.shapes import Drawing, String

from kitpress.lint.findings import ERROR
from kitpress.pieces import Art
from kitpress.sheets import drawings
from kitpress.sheets.impose import Page
from kitpress.sheets.pdf import Drawings, draw_sheet, new_canvas
from kitpress.sheets.services import card_page

SCALE = 2.0  # pixels per point (144 dpi): 18 px of bleed on a 9 pt bleed
INK_LEVEL = 6  # a pixel this far below white in any channel carries ink
SHORT_RUN_PT = 1.0  # stretches of trim edge shorter than this are anti-aliasing, not art

Problem = tuple[str, str, str]


@dataclass(frozen=True)
class Printed:
    """A face as printed: its drawing (svglib's reading of the SVG) and its pixels with the bleed."""

    art: Art
    drawing: Drawing
    pixels: np.ndarray  # H × W × 3 uint8
    scale: float


class _Given(Drawings):
    """Hands draw_sheet the drawings already made (the parsed SVGs, or their black-and-white copies)."""

    def __init__(self, given: dict[str, Drawing]) -> None:
        super().__init__()
        self.given = given

    def get(self, art: Art) -> Drawing:
        return self.given[art.svg]


def drawing_of(art: Art) -> Drawing:
    return drawings.read(art.svg, art.name)


def pdf_of(pieces: Sequence[tuple[Art, Drawing]], title: str = "kitpress lint") -> bytes:
    """One page per piece, each page exactly the piece with its bleed (as the print-service file)."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title, "kitpress lint", "none")
    given = _Given({art.svg: drawing for art, drawing in pieces})
    for art, _ in pieces:
        draw_sheet(canvas, Page(card_page(art), [art]), given)
    canvas.save()
    return buffer.getvalue()


def rasterise(pdf: bytes, scale: float = SCALE) -> list[np.ndarray]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [np.asarray(page.render(scale=scale).to_pil().convert("RGB")) for page in document]
    finally:
        document.close()


def print_all(arts: Sequence[Art], scale: float = SCALE) -> tuple[bytes, list[Printed]]:
    """The PDF of all the faces (one per page) and each face rasterised."""
    drawings = [drawing_of(a) for a in arts]
    pdf = pdf_of(list(zip(arts, drawings, strict=True)))
    images = rasterise(pdf, scale)
    return pdf, [Printed(a, d, img, scale) for a, d, img in zip(arts, drawings, images, strict=True)]


def font_names(drawing: Drawing) -> set[str]:
    """ReportLab font names the drawing's text is set in."""
    names: set[str] = set()
    stack: list[object] = [drawing]
    while stack:
        node = stack.pop()
        if isinstance(node, String):
            names.add(str(node.fontName))
        stack.extend(getattr(node, "contents", []))
    return names


def _inked(pixels: np.ndarray) -> np.ndarray:
    """True where a pixel is more than INK_LEVEL below white in some channel (its darkest channel is)."""
    return pixels.min(axis=-1) < 255 - INK_LEVEL


def _dilate(mask: np.ndarray, reach: int) -> np.ndarray:
    """True wherever a True lies within `reach` positions (circular for rims)."""
    out = mask.copy()
    for shift in range(1, reach + 1):
        out |= np.roll(mask, shift) | np.roll(mask, -shift)
    return out


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    start = None
    for i, on in enumerate([*mask.tolist(), False]):
        if on and start is None:
            start = i
        elif not on and start is not None:
            runs.append((start, i))
            start = None
    return runs


def _describe(edge: str, short: np.ndarray, scale: float, offset: float) -> Problem | None:
    runs = [(a, b) for a, b in _runs(short) if (b - a) / scale >= SHORT_RUN_PT]
    if not runs:
        return None
    total = sum(b - a for a, b in runs) / scale
    spans = ", ".join(f"{a / scale + offset:.0f}–{b / scale + offset:.0f}" for a, b in runs[:3]) + (" …" if len(runs) > 3 else "")
    unit = "°" if edge == "rim" else " pt"
    return ERROR, "bleed", f"art stops short of the bleed on the {edge}: {total:.0f}{unit} of the trim edge has ink that does not reach the bleed edge (at {spans}{unit})"


def check_bleed(art: Art, image: Printed) -> list[Problem]:
    if art.bleed <= 0:
        return []
    pixels = image.pixels
    s = image.scale
    if art.shape == "circle":
        return _rim(art, pixels, s)
    h, w = pixels.shape[:2]
    b = art.bleed * s
    x0, x1 = math.ceil(b), math.floor(w - b)
    y0, y1 = math.ceil(b), math.floor(h - b)
    reach = max(1, math.floor(b))
    problems: list[Problem] = []
    ink = _inked  # only the eight lines the check reads: the trim edges and the bleed edges
    edges = {
        "top": (ink(pixels[y0, x0:x1]), ink(pixels[0, :])),
        "bottom": (ink(pixels[y1 - 1, x0:x1]), ink(pixels[h - 1, :])),
        "left": (ink(pixels[y0:y1, x0]), ink(pixels[:, 0])),
        "right": (ink(pixels[y0:y1, x1 - 1]), ink(pixels[:, w - 1])),
    }
    for edge, (trim_line, bleed_line) in edges.items():
        start = x0 if edge in ("top", "bottom") else y0
        reached = _dilate(np.concatenate([np.zeros(reach, bool), bleed_line, np.zeros(reach, bool)]), reach)[reach:-reach]
        short = trim_line & ~reached[start : start + len(trim_line)]
        found = _describe(edge, short, s, start / s - art.bleed)
        if found:
            problems.append(found)
    return problems


def _rim(art: Art, pixels: np.ndarray, s: float) -> list[Problem]:
    """A round piece: sample the trim circle and the bleed circle at every angle."""
    h, w = pixels.shape[:2]
    cx, cy = w / 2, h / 2
    r_trim = min(art.trim_w, art.trim_h) / 2 * s
    r_bleed = r_trim + art.bleed * s
    n = max(360, math.ceil(2 * math.pi * r_bleed))
    angles = np.linspace(0, 2 * math.pi, n, endpoint=False)

    def ring(radius: float) -> np.ndarray:
        xs = np.clip(np.floor(cx + radius * np.cos(angles)).astype(int), 0, w - 1)
        ys = np.clip(np.floor(cy + radius * np.sin(angles)).astype(int), 0, h - 1)
        return _inked(pixels[ys, xs])

    trim_ring, bleed_ring = ring(r_trim - 1.5), ring(r_bleed - 1.5)
    reach = max(1, math.floor(n * (art.bleed * s) / (2 * math.pi * r_trim)))
    short = trim_ring & ~_dilate(bleed_ring, reach)
    found = _describe("rim", short, n / 360, 0.0)
    return [found] if found else []

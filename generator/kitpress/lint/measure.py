"""A face's own checks, and what the checks across a job's faces need of it, measured face by face.

Everything here depends only on the face (its SVG, size, bleed and shape) and on its job's kind and
layout, so a build keeps it per face (preflight._measured) and measures again only the faces that changed:
a card's new label costs that card, not the deck. What needs two faces at once (do two print alike in
black and white, are two dominant colours told apart) is left to lint.core, from these results.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from kitpress.lint import colour, cutline, layout, pdffonts, raster, safe_frame
from kitpress.lint.colour import RGB
from kitpress.lint.findings import ERROR
from kitpress.pieces import Art, PrintJob

MONO_SCALE = 1.5  # px per pt for the black-and-white comparison (108 dpi)
Problem = tuple[str, str, str]  # severity, check, message


@dataclass(frozen=True)
class Ask:
    """What to measure of a face besides its own checks: its black-and-white print (colour may carry
    meaning among the job's faces) and its dominant colour (the job's colour pairs are guessed)."""

    mono: bool = False
    dominant: bool = False


@dataclass(frozen=True)
class Measured:
    problems: tuple[Problem, ...]  # layout, safe frame, bleed, cut line, fonts
    mask: np.ndarray | None  # True where the black-and-white print has ink, at MONO_SCALE
    dominant: RGB | None

    def to_bytes(self) -> bytes:
        head = {"problems": self.problems, "dominant": self.dominant, "mask": None if self.mask is None else list(self.mask.shape)}
        body = b"" if self.mask is None else zlib.compress(np.packbits(self.mask).tobytes(), 1)
        text = json.dumps(head).encode("utf-8")
        return len(text).to_bytes(4, "big") + text + body

    @classmethod
    def from_bytes(cls, data: bytes) -> Measured:
        size = int.from_bytes(data[:4], "big")
        head = json.loads(data[4 : 4 + size])
        mask = None
        if head["mask"] is not None:
            h, w = head["mask"]
            bits = np.frombuffer(zlib.decompress(data[4 + size :]), np.uint8)
            mask = np.unpackbits(bits, count=h * w).astype(bool).reshape(h, w)
        dominant = tuple(head["dominant"]) if head["dominant"] is not None else None
        return cls(tuple(tuple(p) for p in head["problems"]), mask, dominant)  # type: ignore[arg-type]


def measure(job: PrintJob, arts: Sequence[Art], asks: Sequence[Ask], raster_checks: bool = True) -> list[Measured]:
    """Each art of the job measured; the rasters drawn together (one PDF, the fonts embedded once)."""
    own: list[list[Problem]] = [[*layout.check_art(job, a), *safe_frame.check_art(a)] for a in arts]
    if not raster_checks or not arts:
        return [Measured(tuple(p), None, None) for p in own]
    pdf, printed = raster.print_all(arts)
    missing = pdffonts.unembedded_fonts(pdf)
    masks = _masks([(a, p) for a, p, ask in zip(arts, printed, asks, strict=True) if ask.mono])
    out = []
    for art, problems, shown, ask in zip(arts, own, printed, asks, strict=True):
        problems += raster.check_bleed(art, shown)
        problems += cutline.check(job, art, shown)
        used = raster.font_names(shown.drawing)
        for font in missing:  # a font no face names is every face's: none can be cleared of it
            if any(font.endswith(n) for n in used) or not any(font.endswith(n) for p in printed for n in raster.font_names(p.drawing)):
                problems.append((ERROR, "font-embed", f"font {font} is not embedded in the printed piece"))
        dominant = colour.dominant(shown.pixels, art, shown.scale) if ask.dominant else None
        out.append(Measured(tuple(problems), masks.get(id(shown)), dominant))
    return out


def _masks(chosen: list[tuple[Art, raster.Printed]]) -> dict[int, np.ndarray]:
    """The black-and-white print of each chosen face (its colours flattened to black or white)."""
    if not chosen:
        return {}
    flat = raster.pdf_of([(a, colour.mono(p.drawing)) for a, p in chosen])
    images = raster.rasterise(flat, MONO_SCALE)
    return {id(p): colour.ink_mask(img) for (_, p), img in zip(chosen, images, strict=True)}

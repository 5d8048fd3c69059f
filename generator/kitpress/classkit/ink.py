"""How much ink or toner a print job takes, in the unit cartridges are sold by: ISO pages, pages of 5 %
coverage (ISO/IEC 19752 and 24711 rate a cartridge's yield in them). Each page is rendered small, its
colour split into black and the three colours (the usual under-colour removal: black = the least of
cyan, magenta and yellow), and its mean coverage summed; an estimate to the nearest few pages, which is
what buying cartridges needs.

A print job holds the same files many times (a class's copies of a rule book, a packed block of pieces
printed again and again): `files_ink` renders each distinct file once and counts it as often as it is
printed, so the estimate costs what the kit's distinct pages cost, not what the class's sheets do."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

ISO_COVERAGE = 0.05  # a rated "page" is 5 % covered
SCALE = 0.08  # pixels per point: a Letter page is 49 × 63 px; coverage is an average, and this is enough


@dataclass(frozen=True)
class Ink:
    black: float  # ISO pages
    colour: float  # ISO pages of cyan, magenta and yellow together

    def __add__(self, other: Ink) -> Ink:
        return Ink(self.black + other.black, self.colour + other.colour)


def pdf_ink(pdf: bytes) -> Ink:
    import numpy as np
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    black = colour = 0.0
    try:
        for index in range(len(document)):
            page = document[index]
            rgb = np.asarray(page.render(scale=SCALE, may_draw_forms=False).to_pil().convert("RGB"), dtype=float) / 255.0
            page.close()
            cmy = 1.0 - rgb
            k = cmy.min(axis=2)
            black += float(k.mean())
            colour += float((cmy - k[..., None]).sum(axis=2).mean())
    finally:
        document.close()
    return Ink(black / ISO_COVERAGE, colour / ISO_COVERAGE)


def files_ink(files: Iterable[bytes], known: dict[bytes, Ink] | None = None) -> Ink:
    """The ink of every file in `files`, in the order printed (a file named twice is printed twice);
    `known`: inks already measured, by file, added to as files are measured."""
    known = {} if known is None else known
    total = Ink(0.0, 0.0)
    for data in files:
        if data not in known:
            known[data] = pdf_ink(data)
        total += known[data]
    return total


def words(ink: Ink) -> str:
    return f"about {_round(ink.black)} ISO pages of black and {_round(ink.colour)} of colour"


def _round(pages: float) -> str:
    """To two significant figures, at least to the nearest page: an estimate, said as one."""
    if pages < 10:
        return f"{max(0, round(pages))}"
    digits = len(str(int(pages))) - 2
    return f"{round(pages, -digits):,.0f}"

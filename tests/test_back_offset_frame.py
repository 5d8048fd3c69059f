"""The back offset is in the printer's frame, the calibration page's: X along the paper's short edge,
Y along its long edge, as the portrait calibration page is held. Read from written PDFs: the backs of a
portrait sheet and of a landscape one (printed on portrait paper turned a quarter counter-clockwise)
move by the same X and Y of the paper, for either flip."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from kitpress.pieces import Art, PrintJob
from kitpress.sheets.impose import printed_pages
from kitpress.sheets.pdf import write_pdf
from kitpress.sheets.presets import Preset

MM = 72 / 25.4


def _art(w: float, h: float, fill: str, shape: str = "rect") -> Art:
    bw, bh = w + 18, h + 18
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="{bw}pt" height="{bh}pt" viewBox="0 0 {bw} {bh}"><rect width="{bw}" height="{bh}" fill="{fill}"/></svg>'
    return Art(f"a{w:g}{fill}{shape}", svg, w, h, 9.0, shape)


CARDS = PrintJob("cards", "cards", "grid9", (_art(180, 252, "#203060"),) * 8, (_art(180, 252, "#602030"),) * 8)  # a landscape 4 × 2 sheet
DISCS = PrintJob("discs", "discs", "pack", (_art(62.4, 62.4, "#203060", "circle"),) * 20, (_art(62.4, 62.4, "#602030", "circle"),) * 20)  # portrait


def _back_page(job: PrintJob, duplex: str, offset_mm: tuple[float, float]) -> tuple[bool, tuple[float, float], float, float]:
    """(landscape, the centre of the back page's art clips, width, height), read from the written PDF."""
    pages = printed_pages(job, Preset("letter", "9up", duplex, offset_mm))
    reader = PdfReader(io.BytesIO(write_pdf(pages[:2], "t", "t", duplex)))
    page = reader.pages[1]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    data = page.get_contents().get_data().decode("latin-1")
    clips = [tuple(map(float, m.groups())) for m in re.finditer(r"n ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\*? n", data)]
    assert clips
    cx = sum(x + w / 2 for x, _, w, _ in clips) / len(clips)
    cy = sum(y + h / 2 for _, y, _, h in clips) / len(clips)
    return width > height, (cx, cy), width, height


def _seen_in_the_printers_frame(landscape: bool, duplex: str, move: tuple[float, float]) -> tuple[float, float]:
    """A move of the back page's art, as seen through the front, in the paper's portrait frame (mm).

    Long edge: the paper turns about its long axis (a portrait page's vertical, a landscape page's
    horizontal); short edge: about the other. A landscape page lies on the paper turned a quarter
    counter-clockwise: the page's right is the paper's up, the page's up the paper's left."""
    bx, by = move
    about_vertical = (duplex == "long-edge") != landscape
    u, v = (-bx, by) if about_vertical else (bx, -by)  # through the front, in the page's frame
    x, y = (-v, u) if landscape else (u, v)
    return x / MM, y / MM


@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
@pytest.mark.parametrize(("job", "landscape"), [(CARDS, True), (DISCS, False)], ids=["landscape-cards", "portrait-discs"])
@pytest.mark.parametrize("offset", [(3.0, 0.0), (1.5, -2.5)])
def test_the_offset_moves_backs_along_the_papers_x_and_y(job: PrintJob, landscape: bool, duplex: str, offset: tuple[float, float]) -> None:
    turned, still, _, _ = _back_page(job, duplex, (0.0, 0.0))
    assert turned == landscape
    _, moved, _, _ = _back_page(job, duplex, offset)
    seen = _seen_in_the_printers_frame(landscape, duplex, (moved[0] - still[0], moved[1] - still[1]))
    assert seen == pytest.approx(offset, abs=0.01)


def test_three_millimetres_of_x_move_landscape_backs_along_the_short_side() -> None:
    """The issue's case: --back-offset 3,0 moved the landscape card backs 3 mm along the long side."""
    _, still, width, height = _back_page(CARDS, "long-edge", (0.0, 0.0))
    _, moved, _, _ = _back_page(CARDS, "long-edge", (3.0, 0.0))
    assert width > height
    assert moved[0] == pytest.approx(still[0], abs=0.01)  # not along the page's long side
    assert abs(moved[1] - still[1]) == pytest.approx(3 * MM, abs=0.01)  # along its short side

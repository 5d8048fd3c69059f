"""The duplex calibration page, read as a person reads it: the back's cross must cross the front's
rulers for any drift up to ±5 mm, the reading must be the drift, and a 100 mm line on each side must
really be 100 mm in the PDF."""

from __future__ import annotations

import io
import itertools
import math
import re

import pypdfium2
import pytest
from pypdf import PdfReader

from kitpress.pieces import PT_PER_MM
from kitpress.sheets.calibration import HUNDRED_LABEL, calibration_layout, calibration_pdf, seen_through_front

MM = 72 / 25.4
BAND = 5 * MM
DRIFTS = [-5.0, -2.5, 0.0, 2.5, 5.0]


def _reading(paper: str, duplex: str, offset_mm: tuple[float, float], drift_mm: tuple[float, float]) -> tuple[float, float, float, float]:
    """Seen through the front of a printer that drifts the back by `drift_mm`: where the back's upright
    arm crosses the X ruler (mm from 0), the Y reading, and how far past each ruler's far edge the arms reach."""
    layout = calibration_layout(paper, duplex, (offset_mm[0] * MM, offset_mm[1] * MM))
    bx, by = seen_through_front(layout.back_centre, duplex, layout.width, layout.height)
    bx, by = bx + drift_mm[0] * MM, by + drift_mm[1] * MM
    cx, cy = layout.centre
    x_ruler_far = layout.x_ruler.y0 + layout.ruler_depth
    y_ruler_far = layout.y_ruler.x0 + layout.ruler_depth
    return (bx - cx) / MM, (by - cy) / MM, (by + layout.back_arm - x_ruler_far) / MM, (bx + layout.back_arm - y_ruler_far) / MM


@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (2.0, -1.0)])
def test_the_back_cross_lands_on_the_rulers_for_drifts_up_to_five_mm(duplex: str, offset: tuple[float, float]) -> None:
    layout = calibration_layout("letter", duplex, (offset[0] * MM, offset[1] * MM))
    ruler_mm = (layout.x_ruler.x1 - layout.x_ruler.x0) / 2 / MM
    for dx, dy in itertools.product(DRIFTS, DRIFTS):
        x, y, past_x_ruler, past_y_ruler = _reading("letter", duplex, offset, (dx, dy))
        assert (x, y) == pytest.approx((offset[0] + dx, offset[1] + dy))  # the number read is offset + drift
        assert abs(x) <= ruler_mm and abs(y) <= ruler_mm  # on the numbered part of the rulers
        assert past_x_ruler >= 5.0 and past_y_ruler >= 5.0  # the arms cross the whole tick band


def test_the_arms_reach_past_the_rulers_with_room_to_spare() -> None:
    layout = calibration_layout("a4", "long-edge")
    cx, cy = layout.centre
    assert layout.back_arm / MM == pytest.approx(32.0)
    assert (layout.x_ruler.y0 - cy) / MM == pytest.approx(15.0) and (layout.y_ruler.x0 - cx) / MM == pytest.approx(15.0)
    assert layout.ruler_depth / MM == pytest.approx(4.0)
    # worst case, 5 mm of drift away from a ruler: 32 - 5 = 27 mm reach against 19 mm to the far edge
    assert _reading("a4", "long-edge", (0, 0), (-5, -5))[2:] == pytest.approx((8.0, 8.0))


def _segments(pdf: bytes, page: int) -> list[tuple[float, float, float, float]]:
    data = PdfReader(io.BytesIO(pdf)).pages[page].get_contents().get_data().decode("latin-1")
    return [tuple(map(float, m.groups())) for m in re.finditer(r"n ([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l S", data)]


@pytest.mark.parametrize("paper", ["letter", "a4", "universal"])
def test_each_side_has_a_line_of_exactly_100_mm(paper: str) -> None:
    pdf = calibration_pdf(paper, "long-edge")
    layout = calibration_layout(paper, "long-edge")
    for page, line in enumerate(layout.hundred):
        assert (line.x1 - line.x0) / PT_PER_MM == pytest.approx(100.0)
        lengths = [abs(x1 - x0) / MM for x0, y0, x1, y1 in _segments(pdf, page) if y0 == y1]
        assert any(abs(length - 100.0) < 0.01 for length in lengths), (page, sorted(lengths)[-3:])
        assert HUNDRED_LABEL in PdfReader(io.BytesIO(pdf)).pages[page].extract_text()


def test_the_page_says_which_number_to_read_and_how_to_enter_it() -> None:
    reader = PdfReader(io.BytesIO(calibration_pdf("letter", "short-edge", (1.5 * MM, -0.5 * MM))))
    front = " ".join(reader.pages[0].extract_text().split())
    assert "--back-offset X,Y" in front and "X ruler" in front and "Y ruler" in front
    assert "This page was made with --back-offset 1.5,-0.5" in front
    assert "How to read it" in front and "--back-offset -2,Y" in front  # the drawn example
    assert "this line must measure 100 mm" in front


@pytest.mark.parametrize(("paper", "offset"), [("letter", (0.0, 0.0)), ("a4", (20.0, -20.0)), ("universal", (-20.0, 20.0))])
def test_nothing_is_printed_in_the_outer_band(paper: str, offset: tuple[float, float]) -> None:
    pdf = calibration_pdf(paper, "long-edge", (offset[0] * MM, offset[1] * MM))
    for page in (0, 1):
        for x0, y0, x1, y1 in _segments(pdf, page):
            assert min(x0, x1, y0, y1) >= BAND
    document = pypdfium2.PdfDocument(pdf)
    try:
        for index in range(len(document)):
            image = document[index].render(scale=1.0).to_pil().convert("L")
            w, h = image.size
            band = int(BAND) - 1
            strips = [(0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)]
            assert min(image.crop(s).getextrema()[0] for s in strips) == 255, index
            assert image.crop((band, band, w - band, h - band)).getextrema()[0] < 128  # the page is not blank
    finally:
        document.close()


def _arrows(pdf: bytes, page: int) -> list[list[tuple[float, float]]]:
    """The closed seven-point paths (the proof arrows) of a page, as drawn."""
    data = PdfReader(io.BytesIO(pdf)).pages[page].get_contents().get_data().decode("latin-1")
    found = []
    for m in re.finditer(r"n ((?:[-\d.]+ [-\d.]+ [ml] ){7})h", data):
        nums = list(map(float, re.findall(r"[-\d.]+", m.group(1))))
        found.append(list(zip(nums[::2], nums[1::2], strict=True)))
    return found


def _centre_and_up(seen: list[tuple[float, float]]) -> tuple[tuple[float, float], bool]:
    """An arrow's centre, and whether it points up (its tip is point 0)."""
    cx = (min(x for x, _ in seen) + max(x for x, _ in seen)) / 2
    cy = (min(y for _, y in seen) + max(y for _, y in seen)) / 2
    return (cx, cy), seen[0][1] > cy


def _through_front(points: list[tuple[float, float]], duplex: str) -> tuple[tuple[float, float], bool]:
    return _centre_and_up([seen_through_front(p, duplex, 612, 792) for p in points])


@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (2.0, -1.5)])
def test_the_proof_arrow_shows_a_wrong_flip(duplex: str, offset: tuple[float, float]) -> None:
    """Printed with the right flip, the back's solid arrow lands on the front's outline (moved by the
    offset, as card backs are), pointing up; printed with the other flip (or a stack turned end over
    end), it lands in another quarter of the sheet, pointing down."""
    pdf = calibration_pdf("letter", duplex, (offset[0] * MM, offset[1] * MM))
    (outline,), (solid,) = _arrows(pdf, 0), _arrows(pdf, 1)
    front_centre, front_up = _centre_and_up(outline)
    assert front_up
    assert (front_centre[0] - 306) / MM < -50 and (front_centre[1] - 396) / MM > 10  # off the centre both ways
    centre, up = _through_front(solid, duplex)
    assert up
    assert ((centre[0] - front_centre[0]) / MM, (centre[1] - front_centre[1]) / MM) == pytest.approx(offset, abs=0.01)
    other = "short-edge" if duplex == "long-edge" else "long-edge"
    wrong, wrong_up = _through_front(solid, other)
    assert not wrong_up and math.dist(wrong, front_centre) / MM > 30


def test_the_page_asks_for_one_proof_sheet_and_says_what_to_look_for() -> None:
    text = " ".join(PdfReader(io.BytesIO(calibration_pdf("a4", "long-edge"))).pages[0].extract_text().split())
    for needle in ("Proof first: print this one sheet on the paper the job uses (the card stock for cards)",
                   "The back's solid arrow must land on the outlined arrow, pointing up", "the flip is wrong (long or short edge)",
                   "the stack was turned the wrong way", "the back's solid arrow lands here, pointing up", "push a pin through"):  # fmt: skip
        assert needle in text, needle
    manual = " ".join(PdfReader(io.BytesIO(calibration_pdf("letter", "manual"))).pages[0].extract_text().split())
    assert "turn the sheet over on its long edge, the same edge leading" in manual

"""Every cut between abutting pieces is visible (issue 28, point 6): two cards of one colour side by
side show no edge of their own, so each shared cut line is drawn on the fronts, a black hairline cased
in white, exactly on the cut; none runs through a piece ganged into the grid, none on a back."""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pytest
from pypdf import PdfReader

from kitpress.pieces import Art, PrintJob
from kitpress.sheets.geometry import CUT_CASING, CUT_WIDTH, Sheet, grid, gutterfold
from kitpress.sheets.impose import ganged, printed_pages
from kitpress.sheets.pdf import write_pdf
from kitpress.sheets.presets import Preset


def _art(w: float, h: float, fill: str) -> Art:
    bw, bh = w + 18, h + 18
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="{bw}pt" height="{bh}pt" viewBox="0 0 {bw} {bh}"><rect width="{bw}" height="{bh}" fill="{fill}"/></svg>'
    return Art(f"c{w:g}x{h:g}{fill}", svg, w, h, 9.0)


CARDS = PrintJob("cards", "cards", "grid9", (_art(180, 252, "#c62828"),) * 12, (_art(180, 252, "#263238"),) * 12)  # one colour
REFEREE = PrintJob("checklist", "referee", "pack", (_art(360, 504, "#306020"),))  # 2 × 2 cards


def _covered(sheet: Sheet, vertical: bool, at: float, lo: float, hi: float) -> bool:
    """Whether the sheet's cut lines cover the whole cut from lo to hi at `at`."""
    if vertical:
        spans = sorted((min(c.y0, c.y1), max(c.y0, c.y1)) for c in sheet.cuts if abs(c.x0 - at) < 0.01 and abs(c.x1 - at) < 0.01)
    else:
        spans = sorted((min(c.x0, c.x1), max(c.x0, c.x1)) for c in sheet.cuts if abs(c.y0 - at) < 0.01 and abs(c.y1 - at) < 0.01)
    reach = lo
    for a, b in spans:
        if a > reach + 0.01:
            return False
        reach = max(reach, b)
    return reach >= hi - 0.01


def _shared(sheet: Sheet) -> list[tuple[bool, float, float, float]]:
    """Each cut between two abutting pieces: (vertical, where, from, to), from the placements."""
    found = []
    for a in sheet.placements:
        for b in sheet.placements:
            if abs(a.x + a.w - b.x) < 0.01 and min(a.y + a.h, b.y + b.h) > max(a.y, b.y):
                found.append((True, b.x, max(a.y, b.y), min(a.y + a.h, b.y + b.h)))
            if abs(a.y + a.h - b.y) < 0.01 and min(a.x + a.w, b.x + b.w) > max(a.x, b.x):
                found.append((False, b.y, max(a.x, b.x), min(a.x + a.w, b.x + b.w)))
    return found


@pytest.mark.parametrize("paper", ["letter", "a4", "universal"])
def test_a_line_lies_on_every_shared_cut(paper: str) -> None:
    sheets = grid(paper, 180, 252, 9, 14)
    assert len(sheets) == 2 and len(sheets[0].placements) == 8
    for sheet in sheets:
        shared = _shared(sheet)
        assert len(shared) >= (3 if len(sheet.placements) == 8 else 1)
        for vertical, at, lo, hi in shared:
            assert _covered(sheet, vertical, at, lo, hi), (vertical, at, lo, hi)
        for cut in sheet.cuts:  # inside the grid: the outer trim is the crop marks' job
            assert sheet.trim_box[0] - 0.01 <= min(cut.x0, cut.x1) and max(cut.x0, cut.x1) <= sheet.trim_box[2] + 0.01
            assert sheet.trim_box[1] - 0.01 <= min(cut.y0, cut.y1) and max(cut.y0, cut.y1) <= sheet.trim_box[3] + 0.01
    # 4 × 2 cards: three upright cuts the grid's height, one across its width
    first = sheets[0]
    height, width = first.trim_box[3] - first.trim_box[1], first.trim_box[2] - first.trim_box[0]
    upright = sum(abs(c.y1 - c.y0) for c in first.cuts if c.x0 == c.x1)
    across = sum(abs(c.x1 - c.x0) for c in first.cuts if c.y0 == c.y1)
    assert (upright, across) == pytest.approx((3 * height, width))


def test_no_line_runs_through_a_ganged_piece_nor_on_the_backs() -> None:
    preset = Preset("letter")
    pages = printed_pages(CARDS, preset, ganged(CARDS, preset, [REFEREE]))
    last = pages[-2].sheet
    piece = next(p for p in last.placements if p.index >= len(CARDS.fronts))
    for cut in last.cuts:
        inside_x = piece.x + 0.01 < (cut.x0 + cut.x1) / 2 < piece.x + piece.w - 0.01
        inside_y = piece.y + 0.01 < (cut.y0 + cut.y1) / 2 < piece.y + piece.h - 0.01
        assert not (inside_x and inside_y), cut
    for vertical, at, lo, hi in _shared(last):
        assert _covered(last, vertical, at, lo, hi)
    assert all(not page.sheet.cuts for page in pages[1::2])  # a back's line would only show its drift
    assert all(not s.cuts for s in grid("letter", 180, 252, 9, 8, gap=18))  # 8-up: each card its own bleed, no shared cut


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_gutterfold_sheet_draws_its_fronts_cuts(paper: str) -> None:
    for sheet in gutterfold(paper, 180, 252, 9, 6):
        fronts = replace(sheet, placements=tuple(p for p in sheet.placements if p.side == "front"))
        shared = _shared(fronts)
        assert shared
        for vertical, at, lo, hi in shared:
            assert _covered(sheet, vertical, at, lo, hi)


def test_the_pdf_draws_each_cut_white_then_black_on_the_line() -> None:
    pages = printed_pages(CARDS, Preset("letter"))
    sheet = pages[0].sheet
    data = PdfReader(io.BytesIO(write_pdf(pages[:1], "t", "t"))).pages[0].get_contents().get_data().decode("latin-1")
    lines = {tuple(round(float(v), 2) for v in m.groups()) for m in re.finditer(r"n ([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l S", data)}
    for cut in sheet.cuts:
        assert tuple(round(v, 2) for v in (cut.x0, cut.y0, cut.x1, cut.y1)) in lines
    casing, line = data.index(f"{CUT_CASING:g} w".lstrip("0")), data.index(f"{CUT_WIDTH:g} w".lstrip("0"))
    assert "1 1 1 RG" in data[casing - 40 : casing + 40] and casing < line, "white casing first, the black hairline on top"

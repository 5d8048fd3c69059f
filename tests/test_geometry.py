"""Where cards and marks go on a sheet, as numbers (points, origin at the lower-left)."""

from __future__ import annotations

import math

import pytest

from kitpress.pieces import BLEED, CARD_TRIM
from kitpress.sheets.geometry import (
    EDGE_BAND,
    PAPERS,
    Mark,
    Sheet,
    grid,
    grid_shape,
    mirrored_for_long_edge,
    pack,
)

W, H = CARD_TRIM


def _overlaps(mark: Mark, box: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = box
    return max(mark.x0, mark.x1) >= x0 and min(mark.x0, mark.x1) <= x1 and max(mark.y0, mark.y1) >= y0 and min(mark.y0, mark.y1) <= y1


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_poker_cards_are_eight_up_on_a_turned_sheet_and_centred(paper: str) -> None:
    # 3 × 3 leaves no room for a 3 mm mark outside the 5 mm band (Letter above and below, A4 beside)
    assert grid_shape(paper, W, H, BLEED) == (3, 2) if paper == "letter" else (2, 3)
    assert grid_shape(paper, W, H, BLEED, landscape=True) == (4, 2)
    sheet = grid(paper, W, H, BLEED, 9)[0]
    height, width = PAPERS[paper]
    assert (sheet.width, sheet.height) == pytest.approx((width, height))
    x0, y0, x1, y1 = sheet.trim_box
    assert (x1 - x0, y1 - y0) == pytest.approx((720.0, 504.0))
    assert x0 == pytest.approx((width - 720) / 2) and y0 == pytest.approx((height - 504) / 2)
    assert sheet.bleed_box == pytest.approx((x0 - 9, y0 - 9, x1 + 9, y1 + 9))


def test_letter_card_positions() -> None:
    sheet = grid("letter", W, H, BLEED, 9)[0]
    first, last = sheet.placements[0], sheet.placements[-1]
    assert (first.x, first.y) == pytest.approx((36.0, 306.0))  # top-left card
    assert (last.x, last.y) == pytest.approx((576.0, 54.0))  # bottom-right card


def test_cards_abut_and_bleed_only_on_the_outside() -> None:
    sheet = grid("letter", W, H, BLEED, 9)[0]
    inner = sheet.placements[1]  # top row, second column: bleed above only (4 × 2 has no fully inner card)
    assert inner.clip == pytest.approx((inner.x, inner.y, inner.x + W, inner.y + H + 9))
    corner = sheet.placements[0]
    assert corner.clip == pytest.approx((corner.x - 9, corner.y, corner.x + W, corner.y + H + 9))


def test_sixteen_cards_need_two_sheets() -> None:
    sheets = grid("a4", W, H, BLEED, 16)
    assert [len(s.placements) for s in sheets] == [8, 8]
    assert [p.index for p in sheets[1].placements] == list(range(8, 16))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_crop_marks_are_outside_the_bleed_and_run_to_the_printable_edge(paper: str) -> None:
    sheet = grid(paper, W, H, BLEED, 9)[0]
    for mark in sheet.marks:
        assert not _overlaps(mark, sheet.bleed_box)
        ends = (mark.x0, mark.y0, sheet.width - mark.x1, sheet.height - mark.y1)
        assert min(ends) == pytest.approx(EDGE_BAND)  # 5 mm from the sheet edge, not at it
    # one mark at each of the 5 column lines, top and bottom; 3 row lines, left and right
    assert len(sheet.marks) == 16
    xs = sorted({m.x0 for m in sheet.marks if m.x0 == m.x1})
    assert xs == pytest.approx([sheet.trim_box[0] + i * W for i in range(5)])


# Pieces that stay 3 × 3 on a portrait Letter sheet with printable marks (poker cards turn it).
PW, PH = 150.0, 200.0


def test_long_edge_backs_mirror_columns_and_keep_rows() -> None:
    front = grid("letter", PW, PH, BLEED, 9)[0]
    assert not front.landscape and len(front.placements) == 9
    back = mirrored_for_long_edge(front)
    for f, b in zip(front.placements, back.placements, strict=True):
        assert f.index == b.index
        assert b.x == pytest.approx(front.width - f.x - PW) and b.y == f.y
    # the piece in the top-left slot has its back in the top-right slot
    assert (back.placements[0].x, back.placements[0].y) == pytest.approx((front.placements[2].x, front.placements[2].y))


def test_partial_sheet_backs_still_land_behind_their_fronts() -> None:
    front = grid("letter", PW, PH, BLEED, 16)[1]
    assert len(front.placements) == 7
    back = mirrored_for_long_edge(front)
    for f, b in zip(front.placements, back.placements, strict=True):
        # flipping the page over its long (vertical) edge maps x to width - x
        assert front.width - (b.x + PW) == pytest.approx(f.x)


def test_pack_gives_each_piece_its_own_bleed_and_corner_marks() -> None:
    sheets = pack("letter", [(85.0, 85.0), (142.0, 62.0), (40.0, 40.0)], BLEED)
    assert len(sheets) == 1
    sheet: Sheet = sheets[0]
    assert len(sheet.marks) == 3 * 8
    for mark in sheet.marks:
        for place in sheet.placements:
            assert not _overlaps(mark, place.clip)
    for place in sheet.placements:
        assert place.clip == pytest.approx((place.x - 9, place.y - 9, place.x + place.w + 9, place.y + place.h + 9))


def test_pack_turns_the_sheet_for_a_wide_board() -> None:
    sheet = pack("a4", [(567.0, 368.0)], BLEED)[0]
    assert (sheet.width, sheet.height) == pytest.approx((841.8898, 595.2756))


def test_pack_refuses_a_piece_larger_than_the_sheet() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        pack("letter", [(900.0, 900.0)], BLEED)


def test_round_pieces_get_four_diagonal_ticks_outside_the_bleed_circle() -> None:
    sheet = pack("letter", [(51.0, 51.0)], BLEED, ["circle"])[0]
    place = sheet.placements[0]
    cx, cy = place.x + 25.5, place.y + 25.5
    assert len(sheet.marks) == 4 and place.shape == "circle"
    for mark in sheet.marks:
        assert abs(mark.x1 - mark.x0) == pytest.approx(abs(mark.y1 - mark.y0))  # at 45°
        near = min(math.hypot(mark.x0 - cx, mark.y0 - cy), math.hypot(mark.x1 - cx, mark.y1 - cy))
        assert near == pytest.approx(25.5 + BLEED + 2.0)  # just outside the printed bleed circle
        assert mark.length / (72 / 25.4) >= 3.0

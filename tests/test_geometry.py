"""Where cards and marks go on a sheet, as numbers (points, origin at the lower-left)."""

from __future__ import annotations

import pytest

from kitpress.pieces import BLEED, CARD_TRIM
from kitpress.sheets.geometry import PAPERS, Mark, Sheet, grid, grid_shape, mirrored_for_long_edge, pack

W, H = CARD_TRIM


def _overlaps(mark: Mark, box: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = box
    return mark.x1 >= x0 and mark.x0 <= x1 and mark.y1 >= y0 and mark.y0 <= y1


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_poker_cards_are_nine_up_and_centred(paper: str) -> None:
    assert grid_shape(paper, W, H, BLEED) == (3, 3)
    sheet = grid(paper, W, H, BLEED, 9)[0]
    width, height = PAPERS[paper]
    x0, y0, x1, y1 = sheet.trim_box
    assert (x1 - x0, y1 - y0) == pytest.approx((540.0, 756.0))
    assert x0 == pytest.approx((width - 540) / 2) and y0 == pytest.approx((height - 756) / 2)
    assert sheet.bleed_box == pytest.approx((x0 - 9, y0 - 9, x1 + 9, y1 + 9))


def test_letter_card_positions() -> None:
    sheet = grid("letter", W, H, BLEED, 9)[0]
    first, last = sheet.placements[0], sheet.placements[-1]
    assert (first.x, first.y) == pytest.approx((36.0, 522.0))  # top-left card
    assert (last.x, last.y) == pytest.approx((396.0, 18.0))  # bottom-right card


def test_cards_abut_and_bleed_only_on_the_outside() -> None:
    sheet = grid("letter", W, H, BLEED, 9)[0]
    centre = sheet.placements[4]
    assert centre.clip == pytest.approx((centre.x, centre.y, centre.x + W, centre.y + H))
    corner = sheet.placements[0]
    assert corner.clip == pytest.approx((corner.x - 9, corner.y, corner.x + W, corner.y + H + 9))


def test_sixteen_cards_need_two_sheets() -> None:
    sheets = grid("a4", W, H, BLEED, 16)
    assert [len(s.placements) for s in sheets] == [9, 7]
    assert [p.index for p in sheets[1].placements] == list(range(9, 16))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_crop_marks_are_outside_the_bleed_and_run_to_the_edge(paper: str) -> None:
    sheet = grid(paper, W, H, BLEED, 9)[0]
    for mark in sheet.marks:
        assert not _overlaps(mark, sheet.bleed_box)
        assert min(mark.x0, mark.y0) == 0 or mark.x1 == pytest.approx(sheet.width) or mark.y1 == pytest.approx(sheet.height)
    # one mark at each of the 4 column lines, top and bottom; 4 row lines, left and right
    assert len(sheet.marks) == 16
    xs = sorted({m.x0 for m in sheet.marks if m.x0 == m.x1})
    assert xs == pytest.approx([sheet.trim_box[0] + i * W for i in range(4)])


def test_long_edge_backs_mirror_columns_and_keep_rows() -> None:
    front = grid("letter", W, H, BLEED, 9)[0]
    back = mirrored_for_long_edge(front)
    for f, b in zip(front.placements, back.placements, strict=True):
        assert f.index == b.index
        assert b.x == pytest.approx(front.width - f.x - W) and b.y == f.y
    # the card in the top-left slot has its back in the top-right slot
    assert (back.placements[0].x, back.placements[0].y) == pytest.approx((front.placements[2].x, front.placements[2].y))


def test_partial_sheet_backs_still_land_behind_their_fronts() -> None:
    front = grid("a4", W, H, BLEED, 16)[1]
    back = mirrored_for_long_edge(front)
    for f, b in zip(front.placements, back.placements, strict=True):
        # flipping the page over its long (vertical) edge maps x to width - x
        assert front.width - (b.x + W) == pytest.approx(f.x)


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


def test_round_pieces_get_a_tick_on_each_axis_not_corner_marks() -> None:
    sheet = pack("letter", [(51.0, 51.0)], BLEED, ["circle"])[0]
    place = sheet.placements[0]
    cx, cy = place.x + 25.5, place.y + 25.5
    assert len(sheet.marks) == 4
    assert {(m.x0 == m.x1 == cx) or (m.y0 == m.y1 == cy) for m in sheet.marks} == {True}
    for mark in sheet.marks:
        assert not _overlaps(mark, place.clip)

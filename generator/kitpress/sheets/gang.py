"""A piece the size of a block of cards (a 5 × 7 in referee card is 2 × 2 poker cards) printed in the
empty cells of the last card sheet, as a print shop gangs jobs: the set needs one sheet of card stock
fewer. The piece shares the grid's cut lines; a cut line that would run through it is marked only
on the side where it is needed, and the assembly page says to cut the piece out first.

Only for abutting cards printed on both sides of one sheet (the default layout, long- or short-edge):
the backs of the cards still land behind them, the back of the piece stays blank."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from kitpress.pieces import Art
from kitpress.sheets.geometry import (
    Mark,
    Placement,
    Sheet,
    column_marks,
    grid_orientation,
    grid_shape,
    row_marks,
    shared_cuts,
    sheet_size,
)

FIT = 0.5  # pt: how near a whole number of cells a piece's side must be


@dataclass(frozen=True)
class Block:
    art: Art
    cols: int
    rows: int
    turned: bool  # printed a quarter turn round, to lie along the grid


def cell_span(art: Art, cell_w: float, cell_h: float) -> tuple[int, int, bool] | None:
    """How many cells across and down the piece covers exactly, upright or turned; None if it does not."""
    for w, h, turned in ((art.trim_w, art.trim_h, False), (art.trim_h, art.trim_w, True)):
        cols, rows = round(w / cell_w), round(h / cell_h)
        if cols >= 1 and rows >= 1 and abs(cols * cell_w - w) <= FIT and abs(rows * cell_h - h) <= FIT:
            return cols, rows, turned
    return None


def _cells(at: tuple[int, int], block: tuple[int, int]) -> set[tuple[int, int]]:
    col, row = at
    return {(c, r) for c in range(col, col + block[0]) for r in range(row, row + block[1])}


def ganged_sheet(paper: str, card: Art, count: int, band: float, pieces: Sequence[Art]) -> tuple[Sheet, list[Block]] | None:
    """The last sheet of `count` abutting cards with as many of `pieces` as fit its empty cells (each
    at the right of the sheet, top first; the cards fill the other cells in order); None if none fit."""
    tw, th, bleed = card.trim_w, card.trim_h, card.bleed
    turned_sheet = grid_orientation(paper, tw, th, bleed, 0.0, False, band)
    width, height = sheet_size(paper, turned_sheet)
    cols, rows = grid_shape(paper, tw, th, bleed, 0.0, turned_sheet, band)
    per_sheet = cols * rows
    on_last = count - per_sheet * ((count - 1) // per_sheet)
    taken: set[tuple[int, int]] = set()
    blocks: list[tuple[Block, tuple[int, int]]] = []
    for piece in pieces:
        span = cell_span(piece, tw, th)
        if span is None:
            continue
        spot = _spot(cols, rows, (span[0], span[1]), taken, per_sheet - on_last - len(taken))
        if spot is not None:
            taken |= _cells(spot, (span[0], span[1]))
            blocks.append((Block(piece, *span), spot))
    if not blocks:
        return None
    free = [(c, r) for r in range(rows) for c in range(cols) if (c, r) not in taken]
    gx0, gy0 = (width - cols * tw) / 2, (height - rows * th) / 2
    gy1 = gy0 + rows * th
    first = per_sheet * ((count - 1) // per_sheet)

    def place(index: int, col: int, row: int, span_c: int, span_r: int, rotate: int = 0) -> Placement:
        x, y = gx0 + col * tw, gy1 - (row + span_r) * th
        w, h = span_c * tw, span_r * th
        clip = (x - (bleed if col == 0 else 0), y - (bleed if row + span_r == rows else 0), x + w + (bleed if col + span_c == cols else 0), y + h + (bleed if row == 0 else 0))
        return Placement(index, x, y, w, h, clip, rotate)

    placements = [place(first + n, c, r, 1, 1) for n, (c, r) in enumerate(free[:on_last])]
    placements += [place(count + n, c, r, b.cols, b.rows, 90 if b.turned else 0) for n, (b, (c, r)) in enumerate(blocks)]
    trim = (gx0, gy0, gx0 + cols * tw, gy1)
    bleed_box = (trim[0] - bleed, trim[1] - bleed, trim[2] + bleed, trim[3] + bleed)
    spans = [(gx0 + c * tw, gx0 + (c + b.cols) * tw, gy1 - (r + b.rows) * th, gy1 - r * th, c, r, b) for b, (c, r) in blocks]
    xs = [trim[0] + c * tw for c in range(cols + 1)]
    ys = [gy0 + r * th for r in range(rows + 1)]
    marks = [m for m in column_marks(xs, bleed_box, height, band) if not _crosses(m, spans, rows, cols, vertical=True)]
    marks += [m for m in row_marks(ys, bleed_box, width, band) if not _crosses(m, spans, rows, cols, vertical=False)]
    return Sheet(width, height, tuple(placements), tuple(marks), trim, bleed_box, cuts=shared_cuts(placements, trim)), [b for b, _ in blocks]


def _spot(cols: int, rows: int, span: tuple[int, int], taken: set[tuple[int, int]], free: int) -> tuple[int, int] | None:
    if span[0] * span[1] > free:
        return None
    for col in range(cols - span[0], -1, -1):
        for row in range(rows - span[1] + 1):
            if not _cells((col, row), span) & taken:
                return col, row
    return None


def _crosses(mark: Mark, spans: list[tuple[float, float, float, float, int, int, Block]], rows: int, cols: int, *, vertical: bool) -> bool:
    """A mark whose cut line would run into a ganged piece from the mark's side of the sheet."""
    for x0, x1, y0, y1, col, row, block in spans:
        if vertical:  # top mark: the piece touches the top row; bottom mark: the bottom row
            top = mark.y0 > y1
            edge_row = row == 0 if top else row + block.rows == rows
            if edge_row and x0 + 0.01 < mark.x0 < x1 - 0.01:
                return True
        else:
            left = mark.x1 < x0
            edge_col = col == 0 if left else col + block.cols == cols
            if edge_col and y0 + 0.01 < mark.y0 < y1 - 0.01:
                return True
    return False


def blank_backs(sheet: Sheet, cards: int) -> Sheet:
    """The back of a ganged sheet carries the cards' backs only: the ganged piece's back stays white."""
    return replace(sheet, placements=tuple(p for p in sheet.placements if p.index < cards))

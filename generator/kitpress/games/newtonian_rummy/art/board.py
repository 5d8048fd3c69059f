"""Newtonian Rummy's track (−edge … +edge with the centre marked), the block and the momentum marker.

Each end is told apart four ways: the team's colour, its pattern (lines or dots, spec
`production.board.edge_patterns`), its name in words, and arrows pointing the way it pulls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kitpress import fonts
from kitpress.games.newtonian_rummy.art import marks as nm
from kitpress.games.newtonian_rummy.layout import (
    MARKER_BOX,
    MARKER_GAP,
    MARKER_PAD,
    marker_width,
    streak_boxes,
)
from kitpress.games.newtonian_rummy.production import RummyBoard, RummyFaces
from kitpress.pieces import BLEED, SAFE_ZONE, Art, mm
from kitpress.render import cut
from kitpress.render import svgkit as k
from kitpress.sheets.geometry import PACK_MARGIN, PAPERS
from kitpress.spec.load import LoadedSpec

B = BLEED
WHITE = "#ffffff"


def _room() -> tuple[float, float]:
    """The largest trim a packed landscape piece may have on every paper size (Letter and A4)."""
    return min(max(p) for p in PAPERS.values()) - 2 * PACK_MARGIN, min(min(p) for p in PAPERS.values()) - 2 * PACK_MARGIN


@dataclass(frozen=True)
class TrackLayout:
    """The board's geometry in points, trim top-left at (0, 0)."""

    low: int
    high: int
    width: float
    height: float = 270.0
    pad: float = 20.0  # trim to track, left and right
    top: float = 86.0  # the track's top edge
    cell_h: float = 104.0
    label_h: float = 34.0  # the numeral's part of a cell; the rest is the block's spot

    @property
    def cells(self) -> int:
        return self.high - self.low + 1

    @property
    def cell_w(self) -> float:
        return (self.width - 2 * self.pad) / self.cells

    def x(self, value: int) -> float:
        """Left edge of the space `value`."""
        return self.pad + (value - self.low) * self.cell_w

    @property
    def block(self) -> float:
        """The block token's side: it sits in a space's spot with room to spare."""
        return round(min(self.cell_w, self.cell_h - self.label_h) * 0.78, 1)


def _board(loaded: LoadedSpec) -> RummyBoard:
    return loaded.production("board", RummyBoard)


def _faces(loaded: LoadedSpec) -> RummyFaces:
    return loaded.production("faces", RummyFaces)


def layout(loaded: LoadedSpec) -> TrackLayout:
    edge = loaded.engine.config.track.edge
    return TrackLayout(-edge, edge, _room()[0] - 6)


def _goal_cell(dwg: Any, loaded: LoadedSpec, lay: TrackLayout, x: float, value: int, owner: Any) -> None:
    board = _board(loaded)
    top, w, h = B + lay.top, lay.cell_w, lay.cell_h
    dwg.add(dwg.rect((x, top), (w, h), fill=owner.colour))
    nm.pattern(dwg, dwg, board.edge_patterns.of(owner.id), (x + 2, top + lay.label_h, w - 4, h - lay.label_h - 2), nm.tint(owner.colour, 0.5), gap=8)
    k.text(dwg, dwg, x + w / 2, top + 27, nm.signed(value), k.fit_size(nm.signed(value), w - 8, 24, bold=True), bold=True, fill=WHITE)
    for i, word in enumerate((owner.name.upper(), loaded.text(board.wins))):
        size = k.fit_size(word, w - 12, 12, bold=True, minimum=8)
        cy = top + lay.label_h + (h - lay.label_h) / 2 + (i - 0.5) * 18
        plate = min(w - 6, fonts.text_width(word, size, "bold") + 8)
        dwg.add(dwg.rect((round(x + (w - plate) / 2, 2), round(cy - size * 0.55 - 3, 2)), (round(plate, 2), round(size + 4, 2)), fill=owner.colour))
        k.text(dwg, dwg, x + w / 2, cy + size * 0.36, word, size, bold=True, fill=WHITE)


def _edge_bars(dwg: Any, loaded: LoadedSpec, lay: TrackLayout) -> None:
    """The team colour and pattern run from each end of the track out into the bleed."""
    patterns = _board(loaded).edge_patterns
    top = B + lay.top
    for owner, x0, x1 in ((nm.team_at(loaded, "min"), 0.0, B + lay.pad), (nm.team_at(loaded, "max"), B + lay.x(lay.high + 1), 2 * B + lay.width)):
        dwg.add(dwg.rect((round(x0, 2), top), (round(x1 - x0, 2), lay.cell_h), fill=owner.colour))
        nm.pattern(dwg, dwg, patterns.of(owner.id), (x0, top, x1 - x0, lay.cell_h), nm.tint(owner.colour, 0.5), gap=8)


def _centre_mark(dwg: Any, loaded: LoadedSpec, lay: TrackLayout) -> None:
    cx = B + lay.x(0) + lay.cell_w / 2
    top, bottom = B + lay.top, B + lay.top + lay.cell_h
    dwg.add(dwg.rect((B + lay.x(0), top), (lay.cell_w, lay.cell_h), fill="none", stroke=k.INK, stroke_width=4))
    for y, d in ((top, -1), (bottom, 1)):  # a pointer above and below the 0 space
        dwg.add(k.polygon(dwg, [(cx, y + d * 4), (cx - 9, y + d * 18), (cx + 9, y + d * 18)], fill=k.INK))
    start = loaded.text(_board(loaded).start)
    k.text(dwg, dwg, cx, bottom + 31, start, 11, bold=True)


def board(loaded: LoadedSpec) -> Art:
    lay = layout(loaded)
    prod = _board(loaded)
    dwg = k.drawing(lay.width + 2 * B, lay.height + 2 * B)
    dwg.add(dwg.rect((0, 0), (lay.width + 2 * B, lay.height + 2 * B), fill=WHITE))
    title = loaded.spec.identity.title
    k.text(dwg, dwg, B + lay.width / 2, B + 34, title, k.fit_size(title, lay.width - 60, 22, bold=True), bold=True)
    _edge_bars(dwg, loaded, lay)
    left, right = nm.team_at(loaded, "min"), nm.team_at(loaded, "max")
    owners = {lay.low: left, lay.high: right}
    pulls = loaded.text(prod.pulls)
    for owner, d in ((left, -1), (right, 1)):
        x_end = B + (lay.pad if d < 0 else lay.width - lay.pad)
        dwg.add(k.arrow(dwg, x_end - d * 26, B + lay.top - 17, 52, 9, d, fill=owner.colour))
        k.text(dwg, dwg, x_end - d * 60, B + lay.top - 13, f"{owner.name.upper()} {pulls}", 13, bold=True, anchor="end" if d > 0 else "start", fill=owner.colour)
    for value in range(lay.low, lay.high + 1):
        x = B + lay.x(value)
        top = B + lay.top
        if value in owners:
            _goal_cell(dwg, loaded, lay, x, value, owners[value])
        else:
            side = right if value > 0 else left if value < 0 else None
            fill = nm.tint(side.colour, 0.86) if side else WHITE
            dwg.add(dwg.rect((x, top), (lay.cell_w, lay.cell_h), fill=fill))
            label = nm.signed(value)
            k.text(dwg, dwg, x + lay.cell_w / 2, top + 27, label, k.fit_size(label, lay.cell_w - 8, 24, bold=True), bold=True)
            spot = lay.block + SPOT_ROOM
            dwg.add(dwg.rect((round(x + (lay.cell_w - spot) / 2, 2), round(top + lay.label_h + (lay.cell_h - lay.label_h - spot) / 2, 2)), (spot, spot), fill="none", stroke=k.GREY, stroke_width=0.8, stroke_dasharray="3,3", data_holds="block"))
        dwg.add(dwg.rect((x, top), (lay.cell_w, lay.cell_h), fill="none", stroke=k.INK, stroke_width=1.5))
        dwg.add(dwg.line((x, top + lay.label_h), (x + lay.cell_w, top + lay.label_h), stroke=k.INK, stroke_width=0.6))
    _centre_mark(dwg, loaded, lay)
    side_text = loaded.text(prod.side)
    below = B + lay.top + lay.cell_h + 18
    for owner, lo, hi in ((left, lay.low + 1, -1), (right, 1, lay.high - 1)):
        if lo > hi:
            continue
        x0, x1 = B + lay.x(lo) + 4, B + lay.x(hi + 1) - 4
        d = 1 if owner is right else -1
        dwg.add(dwg.line((x0, below - 4), (x1, below - 4), stroke=owner.colour, stroke_width=1.5))
        dwg.add(k.polygon(dwg, [((x1 if d > 0 else x0) + d * 2, below - 4), ((x1 if d > 0 else x0) - d * 8, below - 9), ((x1 if d > 0 else x0) - d * 8, below + 1)], fill=owner.colour))
        k.text(dwg, dwg, (x0 + x1) / 2, below + 11, f"{owner.name}'s {side_text}", 11, bold=True, fill=owner.colour)
    caption = loaded.text(prod.caption)
    if caption:
        k.paragraph(dwg, dwg, B + lay.width / 2, B + lay.height - 22, caption, lay.width - 80, 10, anchor="middle", fill=k.GREY)
    return Art("track", k.to_string(dwg), lay.width, lay.height)


# --- tokens ------------------------------------------------------------------------------------

TEXT_INSET = SAFE_ZONE + 1.0  # pt: the token's text keeps clear of the safe zone
FRAME_W = 1.2  # pt, the block's frame line
FRAME_IN = 9.35  # pt, trim to the middle of the block's frame line: its outer edge 8.75 pt (3.1 mm) in (lint.safe_frame)
SPOT_ROOM = 2 * 1.5 * 72 / 25.4 + 0.8  # pt: the block's spot leaves 1.5 mm round it inside its dashed line
CHIP_MM = 19.0  # the chip fits the marker's 64 pt (22.6 mm) boxes with 1.4 mm to spare (lint.fit)
CHIP_RING_IN = 10.0  # pt, cut to the chip's white ring: its outer edge 3.3 mm in
MIN_TEXT = 8.0  # pt: the smallest text a piece read at the table prints (lint rule W5)


def block_token(loaded: LoadedSpec) -> Art:
    design = _faces(loaded).block
    size = layout(loaded).block
    dwg = k.drawing(size + 2 * B, size + 2 * B)
    cut.rect_piece(dwg, size, size, design.colour)
    dwg.add(dwg.rect((B + FRAME_IN, B + FRAME_IN), (size - 2 * FRAME_IN, size - 2 * FRAME_IN), fill="none", stroke=k.INK, stroke_width=FRAME_W))
    label = loaded.text(design.label)
    room = size - 2 * (FRAME_IN + FRAME_W / 2 + 0.75)  # the label stays clear of the frame line (and so of the safe zone)
    pt, style = k.fit_size(label, room, 12, bold=True, minimum=MIN_TEXT), "bold"
    if k.fonts.text_width(label, pt, style) > room:  # too wide in bold at 8 pt (BLOCK on the base track): condensed
        pt, style = 12.0, "condensed-bold"
        while pt > MIN_TEXT and k.fonts.text_width(label, pt, style) > room:
            pt -= 0.5
    if k.fonts.text_width(label, pt, style) <= room:  # on a longer track's small spaces it may not fit:
        k.text(dwg, dwg, B + size / 2, B + size / 2 + pt / 3, label, pt, bold=True, condensed=style == "condensed-bold")  # then colour tells it
    return Art("block", k.to_string(dwg), size, size, fits="block")


VALUES_H = 29.0  # pt under the chip's boxes: each box's streak count and bonus, in sight under a chip


def momentum_marker(loaded: LoadedSpec) -> Art:
    """The marker as a little track of its own: (Red, n) … (None, 0) … (Blue, n); one chip on it."""
    eng: Any = loaded.engine
    design = _faces(loaded).momentum
    patterns = _board(loaded).edge_patterns
    left, right = nm.team_at(loaded, "min"), nm.team_at(loaded, "max")
    boxes = streak_boxes(eng)
    slots: list[tuple[Any, int, str]] = [(left, n, s) for n, s in reversed(boxes)] + [(None, 0, "0")] + [(right, n, s) for n, s in boxes]
    box, gap, pad = MARKER_BOX, MARKER_GAP, MARKER_PAD
    width = marker_width(len(boxes))  # check() refused a marker no sheet holds
    # Fewer boxes (a lower bonus cap) make a narrower card, where the "how" text takes more lines:
    # the card grows to keep its last line (baseline + descender) out of the safe margin.
    how = loaded.text(design.how)
    last_baseline = 58 + box + VALUES_H + 36 + (len(k.wrap(how, width - 2 * pad, 9.5)) - 1) * 9.5 * 1.25
    height = max(176.0, last_baseline + 3 + TEXT_INSET)
    dwg = k.drawing(width + 2 * B, height + 2 * B)
    cut.rect_piece(dwg, width, height)
    k.text(dwg, dwg, B + width / 2, B + 24, loaded.text(design.title), 14, bold=True)
    top = B + 58
    bonus_word = loaded.text(design.bonus)
    for i, (owner, n, label) in enumerate(slots):
        x = B + pad + i * (box + gap)
        colour = owner.colour if owner else k.INK
        dwg.add(dwg.rect((x, top), (box, box), fill=nm.tint(owner.colour, 0.86) if owner else WHITE, stroke=colour, stroke_width=2, rx=4, data_holds="momentum-chip"))
        if owner:
            nm.pattern(dwg, dwg, patterns.of(owner.id), (x + 2, top + box - 12, box - 4, 10), owner.colour, gap=5)
        # The box's value under it, where the chip on the box leaves it in sight (lint rule W8).
        k.text(dwg, dwg, x + box / 2, top + box + 15, label, 15, bold=True, fill=colour)
        k.text(dwg, dwg, x + box / 2, top + box + 26, f"{bonus_word} +{eng.bonus_for(n)}", 8, fill=k.INK)
    for owner, first, d in ((left, 0, -1), (right, len(boxes) + 1, 1)):
        x0 = B + pad + first * (box + gap)
        x1 = x0 + len(boxes) * box + (len(boxes) - 1) * gap
        tip = x1 if d > 0 else x0
        dwg.add(k.arrow(dwg, tip - d * 20, top - 12, 40, 7, d, fill=owner.colour))
        k.text(dwg, dwg, tip - d * 46, top - 8, owner.name.upper(), 12, bold=True, anchor="end" if d > 0 else "start", fill=owner.colour)
    k.text(dwg, dwg, B + pad + len(boxes) * (box + gap) + box / 2, top - 8, loaded.text(design.none), 11, bold=True)
    k.text(dwg, dwg, B + pad, top + box + VALUES_H + 17, loaded.text(design.streak), 10, bold=True, anchor="start")
    k.paragraph(dwg, dwg, B + width / 2, top + box + VALUES_H + 36, how, width - 2 * pad, 9.5, anchor="middle")
    return Art("momentum-marker", k.to_string(dwg), width, height)


def momentum_chip(loaded: LoadedSpec) -> Art:
    size = mm(CHIP_MM)
    label = loaded.text(_faces(loaded).momentum.chip)
    dwg = k.drawing(size + 2 * B, size + 2 * B)
    c = cut.round_piece(dwg, size, k.INK)
    dwg.add(dwg.circle((c, c), size / 2 - CHIP_RING_IN, fill="none", stroke=WHITE, stroke_width=1.2))
    text = k.fit_size(label, 2 * (size / 2 - CHIP_RING_IN) - 12, 20, bold=True, minimum=MIN_TEXT)
    k.text(dwg, dwg, c, c + text * 0.3, label, text, bold=True, fill=WHITE)
    return Art("momentum-chip", k.to_string(dwg), size, size, shape="circle", fits="momentum-chip")

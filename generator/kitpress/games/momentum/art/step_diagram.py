"""The booklet's picture of one worked-example step: the board before and after, side by side.

Drawn from the engine's describe_state dicts only. Before: the cell about to be played is ringed with a
dashed line. After: the dropped marble wears a thick ring, each pushed marble's old cell is a dashed ghost
with an arrow to where it went, and a marble pushed off sits just outside the edge at the arrow's tip.
A refused step shows the one unchanged board.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from kitpress.games.momentum.art.board import Layout
from kitpress.games.momentum.art.marks import line_arrow, marble, seat_by_id, symbol
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

CELL, BAND, RING, EDGE = 17.0, 8.5, 14.0, 1.0  # the ring outside the grid holds marbles pushed off
R = 6.0  # a marble's radius
TITLE_H, FOOT_H, GAP = 14.0, 15.0, 24.0
GHOST = "#757575"


@dataclass(frozen=True)
class Frame:
    """One board's place in the picture: layout positions shifted by (dx, dy), `width` wide, the hands
    line under `foot`. Rings outside the grid that hold nothing are cut away, so the pair of boards fits
    a half-size booklet page (about 330 pt) in nearly every step."""

    g: Layout
    dx: float
    dy: float
    width: float
    foot: float
    tracker: tuple[str, str]  # the round tracker token's colour and symbol

    def centre(self, x: int, y: int) -> tuple[float, float]:
        cx, cy = self.g.centre(x, y)
        return cx + self.dx, cy + self.dy


def diagram(loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str:
    g = Layout(after["size"], CELL, BAND, RING, EDGE, 0.0)
    faces = loaded.spec.production.faces
    labels = faces["diagram"]
    refused = after["turn"] == before["turn"]
    last = None if refused else after["last"]
    spots = [_ring_spots(before, None), [] if last is None else _ring_spots(after, last)]
    rows = {y for board in spots for _, y in board}  # both boards keep the same height
    cut_top = 0.0 if g.size + 1 in rows else RING + EDGE
    cut_bottom = 0.0 if 0 in rows else RING + EDGE
    height = g.side - cut_top - cut_bottom
    tracker = (faces["tracker"]["colour"], faces["tracker"]["symbol"])
    frames = []
    for board in spots[: 1 if last is None else 2]:
        columns = {x for x, _ in board}
        cut_left = 0.0 if 0 in columns else RING + EDGE
        cut_right = 0.0 if g.size + 1 in columns else RING + EDGE
        frames.append(Frame(g, -cut_left, TITLE_H - cut_top, g.side - cut_left - cut_right, TITLE_H + height, tracker))
    hand = loaded.text(labels["hand"])
    if last is None:  # one board, widened if need be so the title fits above it
        title = loaded.text(labels["refused"])
        extra = max(0.0, k.fonts.text_width(title, 8, "bold") + 4 - frames[0].width)
        f = replace(frames[0], dx=frames[0].dx + extra / 2, width=frames[0].width + extra)
        dwg = k.drawing(f.width + 2, TITLE_H + height + FOOT_H)
        _board(dwg, f, 1, before, title, hand, None)
        return k.to_string(dwg)
    dwg = k.drawing(frames[0].width + GAP + frames[1].width + 2, TITLE_H + height + FOOT_H)
    _board(dwg, frames[0], 1, before, loaded.text(labels["before"]), hand, last)
    seat = seat_by_id(after)[last["seat"]]
    verb = loaded.text(labels["drop" if last["action"] == "drop" else "swap"])
    title = f"{loaded.text(labels['after'])}: {seat['name']} {verb} {last['cell']}"
    right = 1 + frames[0].width + GAP
    _board(dwg, frames[1], right, after, title, hand, last, result=True)
    mid = TITLE_H + height / 2
    dwg.add(line_arrow(dwg, right - GAP + 4, mid, right - 4, mid, 5, fill="#90a4ae"))
    return k.to_string(dwg)


def _cell(state: dict[str, Any], name: str) -> tuple[int, int]:
    """A cell name such as 'D4' as (column, row), both counted from 1."""
    return state["columns"].index(name[0]) + 1, int(name[1:])


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def _off_spot(state: dict[str, Any], drop_name: str, src_name: str) -> tuple[int, int]:
    """Where a marble pushed off is shown: one more step along the ray from the drop, outside the grid."""
    drop, src = _cell(state, drop_name), _cell(state, src_name)
    return src[0] + _sign(src[0] - drop[0]), src[1] + _sign(src[1] - drop[1])


def _ring_spots(state: dict[str, Any], last: dict[str, Any] | None) -> list[tuple[int, int]]:
    """Positions outside the grid this board draws on: marbles pushed off, the round tracker."""
    spots: list[tuple[int, int]] = []
    if state["round_limit"] is not None:
        x, y = state["track"][state["track_space"]]
        spots.append((x, y))
    if last is not None:
        spots += [_off_spot(state, last["cell"], p["from"]) for p in last["pushes"] if p["to"] is None]
    return spots


def _board(dwg: Any, f: Frame, x0: float, state: dict[str, Any], title: str, hand: str, last: dict[str, Any] | None, *, result: bool = False) -> None:
    art = dwg.g(transform=f"translate({x0:g} 0)")
    g, n = f.g, f.g.size
    k.text(art, dwg, f.width / 2, TITLE_H - 4, title, k.fit_size(title, f.width, 9, bold=True), bold=True)
    left, top, _, _ = g.box(1, n)
    left, top = left + f.dx, top + f.dy
    full = n * g.cell
    art.add(dwg.rect((left, top), (full, full), fill=k.PAPER, stroke=k.INK, stroke_width=1.2))
    for i in range(1, n):
        art.add(dwg.line((left + i * g.cell, top), (left + i * g.cell, top + full), stroke="#b0bec5", stroke_width=0.6))
        art.add(dwg.line((left, top + i * g.cell), (left + full, top + i * g.cell), stroke="#b0bec5", stroke_width=0.6))
    for x, letter in enumerate(state["columns"], start=1):
        k.text(art, dwg, f.centre(x, 1)[0], top + full + g.band - 1, letter, 7, fill=k.GREY)
    for y in range(1, n + 1):
        k.text(art, dwg, left - g.band / 2, f.centre(1, y)[1] + 2.5, str(y), 7, fill=k.GREY)
    if state["round_limit"] is not None:
        _tracker(dwg, art, f, state)
    seats = seat_by_id(state)
    for m in state["marbles"]:
        marble(dwg, art, seats[m["seat"]], *f.centre(m["column"], m["row"]), R)
    if last is not None and not result:  # the cell about to be played
        cx, cy = f.centre(*_cell(state, last["cell"]))
        art.add(dwg.circle((cx, cy), R + 2.2, fill="none", stroke=k.INK, stroke_width=1.2, stroke_dasharray="2.4,1.7"))
    if last is not None and result:
        _moves(dwg, art, f, state, last)
    _hands(dwg, art, f, state, hand)
    dwg.add(art)


def _moves(dwg: Any, art: Any, f: Frame, state: dict[str, Any], last: dict[str, Any]) -> None:
    seats = seat_by_id(state)
    cx, cy = f.centre(*_cell(state, last["cell"]))
    art.add(dwg.circle((cx, cy), R + 2.2, fill="none", stroke=k.INK, stroke_width=2))
    for push in last["pushes"]:
        src = _cell(state, push["from"])
        off = push["to"] is None
        dst = _off_spot(state, last["cell"], push["from"]) if off else _cell(state, push["to"])
        (sx, sy), (tx, ty) = f.centre(*src), f.centre(*dst)
        art.add(dwg.circle((sx, sy), R, fill="none", stroke=GHOST, stroke_width=0.9, stroke_dasharray="2,1.6"))
        if off:  # drawn with a dashed rim: it is on its way back to its owner's hand
            seat = seats[push["seat"]]
            art.add(dwg.circle((tx, ty), R, fill=seat["colour"], stroke=k.INK, stroke_width=0.9, stroke_dasharray="2,1.6"))
            symbol(dwg, art, seat["symbol"], tx, ty, R * 0.55, seat["colour"])
        length = ((tx - sx) ** 2 + (ty - sy) ** 2) ** 0.5
        reach = (length - R - 1.2) / length
        art.add(line_arrow(dwg, sx, sy, sx + (tx - sx) * reach, sy + (ty - sy) * reach, 2.2, fill=k.INK, stroke=k.PAPER, stroke_width=0.4))


def _tracker(dwg: Any, art: Any, f: Frame, state: dict[str, Any]) -> None:
    x, y = state["track"][state["track_space"]]
    cx, cy = f.centre(x, y)
    colour, kind = f.tracker
    art.add(dwg.circle((cx, cy), R - 1, fill=colour, stroke=k.INK, stroke_width=0.8))
    symbol(dwg, art, kind, cx, cy, R * 0.6, colour)


def _hands(dwg: Any, art: Any, f: Frame, state: dict[str, Any], hand: str) -> None:
    """Marbles in hand per seat, each count after its seat's marble, centred under the board."""
    seats = seat_by_id(state)
    y = f.foot + FOOT_H - 4
    label = f"{hand}:"
    parts = [(seats[sid], str(count)) for sid, count in state["supply"].items()]
    widths = [13 + k.fonts.text_width(c, 8) + 9 for _, c in parts]
    lead = k.fonts.text_width(label, 8) + 5
    x = f.width / 2 - (lead + sum(widths)) / 2
    k.text(art, dwg, x, y, label, 8, anchor="start", fill=k.GREY)
    x += lead
    for (seat, count), w in zip(parts, widths, strict=True):
        marble(dwg, art, seat, x + 5, y - 3, 5, outline=0.6)
        k.text(art, dwg, x + 13, y, count, 8, anchor="start")
        x += w

"""The rule books' picture of one worked-example step: the board after it, drawn from the engine's
describe_state dicts only, at the size it prints in one column of a rule book (kitpress.booklet.diagram).

The dropped marble wears a thick ring, each pushed marble's old cell is a dashed ghost with an arrow to
where it went, and a marble pushed off sits just outside the edge at the arrow's tip: the board before
the step is the one you get by undoing those marks. A refused step shows the one unchanged board. The
row numbers, the column letters and the marbles in hand print 20 pt, large enough at arm's length; the
row numbers stand on the side of the grid that no pushed-off marble takes, so none is drawn over.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from kitpress.booklet import diagram as book
from kitpress.games.momentum.art.board import Layout
from kitpress.games.momentum.art.marks import line_arrow, marble, seat_by_id, symbol
from kitpress.games.momentum.production import MomentumFaces
from kitpress.games.momentum.rules import Symbol
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

CELL, BAND, RING, EDGE = 25.0, 15.0, 19.0, 0.5  # the ring outside the grid holds marbles pushed off
R = 8.5  # a marble's radius
HAND_R = 7.0  # the marble that names a seat in the hands line
TITLE_H, FOOT_H = 28.0, 30.0
GHOST = "#757575"
NUM = book.NUMBER_SIZE
# A column letter's baseline below whatever is under the grid (its band, or the ring when a marble was
# pushed off there): 20 pt capitals are 14.6 pt tall, so this leaves them 4 pt clear above.
LETTER_BASE = 19.0


@dataclass(frozen=True)
class Frame:
    """The board's place in the picture: layout positions shifted by (dx, dy), `width` wide, the hands
    line under `foot`. Rings outside the grid that hold nothing are cut away, so the board fits one
    column of a rule book in every step."""

    g: Layout
    dx: float
    dy: float
    width: float
    foot: float
    tracker: tuple[str, Symbol]  # the round tracker token's colour and symbol

    def centre(self, x: int, y: int) -> tuple[float, float]:
        cx, cy = self.g.centre(x, y)
        return cx + self.dx, cy + self.dy


def diagram(loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str:
    g = Layout(after["size"], CELL, BAND, RING, EDGE, 0.0)
    faces = loaded.production("faces", MomentumFaces)
    labels = faces.diagram
    refused = after["turn"] == before["turn"]
    last = None if refused else after["last"]
    state = before if last is None else after
    spots = _ring_spots(state, last)
    rows, columns = {y for _, y in spots}, {x for x, _ in spots}
    cut_top = 0.0 if g.size + 1 in rows else RING + EDGE
    cut_bottom = 0.0 if 0 in rows else RING + EDGE
    cut_left = 0.0 if 0 in columns else RING + EDGE
    cut_right = 0.0 if g.size + 1 in columns else RING + EDGE
    height = g.side - cut_top - cut_bottom
    # Room under the board for the column letters: below the band, or below the ring if it is drawn.
    height += LETTER_BASE + 4 - (EDGE if cut_bottom == 0 else BAND)
    frame = Frame(g, -cut_left, TITLE_H - cut_top, g.side - cut_left - cut_right, TITLE_H + height, (faces.tracker.colour, faces.tracker.symbol))
    if last is None:
        title = loaded.text(labels.refused)
    else:
        seat = seat_by_id(after)[last["seat"]]
        verb = loaded.text(labels.drop if last["action"] == "drop" else labels.swap)
        title = f"{loaded.text(labels.after)}: {seat['name']} {verb} {last['cell']}"
    # Widened if need be, so that the title fits above the board.
    extra = max(0.0, _title_w(title) + 4 - frame.width)
    frame = replace(frame, dx=frame.dx + extra / 2, width=frame.width + extra)
    dwg = k.drawing(frame.width + 2, TITLE_H + height + FOOT_H)
    _board(dwg, frame, 1, state, title, loaded.text(labels.hand), last)
    return k.to_string(dwg)


def _title_w(title: str) -> float:
    return book.line_width(title, bold=True)


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


def _board(dwg: Any, f: Frame, x0: float, state: dict[str, Any], title: str, hand: str, last: dict[str, Any] | None) -> None:
    art = dwg.g(transform=f"translate({x0:g} 0)")
    g, n = f.g, f.g.size
    book.line(art, dwg, f.width / 2, TITLE_H - 7, title, bold=True)
    left, top, _, _ = g.box(1, n)
    left, top = left + f.dx, top + f.dy
    full = n * g.cell
    art.add(dwg.rect((left, top), (full, full), fill=k.PAPER, stroke=k.INK, stroke_width=1.2))
    for i in range(1, n):
        art.add(dwg.line((left + i * g.cell, top), (left + i * g.cell, top + full), stroke="#b0bec5", stroke_width=0.6))
        art.add(dwg.line((left, top + i * g.cell), (left + full, top + i * g.cell), stroke="#b0bec5", stroke_width=0.6))
    spots = _ring_spots(state, last)
    under = g.band + (g.track + g.edge if any(y == 0 for _, y in spots) else 0.0)
    for x, letter in enumerate(state["columns"], start=1):
        k.text(art, dwg, f.centre(x, 1)[0], top + full + under + LETTER_BASE - (g.band if under == g.band else 0.0), letter, NUM, fill=k.GREY)
    # Row numbers on the left, unless a marble pushed off the left edge sits there and the right is free.
    off_left = {y for x, y in spots if x == 0}
    right = bool(off_left) and not any(x == n + 1 for x, _ in spots)
    for y in range(1, n + 1):
        if y in off_left and not right:
            continue  # both sides hold pushed-off marbles: the marble, not its row's number, is shown
        x = left + full + 1.5 if right else left - 1.5
        k.text(art, dwg, x, f.centre(1, y)[1] + NUM * 0.36, str(y), NUM, anchor="start" if right else "end", fill=k.GREY)
    if state["round_limit"] is not None:
        _tracker(dwg, art, f, state)
    seats = seat_by_id(state)
    for m in state["marbles"]:
        marble(dwg, art, seats[m["seat"]], *f.centre(m["column"], m["row"]), R)
    if last is not None:
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
    y = f.foot + FOOT_H - 7
    label = f"{hand}:"
    parts = [(seats[sid], str(count)) for sid, count in state["supply"].items()]
    widths = [2 * HAND_R + 4 + book.line_width(c) + 12 for _, c in parts]
    lead = book.line_width(label) + 6
    x = f.width / 2 - (lead + sum(widths)) / 2
    book.line(art, dwg, x, y, label, anchor="start", fill=k.GREY)
    x += lead
    for (seat, count), w in zip(parts, widths, strict=True):
        marble(dwg, art, seat, x + HAND_R, y - 5, HAND_R, outline=0.6)
        book.line(art, dwg, x + 2 * HAND_R + 4, y, count, anchor="start")
        x += w


def start_words(loaded: LoadedSpec, start: dict[str, Any]) -> str:
    """Where an example starts, in words for the rule books: a position from a game under way (the
    diagram shows the board after the step), whose hands hold every marble not on the board."""
    seats = seat_by_id(start)
    mover = seats[start["to_move"]]["name"] if start.get("to_move") in seats else ""
    hands = ", ".join(f"{seats[sid]['name']} {count}" for sid, count in start["supply"].items())
    where = f"A position from round {start['round']} of a game" + (f", {mover} to play" if mover else "")
    return f"{where}; in hand: {hands}."

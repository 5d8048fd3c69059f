"""Momentum's game board: the grid with its coordinates, the round-tracking path around it, seat edges.

Everything is placed from the engine's own description of an empty board (size, column letters, the
track's squares as grid positions, 0 and size + 1 being outside the grid) and the spec's production sizes.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Any

from kitpress.games.momentum.art.marks import marble, star_points
from kitpress.games.momentum.production import MomentumBoard, MomentumFaces
from kitpress.pieces import BLEED, Art, mm
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

B = BLEED
BACKGROUND = "#f5f2ea"  # a light tint, so the board runs to the bleed without a heavy ink load
TRACK_LINE = "#555555"


@dataclass(frozen=True)
class Layout:
    """Board geometry in points, with the trim's top-left at (0, 0)."""

    size: int
    cell: float
    band: float  # between the grid and the track: the coordinates
    track: float  # the track squares' depth
    edge: float  # between the track and the trim
    strip: float  # the seat strips above and below

    @property
    def side(self) -> float:
        """The square part of the board: grid, bands and track."""
        return self.size * self.cell + 2 * (self.band + self.track + self.edge)

    @property
    def width(self) -> float:
        return self.side

    @property
    def height(self) -> float:
        return self.side + 2 * self.strip

    def span(self, i: int) -> tuple[float, float]:
        """Start and length along an axis of grid position i (0 and size + 1 are the track)."""
        if i == 0:
            return self.edge, self.track
        if i == self.size + 1:
            return self.side - self.edge - self.track, self.track
        return self.edge + self.track + self.band + (i - 1) * self.cell, self.cell

    def box(self, x: int, y: int) -> tuple[float, float, float, float]:
        """(left, top, width, height) of grid position (x, y); y counts up from the bottom (row 1)."""
        left, w = self.span(x)
        low, h = self.span(y)
        return left, self.strip + self.side - low - h, w, h

    def centre(self, x: int, y: int) -> tuple[float, float]:
        left, top, w, h = self.box(x, y)
        return left + w / 2, top + h / 2


def layout(loaded: LoadedSpec, size: int) -> Layout:
    b = loaded.production("board", MomentumBoard)
    return Layout(size, mm(b.cell_mm), mm(b.coordinate_band_mm), mm(b.track_depth_mm), mm(b.edge_mm), mm(b.seat_strip_mm))


def empty_board(loaded: LoadedSpec) -> dict[str, Any]:
    return loaded.engine.describe_state(loaded.engine.new_game(random.Random(0)))


def rounds_per_square(loaded: LoadedSpec) -> dict[int, list[int]]:
    """For each track square, the rounds played when the tracker stands on it, as the engine counts them;
    a round limit shorter than the track leaves the squares past it with none."""
    engine = loaded.engine
    start = engine.new_game(random.Random(0))
    players = len(start.supply)
    out: dict[int, list[int]] = defaultdict(list)
    for played in range(loaded.params()["round_limit"] + 1):
        out[engine.describe_state(replace(start, turn=played * players))["track_space"]].append(played)
    return out


def board(loaded: LoadedSpec) -> Art:
    empty = empty_board(loaded)
    g = layout(loaded, empty["size"])
    dwg = k.drawing(g.width + 2 * B, g.height + 2 * B)
    dwg.add(dwg.rect((0, 0), (g.width + 2 * B, g.height + 2 * B), fill=BACKGROUND))
    art = dwg.g(transform=f"translate({B} {B})")
    _grid(dwg, art, g, empty)
    _track(dwg, art, g, loaded, empty)
    _edges(dwg, art, g, loaded)
    dwg.add(art)
    return Art("board", k.to_string(dwg), g.width, g.height)


def _grid(dwg: Any, art: Any, g: Layout, empty: dict[str, Any]) -> None:
    n = g.size
    left, top, _, _ = g.box(1, n)
    full = n * g.cell
    art.add(dwg.rect((left, top), (full, full), fill=k.PAPER))
    for x in range(1, n + 1):  # each cell, unpainted, says a marble goes there (lint.fit measures it)
        for y in range(1, n + 1):
            cl, ct, cw, ch = g.box(x, y)
            art.add(dwg.rect((cl, ct), (cw, ch), fill="none", data_holds="marble"))
    for i in range(1, n):
        art.add(dwg.line((left + i * g.cell, top), (left + i * g.cell, top + full), stroke=k.INK, stroke_width=0.9))
        art.add(dwg.line((left, top + i * g.cell), (left + full, top + i * g.cell), stroke=k.INK, stroke_width=0.9))
    art.add(dwg.rect((left, top), (full, full), fill="none", stroke=k.INK, stroke_width=1.8))
    for x, letter in enumerate(empty["columns"], start=1):
        for y in range(1, n + 1):  # each cell's name in its corner, clear of a stone in the middle
            cl, ct, _, _ = g.box(x, y)
            k.text(art, dwg, cl + 2.5, ct + 9, f"{letter}{y}", 8, anchor="start", fill="#9e9e9e")
    label = 10.0
    for x, letter in enumerate(empty["columns"], start=1):
        cx = g.centre(x, 1)[0]
        k.text(art, dwg, cx, top + full + g.band / 2 + label * 0.36, letter, label, bold=True)
        k.text(art, dwg, cx, top - g.band / 2 + label * 0.36, letter, label, bold=True)
    for y in range(1, n + 1):
        cy = g.centre(1, y)[1] + label * 0.36
        k.text(art, dwg, left - g.band / 2, cy, str(y), label, bold=True)
        k.text(art, dwg, left + full + g.band / 2, cy, str(y), label, bold=True)


TRACKER_GAP_MM = 1.05  # round the tracker in its place: the preflight's 1 mm (lint.fit), and a little


def _track(dwg: Any, art: Any, g: Layout, loaded: LoadedSpec, empty: dict[str, Any]) -> None:
    """The round track: each square shows the rounds after which the tracker stands on it."""
    texts = loaded.production("board", MomentumBoard).track
    squares = [(x, y) for x, y in empty["track"]]
    rounds = rounds_per_square(loaded)
    last = loaded.params()["round_limit"]
    for index, (x, y) in enumerate(squares):
        left, top, w, h = g.box(x, y)
        ends = last in rounds[index]
        art.add(dwg.rect((left + 0.5, top + 0.5), (w - 1, h - 1), fill=k.PAPER, stroke=k.INK if ends else TRACK_LINE, stroke_width=2.2 if ends else 0.8, rx=3))
        # The tracker's place in one half of the square, its rounds in the other: the tracker on its
        # square leaves them in sight (lint rule W8).
        wide = w >= h
        room = mm(loaded.production("faces", MomentumFaces).tracker.diameter_mm + 2 * TRACKER_GAP_MM)
        place = (left + 0.5, top + 0.5, room, h - 1) if wide else (left + 0.5, top + 0.5, w - 1, room)
        art.add(dwg.rect(place[:2], place[2:], fill="none", data_holds="round-tracker"))
        if not rounds[index]:  # past the round limit: the tracker never gets here, the square stays blank
            continue
        cx, cy = (left + 0.5 + room + (w - 1 - room) / 2, top + h / 2) if wide else (left + w / 2, top + 0.5 + room + (h - 1 - room) / 2)
        first, *later = rounds[index]
        small = " ".join(str(r) for r in later)
        if ends:
            small = f"{small} {loaded.text(texts.end_label)}".strip()
        if index == 0:  # START: where the tracker waits before the first round, the star on its place
            px, py = place[0] + place[2] / 2, place[1] + place[3] / 2
            art.add(k.polygon(dwg, star_points(px, py, 6.5, 2.7), fill="none", stroke=k.INK, stroke_width=0.8))
            k.text(art, dwg, cx, cy + (0 if small else 3), loaded.text(texts.start_label), 8, bold=True)
        else:
            k.text(art, dwg, cx, cy + (1 if small else 4), str(first), 11, bold=True)
        if small:
            k.text(art, dwg, cx, cy + 11, small, 8)  # the last square says so by its heavier frame too
    for i, a in enumerate(squares):
        b = squares[(i + 1) % len(squares)]
        if a[0] != b[0] and a[1] != b[1]:  # the path turns a corner between these two squares
            _turn(dwg, art, g, a, b)


def _turn(dwg: Any, art: Any, g: Layout, a: tuple[int, int], b: tuple[int, int]) -> None:
    """An L-shaped arrow through the corner between two consecutive track squares."""
    edge = {0, g.size + 1}
    corner = (a[0], b[1]) if a[0] in edge and b[1] in edge else (b[0], a[1])
    c = g.centre(*corner)
    pa, pb = g.centre(*a), g.centre(*b)

    def toward(p: tuple[float, float], q: tuple[float, float], reach: float) -> tuple[float, float]:
        dx, dy = q[0] - p[0], q[1] - p[1]
        dist = abs(dx) + abs(dy)
        return p[0] + dx / dist * reach, p[1] + dy / dist * reach

    start = toward(pa, c, (g.box(*a)[2] if a[1] == corner[1] else g.box(*a)[3]) / 2 + 1)
    tip = toward(pb, c, (g.box(*b)[2] if b[1] == corner[1] else g.box(*b)[3]) / 2 - 1)
    art.add(dwg.polyline([start, c, tip], fill="none", stroke=TRACK_LINE, stroke_width=1.6))
    dx, dy = pb[0] - c[0], pb[1] - c[1]
    ux, uy = (dx / abs(dx), 0.0) if dx else (0.0, dy / abs(dy))
    head = [tip, (tip[0] + ux * -6 + uy * 4, tip[1] + uy * -6 + ux * 4), (tip[0] + ux * -6 - uy * 4, tip[1] + uy * -6 - ux * 4)]
    art.add(k.polygon(dwg, head, fill=TRACK_LINE))


def _edges(dwg: Any, art: Any, g: Layout, loaded: LoadedSpec) -> None:
    """Where each player sits, as the spec's setup puts them: the seat's marble and a line of text. Any seat
    of the game may have an edge, not only those of the fewest players (the empty board's)."""
    seats = {seat.id: seat.model_dump() for seat in loaded.engine.config.seats}
    for edge in loaded.production("board", MomentumBoard).edges:
        seat = seats[edge.seat]
        label = loaded.text(edge.label)
        size = 10.0
        width = k.fonts.text_width(label, size, "bold")
        cx = g.width / 2
        y = g.height - g.strip / 2 if edge.side == "bottom" else g.strip / 2
        group = dwg.g(transform=f"rotate({0 if edge.side == 'bottom' else 180} {cx} {y})")
        marble(dwg, group, seat, cx - width / 2 - 4, y, 7)
        k.text(group, dwg, cx + 8, y + size * 0.36, label, size, bold=True)
        art.add(group)

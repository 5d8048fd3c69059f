"""Momentum Game!'s picture of one worked-example step, for the rule books: the track with its numbered
spaces, the block before (dashed) and after (filled), and the streak marker under it.

Drawn at the size it prints, to fit one column of a rule book (kitpress.booklet.diagram): every number
20 pt, so a space's number reads at arm's length; words at the body size.
"""

from __future__ import annotations

from typing import Any

from kitpress.booklet import diagram as book
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

CELL = 56.0  # a space; narrower on a track too long for the column
LABEL_H, TRACK_H, BLOCK, STREAK_H = 22.0, 42.0, 26.0, 30.0
BLOCK_FILL = "#ffb300"


def _tint(colour: str, amount: float) -> str:
    """Mix a #rrggbb colour with white; amount 0 = colour, 1 = white."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


def cell_width(before: dict[str, Any]) -> float:
    n = before["track_max"] - before["track_min"] + 1
    return min(CELL, (book.COLUMN_WIDTH - 4) / n)


def centre_x(state: dict[str, Any], position: int) -> float:
    """The middle of the track space `position`, where the block and the space's number sit."""
    return 2 + (position - state["track_min"]) * cell_width(state) + cell_width(state) / 2


def diagram(loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str:
    lo, hi = after["track_min"], after["track_max"]
    cell = cell_width(after)
    n = hi - lo + 1
    top = LABEL_H + 4
    dwg = k.drawing(n * cell + 4, top + TRACK_H + 6 + STREAK_H)
    sides = {loaded.engine.edge(s.id): s for s in loaded.engine.config.sides}
    for i in range(n):
        value = lo + i
        owner = sides.get(value)
        fill = _tint(owner.colour, 0.8) if owner else "#ffffff"
        dwg.add(dwg.rect((2 + i * cell, top), (cell, TRACK_H), fill=fill, stroke=k.INK, stroke_width=1.2))
        k.text(dwg, dwg, centre_x(after, value), LABEL_H, str(value), book.NUMBER_SIZE, bold=True)
    mid = top + TRACK_H / 2
    bx, ax = centre_x(after, before["position"]), centre_x(after, after["position"])
    if bx != ax:
        d = 1 if ax > bx else -1
        dwg.add(dwg.rect((bx - BLOCK / 2, mid - BLOCK / 2), (BLOCK, BLOCK), fill="none", stroke=k.GREY, stroke_width=1.4, stroke_dasharray="3,2.5"))
        dwg.add(dwg.line((bx + d * (BLOCK / 2 + 2), mid), (ax - d * (BLOCK / 2 + 7), mid), stroke=k.INK, stroke_width=1.6))
        tip = ax - d * (BLOCK / 2 + 1.5)
        dwg.add(k.polygon(dwg, [(tip, mid), (tip - d * 7, mid - 5), (tip - d * 7, mid + 5)], fill=k.INK))
    dwg.add(dwg.rect((ax - BLOCK / 2, mid - BLOCK / 2), (BLOCK, BLOCK), fill=BLOCK_FILL, stroke=k.INK, stroke_width=1.4))
    marker = after.get("last_winner")
    if marker:
        side = loaded.engine.side(marker)
        label = f"streak: {side.direction} {side.arrow} ×{after['streak_count']}"
    else:
        label = "no streak"
    book.line(dwg, dwg, 2, top + TRACK_H + 6 + STREAK_H - 8, label, anchor="start")
    return k.to_string(dwg)


def start_words(loaded: LoadedSpec, start: dict[str, Any]) -> str:
    """Where an example starts, in words for the rule books: the diagrams show each round's result, so a
    reader needs the block's space and the streak before the first round. Kept short: the student
    sheet has four pages at most."""
    fresh = " (a new game)" if start["position"] == loaded.engine.config.track.start and not start.get("last_winner") else ""
    marker = start.get("last_winner")
    if not marker:
        return f"Block on {start['position']}, no streak{fresh}."
    side = loaded.engine.side(marker)
    return f"Block on {start['position']}, streak marker {side.direction} {side.arrow} (count {start['streak_count']}): {side.name} won the last round."

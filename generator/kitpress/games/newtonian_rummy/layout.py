"""Newtonian Rummy's piece sizes that follow from the rules, as plain numbers: the art draws with them and
`production.check` refuses, when the spec loads, a game whose pieces no sheet holds. No drawing here, so
`kitpress check` imports no renderer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitpress.pieces import PT_PER_MM
from kitpress.production import ROOM_MM

if TYPE_CHECKING:
    from kitpress.games.newtonian_rummy.rules import NewtonianRummy

# The momentum marker: one box per StreakCount each way and a "None" box between, in points.
MARKER_BOX, MARKER_GAP, MARKER_PAD = 64.0, 6.0, 16.0
# The longest piece every paper holds inside its margins (sheets.geometry.pack), in points.
LONGEST = ROOM_MM[1] * PT_PER_MM


def streak_boxes(engine: NewtonianRummy) -> list[tuple[int, str]]:
    """The StreakCount boxes one direction needs: 1, 2, … up to where the bonus stops growing (that
    box reads "n+"). Without a cap, up to the longest streak the track allows: each win moves at
    least 1 + bonus spaces, and a streak never turns back."""
    span = 2 * engine.config.track.edge
    boxes: list[tuple[int, str]] = []
    n, travelled = 1, 0
    while True:
        travelled += 1 + engine.bonus_for(n)
        if engine.bonus_for(n + 1) == engine.bonus_for(n) or travelled >= span:
            boxes.append((n, f"{n}+"))
            return boxes
        boxes.append((n, str(n)))
        n += 1


def marker_width(boxes: int) -> float:
    """The marker's trim width for `boxes` StreakCount boxes each way (and the None box)."""
    slots = 2 * boxes + 1
    return slots * MARKER_BOX + (slots - 1) * MARKER_GAP + 2 * MARKER_PAD


def most_marker_boxes() -> int:
    """The most StreakCount boxes each way a marker that every paper holds has room for."""
    n = 1
    while marker_width(n + 1) <= LONGEST:
        n += 1
    return n

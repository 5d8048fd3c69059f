"""Safe distances: frames and decorations stay at least 3 mm inside the trim.

A line that runs along the cut a little way inside it shows every error of the cut: a drift of 1/16 in
(1.6 mm) or a corner rounder turns an even border into a wedge or clips it. So any painted rect side or
straight line running parallel to a trim edge (over at least a third of that edge), or any circle
concentric with a round piece, whose outer ink edge lies inside the trim but less than MIN_INSET_MM from
it is an error. Art that reaches the trim or runs on into the bleed (a background, a band, a ring on the
cut line itself) is not a frame and is left to the bleed and cut-line checks.

Read from the SVG (svgscan): rects and lines drawn straight, circles and ellipses; paths and polygons
are not read as frames.
"""

from __future__ import annotations

from dataclasses import dataclass

from kitpress.lint.findings import ERROR
from kitpress.lint.svgscan import Item, scan
from kitpress.pieces import Art, mm

MIN_INSET_MM = 3.0
SLACK_PT = 0.25  # an edge this close to the trim is on it (measuring noise)
PARALLEL_SPAN = 1 / 3  # a side must run along this much of the trim edge to read as a frame
CONCENTRIC_PT = 1.0  # a circle centred this close to a round piece's centre is a ring round it

Problem = tuple[str, str, str]


@dataclass(frozen=True)
class Inset:
    what: str  # e.g. "rect at the left"
    distance_mm: float  # from the trim to the outer ink edge, inward


def _straight(item: Item) -> bool:
    if item.tag == "rect":
        return item.matrix.axis_aligned()
    if item.tag == "line":
        x0, y0, x1, y1 = item.box
        return min(x1 - x0, y1 - y0) <= 2 * float(item.style.get("stroke-width", "1") or 1) * item.matrix.scale() + 0.01
    return False


def edges(art: Art) -> list[Inset]:
    """Every frame-like edge inside the trim (rect sides and lines along it, rings round a round piece),
    with its distance in from the trim, nearest first."""
    b = art.bleed
    tx0, ty0, tx1, ty1 = b, b, b + art.trim_w, b + art.trim_h
    out: list[Inset] = []
    for item in scan(art):
        if item.tag == "text" or not item.painted:
            continue
        x0, y0, x1, y1 = item.box
        sides: list[tuple[str, float]] = []
        if art.shape == "circle":
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            if item.tag in ("circle", "ellipse") and abs(cx - (tx0 + tx1) / 2) <= CONCENTRIC_PT and abs(cy - (ty0 + ty1) / 2) <= CONCENTRIC_PT:
                sides.append(("round the piece", min(art.trim_w, art.trim_h) / 2 - max(x1 - x0, y1 - y0) / 2))
        elif _straight(item):
            if (min(x1, tx1) - max(x0, tx0)) >= PARALLEL_SPAN * art.trim_w:
                sides += [("at the top", y0 - ty0), ("at the bottom", ty1 - y1)]
            if (min(y1, ty1) - max(y0, ty0)) >= PARALLEL_SPAN * art.trim_h:
                sides += [("at the left", x0 - tx0), ("at the right", tx1 - x1)]
        where = f"({x0 - tx0:.1f}, {y0 - ty0:.1f} pt from the trim corner)"
        out += [Inset(f"{item.tag} {side} {where}", d / mm(1)) for side, d in sides if d > SLACK_PT]
    return sorted(out, key=lambda i: i.distance_mm)


def smallest(art: Art) -> float | None:
    """The distance (mm) of the nearest frame-like edge inside the trim, however far in; None if none."""
    found = edges(art)
    return found[0].distance_mm if found else None


def insets(art: Art) -> list[Inset]:
    """The frame-like edges too close to the trim."""
    return [i for i in edges(art) if i.distance_mm < MIN_INSET_MM - 1e-6]  # exactly 3 mm passes


def check_art(art: Art) -> list[Problem]:
    return [(ERROR, "safe-frame", f"{i.what} is {i.distance_mm:.2f} mm inside the trim: a frame or decoration along the cut keeps at least {MIN_INSET_MM:g} mm in (or runs on into the bleed), or every drift of the cut shows") for i in insets(art)]

"""Momentum's drawing vocabulary shared by the board, the tokens and the diagrams: a marble in its seat's
colour with the seat's symbol (so colours read in black and white), and straight arrows at any angle."""

from __future__ import annotations

import math
from typing import Any

from kitpress.games.momentum.rules import Symbol
from kitpress.render import svgkit as k


def shade(colour: str, amount: float) -> str:
    """Mix a #rrggbb colour with black; amount 0 = colour, 1 = black."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c * (1 - amount)):02x}" for c in rgb)


def contrast(colour: str) -> str:
    """White on a dark colour, ink on a light one, so the symbol stays readable in grey too."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return k.INK if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55 else k.PAPER


def symbol(dwg: Any, parent: Any, kind: Symbol, cx: float, cy: float, r: float, ground: str) -> None:
    """One seat symbol drawn with shapes (not glyphs) in the contrasting ink of its `ground` colour,
    filling a circle of radius r."""
    ink = contrast(ground)
    if kind == "dot":
        parent.add(dwg.circle((cx, cy), r * 0.55, fill=ink))
    elif kind == "ring":  # two discs, not a stroked circle: no seam where the stroke's path starts
        parent.add(dwg.circle((cx, cy), r * 0.77, fill=ink))
        parent.add(dwg.circle((cx, cy), r * 0.47, fill=ground))
    elif kind == "cross":
        arm, half = r * 0.85, r * 0.2
        parent.add(dwg.rect((cx - arm, cy - half), (2 * arm, 2 * half), fill=ink))
        parent.add(dwg.rect((cx - half, cy - arm), (2 * half, 2 * arm), fill=ink))
    elif kind == "triangle":
        pts = [(cx + r * math.cos(a), cy + r * 0.12 + r * math.sin(a)) for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
        parent.add(k.polygon(dwg, pts, fill=ink))
    elif kind == "square":
        s = r * 0.7
        parent.add(dwg.rect((cx - s, cy - s), (2 * s, 2 * s), fill=ink))
    elif kind == "star":
        parent.add(k.polygon(dwg, star_points(cx, cy + r * 0.06, r, r * 0.42), fill=ink))
    else:  # the seats' and the tracker's models allow only the shapes above: another is a bug here
        raise AssertionError(f"no drawing for the symbol {kind!r}")


def star_points(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        rad = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


def marble(dwg: Any, parent: Any, seat: dict[str, Any], cx: float, cy: float, r: float, *, outline: float = 0.8) -> None:
    """A marble: a disc in the seat's colour, an ink rim, and the seat's symbol."""
    parent.add(dwg.circle((cx, cy), r, fill=seat["colour"], stroke=k.INK, stroke_width=outline))
    symbol(dwg, parent, seat["symbol"], cx, cy, r * 0.55, seat["colour"])


def line_arrow(dwg: Any, x0: float, y0: float, x1: float, y1: float, width: float, **attrs: Any) -> Any:
    """A block arrow from (x0, y0) to its tip at (x1, y1), at any angle."""
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    px, py = -uy, ux  # the perpendicular
    head = min(width * 2.2, length * 0.6)
    shaft, wing = width / 2, width * 1.3
    bx, by = x1 - ux * head, y1 - uy * head
    pts = [
        (x0 + px * shaft, y0 + py * shaft), (bx + px * shaft, by + py * shaft), (bx + px * wing, by + py * wing),
        (x1, y1), (bx - px * wing, by - py * wing), (bx - px * shaft, by - py * shaft), (x0 - px * shaft, y0 - py * shaft),
    ]  # fmt: skip
    return k.polygon(dwg, pts, **attrs)


def seat_by_id(described: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in described["seats"]}

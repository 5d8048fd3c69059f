"""Newtonian Rummy's drawn marks: category and face symbols, line patterns, and small lookups.

Symbols and patterns are built from lines and polygons only (svglib draws no SVG patterns or
markers), so every colour on a piece has a shape beside it that survives black-and-white printing.
"""

from __future__ import annotations

import math
from typing import Any

from kitpress.games.newtonian_rummy.production import CardSymbol, EdgePattern
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec


def tint(colour: str, amount: float) -> str:
    """Mix a #rrggbb colour with white; amount 0 = colour, 1 = white."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


def signed(n: int) -> str:
    """A track number as printed: a true minus sign, a plus on the Blue side."""
    return "0" if n == 0 else (f"+{n}" if n > 0 else f"−{-n}")


def team(loaded: LoadedSpec, team_id: str) -> Any:
    return next(t for t in loaded.engine.config.teams if t.id == team_id)


def team_at(loaded: LoadedSpec, edge: str) -> Any:
    """The team that wins at the "max" or the "min" end of the track."""
    return next(t for t in loaded.engine.config.teams if t.edge == edge)


def category(loaded: LoadedSpec, cat_id: str) -> Any:
    return next(c for c in loaded.engine.config.categories if c.id == cat_id)


def role_letter(loaded: LoadedSpec, role: str) -> str:
    return str(next(c.id for c in loaded.engine.config.categories if c.role == role))


def formula(loaded: LoadedSpec) -> list[str]:
    """The meld written with the deck's own letters: ["M", " × ", "A", " = ", "F"]."""
    return [role_letter(loaded, "mass"), " × ", role_letter(loaded, "acceleration"), " = ", role_letter(loaded, "force")]


# --- patterns --------------------------------------------------------------------------------


def hatch(parent: Any, dwg: Any, x: float, y: float, w: float, h: float, gap: float, colour: str, width: float = 1.2) -> None:
    """Diagonal lines (rising to the right) filling a rectangle, cut to it by arithmetic, not clipping."""
    k0 = x + y
    steps = int((w + h) // gap) + 1
    for i in range(1, steps + 1):
        c = k0 + i * gap  # the line x + y = c
        x1, x2 = max(x, c - (y + h)), min(x + w, c - y)
        if x2 - x1 > 0.5:
            parent.add(dwg.line((round(x1, 2), round(c - x1, 2)), (round(x2, 2), round(c - x2, 2)), stroke=colour, stroke_width=width))


def dots(parent: Any, dwg: Any, x: float, y: float, w: float, h: float, gap: float, colour: str, radius: float = 1.6) -> None:
    """Staggered dots inside a rectangle."""
    rows = int((h - gap / 2) // gap) + 1
    for r in range(rows):
        cy = y + gap / 2 + r * gap
        offset = gap / 2 if r % 2 else 0.0
        cx = x + gap / 2 + offset
        while cx < x + w - radius:
            parent.add(dwg.circle((round(cx, 2), round(cy, 2)), radius, fill=colour))
            cx += gap


def pattern(parent: Any, dwg: Any, name: EdgePattern, box: tuple[float, float, float, float], colour: str, gap: float = 7.0) -> None:
    """The spec's edge pattern ("hatched" or "dotted") over a box."""
    x, y, w, h = box
    if name == "hatched":
        hatch(parent, dwg, x, y, w, h, gap, colour)
    elif name == "dotted":
        dots(parent, dwg, x, y, w, h, gap, colour, radius=gap * 0.22)
    else:  # production.EdgePattern lets no other name load
        raise AssertionError(f"no drawing for the edge pattern {name!r}")


# --- symbols ---------------------------------------------------------------------------------


def _arc(cx: float, cy: float, r: float, start: float, end: float, n: int = 24) -> list[tuple[float, float]]:
    """Points on a circle from angle `start` to `end` (degrees, 0 = right, counter-clockwise on screen)."""
    return [(cx + r * math.cos(math.radians(start + (end - start) * i / n)), cy - r * math.sin(math.radians(start + (end - start) * i / n))) for i in range(n + 1)]


def symbol(parent: Any, dwg: Any, name: CardSymbol, cx: float, cy: float, size: float, colour: str) -> None:
    """One named symbol filling about a size × size box centred on (cx, cy)."""
    s = size / 2
    stroke = max(1.0, size / 14)
    if name == "weight":  # a gym weight: a trapezoid body and a ring handle
        parent.add(k.polygon(dwg, [(cx - s * 0.55, cy - s * 0.2), (cx + s * 0.55, cy - s * 0.2), (cx + s * 0.85, cy + s * 0.85), (cx - s * 0.85, cy + s * 0.85)], fill=colour))
        parent.add(dwg.circle((round(cx, 2), round(cy - s * 0.5, 2)), round(s * 0.32, 2), fill="none", stroke=colour, stroke_width=stroke * 1.4))
    elif name == "speed":  # an arrow pulling away from speed lines that lengthen
        parent.add(k.arrow(dwg, cx + s * 0.3, cy, s * 1.2, s * 0.5, 1, fill=colour))
        for i, length in enumerate((0.35, 0.55, 0.75)):
            y = cy + (i - 1) * s * 0.55
            parent.add(dwg.line((round(cx - s * 0.35 - length * s, 2), round(y, 2)), (round(cx - s * 0.35, 2), round(y, 2)), stroke=colour, stroke_width=stroke))
    elif name == "push":  # an arrow pushing an outlined crate
        parent.add(k.arrow(dwg, cx - s * 0.4, cy, s * 1.2, s * 0.45, 1, fill=colour))
        parent.add(dwg.rect((round(cx + s * 0.25, 2), round(cy - s * 0.6, 2)), (round(s * 0.75, 2), round(s * 1.2, 2)), fill="none", stroke=colour, stroke_width=stroke * 1.3))
    elif name == "gauge":  # a speedometer: arc, ticks and needle
        parent.add(dwg.polyline([(round(px, 2), round(py, 2)) for px, py in _arc(cx, cy + s * 0.4, s * 0.95, 0, 180)], fill="none", stroke=colour, stroke_width=stroke * 1.3))
        for angle in (20, 60, 100, 140):
            ox, oy = math.cos(math.radians(angle)), -math.sin(math.radians(angle))
            parent.add(dwg.line((round(cx + ox * s * 0.62, 2), round(cy + s * 0.4 + oy * s * 0.62, 2)), (round(cx + ox * s * 0.8, 2), round(cy + s * 0.4 + oy * s * 0.8, 2)), stroke=colour, stroke_width=stroke))
        parent.add(dwg.line((round(cx, 2), round(cy + s * 0.4, 2)), (round(cx + s * 0.5, 2), round(cy - s * 0.15, 2)), stroke=colour, stroke_width=stroke * 1.5))
        parent.add(dwg.circle((round(cx, 2), round(cy + s * 0.4, 2)), round(s * 0.14, 2), fill=colour))
    elif name == "impulse":  # a small arrow then a big one: the force grows
        parent.add(k.arrow(dwg, cx - s * 0.55, cy, s * 0.7, s * 0.22, 1, fill=colour))
        parent.add(k.arrow(dwg, cx + s * 0.35, cy, s * 1.1, s * 0.48, 1, fill=colour))
    elif name == "friction":  # a crate on a rough floor, an arrow holding it back
        parent.add(dwg.rect((round(cx - s * 0.15, 2), round(cy - s * 0.55, 2)), (round(s * 0.8, 2), round(s * 0.8, 2)), fill=colour))
        parent.add(dwg.line((round(cx - s, 2), round(cy + s * 0.25, 2)), (round(cx + s, 2), round(cy + s * 0.25, 2)), stroke=colour, stroke_width=stroke * 1.2))
        for i in range(8):
            x = cx - s + i * s * 0.27
            parent.add(dwg.line((round(x, 2), round(cy + s * 0.6, 2)), (round(x + s * 0.25, 2), round(cy + s * 0.27, 2)), stroke=colour, stroke_width=stroke * 0.8))
        parent.add(k.arrow(dwg, cx - s * 0.55, cy - s * 0.15, s * 0.75, s * 0.2, -1, fill=colour))
    elif name == "balance":  # a balance at rest: pivot, level beam, two pans
        parent.add(k.polygon(dwg, [(cx, cy - s * 0.45), (cx + s * 0.3, cy + s * 0.75), (cx - s * 0.3, cy + s * 0.75)], fill=colour))
        parent.add(dwg.line((round(cx - s * 0.95, 2), round(cy - s * 0.45, 2)), (round(cx + s * 0.95, 2), round(cy - s * 0.45, 2)), stroke=colour, stroke_width=stroke * 1.4))
        for side in (-1, 1):
            px = cx + side * s * 0.75
            pan = [(px - s * 0.3, cy + s * 0.05), (px + s * 0.3, cy + s * 0.05), (px + s * 0.18, cy + s * 0.22), (px - s * 0.18, cy + s * 0.22)]
            parent.add(k.polygon(dwg, pan, fill=colour))
            for dx in (-0.28, 0.28):
                parent.add(dwg.line((round(px, 2), round(cy - s * 0.45, 2)), (round(px + dx * s, 2), round(cy + s * 0.05, 2)), stroke=colour, stroke_width=stroke * 0.7))
    else:  # production.CardSymbol lets no other name load
        raise AssertionError(f"no drawing for the symbol {name!r}")

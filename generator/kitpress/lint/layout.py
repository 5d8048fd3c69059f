"""Text and icons against the piece's edges, measured from the SVG with the bundled fonts' metrics.

Zones, from print.md: the art is trim + bleed; cut pieces (cards, tokens, discs) keep text at least
1/8 in (9 pt) inside the trim, since cutters wander about 1/16 in; boards and sheets keep it inside the
trim. Card icons (any shape but full-bleed backgrounds and frames) keep to the safe zone as well.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from kitpress import fonts
from kitpress.lint import labels, metrics
from kitpress.lint.findings import ERROR
from kitpress.lint.svgscan import Box, Item, scan
from kitpress.pieces import SAFE_ZONE, Art, PrintJob

SAFE_MARGIN = SAFE_ZONE
MIN_TEXT_PT = 7.0  # the smallest text that still reads on a printed piece of a kind not listed below
# Rule W5: the smallest text each kind of piece prints, in points. Everything a player reads at the table,
# at arm's length or across it (cards, tokens, discs, chips, boards, referee and reference cards, the
# sheets players write on or look up), is at least 8 pt; a kind a pack adds that is not listed keeps 7.
MIN_TEXT_BY_KIND = {kind: 8.0 for kind in ("cards", "tokens", "discs", "chips", "board", "checklist", "reference", "score-sheet", "sheet", "answer-key", "label")}


def min_text_pt(kind: str) -> float:
    return MIN_TEXT_BY_KIND.get(kind, MIN_TEXT_PT)
CUT_KINDS = frozenset({"cards", "tokens", "discs", "chips"})  # small pieces cut one by one
SLACK = 0.25  # pt (0.09 mm): measuring noise, far below the 1/16 in a cutter wanders
BOX_SLACK = 0.5  # pt: text may touch the edge of the box it sits in
FRAME_SPAN = 0.75  # a shape spanning this much of the trim both ways is a frame or panel, not an icon

Problem = tuple[str, str, str]  # severity, check id, message


@dataclass(frozen=True)
class Zones:
    art: Box
    trim: Box
    margin: float  # safe margin inside the trim (0: the trim itself)
    circle: bool

    @property
    def safe(self) -> Box:
        x0, y0, x1, y1 = self.trim
        m = self.margin
        return x0 + m, y0 + m, x1 - m, y1 - m


def zones(job: PrintJob, art: Art) -> Zones:
    b = art.bleed
    cut = job.kind in CUT_KINDS or job.layout == "grid9" or art.shape == "circle"
    return Zones(
        (0.0, 0.0, art.trim_w + 2 * b, art.trim_h + 2 * b),
        (b, b, b + art.trim_w, b + art.trim_h),
        SAFE_MARGIN if cut else 0.0,
        art.shape == "circle",
    )


def is_card(job: PrintJob) -> bool:
    return job.kind == "cards" or job.layout == "grid9"


def _overshoot(box: Box, zone: Box) -> dict[str, float]:
    """How far (pt) the box runs past each side of the zone, for sides it crosses."""
    sides = {"left": zone[0] - box[0], "top": zone[1] - box[1], "right": box[2] - zone[2], "bottom": box[3] - zone[3]}
    return {side: d for side, d in sides.items() if d > SLACK}


def _circle_overshoot(box: Box, zone: Box) -> dict[str, float]:
    cx, cy = (zone[0] + zone[2]) / 2, (zone[1] + zone[3]) / 2
    r = min(zone[2] - zone[0], zone[3] - zone[1]) / 2
    worst = max(math.hypot(x - cx, y - cy) for x in (box[0], box[2]) for y in (box[1], box[3])) - r
    return {"rim": worst} if worst > SLACK else {}


def _where(over: dict[str, float]) -> str:
    return ", ".join(f"{d:.1f} pt at the {side}" for side, d in sorted(over.items(), key=lambda kv: -kv[1]))


def _pos(box: Box, z: Zones) -> str:
    return f"at ({box[0] - z.trim[0]:.1f}, {box[1] - z.trim[1]:.1f}) pt from the trim corner"


def placement(box: Box, z: Zones, what: str, check: str) -> Problem | None:
    """The worst zone the box leaves: the art, then the trim, then the safe zone."""
    over = _overshoot(box, z.art)
    if over:
        return ERROR, f"{check}-outside-art", f"{what} runs off the art: {_where(over)}"
    over = _circle_overshoot(box, z.trim) if z.circle else _overshoot(box, z.trim)
    if over:
        return ERROR, f"{check}-outside-trim", f"{what} runs past the trim: {_where(over)}"
    if z.margin:
        safe = z.safe
        over = _circle_overshoot(box, safe) if z.circle else _overshoot(box, safe)
        if over:
            return ERROR, f"{check}-safe-zone", f"{what} runs into the {z.margin:g} pt safe margin: {_where(over)}"
    return None


@functools.cache
def _font_size(raw: str) -> float:
    from svglib.svglib import Svg2RlgAttributeConverter

    value = Svg2RlgAttributeConverter().convertLength(raw)
    return float(value if isinstance(value, (int, float)) else value[0])


def _short(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def text_box(item: Item, style: str, size: float) -> Box | None:
    """The ink box of a text item in art coordinates."""
    ink = metrics.ink(item.text, size, style)
    if ink is None:
        return None
    anchor = item.style.get("text-anchor", "start")
    shift = {"middle": 0.5, "end": 1.0}.get(anchor, 0.0) * metrics.width(item.text, size, style)
    local = (item.x - shift + ink[0], item.y + ink[1], item.x - shift + ink[2], item.y + ink[3])
    return item.matrix.box(local)


def _enclosing(item: Item, centre: tuple[float, float], items: list[Item], z: Zones) -> Item | None:
    """The smallest box drawn before the text, under its centre, that is not the whole-piece background."""
    best: Item | None = None
    for other in items[: item.order]:
        if other.tag not in ("rect", "circle", "ellipse") or not other.painted or not other.geometry:
            continue
        if other.tag == "rect" and not other.matrix.axis_aligned():
            continue
        x0, y0, x1, y1 = _shape_geometry_box(other)
        if x0 <= z.art[0] + 0.5 and y0 <= z.art[1] + 0.5 and x1 >= z.art[2] - 0.5 and y1 >= z.art[3] - 0.5:
            continue
        if not (x0 <= centre[0] <= x1 and y0 <= centre[1] <= y1):
            continue
        if other.tag != "rect" and _ellipse_excess(other, [centre]) > 0:
            continue
        if best is None or _area(other) < _area(best):
            best = other
    return best


def _shape_geometry_box(item: Item) -> Box:
    g = item.geometry
    if item.tag == "rect":
        return item.matrix.box((g["x"], g["y"], g["x"] + g["w"], g["y"] + g["h"]))
    return item.matrix.box((g["cx"] - g["rx"], g["cy"] - g["ry"], g["cx"] + g["rx"], g["cy"] + g["ry"]))


def _area(item: Item) -> float:
    x0, y0, x1, y1 = _shape_geometry_box(item)
    return (x1 - x0) * (y1 - y0)


def _ellipse_excess(item: Item, points: list[tuple[float, float]]) -> float:
    """How far (pt, roughly) the farthest point lies outside the ellipse; ≤ 0 inside."""
    x0, y0, x1, y1 = _shape_geometry_box(item)
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, max((x1 - x0) / 2, 1e-9), max((y1 - y0) / 2, 1e-9)
    return max((math.sqrt(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2) - 1) * min(rx, ry) for x, y in points)


def check_text(items: list[Item], z: Zones, smallest: float = MIN_TEXT_PT) -> list[Problem]:
    """Each text against the zones, the box it sits in, the fonts; none below `smallest` pt (W5)."""
    problems: list[Problem] = []
    for item in items:
        if item.tag != "text":
            continue
        family = item.style.get("font-family", "Helvetica")
        weight, slant = item.style.get("font-weight", "normal"), item.style.get("font-style", "normal")
        style, chosen = metrics.resolve(family, weight, slant)
        label = _short(item.text)
        if style is None:
            problems.append((ERROR, "font", f"text {label} asks for {family!r} {weight} {slant}, which is not a bundled font; svglib would set it in {chosen}"))
            continue
        size = _font_size(item.style.get("font-size", "12pt")) * item.matrix.scale()
        what = f"text {label} ({size:g} pt)"
        lacking = metrics.missing(item.text, style)
        if lacking:
            chars = ", ".join(f"{ch!r} U+{ord(ch):04X}" for ch in lacking)
            problems.append((ERROR, "glyph", f"{what}: the bundled font {fonts.FILES[style]} has no glyph for {chars}"))
        if size < smallest - 1e-6:
            problems.append((ERROR, "W5 text-size", f"{what} is below the {smallest:g} pt this kind of piece is read at"))
        box = text_box(item, style, size / item.matrix.scale())
        if box is None:
            continue
        found = placement(box, z, what, "text")
        if found:
            problems.append(found)
            continue
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        holder = _enclosing(item, centre, items, z)
        if holder is None:
            continue
        if holder.tag == "rect":
            over = {s: d for s, d in _overshoot(box, _shape_geometry_box(holder)).items() if d > BOX_SLACK}
            excess = max(over.values(), default=0.0)
        else:
            corners = [(x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]
            excess = _ellipse_excess(holder, corners)
            over = {"rim": excess}
        if excess > BOX_SLACK:
            hb = _shape_geometry_box(holder)
            problems.append((ERROR, "text-overflow", f"{what} overflows the {holder.tag} it sits in ({hb[2] - hb[0]:.1f} × {hb[3] - hb[1]:.1f} pt): {_where(over)}"))
    return problems


def check_icons(items: list[Item], z: Zones) -> list[Problem]:
    """Card icons: every painted shape except backgrounds running into the bleed and frames or panels."""
    problems: list[Problem] = []
    tw, th = z.trim[2] - z.trim[0], z.trim[3] - z.trim[1]
    for item in items:
        if item.tag == "text" or not item.painted:
            continue
        x0, y0, x1, y1 = item.box
        art = z.art
        if x0 <= art[0] + 0.5 or y0 <= art[1] + 0.5 or x1 >= art[2] - 0.5 or y1 >= art[3] - 0.5:
            continue  # runs into the bleed: a background or band, checked by the bleed test
        if (x1 - x0) >= FRAME_SPAN * tw and (y1 - y0) >= FRAME_SPAN * th:
            continue  # a frame or panel around the card
        found = placement(item.box, z, f"{item.tag} {_pos(item.box, z)}", "icon")
        if found:
            problems.append(found)
    return problems


def check_art(job: PrintJob, art: Art) -> list[Problem]:
    z = zones(job, art)
    items = scan(art)
    problems = check_text(items, z, min_text_pt(job.kind))
    problems += labels.check_labels(items) + labels.check_equation_lines(items)
    if is_card(job):
        problems += check_icons(items, z)
    return problems

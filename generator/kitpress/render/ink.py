"""Low-ink art: the same drawing with no full-bleed fills, light tints instead of large solid colour,
outlines kept, and text dark enough to read. A transform of the SVG, so every game gets it without code
of its own.

It must keep every meaning the full-ink art carries (docs/lint.md, "Low ink"). Three rules do that:

- A dark field that is lightened hands its colour to what was drawn on it in the paper's colour: white
  text, arrows and pips on a dark card come out in the card's colour on white, and a large dark field
  (a card's) becomes a frame of its colour, so a dark piece still reads darker than a light one.
- Small marks keep their solid fill (pips, dots, small discs): a filled dot and a hollow one mean
  different things, and a tinted dot barely prints.
- A small piece (a disc or token) keeps a dark field as drawn: on a token the field is often the meaning
  (a disc's black side), and it is little ink.

The art can say more with `data-ink="keep"` on an element: its fill and stroke print as drawn, and so
does what is drawn on it when it is dark. Code here names no game: the rules read only the drawing.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from kitpress.lint.svgscan import Matrix, parse_transform, path_points
from kitpress.pieces import BLEED

SVG_NS = "http://www.w3.org/2000/svg"
INK = "#1a1a1a"
TINT = 0.88  # how far towards white a large solid fill goes
DARK = 0.5  # below this relative luminance a fill prints as ink (lint.colour.MONO_THRESHOLD)
LIGHT = 0.9  # at or above it a fill is paper-coloured
LIGHT_TEXT = 0.35  # text lighter than this was meant for a dark field
GREYISH = 48  # a colour whose channels differ by less than this (of 255) is a grey
READABLE = 0.18  # a mark taking a field's colour is darkened to this luminance: 4.5:1 on white (WCAG AA)
SMALL_MARK_PT2 = 576.0  # a shape with no more area than a 24 pt square keeps its fill (a pip, a dot)
SMALL_PIECE_PT = 108.0  # a piece up to 1.5 in both ways keeps a dark field: tokens and discs, not cards
# A lightened dark field's frame: its outer edge 9 pt (3.2 mm) inside the trim, clear of a wandering cut
# (lint.safe_frame wants 3 mm), 4 pt wide so it stays out of text kept 9 pt in beside a corner.
FRAME_IN, FRAME_W = 9.0, 4.0
FRAME_RX = 8.0
KEEP = "data-ink"  # data-ink="keep": print this element as drawn
_SKIP = {"defs", "clipPath", "mask", "pattern", "symbol", "marker", "title", "desc", "metadata", "style", "linearGradient", "radialGradient"}
_SHAPES = {"rect", "circle", "ellipse", "polygon", "path", "polyline", "line"}
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
ET.register_namespace("ev", "http://www.w3.org/2001/xml-events")

Point = tuple[float, float]


def _rgb(colour: str) -> tuple[int, int, int] | None:
    c = colour.strip().lower()
    named = {"white": "#ffffff", "black": "#000000"}
    c = named.get(c, c)
    if c.startswith("#") and len(c) == 4:
        c = "#" + "".join(ch * 2 for ch in c[1:])
    if c.startswith("#") and len(c) == 7:
        try:
            return int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)
        except ValueError:
            return None
    return None


def luminance(colour: str) -> float:
    """Relative luminance (WCAG) of a #rrggbb colour, 0 (black) to 1 (white)."""
    rgb = _rgb(colour)
    if rgb is None:
        return 0.0

    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def tint(colour: str, amount: float) -> str:
    rgb = _rgb(colour)
    if rgb is None:
        return colour
    return "#" + "".join(f"{round(v + (255 - v) * amount):02x}" for v in rgb)


def readable(colour: str) -> str:
    """The colour, darkened just enough (towards black, hue kept) to read as text on white paper."""
    rgb = _rgb(colour)
    if rgb is None or max(rgb) - min(rgb) < GREYISH:
        return INK  # a grey has no hue to keep: plain ink reads best
    for step in range(21):
        shaded = "#" + "".join(f"{round(v * (1 - step / 20)):02x}" for v in rgb)
        if luminance(shaded) <= READABLE:
            return shaded
    return INK


@dataclass
class _Paint:
    """A painted element in paint order: where it lies on the art (a polygon) and what low ink made of it."""

    element: ET.Element
    parent: ET.Element
    tag: str
    outline: list[Point]  # the shape's outline in art coordinates (a text: its reference point)
    matrix: Matrix
    colour: str | None = None  # the original fill, when it is a colour
    field: _Paint | None = None  # what it was drawn on
    panel: bool = False  # something is drawn on it
    dark_field: bool = False  # a dark fill that low ink lightened: marks drawn on it take its colour
    kept_dark: bool = False  # a dark fill that low ink kept: light marks on it stay light


def _num(element: ET.Element, name: str) -> float:
    try:
        return float(element.get(name, "0").strip().removesuffix("pt").removesuffix("px"))
    except ValueError:
        return 0.0


def _outline(element: ET.Element, tag: str, m: Matrix) -> list[Point]:
    """The shape as a polygon in art coordinates, through every transform above it."""
    if tag == "rect":
        x, y, w, h = (_num(element, n) for n in ("x", "y", "width", "height"))
        local = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    elif tag in ("circle", "ellipse"):
        cx, cy = _num(element, "cx"), _num(element, "cy")
        rx = _num(element, "r") if tag == "circle" else _num(element, "rx")
        ry = _num(element, "r") if tag == "circle" else _num(element, "ry")
        local = [(cx + rx * math.cos(2 * math.pi * i / 32), cy + ry * math.sin(2 * math.pi * i / 32)) for i in range(32)]
    elif tag == "line":
        local = [(_num(element, "x1"), _num(element, "y1")), (_num(element, "x2"), _num(element, "y2"))]
    elif tag in ("polygon", "polyline"):
        nums = [float(v) for v in element.get("points", "").replace(",", " ").split()]
        local = list(zip(nums[0::2], nums[1::2], strict=False))
    else:  # a path, by the polygon of its points: near enough to find what lies under a mark
        local = path_points(element.get("d", ""))
    return [m.apply(x, y) for x, y in local]


def _text_point(element: ET.Element, m: Matrix) -> list[Point]:
    """Roughly the middle of a line of text: where its field is looked for."""
    size = _num(element, "font-size") or 10.0
    x, y = _num(element, "x"), _num(element, "y") - size * 0.35
    anchor = element.get("text-anchor", "start")
    x += {"start": size, "end": -size}.get(anchor, 0.0)
    return [m.apply(x, y)]


def _area(points: list[Point]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True))) / 2


def _inside(point: Point, polygon: list[Point]) -> bool:
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _centre(points: list[Point]) -> Point:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _painted(root: ET.Element) -> list[_Paint]:
    """Every drawn shape and text, in paint order (what svglib draws: <defs> and the like skipped)."""
    out: list[_Paint] = []

    def walk(element: ET.Element, parent: ET.Element, m: Matrix) -> None:
        tag = element.tag.split("}")[-1]
        if tag in _SKIP:
            return
        m = m @ parse_transform(element.get("transform"))
        if tag == "text":
            out.append(_Paint(element, parent, tag, _text_point(element, m), m))
            return
        if tag in _SHAPES:
            points = _outline(element, tag, m)
            if points:
                out.append(_Paint(element, parent, tag, points, m))
            return
        for child in list(element):
            walk(child, element, m)

    for child in list(root):
        walk(child, root, Matrix())
    for n, paint in enumerate(out):
        fill = paint.element.get("fill")
        if paint.tag != "text" and fill is not None and _rgb(fill) is not None:
            paint.colour = fill
        paint.field = _field(paint, out[:n])
        if paint.field is not None:
            paint.field.panel = True
    return out


def _covers_canvas(paint: _Paint, width: float, height: float) -> bool:
    """A full-bleed rect: over the whole art, bleed and all."""
    xs, ys = [p[0] for p in paint.outline], [p[1] for p in paint.outline]
    return paint.tag == "rect" and min(xs) <= 0.5 and min(ys) <= 0.5 and max(xs) >= width - 0.5 and max(ys) >= height - 0.5


def _is_field(paint: _Paint, width: float, height: float) -> bool:
    """The piece's field: a rect over the whole trim, or a round piece's disc reaching at least to its cut
    (whether it stops at the cut or runs on into the bleed)."""
    xs, ys = [p[0] for p in paint.outline], [p[1] for p in paint.outline]
    if paint.tag == "rect":
        return min(xs) <= BLEED + 0.5 and min(ys) <= BLEED + 0.5 and max(xs) >= width - BLEED - 0.5 and max(ys) >= height - BLEED - 0.5
    if paint.tag in ("circle", "ellipse"):
        cx, cy = _centre(paint.outline)
        r = min(max(xs) - min(xs), max(ys) - min(ys)) / 2
        # the outline is a 32-gon through the circle, so its extent is a hair under the diameter
        return abs(cx - width / 2) < 0.5 and abs(cy - height / 2) < 0.5 and r >= min(width, height) / 2 - BLEED - 0.5
    return False


def _field(paint: _Paint, earlier: list[_Paint]) -> _Paint | None:
    """The topmost filled shape drawn before this one under its middle: what it was drawn on."""
    point = _centre(paint.outline)
    for below in reversed(earlier):
        if below.colour is not None and len(below.outline) > 2 and _inside(point, below.outline):
            return below
    return None


def _fmt(v: float) -> str:
    return f"{round(v, 2):g}"


def _frame(paint: _Paint, colour: str, width: float, height: float) -> None:
    """The frame a lightened dark field leaves, inside the trim (a ring on a round piece)."""
    mid = BLEED + FRAME_IN + FRAME_W / 2
    attrs = {"fill": "none", "stroke": colour, "stroke-width": _fmt(FRAME_W)}
    if paint.tag == "rect":
        frame = ET.Element(f"{{{SVG_NS}}}rect", {"x": _fmt(mid), "y": _fmt(mid), "width": _fmt(width - 2 * mid), "height": _fmt(height - 2 * mid), "rx": _fmt(FRAME_RX), **attrs})
    else:
        frame = ET.Element(f"{{{SVG_NS}}}circle", {"cx": _fmt(width / 2), "cy": _fmt(height / 2), "r": _fmt(min(width, height) / 2 - mid), **attrs})
    paint.parent.insert(list(paint.parent).index(paint.element) + 1, frame)


def _light(colour: str | None) -> bool:
    return colour is not None and _rgb(colour) is not None and luminance(colour) >= LIGHT


def low_ink(svg: str) -> str:
    root = ET.fromstring(svg)
    box = [float(v) for v in root.get("viewBox", "0 0 0 0").replace(",", " ").split()]
    width, height = box[2], box[3]
    small_piece = max(width, height) - 2 * BLEED <= SMALL_PIECE_PT
    for paint in _painted(root):
        el, tag, field = paint.element, paint.tag, paint.field
        fill, stroke = el.get("fill"), el.get("stroke")
        if el.get(KEEP) == "keep" or (field is not None and field.kept_dark):
            # Kept as drawn, and so is whatever is drawn on a kept dark shape: a token's symbol, a pip's number.
            paint.kept_dark = paint.colour is not None and luminance(paint.colour) < DARK
            continue
        # What a paper-coloured mark on this element's field becomes: the field's colour when the field
        # was dark and is lightened (onto), ink otherwise. (A kept field keeps its marks, above.)
        onto = readable(field.colour) if field is not None and field.dark_field and field.colour else None
        if _light(stroke):
            el.set("stroke", onto or INK)  # a light outline drawn on a field that is now paper
        if tag == "text":
            if fill is not None and _rgb(fill) is not None and luminance(fill) > LIGHT_TEXT:
                el.set("fill", onto or INK)  # light text was meant for a dark field that is now light
            continue
        if paint.colour is None:
            continue
        lum = luminance(paint.colour)
        if lum < DARK and _is_field(paint, width, height):
            paint.kept_dark = small_piece  # a token's or disc's dark field is what it means: kept as drawn
            if not small_piece:
                el.set("fill", "#ffffff")  # a card's dark field goes; a frame of its colour stays
                paint.dark_field = True
                _frame(paint, paint.colour, width, height)
            continue
        if _covers_canvas(paint, width, height):
            el.set("fill", "#ffffff")  # no full-bleed fills
            continue
        small = _area(paint.outline) <= SMALL_MARK_PT2
        if lum >= LIGHT:
            if onto and paint.panel:
                if stroke in (None, "none"):  # a white panel on a dark field: white still, outlined
                    el.set("stroke", onto)
                    el.set("stroke-width", "1.2")
            elif onto and (stroke in (None, "none") or _light(stroke)):
                el.set("fill", onto)  # a paper-coloured mark on a dark field: now the field's colour on paper
                paint.kept_dark = True
            elif field is not None and field.colour and not field.kept_dark and luminance(field.colour) < LIGHT and stroke in (None, "none"):
                el.set("stroke", INK)  # a white shape on a coloured field now paper: outline it
                el.set("stroke-width", "1.2")
            continue
        if small:
            paint.kept_dark = lum < DARK  # a pip or dot keeps its solid fill: filled and hollow differ
            continue
        paint.dark_field = lum < DARK
        if stroke in (None, "none"):
            el.set("stroke", paint.colour)
            el.set("stroke-width", "1.2")
        el.set("fill", tint(paint.colour, TINT))
    return ET.tostring(root, encoding="unicode")

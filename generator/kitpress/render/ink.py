"""Low-ink art: the same drawing with no full-bleed fills, light tints instead of solid colour, outlines
kept, and text dark enough to read. A transform of the SVG, so every game gets it without code of its own."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
INK = "#1a1a1a"
TINT = 0.88  # how far towards white a solid fill goes
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
ET.register_namespace("ev", "http://www.w3.org/2001/xml-events")


def _rgb(colour: str) -> tuple[int, int, int] | None:
    c = colour.strip().lower()
    named = {"white": "#ffffff", "black": "#000000"}
    c = named.get(c, c)
    if c.startswith("#") and len(c) == 4:
        c = "#" + "".join(ch * 2 for ch in c[1:])
    if c.startswith("#") and len(c) == 7:
        return int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)
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


def _covers_canvas(element: ET.Element, width: float, height: float) -> bool:
    try:
        x, y = float(element.get("x", "0")), float(element.get("y", "0"))
        w, h = float(element.get("width", "0")), float(element.get("height", "0"))
    except ValueError:
        return False
    return x <= 0.5 and y <= 0.5 and x + w >= width - 0.5 and y + h >= height - 0.5


def low_ink(svg: str) -> str:
    root = ET.fromstring(svg)
    box = [float(v) for v in root.get("viewBox", "0 0 0 0").split()]
    width, height = box[2], box[3]
    for element in root.iter():
        tag = element.tag.split("}")[-1]
        stroke = element.get("stroke")
        if stroke and _rgb(stroke) is not None and luminance(stroke) > 0.9:
            element.set("stroke", INK)  # a white outline drawn on a dark field
        fill = element.get("fill")
        if fill is None or fill == "none" or _rgb(fill) is None:
            continue
        if tag == "text":
            if luminance(fill) > 0.35:  # light text was meant for a dark field that is now light
                element.set("fill", INK)
            continue
        if tag == "rect" and _covers_canvas(element, width, height):
            element.set("fill", "#ffffff")  # no full-bleed fills
            continue
        if luminance(fill) < 0.9:
            if element.get("stroke") in (None, "none"):
                element.set("stroke", fill)
                element.set("stroke-width", "1.2")
            element.set("fill", tint(fill, TINT))
        elif tag == "circle" and float(element.get("r", "99")) <= 12:
            element.set("fill", INK)  # small white marks (pips, dots) keep their meaning as dark dots
        elif element.get("stroke") in (None, "none"):
            # A white shape drawn on a coloured field would vanish on white paper: outline it.
            element.set("stroke", INK)
            element.set("stroke-width", "1.2")
    return ET.tostring(root, encoding="unicode")

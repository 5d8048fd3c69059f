"""Read an Art's SVG into drawn items placed in art coordinates (points from the top-left bleed corner).

Each item keeps its paint order, its bounding box after every `transform` above it, and the style it
inherits (fill, stroke, font), so the checks can measure text and icons against the trim and safe zone
without rendering. Only what svglib draws is read: <defs>, clip paths and other non-rendered
containers are skipped, <use> is followed.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field

from kitpress.pieces import Art

Box = tuple[float, float, float, float]  # x0, y0, x1, y1

_SKIP = {"defs", "clipPath", "mask", "pattern", "symbol", "marker", "title", "desc", "metadata", "style", "linearGradient", "radialGradient"}
_SHAPES = {"rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "image"}
INHERITED = ("fill", "stroke", "stroke-width", "font-family", "font-size", "font-weight", "font-style", "text-anchor", "display", "visibility", "data-under")  # data-under: lint.fit, rule W8
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


@dataclass(frozen=True)
class Matrix:
    """An SVG affine transform [a c e; b d f]."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def __matmul__(self, other: Matrix) -> Matrix:
        return Matrix(
            self.a * other.a + self.c * other.b, self.b * other.a + self.d * other.b,
            self.a * other.c + self.c * other.d, self.b * other.c + self.d * other.d,
            self.a * other.e + self.c * other.f + self.e, self.b * other.e + self.d * other.f + self.f,
        )  # fmt: skip

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f

    def scale(self) -> float:
        """The linear scale factor (sizes of text and strokes grow by this much)."""
        return math.sqrt(abs(self.a * self.d - self.b * self.c))

    def axis_aligned(self) -> bool:
        return (abs(self.b) < 1e-9 and abs(self.c) < 1e-9) or (abs(self.a) < 1e-9 and abs(self.d) < 1e-9)

    def box(self, box: Box) -> Box:
        x0, y0, x1, y1 = box
        pts = [self.apply(x, y) for x in (x0, x1) for y in (y0, y1)]
        return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)


def parse_transform(value: str | None) -> Matrix:
    out = Matrix()
    if not value:
        return out
    for name, args in re.findall(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)", value):
        v = [float(n) for n in _NUMBER.findall(args)]
        if name == "matrix" and len(v) == 6:
            m = Matrix(*v)
        elif name == "translate":
            m = Matrix(e=v[0], f=v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            m = Matrix(a=v[0], d=v[1] if len(v) > 1 else v[0])
        elif name == "rotate":
            t = math.radians(v[0])
            cos, sin = math.cos(t), math.sin(t)
            m = Matrix(cos, sin, -sin, cos)
            if len(v) == 3:
                m = Matrix(e=v[1], f=v[2]) @ m @ Matrix(e=-v[1], f=-v[2])
        elif name == "skewX":
            m = Matrix(c=math.tan(math.radians(v[0])))
        elif name == "skewY":
            m = Matrix(b=math.tan(math.radians(v[0])))
        else:
            continue
        out = out @ m
    return out


@dataclass(frozen=True)
class Item:
    """One drawn element: a shape or a run of text, in paint order."""

    order: int
    tag: str
    box: Box  # in art coordinates, strokes included
    style: dict[str, str]
    matrix: Matrix
    text: str = ""
    x: float = 0.0  # text: the anchor point in the element's own coordinates
    y: float = 0.0
    geometry: dict[str, float] = field(default_factory=dict)  # rect x/y/w/h, circle cx/cy/r (own coordinates)

    @property
    def painted(self) -> bool:
        fill, stroke = self.style.get("fill", "black"), self.style.get("stroke", "none")
        return fill not in ("none", "transparent") or stroke not in ("none", "transparent")

    @property
    def filled(self) -> bool:
        return self.style.get("fill", "black") not in ("none", "transparent")


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _num(element: ET.Element, name: str, default: float = 0.0) -> float:
    raw = element.get(name)
    if raw is None:
        return default
    found = _NUMBER.match(raw.strip())
    return float(found.group()) if found else default


def _style(element: ET.Element, inherited: dict[str, str]) -> dict[str, str]:
    style = dict(inherited)
    for key in INHERITED:
        if element.get(key) is not None:
            style[key] = element.get(key, "")
    for declaration in (element.get("style") or "").split(";"):
        if ":" in declaration:
            key, value = (part.strip() for part in declaration.split(":", 1))
            style[key] = value
    return style


def _points(raw: str) -> list[tuple[float, float]]:
    nums = [float(n) for n in _NUMBER.findall(raw)]
    return list(zip(nums[0::2], nums[1::2], strict=False))


def path_points(d: str) -> list[tuple[float, float]]:
    """End and control points of a path (its bounding box contains the path; arcs by their ends)."""
    tokens = re.findall(r"[MmLlHhVvCcSsQqTtAaZz]|" + _NUMBER.pattern, d)
    pts: list[tuple[float, float]] = []
    x = y = sx = sy = 0.0
    cmd = ""
    i = 0
    sizes = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                x, y = sx, sy
                continue
        if not cmd:
            break
        n = sizes[cmd.upper()]
        args = [float(t) for t in tokens[i : i + n]]
        i += n
        if len(args) < n:
            break
        rel = cmd.islower()
        up = cmd.upper()
        if up == "H":
            x = args[0] + (x if rel else 0)
        elif up == "V":
            y = args[0] + (y if rel else 0)
        elif up == "A":
            x, y = args[5] + (x if rel else 0), args[6] + (y if rel else 0)
        else:
            for j in range(0, n - 2, 2):
                pts.append((args[j] + (x if rel else 0), args[j + 1] + (y if rel else 0)))
            x, y = args[n - 2] + (x if rel else 0), args[n - 1] + (y if rel else 0)
        pts.append((x, y))
        if up == "M":
            sx, sy = x, y
            cmd = "l" if rel else "L"  # further pairs after a moveto are linetos
    return pts


def _shape_box(element: ET.Element, tag: str) -> tuple[Box | None, dict[str, float]]:
    if tag in ("rect", "image"):
        x, y, w, h = _num(element, "x"), _num(element, "y"), _num(element, "width"), _num(element, "height")
        return (x, y, x + w, y + h), {"x": x, "y": y, "w": w, "h": h}
    if tag == "circle":
        cx, cy, r = _num(element, "cx"), _num(element, "cy"), _num(element, "r")
        return (cx - r, cy - r, cx + r, cy + r), {"cx": cx, "cy": cy, "rx": r, "ry": r}
    if tag == "ellipse":
        cx, cy, rx, ry = _num(element, "cx"), _num(element, "cy"), _num(element, "rx"), _num(element, "ry")
        return (cx - rx, cy - ry, cx + rx, cy + ry), {"cx": cx, "cy": cy, "rx": rx, "ry": ry}
    if tag == "line":
        xs, ys = (_num(element, "x1"), _num(element, "x2")), (_num(element, "y1"), _num(element, "y2"))
        return (min(xs), min(ys), max(xs), max(ys)), {}
    pts = _points(element.get("points", "")) if tag in ("polyline", "polygon") else path_points(element.get("d", ""))
    if not pts:
        return None, {}
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)), {}


def _text_runs(element: ET.Element, style: dict[str, str]) -> Iterator[tuple[str, float, float, dict[str, str]]]:
    """(content, x, y, style) for a <text>: its own text and unpositioned tspans as one run, positioned tspans apart."""
    x, y = _num(element, "x"), _num(element, "y")
    parts = [element.text or ""]
    for child in element:
        if _local(child.tag) != "tspan":
            continue
        child_style = _style(child, style)
        if child.get("x") is not None or child.get("y") is not None:
            yield from _text_runs(child, child_style)
        else:
            parts.append("".join(child.itertext()))
        parts.append(child.tail or "")
    content = " ".join("".join(parts).split())  # svglib collapses white space like this
    if content:
        yield content, x, y, style


def art_matrix(root: ET.Element, art: Art) -> Matrix:
    """From the root's user units to art points: viewBox scaled onto trim + 2 × bleed."""
    width, height = art.trim_w + 2 * art.bleed, art.trim_h + 2 * art.bleed
    box = [float(v) for v in _NUMBER.findall(root.get("viewBox", ""))]
    if len(box) == 4 and box[2] > 0 and box[3] > 0:
        return Matrix(a=width / box[2], d=height / box[3]) @ Matrix(e=-box[0], f=-box[1])
    return Matrix()


def scan(art: Art) -> list[Item]:
    """Every drawn element of the art, in paint order."""
    root = ET.fromstring(art.svg)
    ids = {el.get("id"): el for el in root.iter() if el.get("id")}
    items: list[Item] = []

    def walk(element: ET.Element, matrix: Matrix, inherited: dict[str, str], depth: int) -> None:
        tag = _local(element.tag)
        if tag in _SKIP or depth > 32:
            return
        style = _style(element, inherited)
        if style.get("display") == "none":
            return
        matrix = matrix @ parse_transform(element.get("transform"))
        if tag == "use":
            href = element.get("{http://www.w3.org/1999/xlink}href") or element.get("href") or ""
            target = ids.get(href.lstrip("#"))
            if target is not None:
                walk(target, matrix @ Matrix(e=_num(element, "x"), f=_num(element, "y")), style, depth + 1)
            return
        if tag == "text":
            for content, x, y, run_style in _text_runs(element, style):
                items.append(Item(len(items), "text", (x, y, x, y), run_style, matrix, content, x, y))
            return
        if tag in _SHAPES:
            box, geometry = _shape_box(element, tag)
            if box is not None:
                pad = 0.0
                if style.get("stroke", "none") not in ("none", "transparent"):
                    found = _NUMBER.match(style.get("stroke-width", "1").strip())
                    pad = (float(found.group()) if found else 1.0) / 2
                local = (box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad)
                items.append(Item(len(items), tag, matrix.box(local), style, matrix, geometry=geometry))
            return
        for child in element:
            walk(child, matrix, style, depth + 1)

    walk(root, art_matrix(root, art), {}, 0)
    return items

"""A fast reader for the SVG kitpress's own art writes: the ReportLab drawing svglib's `svg2rlg` makes of
it, built straight from the lxml tree.

svglib wraps every node for CSS matching, looks each style property up through the ancestors one node at a
time and checks every assignment as it makes it; reading a kit's art that way is a tenth of a cold build.
The art uses a handful of elements, attributes and values. For those this reader makes the same objects,
in the same order, with the same values as svglib (tests/test_svgread.py draws both into PDFs and compares
the bytes). Anything else it meets (an element, attribute or value whose reading it does not reproduce
exactly) makes `read` return None, and the caller reads the SVG with svglib.
"""

from __future__ import annotations

import re
from typing import Any

from lxml import etree
from reportlab import rl_config
from reportlab.graphics.shapes import (
    STATE_DEFAULTS,
    Circle,
    Drawing,
    Ellipse,
    Group,
    Line,
    Polygon,
    PolyLine,
    Rect,
    Shape,
    String,
)
from reportlab.graphics.transform import mmult
from reportlab.lib import colors
from reportlab.lib.attrmap import AttrMap
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO
from svglib.fonts import find_font

_SVG = "{http://www.w3.org/2000/svg}"
_PX_TO_PT = 0.75  # svglib's user unit: a CSS pixel, 3/4 of a point
_PT = 96 / 72  # a length in pt, in user units (svglib multiplies by this constant, not by 96 then / 72)

# The properties svglib looks up through the ancestors (its findAttr) when it styles a shape.
_STYLE = frozenset(
    (
        "fill",
        "fill-opacity",
        "fill-rule",
        "stroke",
        "stroke-width",
        "stroke-opacity",
        "stroke-linejoin",
        "stroke-linecap",
        "stroke-dasharray",
        "font-family",
        "font-size",
        "font-weight",
        "font-style",
        "text-anchor",
    )
)
# Each element's own attributes besides those (and `data-*`, which svglib never reads).
_OWN = {
    "g": frozenset(("transform",)),
    "rect": frozenset(("x", "y", "width", "height", "rx", "ry", "transform")),
    "circle": frozenset(("cx", "cy", "r", "transform")),
    "ellipse": frozenset(("cx", "cy", "rx", "ry", "transform")),
    "line": frozenset(("x1", "y1", "x2", "y2", "transform")),
    "polygon": frozenset(("points", "transform")),
    "polyline": frozenset(("points", "transform")),
    "text": frozenset(("x", "y", "transform")),
}
_ROOT = frozenset(("width", "height", "viewBox", "version", "baseProfile"))

_HEX6 = re.compile(r"#[0-9A-Fa-f]{6}")
_HEX3 = re.compile(r"#[0-9A-Fa-f]{3}")
_FAMILY = re.compile(r"[A-Za-z0-9_-]+(?: [A-Za-z0-9_-]+)*")  # one family, no quotes, no commas
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_CALL = re.compile(r"[ \t\r\n]*([A-Za-z]+)[ \t\r\n]*\(([^()]*)\)[ \t\r\n]*,?")
_SEPARATOR = re.compile(r"[ \t\r\n,]+")
_DASHES = re.compile(r"[0-9eE.+\-, ]+")
_FILL_RULES = {"nonzero": FILL_NON_ZERO, "evenodd": FILL_EVEN_ODD}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
_CAPS = {"butt": 0, "round": 1, "square": 2}


class _Unsupported(Exception):
    """Something whose reading this module does not reproduce exactly: svglib reads the SVG instead."""


# The releases whose readings this reader was compared with (tests/test_svgread.py): with any other
# svglib or ReportLab, which may read or build a shape differently, svglib reads every SVG itself.
CHECKED = {"svglib": "2.3.", "reportlab": "5.1."}


def _checked() -> bool:
    import reportlab
    import svglib

    return svglib.__version__.startswith(CHECKED["svglib"]) and reportlab.Version.startswith(CHECKED["reportlab"])


def read(svg: str) -> Drawing | None:
    """The drawing svglib's svg2rlg makes of `svg`, or None if the SVG uses anything this reader does not
    reproduce exactly, or the libraries are not the releases it was checked with (the caller then reads
    it with svglib)."""
    # svglib's assignments are checked ones: this reader keeps what the checks let through
    if not rl_config.shapeChecking or not _checked():
        return None
    try:
        root = etree.fromstring(svg.encode("utf-8"), etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError:
        return None
    docinfo = root.getroottree().docinfo
    if docinfo.doctype or docinfo.internalDTD is not None:  # entities: svglib's parser keeps them unresolved
        return None
    try:
        return _Reader().drawing(root)
    except _Unsupported:
        return None


class _Reader:
    def __init__(self) -> None:
        self.made = _prototypes()

    def drawing(self, root: Any) -> Drawing:
        if root.tag != _SVG + "svg":
            raise _Unsupported
        style = _styled({}, root, _ROOT)
        box = _view_box(root.get("viewBox", ""))
        width = _length(root.get("width", ""), box[2])  # svglib sizes a drawing without them by its viewBox
        height = _length(root.get("height", ""), box[3])

        group = Group()
        self.children(root, group, style)
        # svglib scales the viewBox into the width and height (preserveAspectRatio's default, xMidYMid meet)
        # and flips y: each step a Group method, so the floats come out as its.
        x_scale = width * _PX_TO_PT / box[2] if box[2] else 1
        y_scale = height * _PX_TO_PT / box[3] if box[3] else 1
        scale = min(x_scale, y_scale)
        dx = (width * _PX_TO_PT - box[2] * scale) / 2
        dy = (height * _PX_TO_PT - box[3] * scale) / 2
        if dx or dy:
            group.translate(dx, dy)
        group.scale(scale, scale * -1)
        group.translate(0 - box[0], -box[3] - box[1])
        drawing = Drawing(width * _PX_TO_PT, height * _PX_TO_PT)
        drawing.add(group)
        return drawing

    def children(self, element: Any, group: Group, style: dict[str, str]) -> None:
        for child in element:
            tag = child.tag
            if not isinstance(tag, str) or not tag.startswith(_SVG):  # comments, entities, other namespaces
                raise _Unsupported
            name = tag[len(_SVG) :]
            if name == "defs":
                # svglib renders a defs' content as definitions only; an empty one adds nothing
                if len(child) or child.attrib:
                    raise _Unsupported
                continue
            own = _OWN.get(name)
            if own is None:
                raise _Unsupported
            child_style = _styled(style, child, own)
            transform = child.get("transform", "")
            if name == "g":
                inner = Group()
                self.children(child, inner, child_style)
                if transform:
                    _transform(inner, transform)
                group.contents.append(inner)
                continue
            if len(child):
                raise _Unsupported  # tspans, and anything inside a shape
            shape = self.shape(name, child, child_style)
            if transform:
                # svglib puts a shape with its own transform in a group and multiplies the transforms
                if not isinstance(shape, Group):
                    wrapper = Group()
                    wrapper.add(shape)
                    shape = wrapper
                moved = Group()
                _transform(moved, transform)
                shape.transform = mmult(moved.transform, shape.transform)
            group.contents.append(shape)

    def shape(self, name: str, element: Any, style: dict[str, str]) -> Shape:
        get = element.get
        if name == "rect":
            x, y, width, height, rx, ry = (
                _length(get(a, ""), 0.0) for a in ("x", "y", "width", "height", "rx", "ry")
            )
            # svglib clamps the corner radii to half the sides and lets one stand for both
            if rx > width / 2:
                rx = width / 2
            if ry > height / 2:
                ry = height / 2
            if rx and not ry:
                ry = rx
            elif ry and not rx:
                rx = ry
            return self.painted(Rect, style, x=x, y=y, width=width, height=height, rx=rx, ry=ry)
        if name == "circle":
            cx, cy, r = (_length(get(a, ""), 0.0) for a in ("cx", "cy", "r"))
            return self.painted(Circle, style, cx=cx, cy=cy, r=r)
        if name == "ellipse":
            cx, cy, rx, ry = (_length(get(a, ""), 0.0) for a in ("cx", "cy", "rx", "ry"))
            return self.painted(Ellipse, style, cx=cx, cy=cy, rx=rx, ry=ry)
        if name == "line":
            ends = [_length(get(a, ""), 0.0) for a in ("x1", "y1", "x2", "y2")]
            _nudge(ends)
            x1, y1, x2, y2 = ends
            return self.painted(Line, style, x1=x1, y1=y1, x2=x2, y2=y2)
        if name == "polygon":
            return self.painted(Polygon, style, points=_points(get("points", "")))
        if name == "polyline":
            points = _points(get("points", ""))
            line = self.painted(PolyLine, style, points=points)
            if style.get("fill", "none") == "none":
                return line
            # ReportLab never fills a polyline: svglib puts a filled, unstroked polygon of it underneath
            under = self.painted(Polygon, style, points=points)
            _put(under, "strokeColor", None)
            return _group([under, line], _IDENTITY)
        return self.text(element, style)

    def text(self, element: Any, style: dict[str, str]) -> Group:
        # svglib sets each text as a String in a group flipped back upright; without tspans a text is one
        # String at its x and y (after svglib's additions of zero offsets, kept for their effect on -0.0).
        # The font, size and position are read even for an empty text, as svglib reads them.
        font = _font(
            style.get("font-family", "Helvetica"),
            style.get("font-weight", "normal"),
            style.get("font-style", "normal"),
        )
        _length(style.get("font-size", "12pt"), None)
        x = _length(element.get("x", ""), 0.0) + 0.0
        y = _length(element.get("y", ""), 0.0) + 0.0
        content = _collapsed(element.text) if element.text else None
        strings: list[Shape] = []
        if content:
            strings.append(self.painted(String, style, x=x, y=-(y - 0.0), text=content, font=font))
        return _group(strings, tuple([*_FLIP]))  # a tuple of its own, as each of svglib's groups has

    def painted(
        self, kind: type[Shape], style: dict[str, str], font: str | None = None, **geometry: Any
    ) -> Shape:
        """A shape of `kind` as its constructor makes it with `geometry`, styled as svglib styles it."""
        key = (kind, font, tuple(style.items()))
        plan = _PAINTED.get(key)
        if plan is None:
            plan = _plan(self.made[kind], kind, style, font)
            if len(_PAINTED) >= _KEPT:
                _PAINTED.clear()
            _PAINTED[key] = plan
        state, fresh = plan
        shape = kind.__new__(kind)
        own = shape.__dict__
        own.update(state)
        own.update(geometry)
        # svglib makes each shape its own colours (it sets their alpha) and dash lists, reads the anchor from
        # the SVG and asks the font map for the font for each: copies, and this text's own font name, keep the
        # drawing (pickled by tests that compare it) byte for byte svglib's
        for name in fresh:
            value = own[name]
            if name == "fontName":
                own[name] = font
            elif isinstance(value, list):
                own[name] = value[:]
            elif isinstance(value, str):
                own[name] = value.encode().decode()
            else:
                copied = value.__class__.__new__(value.__class__)
                copied.__dict__.update(value.__dict__)
                own[name] = copied
        return shape


# A styled shape's attributes depend only on its kind, font and style properties: the art has a few hundred
# such styles for some ten thousand shapes, so each is worked out once and copied.
_PAINTED: dict[tuple[Any, ...], tuple[dict[str, Any], tuple[str, ...]]] = {}
_KEPT = 5000


def _plan(
    made: dict[str, Any], kind: type[Shape], style: dict[str, str], font: str | None
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The attributes of a shape of `kind` styled with `style` (its geometry as the constructor's defaults),
    and which of them every shape must have its own copy of."""
    shape = kind.__new__(kind)
    state = shape.__dict__
    state.update(made)
    _put(shape, "fillColor", _color(style.get("fill", "black")))
    _put(shape, "fillOpacity", _opacity(style.get("fill-opacity"), state.get("fillColor")))
    _put(shape, "fillMode", _choice(_FILL_RULES, style.get("fill-rule", "nonzero")))
    _put(shape, "strokeColor", _color(style.get("stroke", "none")))
    _put(shape, "strokeWidth", _length(style.get("stroke-width", "1"), None))
    _put(shape, "strokeOpacity", _opacity(style.get("stroke-opacity"), state.get("strokeColor")))
    # svglib's defaults for joins, caps and dashes are values its converters reject: nothing is set
    if "stroke-linejoin" in style:
        _put(shape, "strokeLineJoin", _choice(_JOINS, style["stroke-linejoin"]))
    if "stroke-linecap" in style:
        _put(shape, "strokeLineCap", _choice(_CAPS, style["stroke-linecap"]))
    dashes = style.get("stroke-dasharray", "none")
    if dashes != "none":
        _put(shape, "strokeDashArray", _dashes(dashes))
    if kind is String:
        _put(shape, "fontName", font)
        _put(shape, "fontSize", _length(style.get("font-size", "12pt"), None))
        _put(shape, "textAnchor", style.get("text-anchor", "start"))
    fill = state.get("fillColor")
    if state.get("fillOpacity") is not None and fill:
        fill.alpha = state["fillOpacity"]
    if state.get("strokeWidth") == 0:  # svglib drops a zero-width stroke (PDF draws it a device pixel wide)
        _put(shape, "strokeColor", None)
    fresh = tuple(
        name
        for name, value in state.items()
        if (isinstance(value, (colors.Color, list)) and value is not made.get(name))
        or (name == "textAnchor" and value is style.get("text-anchor"))
        or (name == "fontName" and value is font)
    )
    return dict(state), fresh


# Attributes as each shape's constructor leaves them, taken from the constructors themselves (made again
# should ReportLab's defaults for new shapes change).
_MADE: dict[type[Shape], dict[str, Any]] = {}
_MADE_FROM: list[tuple[str, Any]] = []
_IDENTITY = Group().transform
_flipped = Group()
_flipped.scale(1, -1)
_FLIP = _flipped.transform


def _prototypes() -> dict[type[Shape], dict[str, Any]]:
    defaults = list(dict.items(STATE_DEFAULTS))
    if defaults != _MADE_FROM:
        made: list[Shape] = [
            Rect(0, 0, 0, 0),
            Circle(0, 0, 0),
            Ellipse(0, 0, 0, 0),
            Line(0, 0, 0, 0),
            Polygon([0, 0]),
            PolyLine([0, 0]),
            String(0, 0, ""),
        ]
        _MADE.clear()
        _PAINTED.clear()
        _MADE.update((type(shape), dict(shape.__dict__)) for shape in made)
        _MADE_FROM[:] = defaults
    return _MADE


def _group(contents: list[Shape], transform: tuple[float, ...]) -> Group:
    """A Group as `Group()` makes it, holding `contents`, its transform set to `transform`."""
    group = Group.__new__(Group)
    group.__dict__.update(_attrMap=Group._attrMap.clone(), contents=contents, transform=transform)
    return group


def _put(shape: Shape, name: str, value: Any) -> None:
    """Set an attribute as svglib does: through ReportLab's checked assignment, skipping what it refuses."""
    attribute_map: AttrMap = shape._attrMap
    checked = attribute_map.get(name)
    if checked is None:  # not an attribute of this shape: svglib's assignment raises and it goes on
        return
    try:
        valid = checked.validate(value)
    except Exception as exc:  # a checker that raises: svglib may or may not carry on
        raise _Unsupported from exc
    if valid:
        shape.__dict__[name] = value


def _styled(inherited: dict[str, str], element: Any, own: frozenset[str]) -> dict[str, str]:
    """The style properties in force on `element`: its own where set (not empty, not "inherit"), else its
    parent's, as svglib finds each one. Anything but the known attributes falls back to svglib."""
    style = inherited
    for key, raw in element.items():
        if key in _STYLE:
            value = raw.strip()
            if value and value != "inherit":
                if "!" in value:  # "!important": svglib strips it from some readings and not others
                    raise _Unsupported
                if style is inherited:
                    style = dict(inherited)
                style[key] = value
        elif key not in own and not key.startswith("data-"):
            raise _Unsupported
    return style


def _length(raw: str, default: float | None) -> float:
    """A single length in user units, as svglib converts it; `default` for an empty one."""
    try:
        # A plain number first: Python's float takes no comma or inner space, and no unit of svglib's ends
        # a number it reads, so svglib reads the same number (its unit checks come first)
        return float(raw)
    except ValueError:
        pass
    text = raw.replace(",", " ").strip()
    if not text:
        if default is None:
            raise _Unsupported
        return default
    if " " in text:  # a list of lengths
        raise _Unsupported
    try:
        return float(text)  # a number between commas
    except ValueError:
        pass
    try:
        if text.endswith("pt"):
            return float(text[:-2]) * _PT
        if text.endswith("px"):
            return float(text[:-2])
    except ValueError:
        pass
    raise _Unsupported


def _view_box(raw: str) -> tuple[float, float, float, float]:
    values = raw.replace(",", " ").split()
    if len(values) != 4:
        raise _Unsupported
    try:
        x, y, width, height = (float(v) for v in values)
    except ValueError:
        raise _Unsupported from None
    return x, y, width, height


def _points(raw: str) -> list[float]:
    points = [_length(token, None) for token in raw.replace(",", " ").split()]
    if not points or len(points) % 2:
        raise _Unsupported  # svglib drops the shape
    _nudge(points)
    return points


def _nudge(points: list[float]) -> None:
    """svglib moves the first point a hair when all the points coincide (ReportLab skips empty shapes)."""
    if len(points) >= 4 and all(
        points[i] == points[0] and points[i + 1] == points[1] for i in range(2, len(points) - 1, 2)
    ):
        points[0] *= 1.0000001


def _dashes(raw: str) -> list[float]:
    if not _DASHES.fullmatch(raw):
        raise _Unsupported
    dashes = [_length(token, None) for token in raw.replace(",", " ").split()]
    if not dashes:
        raise _Unsupported
    return dashes


def _color(raw: str) -> colors.Color | None:
    if raw == "none":
        return None
    if _HEX6.fullmatch(raw):
        return colors.HexColor(raw, hasAlpha=False)
    if _HEX3.fullmatch(raw):
        return colors.HexColor("#" + 2 * raw[1] + 2 * raw[2] + 2 * raw[3])
    if raw == "black":  # svglib's default fill: not a CSS colour to ReportLab, so its named colour's copy
        parsed = colors.cssParse(raw)
        return colors.black.clone() if parsed is None else parsed
    raise _Unsupported


def _opacity(raw: str | None, color: colors.Color | None) -> float:
    if raw is None:
        # svglib's default: the colour's own alpha, if it has one
        alpha = color.alpha if color is not None and getattr(color, "alpha", 1) != 1 else 1
        return float(alpha)
    try:
        return float(raw)
    except ValueError:
        raise _Unsupported from None


def _choice(choices: dict[str, int], raw: str) -> int:
    if raw not in choices:
        raise _Unsupported
    return choices[raw]


def _font(family: str, weight: str, style: str) -> str:
    """The ReportLab font svglib sets a text in: for a single family name, the font svglib's font map holds
    for it exactly (a registered or standard font); anything else, svglib decides."""
    if not _FAMILY.fullmatch(family) or weight not in ("normal", "bold") or style not in ("normal", "italic"):
        raise _Unsupported
    name, exact = find_font(family, weight, style)
    if not exact:
        raise _Unsupported
    return name


def _collapsed(text: str) -> str:
    """A text's content as svglib sets it: line breaks and tabs as spaces, trimmed, runs of spaces as one."""
    text = text.replace("\r\n", " ").replace("\n", " ").replace("\t", " ").strip()
    return re.sub(" {2,}", " ", text)


def _transform(group: Group, raw: str) -> None:
    """Apply an SVG transform list to `group` with the Group methods svglib uses, in its order."""
    position = 0
    while position < len(raw):
        call = _CALL.match(raw, position)
        if call is None:
            if raw[position:].strip(" \t\r\n"):
                raise _Unsupported
            return
        position = call.end()
        name, inner = call.group(1), call.group(2).strip(" \t\r\n")
        parts = _SEPARATOR.split(inner) if inner else []
        if not parts or not all(_NUMBER.fullmatch(p) for p in parts):
            raise _Unsupported
        values = [float(p) for p in parts]
        if name == "translate" and len(values) in (1, 2):
            group.translate(values[0], values[1] if len(values) == 2 else 0)
        elif name == "scale" and len(values) in (1, 2):
            group.scale(values[0], values[-1])
        elif name == "rotate" and len(values) == 1:
            group.rotate(values[0])
        elif name == "rotate" and len(values) == 3:
            angle, cx, cy = values
            group.translate(cx, cy)
            group.rotate(angle)
            group.translate(-cx, -cy)
        elif name == "matrix" and len(values) == 6:
            group.transform = mmult(group.transform, tuple(values))
        else:  # skews, and argument counts svglib ignores or fails on
            raise _Unsupported

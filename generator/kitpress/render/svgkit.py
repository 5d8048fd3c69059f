"""Small drawing helpers over svgwrite shared by every game's renderer; all sizes in points."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import svgwrite
from svgwrite.container import Group

from kitpress import fonts

INK = "#1a1a1a"
PAPER = "#ffffff"
GREY = "#777777"


def drawing(width: float, height: float) -> svgwrite.Drawing:
    """A drawing whose user unit is the point."""
    dwg = svgwrite.Drawing(size=(f"{width:g}pt", f"{height:g}pt"), viewBox=f"0 0 {width:g} {height:g}", debug=False)
    return dwg


def text(
    parent: svgwrite.Drawing | Group,
    dwg: svgwrite.Drawing,
    x: float,
    y: float,
    content: str,
    size: float,
    *,
    bold: bool = False,
    anchor: str = "middle",
    fill: str = INK,
    condensed: bool = False,
    italic: bool = False,
) -> None:
    """Text on a baseline at y; svgwrite escapes the content, so spec text can never become markup."""
    attrs = {
        "insert": (round(x, 2), round(y, 2)),
        "font_family": fonts.CONDENSED if condensed else fonts.FAMILY,
        "font_size": f"{size:g}",
        "text_anchor": anchor,
        "fill": fill,
    }
    if bold or condensed:
        attrs["font_weight"] = "bold"
    if italic:
        attrs["font_style"] = "italic"
    parent.add(dwg.text(content, **attrs))


# While `shrinks()` is open: every text fit_size set smaller than it was designed, for the preflight
# to tell the designer (a label made longer is otherwise shrunk silently).
_SHRUNK: ContextVar[list[tuple[str, float, float]] | None] = ContextVar("kitpress_shrunk", default=None)


@contextmanager
def shrinks() -> Iterator[list[tuple[str, float, float]]]:
    """Collect (text, designed size, size set) for each text fit_size shrinks inside the block."""
    found: list[tuple[str, float, float]] = []
    token = _SHRUNK.set(found)
    try:
        yield found
    finally:
        _SHRUNK.reset(token)


def fit_size(content: str, width: float, size: float, *, bold: bool = False, minimum: float = 7.0) -> float:
    """The largest size up to `size` at which `content` fits `width`, never below `minimum`."""
    style = "bold" if bold else "regular"
    designed = size
    while size > minimum and fonts.text_width(content, size, style) > width:
        size -= 0.5
    shrunk = _SHRUNK.get()
    if shrunk is not None and size < designed:
        shrunk.append((content, designed, size))
    return size


OPERATORS = frozenset("=+−×÷<>≤≥≠")


def wrap(content: str, width: float, size: float, *, bold: bool = False) -> list[str]:
    """Greedy word wrap by the font's real metrics, never inside an equation: an operator standing alone
    ("7 + 1 = 8", "Δ = |…|") keeps the words on both sides on its line (lint rule W3)."""
    style = "bold" if bold else "regular"
    lines: list[str] = []
    current = ""
    units: list[str] = []
    for word in content.split():
        if units and (word in OPERATORS or units[-1].rsplit(" ", 1)[-1] in OPERATORS):
            units[-1] = f"{units[-1]} {word}"
        else:
            units.append(word)
    for word in units:
        trial = f"{current} {word}".strip()
        if current and fonts.text_width(trial, size, style) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def paragraph(
    parent: svgwrite.Drawing | Group,
    dwg: svgwrite.Drawing,
    x: float,
    y: float,
    content: str,
    width: float,
    size: float,
    *,
    leading: float = 1.25,
    bold: bool = False,
    anchor: str = "start",
    fill: str = INK,
) -> float:
    """Wrapped text from baseline y; returns the baseline after the last line."""
    for line in wrap(content, width, size, bold=bold):
        text(parent, dwg, x, y, line, size, bold=bold, anchor=anchor, fill=fill)
        y += size * leading
    return y


def polygon(dwg: svgwrite.Drawing, points: Iterable[tuple[float, float]], **attrs: str | float) -> svgwrite.shapes.Polygon:
    return dwg.polygon([(round(px, 2), round(py, 2)) for px, py in points], **attrs)


def arrow(dwg: svgwrite.Drawing, cx: float, cy: float, length: float, thickness: float, direction: int, **attrs: str | float) -> svgwrite.shapes.Polygon:
    """A block arrow centred on (cx, cy) pointing right (direction 1) or left (-1)."""
    half, head = length / 2, thickness * 1.1
    shaft = thickness / 2
    d = direction
    pts = [
        (cx - d * half, cy - shaft), (cx + d * (half - head), cy - shaft), (cx + d * (half - head), cy - thickness),
        (cx + d * half, cy), (cx + d * (half - head), cy + thickness), (cx + d * (half - head), cy + shaft),
        (cx - d * half, cy + shaft),
    ]  # fmt: skip
    return polygon(dwg, pts, **attrs)


def to_string(dwg: svgwrite.Drawing) -> str:
    return str(dwg.tostring())

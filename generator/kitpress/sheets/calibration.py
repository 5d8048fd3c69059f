"""A two-page calibration sheet for duplex printers: print it double-sided, hold it to the light, read
where the back's long cross meets the front's millimetre rulers, and pass that as --back-offset. A
100 mm line on each side shows whether the printer scaled the page ("fit to page"). An arrow off the
centre, outlined on the front and solid on the back, shows a wrong flip or a stack turned the wrong
way: the back's arrow then lands in another quarter of the sheet or points down. Printed first in the
card-stock job too, as the one proof sheet to print before the rest.

`calibration_layout` is the geometry (points, origin lower-left, each page in its own coordinates);
`calibration_pdf` draws it. Everything stays inside the sheet's unprintable band."""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from kitpress import fonts
from kitpress.pieces import PT_PER_MM
from kitpress.sheets.geometry import EDGE_BAND, Mark, sheet_size
from kitpress.sheets.pdf import DUPLEX_NAMES

SCALE_MM = 10  # the rulers read -10 … +10 mm: a drift of 5 mm with up to 5 mm of offset already in use
RULER_GAP_MM = 15.0  # from the centre to each ruler's base line
TICK_MM = (1.5, 2.5, 4.0)  # millimetre, 5 mm and 10 mm ticks
ARM_MM = 32.0  # the back cross's arms: past the rulers' far edge even when the back is 5 mm off
TEST_LINE_MM = 100.0
CORNER_INSET = 90.0  # corner crosses: inside the band even with the largest offset (20 mm) allowed
HUNDRED_LABEL = "this line must measure 100 mm"
ARROW_AT = (-62.0, 16.0)  # the proof arrow's centre from the page centre (mm): left and up, so any wrong flip moves it
ARROW_MM = (9.0, 16.0)  # its width and height; it points up
ARROW_LABEL = "the back's solid arrow lands here, pointing up"


@dataclass(frozen=True)
class CalibrationLayout:
    width: float
    height: float
    centre: tuple[float, float]
    x_ruler: Mark  # base line of the ruler read for X (horizontal, above the centre); ticks rise from it
    y_ruler: Mark  # base line of the ruler read for Y (vertical, right of the centre); ticks run right
    ruler_depth: float  # the longest tick
    back_centre: tuple[float, float]  # where the back's cross is drawn, in the back page's coordinates
    back_arm: float
    hundred: tuple[Mark, Mark]  # the 100 mm line on the front, and on the back
    corners: tuple[tuple[float, float], ...]
    arrow: tuple[float, float]  # the centre of the front's outlined arrow, pointing up
    back_arrow: tuple[float, float, bool]  # the back's solid arrow (back page coordinates), and whether it points down there


def back_position(duplex: str, offset: tuple[float, float], width: float, height: float, point: tuple[float, float] | None = None) -> tuple[float, float]:
    """Where on the back page to draw what, seen through the front, lies at `point` (the sheet centre
    when None) moved by `offset` (points; right and up +), as card backs are (geometry.back_sheet).
    Printing by hand (`manual`) turns the stack over on its long edge: the long-edge flip."""
    dx, dy = offset
    px, py = point if point is not None else (width / 2, height / 2)
    return (px + dx, height - (py + dy)) if duplex == "short-edge" else (width - (px + dx), py + dy)


def seen_through_front(point: tuple[float, float], duplex: str, width: float, height: float) -> tuple[float, float]:
    """A point of the back page as it shows through the front (a perfect printer)."""
    x, y = point
    return (x, height - y) if duplex == "short-edge" else (width - x, y)


def calibration_layout(paper: str, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> CalibrationLayout:
    width, height = sheet_size(paper, landscape=False)
    cx, cy = width / 2, height / 2
    span, gap = SCALE_MM * PT_PER_MM, RULER_GAP_MM * PT_PER_MM
    half_line = TEST_LINE_MM * PT_PER_MM / 2
    line_y = EDGE_BAND + 60.0
    corners = tuple((x, y) for y in (CORNER_INSET, height - CORNER_INSET) for x in (CORNER_INSET, width - CORNER_INSET))
    arrow = (cx + ARROW_AT[0] * PT_PER_MM, cy + ARROW_AT[1] * PT_PER_MM)
    back_arrow = (*back_position(duplex, offset, width, height, arrow), duplex == "short-edge")
    return CalibrationLayout(
        width, height, (cx, cy),
        Mark(cx - span, cy + gap, cx + span, cy + gap), Mark(cx + gap, cy - span, cx + gap, cy + span),
        TICK_MM[2] * PT_PER_MM, back_position(duplex, offset, width, height), ARM_MM * PT_PER_MM,
        (Mark(cx - half_line, line_y, cx + half_line, line_y), Mark(cx - half_line, line_y, cx + half_line, line_y)),
        corners, arrow, back_arrow,
    )  # fmt: skip


def _arrow(canvas: Canvas, x: float, y: float, down: bool, solid: bool) -> None:
    """An arrow centred on (x, y), pointing up (or down), ARROW_MM in size: outlined or solid."""
    w, h = ARROW_MM[0] * PT_PER_MM, ARROW_MM[1] * PT_PER_MM
    s = -1 if down else 1
    head = h * 0.45
    points = [(0, h / 2), (w / 2, h / 2 - head), (w / 5, h / 2 - head), (w / 5, -h / 2), (-w / 5, -h / 2), (-w / 5, h / 2 - head), (-w / 2, h / 2 - head)]
    path = canvas.beginPath()
    path.moveTo(x + points[0][0], y + s * points[0][1])
    for px, py in points[1:]:
        path.lineTo(x + px, y + s * py)
    path.close()
    canvas.setLineWidth(0.8)
    canvas.drawPath(path, stroke=1, fill=1 if solid else 0)


def _cross(canvas: Canvas, cx: float, cy: float, size: float, width: float = 0.5) -> None:
    canvas.setLineWidth(width)
    canvas.line(cx - size, cy, cx + size, cy)
    canvas.line(cx, cy - size, cx, cy + size)
    canvas.circle(cx, cy, min(size / 3, 10.0), stroke=1, fill=0)


def _tick(n: int) -> float:
    return TICK_MM[2 if n % 10 == 0 else 1 if n % 5 == 0 else 0] * PT_PER_MM


def _rulers(canvas: Canvas, layout: CalibrationLayout) -> None:
    """Millimetre rulers: X above the centre, Y right of it, numbered every 5 mm."""
    cx, cy = layout.centre
    xr, yr = layout.x_ruler, layout.y_ruler
    canvas.setLineWidth(0.3)
    canvas.line(xr.x0, xr.y0, xr.x1, xr.y1)
    canvas.line(yr.x0, yr.y0, yr.x1, yr.y1)
    canvas.setFont(fonts.RL_NAMES["regular"], 6)
    for n in range(-SCALE_MM, SCALE_MM + 1):
        d = n * PT_PER_MM
        canvas.line(cx + d, xr.y0, cx + d, xr.y0 + _tick(n))
        canvas.line(yr.x0, cy + d, yr.x0 + _tick(n), cy + d)
        if n % 5 == 0:
            label = f"{n:+d}" if n else "0"
            canvas.drawCentredString(cx + d, xr.y0 + layout.ruler_depth + 3, label)
            canvas.drawString(yr.x0 + layout.ruler_depth + 3, cy + d - 2, label)
    canvas.setFont(fonts.RL_NAMES["bold"], 8)
    canvas.drawCentredString(cx, xr.y0 + layout.ruler_depth + 13, "X (mm)")
    canvas.drawString(yr.x0 + layout.ruler_depth + 16, cy - 3, "Y (mm)")


def _hundred(canvas: Canvas, line: Mark) -> None:
    """The scale check: a line with end ticks and its label."""
    canvas.setLineWidth(0.8)
    canvas.line(line.x0, line.y0, line.x1, line.y1)
    for x in (line.x0, line.x1):
        canvas.line(x, line.y0 - 6, x, line.y0 + 6)
    canvas.setFont(fonts.RL_NAMES["regular"], 9)
    canvas.drawCentredString((line.x0 + line.x1) / 2, line.y0 + 10, HUNDRED_LABEL)
    canvas.drawCentredString((line.x0 + line.x1) / 2, line.y0 - 18, "Shorter or longer: print again at 100% / actual size, not 'fit to page'.")


def _legend(canvas: Canvas, x: float, y: float) -> None:
    """A small picture of a reading: the back's line (grey, seen through the paper) crosses the X
    ruler at +2, so X = +2 and the offset to enter is -2."""
    step = 10.0  # the picture's "millimetre", enlarged
    canvas.setFont(fonts.RL_NAMES["bold"], 9)
    canvas.drawString(x - 3 * step, y + 34, "How to read it (enlarged)")
    canvas.setLineWidth(0.4)
    canvas.line(x - 3 * step, y, x + 3 * step, y)
    canvas.setFont(fonts.RL_NAMES["regular"], 6)
    for n in range(-3, 4):
        canvas.line(x + n * step, y, x + n * step, y + (8 if n % 2 == 0 else 4))
        if n % 2 == 0:
            canvas.drawCentredString(x + n * step, y + 11, f"{n:+d}" if n else "0")
    canvas.saveState()
    canvas.setStrokeColorRGB(0.5, 0.5, 0.5)
    canvas.setDash(2, 1.5)
    canvas.setLineWidth(1.5)
    canvas.line(x + 2 * step, y - 16, x + 2 * step, y + 26)
    canvas.restoreState()
    canvas.setFont(fonts.RL_NAMES["regular"], 8.5)
    text = [
        "The back's upright line (dashed here) crosses the X ruler at +2: X = +2.",
        "Read Y the same way, where the back's level line crosses the Y ruler.",
        "With 0,0 in use, enter the opposite: --back-offset -2,Y (else: offset in use minus the reading).",
    ]
    for i, line in enumerate(text):
        canvas.drawString(x + 4.5 * step, y + 14 - 12 * i, line)


def _instructions(canvas: Canvas, layout: CalibrationLayout, duplex: str, offset: tuple[float, float]) -> None:
    cx, top = layout.width / 2, layout.height - CORNER_INSET - 40  # below the corner crosses
    used = f"{offset[0] / PT_PER_MM:g},{offset[1] / PT_PER_MM:g}"
    lines = [
        _how(duplex),
        "Hold the sheet to the light: the back's long cross shows through across the front's rulers.",
        "Read X where its upright line crosses the X ruler, and Y where its level line crosses the Y ruler (mm, right and up +).",
        f"This page was made with --back-offset {used}. Build again with --back-offset X,Y set to that minus what you read:",
        "a back line at X = +1.5 and Y = -0.5 (with 0,0 in use) needs --back-offset -1.5,0.5.",
        "Proof first: print this one sheet on the paper the job uses (the card stock for cards) before the rest.",
        "The back's solid arrow must land on the outlined arrow, pointing up; if it is elsewhere or points down, the flip",
        "is wrong (long or short edge) or, printing by hand, the stack was turned the wrong way: fix that before printing.",
        "Card the light does not pass: push a pin through the centre of the small cross; it must come out in the back's ring.",
    ]
    canvas.setFont(fonts.RL_NAMES["bold"], 16)
    canvas.drawCentredString(cx, top, "Duplex calibration")
    canvas.setFont(fonts.RL_NAMES["regular"], 8.5)
    for i, text in enumerate(lines):
        canvas.drawCentredString(cx, top - 20 - 12 * i, text)


def _how(duplex: str) -> str:
    if duplex == "manual":
        return "Print page 1; turn the sheet over on its long edge, the same edge leading; print page 2 on it. 100% / actual size."
    return f"Print both pages double-sided ({duplex.replace('-', ' ')} flip), at 100% / actual size."


def _new_canvas(buffer: io.BytesIO, width: float, height: float, duplex: str) -> Canvas:
    fonts.register()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, pageCompression=1, initialFontName=fonts.RL_NAMES["regular"])
    canvas.setTitle("kitpress duplex calibration")
    canvas.setAuthor("kitpress")
    canvas.setCreator("kitpress")
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", DUPLEX_NAMES.get(duplex, "DuplexFlipLongEdge"))
    return canvas


def calibration_pdf(paper: str, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> bytes:
    """Front: a small cross, millimetre rulers, a legend and the 100 mm line; back: a long cross moved
    by the current offset as the card backs are, so a second print shows whether the offset is right."""
    layout = calibration_layout(paper, duplex, offset)
    buffer = io.BytesIO()
    canvas = _new_canvas(buffer, layout.width, layout.height, duplex)
    cx, cy = layout.centre
    _instructions(canvas, layout, duplex, offset)
    _cross(canvas, cx, cy, 12)
    _rulers(canvas, layout)
    _legend(canvas, layout.width / 2 - 200, cy - 120)
    _hundred(canvas, layout.hundred[0])
    for x, y in layout.corners:
        _cross(canvas, x, y, 12)
    ax, ay = layout.arrow
    _arrow(canvas, ax, ay, False, False)
    canvas.setFont(fonts.RL_NAMES["regular"], 7)
    for i, words in enumerate(ARROW_LABEL.split(", ")):
        canvas.drawCentredString(ax, ay - ARROW_MM[1] * PT_PER_MM / 2 - 10 - 9 * i, words + ("," if i == 0 else ""))
    canvas.showPage()
    canvas.setPageSize((layout.width, layout.height))
    # The corner crosses are symmetric about the centre, so either flip maps them onto themselves;
    # the offset moves everything on the back as it moves card backs.
    bx, by = layout.back_centre
    _cross(canvas, bx, by, layout.back_arm, 0.8)
    for x, y in layout.corners:
        _cross(canvas, x + bx - cx, y + by - cy, 12)
    _hundred(canvas, layout.hundred[1])
    canvas.setFillColorRGB(0, 0, 0)
    _arrow(canvas, *layout.back_arrow, True)
    canvas.setFont(fonts.RL_NAMES["regular"], 10)
    canvas.drawCentredString(cx, layout.height - EDGE_BAND - 40, "Back of the calibration sheet: read it from the front, held to the light")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()

"""A two-page calibration sheet for duplex printers: print it double-sided, hold it to the light, read
how far the back's cross sits from the front's, and pass that as --back-offset."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from kitpress import fonts
from kitpress.pieces import PT_PER_MM
from kitpress.sheets.geometry import sheet_size
from kitpress.sheets.pdf import DUPLEX_NAMES

SCALE_MM = 10  # ticks every millimetre, 10 mm each way from the centre


def _cross(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    canvas.setLineWidth(0.5)
    canvas.line(cx - size, cy, cx + size, cy)
    canvas.line(cx, cy - size, cx, cy + size)
    canvas.circle(cx, cy, size / 3, stroke=1, fill=0)


def _scales(canvas: Canvas, cx: float, cy: float) -> None:
    """Millimetre rulers through the centre, numbered every 5 mm."""
    canvas.setLineWidth(0.3)
    for n in range(-SCALE_MM, SCALE_MM + 1):
        d = n * PT_PER_MM
        tick = 9.0 if n % 5 == 0 else 4.5
        canvas.line(cx + d, cy + 40, cx + d, cy + 40 + tick)
        canvas.line(cx + 40, cy + d, cx + 40 + tick, cy + d)
        if n % 5 == 0:
            canvas.setFont(fonts.RL_NAMES["regular"], 6)
            canvas.drawCentredString(cx + d, cy + 52, f"{n:+d}" if n else "0")
            canvas.drawString(cx + 52, cy + d - 2, f"{n:+d}" if n else "0")


def calibration_pdf(paper: str, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> bytes:
    """Front: crosses and millimetre rulers; back: the same crosses, moved by the current offset as
    the card backs are, so a second print shows whether the offset is right."""
    fonts.register()
    width, height = sheet_size(paper, landscape=False)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, pageCompression=1, initialFontName=fonts.RL_NAMES["regular"])
    canvas.setTitle("kitpress duplex calibration")
    canvas.setAuthor("kitpress")
    canvas.setCreator("kitpress")
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", DUPLEX_NAMES.get(duplex, "DuplexFlipLongEdge"))
    cx, cy = width / 2, height / 2
    corners = [(60.0, 60.0), (width - 60, 60.0), (60.0, height - 60), (width - 60, height - 60)]
    lines = [
        "Duplex calibration",
        f"Print both pages double-sided ({duplex.replace('-', ' ')} flip), at 100% / actual size.",
        "Hold the sheet to the light. The back's cross shows through near the front's rulers.",
        "Read where its centre sits on the rulers, in millimetres: right and up are +.",
        "Build again with --back-offset X,Y, the opposite of what you read: a back cross 1.5 mm",
        "right of centre and 0.5 mm low needs --back-offset -1.5,0.5 (added to any offset in use).",
    ]
    canvas.setFont(fonts.RL_NAMES["bold"], 16)
    canvas.drawCentredString(cx, height - 90, lines[0])
    canvas.setFont(fonts.RL_NAMES["regular"], 10)
    for i, text in enumerate(lines[1:]):
        canvas.drawCentredString(cx, height - 115 - 14 * i, text)
    _cross(canvas, cx, cy, 30)
    _scales(canvas, cx, cy)
    for x, y in corners:
        _cross(canvas, x, y, 12)
    canvas.showPage()
    canvas.setPageSize((width, height))
    # The crosses are symmetric about the sheet's centre, so a flip on either edge maps them onto
    # themselves; the offset moves them as seen through the front, as it moves card backs.
    dx, dy = offset
    bx = -dx if (duplex != "short-edge") else dx
    by = dy if (duplex != "short-edge") else -dy
    _cross(canvas, cx + bx, cy + by, 30)
    for x, y in corners:
        _cross(canvas, x + bx, y + by, 12)
    canvas.setFont(fonts.RL_NAMES["regular"], 10)
    canvas.drawCentredString(cx, 90, "Back of the calibration sheet")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()

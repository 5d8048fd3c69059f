"""Write imposed sheets as a PDF with ReportLab: art from SVG, hairline marks, boxes, viewer hints.

Canvas invariant mode and fixed metadata make the same input give byte-identical files.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.pdfgen.canvas import Canvas

from kitpress import fonts
from kitpress.pieces import Art
from kitpress.sheets import drawings as read_svg
from kitpress.sheets.geometry import MARK_WIDTH
from kitpress.sheets.impose import Page

DUPLEX_NAMES = {"long-edge": "DuplexFlipLongEdge", "short-edge": "DuplexFlipShortEdge", "none": "Simplex", "gutterfold": "Simplex"}


class _Drawings:
    """Each art's drawing, as svglib read its SVG (sheets.drawings: once, for every file)."""

    def get(self, art: Art) -> Drawing:
        return read_svg.read(art.svg, art.name)


def new_canvas(buffer: io.BytesIO, title: str, subject: str, duplex: str) -> Canvas:
    fonts.register()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName=fonts.RL_NAMES["regular"])
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor("kitpress")
    canvas.setCreator("kitpress")
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", DUPLEX_NAMES[duplex])
    return canvas


def draw_sheet(canvas: Canvas, page: Page, drawings: _Drawings) -> None:
    sheet = page.sheet
    canvas.setPageSize((sheet.width, sheet.height))
    canvas.setTrimBox(sheet.trim_box)
    canvas.setBleedBox(sheet.bleed_box)
    for place in sheet.placements:
        art = (page.backs if place.side == "back" else page.fronts)[place.index]
        drawing = drawings.get(art)
        canvas.saveState()
        path = canvas.beginPath()
        x0, y0, x1, y1 = place.clip
        path.rect(x0, y0, x1 - x0, y1 - y0)
        canvas.clipPath(path, stroke=0, fill=0)
        if place.shape == "circle":  # its square's corners stay white for the diagonal ticks
            disc = canvas.beginPath()
            disc.circle(place.x + place.w / 2, place.y + place.h / 2, min(place.w, place.h) / 2 + art.bleed)
            canvas.clipPath(disc, stroke=0, fill=0)
        if place.rotate == 180:
            canvas.translate(place.x + place.w / 2, place.y + place.h / 2)
            canvas.rotate(180)
            canvas.translate(-(place.x + place.w / 2), -(place.y + place.h / 2))
        elif place.rotate == 90:  # turned a quarter to the left: the placement's w and h are the art's h and w
            canvas.translate(place.x + place.w, place.y)
            canvas.rotate(90)
            renderPDF.draw(drawing, canvas, -art.bleed, -art.bleed)
            canvas.restoreState()
            continue
        renderPDF.draw(drawing, canvas, place.x - art.bleed, place.y - art.bleed)
        canvas.restoreState()
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setStrokeColorRGB(0, 0, 0)
    for mark in sheet.marks:
        canvas.line(mark.x0, mark.y0, mark.x1, mark.y1)
    if sheet.folds:
        canvas.saveState()
        canvas.setDash(4, 3)
        canvas.setStrokeColorRGB(0.45, 0.45, 0.45)
        for fold in sheet.folds:
            canvas.line(fold.x0, fold.y0, fold.x1, fold.y1)
        canvas.restoreState()
    canvas.showPage()


def write_pdf(pages: Sequence[Page], title: str, subject: str, duplex: str = "none") -> bytes:
    """Pages in order, each a sheet and the art its placements index."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title, subject, duplex)
    drawings = _Drawings()
    for page in pages:
        draw_sheet(canvas, page, drawings)
    canvas.save()
    return buffer.getvalue()

"""Write imposed sheets as a PDF with ReportLab: art from SVG, hairline marks, boxes, viewer hints.

Canvas invariant mode and fixed metadata make the same input give byte-identical files.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Collection, Sequence

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.pdfgen.canvas import Canvas

from kitpress import fonts
from kitpress.pieces import Art
from kitpress.sheets import drawings as read_svg
from kitpress.sheets.geometry import CUT_CASING, CUT_WIDTH, MARK_WIDTH
from kitpress.sheets.impose import Page

DUPLEX_NAMES = {"long-edge": "DuplexFlipLongEdge", "short-edge": "DuplexFlipShortEdge", "none": "Simplex", "gutterfold": "Simplex", "manual": "Simplex"}


class Drawings:
    """Each art's drawing, as svglib read its SVG (sheets.drawings: once, for every file). An art placed
    more than once in a file is drawn once into a form XObject and the form placed: a deck's shared back
    is one object placed 52 times, not 52 copies of its drawing. An art placed once is drawn in the
    page's own stream, which compresses better with its neighbours than a stream of its own."""

    def __init__(self, repeated: Collection[str] = ()) -> None:
        self._repeated = set(repeated)
        self._forms: dict[str, str] = {}

    def get(self, art: Art) -> Drawing:
        return read_svg.read(art.svg, art.name)

    def place(self, canvas: Canvas, art: Art, x: float, y: float) -> None:
        """The art with its bleed corner at (x, y) of the canvas's current coordinates."""
        if art.svg not in self._repeated:
            renderPDF.draw(self.get(art), canvas, x, y)
            return
        name = self._forms.get(art.svg)
        if name is None:
            name = self._forms[art.svg] = f"Art{len(self._forms) + 1}"
            drawing = self.get(art)
            canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
            renderPDF.draw(drawing, canvas, 0, 0)
            canvas.endForm()
        canvas.saveState()
        canvas.translate(x, y)
        canvas.doForm(name)
        canvas.restoreState()


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


def draw_sheet(canvas: Canvas, page: Page, drawings: Drawings) -> None:
    sheet = page.sheet
    canvas.setPageSize((sheet.width, sheet.height))
    canvas.setTrimBox(sheet.trim_box)
    canvas.setBleedBox(sheet.bleed_box)
    for place in sheet.placements:
        art = (page.backs if place.side == "back" else page.fronts)[place.index]
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
            drawings.place(canvas, art, -art.bleed, -art.bleed)
            canvas.restoreState()
            continue
        drawings.place(canvas, art, place.x - art.bleed, place.y - art.bleed)
        canvas.restoreState()
    for width, grey in ((CUT_CASING, 1), (CUT_WIDTH, 0)) if sheet.cuts else ():  # white casing, then the black line
        canvas.setLineWidth(width)
        canvas.setStrokeColorRGB(grey, grey, grey)
        for cut in sheet.cuts:
            canvas.line(cut.x0, cut.y0, cut.x1, cut.y1)
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
    uses = Counter(art.svg for page in pages for place in page.sheet.placements for art in [(page.backs if place.side == "back" else page.fronts)[place.index]])
    drawings = Drawings(repeated={svg for svg, n in uses.items() if n > 1})
    for page in pages:
        draw_sheet(canvas, page, drawings)
    canvas.save()
    return buffer.getvalue()

"""One card per image or page, for print-on-demand services: PNGs at 300 dpi in The Game Crafter's
and MakePlayingCards' poker sizes, and a DriveThruCards-style PDF (one card with bleed per page,
fronts and backs alternating)."""

from __future__ import annotations

import io

import pypdfium2

from kitpress.pieces import Art
from kitpress.sheets.geometry import Placement, Sheet
from kitpress.sheets.impose import Page
from kitpress.sheets.pdf import write_pdf
from kitpress.sheets.presets import DPI, SERVICE_IMAGES


def card_page(art: Art) -> Sheet:
    """A page exactly the card with its bleed: trim + 2 × bleed (2.75 × 3.75 in for poker)."""
    w, h = art.trim_w + 2 * art.bleed, art.trim_h + 2 * art.bleed
    b = art.bleed
    place = Placement(0, b, b, art.trim_w, art.trim_h, (0.0, 0.0, w, h))
    return Sheet(w, h, (place,), (), (b, b, b + art.trim_w, b + art.trim_h), (0.0, 0.0, w, h))


def one_card_per_page(fronts: list[Art], backs: list[Art], title: str) -> bytes:
    pages: list[Page] = []
    for i, front in enumerate(fronts):
        pages.append(Page(card_page(front), [front]))
        if backs:
            pages.append(Page(card_page(backs[i]), [backs[i]]))
    return write_pdf(pages, title, "one card per page", "none")


def service_png(art: Art, service: str) -> bytes:
    """The card rendered at 300 dpi with the service's bleed (its pixel size exactly)."""
    width_px, height_px, _service_bleed = SERVICE_IMAGES[service]
    pdf = write_pdf([Page(card_page(art), [art])], art.name, "card image", "none")
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()
    full_w, full_h = image.size
    # Our bleed is 1/8 in (37.5 px); a service with less bleed gets the image trimmed evenly.
    trim_x, trim_y = (full_w - width_px) / 2, (full_h - height_px) / 2
    box = (round(trim_x), round(trim_y), round(trim_x) + width_px, round(trim_y) + height_px)
    image = image.crop(box)
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(DPI, DPI), optimize=False)
    return out.getvalue()

"""Half-size booklets imposed 2-up for saddle stitching: pages reordered so that the folded stack of
sheets reads in order (8 pages: sheet 1 front 8|1, back 2|7; sheet 2 front 6|3, back 4|5)."""

from __future__ import annotations

import io

from kitpress.sheets.geometry import sheet_size

# CSS page sizes for half a sheet of each paper, in points (width, height).
HALF_PAGES = {"letter": (396.0, 612.0), "a4": (419.5276, 595.2756), "universal": (396.0, 595.2756)}


def half_page_css(paper: str) -> str:
    w, h = HALF_PAGES[paper]
    return f"{w:.4f}pt {h:.4f}pt"


def folding_order(pages: int) -> list[tuple[int, int]]:
    """(left, right) 1-based page numbers for each printed side in order; 0 is a blank page."""
    total = -(-pages // 4) * 4
    sides = []
    for k in range(total // 4):
        sides.append((total - 2 * k, 2 * k + 1))
        sides.append((2 * k + 2, total - 2 * k - 1))
    return [(a if a <= pages else 0, b if b <= pages else 0) for a, b in sides]


def impose(pdf: bytes, paper: str) -> tuple[bytes, int]:
    """Put half-size pages two to a landscape sheet in folding order; returns the PDF and its sides."""
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation  # only when a booklet is folded

    source = PdfReader(io.BytesIO(pdf))
    width, height = sheet_size(paper, landscape=True)
    writer = PdfWriter()
    order = folding_order(len(source.pages))
    for left, right in order:
        side = PageObject.create_blank_page(width=width, height=height)
        for slot, number in enumerate((left, right)):
            if number:
                page = source.pages[number - 1]
                pw, ph = float(page.mediabox.width), float(page.mediabox.height)
                tx = slot * width / 2 + (width / 2 - pw) / 2
                side.merge_transformed_page(page, Transformation().translate(tx, (height - ph) / 2))
        writer.add_page(side)
    writer.add_metadata({"/Producer": "kitpress", "/Title": str((source.metadata or {}).get("/Title", "Rules"))})
    writer.create_viewer_preferences()
    prefs = writer.viewer_preferences
    if prefs is not None:
        prefs.duplex = "/DuplexFlipShortEdge"  # a landscape booklet sheet turns over its short edge
        prefs.print_scaling = "/None"
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), len(order)

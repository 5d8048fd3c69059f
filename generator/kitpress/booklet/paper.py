"""One layout of a full-page rule book for every paper. A book's pages are laid out once, on Letter's
page, and the same pages are placed, centred, on A4 and on the universal area (210 × 279.4 mm): Letter's
type area (188 × 249 mm within its margins) fits inside both: the margins are 11 mm at the sides
instead of 14, and Letter's at the top and bottom (A4 adds 8.8 mm to each). Typesetting is most of a kit's work; laid out
per paper, the same book was set two or three times over. A folded half-size booklet is laid out on its
own half sheet (half Letter and A5 differ in both directions).

The placing changes only each page's boxes (MediaBox, TrimBox, BleedBox), written as an incremental
update after the typesetter's own bytes: the text, the fonts, the links and the bookmarks are the same
objects, at the same places on the page."""

from __future__ import annotations

import io

from kitpress.sheets.geometry import sheet_size

LAYOUT = "letter"  # the paper every full-page book is laid out on

BookPart = tuple[str, str, bool]  # the book's kind ("booklet", "teachers-book"), its paper, folded (saddle)


def laid_out(part: BookPart) -> BookPart:
    """The book whose layout this one prints: the same book on Letter, unless it is folded."""
    kind, _, folded = part
    return part if folded else (kind, LAYOUT, folded)


def on_paper(pdf: bytes, paper: str) -> bytes:
    """The book's pages (laid out on Letter) on this paper's sheet, centred; Letter's own bytes unchanged.
    The same bytes in give the same bytes out (through the disk cache: pypdf reads every page)."""
    if paper == LAYOUT:
        return pdf
    from kitpress import cache
    from kitpress.fingerprint import code_hash

    entry = cache.key(code_hash(), paper, pdf)
    stored = cache.get("placed", entry)
    if stored is not None:
        return stored
    placed = _placed(pdf, *sheet_size(paper))
    cache.put("placed", entry, placed)
    return placed


def _placed(pdf: bytes, width: float, height: float) -> bytes:
    from pypdf import PdfWriter  # only when a book goes on another paper
    from pypdf.generic import NameObject, RectangleObject

    writer = PdfWriter(io.BytesIO(pdf), incremental=True)
    for page in writer.pages:
        box = page.mediabox
        # The sheet around the laid-out page, centred on it: the page's own coordinates stay as they are.
        dx, dy = (width - float(box.width)) / 2, (height - float(box.height)) / 2
        sheet = RectangleObject([round(float(box.left) - dx, 4), round(float(box.bottom) - dy, 4), round(float(box.right) + dx, 4), round(float(box.top) + dy, 4)])
        for name in ("/MediaBox", "/TrimBox", "/BleedBox"):  # the sheet is the finished page: nothing to trim
            page[NameObject(name)] = sheet
        if "/CropBox" in page:
            page[NameObject("/CropBox")] = sheet
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()

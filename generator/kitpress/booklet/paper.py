"""One layout of a full-page rule book for every paper. A book's pages are laid out once, on Letter's
page, and the same pages are placed, centred, on A4 and on the universal area (210 × 279.4 mm). Letter's
type area (188 × 249 mm within its margins) fits inside both: the margins are 11 mm at the sides instead
of 14, and Letter's at the top and bottom (A4 adds 8.8 mm to each). Typesetting is most of a kit's work;
laid out per paper, the same book was set two or three times over. A folded half-size booklet is laid out
on its own half sheet (half Letter and A5 differ in both directions).

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
    """The PDF with every page's boxes set to a width × height sheet centred on it, written as an
    incremental update: the changed page objects, then a cross-reference stream naming them. Reading
    only the pages, not the whole document (pypdf's own incremental writer reads every object, and
    leaves the document's /Info out of the new trailer, so a viewer showed no title)."""
    import re
    import struct
    import zlib

    from pypdf import PdfReader  # only when a book goes on another paper
    from pypdf.generic import NameObject, RectangleObject

    reader = PdfReader(io.BytesIO(pdf))
    out = io.BytesIO()
    out.write(pdf if pdf.endswith(b"\n") else pdf + b"\n")
    offsets: dict[int, int] = {}
    for page in reader.pages:
        box = page.mediabox
        # The sheet around the laid-out page, centred on it: the page's own coordinates stay as they are.
        dx, dy = (width - float(box.width)) / 2, (height - float(box.height)) / 2
        sheet = RectangleObject([round(float(box.left) - dx, 4), round(float(box.bottom) - dy, 4), round(float(box.right) + dx, 4), round(float(box.top) + dy, 4)])
        for name in ("/MediaBox", "/TrimBox", "/BleedBox"):  # the sheet is the finished page: nothing to trim
            page[NameObject(name)] = sheet
        if "/CropBox" in page:
            page[NameObject("/CropBox")] = sheet
        reference = page.indirect_reference
        assert reference is not None and reference.generation == 0  # pages are indirect objects
        offsets[reference.idnum] = out.tell()
        out.write(f"{reference.idnum} 0 obj\n".encode())
        page.write_to_stream(out)
        out.write(b"\nendobj\n")
    trailer = reader.trailer
    size = int(trailer["/Size"])  # the update's own cross-reference stream is the next object
    at = out.tell()
    offsets[size] = at
    numbers = sorted(offsets)
    data = zlib.compress(b"".join(struct.pack(">BIB", 1, offsets[n], 0) for n in numbers))
    index = " ".join(f"{n} 1" for n in numbers)
    # A reader takes the trailer from the newest section: it must name the document's root, its
    # information (the title a viewer shows) and its id again.
    keys = "".join(f" /{key} {_pdf_value(trailer.raw_get('/' + key))}" for key in ("Root", "Info", "ID") if "/" + key in trailer)
    previous = int(re.findall(rb"startxref\s+(\d+)", pdf[-1024:])[-1])  # the section this one updates
    out.write(f"{size} 0 obj\n<< /Type /XRef /Size {size + 1}{keys} /Prev {previous} /Index [{index}] /W [1 4 1] /Filter /FlateDecode /Length {len(data)} >>\nstream\n".encode())
    out.write(data + b"\nendstream\nendobj\n")
    out.write(f"startxref\n{at}\n%%EOF\n".encode())
    return out.getvalue()


def _pdf_value(value: object) -> str:
    from pypdf.generic import PdfObject

    assert isinstance(value, PdfObject)
    written = io.BytesIO()
    value.write_to_stream(written)
    return written.getvalue().decode("latin-1")

"""How full each page of a typeset book is, read back from its PDF: the typesetter's check that the
blocks it keeps whole (a worked example's step with its diagram) leave no page more than half empty."""

from __future__ import annotations

HALF = 0.5


def page_fills(pdf: bytes, top: float, bottom: float, columns: int) -> list[float]:
    """Per page, the share of its text area that holds text, column by column and averaged: 1.0 is a
    page whose columns all run to the bottom margin. `top` and `bottom` are the page's margins in pt;
    the running footer, in the bottom margin, does not count."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        fills = []
        for index in range(len(document)):
            page = document[index]
            width, height = page.get_size()
            text = page.get_textpage()
            depths = [0.0] * columns  # per column: how far below the page's top its text reaches
            for k in range(text.count_chars()):
                left, low, right, high = text.get_charbox(k)
                if high <= low or low < bottom * 0.9:  # an empty box, or the footer
                    continue
                column = min(columns - 1, int((left + right) / 2 / width * columns))
                depths[column] = max(depths[column], height - low)
            area = height - top - bottom
            fills.append(sum(max(0.0, min(area, depth - top)) / area for depth in depths) / columns)
            text.close()
            page.close()
        return fills
    finally:
        document.close()


def underfilled(fills: list[float]) -> int:
    """Pages other than the last that are more than half empty."""
    return sum(1 for fill in fills[:-1] if fill < HALF)

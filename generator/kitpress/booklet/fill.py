"""How full each page of a typeset book is, read from its layout: the typesetter's check that the blocks
it keeps whole (a worked example's step with its diagram) leave no page more than half empty. Read from
WeasyPrint's boxes, before any PDF is written: of two ways to set the student rules, only the one kept
is written out."""

from __future__ import annotations

from typing import Any

HALF = 0.5
PX = 0.75  # WeasyPrint lays out in CSS pixels; the page's margins are given in points


def page_fills(document: Any, top: float, bottom: float, columns: int) -> list[float]:
    """Per page of a rendered WeasyPrint document, the share of its text area that is printed on,
    column by column and averaged: 1.0 is a page whose columns all run to the bottom margin. What
    counts is every line of text (down to its baseline) and every diagram (down to its foot), in the
    page's own content: the running footer, in the bottom margin, is not part of it. `top` and `bottom`
    are the page's margins in pt."""
    from weasyprint.formatting_structure import boxes

    fills = []
    for page in document.pages:
        box = page._page_box
        width, height = box.margin_width() * PX, box.margin_height() * PX
        depths = [0.0] * columns  # per column: how far below the page's top its text reaches
        for child in box.children[0].descendants():  # the root box; margin boxes are its siblings
            if isinstance(child, boxes.TextBox) and child.text.strip():
                depth = (child.position_y + getattr(child, "baseline", child.height)) * PX
            elif isinstance(child, boxes.ReplacedBox):
                depth = (child.position_y + child.margin_height()) * PX
            else:
                continue
            middle = (child.position_x + child.margin_width() / 2) * PX
            column = min(columns - 1, int(middle / width * columns))
            depths[column] = max(depths[column], depth)
        area = height - top - bottom
        fills.append(sum(max(0.0, min(area, depth - top)) / area for depth in depths) / columns)
    return fills


def underfilled(fills: list[float]) -> int:
    """Pages other than the last that are more than half empty."""
    return sum(1 for fill in fills[:-1] if fill < HALF)

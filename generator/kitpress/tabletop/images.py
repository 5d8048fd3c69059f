"""The pictures Tabletop Simulator reads: each face rendered at its trim (the table shows an image edge
to edge, so the bleed is cut off), and card sheets of at most 10 × 7 faces and 4096 px across."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kitpress.pieces import Art

if TYPE_CHECKING:
    from PIL.Image import Image

MAX_COLUMNS, MAX_ROWS = 10, 7  # the largest card sheet Tabletop Simulator cuts up
MAX_WIDTH_PX = 4096  # its largest texture
DPI = 150  # sharp on screen at a close zoom; ten poker cards across are 3750 px


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int
    cell_w: int  # px
    cell_h: int


def grid_for(count: int, art: Art) -> Grid:
    """The sheet for `count` faces (at most 70) the size of `art`: as many columns as fit, up to ten."""
    if not 1 <= count <= MAX_COLUMNS * MAX_ROWS:
        raise ValueError(f"a card sheet holds 1 to {MAX_COLUMNS * MAX_ROWS} faces, not {count}")
    columns = min(MAX_COLUMNS, count)
    rows = math.ceil(count / columns)
    cell_w = min(round(art.trim_w / 72 * DPI), MAX_WIDTH_PX // columns)
    return Grid(columns, rows, cell_w, round(cell_w * art.trim_h / art.trim_w))


def width_px(art: Art) -> int:
    """A piece's own picture: its trim at the sheets' resolution."""
    return min(round(art.trim_w / 72 * DPI), MAX_WIDTH_PX)


def render_faces(arts: Sequence[Art]) -> list[bytes]:
    """Each art as a PNG of its trim (`width_px` wide), all in one pass through the PDF renderer."""
    return [_png(image) for image in _images(arts, [width_px(a) for a in arts])]


def sheet(arts: Sequence[Art], grid: Grid) -> bytes:
    """The faces in reading order on one card sheet (the cells left over stay white)."""
    from PIL import Image

    page = Image.new("RGB", (grid.columns * grid.cell_w, grid.rows * grid.cell_h), "white")
    for index, image in enumerate(_images(arts, [grid.cell_w] * len(arts))):
        row, column = divmod(index, grid.columns)
        page.paste(image.resize((grid.cell_w, grid.cell_h)), (column * grid.cell_w, row * grid.cell_h))
    return _png(page)


def _images(arts: Sequence[Art], widths: Sequence[int]) -> list[Image]:
    import pypdfium2

    from kitpress.sheets.impose import Page
    from kitpress.sheets.pdf import write_pdf
    from kitpress.sheets.services import card_page

    wanted = {(art.svg, width): art for art, width in zip(arts, widths, strict=True)}
    distinct = list({art.svg: art for art in arts}.values())
    pdf = write_pdf([Page(card_page(art), [art]) for art in distinct], "faces", "Tabletop Simulator faces", "none")
    document = pypdfium2.PdfDocument(pdf)
    drawn: dict[tuple[str, int], Image] = {}
    try:
        for art, page in zip(distinct, document, strict=True):
            for width in sorted({w for svg, w in wanted if svg == art.svg}):
                scale = width / art.trim_w  # px per pt
                image = page.render(scale=scale).to_pil().convert("RGB")
                left = round(art.bleed * scale)
                drawn[(art.svg, width)] = image.crop((left, left, left + width, left + round(width * art.trim_h / art.trim_w)))
    finally:
        document.close()
    return [drawn[(art.svg, width)] for art, width in zip(arts, widths, strict=True)]


def _png(image: Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)  # no date or software chunk: the same faces, the same bytes
    return out.getvalue()

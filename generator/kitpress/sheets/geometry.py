"""Pure geometry of print sheets, in PDF points with the origin at the sheet's lower-left corner.

Nothing here draws; tests check these numbers directly.
"""

from __future__ import annotations

from dataclasses import dataclass

Box = tuple[float, float, float, float]  # x0, y0, x1, y1

PAPERS: dict[str, tuple[float, float]] = {"letter": (612.0, 792.0), "a4": (595.2756, 841.8898)}
MARK_GAP = 3.0  # crop marks start this far outside the bleed, so they never touch art
MARK_WIDTH = 0.3  # a hairline
PACK_GUTTER = 14.0  # between the bleed edges of neighbouring packed pieces
PACK_MARGIN = 28.0  # trims stay ~10 mm inside the sheet edge, where home printers print
PACK_MARK = 8.0


@dataclass(frozen=True)
class Placement:
    index: int  # which piece of the job
    x: float  # trim lower-left
    y: float
    w: float
    h: float
    clip: Box  # the part of the art (with its bleed) that is printed
    rotate: int = 0


@dataclass(frozen=True)
class Mark:
    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class Sheet:
    width: float
    height: float
    placements: tuple[Placement, ...]
    marks: tuple[Mark, ...]
    trim_box: Box
    bleed_box: Box


def _union(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def grid_shape(paper: str, trim_w: float, trim_h: float, bleed: float) -> tuple[int, int]:
    """Columns and rows of abutting pieces that fit with their outer bleed and marks on the sheet."""
    width, height = PAPERS[paper]
    room = 2 * (bleed + MARK_GAP)
    return max(1, int((width - room) // trim_w)), max(1, int((height - room) // trim_h))


def grid(paper: str, trim_w: float, trim_h: float, bleed: float, count: int) -> list[Sheet]:
    """Pieces abutting in a centred grid with shared cut lines (9-up poker cards on Letter and A4).

    Art is clipped to the trim on inner edges and keeps its bleed on the grid's outer edges; crop
    marks run from just outside the bleed to the sheet edge at every cut line.
    """
    width, height = PAPERS[paper]
    cols, rows = grid_shape(paper, trim_w, trim_h, bleed)
    gx0 = (width - cols * trim_w) / 2
    gy1 = height - (height - rows * trim_h) / 2  # top of the grid
    per_sheet = cols * rows
    sheets: list[Sheet] = []
    for first in range(0, count, per_sheet):
        placements: list[Placement] = []
        for slot in range(min(per_sheet, count - first)):
            col, row = slot % cols, slot // cols
            x, y = gx0 + col * trim_w, gy1 - (row + 1) * trim_h
            clip = (
                x - (bleed if col == 0 else 0), y - (bleed if row == rows - 1 else 0),
                x + trim_w + (bleed if col == cols - 1 else 0), y + trim_h + (bleed if row == 0 else 0),
            )  # fmt: skip
            placements.append(Placement(first + slot, x, y, trim_w, trim_h, clip))
        trim = (gx0, gy1 - rows * trim_h, gx0 + cols * trim_w, gy1)
        bleed_box = (trim[0] - bleed, trim[1] - bleed, trim[2] + bleed, trim[3] + bleed)
        sheets.append(Sheet(width, height, tuple(placements), tuple(_grid_marks(trim, cols, rows, trim_w, trim_h, bleed, width, height)), trim, bleed_box))
    return sheets


def _grid_marks(trim: Box, cols: int, rows: int, tw: float, th: float, bleed: float, width: float, height: float) -> list[Mark]:
    out = bleed + MARK_GAP
    marks: list[Mark] = []
    for c in range(cols + 1):
        x = trim[0] + c * tw
        marks += [Mark(x, trim[3] + out, x, height), Mark(x, 0.0, x, trim[1] - out)]
    for r in range(rows + 1):
        y = trim[1] + r * th
        marks += [Mark(0.0, y, trim[0] - out, y), Mark(trim[2] + out, y, width, y)]
    return marks


def mirrored_for_long_edge(sheet: Sheet) -> Sheet:
    """The back of a portrait sheet flipped on its long edge: columns mirror, rows stay.

    The grid is centred, so mirroring x about the sheet's centre lands each back behind its front.
    """
    w = sheet.width

    def flip(b: Box) -> Box:
        return (w - b[2], b[1], w - b[0], b[3])

    placements = tuple(
        Placement(p.index, w - p.x - p.w, p.y, p.w, p.h, flip(p.clip), p.rotate) for p in sheet.placements
    )
    marks = tuple(Mark(w - m.x1, m.y0, w - m.x0, m.y1) for m in sheet.marks)
    return Sheet(sheet.width, sheet.height, placements, marks, flip(sheet.trim_box), flip(sheet.bleed_box))


def pack(paper: str, sizes: list[tuple[float, float]], bleed: float) -> list[Sheet]:
    """Pieces each with their own bleed and corner marks, packed in rows; the orientation that needs
    fewer sheets wins (portrait on a tie); each sheet's content is centred."""
    options = []
    errors = []
    for landscape in (False, True):
        width, height = PAPERS[paper]
        if landscape:
            width, height = height, width
        try:
            options.append(_pack_on(width, height, sizes, bleed))
        except ValueError as exc:
            errors.append(str(exc))
    if not options:
        raise ValueError(errors[-1])
    return min(options, key=len)


def _pack_on(width: float, height: float, sizes: list[tuple[float, float]], bleed: float) -> list[Sheet]:
    step = 2 * bleed + PACK_GUTTER  # trim-to-trim space between neighbours
    room_w, room_h = width - 2 * PACK_MARGIN, height - 2 * PACK_MARGIN
    pages: list[list[tuple[int, float, float]]] = [[]]  # (index, x, y-from-top) per page
    x = y = row_h = 0.0
    for i, (w, h) in enumerate(sizes):
        if w > room_w or h > room_h:
            raise ValueError(f"a {w:.0f} × {h:.0f} pt piece does not fit a {width:.0f} × {height:.0f} pt sheet")
        if x and x + w > room_w:
            x, y, row_h = 0.0, y + row_h + step, 0.0
        if y + h > room_h:
            pages.append([])
            x = y = row_h = 0.0
        pages[-1].append((i, x, y))
        x += w + step
        row_h = max(row_h, h)
    sheets = []
    for page in pages:
        used_w = max(px + sizes[i][0] for i, px, _ in page)
        used_h = max(py + sizes[i][1] for i, _, py in page)
        ox = (width - used_w) / 2
        top = height - (height - used_h) / 2
        placements = []
        marks: list[Mark] = []
        for i, px, py in page:
            w, h = sizes[i]
            tx, ty = ox + px, top - py - h
            placements.append(Placement(i, tx, ty, w, h, (tx - bleed, ty - bleed, tx + w + bleed, ty + h + bleed)))
            marks += _corner_marks(tx, ty, w, h, bleed)
        trims = [(p.x, p.y, p.x + p.w, p.y + p.h) for p in placements]
        sheets.append(Sheet(width, height, tuple(placements), tuple(marks), _union(trims), _union([p.clip for p in placements])))
    return sheets


def _corner_marks(x: float, y: float, w: float, h: float, bleed: float) -> list[Mark]:
    a, b = bleed + MARK_GAP, bleed + MARK_GAP + PACK_MARK
    marks = []
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            marks.append(Mark(min(cx + sx * a, cx + sx * b), cy, max(cx + sx * a, cx + sx * b), cy))
            marks.append(Mark(cx, min(cy + sy * a, cy + sy * b), cx, max(cy + sy * a, cy + sy * b)))
    return marks

"""Pure geometry of print sheets, in PDF points with the origin at the sheet's lower-left corner.

Nothing here draws; tests check these numbers directly.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

Box = tuple[float, float, float, float]  # x0, y0, x1, y1

# "universal" is the area both Letter and A4 hold (210 × 279.4 mm): printed unscaled, it fits either.
PAPERS: dict[str, tuple[float, float]] = {
    "letter": (612.0, 792.0),
    "a4": (595.2756, 841.8898),
    "universal": (595.2756, 792.0),
}
MARK_GAP = 3.0  # crop marks start this far outside the bleed, so they never touch art
MARK_WIDTH = 0.3  # a hairline
MIN_MARK = 2.0  # a mark shorter than this is left out (no room between grid and sheet edge)
PACK_GUTTER = 14.0  # between the bleed edges of neighbouring packed pieces
PACK_MARGIN = 28.0  # trims stay ~10 mm inside the sheet edge, where home printers print
PACK_MARK = 8.0
ROUND_GUTTER = 4.0  # round pieces: axis ticks need little room
ROUND_MARGIN = 14.0
FOLD_GAP = 12.0  # between a gutterfold half's bleed and the fold line


@dataclass(frozen=True)
class Placement:
    index: int  # which piece of the job
    x: float  # trim lower-left
    y: float
    w: float
    h: float
    clip: Box  # the part of the art (with its bleed) that is printed
    rotate: int = 0
    side: str = "front"  # which art list the index points into: "front" or "back"


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
    folds: tuple[Mark, ...] = ()

    @property
    def landscape(self) -> bool:
        return self.width > self.height


def sheet_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    width, height = PAPERS[paper]
    return (height, width) if landscape else (width, height)


def _union(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def grid_shape(paper: str, trim_w: float, trim_h: float, bleed: float, gap: float = 0.0, landscape: bool = False) -> tuple[int, int]:
    """Columns and rows that fit with the outer bleed and room for marks."""
    width, height = sheet_size(paper, landscape)
    room = 2 * bleed if gap else 2 * (bleed + MARK_GAP)
    return max(1, int((width - room + gap) // (trim_w + gap))), max(1, int((height - room + gap) // (trim_h + gap)))


def grid(paper: str, trim_w: float, trim_h: float, bleed: float, count: int, gap: float = 0.0, landscape: bool = False) -> list[Sheet]:
    """Pieces in a centred grid. With gap 0 they abut and share cut lines (9-up poker on Letter and
    A4): art is clipped to the trim on inner edges and keeps its bleed outside. With gap = 2 × bleed
    each piece keeps its own bleed (8-up landscape). Crop marks run from just outside the bleed to
    the sheet edge on every cut line."""
    width, height = sheet_size(paper, landscape)
    cols, rows = grid_shape(paper, trim_w, trim_h, bleed, gap, landscape)
    return _grid_sheets(width, height, 0.0, width, cols, rows, trim_w, trim_h, bleed, count, gap)


def _grid_sheets(width: float, height: float, area_x0: float, area_x1: float, cols: int, rows: int, tw: float, th: float, bleed: float, count: int, gap: float) -> list[Sheet]:
    grid_w, grid_h = cols * tw + (cols - 1) * gap, rows * th + (rows - 1) * gap
    gx0 = area_x0 + (area_x1 - area_x0 - grid_w) / 2
    gy1 = height - (height - grid_h) / 2  # top of the grid
    per_sheet = cols * rows
    sheets: list[Sheet] = []
    for first in range(0, count, per_sheet):
        placements: list[Placement] = []
        for slot in range(min(per_sheet, count - first)):
            col, row = slot % cols, slot // cols
            x, y = gx0 + col * (tw + gap), gy1 - (row + 1) * th - row * gap
            if gap:
                clip = (x - bleed, y - bleed, x + tw + bleed, y + th + bleed)
            else:
                clip = (
                    x - (bleed if col == 0 else 0), y - (bleed if row == rows - 1 else 0),
                    x + tw + (bleed if col == cols - 1 else 0), y + th + (bleed if row == 0 else 0),
                )  # fmt: skip
            placements.append(Placement(first + slot, x, y, tw, th, clip))
        trim = (gx0, gy1 - grid_h, gx0 + grid_w, gy1)
        bleed_box = (trim[0] - bleed, trim[1] - bleed, trim[2] + bleed, trim[3] + bleed)
        xs = sorted({c * (tw + gap) + e for c in range(cols) for e in (0.0, tw)})
        ys = sorted({r * (th + gap) + e for r in range(rows) for e in (0.0, th)})
        marks = _edge_marks(trim, bleed_box, xs, ys, width, height)
        sheets.append(Sheet(width, height, tuple(placements), tuple(marks), trim, bleed_box))
    return sheets


def _edge_marks(trim: Box, bleed_box: Box, xs: list[float], ys: list[float], width: float, height: float) -> list[Mark]:
    """A hairline on every cut line, from just outside the bleed to the sheet edge."""
    candidates: list[Mark] = []
    for dx in xs:
        x = trim[0] + dx
        candidates += [Mark(x, bleed_box[3] + MARK_GAP, x, height), Mark(x, 0.0, x, bleed_box[1] - MARK_GAP)]
    for dy in ys:
        y = trim[1] + dy
        candidates += [Mark(0.0, y, bleed_box[0] - MARK_GAP, y), Mark(bleed_box[2] + MARK_GAP, y, width, y)]
    return [m for m in candidates if (m.x1 - m.x0) + (m.y1 - m.y0) >= MIN_MARK]


def gutterfold(paper: str, trim_w: float, trim_h: float, bleed: float, count: int) -> list[Sheet]:
    """Fronts on the left half of a landscape sheet, backs mirrored on the right half: fold along the
    centre line and each back lands behind its front, no duplex printer needed."""
    width, height = sheet_size(paper, landscape=True)
    half = width / 2
    inner = half - FOLD_GAP - bleed  # the fronts' trim edge nearest the fold
    cols = max(1, int((inner - bleed - MARK_GAP - MIN_MARK) // trim_w))
    rows = max(1, int((height - 2 * (bleed + MARK_GAP)) // trim_h))
    sheets = []
    for base in _grid_sheets(width, height, inner - cols * trim_w, inner, cols, rows, trim_w, trim_h, bleed, count, 0.0):
        backs = [replace(_mirror_x(p, width), side="back") for p in base.placements]
        xs = [c * trim_w for c in range(cols + 1)]
        ys = [r * trim_h for r in range(rows + 1)]
        marks = _edge_marks(base.trim_box, base.bleed_box, xs, ys, half - FOLD_GAP / 2, height)
        marks += [_mirror_mark_x(m, width) for m in marks]
        trim = (base.trim_box[0], base.trim_box[1], width - base.trim_box[0], base.trim_box[3])
        bleed_box = (trim[0] - bleed, trim[1] - bleed, trim[2] + bleed, trim[3] + bleed)
        sheets.append(Sheet(width, height, base.placements + tuple(backs), tuple(marks), trim, bleed_box, (Mark(half, 0.0, half, height),)))
    return sheets


def pack_gutterfold(paper: str, sizes: list[tuple[float, float]], bleed: float, shapes: list[str] | None = None) -> list[Sheet]:
    """Packed pieces (discs, tokens) on the left half of a landscape sheet, backs mirrored on the right."""
    width, height = sheet_size(paper, landscape=True)
    half = width / 2
    sheets = []
    for left in _pack_on(half - FOLD_GAP / 2, height, sizes, bleed, shapes):
        backs = [replace(_mirror_x(p, width), side="back") for p in left.placements]
        marks = list(left.marks) + [_mirror_mark_x(m, width) for m in left.marks]
        trim = (left.trim_box[0], left.trim_box[1], width - left.trim_box[0], left.trim_box[3])
        bleed_box = (left.bleed_box[0], left.bleed_box[1], width - left.bleed_box[0], left.bleed_box[3])
        sheets.append(Sheet(width, height, left.placements + tuple(backs), tuple(marks), trim, bleed_box, (Mark(half, 0.0, half, height),)))
    return sheets


def _moved(p: Placement, dx: float, dy: float) -> Placement:
    c = p.clip
    return replace(p, x=p.x + dx, y=p.y + dy, clip=(c[0] + dx, c[1] + dy, c[2] + dx, c[3] + dy))


def _mirror_x(p: Placement, width: float) -> Placement:
    c = p.clip
    return replace(p, x=width - p.x - p.w, clip=(width - c[2], c[1], width - c[0], c[3]))


def _mirror_y(p: Placement, height: float) -> Placement:
    c = p.clip
    return replace(p, y=height - p.y - p.h, clip=(c[0], height - c[3], c[2], height - c[1]), rotate=(p.rotate + 180) % 360)


def _mirror_mark_x(m: Mark, width: float) -> Mark:
    return Mark(width - m.x1, m.y0, width - m.x0, m.y1)


def _mirror_mark_y(m: Mark, height: float) -> Mark:
    return Mark(m.x0, height - m.y1, m.x1, height - m.y0)


def back_sheet(sheet: Sheet, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> Sheet:
    """The page printed on the other side of `sheet`, so each back lands behind its front.

    A flip about the sheet's vertical axis (long edge of a portrait sheet, short edge of a landscape
    one) mirrors columns; a flip about its horizontal axis mirrors rows and turns each back 180°.
    Mirroring registers because grids are centred. `offset` (points) moves the backs as seen through
    the front — right and up are positive — to correct a printer's drift.
    """
    dx, dy = offset

    def shift(b: Box) -> Box:
        return (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)

    moved = [_moved(p, dx, dy) for p in sheet.placements]
    moved_marks = [Mark(m.x0 + dx, m.y0 + dy, m.x1 + dx, m.y1 + dy) for m in sheet.marks]
    w, h = sheet.width, sheet.height
    if (duplex == "long-edge") != sheet.landscape:
        places = [_mirror_x(p, w) for p in moved]
        marks = [_mirror_mark_x(m, w) for m in moved_marks]

        def flip(b: Box) -> Box:
            return (w - b[2], b[1], w - b[0], b[3])
    else:
        places = [_mirror_y(p, h) for p in moved]
        marks = [_mirror_mark_y(m, h) for m in moved_marks]

        def flip(b: Box) -> Box:
            return (b[0], h - b[3], b[2], h - b[1])

    places = [replace(p, side="back") for p in places]
    return Sheet(w, h, tuple(places), tuple(marks), flip(shift(sheet.trim_box)), flip(shift(sheet.bleed_box)))


def mirrored_for_long_edge(sheet: Sheet) -> Sheet:
    """The back of a portrait sheet flipped on its long edge: columns mirror, rows stay."""
    return back_sheet(sheet, "long-edge")


def pack(paper: str, sizes: list[tuple[float, float]], bleed: float, shapes: list[str] | None = None) -> list[Sheet]:
    """Pieces each with their own bleed and corner marks, packed in rows; the orientation that needs
    fewer sheets wins (portrait on a tie); each sheet's content is centred."""
    options = []
    errors = []
    for landscape in (False, True):
        width, height = sheet_size(paper, landscape)
        try:
            options.append(_pack_on(width, height, sizes, bleed, shapes))
        except ValueError as exc:
            errors.append(str(exc))
    if not options:
        raise ValueError(errors[-1])
    return min(options, key=len)


def _pack_on(width: float, height: float, sizes: list[tuple[float, float]], bleed: float, shapes: list[str] | None = None) -> list[Sheet]:
    # Round pieces have no corners to mark, only axis ticks, so they pack closer and nearer the edge
    # (49 discs on one sheet); the bleed still keeps each clear of its neighbours' art.
    round_only = bool(shapes) and all(shape == "circle" for shape in shapes or [])
    step = 2 * bleed + (ROUND_GUTTER if round_only else PACK_GUTTER)  # trim-to-trim space between neighbours
    margin = ROUND_MARGIN if round_only else PACK_MARGIN
    room_w, room_h = width - 2 * margin, height - 2 * margin
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
            circle = shapes is not None and shapes[i] == "circle"
            marks += _axis_marks(tx, ty, w, h, bleed) if circle else _corner_marks(tx, ty, w, h, bleed)
        trims = [(p.x, p.y, p.x + p.w, p.y + p.h) for p in placements]
        sheets.append(Sheet(width, height, tuple(placements), tuple(marks), _union(trims), _union([p.clip for p in placements])))
    return sheets


def _axis_marks(x: float, y: float, w: float, h: float, bleed: float) -> list[Mark]:
    """A round piece is cut along its edge: a short tick on each axis, outside the bleed, shows where."""
    a, b = bleed + 1.0, bleed + ROUND_GUTTER - 1.0  # inside the gap between neighbours
    cx, cy = x + w / 2, y + h / 2
    return [
        Mark(cx, y + h + a, cx, y + h + b), Mark(cx, y - b, cx, y - a),
        Mark(x - b, cy, x - a, cy), Mark(x + w + a, cy, x + w + b, cy),
    ]  # fmt: skip


def _corner_marks(x: float, y: float, w: float, h: float, bleed: float) -> list[Mark]:
    a, b = bleed + MARK_GAP, bleed + MARK_GAP + PACK_MARK
    marks = []
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            marks.append(Mark(min(cx + sx * a, cx + sx * b), cy, max(cx + sx * a, cx + sx * b), cy))
            marks.append(Mark(cx, min(cy + sy * a, cy + sy * b), cx, max(cy + sy * a, cy + sy * b)))
    return marks

"""Pure geometry of print sheets, in PDF points with the origin at the sheet's lower-left corner.

Nothing here draws; tests check these numbers directly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from kitpress.errors import KitpressError
from kitpress.pieces import PT_PER_MM

Box = tuple[float, float, float, float]  # x0, y0, x1, y1

# "universal" is the area both Letter and A4 hold (210 × 279.4 mm): printed unscaled, it fits either.
PAPERS: dict[str, tuple[float, float]] = {
    "letter": (612.0, 792.0),
    "a4": (595.2756, 841.8898),
    "universal": (595.2756, 792.0),
}
# Home printers cannot print the outer ~5 mm of a sheet (print.md): nothing but white goes there, and
# every mark stops this far inside the edge. Presets carry it (Preset.edge_band_mm).
UNPRINTABLE_MM = 5.0
EDGE_BAND = UNPRINTABLE_MM * PT_PER_MM
MIN_MARK_MM = 3.0  # shorter than this a cutter cannot line a ruler up on a mark
MIN_MARK = MIN_MARK_MM * PT_PER_MM
MIN_BLEED = 1.0 * PT_PER_MM  # a packed piece's outer bleed may shrink to make room for its marks, not below this
MARK_GAP = 2.0  # crop marks start this far outside the printed bleed, so they never touch art
MARK_WIDTH = 0.3  # a hairline
# A cut between abutting pieces is drawn on the cut line itself: a black hairline cased in white, seen on
# any colour (two cards of one colour show no edge of their own). Cut on it, each piece keeps under
# 0.2 mm of it; a cut 0.5 mm off leaves a line, not a sliver of the neighbour's art.
CUT_WIDTH = 0.3
CUT_CASING = 1.0
PACK_GUTTER = 14.0  # between the bleed edges of neighbouring packed pieces
PACK_MARGIN = 28.0  # trims stay ~10 mm inside the sheet edge (the room pieces are sized for: production.ROOM_MM)
PACK_MARK = PACK_GUTTER - 2 * MARK_GAP  # a corner mark stops short of the neighbour's bleed
# Round pieces are clipped to their bleed circle and marked by diagonal ticks in the white corners of
# their square, so they pack close: 49 discs of 22 mm on one sheet of every paper.
ROUND_GUTTER = 4.0
ROUND_MARGIN = 24.0  # trim to sheet edge: the bleed and the outer band
ROUND_TICK = 8.6  # just over 3 mm
FOLD_GAP = 12.0  # between a gutterfold half's bleed and the fold line


class SheetFitError(KitpressError, ValueError):
    """Pieces that no layout of this paper can hold with printable marks (exit 2)."""


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
    shape: str = "rect"  # "circle": printed inside its bleed circle as well as the clip box


@dataclass(frozen=True)
class Mark:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def length(self) -> float:
        return math.hypot(self.x1 - self.x0, self.y1 - self.y0)


@dataclass(frozen=True)
class Sheet:
    width: float
    height: float
    placements: tuple[Placement, ...]
    marks: tuple[Mark, ...]
    trim_box: Box
    bleed_box: Box
    folds: tuple[Mark, ...] = ()
    cuts: tuple[Mark, ...] = ()  # cut lines between abutting pieces, drawn on the fronts (shared_cuts)

    @property
    def landscape(self) -> bool:
        return self.width > self.height


def sheet_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    width, height = PAPERS[paper]
    return (height, width) if landscape else (width, height)


def printable(width: float, height: float, band: float = EDGE_BAND) -> Box:
    """The part of a sheet a home printer prints: all but the outer band."""
    return (band, band, width - band, height - band)


def mark_room(bleed: float, band: float = EDGE_BAND) -> float:
    """How far an outer trim must sit from the sheet edge for its bleed, a gap and a 3 mm mark."""
    return bleed + MARK_GAP + MIN_MARK + band


def _union(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _mm(points: float) -> str:
    return f"{points / PT_PER_MM:.1f}"


def _no_fit(what: str, paper: str, band: float) -> SheetFitError:
    return SheetFitError(f"{what} do not fit a {paper} sheet with {MIN_MARK_MM:g} mm crop marks inside its {band / PT_PER_MM:g} mm unprintable edge")


def grid_shape(paper: str, trim_w: float, trim_h: float, bleed: float, gap: float = 0.0, landscape: bool = False, band: float = EDGE_BAND) -> tuple[int, int]:
    """Columns and rows on a sheet of this orientation whose outer marks are printable (0 if none fit)."""
    width, height = sheet_size(paper, landscape)
    room = 2 * mark_room(bleed, band)
    return max(0, int((width - room + gap) // (trim_w + gap))), max(0, int((height - room + gap) // (trim_h + gap)))


def grid_orientation(paper: str, trim_w: float, trim_h: float, bleed: float, gap: float = 0.0, landscape: bool = False, band: float = EDGE_BAND) -> bool:
    """The orientation that holds the most pieces with printable marks; `landscape` wins a tie.
    Abutting poker cards are 3 × 3 on no paper (Letter leaves 6.4 mm above and below the grid, A4 9.8 mm
    beside it), so they re-flow to 4 × 2 on a landscape sheet."""
    def held(turned: bool) -> int:
        cols, rows = grid_shape(paper, trim_w, trim_h, bleed, gap, turned, band)
        return cols * rows

    best = max((landscape, not landscape), key=held)
    if held(best) == 0:
        raise _no_fit(f"{_mm(trim_w)} × {_mm(trim_h)} mm pieces", paper, band)
    return best


def grid(paper: str, trim_w: float, trim_h: float, bleed: float, count: int, gap: float = 0.0, landscape: bool = False, band: float = EDGE_BAND) -> list[Sheet]:
    """Pieces in a centred grid. With gap 0 they abut and share cut lines: art is clipped to the trim on
    inner edges and keeps its bleed outside. With gap = 2 × bleed each piece keeps its own bleed. The
    sheet turns from `landscape` when the other way holds more. Crop marks run on every cut line from
    just outside the bleed to the printable edge, never into the outer band."""
    turned = grid_orientation(paper, trim_w, trim_h, bleed, gap, landscape, band)
    width, height = sheet_size(paper, turned)
    cols, rows = grid_shape(paper, trim_w, trim_h, bleed, gap, turned, band)
    grid_w, grid_h = cols * trim_w + (cols - 1) * gap, rows * trim_h + (rows - 1) * gap
    sheets = []
    for placements, trim in _grid_pages(((width - grid_w) / 2, (height - grid_h) / 2), cols, rows, trim_w, trim_h, bleed, count, gap):
        bleed_box = _grow(trim, bleed)
        xs, ys = _cut_lines(trim, cols, rows, trim_w, trim_h, gap)
        marks = column_marks(xs, bleed_box, height, band) + row_marks(ys, bleed_box, width, band)
        cuts = shared_cuts(placements, trim) if not gap else ()
        sheets.append(Sheet(width, height, tuple(placements), tuple(marks), trim, bleed_box, cuts=cuts))
    return sheets


def shared_cuts(placements: list[Placement] | tuple[Placement, ...], trim: Box) -> tuple[Mark, ...]:
    """Every edge of an abutting piece inside the grid's outer trim: the cuts that part it from a
    neighbour (or from an empty cell), one segment each, sorted. The outer trim is found by the marks."""
    eps = 0.01
    found: set[tuple[float, float, float, float]] = set()
    for p in placements:
        x0, y0, x1, y1 = p.x, p.y, p.x + p.w, p.y + p.h
        for x in (x0, x1):
            if trim[0] + eps < x < trim[2] - eps:
                found.add((round(x, 3), round(y0, 3), round(x, 3), round(y1, 3)))
        for y in (y0, y1):
            if trim[1] + eps < y < trim[3] - eps:
                found.add((round(x0, 3), round(y, 3), round(x1, 3), round(y, 3)))
    return tuple(Mark(*segment) for segment in sorted(found))


def _grow(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _grid_pages(origin: tuple[float, float], cols: int, rows: int, tw: float, th: float, bleed: float, count: int, gap: float) -> list[tuple[list[Placement], Box]]:
    """Each sheet's placements (row 0 at the top) and trim box, the grid's lower-left trim at `origin`."""
    gx0, gy0 = origin
    grid_w, grid_h = cols * tw + (cols - 1) * gap, rows * th + (rows - 1) * gap
    gy1 = gy0 + grid_h
    per_sheet = cols * rows
    pages = []
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
        pages.append((placements, (gx0, gy0, gx0 + grid_w, gy1)))
    return pages


def _cut_lines(trim: Box, cols: int, rows: int, tw: float, th: float, gap: float) -> tuple[list[float], list[float]]:
    xs = sorted({trim[0] + c * (tw + gap) + e for c in range(cols) for e in (0.0, tw)})
    ys = sorted({trim[1] + r * (th + gap) + e for r in range(rows) for e in (0.0, th)})
    return xs, ys


def column_marks(xs: list[float], bleed_box: Box, height: float, band: float) -> list[Mark]:
    """A vertical hairline above and below the bleed on every column line, up to the printable edge."""
    return [m for x in xs for m in (Mark(x, bleed_box[3] + MARK_GAP, x, height - band), Mark(x, band, x, bleed_box[1] - MARK_GAP))]


def row_marks(ys: list[float], bleed_box: Box, width: float, band: float) -> list[Mark]:
    """A horizontal hairline left and right of the bleed on every row line, up to the printable edge."""
    return [m for y in ys for m in (Mark(band, y, bleed_box[0] - MARK_GAP, y), Mark(bleed_box[2] + MARK_GAP, y, width - band, y))]


def gutterfold(paper: str, trim_w: float, trim_h: float, bleed: float, count: int, band: float = EDGE_BAND) -> list[Sheet]:
    """Fronts on one half of a sheet, backs mirrored on the other: fold along the centre line and each
    back lands behind its front, no duplex printer needed. A landscape sheet folds on its vertical
    centre line; when a portrait sheet folded across holds more (Letter: 3 against 2), it is used."""
    vertical = _fold_shape(paper, trim_w, trim_h, bleed, band, True)
    across = _fold_shape(paper, trim_w, trim_h, bleed, band, False)
    if max(vertical[0] * vertical[1], across[0] * across[1]) == 0:
        raise _no_fit(f"{_mm(trim_w)} × {_mm(trim_h)} mm pieces with their backs beside them", paper, band)
    if vertical[0] * vertical[1] >= across[0] * across[1]:
        return _fold_sheets(paper, trim_w, trim_h, bleed, count, band, True, vertical)
    return _fold_sheets(paper, trim_w, trim_h, bleed, count, band, False, across)


def _fold_shape(paper: str, tw: float, th: float, bleed: float, band: float, vertical: bool) -> tuple[int, int]:
    """Columns and rows of fronts in one half: the outer side needs room for marks, the fold side
    only the fold gap (its marks cross the fold)."""
    width, height = sheet_size(paper, landscape=vertical)
    room = mark_room(bleed, band)
    if vertical:
        return max(0, int((width / 2 - FOLD_GAP - bleed - room) // tw)), max(0, int((height - 2 * room) // th))
    return max(0, int((width - 2 * room) // tw)), max(0, int((height / 2 - FOLD_GAP - bleed - room) // th))


def _fold_sheets(paper: str, tw: float, th: float, bleed: float, count: int, band: float, vertical: bool, shape: tuple[int, int]) -> list[Sheet]:
    width, height = sheet_size(paper, landscape=vertical)
    cols, rows = shape
    grid_w, grid_h = cols * tw, rows * th
    if vertical:  # fronts left of the fold, against the fold gap
        origin = (width / 2 - FOLD_GAP - bleed - grid_w, (height - grid_h) / 2)
        fold = Mark(width / 2, band, width / 2, height - band)
    else:  # fronts above the fold
        origin = ((width - grid_w) / 2, height / 2 + FOLD_GAP + bleed)
        fold = Mark(band, height / 2, width - band, height / 2)
    sheets = []
    for fronts, trim in _grid_pages(origin, cols, rows, tw, th, bleed, count, 0.0):
        bleed_box = _grow(trim, bleed)
        xs, ys = _cut_lines(trim, cols, rows, tw, th, 0.0)
        if vertical:
            backs = [replace(_mirror_x(p, width), side="back") for p in fronts]
            outer = column_marks(xs, bleed_box, height, band) + [Mark(band, y, bleed_box[0] - MARK_GAP, y) for y in ys]
            mirrored = [_mirror_mark_x(m, width) for m in outer]
            across = [Mark(bleed_box[2] + MARK_GAP, y, width - bleed_box[2] - MARK_GAP, y) for y in ys]
            both = (trim[0], trim[1], width - trim[0], trim[3])
        else:
            backs = [replace(_mirror_y(p, height), side="back") for p in fronts]
            outer = row_marks(ys, bleed_box, width, band) + [Mark(x, bleed_box[3] + MARK_GAP, x, height - band) for x in xs]
            mirrored = [_mirror_mark_y(m, height) for m in outer]
            across = [Mark(x, height - bleed_box[1] + MARK_GAP, x, bleed_box[1] - MARK_GAP) for x in xs]
            both = (trim[0], height - trim[3], trim[2], trim[3])
        marks = outer + mirrored + across
        cuts = shared_cuts(fronts, trim)  # on the fronts' half: folded, one face shows where to cut both
        sheets.append(Sheet(width, height, tuple(fronts + backs), tuple(marks), both, _grow(both, bleed), (fold,), cuts))
    return sheets


def pack_gutterfold(paper: str, sizes: list[tuple[float, float]], bleed: float, shapes: list[str] | None = None, band: float = EDGE_BAND) -> list[Sheet]:
    """Packed pieces (discs, tokens) on the left half of a landscape sheet, backs mirrored on the right."""
    width, height = sheet_size(paper, landscape=True)
    half = width / 2
    sheets = []
    try:
        lefts = _pack_on(half - FOLD_GAP / 2, height, sizes, bleed, shapes, band)
    except ValueError as exc:
        raise SheetFitError(f"{exc} with its back beside it ({paper}, gutterfold)") from None
    for left in lefts:
        backs = [replace(_mirror_x(p, width), side="back") for p in left.placements]
        marks = list(left.marks) + [_mirror_mark_x(m, width) for m in left.marks]
        trim = (left.trim_box[0], left.trim_box[1], width - left.trim_box[0], left.trim_box[3])
        bleed_box = (left.bleed_box[0], left.bleed_box[1], width - left.bleed_box[0], left.bleed_box[3])
        sheets.append(Sheet(width, height, left.placements + tuple(backs), tuple(marks), trim, bleed_box, (Mark(half, band, half, height - band),)))
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
    return Mark(width - m.x0, m.y0, width - m.x1, m.y1)


def _mirror_mark_y(m: Mark, height: float) -> Mark:
    return Mark(m.x0, height - m.y0, m.x1, height - m.y1)


def page_offset(offset: tuple[float, float], landscape: bool) -> tuple[float, float]:
    """A back offset in the printer's frame as a move on this page, both seen through the front.

    The printer's frame is the paper's as the calibration page measures it: the sheet portrait, X
    along its short edge (right +), Y along its long edge (up +). A portrait page is that frame. A
    landscape page is printed on the same portrait paper turned a quarter counter-clockwise, its top
    along the paper's left edge (what print dialogs and drivers do: CUPS's `landscape`, the usual 90°
    of a driver's landscape), so the paper's +X is the page's down and the paper's +Y the page's
    right. The drift is the same whatever the page: the paper goes through the printer the same way."""
    x, y = offset
    return (y, -x) if landscape else (x, y)


def back_sheet(sheet: Sheet, duplex: str, offset: tuple[float, float] = (0.0, 0.0), band: float = EDGE_BAND) -> Sheet:
    """The page printed on the other side of `sheet`, so each back lands behind its front.

    A flip about the sheet's vertical axis (long edge of a portrait sheet, short edge of a landscape
    one) mirrors columns; a flip about its horizontal axis mirrors rows and turns each back 180°.
    Mirroring registers because grids are centred. `offset` (points, in the printer's frame: see
    `page_offset`) moves the backs as seen through the front, to correct a printer's drift. What the
    offset pushes into the outer band is cut off there: art is clipped, marks shortened or, under
    3 mm, left out (the front's marks guide the cut).
    """
    dx, dy = page_offset(offset, sheet.landscape)

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

    area = printable(w, h, band)
    places = [replace(p, side="back", clip=_clamp(p.clip, area)) for p in places]
    kept = [m for m in (_clamp_mark(m, area) for m in marks) if m.length >= MIN_MARK]
    return Sheet(w, h, tuple(places), tuple(kept), _clamp(flip(shift(sheet.trim_box)), (0.0, 0.0, w, h)), _clamp(flip(shift(sheet.bleed_box)), area))


def _clamp(box: Box, area: Box) -> Box:
    x0, y0 = min(max(box[0], area[0]), area[2]), min(max(box[1], area[1]), area[3])
    return (x0, y0, max(x0, min(box[2], area[2])), max(y0, min(box[3], area[3])))


def _clamp_mark(m: Mark, area: Box) -> Mark:
    """The part of a mark inside `area`; a diagonal tick is kept whole or not at all."""
    x0, x1, y0, y1 = min(m.x0, m.x1), max(m.x0, m.x1), min(m.y0, m.y1), max(m.y0, m.y1)
    inside = area[0] <= x0 and x1 <= area[2] and area[1] <= y0 and y1 <= area[3]
    if (x0 != x1 and y0 != y1) or not (area[0] <= x1 and x0 <= area[2] and area[1] <= y1 and y0 <= area[3]):
        return m if inside else Mark(x0, y0, x0, y0)
    c = _clamp((x0, y0, x1, y1), area)
    return Mark(*c)


def mirrored_for_long_edge(sheet: Sheet) -> Sheet:
    """The back of a portrait sheet flipped on its long edge: columns mirror, rows stay."""
    return back_sheet(sheet, "long-edge")


def pack(paper: str, sizes: list[tuple[float, float]], bleed: float, shapes: list[str] | None = None, band: float = EDGE_BAND) -> list[Sheet]:
    """Pieces each with their own bleed and corner marks, packed in rows; the orientation that needs
    fewer sheets wins (portrait on a tie); each sheet's content is centred."""
    options = []
    errors = []
    for landscape in (False, True):
        width, height = sheet_size(paper, landscape)
        try:
            options.append(_pack_on(width, height, sizes, bleed, shapes, band))
        except ValueError as exc:
            errors.append(str(exc))
    if not options:
        raise SheetFitError(f"{errors[-1]} ({paper})")
    return min(options, key=len)


def _pack_on(width: float, height: float, sizes: list[tuple[float, float]], bleed: float, shapes: list[str] | None = None, band: float = EDGE_BAND) -> list[Sheet]:
    # Round pieces have no corners to mark, only axis ticks, so they pack closer; the bleed still
    # keeps each clear of its neighbours' art.
    round_only = bool(shapes) and all(shape == "circle" for shape in shapes or [])
    if round_only:  # small discs' ticks reach past their square: widen the gutter and margin to suit
        reach = max(_tick_reach(min(w, h), bleed) for w, h in sizes)
        step = 2 * bleed + max(ROUND_GUTTER, 2 * (reach - bleed) + MARK_GAP)  # trim-to-trim space between neighbours
        margin = max(ROUND_MARGIN, bleed + band, reach + band)
    else:
        step, margin = 2 * bleed + PACK_GUTTER, max(PACK_MARGIN, band + MARK_GAP + MIN_MARK + MIN_BLEED)
    room_w, room_h = width - 2 * margin, height - 2 * margin
    pages: list[list[tuple[int, float, float]]] = [[]]  # (index, x, y-from-top) per page
    x = y = row_h = 0.0
    for i, (w, h) in enumerate(sizes):
        if w > room_w or h > room_h:
            raise ValueError(f"a {_mm(w)} × {_mm(h)} mm piece does not fit a {_mm(width)} × {_mm(height)} mm sheet")
        if x and x + w > room_w:
            x, y, row_h = 0.0, y + row_h + step, 0.0
        if y + h > room_h:
            pages.append([])
            x = y = row_h = 0.0
        pages[-1].append((i, x, y))
        x += w + step
        row_h = max(row_h, h)
    return [pack_sheet(width, height, page, sizes, bleed, shapes, band) for page in pages]


def pack_sheet(width: float, height: float, page: list[tuple[int, float, float]], sizes: list[tuple[float, float]], bleed: float, shapes: list[str] | None, band: float) -> Sheet:
    used_w = max(px + sizes[i][0] for i, px, _ in page)
    used_h = max(py + sizes[i][1] for i, _, py in page)
    ox = (width - used_w) / 2
    top = height - (height - used_h) / 2
    placements = []
    marks: list[Mark] = []
    for i, px, py in page:
        w, h = sizes[i]
        tx, ty = ox + px, top - py - h
        if shapes is not None and shapes[i] == "circle":
            placements.append(Placement(i, tx, ty, w, h, (tx - bleed, ty - bleed, tx + w + bleed, ty + h + bleed), shape="circle"))
            marks += _diagonal_ticks(tx, ty, w, h, bleed)
            continue
        # left, bottom, right, top: (printed bleed, mark length) against the sheet edge on that side
        sides = [_side(room, bleed, PACK_MARK, band, (w, h)) for room in (tx, ty, width - tx - w, height - ty - h)]
        bl, bb, br, bt = (s[0] for s in sides)
        placements.append(Placement(i, tx, ty, w, h, (tx - bl, ty - bb, tx + w + br, ty + h + bt)))
        marks += _corner_marks(tx, ty, w, h, sides)
    trims = [(p.x, p.y, p.x + p.w, p.y + p.h) for p in placements]
    return Sheet(width, height, tuple(placements), tuple(marks), _union(trims), _union([p.clip for p in placements]))


def _side(room: float, bleed: float, longest: float, band: float, size: tuple[float, float]) -> tuple[float, float]:
    """(printed bleed, mark length) on a side whose trim is `room` from the sheet edge. Near the edge
    the bleed gives way (to 1 mm) before the mark falls under 3 mm or reaches the outer band."""
    free = room - band - MARK_GAP
    printed = min(bleed, free - MIN_MARK)
    if printed < MIN_BLEED:
        raise ValueError(f"a {_mm(size[0])} × {_mm(size[1])} mm piece leaves no room for its crop marks")
    return printed, min(longest, free - printed)


def _tick_reach(diameter: float, bleed: float) -> float:
    """How far past its trim square, on each axis, a round piece's diagonal tick ends."""
    r = diameter / 2
    return (r + bleed + MARK_GAP + ROUND_TICK) / math.sqrt(2) - r


def _diagonal_ticks(x: float, y: float, w: float, h: float, bleed: float) -> list[Mark]:
    """A round piece is cut along its edge: four radial ticks at 45°, beyond the bleed circle, show
    where. They lie in the corners of the piece's square, which are white (clipped to the circle)."""
    r = min(w, h) / 2
    cx, cy = x + w / 2, y + h / 2
    near, far = (r + bleed + MARK_GAP) / math.sqrt(2), (r + bleed + MARK_GAP + ROUND_TICK) / math.sqrt(2)
    return [Mark(cx + sx * near, cy + sy * near, cx + sx * far, cy + sy * far) for sx in (-1, 1) for sy in (-1, 1)]


def _corner_marks(x: float, y: float, w: float, h: float, sides: list[tuple[float, float]]) -> list[Mark]:
    """At each corner, a hairline on each of its two cut lines, running outwards beyond the bleed."""
    (bl, ll), (bb, lb), (br, lr), (bt, lt) = sides
    marks = []
    for cy in (y, y + h):
        marks += [Mark(x - bl - MARK_GAP - ll, cy, x - bl - MARK_GAP, cy), Mark(x + w + br + MARK_GAP, cy, x + w + br + MARK_GAP + lr, cy)]
    for cx in (x, x + w):
        marks += [Mark(cx, y - bb - MARK_GAP - lb, cx, y - bb - MARK_GAP), Mark(cx, y + h + bt + MARK_GAP, cx, y + h + bt + MARK_GAP + lt)]
    return marks

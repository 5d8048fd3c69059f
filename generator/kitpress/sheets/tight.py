"""Pieces of several kinds (a board, tokens, a referee card) on the fewest sheets: shelves filled
first-fit, tallest pieces first, each piece turned a quarter when that lets it lie flat or fit. Marks
and bleeds are those of `geometry.pack`; only the placing differs."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from kitpress.pieces import PT_PER_MM
from kitpress.sheets.geometry import (
    EDGE_BAND,
    MARK_GAP,
    MIN_BLEED,
    MIN_MARK,
    PACK_GUTTER,
    PACK_MARGIN,
    Sheet,
    SheetFitError,
    pack_sheet,
    sheet_size,
)


@dataclass
class _Shelf:
    y: float  # from the top of the room
    height: float
    used: float = 0.0


@dataclass
class _Page:
    shelves: list[_Shelf] = field(default_factory=list)
    spots: list[tuple[int, float, float, bool]] = field(default_factory=list)  # index, x, y from top, turned

    def depth(self, step: float) -> float:
        return max((s.y + s.height + step for s in self.shelves), default=0.0)


def pack_tight(paper: str, sizes: list[tuple[float, float]], bleed: float, shapes: list[str], band: float = EDGE_BAND) -> list[Sheet]:
    """The orientation of sheet that needs fewer sheets wins (portrait on a tie)."""
    options, problems = [], []
    for landscape in (False, True):
        try:
            options.append(_tight_on(*sheet_size(paper, landscape), sizes, bleed, shapes, band))
        except ValueError as exc:
            problems.append(str(exc))
    if not options:
        raise SheetFitError(f"{problems[-1]} ({paper})")
    return min(options, key=len)


# Orders to place the pieces in; and for each size of piece, whether one opening a shelf lies flat
# (the lowest shelf) or stands (room beside it for its like). A game has a handful of sizes, so every
# choice is tried and the fewest sheets win.
_ORDERS = (
    lambda size: (-min(size), -max(size)),
    lambda size: (-size[0] * size[1], -max(size)),
)
MAX_TRIED_SIZES = 8  # beyond this many sizes, all lie flat or all stand


def _tight_on(width: float, height: float, sizes: list[tuple[float, float]], bleed: float, shapes: list[str], band: float) -> list[Sheet]:
    step = 2 * bleed + PACK_GUTTER
    margin = max(PACK_MARGIN, band + MARK_GAP + MIN_MARK + MIN_BLEED)
    room_w, room_h = width - 2 * margin, height - 2 * margin
    ways: list[list[tuple[float, float, bool]]] = []
    for w, h in sizes:
        ways.append([(a, b, turned) for a, b, turned in ((w, h, False), (h, w, True)) if a <= room_w and b <= room_h])
        if not ways[-1]:
            raise ValueError(f"a {w / PT_PER_MM:.1f} × {h / PT_PER_MM:.1f} mm piece does not fit a {width / PT_PER_MM:.1f} × {height / PT_PER_MM:.1f} mm sheet")
    kinds = sorted({_kind(size) for size in sizes})
    if len(kinds) <= MAX_TRIED_SIZES:
        choices = [{k: bool(bits >> n & 1) for n, k in enumerate(kinds)} for bits in range(2 ** len(kinds))]
    else:
        choices = [dict.fromkeys(kinds, False), dict.fromkeys(kinds, True)]
    tries = []
    for order in _ORDERS:
        for standing in choices:
            pages: list[_Page] = []
            for i in sorted(range(len(sizes)), key=lambda i: (*order(sizes[i]), i)):
                if not _on_a_shelf(pages, i, ways[i], step, room_w):
                    _on_a_new_shelf(pages, i, ways[i], step, room_h, standing[_kind(sizes[i])])
            tries.append((len(pages), -len(pages[-1].spots) if pages else 0, pages))
    pages = min(tries, key=lambda t: t[:2])[2]  # the fewest sheets; then the most on the last (the rest fuller)
    sheets = []
    for page in pages:
        placed = [(i, x, y) for i, x, y, _ in page.spots]
        turned = {i for i, _, _, t in page.spots if t}
        footprint = [(h, w) if i in turned else (w, h) for i, (w, h) in enumerate(sizes)]
        sheet = pack_sheet(width, height, placed, footprint, bleed, shapes, band)
        sheets.append(replace(sheet, placements=tuple(replace(p, rotate=90) if p.index in turned else p for p in sheet.placements)))
    return sheets


def _kind(size: tuple[float, float]) -> tuple[float, float]:
    return (round(min(size), 1), round(max(size), 1))


def _on_a_shelf(pages: list[_Page], i: int, ways: list[tuple[float, float, bool]], step: float, room_w: float) -> bool:
    """Beside the pieces of an open shelf it is no taller than, in the way that wastes least height."""
    for page in pages:
        for shelf in page.shelves:
            fitting = [(a, b, t) for a, b, t in ways if b <= shelf.height and shelf.used + (step if shelf.used else 0) + a <= room_w]
            if fitting:
                a, _, turned = max(fitting, key=lambda way: way[1])
                x = shelf.used + (step if shelf.used else 0)
                page.spots.append((i, x, shelf.y, turned))
                shelf.used = x + a
                return True
    return False


def _on_a_new_shelf(pages: list[_Page], i: int, ways: list[tuple[float, float, bool]], step: float, room_h: float, standing: bool) -> None:
    a, b, turned = (max if standing else min)(ways, key=lambda way: way[1])
    for page in pages:
        y = page.depth(step)
        if y + b <= room_h:
            break
    else:
        page, y = _Page(), 0.0
        pages.append(page)
    page.shelves.append(_Shelf(y, b, a))
    page.spots.append((i, 0.0, y, turned))

"""Pieces of several kinds (a board, tokens, a referee card) on the fewest sheets: shelves filled
first-fit, tallest pieces first, each piece turned a quarter when that lets it lie flat or fit. Marks
and bleeds are those of `geometry.pack`; only the placing differs."""

from __future__ import annotations

import bisect
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
    depth: float = 0.0  # the room's height its shelves take, a gutter below each


Way = tuple[float, float, bool]  # width and height as the piece lies, and whether it is turned
_Entry = tuple[tuple[int, int], _Shelf, _Page]  # a shelf's place in first-fit order (page, shelf), it, its page


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
    kind = [_kind(size) for size in sizes]
    tries = []
    for order in _ORDERS:
        placing = sorted(range(len(sizes)), key=lambda i: (*order(sizes[i]), i))
        for standing in choices:
            pages = _shelve(placing, ways, [standing[k] for k in kind], step, room_w, room_h)
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


def _shelve(placing: list[int], ways: list[list[Way]], standing: list[bool], step: float, room_w: float, room_h: float) -> list[_Page]:
    """Each piece in turn beside the pieces of the first open shelf (page by page, shelf by shelf) it is
    no taller than and fits beside, in the way that wastes least height; else on a new shelf, lying flat
    or standing, on the first page with room below, or a new page.

    A shelf a piece does not fit never fits a piece of that size again (its height is fixed and it only
    fills), nor a page's room below it, so each size keeps the shelves and the first page still worth
    trying: each piece looks at a shelf once, not at every shelf of the class (the same choices as
    trying every shelf each time, in time that grows with the pieces, not with their square)."""
    pages: list[_Page] = []
    shelves: list[_Entry] = []  # every shelf, in first-fit order
    worth: dict[tuple[Way, ...], list[_Entry]] = {}  # a size's ways → the shelves it may still fit
    first_page: dict[float, int] = {}  # a new shelf's height → the first page that may still take it
    for i in placing:
        key = tuple(ways[i])
        tried = worth.get(key)
        if tried is None:
            tried = worth[key] = list(shelves)
        for n, (_, shelf, page) in enumerate(tried):
            fitting = [(a, b, t) for a, b, t in key if b <= shelf.height and shelf.used + (step if shelf.used else 0) + a <= room_w]
            if fitting:
                a, _, turned = max(fitting, key=lambda way: way[1])
                x = shelf.used + (step if shelf.used else 0)
                page.spots.append((i, x, shelf.y, turned))
                shelf.used = x + a
                del tried[:n]  # the shelves before it are full for this size, for good
                break
        else:
            tried.clear()
            entry = _on_a_new_shelf(pages, first_page, i, ways[i], step, room_h, standing[i])
            bisect.insort(shelves, entry, key=lambda e: e[0])
            for others in worth.values():
                bisect.insort(others, entry, key=lambda e: e[0])
    return pages


def _on_a_new_shelf(pages: list[_Page], first_page: dict[float, int], i: int, ways: list[Way], step: float, room_h: float, standing: bool) -> _Entry:
    a, b, turned = (max if standing else min)(ways, key=lambda way: way[1])
    n = first_page.get(b, 0)
    while n < len(pages) and pages[n].depth + b > room_h:
        n += 1
    first_page[b] = n
    if n == len(pages):
        pages.append(_Page())
    page = pages[n]
    y = page.depth if page.shelves else 0.0
    shelf = _Shelf(y, b, a)
    page.shelves.append(shelf)
    page.spots.append((i, 0.0, y, turned))
    page.depth = max(page.depth, y + b + step)
    return (n, len(page.shelves) - 1), shelf, page

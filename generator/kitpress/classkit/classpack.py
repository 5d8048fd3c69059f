"""A whole class's single-sided pieces on the fewest sheets: the sets' pieces are alike and have no backs,
so the class kit packs every set's together (fourteen sets' boards, tokens and referee cards share
sheets) instead of printing one set's file fourteen times.

The packer is MaxRects (free rectangles, best short-side fit, each piece turned a quarter when that
fits better), tried over a few orders of the pieces; the shelf packer of `sheets.tight` is tried too and
the fewer sheets win. Marks, bleeds and the outer band are those of `geometry.pack_sheet`.

Every set's pieces are the same pieces, so a school's worth of sets is a pattern: up to `EXACT_SETS`
sets (a class of 32 at tables of two) are packed all at once; beyond, a block of 1 to `BLOCK_SETS` sets
is packed, the block that needs the fewest sheets for the whole class is printed again and again, and
the sets left over are packed on their own. Packing all at once takes time that grows with the square
of the pieces (every piece looks at every open sheet), a block's repeats none: its sheets are drawn
once and the print job holds them as many times as needed.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, replace

from kitpress.pieces import PrintJob
from kitpress.sheets.geometry import (
    EDGE_BAND,
    MARK_GAP,
    MIN_BLEED,
    MIN_MARK,
    PACK_GUTTER,
    PACK_MARGIN,
    Sheet,
    pack_sheet,
    sheet_size,
)
from kitpress.sheets.impose import Page
from kitpress.sheets.presets import Preset
from kitpress.sheets.tight import pack_tight
from kitpress.spec.load import LoadedSpec
from kitpress.stock import PLAIN, stock_for

Rect = tuple[float, float, float, float]  # x, y (from the room's top left), width, height


@dataclass(frozen=True)
class Spot:
    index: int
    x: float
    y: float
    turned: bool


def _place(free: list[Rect], w: float, h: float) -> tuple[float, Rect, bool] | None:
    """The free rectangle and way round that leave the shortest side over (the score, lowest best)."""
    best: tuple[float, Rect, bool] | None = None
    for rect in free:
        for a, b, turned in ((w, h, False), (h, w, True)):
            if a <= rect[2] + 1e-6 and b <= rect[3] + 1e-6:
                score = min(rect[2] - a, rect[3] - b)
                if best is None or score < best[0]:
                    best = (score, (rect[0], rect[1], a, b), turned)
    return best


def _split(free: list[Rect], used: Rect) -> list[Rect]:
    """Free rectangles once `used` is taken: each overlapped one gives up to four, none inside another."""
    ux, uy, uw, uh = used
    out: list[Rect] = []
    for fx, fy, fw, fh in free:
        if ux >= fx + fw or ux + uw <= fx or uy >= fy + fh or uy + uh <= fy:
            out.append((fx, fy, fw, fh))
            continue
        if ux > fx:
            out.append((fx, fy, ux - fx, fh))
        if ux + uw < fx + fw:
            out.append((ux + uw, fy, fx + fw - ux - uw, fh))
        if uy > fy:
            out.append((fx, fy, fw, uy - fy))
        if uy + uh < fy + fh:
            out.append((fx, uy + uh, fw, fy + fh - uy - uh))
    return [r for r in out if not any(o is not r and _inside(r, o) for o in out)]


def _inside(a: Rect, b: Rect) -> bool:
    return a != b and a[0] >= b[0] and a[1] >= b[1] and a[0] + a[2] <= b[0] + b[2] and a[1] + a[3] <= b[1] + b[3]


def _maxrects(sizes: list[tuple[float, float]], room_w: float, room_h: float, step: float, order: list[int]) -> list[list[Spot]] | None:
    """Each piece takes its size and a gutter (`step`) right and below; the room grows by one gutter.

    Each piece goes to the best fit on any open sheet, the earliest sheet on a tie. A sheet's best fit
    for a size changes only when a piece is placed on it, so it is kept, for every size, in a heap of
    (fit, sheet) ordered as that choice is: a piece pops the sheets whose fit has changed since and takes
    the top one, instead of measuring every open sheet of the class again."""
    pages: list[tuple[list[Rect], list[Spot]]] = []
    padded = sorted({(w + step, h + step) for w, h in sizes})
    heaps: dict[tuple[float, float], list[tuple[float, int, int, Rect, bool]]] = {size: [] for size in padded}
    version: list[int] = []  # of each sheet: how many pieces it holds

    def measure(n: int) -> None:
        free = pages[n][0]
        for size, heap in heaps.items():
            if (found := _place(free, *size)) is not None:
                heapq.heappush(heap, (found[0], n, version[n], found[1], found[2]))

    for i in order:
        w, h = sizes[i][0] + step, sizes[i][1] + step
        heap = heaps[(w, h)]
        while heap and heap[0][2] != version[heap[0][1]]:
            heapq.heappop(heap)  # measured before the sheet last changed
        if heap:
            _, n, _, (x, y, a, b), turned = heapq.heappop(heap)
        else:
            found = _place([(0.0, 0.0, room_w + step, room_h + step)], w, h)
            if found is None:
                return None  # too big for a sheet either way round
            pages.append(([(0.0, 0.0, room_w + step, room_h + step)], []))
            version.append(0)
            n, (x, y, a, b), turned = len(pages) - 1, found[1], found[2]
        free, spots = pages[n]
        spots.append(Spot(i, x, y, turned))
        free[:] = _split(free, (x, y, a, b))
        version[n] += 1
        measure(n)
    return [spots for _, spots in pages]


def pack_class(paper: str, sizes: list[tuple[float, float]], bleed: float, shapes: list[str], band: float = EDGE_BAND) -> list[Sheet]:
    """The fewest sheets that hold every piece: MaxRects over a few orders and both ways up of the sheet,
    or the shelf packer's answer when that is as good."""
    best = pack_tight(paper, sizes, bleed, shapes, band)
    step = 2 * bleed + PACK_GUTTER
    margin = max(PACK_MARGIN, band + MARK_GAP + MIN_MARK + MIN_BLEED)
    orders = [
        sorted(range(len(sizes)), key=lambda i: (-sizes[i][0] * sizes[i][1], i)),
        sorted(range(len(sizes)), key=lambda i: (-max(sizes[i]), i)),
        sorted(range(len(sizes)), key=lambda i: (-min(sizes[i]), i)),
        sorted(range(len(sizes)), key=lambda i: (-sizes[i][1], -sizes[i][0], i)),
        sorted(range(len(sizes)), key=lambda i: (-sizes[i][0], -sizes[i][1], i)),
    ]
    for landscape in (False, True):
        width, height = sheet_size(paper, landscape)
        for order in orders:
            pages = _maxrects(sizes, width - 2 * margin, height - 2 * margin, step, order)
            if pages is None or len(pages) >= len(best):
                continue
            best = [_sheet(width, height, spots, sizes, bleed, shapes, band) for spots in pages]
    return best


def _sheet(width: float, height: float, spots: list[Spot], sizes: list[tuple[float, float]], bleed: float, shapes: list[str], band: float) -> Sheet:
    turned = {s.index for s in spots if s.turned}
    footprint = [(h, w) if i in turned else (w, h) for i, (w, h) in enumerate(sizes)]
    sheet = pack_sheet(width, height, [(s.index, s.x, s.y) for s in spots], footprint, bleed, shapes, band)
    return replace(sheet, placements=tuple(replace(p, rotate=90) if p.index in turned else p for p in sheet.placements))


EXACT_SETS = 16  # up to this many sets, every piece is packed at once (a class of 32 at tables of two)
BLOCK_SETS = 4  # beyond, the best block of 1 to this many sets is repeated (two sets fill whole sheets in each bundled game)


@dataclass(frozen=True)
class ClassPacking:
    """The class's sheets of one job: `block`'s pages `repeats` times, then `rest`'s (a block holds
    `block_sets` sets, `rest` the `rest_sets` sets left over)."""

    block: tuple[Page, ...]
    block_sets: int
    repeats: int
    rest: tuple[Page, ...] = ()
    rest_sets: int = 0

    @property
    def pages(self) -> list[Page]:
        return [*self.block * self.repeats, *self.rest]

    @property
    def sets(self) -> int:
        return self.block_sets * self.repeats + self.rest_sets


def pack_sets(job: PrintJob, sets: int, preset: Preset) -> ClassPacking:
    """Every set's pieces of a single-sided job on the fewest sheets the pattern allows (see above)."""
    if sets <= EXACT_SETS:
        return ClassPacking(tuple(class_pages(job, sets, preset)), sets, 1)
    blocks = {n: class_pages(job, n, preset) for n in range(1, BLOCK_SETS + 1)}

    def sheets(n: int) -> tuple[int, int]:  # the whole class's sheets with blocks of n sets; the larger block on a tie
        return (sets // n) * len(blocks[n]) + (len(blocks[sets % n]) if sets % n else 0), -n

    n = min(blocks, key=sheets)
    rest = sets % n
    return ClassPacking(tuple(blocks[n]), n, sets // n, tuple(blocks[rest]) if rest else (), rest)


def class_pages(job: PrintJob, sets: int, preset: Preset) -> list[Page]:
    """`sets` sets' pieces of a single-sided job, all packed at once: the pages of one file."""
    fronts = job.fronts * sets
    sheets = pack_class(preset.paper, [(a.trim_w, a.trim_h) for a in fronts], max(a.bleed for a in fronts), [a.shape for a in fronts], preset.edge_band)
    return [Page(sheet, fronts) for sheet in sheets]


def class_files(loaded: LoadedSpec, preset: Preset, sets: int) -> dict[str, tuple[tuple[bytes, ...], int]]:
    """The game's single-sided files of pieces to cut (card stock, labels), each once for the class with
    every set's pieces packed together: game file name → (the PDFs the print job holds one after the
    other, pages). A repeated block's PDF is drawn once and named as often as it prints."""
    from kitpress.build import job_path_of, pages_pdf, set_jobs

    jobs, layout = set_jobs(loaded, preset)
    held = {j.name for j in layout.sources} | {j.name for gang in layout.gangs.values() for j in gang}
    chosen = [layout.shared] if layout.shared is not None else []
    chosen += [j for j in jobs if j.layout == "pack" and not j.backs and j.name not in held and stock_for(j.kind, j) != PLAIN]
    out: dict[str, tuple[tuple[bytes, ...], int]] = {}
    for job in chosen:
        packing = pack_sets(job, sets, preset)
        title = f"{loaded.spec.identity.title} — {job.title or job.name}, {sets} sets"
        if packing.repeats == 1 and not packing.rest:
            sources: tuple[bytes, ...] = (pages_pdf(list(packing.block), title, job.kind),)
        else:
            block = pages_pdf(list(packing.block), f"{title}, {packing.block_sets} a block", job.kind)
            sources = (block,) * packing.repeats + ((pages_pdf(list(packing.rest), f"{title}, the last {packing.rest_sets}", job.kind),) if packing.rest else ())
        out[job_path_of(loaded, job, preset)] = (sources, len(packing.pages))
    return out

"""Print jobs, not files: the kit's print files grouped by what the printer is loaded with, one PDF a
stock (and flip), numbered in the order to print, every copy inside. The per-game files stay in the
kit, to reprint one.

- Every job's cover page (what to load, how to print it) is printed on plain paper: the first plain
  job opens with all of them, one sheet each, to take to the printer with their job. A card-stock or
  label job starts directly with its first sheet to print, so no card or label sheet carries a cover.
- Plain paper first: its first sheet after the covers is the calibration page, so the backs' offset is
  checked (and a printer profile made) before any card is printed; then card stock, then labels.
- A two-sided card-stock job opens with the calibration page again: the one proof sheet, printed alone
  on the card itself, which shows a wrong flip or a stack turned the wrong way before the rest.
- With a duplex printer a stock's job is double-sided: a single-sided sheet to read (an answer key, a
  reference sheet) shares its sheet with the next one of its game, back to back; a single-sided piece to
  cut, or a sheet declared single-sided (a score sheet, one a player), gets a blank back. Each copy starts
  on a sheet of its own.
- Card printed by hand (`--duplex manual`): the card with backs is its own job, every front then every
  back in the same order (the stack turned over once), opening with the proof sheet; card pieces
  without backs are a single-sided job; plain paper still goes through the duplexer.
- A single-sided job of pieces (the card-stock file, the labels) is printed for the whole class at once:
  every set's pieces packed together (`classpack`), not one set's file again and again.
- The print and assemble pages of the games stay out: they tell how to print one set from the game's
  files, which the jobs replace (they are in the kit folder for a reprint).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from kitpress.classkit.plan import SIDES, KitPlan, PrintItem
from kitpress.sheets.presets import TWO_SIDED
from kitpress.stock import CARD_STOCK, LABEL, ONE_SIDED, PLAIN, stock_rank

if TYPE_CHECKING:
    from pypdf import PdfReader

NOT_IN_A_JOB = frozenset({"packing-list", "assembly"})  # printed from their own files (see above)
STOCK_WORDS = {CARD_STOCK: "card-stock", PLAIN: "plain", LABEL: "label"}
HAND_PAPER_FLIP = "long-edge"  # printing card by hand, plain paper still goes through the duplexer
JOB_ORDER = (PLAIN, CARD_STOCK, LABEL)  # plain first: it opens with the calibration page
# What to load, said on each cover and in the packing list.
LOAD = {
    CARD_STOCK: "card stock, 200–250 g/m² (74–92 lb cover); a home printer's rear or manual feed takes it best",
    PLAIN: "plain paper, 75–90 g/m² (20–24 lb)",
    LABEL: "full-sheet sticker (label) paper",
}


@dataclass(frozen=True)
class Part:
    """What a job prints for one or more kit files: per copy, the PDFs put together on its sheets.

    `items`: one file, or a game's one-page sheets to read printed back to back; `sets`: the sets a
    packed part holds (every set's pieces on shared sheets, one copy), else 0."""

    items: tuple[PrintItem, ...]
    copies: tuple[tuple[bytes, ...], ...]
    pages: tuple[int, ...]  # per copy
    blank_backs: bool = False  # a piece to cut in a double-sided job: nothing on its back
    sets: int = 0

    def sheets(self, double_sided: bool) -> int:
        if not double_sided or self.blank_backs:
            return sum(self.pages)
        return sum(math.ceil(p / 2) for p in self.pages)

    @property
    def paths(self) -> list[str]:
        return [i.path for i in self.items]

    @property
    def lettered(self) -> bool:
        """Each copy differs: its backs carry its set's letter."""
        return len(set(self.copies)) > 1


@dataclass(frozen=True)
class PrintRun:
    number: int
    stock: str
    duplex: str  # none | long-edge | short-edge | manual (by hand: every front, then every back)
    parts: tuple[Part, ...]
    covers: tuple[int, ...] = ()  # the jobs whose cover pages this one opens with (see plan_runs)

    @property
    def double_sided(self) -> bool:
        return self.duplex not in ONE_SIDED

    @property
    def calibration(self) -> bool:
        return any(i.kind == "calibration" for p in self.parts for i in p.items)

    @property
    def name(self) -> str:
        sides = {"none": "single-sided", "long-edge": "duplex", "short-edge": "duplex-short-edge", "manual": "by-hand"}.get(self.duplex, self.duplex)
        return f"{self.number}-{STOCK_WORDS.get(self.stock, 'other')}-{sides}.pdf"

    @property
    def sides(self) -> str:
        return SIDES.get(self.duplex, self.duplex)

    @property
    def sheets(self) -> int:
        """The parts' sheets and a sheet for each cover it opens with."""
        return len(self.covers) + sum(p.sheets(self.double_sided) for p in self.parts)

    @property
    def title(self) -> str:
        return f"{self.stock.capitalize()}, {self.sides}"

    @property
    def fronts(self) -> int:
        """By hand: the pages of fronts, printed before every back (each part's pages are half fronts)."""
        return sum(sum(p.pages) for p in self.parts) // 2


Packed = Callable[[PrintItem], tuple[bytes, int] | None]  # a class-wide packed file of an item, and its pages


def plan_runs(plan: KitPlan, copies: Callable[[PrintItem], tuple[bytes, ...]], pages: Callable[[bytes], int], packed: Packed) -> list[PrintRun]:
    """The kit's print runs in the order to print. `copies(item)`: the PDF of each copy; `packed(item)`:
    every set's pieces of a single-sided item on shared sheets, when that is how it prints."""
    duplex = plan.preset.duplex if plan.preset.duplex in TWO_SIDED else "none"
    groups: dict[tuple[str, str], list[Part]] = {}
    owner = {item.path: game.id for game in plan.games for item in game.items}
    printed = [i for i in plan.all_items() if i.kind not in NOT_IN_A_JOB]
    both_sides = {i.stock for i in printed if i.duplex not in ONE_SIDED}  # a stock all one-sided stays so (labels)
    for item in sorted(printed, key=lambda i: i.kind != "calibration"):
        if duplex == "manual" and item.kind == "calibration":
            continue  # it measures the hand-fed card, not the paper's duplexer: it opens the card-stock job (_proof_first)
        one_sided = item.duplex in ONE_SIDED
        key = (item.stock, _one_sided_key(duplex, item.stock, both_sides) if one_sided else item.duplex)
        parts = groups.setdefault(key, [])
        double = key[1] != "none"
        made = packed(item) if one_sided and item.copies > 1 else None
        if made is not None:
            parts.append(Part((item,), ((made[0],),), (made[1],), blank_backs=double, sets=item.copies))
            continue
        per_copy = copies(item)
        part = Part((item,), tuple((c,) for c in per_copy), tuple(pages(c) for c in per_copy), blank_backs=double and one_sided and (item.stock != PLAIN or item.single_sided))
        last = parts[-1] if parts else None
        if double and one_sided and item.stock == PLAIN and last is not None and _shares(last, part, owner):
            parts[-1] = Part((*last.items, item), tuple((*a, *b) for a, b in zip(last.copies, part.copies, strict=True)), tuple(a + b for a, b in zip(last.pages, part.pages, strict=True)))
        else:
            parts.append(part)
    _proof_first(groups, printed, copies, pages)
    order = sorted(groups, key=lambda k: (JOB_ORDER.index(k[0]) if k[0] in JOB_ORDER else len(JOB_ORDER), stock_rank(k[0]), k[1] == "none", k[1]))
    runs = [PrintRun(n, stock, sides, tuple(groups[(stock, sides)])) for n, (stock, sides) in enumerate(order, 1)]
    return _with_covers(runs)


def _one_sided_key(duplex: str, stock: str, both_sides: set[str]) -> str:
    """Which job of its stock a single-sided item joins: the stock's double-sided job (with a blank back
    where it is a piece to cut), or a single-sided one. By hand ("manual") only the card is fed twice:
    plain paper still goes through the duplexer, and a card piece without a back is printed once."""
    if stock not in both_sides:
        return "none"
    if duplex == "manual":
        return HAND_PAPER_FLIP if stock == PLAIN else "none"
    return duplex


def _proof_first(groups: dict[tuple[str, str], list[Part]], printed: list[PrintItem], copies: Callable[[PrintItem], tuple[bytes, ...]], pages: Callable[[bytes], int]) -> None:
    """The calibration page also opens each two-sided card-stock job: the proof sheet on the card."""
    calibration = next((i for i in printed if i.kind == "calibration"), None)
    if calibration is None:
        return
    for (stock, sides), parts in groups.items():
        if stock == CARD_STOCK and sides not in ONE_SIDED:
            made = copies(calibration)[:1]
            parts.insert(0, Part((calibration,), (made,), (pages(made[0]),)))


def _with_covers(runs: list[PrintRun]) -> list[PrintRun]:
    """Every cover on plain paper: the first plain job opens with all of them; without a plain job
    each job keeps its own."""
    host = next((r for r in runs if r.stock == PLAIN), None)
    if host is None:
        return [replace(r, covers=(r.number,)) for r in runs]
    return [replace(r, covers=tuple(x.number for x in runs) if r is host else ()) for r in runs]


def cover_host(runs: tuple[PrintRun, ...] | list[PrintRun], run: PrintRun) -> PrintRun | None:
    """The job whose file holds `run`'s cover."""
    return next((r for r in runs if run.number in r.covers), None)


def _shares(last: Part, part: Part, owner: dict[str, str]) -> bool:
    """One-page sheets to read of the same game (or both the class's), as many copies: back to back."""
    a, b = last.items[-1], part.items[0]
    return (
        len(last.items) == 1 and not last.sets and last.pages[0] == 1 and part.pages[0] == 1
        and len(last.copies) == len(part.copies) and a.kind != "calibration" and a.stock == PLAIN
        and a.duplex in ONE_SIDED and owner.get(a.path) == owner.get(b.path)
        and not a.single_sided and not b.single_sided  # one a player: nothing on its back
    )  # fmt: skip


def _reader(readers: dict[bytes, PdfReader], data: bytes) -> PdfReader:
    from pypdf import PdfReader

    reader = readers.get(data)
    if reader is None:
        reader = readers[data] = PdfReader(io.BytesIO(data))
    return reader


def run_pdf(run: PrintRun, plan: KitPlan) -> bytes:
    """The covers the run opens with (each with a blank back when double-sided), then every copy of
    every part in order."""
    from pypdf import PdfWriter
    from pypdf.generic import NameObject

    from kitpress.classkit.cover import cover_pdf

    writer = PdfWriter()
    readers: dict[bytes, PdfReader] = {}  # one reader a distinct file: its fonts and art are written once

    def append(sources: tuple[bytes, ...], blank_backs: bool = False) -> None:
        count, box = 0, None
        for data in sources:
            reader = _reader(readers, data)
            for page in reader.pages:
                writer.add_page(page)
                box, count = page.mediabox, count + 1
                if run.double_sided and blank_backs:
                    writer.add_blank_page(float(box.width), float(box.height))
        if run.double_sided and not blank_backs and count % 2 and box is not None:
            writer.add_blank_page(float(box.width), float(box.height))  # the next copy starts a sheet

    by_number = {r.number: r for r in plan.runs} or {run.number: run}
    if run.duplex == "manual":  # every front, then every back in the same order: the stack fed through again
        for number in run.covers:  # only when no plain-paper job holds the covers
            for page in _reader(readers, cover_pdf(by_number[number], plan)).pages:
                writer.add_page(page)
        halves = [_reader(readers, data) for part in run.parts for sources in part.copies for data in sources]
        for first in (True, False):
            for reader in halves:
                half = len(reader.pages) // 2
                for page in list(reader.pages)[:half] if first else list(reader.pages)[half:]:
                    writer.add_page(page)
    else:
        for number in run.covers:
            append((cover_pdf(by_number[number], plan),))
        for part in run.parts:
            for sources in part.copies:
                append(sources, part.blank_backs)
    writer.add_metadata({"/Title": f"Print job {run.number}: {run.title}", "/Author": "kitpress", "/Creator": "kitpress", "/Producer": "kitpress"})
    prefs = writer.create_viewer_preferences()  # a viewer's print dialog starts at 100 % and the job's flip
    prefs.print_scaling = NameObject("/None")
    prefs.duplex = NameObject({"long-edge": "/DuplexFlipLongEdge", "short-edge": "/DuplexFlipShortEdge"}.get(run.duplex, "/Simplex"))
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()

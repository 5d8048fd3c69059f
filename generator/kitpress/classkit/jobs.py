"""Print jobs, not files: the kit's print files grouped by what the printer is loaded with (paper, stock,
sides), one PDF a run, numbered in the order to print, every copy inside, each opening with a cover
page that says how to print it. The per-game files stay in the kit for a reprint.

The order: the calibration page first (the backs' offset is checked before any card is printed), then
card stock (double-sided, then single-sided), plain paper, label paper. A double-sided run keeps every
copy on sheets of its own: a copy of an odd number of pages ends with a blank back.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

from kitpress.classkit.plan import SIDES, KitPlan, PrintItem
from kitpress.stock import CARD_STOCK, LABEL, ONE_SIDED, PLAIN, stock_rank

NOT_IN_A_JOB = frozenset({"packing-list"})  # the list that names the jobs is printed from its own file
STOCK_WORDS = {CARD_STOCK: "card-stock", PLAIN: "plain", LABEL: "label"}
# What to load, said once on each cover (the packing list says it too).
LOAD = {
    CARD_STOCK: "card stock, 200–250 g/m² (65–110 lb cover); a home printer's rear or manual feed takes it best",
    PLAIN: "plain paper, 75–90 g/m² (20–24 lb)",
    LABEL: "full-sheet sticker (label) paper",
}


@dataclass(frozen=True)
class Part:
    """One file of a run: the item, and the PDF of each copy (the same bytes when the copies are alike)."""

    item: PrintItem
    copies: tuple[bytes, ...]


@dataclass(frozen=True)
class PrintRun:
    number: int
    stock: str
    duplex: str  # the sides of every part: none | long-edge | short-edge (gutterfold prints as none)
    parts: tuple[Part, ...]
    calibration: bool = False

    @property
    def double_sided(self) -> bool:
        return self.duplex not in ONE_SIDED

    @property
    def name(self) -> str:
        if self.calibration:
            return f"{self.number}-calibration-{self.duplex}.pdf"
        sides = {"none": "single-sided", "long-edge": "duplex", "short-edge": "duplex-short-edge"}[self.duplex]
        return f"{self.number}-{STOCK_WORDS.get(self.stock, 'other')}-{sides}.pdf"

    @property
    def sides(self) -> str:
        return SIDES.get(self.duplex, self.duplex)

    @property
    def sheets(self) -> int:
        """The parts' sheets and the cover's one."""
        return 1 + sum(p.item.sheets for p in self.parts)

    @property
    def title(self) -> str:
        if self.calibration:
            return "Calibration page: print first, on plain paper"
        return f"{self.stock.capitalize()}, {self.sides}"


def _key(item: PrintItem) -> tuple[str, str]:
    return item.stock, "none" if item.duplex in ONE_SIDED else item.duplex


def plan_runs(plan: KitPlan, copies: Callable[[PrintItem], tuple[bytes, ...]]) -> list[PrintRun]:
    """The kit's print runs in the order to print; `copies(item)`: the PDF of each of its copies."""
    groups: dict[tuple[str, str], list[Part]] = {}
    calibration: list[Part] = []
    for item in plan.all_items():
        if item.kind in NOT_IN_A_JOB:
            continue
        part = Part(item, copies(item))
        if item.kind == "calibration":
            calibration.append(part)
        else:
            groups.setdefault(_key(item), []).append(part)
    order = sorted(groups, key=lambda k: (stock_rank(k[0]), k[1] == "none", k[1]))  # per stock: double-sided first
    runs: list[PrintRun] = []
    if calibration:
        runs.append(PrintRun(1, PLAIN, calibration[0].item.duplex, tuple(calibration), calibration=True))
    for stock, duplex in order:
        runs.append(PrintRun(len(runs) + 1, stock, duplex, tuple(groups[(stock, duplex)])))
    return runs


def run_pdf(run: PrintRun, plan: KitPlan) -> bytes:
    """The run's cover (and a blank back when double-sided), then every copy of every part in order."""
    from pypdf import PdfReader, PdfWriter

    from kitpress.classkit.cover import cover_pdf

    writer = PdfWriter()
    readers: dict[bytes, PdfReader] = {}  # one reader a distinct file: its fonts and art are written once

    def append(data: bytes) -> None:
        reader = readers.get(data)
        if reader is None:
            reader = readers[data] = PdfReader(io.BytesIO(data))
        for page in reader.pages:
            writer.add_page(page)
        if run.double_sided and len(reader.pages) % 2:
            box = reader.pages[-1].mediabox
            writer.add_blank_page(float(box.width), float(box.height))

    append(cover_pdf(run, plan))
    for part in run.parts:
        for data in part.copies:
            append(data)
    writer.add_metadata({"/Title": run.title, "/Author": "kitpress", "/Creator": "kitpress", "/Producer": "kitpress"})
    if run.double_sided:
        writer.create_viewer_preferences()
        prefs = writer.viewer_preferences
        if prefs is not None:
            prefs.duplex = "/DuplexFlipShortEdge" if run.duplex == "short-edge" else "/DuplexFlipLongEdge"
            prefs.print_scaling = "/None"
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()

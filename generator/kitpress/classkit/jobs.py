"""Print jobs, not files: the kit's print files grouped by what the printer is loaded with, one PDF a
stock (and flip), numbered in the order to print, every copy inside, each opening with a cover page that says how
to print it. The per-game files stay in the kit, to reprint one.

- Plain paper first: its first sheet after the cover is the calibration page, so the backs' offset is
  checked (and a printer profile made) before any card is printed; then card stock, then labels.
- With a duplex printer a stock's job is double-sided: a single-sided sheet to read (a score sheet, an
  answer key) shares its sheet with the next one of its game, back to back; a single-sided piece to cut
  gets a blank back. Each copy starts on a sheet of its own.
- A single-sided job of pieces (the card-stock file, the labels) is printed for the whole class at once:
  every set's pieces packed together (`classpack`), not one set's file again and again.
- The print and assemble pages of the games stay out: they tell how to print one set from the game's
  files, which the jobs replace (they are in the kit folder for a reprint).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass

from kitpress.classkit.plan import SIDES, KitPlan, PrintItem
from kitpress.stock import CARD_STOCK, LABEL, ONE_SIDED, PLAIN, stock_rank

NOT_IN_A_JOB = frozenset({"packing-list", "assembly"})  # printed from their own files (see above)
STOCK_WORDS = {CARD_STOCK: "card-stock", PLAIN: "plain", LABEL: "label"}
JOB_ORDER = (PLAIN, CARD_STOCK, LABEL)  # plain first: it opens with the calibration page
# What to load, said on each cover and in the packing list.
LOAD = {
    CARD_STOCK: "card stock, 200–250 g/m² (65–110 lb cover); a home printer's rear or manual feed takes it best",
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
    duplex: str  # none | long-edge | short-edge
    parts: tuple[Part, ...]

    @property
    def double_sided(self) -> bool:
        return self.duplex not in ONE_SIDED

    @property
    def calibration(self) -> bool:
        return any(i.kind == "calibration" for p in self.parts for i in p.items)

    @property
    def name(self) -> str:
        sides = {"none": "single-sided", "long-edge": "duplex", "short-edge": "duplex-short-edge"}.get(self.duplex, self.duplex)
        return f"{self.number}-{STOCK_WORDS.get(self.stock, 'other')}-{sides}.pdf"

    @property
    def sides(self) -> str:
        return SIDES.get(self.duplex, self.duplex)

    @property
    def sheets(self) -> int:
        """The parts' sheets and the cover's one."""
        return 1 + sum(p.sheets(self.double_sided) for p in self.parts)

    @property
    def title(self) -> str:
        return f"{self.stock.capitalize()}, {self.sides}"


Packed = Callable[[PrintItem], tuple[tuple[bytes, ...], int] | None]  # a class-wide packed file of an item (its PDFs in order), and its pages


def plan_runs(plan: KitPlan, copies: Callable[[PrintItem], tuple[bytes, ...]], pages: Callable[[bytes], int], packed: Packed) -> list[PrintRun]:
    """The kit's print runs in the order to print. `copies(item)`: the PDF of each copy; `packed(item)`:
    every set's pieces of a single-sided item on shared sheets, when that is how it prints."""
    duplex = plan.preset.duplex if plan.preset.duplex in ("long-edge", "short-edge") else "none"
    groups: dict[tuple[str, str], list[Part]] = {}
    owner = {item.path: game.id for game in plan.games for item in game.items}
    printed = [i for i in plan.all_items() if i.kind not in NOT_IN_A_JOB]
    both_sides = {i.stock for i in printed if i.duplex not in ONE_SIDED}  # a stock all one-sided stays so (labels)
    for item in sorted(printed, key=lambda i: i.kind != "calibration"):
        one_sided = item.duplex in ONE_SIDED
        key = (item.stock, (duplex if item.stock in both_sides else "none") if one_sided else item.duplex)
        parts = groups.setdefault(key, [])
        double = key[1] != "none"
        made = packed(item) if one_sided and item.copies > 1 else None
        if made is not None:
            parts.append(Part((item,), (made[0],), (made[1],), blank_backs=double, sets=item.copies))
            continue
        per_copy = copies(item)
        part = Part((item,), tuple((c,) for c in per_copy), tuple(pages(c) for c in per_copy), blank_backs=double and one_sided and item.stock != PLAIN)
        last = parts[-1] if parts else None
        if double and one_sided and item.stock == PLAIN and last is not None and _shares(last, part, owner):
            parts[-1] = Part((*last.items, item), tuple((*a, *b) for a, b in zip(last.copies, part.copies, strict=True)), tuple(a + b for a, b in zip(last.pages, part.pages, strict=True)))
        else:
            parts.append(part)
    order = sorted(groups, key=lambda k: (JOB_ORDER.index(k[0]) if k[0] in JOB_ORDER else len(JOB_ORDER), stock_rank(k[0]), k[1] == "none", k[1]))
    return [PrintRun(n, stock, sides, tuple(groups[(stock, sides)])) for n, (stock, sides) in enumerate(order, 1)]


def _shares(last: Part, part: Part, owner: dict[str, str]) -> bool:
    """One-page sheets to read of the same game (or both the class's), as many copies: back to back."""
    a, b = last.items[-1], part.items[0]
    return (
        len(last.items) == 1 and not last.sets and last.pages[0] == 1 and part.pages[0] == 1
        and len(last.copies) == len(part.copies) and a.kind != "calibration" and a.stock == PLAIN
        and a.duplex in ONE_SIDED and owner.get(a.path) == owner.get(b.path)
    )  # fmt: skip


def run_pdf(run: PrintRun, plan: KitPlan) -> bytes:
    """The run's cover (and a blank back when double-sided), then every copy of every part in order."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject

    from kitpress.classkit.cover import cover_pdf

    writer = PdfWriter()
    readers: dict[bytes, PdfReader] = {}  # one reader a distinct file: its fonts and art are written once

    def append(sources: tuple[bytes, ...], blank_backs: bool = False) -> None:
        count, box = 0, None
        for data in sources:
            reader = readers.get(data)
            if reader is None:
                reader = readers[data] = PdfReader(io.BytesIO(data))
            for page in reader.pages:
                writer.add_page(page)
                box, count = page.mediabox, count + 1
                if run.double_sided and blank_backs:
                    writer.add_blank_page(float(box.width), float(box.height))
        if run.double_sided and not blank_backs and count % 2 and box is not None:
            writer.add_blank_page(float(box.width), float(box.height))  # the next copy starts a sheet

    append((cover_pdf(run, plan),))
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

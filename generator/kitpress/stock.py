"""Which paper each printed file goes on, and what one complete set of a game prints on each: pure
rules over print jobs and manifest entries, read by the build (the manifest's sheet counts, the print
and assemble page) and by the class kit.

- boards, cards, tokens, discs and referee cards on card stock; the rule books and full-page sheets
  (both sides at least 150 mm: a sheet to read or write on, not a piece) on plain paper; labels on label
  paper;
- a complete set is every file of one paper except the backs-only files (the card files carry their
  backs for duplex printing), the calibration page and the teacher's book (once a class), and the
  single files whose pieces the shared card-stock file holds (kept to reprint one lost piece);
- sheets = pages (single-sided, gutterfold) or pages / 2 rounded up (double-sided).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from kitpress.pieces import PT_PER_MM, PrintJob
from kitpress.sheets.geometry import PAPERS
from kitpress.sheets.presets import Preset

CARD_STOCK = "card stock"
PLAIN = "plain paper"
LABEL = "label paper"
STOCK_ORDER = (CARD_STOCK, PLAIN, LABEL)
BOOKS = frozenset({"booklet", "teachers-book"})  # the student rules, the teacher's book
PLAIN_KINDS = frozenset({*BOOKS, "calibration", "sheet", "score-sheet", "answer-key", "guide", "packing-list", "assembly"})
LABEL_KINDS = frozenset({"label", "labels"})
CARD_KINDS = frozenset({"board", "cards", "tokens", "discs", "checklist", "pieces"})  # handled at the table
FULL_PAGE_MM = 150.0  # a piece at least this wide both ways is a sheet to write on or read, not a piece
ONE_SIDED = frozenset({"none", "gutterfold"})  # a gutterfold sheet is printed on one side and folded
ONCE_A_CLASS = frozenset({"calibration", "teachers-book", "assembly"})
SHARED_NAME = "card-stock"  # the file of a game's single-sided card-stock pieces, packed together


def job_path(game: str, job: PrintJob, preset: Preset) -> str:
    """The name of a job's file on this preset: the paper, then what differs from the defaults."""
    return f"{game}-{job.name}-{preset.suffix(cards=job.layout == 'grid9', backs=bool(job.backs))}.pdf"


def stock_for(kind: str, job: PrintJob | None) -> str:
    if kind in LABEL_KINDS:
        return LABEL
    if kind in PLAIN_KINDS:
        return PLAIN
    if kind not in CARD_KINDS and job is not None and job.fronts:
        smallest = min(min(art.trim_w, art.trim_h) for art in job.fronts) / PT_PER_MM
        if smallest >= FULL_PAGE_MM:
            return PLAIN
    return CARD_STOCK


def stock_rank(stock: str) -> tuple[int, str]:
    return (STOCK_ORDER.index(stock) if stock in STOCK_ORDER else len(STOCK_ORDER), stock)


def shareable(job: PrintJob) -> bool:
    """A job whose pieces may share sheets with the game's other such pieces: packed, single-sided
    and on card stock (cards keep their grid and shared cuts; two-sided pieces their backs)."""
    return job.layout == "pack" and not job.backs and stock_for(job.kind, job) == CARD_STOCK


def shared_job(jobs: Iterable[PrintJob]) -> tuple[PrintJob | None, tuple[PrintJob, ...]]:
    """All the game's shareable pieces as one job, and the jobs they come from; no job when fewer than
    two jobs would share (one job's own file already holds its pieces as tight as they go)."""
    sources = tuple(job for job in jobs if shareable(job))
    if len(sources) < 2:
        return None, ()
    fronts = tuple(art for job in sources for art in job.fronts)
    return PrintJob("pieces", SHARED_NAME, "shared", fronts, title="Card-stock pieces"), sources


def entry_sheets(entry: Mapping[str, Any]) -> int:
    pages = int(entry.get("pages") or 0)
    duplex = str(entry.get("duplex") or "none")
    if entry.get("kind") == "booklet" and duplex == "none":
        duplex = "long-edge"  # a rule book of pages is printed on both sides
    return pages if duplex in ONE_SIDED else math.ceil(pages / 2)


def set_entries(entries: Iterable[Mapping[str, Any]], paper: str, with_backs: bool = False) -> list[Mapping[str, Any]]:
    """The manifest entries one complete set prints on this paper (see the module's rules);
    `with_backs`: the backs-only files too (no duplex printer: they are the only backs there are)."""
    chosen = [e for e in entries if e.get("paper") == paper and str(e.get("path", "")).endswith(".pdf") and "/" not in str(e.get("path", ""))]
    held = {path for e in chosen for path in e.get("holds", ())}
    return [e for e in chosen if (with_backs or not str(e.get("kind", "")).endswith("-backs")) and e.get("kind") not in ONCE_A_CLASS and e.get("path") not in held]


def sheets_by_stock(entries: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    totals: Counter[str] = Counter()
    for entry in entries:
        totals[str(entry.get("stock") or CARD_STOCK)] += entry_sheets(entry)
    return {stock: totals[stock] for stock in sorted(totals, key=stock_rank)}


def entry_fields(job: PrintJob, preset: Preset, gang: Iterable[PrintJob] = ()) -> dict[str, Any]:
    """What a job's manifest entry says for the set's sheet counts: its stock, and for pieces that are
    cut, their trimmed area (with the pieces ganged on its sheets) and the printable area of one sheet
    (inside the preset's outer band)."""
    paper = stock_for(job.kind, job)
    out: dict[str, Any] = {"stock": paper}
    if paper != PLAIN:
        width, height = PAPERS[preset.paper]
        band = preset.edge_band
        arts = [*job.fronts, *(a for g in gang for a in g.fronts)]
        out["piece_area_mm2"] = round(sum(a.trim_w * a.trim_h for a in arts) / PT_PER_MM**2, 1)
        out["printable_mm2"] = round((width - 2 * band) * (height - 2 * band) / PT_PER_MM**2, 1)
    return out


def set_summary(entries: list[Mapping[str, Any]]) -> dict[str, dict[str, dict[str, int]]]:
    """Per paper and stock, the sheets one complete set prints, and for cut stock the area lower bound:
    the pieces' trimmed area over one sheet's printable area, rounded up."""
    papers = sorted({str(e["paper"]) for e in entries if e.get("paper")})
    out: dict[str, dict[str, dict[str, int]]] = {}
    for paper in papers:
        chosen = set_entries(entries, paper)
        summary: dict[str, dict[str, int]] = {}
        for name, sheets in sheets_by_stock(chosen).items():
            summary[name] = {"sheets": sheets}
            cut = [e for e in chosen if e.get("stock") == name and e.get("printable_mm2")]
            if cut:
                area = sum(float(e["piece_area_mm2"]) for e in cut)
                summary[name]["area_bound"] = math.ceil(area / float(cut[0]["printable_mm2"]) - 1e-9)
        out[paper] = summary
    return out


def _lower(name: str) -> str:
    """'Track board' → 'track board' inside a sentence; a name that starts with an acronym keeps it."""
    return name[:1].lower() + name[1:] if name[1:2].islower() else name


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def cut_for(job: PrintJob) -> str:
    """'16 cards', '3 tokens (2 round)', 'trim to the crop marks': what one copy of a job is cut into."""
    n = len(job.fronts)
    round_ = sum(1 for art in job.fronts if art.shape == "circle")
    if n == 1:
        return "cut out the circle" if round_ else "trim to the crop marks"
    noun = "card" if job.layout == "grid9" else (job.kind[:-1] if job.kind in CARD_KINDS and job.kind.endswith("s") else "piece")
    text = f"{n} {noun}s"
    if round_:
        text += ", round" if round_ == n else f", {round_} of them round"
    return text


def title_and_cut(kind: str, job: PrintJob | None, held: list[PrintJob]) -> tuple[str, str]:
    """A set file's name for people and what one copy is cut into; `held`: the jobs whose pieces it
    also prints (the shared card-stock file; a card file's last sheet)."""
    if kind == "pieces" and held:  # the game's small pieces, packed together
        title = "Card-stock pieces: " + "; ".join(_lower(h.title or h.name) for h in held)
        return title, cut_for(PrintJob("pieces", "pieces", "pack", tuple(a for h in held for a in h.fronts)))
    title = (job.title or job.name) if job else kind.replace("-", " ").capitalize()
    cut = cut_for(job) if job else "pieces at the crop marks"
    if held:  # pieces printed in the last sheet's empty cells
        cut += "; first cut out the " + _names([_lower(h.title or h.name) for h in held]) + " on the last sheet"
    return title, cut

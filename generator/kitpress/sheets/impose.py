"""Turn a print job into PDF pages for one preset: grids with duplex backs, gutterfolds, or packs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from kitpress.pieces import Art, PrintJob
from kitpress.sheets.gang import Block, blank_backs, ganged_sheet
from kitpress.sheets.geometry import Sheet, back_sheet, grid, gutterfold, pack, pack_gutterfold
from kitpress.sheets.presets import HAND_FLIP, TWO_SIDED, Preset
from kitpress.sheets.tight import pack_tight
from kitpress.stock import shareable, shared_job


@dataclass(frozen=True)
class Page:
    sheet: Sheet
    fronts: Sequence[Art]
    backs: Sequence[Art] = ()


def front_sheets(job: PrintJob, preset: Preset) -> list[Sheet]:
    first = job.fronts[0]
    if job.layout == "grid9":
        if preset.layout == "8up":
            return grid(preset.paper, first.trim_w, first.trim_h, first.bleed, len(job.fronts), 2 * first.bleed, True, preset.edge_band)
        return grid(preset.paper, first.trim_w, first.trim_h, first.bleed, len(job.fronts), band=preset.edge_band)
    if job.layout == "shared":  # several jobs' pieces on the fewest sheets
        return pack_tight(preset.paper, [(a.trim_w, a.trim_h) for a in job.fronts], max(a.bleed for a in job.fronts), [a.shape for a in job.fronts], preset.edge_band)
    return pack(preset.paper, [(a.trim_w, a.trim_h) for a in job.fronts], max(a.bleed for a in job.fronts), [a.shape for a in job.fronts], preset.edge_band)


def printed_pages(job: PrintJob, preset: Preset, gang: Sequence[PrintJob] = ()) -> list[Page]:
    """The job's main file: fronts, with each sheet's backs after it (duplex), beside it (gutterfold),
    or every back after every front, in the same order (manual: the stack fed through again, turned
    over on its long edge). `gang`: jobs whose pieces go in the empty cells of the last card sheet
    (see `ganged`)."""
    if job.backs and preset.duplex == "gutterfold":
        return [Page(s, job.fronts, job.backs) for s in _gutterfold_sheets(job, preset)]
    pages: list[Page] = []
    backs: list[Page] = []
    flip = HAND_FLIP if preset.duplex == "manual" else preset.duplex
    sheets = front_sheets(job, preset)
    last = _ganged_last(job, preset, gang) if gang else None
    for n, sheet in enumerate(sheets):
        fronts = job.fronts
        if last is not None and n == len(sheets) - 1:
            sheet, fronts = last[0], (*job.fronts, *(b.art for b in last[1]))
        pages.append(Page(replace(sheet, marks=()) if job.as_printed else sheet, fronts))
        if job.backs and preset.duplex in TWO_SIDED:
            back = Page(blank_backs(back_sheet(sheet, flip, preset.back_offset, preset.edge_band), len(job.fronts)), (), job.backs)
            (backs if preset.duplex == "manual" else pages).append(back)
    return pages + backs


def _ganged_last(job: PrintJob, preset: Preset, candidates: Sequence[PrintJob]) -> tuple[Sheet, list[Block]] | None:
    if job.layout != "grid9" or not job.backs or preset.layout != "9up" or preset.duplex not in TWO_SIDED:
        return None
    return ganged_sheet(preset.paper, job.fronts[0], len(job.fronts), preset.edge_band, [a for j in candidates for a in j.fronts])


def ganged(job: PrintJob, preset: Preset, candidates: Sequence[PrintJob]) -> tuple[PrintJob, ...]:
    """Which of `candidates` (single-sided card-stock jobs) print whole in the empty cells of this card
    job's last sheet on this preset, each job all its pieces or none."""
    chosen: list[PrintJob] = []
    for candidate in candidates:
        trial = [*chosen, candidate]
        last = _ganged_last(job, preset, trial)
        if last is not None and len(last[1]) == sum(len(j.fronts) for j in trial):
            chosen = trial
    return tuple(chosen)


def backs_only_pages(job: PrintJob, preset: Preset) -> list[Page]:
    """Backs alone, placed for the preset's flip (long-edge when printing without duplex)."""
    flip = preset.duplex if preset.duplex in ("long-edge", "short-edge") else "long-edge"
    return [Page(back_sheet(sheet, flip, preset.back_offset, preset.edge_band), (), job.backs) for sheet in front_sheets(job, preset)]


def _gutterfold_sheets(job: PrintJob, preset: Preset) -> list[Sheet]:
    first = job.fronts[0]
    if job.layout == "grid9":
        return gutterfold(preset.paper, first.trim_w, first.trim_h, first.bleed, len(job.fronts), preset.edge_band)
    return pack_gutterfold(preset.paper, [(a.trim_w, a.trim_h) for a in job.fronts], max(a.bleed for a in job.fronts), [a.shape for a in job.fronts], preset.edge_band)


@dataclass(frozen=True)
class SetLayout:
    """Where a set's single-sided card-stock pieces print on this preset: in a card job's last sheet
    (`gangs`, by card job) or together in the shared file (`shared`, made of `sources`)."""

    gangs: dict[str, tuple[PrintJob, ...]]
    shared: PrintJob | None
    sources: tuple[PrintJob, ...]


def set_layout(jobs: Sequence[PrintJob], preset: Preset) -> SetLayout:
    free = [j for j in jobs if shareable(j)]
    gangs: dict[str, tuple[PrintJob, ...]] = {}
    for job in jobs:
        chosen = ganged(job, preset, free) if job.layout == "grid9" and job.backs else ()
        if chosen:
            gangs[job.name] = chosen
            free = [j for j in free if j not in chosen]
    gone = {g.name for held in gangs.values() for g in held}
    shared, sources = shared_job(j for j in jobs if j.name not in gone)
    return SetLayout(gangs, shared, sources)

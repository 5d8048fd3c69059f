"""Turn a print job into PDF pages for one preset: grids with duplex backs, gutterfolds, or packs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kitpress.pieces import Art, PrintJob
from kitpress.sheets.geometry import Sheet, back_sheet, grid, gutterfold, pack, pack_gutterfold
from kitpress.sheets.presets import Preset


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
    return pack(preset.paper, [(a.trim_w, a.trim_h) for a in job.fronts], max(a.bleed for a in job.fronts), [a.shape for a in job.fronts], preset.edge_band)


def printed_pages(job: PrintJob, preset: Preset) -> list[Page]:
    """The job's main file: fronts, with each sheet's backs after it (duplex) or beside it (gutterfold)."""
    if job.backs and preset.duplex == "gutterfold":
        return [Page(s, job.fronts, job.backs) for s in _gutterfold_sheets(job, preset)]
    pages: list[Page] = []
    for sheet in front_sheets(job, preset):
        pages.append(Page(sheet, job.fronts))
        if job.backs and preset.duplex in ("long-edge", "short-edge"):
            pages.append(Page(back_sheet(sheet, preset.duplex, preset.back_offset, preset.edge_band), (), job.backs))
    return pages


def backs_only_pages(job: PrintJob, preset: Preset) -> list[Page]:
    """Backs alone, placed for the preset's flip (long-edge when printing without duplex)."""
    flip = preset.duplex if preset.duplex in ("long-edge", "short-edge") else "long-edge"
    return [Page(back_sheet(sheet, flip, preset.back_offset, preset.edge_band), (), job.backs) for sheet in front_sheets(job, preset)]


def _gutterfold_sheets(job: PrintJob, preset: Preset) -> list[Sheet]:
    first = job.fronts[0]
    if job.layout == "grid9":
        return gutterfold(preset.paper, first.trim_w, first.trim_h, first.bleed, len(job.fronts), preset.edge_band)
    return pack_gutterfold(preset.paper, [(a.trim_w, a.trim_h) for a in job.fronts], max(a.bleed for a in job.fronts), [a.shape for a in job.fronts], preset.edge_band)

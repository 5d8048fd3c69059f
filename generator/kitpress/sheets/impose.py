"""Turn a print job into PDF pages for one paper size: grid layouts with duplex backs, or packs."""

from __future__ import annotations

from collections.abc import Sequence

from kitpress.render.art import Art, PrintJob
from kitpress.sheets.geometry import Sheet, grid, mirrored_for_long_edge, pack

Pages = list[tuple[Sheet, Sequence[Art]]]


def front_sheets(job: PrintJob, paper: str) -> list[Sheet]:
    first = job.fronts[0]
    if job.layout == "grid9":
        return grid(paper, first.trim_w, first.trim_h, first.bleed, len(job.fronts))
    return pack(paper, [(a.trim_w, a.trim_h) for a in job.fronts], max(a.bleed for a in job.fronts))


def duplex_pages(job: PrintJob, paper: str) -> Pages:
    """Fronts, each sheet followed by its backs placed for a long-edge flip."""
    pages: Pages = []
    for sheet in front_sheets(job, paper):
        pages.append((sheet, job.fronts))
        if job.backs:
            pages.append((mirrored_for_long_edge(sheet), job.backs))
    return pages


def backs_only_pages(job: PrintJob, paper: str) -> Pages:
    return [(mirrored_for_long_edge(sheet), job.backs) for sheet in front_sheets(job, paper)]

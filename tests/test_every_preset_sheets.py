"""Every bundled game's real pieces, imposed on every paper, card layout and duplex method the build
offers, the way `build` imposes them (shared card-stock sheets and ganged card sheets included): every
mark lies at least 5 mm inside the sheet and is at least 3 mm long, no printed art reaches into the outer
5 mm, and no two pieces overlap. Geometry only: the art itself is checked by the preflight."""

from __future__ import annotations

import itertools

import pytest

from kitpress.packs import art_for, shipped_specs
from kitpress.pieces import PT_PER_MM, PrintJob
from kitpress.sheets.geometry import Sheet
from kitpress.sheets.impose import backs_only_pages, printed_pages, set_layout
from kitpress.sheets.presets import DUPLEX_CHOICES, Preset
from kitpress.spec.load import load_spec

BAND = 5 * PT_PER_MM
MARK = 3 * PT_PER_MM
EPS = 1e-6
PRESETS = [Preset(paper, layout, duplex) for paper, layout, duplex in itertools.product(("letter", "a4", "universal"), ("9up", "8up"), DUPLEX_CHOICES)]


def _imposed(jobs: list[PrintJob], preset: Preset) -> list[Sheet]:
    """As build.render_game: card jobs with their ganged pieces, every job, and the shared file."""
    layout = set_layout(jobs, preset)
    sheets: list[Sheet] = []
    for job in jobs:
        sheets += [p.sheet for p in printed_pages(job, preset, layout.gangs.get(job.name, ()))]
        if job.backs and preset.duplex != "gutterfold":
            sheets += [p.sheet for p in backs_only_pages(job, preset)]
    if layout.shared is not None:
        sheets += [p.sheet for p in printed_pages(layout.shared, preset)]
    return sheets


@pytest.mark.parametrize("game", tuple(shipped_specs()))
def test_every_preset_keeps_marks_and_art_printable(game: str) -> None:
    loaded = load_spec(game)
    jobs = list(art_for(loaded.spec.engine).jobs(loaded))
    for preset in PRESETS:
        sheets = _imposed(jobs, preset)
        assert sheets, preset
        for sheet in sheets:
            for m in (*sheet.marks, *sheet.folds):
                edge = min(m.x0, m.x1, m.y0, m.y1, sheet.width - max(m.x0, m.x1), sheet.height - max(m.y0, m.y1))
                assert edge >= BAND - EPS, (preset, m)
            assert all(m.length >= MARK - EPS for m in sheet.marks), preset
            for p in sheet.placements:
                x0, y0, x1, y1 = p.clip
                assert min(x0, y0, sheet.width - x1, sheet.height - y1) >= BAND - EPS, (preset, p)
            for a, b in itertools.combinations([p for p in sheet.placements if p.side == "front"], 2):
                across = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
                down = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
                assert across <= EPS or down <= EPS, (preset, a.index, b.index)

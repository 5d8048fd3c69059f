"""Round pieces fit their punch: where a spec names the circle punch for some round pieces
(`production.punches`), each such piece's printed diameter is that punch's within
punches.TOLERANCE_MM, every piece it names is printed round, and no round piece has two punches."""

from __future__ import annotations

from collections.abc import Sequence

from kitpress import punches
from kitpress.lint.findings import ERROR, Finding
from kitpress.pieces import PT_PER_MM, PrintJob
from kitpress.spec_model import Punch

CHECK = "punch-size"


def check(game: str, declared: Sequence[Punch], jobs: Sequence[PrintJob]) -> list[Finding]:
    findings: list[Finding] = []
    by_piece: dict[str, Punch] = {}
    for punch in declared:
        for piece in punch.pieces:
            if piece in by_piece:
                findings.append(Finding(game, "production", piece, ERROR, f"two punches for the {piece}s: {by_piece[piece].size} and {punch.size}", CHECK))
            by_piece.setdefault(piece, punch)
    seen: set[str] = set()
    for job in jobs:
        for art in job.fronts:
            punch = by_piece.get(art.fits)
            if punch is None:
                continue
            seen.add(art.fits)
            if art.shape != "circle":
                findings.append(Finding(game, job.name, art.name, ERROR, f"the {punch.size} punch is named for the {art.fits}s, but this one is not printed round", CHECK))
                continue
            size = art.trim_w / PT_PER_MM
            want = punches.diameter_mm(punch.size)
            if abs(size - want) > punches.TOLERANCE_MM:
                findings.append(Finding(game, job.name, art.name, ERROR, f"a {size:.2f} mm circle is cut with a {punches.words(punch.size)} only within {punches.TOLERANCE_MM:g} mm: print it {want:.2f} mm across, or name the punch that fits", CHECK))
    for piece in by_piece:
        if piece not in seen:
            findings.append(Finding(game, "production", piece, ERROR, f"the {by_piece[piece].size} punch is for the {piece}s, but no printed piece is one", CHECK))
    return findings

"""What a renderer hands to the sheets: a piece of SVG art with its trim size and bleed, in points."""

from __future__ import annotations

from dataclasses import dataclass

PT_PER_MM = 72 / 25.4
CARD_TRIM = (180.0, 252.0)  # poker, 2.5 × 3.5 in
BLEED = 9.0  # 1/8 in
SAFE_ZONE = 9.0  # 1/8 in: text and icons stay this far inside the trim (print.md, "Safe zone")


def mm(value: float) -> float:
    return value * PT_PER_MM


@dataclass(frozen=True)
class Art:
    """One printable face. The SVG's viewBox is (trim + 2 × bleed) points; the trim sits at (bleed, bleed)."""

    name: str
    svg: str
    trim_w: float
    trim_h: float
    bleed: float = BLEED
    shape: str = "rect"  # "rect" or "circle": how the piece is cut
    fits: str = ""  # what the piece is, for the boxes drawn with data-holds="<fits>" (lint.fit)


@dataclass(frozen=True)
class PrintJob:
    """One file's worth of pieces: fronts in print order, and backs (one per front) if double-sided."""

    kind: str  # cards | board | tokens | checklist | ...
    name: str  # file stem part, e.g. "cards"
    layout: str  # "grid9" (abutting cards, shared cuts) or "pack" (each piece with its own bleed)
    fronts: tuple[Art, ...]
    backs: tuple[Art, ...] = ()
    title: str = ""
    # A sheet used as printed (written on or read whole, never cut: a score sheet, an answer key): its
    # sheets carry no crop marks, which would only tell someone to cut it.
    as_printed: bool = False
    # Each page on a sheet of its own with nothing on its back, even in a double-sided print job (a
    # score sheet handed to one player): never printed back to back with another.
    single_sided: bool = False

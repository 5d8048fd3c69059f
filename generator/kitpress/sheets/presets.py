"""Print presets: paper, card layout, double-sided method, back offset, ink. A preset is chosen on
the command line; nothing that varies with paper or service is a literal in a renderer."""

from __future__ import annotations

import math
from dataclasses import dataclass

from kitpress.pieces import PT_PER_MM
from kitpress.sheets.geometry import UNPRINTABLE_MM

PAPER_CHOICES = ("letter", "a4", "universal")
LAYOUT_CHOICES = ("9up", "8up", "1up", "tts")
DUPLEX_CHOICES = ("long-edge", "short-edge", "manual", "gutterfold", "none")
# Both sides of one sheet: by the printer's duplexer (a flip), or by hand ("manual": every front, then
# the stack turned over on its long edge, the same edge leading, and every back in the same order).
TWO_SIDED = frozenset({"long-edge", "short-edge", "manual"})
HAND_FLIP = "long-edge"  # the stack turned over on its long edge: the backs are placed as for this flip
INK_CHOICES = ("full", "low")
BOOKLET_CHOICES = ("pages", "saddle")

# Print-on-demand single-card images: (width px, height px, bleed px) at 300 dpi.
SERVICE_IMAGES = {"thegamecrafter": (825, 1125, 37.5), "makeplayingcards": (822, 1122, 36.0)}
DPI = 300


@dataclass(frozen=True)
class Preset:
    paper: str = "letter"
    layout: str = "9up"
    duplex: str = "long-edge"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    ink: str = "full"
    booklet: str = "pages"
    edge_band_mm: float = UNPRINTABLE_MM  # the outer strip a home printer cannot print: white, no marks

    @property
    def edge_band(self) -> float:
        return self.edge_band_mm * PT_PER_MM

    @property
    def back_offset(self) -> tuple[float, float]:
        return (self.back_offset_mm[0] * PT_PER_MM, self.back_offset_mm[1] * PT_PER_MM)

    def suffix(self, cards: bool = True, backs: bool = True) -> str:
        """File-name part: the paper, then whatever differs from the defaults and matters to the file
        (the card layout only for card sheets, the duplex method only for files with backs)."""
        parts = [self.paper]
        if cards and self.layout != "9up":
            parts.append(self.layout)
        if backs and self.duplex != "long-edge":
            parts.append(self.duplex)
        if self.ink != "full":
            parts.append(f"{self.ink}-ink")
        return "-".join(parts)


def parse_offset(text: str) -> tuple[float, float]:
    """'1.5,-0.5' (millimetres) → (1.5, -0.5); a ValueError names what was expected."""
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        raise ValueError(f"expected X,Y in millimetres such as 1.5,-0.5; got {text!r}")
    try:
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise ValueError(f"expected two numbers X,Y in millimetres; got {text!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):  # float() reads nan and inf, and nan passes any range
        raise ValueError(f"expected two finite numbers X,Y in millimetres; got {text!r}")
    if abs(x) > 20 or abs(y) > 20:
        raise ValueError(f"a back offset beyond 20 mm is a mistake, not printer drift; got {text!r}")
    return (x, y)

"""Standard circle punches, the sizes craft and office suppliers sell (lever punches are sold by the inch,
some by the millimetre): a round piece whose printed circle is one of these is cut in one press.

A spec declares the punch for its round pieces (`production.punches`); preflight checks each such
piece's diameter against it (lint.punch), and the packing list names it for the teacher.
"""

from __future__ import annotations

INCH_MM = 25.4
STANDARD_MM: dict[str, float] = {
    **{f"{name} in": round(inches * INCH_MM, 3) for name, inches in (
        ("1/4", 0.25), ("3/8", 0.375), ("1/2", 0.5), ("5/8", 0.625), ("3/4", 0.75), ("7/8", 0.875), ("1", 1.0),
        ("1 1/4", 1.25), ("1 1/2", 1.5), ("1 3/4", 1.75), ("2", 2.0), ("2 1/2", 2.5), ("3", 3.0),
    )},
    **{f"{n} mm": float(n) for n in (15, 16, 20, 25, 32, 38, 50)},
}  # fmt: skip
# How far a piece's printed diameter may be from its punch: a punch up to this much larger takes a sliver of
# the bleed around the cut ring, one this much smaller shaves 0.25 mm off the rim, never into the art.
TOLERANCE_MM = 0.5


def diameter_mm(size: str) -> float:
    """'7/8 in' → 22.225."""
    return STANDARD_MM[size]


def words(size: str) -> str:
    """'7/8 in (22.2 mm) circle punch'; a metric punch says its size once."""
    return f"{size} circle punch" if size.endswith("mm") else f"{size} ({diameter_mm(size):.1f} mm) circle punch"

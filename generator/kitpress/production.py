"""The vocabulary every game pack's typed `production` sections are written in (colours, sizes, printed
lines), and the helpers their checks against the game share: whether a piece fits a sheet, and whether
every id of the game has a design. A pack's own models and checks live in its `production.py`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Annotated, Any

from pydantic import Field

from kitpress.pieces import CARD_TRIM, PT_PER_MM
from kitpress.sheets.geometry import PACK_MARGIN, PAPERS
from kitpress.spec_model import COLOUR_PATTERN as COLOUR
from kitpress.spec_model import LINE_MAX, size_range

Colour = Annotated[str, Field(pattern=COLOUR)]
POKER_MM = (CARD_TRIM[0] / PT_PER_MM, CARD_TRIM[1] / PT_PER_MM)  # the size every pack's card art is drawn at
# A card printed on its own (a bag label, a referee card): it must fit a Letter or A4 page inside margins,
# 7.25 × 10 in, like the full-page sheets the packs print.
CardInches = tuple[Annotated[float, size_range(2, 7.25)], Annotated[float, size_range(2, 10)]]
# Texts are `Line`s when a piece or a diagram prints them (every card, every example step), `Caption`s
# when a sheet prints them once; a text only for the person who prints or the teacher stays free.
NonEmptyLine = Annotated[str, Field(min_length=1, max_length=LINE_MAX)]


KeyPath = tuple[str | int, ...]  # a place in a spec file, as keys and list indexes
Finding = tuple[KeyPath, str]  # where in the file, and what is wrong

# The largest piece every paper holds inside its margins, short side and long side, in mm: what
# sheets.geometry.pack can place (it turns a piece either way).
ROOM_MM = (
    (min(min(size) for size in PAPERS.values()) - 2 * PACK_MARGIN) / PT_PER_MM,
    (min(max(size) for size in PAPERS.values()) - 2 * PACK_MARGIN) / PT_PER_MM,
)


def fits(width_mm: float, height_mm: float) -> bool:
    short, long = sorted((width_mm, height_mm))
    return short <= ROOM_MM[0] and long <= ROOM_MM[1]


def too_big(what: str, width_mm: float, height_mm: float, fix: str) -> str:
    room = f"{ROOM_MM[0]:.0f} × {ROOM_MM[1]:.0f} mm"
    return f"{what} is {width_mm:.0f} × {height_mm:.0f} mm; a Letter or A4 sheet holds at most {room} inside its margins: {fix}"


def card_size(production: Mapping[str, Any], drawn_mm: tuple[float, float] | None) -> Iterator[Finding]:
    """`production.stock.card_size_mm` against the size the pack's card art is drawn at (None: the game
    prints no cards). The sheets impose the art as it is drawn, so any other size would be a key that
    does nothing: it is refused at its line instead."""
    stock = production.get("stock")
    if not isinstance(stock, Mapping) or stock.get("card_size_mm") is None:
        return  # not given (a typed model cannot tell a default from a value given)
    given = stock["card_size_mm"]
    where = ("production", "stock", "card_size_mm")
    if drawn_mm is None:
        yield where, "this game prints no cards: leave card_size_mm out"
        return
    width, height = (float(v) for v in given)
    if abs(width - drawn_mm[0]) > 0.05 or abs(height - drawn_mm[1]) > 0.05:
        yield where, (
            f"the cards are drawn {drawn_mm[0]:g} × {drawn_mm[1]:g} mm and cannot be drawn at {width:g} × {height:g} mm: "
            f"give [{drawn_mm[0]:g}, {drawn_mm[1]:g}] or leave the key out"
        )


def designs_match(where: KeyPath, named: dict[str, Any], wanted: list[str], what: str) -> Iterator[Finding]:
    """Every id in `wanted` has an entry in `named` (at `where`), and nothing else does."""
    for key in named:
        if key not in wanted:
            yield (*where, key), f"the game has no {what} {key!r}; it has: {', '.join(wanted)}"
    missing = [key for key in wanted if key not in named]
    if missing:
        yield where, f"no design for the game's {what} {', '.join(repr(m) for m in missing)}"


"""Momentum (Leduc)'s typed `production` sections (what its art reads), and `check`: what they name from
`game:` and the sizes that add up with the game's own numbers, checked against the rules when the spec loads.

Every value these models and `check` let through is one the art can draw: the art reads them through
`LoadedSpec.production("faces", MomentumFaces)` and `LoadedSpec.production("board", MomentumBoard)`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel

from kitpress.games.momentum.rules import Momentum, Symbol
from kitpress.pieces import PT_PER_MM
from kitpress.production import (
    Colour,
    Finding,
    NonEmptyLine,
    fits,
    too_big,
)
from kitpress.spec_model import Line, Strict, size_range

M = TypeVar("M", bound=BaseModel)


class Tracker(Strict):
    label: NonEmptyLine
    symbol: Symbol  # drawn with the seats' own shapes (art.marks.symbol)
    diameter_mm: Annotated[float, size_range(6, 25)]
    colour: Colour


class MomentumDiagram(Strict):  # printed under every example step's diagram
    after: Line
    drop: Line
    swap: Line
    refused: Line
    hand: Line


class MomentumFaces(Strict):
    marble_diameter_mm: Annotated[float, size_range(10, 30)]
    tokens_title: NonEmptyLine
    tracker: Tracker
    reference_title: NonEmptyLine
    marbles_title: NonEmptyLine
    directions_title: NonEmptyLine
    referee_title: NonEmptyLine
    referee_card_mm: tuple[Annotated[float, size_range(50, 190)], Annotated[float, size_range(50, 250)]]
    rulings_title: NonEmptyLine
    diagram: MomentumDiagram


class BoardTrack(Strict):  # the round track's squares are game.round_limit's; these are their words
    start_label: NonEmptyLine
    end_label: NonEmptyLine


class SeatEdge(Strict):
    seat: NonEmptyLine  # one of game.seats (check)
    side: Literal["bottom", "top"]
    label: Line


class MomentumBoard(Strict):
    # each within reason; whether the whole board (board_size cells + 2 × (band + track + edge), and
    # the seat strips) fits a sheet depends on game.board_size (check)
    cell_mm: Annotated[float, size_range(15, 22)]
    coordinate_band_mm: Annotated[float, size_range(3, 8)]
    track_depth_mm: Annotated[float, size_range(8, 16)]
    edge_mm: Annotated[float, size_range(0, 3)]
    seat_strip_mm: Annotated[float, size_range(6, 16)]
    track: BoardTrack
    edges: list[SeatEdge] = []


def _typed(value: Any, model: type[M]) -> M:
    """A production section as its model: the loader may pass it raw (validated already) or typed."""
    return value if isinstance(value, model) else model.model_validate(value)


def check(engine: Momentum, production: Mapping[str, Any]) -> Iterator[Finding]:
    from kitpress.games.momentum.art.board import Layout

    stock = production.get("stock", {"card_size_mm": "not asked"})  # a caller checking the board alone
    if (stock.get("card_size_mm") if isinstance(stock, Mapping) else getattr(stock, "card_size_mm", None)) is None:
        yield ("production", "stock"), "give card_size_mm: the player reference card is printed at that size"
    board = _typed(production.get("board", {}), MomentumBoard)
    seats = [seat.id for seat in engine.config.seats]
    sides: dict[str, SeatEdge] = {}
    for i, edge in enumerate(board.edges):
        if edge.seat not in seats:
            yield ("production", "board", "edges", i, "seat"), f"the game has no seat {edge.seat!r}; it has: {', '.join(seats)}"
        if edge.side in sides:  # one strip per side: a second label would print over the first
            taken = sides[edge.side].seat
            yield ("production", "board", "edges", i, "side"), f"the {edge.side} strip already holds the label of seat {taken!r}; each side of the board holds one seat's label"
        sides.setdefault(edge.side, edge)
    n = engine.config.board_size
    sizes = (board.cell_mm, board.coordinate_band_mm, board.track_depth_mm, board.edge_mm, board.seat_strip_mm)
    layout = Layout(n, *(size * PT_PER_MM for size in sizes))
    width, height = layout.width / PT_PER_MM, layout.height / PT_PER_MM
    if not fits(width, height):
        what = f"a {n}×{n} board of {board.cell_mm:g} mm cells with its track and seat strips"
        yield ("production", "board", "cell_mm"), too_big(what, width, height, "make the cells or the bands smaller")

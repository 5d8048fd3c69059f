"""What a production section names from `game:` — a category, a face card, a seat, a shade — checked
against the game, so a design for something the game lacks, or a piece of the game with no design, is
reported at its own line when the spec loads (a typed model cannot see `game:`). So are the sizes that
add up with the game's own numbers (a board of board_size squares) to a piece no sheet holds. Runs only
on a production section that passed its typed model."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from kitpress.render.art import PT_PER_MM
from kitpress.sheets.geometry import PACK_MARGIN, PAPERS
from kitpress.spec import text as spectext
from kitpress.spec.yamlpos import Path

Finding = tuple[Path, str]  # where in the file, and what is wrong

# The largest piece every paper holds inside its margins, short side and long side, in mm: what
# sheets.geometry.pack can place (it turns a piece either way).
ROOM_MM = (
    (min(min(size) for size in PAPERS.values()) - 2 * PACK_MARGIN) / PT_PER_MM,
    (min(max(size) for size in PAPERS.values()) - 2 * PACK_MARGIN) / PT_PER_MM,
)


def fits(width_mm: float, height_mm: float) -> bool:
    short, long = sorted((width_mm, height_mm))
    return short <= ROOM_MM[0] and long <= ROOM_MM[1]


def _too_big(what: str, width_mm: float, height_mm: float, fix: str) -> str:
    room = f"{ROOM_MM[0]:.0f} × {ROOM_MM[1]:.0f} mm"
    return f"{what} is {width_mm:.0f} × {height_mm:.0f} mm; a Letter or A4 sheet holds at most {room} inside its margins: {fix}"


def _keys(where: Path, named: dict[str, Any], wanted: list[str], what: str) -> Iterator[Finding]:
    """Every id in `wanted` has an entry in `named` (at `where`), and nothing else does."""
    for key in named:
        if key not in wanted:
            yield (*where, key), f"the game has no {what} {key!r}; it has: {', '.join(wanted)}"
    missing = [key for key in wanted if key not in named]
    if missing:
        yield where, f"no design for the game's {what} {', '.join(repr(m) for m in missing)}"


def _newtonian_rummy(engine: Any, production: dict[str, Any]) -> Iterator[Finding]:
    faces = production.get("faces", {})
    categories = [cat.id for cat in engine.config.categories]
    yield from _keys(("production", "faces", "categories"), faces.get("categories", {}), categories, "category")
    ranks = sorted({card.rank for card in engine.deck.cards.values() if card.value is None})
    drawn = {rank: design for rank, design in faces.get("face_cards", {}).items() if design is not None}
    missing = [rank for rank in ranks if rank not in drawn]
    if missing:
        yield ("production", "faces", "face_cards"), f"no design for the deck's {', '.join(missing)} cards"
    suits = faces.get("standard_deck", {}).get("suits", {})
    strays = [suit for suit, category in suits.items() if category not in categories]
    for suit in strays:
        yield ("production", "faces", "standard_deck", "suits", suit), f"the game has no category {suits[suit]!r}; it has: {', '.join(categories)}"
    unsuited = [cat for cat in categories if cat not in suits.values()]
    if unsuited and not strays:  # a stray suit is most likely the missing category mistyped
        yield ("production", "faces", "standard_deck", "suits"), f"every category needs a suit; none for {', '.join(unsuited)}"


def _momentum(engine: Any, production: dict[str, Any]) -> Iterator[Finding]:
    from kitpress.render.momentum_board import Layout  # imported here: the renderer imports spec.load

    seats = [seat.id for seat in engine.config.seats]
    board = production.get("board", {})
    for i, edge in enumerate(board.get("edges", [])):
        if edge["seat"] not in seats:
            yield ("production", "board", "edges", i, "seat"), f"the game has no seat {edge['seat']!r}; it has: {', '.join(seats)}"
    n, cell = engine.config.board_size, float(board["cell_mm"])
    sizes = [float(board[key]) * PT_PER_MM for key in ("cell_mm", "coordinate_band_mm", "track_depth_mm", "edge_mm", "seat_strip_mm")]
    layout = Layout(n, *sizes)
    width, height = layout.width / PT_PER_MM, layout.height / PT_PER_MM
    if not fits(width, height):
        what = f"a {n}×{n} board of {cell:g} mm cells with its track and seat strips"
        yield ("production", "board", "cell_mm"), _too_big(what, width, height, "make the cells or the bands smaller")


# render.momentum_game.board: spaces side by side between 22 mm margins, 132 mm high
GAME_BOARD_MARGIN_MM, GAME_BOARD_HEIGHT_MM = 22.0, 132.0


def _momentum_game(engine: Any, production: dict[str, Any]) -> Iterator[Finding]:
    shades = [shade.id for shade in engine.config.shades]
    yield from _keys(("production", "faces", "shade_labels"), production.get("faces", {}).get("shade_labels", {}), shades, "shade")
    track = engine.config.track
    spaces, space = track.max - track.min + 1, float(production["board"]["space_width_mm"])
    width = spaces * space + 2 * GAME_BOARD_MARGIN_MM
    if not fits(width, GAME_BOARD_HEIGHT_MM):
        most = int((ROOM_MM[1] - 2 * GAME_BOARD_MARGIN_MM) // space)
        yield ("production", "board", "space_width_mm"), _too_big(
            f"a track of {spaces} spaces {space:g} mm wide", width, GAME_BOARD_HEIGHT_MM,
            f"at most {most} spaces of this width fit; make the spaces narrower or the track shorter",
        )  # fmt: skip


def _integer_matrix(engine: Any, production: dict[str, Any]) -> Iterator[Finding]:
    # imported here: the renderer imports spec.load
    from kitpress.render.integer_matrix_board import KEY_H, LETTERS_H, TITLE_H

    n = engine.config.board_size
    board = production["board"]
    square, frame = float(board["square_mm"]), float(board["frame_mm"])
    width = n * square + 2 * frame
    height = n * square + (TITLE_H + 2 * LETTERS_H + KEY_H) / PT_PER_MM
    if not fits(width, height):
        what = f"a {n}×{n} board of {square:g} mm squares in a {frame:g} mm frame"
        yield ("production", "board", "square_mm"), _too_big(what, width, height, "make the squares or the frame smaller")
    # the score sheet draws a column per turn
    turns = production["faces"]["score_sheet"]["turns"]
    filled = spectext.fill(str(turns), engine.params())
    if not (filled.isascii() and filled.isdigit() and 1 <= int(filled) <= n * n):
        yield ("production", "faces", "score_sheet", "turns"), f"expected a whole number of turns from 1 to {n * n} (the board's squares), or a text such as '{{turns_per_side}}' that gives one; got {turns!r}"


CHECKS: dict[str, Callable[[Any, dict[str, Any]], Iterator[Finding]]] = {
    "newtonian-rummy": _newtonian_rummy,
    "momentum": _momentum,
    "momentum-game": _momentum_game,
    "integer-matrix": _integer_matrix,
}

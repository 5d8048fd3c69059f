"""Coin Race art: a WALK and a FLIP card for each seat with a shared back, the two-lane track board, a
pawn per seat, and the booklet's diagram of a turn. A seat's colour always comes with its name, so the
pieces read in black and white too."""

from __future__ import annotations

from typing import Any

from kitpress.pieces import BLEED, CARD_TRIM, Art, PrintJob, mm
from kitpress.render import cut
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec
from kitpress_coin_race.production import (
    BOARD_HEIGHT_MM,
    BOARD_MARGIN_MM,
    CoinRaceBoard,
    CoinRaceFaces,
    board_width_mm,
)

W, H = CARD_TRIM
B = BLEED


def _faces(loaded: LoadedSpec) -> CoinRaceFaces:
    return loaded.production("faces", CoinRaceFaces)


def _ink_on(colour: str) -> str:
    """Dark ink on a light colour, white on a dark one, so words on a seat's colour stay readable."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return k.INK if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else k.PAPER


def choice_card(loaded: LoadedSpec, seat: str, move: str) -> Art:
    faces = _faces(loaded)
    face = faces.walk if move == "walk" else faces.flip
    colour = faces.colours[seat]
    dwg = k.drawing(W + 2 * B, H + 2 * B)
    dwg.add(dwg.rect((0, 0), (W + 2 * B, H + 2 * B), fill=colour))
    dwg.add(dwg.rect((B + 14, B + 60), (W - 28, 110), fill=k.PAPER, rx=10))
    title = loaded.text(face.title).upper()
    k.text(dwg, dwg, B + W / 2, B + 128, title, k.fit_size(title, W - 60, 30, bold=True), bold=True)
    ink = _ink_on(colour)
    k.text(dwg, dwg, B + W / 2, B + 40, seat.upper(), 18, bold=True, fill=ink)
    caption = loaded.text(face.caption)
    k.text(dwg, dwg, B + W / 2, B + 205, caption, k.fit_size(caption, W - 40, 13), fill=ink)
    return Art(f"{seat}-{move}", k.to_string(dwg), W, H)


def card_back(loaded: LoadedSpec) -> Art:
    dwg = k.drawing(W + 2 * B, H + 2 * B)
    dwg.add(dwg.rect((0, 0), (W + 2 * B, H + 2 * B), fill="#37474f"))
    dwg.add(dwg.circle((B + W / 2, B + H / 2 - 20), 44, fill="#ffca28"))
    title = loaded.text(_faces(loaded).back_title)
    k.text(dwg, dwg, B + W / 2, B + H / 2 + 60, title, k.fit_size(title, W - 40, 22, bold=True), bold=True, fill=k.PAPER)
    return Art("back", k.to_string(dwg), W, H)


def board(loaded: LoadedSpec) -> Art:
    spec: CoinRaceBoard = loaded.production("board", CoinRaceBoard)
    finish = loaded.engine.config.finish
    space, margin = mm(spec.space_mm), mm(BOARD_MARGIN_MM)
    width, height = mm(board_width_mm(finish, spec.space_mm)), mm(BOARD_HEIGHT_MM)
    dwg = k.drawing(width + 2 * B, height + 2 * B)
    dwg.add(dwg.rect((0, 0), (width + 2 * B, height + 2 * B), fill=k.PAPER))
    k.text(dwg, dwg, B + width / 2, B + mm(10), loaded.spec.identity.title, 16, bold=True)
    faces = _faces(loaded)
    for lane, seat in enumerate(loaded.engine.seats()):
        top = B + mm(16) + lane * mm(20)
        k.text(dwg, dwg, B + margin - 4, top + mm(11), seat.upper(), 8, bold=True, anchor="end", fill=faces.colours[seat])
        for n in range(finish + 1):
            x = B + margin + n * space
            dwg.add(dwg.rect((x, top), (space, mm(18)), fill=k.PAPER, stroke=faces.colours[seat], stroke_width=1.5))
            label = "START" if n == 0 else "FINISH" if n == finish else str(n)
            k.text(dwg, dwg, x + space / 2, top + mm(11), label, k.fit_size(label, space - 6, 12, bold=True), bold=True)
    caption = loaded.text(spec.caption)
    if caption:
        k.text(dwg, dwg, B + width / 2, B + height - mm(6), caption, k.fit_size(caption, width - 2 * margin, 10), fill=k.GREY)
    return Art("board", k.to_string(dwg), width, height)


def pawn(loaded: LoadedSpec, seat: str) -> Art:
    size = mm(22)
    dwg = k.drawing(size + 2 * B, size + 2 * B)
    c = cut.round_piece(dwg, size, _faces(loaded).colours[seat])  # the colour stops at a ringed cut line
    dwg.add(dwg.circle((c, c), size / 2 - 9, fill=k.PAPER))  # 9 pt in: a drift of the cut never shows it
    k.text(dwg, dwg, B + size / 2, B + size / 2 + 4, seat.upper(), 10, bold=True)
    return Art(f"pawn-{seat}", k.to_string(dwg), size, size, shape="circle")


def jobs(loaded: LoadedSpec) -> list[PrintJob]:
    seats = loaded.engine.seats()
    fronts = tuple(choice_card(loaded, seat, move) for seat in seats for move in ("walk", "flip"))
    back = card_back(loaded)
    return [
        PrintJob("cards", "cards", "grid9", fronts, (back,) * len(fronts), "Choice cards"),
        PrintJob("board", "board", "pack", (board(loaded),), title="Track board"),
        PrintJob("tokens", "pawns", "pack", tuple(pawn(loaded, seat) for seat in seats), title="Pawns"),
    ]


def colour_pairs(loaded: LoadedSpec) -> list[tuple[str, str, str]]:
    colours = _faces(loaded).colours
    return [("seat", colours["red"], colours["blue"])]


def diagram(loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str:
    """Both lanes as a strip of spaces; each pawn where it stands after the turn, an outline where it was."""
    cell, finish = 22.0, after["finish"]
    dwg = k.drawing(cell * (finish + 1) + 50, 60)
    colours = _faces(loaded).colours
    for lane, seat in enumerate(("red", "blue")):
        y = 4 + lane * 28
        k.text(dwg, dwg, 2, y + 16, seat, 9, bold=True, anchor="start", fill=colours[seat])
        for n in range(finish + 1):
            dwg.add(dwg.rect((40 + n * cell, y), (cell, 24), fill=k.PAPER, stroke=k.INK, stroke_width=0.8))
        if before[seat] != after[seat]:
            dwg.add(dwg.circle((40 + before[seat] * cell + cell / 2, y + 12), 7, fill="none", stroke=k.GREY, stroke_dasharray="2,2"))
        dwg.add(dwg.circle((40 + after[seat] * cell + cell / 2, y + 12), 7, fill=colours[seat]))
    return k.to_string(dwg)

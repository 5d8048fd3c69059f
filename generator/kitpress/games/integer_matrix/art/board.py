"""The Integer Matrix board: a checkered grid with its coordinates, the centre squares numbered in
the engine's set-up order, each with a mark of the side placed face up there, and a key below."""

from __future__ import annotations

import random
from typing import Any

from kitpress.games.integer_matrix.art.marks import faces, mini_disc, setup_plan
from kitpress.games.integer_matrix.production import IntegerMatrixBoard
from kitpress.games.integer_matrix.rules import side_of
from kitpress.pieces import BLEED, Art, mm
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

B = BLEED
TITLE_H, LETTERS_H, KEY_H = mm(16), mm(8), mm(27)


def cell_rc(columns: list[str], name: str) -> tuple[int, int]:
    """A square name such as 'd4' as (row, column), both from 0 at the top left."""
    return int(name[1:]) - 1, columns.index(name[0])


def board(loaded: LoadedSpec) -> Art:
    spec = loaded.production("board", IntegerMatrixBoard)
    picture = loaded.engine.describe_state(loaded.engine.new_game(random.Random(0)))
    columns, n = picture["columns"], picture["size"]
    sq, frame = mm(spec.square_mm), mm(spec.frame_mm)
    width = n * sq + 2 * frame
    height = TITLE_H + 2 * LETTERS_H + n * sq + KEY_H
    dwg = k.drawing(width + 2 * B, height + 2 * B)
    dwg.add(dwg.rect((0, 0), (width + 2 * B, height + 2 * B), fill=k.PAPER))
    title = loaded.spec.identity.title
    k.text(dwg, dwg, B + width / 2, B + mm(11), title, k.fit_size(title, width - 40, 22, bold=True), bold=True)
    gx, gy = B + frame, B + TITLE_H + LETTERS_H
    _grid(dwg, spec.colours, gx, gy, sq, n)
    for c, letter in enumerate(columns):
        x = gx + (c + 0.5) * sq
        for y in (gy - LETTERS_H / 2 + 4, gy + n * sq + LETTERS_H / 2 + 4):
            k.text(dwg, dwg, x, y, letter, 12, bold=True)
    for r in range(n):
        y = gy + (r + 0.5) * sq + 4
        for x in (B + (9 + frame) / 2, B + width - (9 + frame) / 2):  # between the safe zone and the grid
            k.text(dwg, dwg, x, y, str(r + 1), 12, bold=True)
    plan = setup_plan(loaded)
    _setup_marks(dwg, loaded, plan, columns, gx, gy, sq)
    _key(dwg, loaded, spec, plan, B + width / 2, gy + n * sq + LETTERS_H + mm(7), width - 2 * 12)
    return Art("board", k.to_string(dwg), width, height)


def _grid(dwg: Any, colours: tuple[str, str], gx: float, gy: float, sq: float, n: int) -> None:
    for r in range(n):
        for c in range(n):
            dwg.add(dwg.rect((gx + c * sq, gy + r * sq), (sq, sq), fill=colours[(r + c) % 2], data_holds="disc"))
    for i in range(1, n):
        dwg.add(dwg.line((gx + i * sq, gy), (gx + i * sq, gy + n * sq), stroke=k.INK, stroke_width=0.6))
        dwg.add(dwg.line((gx, gy + i * sq), (gx + n * sq, gy + i * sq), stroke=k.INK, stroke_width=0.6))
    dwg.add(dwg.rect((gx, gy), (n * sq, n * sq), fill="none", stroke=k.INK, stroke_width=2))


def _setup_marks(dwg: Any, loaded: LoadedSpec, plan: list[tuple[str, str, str]], columns: list[str], gx: float, gy: float, sq: float) -> None:
    """Each set-up square's number, with a small disc showing which side goes face up there."""
    look = faces(loaded)
    cells = [cell_rc(columns, cell) for cell, _, _ in plan]
    rows, cols = [r for r, _ in cells], [c for _, c in cells]
    if len(cells) == (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1):  # a solid block: frame it
        x0, y0 = gx + min(cols) * sq, gy + min(rows) * sq
        dwg.add(dwg.rect((x0, y0), ((max(cols) - min(cols) + 1) * sq, (max(rows) - min(rows) + 1) * sq), fill="none", stroke=k.INK, stroke_width=2.6))
    for number, ((r, c), (_, face, _)) in enumerate(zip(cells, plan, strict=True), start=1):
        cx, cy = gx + (c + 0.5) * sq, gy + (r + 0.5) * sq
        # The set-up order is read before the disc goes on its square (data-under: lint rule W8).
        under = dwg.g(data_under="set-up")
        dwg.add(under)
        k.text(under, dwg, cx, cy + 6, str(number), 30, bold=True)
        word = look[face].word
        w = k.fonts.text_width(word, 8, "bold")
        left = cx - (11 + 3 + w) / 2
        mini_disc(dwg, under, left + 5.5, cy + 18, 5.5, look[face], None, 0)
        k.text(under, dwg, left + 14, cy + 20.9, word, 8, bold=True, anchor="start")


def _key(dwg: Any, loaded: LoadedSpec, spec: IntegerMatrixBoard, plan: list[tuple[str, str, str]], cx: float, y: float, width: float) -> None:
    look = faces(loaded)
    caption = loaded.text(spec.setup_caption)
    k.text(dwg, dwg, cx, y, caption, k.fit_size(caption, width, 11, bold=True), bold=True)
    seat_of = {}
    for _, face, seat in plan:
        seat_of.setdefault(face, side_of(seat))
    words = spec.setup_key
    parts = [(face, f"{look[face].word} {loaded.text(words.face)}: {side} {loaded.text(words.seat)}") for face, side in seat_of.items()]
    widths = [14 + k.fonts.text_width(t, 10) for _, t in parts]
    gap = 24.0
    x = cx - (sum(widths) + gap * (len(parts) - 1)) / 2
    for (face, label), w in zip(parts, widths, strict=True):
        mini_disc(dwg, dwg, x + 5, y + 17, 5, look[face], None, 0)
        k.text(dwg, dwg, x + 14, y + 20.5, label, 10, anchor="start")
        x += w + gap
    for i, line in enumerate((loaded.text(spec.coordinates), loaded.text(spec.caption))):
        k.text(dwg, dwg, cx, y + 38 + i * 12, line, k.fit_size(line, width, 9), fill=k.GREY)

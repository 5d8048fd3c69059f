"""Integer Matrix's paper pieces: the net score sheet (one per side), the disc-bag label and the
referee checklist card. Turn counts, sides and disc lists come from the engine, words from the spec."""

from __future__ import annotations

import math
import random
from typing import Any

from kitpress.games.integer_matrix.art.marks import faces, mini_disc, numeral
from kitpress.games.integer_matrix.production import IntegerMatrixFaces, RefereeCard, ScoreSheet
from kitpress.games.integer_matrix.rules import FACES
from kitpress.pieces import BLEED, SAFE_ZONE, Art
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

B = BLEED
SAFE = SAFE_ZONE
SHEET = (720.0, 522.0)  # a full landscape page that packs on Letter and on A4 (10 × 7.25 in)
MARGIN = 20.0
HATCH = "#bdbdbd"


def _canvas(width: float, height: float) -> Any:
    dwg = k.drawing(width + 2 * B, height + 2 * B)
    dwg.add(dwg.rect((0, 0), (width + 2 * B, height + 2 * B), fill=k.PAPER))
    return dwg


def _band(dwg: Any, width: float, title: str, subtitle: str) -> float:
    """A dark title band running off the top edge; returns the y below it."""
    dwg.add(dwg.rect((0, 0), (width + 2 * B, B + 50), fill=k.INK))
    k.text(dwg, dwg, B + width / 2, B + 24, title, k.fit_size(title, width - 2 * SAFE, 15, bold=True), bold=True, fill=k.PAPER)
    k.text(dwg, dwg, B + width / 2, B + 41, subtitle, k.fit_size(subtitle, width - 2 * SAFE, 10), fill=k.PAPER)
    return B + 50


# --- net score sheet ---------------------------------------------------------------------------


def score_sheets(loaded: LoadedSpec) -> list[Art]:
    """One sheet per side, each with a strip per game: a column per turn, the running net score below."""
    spec = loaded.production("faces", IntegerMatrixFaces).score_sheet
    start = loaded.engine.describe_state(loaded.engine.new_game(random.Random(0)))["sheets"]
    titles = {"positive": spec.sides.positive, "negative": spec.sides.negative}  # the engine's SIDES
    return [_score_sheet(loaded, spec, side, titles[side], start[side]["net"]) for side in start]


def _score_sheet(loaded: LoadedSpec, spec: ScoreSheet, side: str, title: str, start_net: int) -> Art:
    width, height = SHEET
    dwg = _canvas(width, height)
    left, right = B + MARGIN, B + width - MARGIN
    header = loaded.text(spec.header)
    k.text(dwg, dwg, left, B + 32, header, k.fit_size(header, 380, 16, bold=True), bold=True, anchor="start")
    side_text = loaded.text(title)
    k.text(dwg, dwg, left, B + 52, side_text, k.fit_size(side_text, 420, 12, bold=True), bold=True, anchor="start")
    names = loaded.text(spec.names)
    k.text(dwg, dwg, right - 250, B + 32, names, 10, anchor="start")
    dwg.add(dwg.line((right - 250 + k.fonts.text_width(names, 10) + 6, B + 34), (right, B + 34), stroke=k.INK, stroke_width=0.8))
    turns = spec.turn_count(loaded.params())
    assert turns is not None, "production.check refuses turns that give no whole number"
    games = spec.games_per_sheet
    strip_h = (height - 70 - 44) / games
    for g in range(games):
        _strip(dwg, loaded, spec, left, B + 74 + g * strip_h, right - left, strip_h - 16, turns, g + 1, start_net)
    footer = loaded.text(spec.footer)
    k.paragraph(dwg, dwg, left, B + height - 26, footer, right - left, 9, fill=k.GREY)
    return Art(f"score-sheet-{side}", k.to_string(dwg), width, height)


def _strip(dwg: Any, loaded: LoadedSpec, spec: ScoreSheet, x: float, y: float, width: float, height: float, turns: int, game: int, start_net: int) -> None:
    turn_label, matrix_label, net_label = (loaded.text(t) for t in spec.rows)
    start_label = loaded.text(spec.start)
    k.text(dwg, dwg, x, y + 10, f"{loaded.text(spec.game)} {game}", 11, bold=True, anchor="start")
    label_w, start_w = 84.0, 34.0
    col = (width - label_w - start_w) / turns
    head_h = 16.0
    row_h = (height - 16 - head_h) / 2
    top = y + 16
    xs = [x, x + label_w, x + label_w + start_w] + [x + label_w + start_w + (i + 1) * col for i in range(turns)]
    rows = [top, top + head_h, top + head_h + row_h, top + head_h + 2 * row_h]
    dwg.add(dwg.rect((xs[0], rows[0]), (width, head_h), fill="#eeeeee"))
    # No matrix score before the first turn: the start column's matrix cell is struck through.
    dwg.add(dwg.line((xs[1], rows[2]), (xs[2], rows[1]), stroke=HATCH, stroke_width=0.8))
    for xv in xs:
        dwg.add(dwg.line((xv, rows[0]), (xv, rows[-1]), stroke=k.INK, stroke_width=0.7))
    for yv in rows:
        dwg.add(dwg.line((xs[0], yv), (xs[-1], yv), stroke=k.INK, stroke_width=0.7))
    dwg.add(dwg.rect((xs[0], rows[0]), (width, rows[-1] - rows[0]), fill="none", stroke=k.INK, stroke_width=1.4))
    for label, r in ((turn_label, 0), (matrix_label, 1), (net_label, 2)):
        size = 9.0 if r == 0 else 10.0
        k.text(dwg, dwg, x + 5, (rows[r] + rows[r + 1]) / 2 + size * 0.36, label, k.fit_size(label, label_w - 8, size, bold=True), bold=True, anchor="start")
    mid = (xs[1] + xs[2]) / 2
    k.text(dwg, dwg, mid, rows[0] + 11.5, start_label, k.fit_size(start_label, start_w - 4, 9, bold=True), bold=True)
    k.text(dwg, dwg, mid, (rows[2] + rows[3]) / 2 + 4.5, numeral(start_net), 13, bold=True, fill=k.GREY)
    for t in range(turns):
        k.text(dwg, dwg, (xs[t + 2] + xs[t + 3]) / 2, rows[0] + 11.5, str(t + 1), 9, bold=True)


# --- disc-bag label ----------------------------------------------------------------------------


def bag_label(loaded: LoadedSpec) -> Art:
    """Every disc, black side then white side, with a box to tick when checking a set."""
    spec = loaded.production("faces", IntegerMatrixFaces).bag_label
    width, height = (v * 72 for v in spec.size_in)
    look = faces(loaded)
    engine = loaded.engine
    count = len(engine.config.discs)
    dwg = _canvas(width, height)
    y = _band(dwg, width, loaded.text(spec.title), loaded.spec.identity.subtitle or "")
    columns = dict(zip(FACES, (loaded.text(c) for c in spec.columns), strict=True))
    y += 20
    x = B + width / 2 - sum(18 + k.fonts.text_width(c, 9, "bold") for c in columns.values()) / 2
    for face, label in columns.items():
        mini_disc(dwg, dwg, x + 6, y - 3, 6, look[face], None, 0)
        k.text(dwg, dwg, x + 15, y, label, 9, bold=True, anchor="start")
        x += 18 + k.fonts.text_width(label, 9, "bold") + 18
    groups = 3
    per = math.ceil(count / groups)
    top, bottom = y + 14, B + height - 34
    pitch = min(22.0, (bottom - top) / per)
    group_w, entry_w = (width - 2 * 18) / groups, 57.0  # an entry: tick box at +4, discs at +28 and +52, radius 9
    x0 = B + (width - (groups - 1) * group_w - entry_w) / 2 - 4
    for i in range(count):
        g, row = divmod(i, per)
        gx, cy = x0 + g * group_w, top + (row + 0.5) * pitch
        dwg.add(dwg.rect((gx + 4, cy - 3.5), (7, 7), fill="none", stroke=k.INK, stroke_width=0.7))
        for j, face in enumerate(FACES):
            mini_disc(dwg, dwg, gx + 28 + j * 24, cy, 9.0, look[face], engine.value(i, face), 8.0)
    footer = loaded.text(spec.footer)
    k.paragraph(dwg, dwg, B + 18, B + height - 22, footer, width - 36, 8, fill=k.GREY)
    return Art("bag-label", k.to_string(dwg), width, height)


# --- referee checklist -------------------------------------------------------------------------


def referee_card(loaded: LoadedSpec) -> Art:
    """The checklist card; the text size steps down until everything fits."""
    spec = loaded.production("faces", IntegerMatrixFaces).referee
    width, height = (v * 72 for v in spec.size_in)
    for size in (10.0, 9.5, 9.0, 8.5, 8.0):
        dwg, bottom = _referee(loaded, spec, width, height, size)
        if bottom <= B + height - SAFE:
            break
    return Art("referee-card", k.to_string(dwg), width, height)


def _referee(loaded: LoadedSpec, spec: RefereeCard, width: float, height: float, size: float) -> tuple[Any, float]:
    dwg = _canvas(width, height)
    y = _band(dwg, width, loaded.text(spec.title), loaded.spec.identity.title) + 22
    left = B + 16
    for n, item in enumerate(loaded.spec.referee_checklist, start=1):
        dwg.add(dwg.rect((left, y - 8.5), (9, 9), fill="none", stroke=k.INK, stroke_width=1))
        k.text(dwg, dwg, left + 14, y, f"{n}.", size, bold=True, anchor="start")
        y = k.paragraph(dwg, dwg, left + 29, y, loaded.text(item), width - 32 - 29, size) + size * 0.45
    y += 5
    k.text(dwg, dwg, left, y, loaded.text(spec.rulings), size, bold=True, anchor="start")
    y += size * 1.4
    for rul in loaded.spec.classroom.quick_rulings:
        y = k.paragraph(dwg, dwg, left, y, f"{loaded.text(rul.issue)}: {loaded.text(rul.resolution)}", width - 32, max(8.0, size - 1)) + 3
    return dwg, y - size

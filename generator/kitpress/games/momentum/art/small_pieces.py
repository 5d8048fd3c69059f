"""Momentum's small pieces: punch-out marble tokens, the round tracker, the player reference card and the
referee's checklist card."""

from __future__ import annotations

from typing import Any

from kitpress.games.momentum.art.marks import line_arrow, marble, symbol
from kitpress.games.momentum.cells import DIRECTIONS
from kitpress.games.momentum.production import MomentumFaces
from kitpress.games.momentum.rules import Symbol
from kitpress.pieces import BLEED, SAFE_ZONE, Art, mm
from kitpress.render import cut
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

B = BLEED
SAFE = SAFE_ZONE
HEADER = "#263238"


def _disc(name: str, diameter: float, colour: str, kind: Symbol, fits: str) -> Art:
    """A round token: its colour stops at the cut, ringed in ink on a light bleed (render.cut), so the edge
    a child cuts along is the token's true size; the symbol fills the middle."""
    full = diameter + 2 * B
    dwg = k.drawing(full, full)
    c = cut.round_piece(dwg, diameter, colour)
    symbol(dwg, dwg, kind, c, c, diameter * 0.36, colour)
    return Art(name, k.to_string(dwg), diameter, diameter, shape="circle", fits=fits)


def marble_tokens(loaded: LoadedSpec) -> list[Art]:
    """Every seat the spec allows, each with a full set of marbles."""
    cfg = loaded.engine.config
    diameter = mm(loaded.production("faces", MomentumFaces).marble_diameter_mm)
    out: list[Art] = []
    for seat in cfg.seats[: cfg.players.max]:
        art = _disc(f"marble-{seat.id}", diameter, seat.colour, seat.symbol, "marble")
        out += [art] * cfg.marbles
    return out


def tracker_token(loaded: LoadedSpec) -> Art:
    face = loaded.production("faces", MomentumFaces).tracker
    return _disc("round-tracker", mm(face.diameter_mm), face.colour, face.symbol, "round-tracker")


def _card(width: float, height: float, title: str, subtitle: str) -> tuple[Any, float]:
    """A white card with a dark title band running off the top edge; returns the drawing and the next y."""
    dwg = k.drawing(width + 2 * B, height + 2 * B)
    dwg.add(dwg.rect((0, 0), (width + 2 * B, height + 2 * B), fill=k.PAPER))
    band = 50.0 if subtitle else 38.0
    dwg.add(dwg.rect((0, 0), (width + 2 * B, B + band), fill=HEADER))
    k.text(dwg, dwg, B + width / 2, B + 25, title, k.fit_size(title, width - 2 * SAFE, 14, bold=True), bold=True, fill=k.PAPER)
    if subtitle:
        k.text(dwg, dwg, B + width / 2, B + 41, subtitle, 10, fill=k.PAPER)
    return dwg, B + band + 18


def reference_card(loaded: LoadedSpec) -> Art:
    """The player reference table, then the eight directions of momentum beside the marble symbols."""
    size = loaded.spec.production.stock.card_size_mm
    assert size is not None, "production.check requires it"
    width, height = (mm(v) for v in size)
    faces = loaded.production("faces", MomentumFaces)
    dwg, y = _card(width, height, loaded.text(faces.reference_title), "")
    left, inner = B + SAFE + 3, width - 2 * (SAFE + 3)
    rows = _reference_rows(loaded)
    first = min(max((k.fonts.text_width(a, 8.5, "bold") for a, _ in rows), default=0.0), inner * 0.34) + 6
    for head, body in rows:
        end_head = k.paragraph(dwg, dwg, left, y, head, first - 6, 8.5, bold=True, leading=1.2)
        end_body = k.paragraph(dwg, dwg, left + first, y, body, inner - first, 8.5, leading=1.2)
        y = max(end_head, end_body) + 1
        dwg.add(dwg.line((left, y - 6), (left + inner, y - 6), stroke="#cfd8dc", stroke_width=0.6))
        y += 5
    bottom = B + height - SAFE
    top = bottom - 78
    if y - 8 > top:
        # the table's length is known only once set in type: an input error at its line, not a fault
        raise loaded.problem("player_reference", f"the table and the directions need {y - 8 - top:.0f} pt more than the reference card has")
    _directions(dwg, loaded, left, top, inner * 0.52)
    _legend(dwg, loaded, left + inner * 0.58, top, bottom)
    return Art("player-reference", k.to_string(dwg), width, height)


def _reference_rows(loaded: LoadedSpec) -> list[tuple[str, str]]:
    """The player_reference table as (step, what to do): its first cell in bold, the others after it. The
    spec's table may have any number of columns, or none at all (then the card has only the directions)."""
    table = loaded.spec.player_reference.table
    rows = [[loaded.text(cell) for cell in row] for row in (table.rows if table else [])]
    return [(row[0], " — ".join(row[1:])) for row in rows if row]


def _directions(dwg: Any, loaded: LoadedSpec, left: float, top: float, width: float) -> None:
    """A dropped marble in the middle of a 3 × 3 patch, with the eight arrows of its momentum."""
    seat = loaded.engine.config.seats[0].model_dump()
    title = loaded.text(loaded.production("faces", MomentumFaces).directions_title)
    k.text(dwg, dwg, left + width / 2, top + 8, title, k.fit_size(title, width, 8.5, bold=True), bold=True)
    cell = 21.0
    cx, cy = left + width / 2, top + 14 + 1.5 * cell
    x0, y0 = cx - 1.5 * cell, cy - 1.5 * cell
    for i in range(4):
        dwg.add(dwg.line((x0 + i * cell, y0), (x0 + i * cell, y0 + 3 * cell), stroke="#b0bec5", stroke_width=0.6))
        dwg.add(dwg.line((x0, y0 + i * cell), (x0 + 3 * cell, y0 + i * cell), stroke="#b0bec5", stroke_width=0.6))
    for _, dx, dy in DIRECTIONS:  # the engine's eight; its y counts up the board, the drawing's down
        dwg.add(line_arrow(dwg, cx + dx * 9, cy - dy * 9, cx + dx * cell * 1.3, cy - dy * cell * 1.3, 3, fill=k.INK))
    marble(dwg, dwg, seat, cx, cy, 7.5)


def _legend(dwg: Any, loaded: LoadedSpec, left: float, top: float, bottom: float) -> None:
    """One marble per seat with its name, and the round tracker, so a grey print says whose is whose."""
    faces = loaded.production("faces", MomentumFaces)
    cfg = loaded.engine.config
    k.text(dwg, dwg, left, top + 8, loaded.text(faces.marbles_title), 8.5, bold=True, anchor="start")
    entries = [(s.colour, s.symbol, s.name) for s in cfg.seats[: cfg.players.max]]
    entries.append((faces.tracker.colour, faces.tracker.symbol, loaded.text(faces.tracker.label)))
    step = min(17.0, (bottom - top - 14) / len(entries))
    y = top + 14 + step / 2
    for colour, kind, name in entries:
        dwg.add(dwg.circle((left + 6.5, y), 6.5, fill=colour, stroke=k.INK, stroke_width=0.8))
        symbol(dwg, dwg, kind, left + 6.5, y, 3.8, colour)
        k.text(dwg, dwg, left + 17, y + 3, name, 8.5, anchor="start")
        y += step


def referee_card(loaded: LoadedSpec) -> Art:
    """The student referee's checklist and the quick rulings on a card, as Momentum Game! has it."""
    faces = loaded.production("faces", MomentumFaces)
    width, height = (mm(v) for v in faces.referee_card_mm)
    dwg, y = _card(width, height, loaded.text(faces.referee_title).upper(), loaded.spec.identity.title)
    left = B + 20
    for line in k.wrap(loaded.text(loaded.spec.classroom.student_referee), width - 40, 8.5):
        k.text(dwg, dwg, left, y, line, 8.5, anchor="start", italic=True, fill="#455a64")
        y += 10.5
    y += 6 if loaded.spec.classroom.student_referee else 0
    for n, item in enumerate(loaded.spec.referee_checklist, start=1):
        dwg.add(dwg.rect((left, y - 9), (10, 10), fill="none", stroke=k.INK, stroke_width=1.1))
        k.text(dwg, dwg, left + 16, y, f"{n}.", 9.5, bold=True, anchor="start")
        y = k.paragraph(dwg, dwg, left + 30, y, loaded.text(item), width - 40 - 30, 9.5) + 5
    y += 4
    k.text(dwg, dwg, left, y, loaded.text(faces.rulings_title).upper(), 9.5, bold=True, anchor="start")
    y += 13
    for rul in loaded.spec.classroom.quick_rulings:
        y = k.paragraph(dwg, dwg, left, y, f"{loaded.text(rul.issue)}: {loaded.text(rul.resolution)}", width - 40, 8.5) + 4
    ink_bottom = y - 4 - 8.5 * 1.25 + 2.5  # the last line's descenders
    if ink_bottom > B + height - SAFE:
        raise loaded.problem("referee_checklist", f"the card runs {ink_bottom - (B + height - SAFE):.0f} pt past its safe zone")
    return Art("referee-card", k.to_string(dwg), width, height)

